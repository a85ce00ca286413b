#!/bin/sh
# The main job: install, build, run redu-bench on the default device (the GPU when there is
# one, else host fallback). Table on stdout, CSV in results/. Extra arguments go to
# redu-bench (e.g. --quick).
set -eu
. "$(dirname "$0")/common.sh"
if has_gpu; then
  "$root/scripts/setup.sh" --cuda
  configure_build "$root/build-gpu" nvptx
  mkdir -p "$root/results"
  exec "$root/build-gpu/bench/redu-bench" --csv "$root/results/redu-bench-gpu.csv" "$@"
fi
"$root/scripts/setup.sh"
configure_build "$root/build" host-offload -DREDU_BUILD_CUB_REFERENCE=OFF
mkdir -p "$root/results"
echo "redu-bench: no NVIDIA GPU here: host fallback (OMP_TARGET_OFFLOAD=DISABLED)" >&2
OMP_TARGET_OFFLOAD=DISABLED exec "$root/build/bench/redu-bench" \
  --csv "$root/results/redu-bench-host.csv" "$@"

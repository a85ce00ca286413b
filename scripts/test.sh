#!/bin/sh
# The whole test suite: install, then
#   1. host-offload build: CTest on the x86_64 offload plugin, then again with
#      OMP_TARGET_OFFLOAD=DISABLED (host fallback);
#   2. the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer (plain host
#      flavour: target regions run as host fallback; see docs/targets.md);
#   3. the NVIDIA sm_90 build, compiled and linked (device code that does not compile
#      never lands), and run when an NVIDIA GPU is present.
set -eu
. "$(dirname "$0")/common.sh"
"$root/scripts/setup.sh" --cuda
no_cub=-DREDU_BUILD_CUB_REFERENCE=OFF

echo "== host-offload build"
configure_build "$root/build" host-offload $no_cub
cd "$root/build"
echo "== tests on the host-offload plugin"
ctest --output-on-failure
echo "== tests under host fallback (OMP_TARGET_OFFLOAD=DISABLED)"
OMP_TARGET_OFFLOAD=DISABLED ctest --output-on-failure

echo "== ASan/UBSan build"
configure_build "$root/build-san" none -DREDU_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug $no_cub
cd "$root/build-san"
# The >2^31-element test reads 2 GiB byte by byte: too slow under the sanitizers.
ASAN_OPTIONS=detect_leaks=0 ctest --output-on-failure -LE large

echo "== NVIDIA sm_90 build (compile and link)"
configure_build "$root/build-gpu" nvptx -DREDU_BUILD_BENCH=OFF
if has_gpu; then
  echo "== tests on the GPU"
  cd "$root/build-gpu"
  ctest --output-on-failure
fi
echo "== all test stages passed"

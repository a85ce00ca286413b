#!/bin/sh
# The whole test suite: install, then
#   1. host-offload build: CTest on the x86_64 offload plugin, then again with
#      OMP_TARGET_OFFLOAD=DISABLED (host fallback);
#   2. the same suite with AddressSanitizer + UndefinedBehaviorSanitizer on host code (the
#      offload image itself is not instrumented; see docs/targets.md), in both host modes;
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
configure_build "$root/build-san" host-offload -DREDU_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug $no_cub
cd "$root/build-san"
# libomp/libomptarget keep allocations to process exit: leak checking would only see
# theirs. The >2^31-element test is covered by the other two runs.
export ASAN_OPTIONS=detect_leaks=0
ctest --output-on-failure -LE large
OMP_TARGET_OFFLOAD=DISABLED ctest --output-on-failure -LE large
unset ASAN_OPTIONS

echo "== NVIDIA sm_90 build (compile and link)"
configure_build "$root/build-gpu" nvptx -DREDU_BUILD_BENCH=OFF
if has_gpu; then
  echo "== tests on the GPU"
  cd "$root/build-gpu"
  ctest --output-on-failure
fi
echo "== all test stages passed"

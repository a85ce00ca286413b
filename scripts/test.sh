#!/bin/sh
# The whole test suite: install, then
#   1. host-offload build: CTest on the x86_64 offload plugin, then again with
#      OMP_TARGET_OFFLOAD=DISABLED (host fallback);
#   2. the same suite with AddressSanitizer + UndefinedBehaviorSanitizer on host code (the
#      offload image itself is not instrumented; see docs/targets.md), in both host modes;
#   3. the libFuzzer harness over the public API (tests/fuzz), 30 s in each host mode;
#   4. the NVIDIA sm_90 build, compiled and linked (device code that does not compile
#      never lands), its codegen check (tests/check_codegen.sh), and run when an NVIDIA
#      GPU is present;
#   5. the clean root: a fresh Debian 12 (debootstrap minbase) runs setup.sh, stages 1, 2, 4
#      and the main command (scripts/clean-root.sh), so no package this machine happens to
#      have can hide one missing from setup.sh.
# REDU_TEST_SKIP="san fuzz clean-root" leaves out stages 2, 3 and/or 5 (clean-root.sh sets
# "clean-root fuzz" for the run inside the root: no recursion, and the fuzzer needs no
# package the ASan stage does not; "san" too with clean-root.sh --no-san).
set -eu
. "$(dirname "$0")/common.sh"
skipped() { case " ${REDU_TEST_SKIP:-} " in *" $1 "*) return 0 ;; esac; return 1; }
"$root/scripts/setup.sh" --cuda
no_cub=-DREDU_BUILD_CUB_REFERENCE=OFF

echo "== host-offload build"
configure_build "$root/build" host-offload $no_cub
cd "$root/build"
echo "== tests on the host-offload plugin"
ctest --output-on-failure
echo "== tests under host fallback (OMP_TARGET_OFFLOAD=DISABLED)"
OMP_TARGET_OFFLOAD=DISABLED ctest --output-on-failure

if skipped san; then
  echo "== ASan/UBSan build: skipped (REDU_TEST_SKIP)"
else
  echo "== ASan/UBSan build"
  configure_build "$root/build-san" host-offload -DREDU_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug $no_cub
  cd "$root/build-san"
  # libomp/libomptarget keep allocations to process exit: leak checking would only see
  # theirs. The >2^31-element test is covered by the other two runs.
  export ASAN_OPTIONS=detect_leaks=0
  ctest --output-on-failure -LE large
  OMP_TARGET_OFFLOAD=DISABLED ctest --output-on-failure -LE large
  unset ASAN_OPTIONS
fi

if skipped fuzz; then
  echo "== libFuzzer harness: skipped (REDU_TEST_SKIP)"
else
  echo "== libFuzzer harness (tests/fuzz): 30 s on the host-offload plugin, 30 s under host fallback"
  configure_build "$root/build-fuzz" host-offload -DREDU_FUZZ=ON -DREDU_BUILD_BENCH=OFF $no_cub
  (cd "$root/build-fuzz" && ctest --output-on-failure -L fuzz)
fi

echo "== NVIDIA sm_90 build (compile and link)"
configure_build "$root/build-gpu" nvptx -DREDU_BUILD_BENCH=OFF
echo "== NVIDIA codegen check: no globalized locals, every kernel SPMD, OpenMPOpt disabled"
(cd "$root/build-gpu" && ctest --output-on-failure -L codegen)
if has_gpu; then
  echo "== tests on the GPU"
  cd "$root/build-gpu"
  ctest --output-on-failure
fi

# --- Stage 4: the clean root ("trust first") ---------------------------------------------
# This machine has packages a fresh Debian 12 lacks; a build here proves nothing about
# setup.sh's list. clean-root.sh builds and tests this working tree (--worktree: the code the
# stages above just tested) in a debootstrap minbase root with only what setup.sh installs,
# then runs the main command there. Its base root and .debs are cached outside the repo
# (/var/cache/libredu-clean-root); on 2 cores a run takes about 5 minutes with that cache,
# 6-7 without.
if skipped clean-root; then
  echo "== clean root: skipped (REDU_TEST_SKIP)"
else
  echo "== clean root: fresh Debian 12, setup.sh, build, tests, main command"
  "$root/scripts/clean-root.sh" --worktree
fi
echo "== all test stages passed"

#!/bin/sh
# The whole test suite: install, then
#   1. host-offload build: CTest on the x86_64 offload plugin, then again with
#      OMP_TARGET_OFFLOAD=DISABLED (host fallback);
#   2. the same suite with AddressSanitizer + UndefinedBehaviorSanitizer on host code (the
#      offload image itself is not instrumented; see docs/targets.md), in both host modes,
#      without the forced-plan repeats (label plan: the same tests under other team counts,
#      which stage 1 runs; under the sanitizers the host code differs only in the numbers
#      it plans with) and without the >2^31-element tests (label large), so that the whole
#      CI run stays under 30 minutes on 2 cores;
#   3. the libFuzzer harness over the public API (tests/fuzz), 30 s in each host mode;
#   4. the NVIDIA sm_90 build, compiled and linked (device code that does not compile
#      never lands), its codegen check (tests/check_codegen.sh), and run when an NVIDIA
#      GPU is present;
#   5. the clean root: a fresh Debian 12 (debootstrap minbase) runs setup.sh, stages 1-4
#      and the main command (scripts/clean-root.sh), so no package this machine happens to
#      have can hide one missing from setup.sh.
# Stages 1-4 run once: inside the clean root when stage 5 runs (CI: the suite fits in 30
# minutes only once), on this machine when it is skipped or when this machine has an
# NVIDIA GPU (the root cannot run it; the root then repeats stages 1-4 without it).
# REDU_TEST_SKIP="san fuzz clean-root" leaves out stages 2, 3 and/or 5 (clean-root.sh sets
# "clean-root" for the run inside the root: no recursion; "san" too with --no-san).
# CTest runs one test at a time: each runs OpenMP threads on every core (host-offload and
# host fallback both), so -j 2 on a 2-core machine made each host stage slower (clean-root
# runs: 183 and 195 s with -j 2, 2026-11-25; 147 and 124 s one at a time the day before,
# with the MPI and multi-device tests, about 20 s, not yet there).
set -eu
. "$(dirname "$0")/common.sh"
skipped() { case " ${REDU_TEST_SKIP:-} " in *" $1 "*) return 0 ;; esac; return 1; }
if ! skipped clean-root && ! has_gpu; then
  echo "== clean root: fresh Debian 12, setup.sh, then every stage inside it"
  exec "$root/scripts/clean-root.sh" --worktree
fi
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
  ctest --output-on-failure -LE "large|plan"
  OMP_TARGET_OFFLOAD=DISABLED ctest --output-on-failure -LE "large|plan"
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

# --- Stage 5: the clean root ("trust first") ---------------------------------------------
# This machine has packages a fresh Debian 12 lacks; a build here proves nothing about
# setup.sh's list. clean-root.sh builds and tests this working tree (--worktree: the code the
# stages above just tested) in a debootstrap minbase root with only what setup.sh installs,
# then runs the main command there. Its base root and .debs are cached outside the repo
# (/var/cache/libredu-clean-root). Reached here only on a machine with a GPU (see the top).
if skipped clean-root; then
  echo "== clean root: skipped (REDU_TEST_SKIP)"
else
  echo "== clean root: fresh Debian 12, setup.sh, build, tests, main command"
  "$root/scripts/clean-root.sh" --worktree
fi
echo "== all test stages passed"

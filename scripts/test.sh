#!/bin/sh
# The whole test suite. Each stage runs once, in one place (its home), and prints its time:
#   host   host-offload build: CTest on the x86_64 offload plugin, then again with
#          OMP_TARGET_OFFLOAD=DISABLED (host fallback)                    home: the clean root
#   main   the main command, scripts/run-main.sh --quick (its CSV must appear)
#                                                                          home: the clean root
#   san    the suite built with AddressSanitizer + UndefinedBehaviorSanitizer on host code
#          (the offload image itself is not instrumented; docs/targets.md), in both host
#          modes, without the forced-plan repeats (label plan: the same tests under other
#          team counts, which stage host runs; under the sanitizers the host code differs only
#          in the numbers it plans with), the >2^31-element tests (label large) and the
#          benchmark (label bench, run by stage main)                      home: this machine
#   fuzz   the libFuzzer harness over the public API (tests/fuzz), 30 s in each host mode;
#          only its own target is built                                    home: this machine
#   nvptx  the NVIDIA sm_90 build, compiled and linked (device code that does not compile
#          never lands), its codegen check (tests/check_codegen.sh), and the suite on the GPU
#          when an NVIDIA GPU is present                                   home: this machine
#   clean-root  a fresh Debian 12 (debootstrap minbase) runs setup.sh --cuda, then stages host
#          and main (scripts/clean-root.sh), so no package this machine happens to have can
#          hide one missing from setup.sh.
# Where the clean root cannot be made (not root, or no private mount namespace: an
# unprivileged container), host and main run on this machine instead and the clean-root
# stage says why it was skipped. REDU_TEST_SKIP="host main san fuzz nvptx clean-root" (any of
# them) leaves stages out; without clean-root, host and main run here. clean-root.sh skips
# "san fuzz nvptx clean-root" inside the root.
# CTest runs one test at a time: each runs OpenMP threads on every core (host-offload and
# host fallback both), so -j 2 on a 2-core machine made each host stage slower (clean-root
# runs: 183 and 195 s with -j 2, 2026-11-25; 147 and 124 s one at a time the day before,
# with the MPI and multi-device tests, about 20 s, not yet there).
set -eu
. "$(dirname "$0")/common.sh"
skipped() { case " ${REDU_TEST_SKIP:-} " in *" $1 "*) return 0 ;; esac; return 1; }
no_cub=-DREDU_BUILD_CUB_REFERENCE=OFF
summary=""

# run_stage NAME: runs stage_NAME (unless REDU_TEST_SKIP names it) and prints its time.
run_stage() {
  if skipped "$1"; then
    echo "== stage $1: skipped (REDU_TEST_SKIP)"
    summary="$summary
   $1: skipped (REDU_TEST_SKIP)"
    return 0
  fi
  t0=$(date +%s)
  echo "== stage $1"
  "stage_$(echo "$1" | tr - _)"
  echo "== stage $1: $(($(date +%s) - t0)) s"
  summary="$summary
   $1: $(($(date +%s) - t0)) s"
}

stage_host() {
  echo "== host-offload build"
  configure_build "$root/build" host-offload $no_cub
  cd "$root/build"
  echo "== tests on the host-offload plugin"
  ctest --output-on-failure
  echo "== tests under host fallback (OMP_TARGET_OFFLOAD=DISABLED)"
  OMP_TARGET_OFFLOAD=DISABLED ctest --output-on-failure
  cd "$root"
}

stage_main() {
  # Its own output directory is results/; the table goes to the log.
  rm -f "$root/results/redu-bench-host.csv" "$root/results/redu-bench-gpu.csv"
  "$root/scripts/run-main.sh" --quick
  test -s "$root/results/redu-bench-host.csv" || test -s "$root/results/redu-bench-gpu.csv" ||
    { echo "run-main.sh wrote no results/redu-bench-*.csv" >&2; return 1; }
}

stage_san() {
  configure_build "$root/build-san" host-offload -DREDU_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug \
    -DREDU_BUILD_BENCH=OFF $no_cub
  cd "$root/build-san"
  # libomp/libomptarget keep allocations to process exit: leak checking would only see
  # theirs. The >2^31-element test is covered by stage host.
  # allocator_may_return_null: a test asks for more device memory than exists (host arrays
  # of 2^61 bytes) and checks REDU_ERR_OUT_OF_MEMORY; ASan would abort on the host plugin's
  # malloc instead of returning NULL as the allocator does without it.
  asan=detect_leaks=0:allocator_may_return_null=1
  ASAN_OPTIONS=$asan ctest --output-on-failure -LE "large|plan"
  ASAN_OPTIONS=$asan OMP_TARGET_OFFLOAD=DISABLED ctest --output-on-failure -LE "large|plan"
  cd "$root"
}

stage_fuzz() {
  echo "== libFuzzer harness (tests/fuzz): 30 s on the host-offload plugin, 30 s under host fallback"
  CC=clang-19 cmake -S "$root" -B "$root/build-fuzz" -DREDU_OFFLOAD=host-offload -DREDU_FUZZ=ON \
    -DREDU_BUILD_BENCH=OFF $no_cub >/dev/null
  # The harness and its instrumented copy of libredu only: the suite is stage host's.
  cmake --build "$root/build-fuzz" -j "$jobs" --target fuzz_redu
  (cd "$root/build-fuzz" && ctest --output-on-failure -L fuzz)
}

stage_nvptx() {
  echo "== NVIDIA sm_90 build (compile and link)"
  configure_build "$root/build-gpu" nvptx -DREDU_BUILD_BENCH=OFF
  echo "== NVIDIA codegen check: no globalized locals, every kernel SPMD, OpenMPOpt disabled"
  (cd "$root/build-gpu" && ctest --output-on-failure -L codegen)
  if has_gpu; then
    echo "== tests on the GPU"
    (cd "$root/build-gpu" && ctest --output-on-failure)
  fi
}

# This machine has packages a fresh Debian 12 lacks; a build here proves nothing about
# setup.sh's list. clean-root.sh builds and tests this working tree (--worktree: the code the
# other stages test) in a debootstrap minbase root with only what setup.sh installs. Its
# base root and .debs are cached outside the repo (/var/cache/libredu-clean-root).
stage_clean_root() { "$root/scripts/clean-root.sh" --worktree; }

# Why the clean root cannot be made here (empty: it can). Cheap: no debootstrap yet.
clean_root_blocker() {
  if [ -e /etc/libredu-clean-root ]; then
    echo "already inside a clean root"
  elif [ "$(id -u)" != 0 ]; then
    echo "not root (debootstrap, mount and chroot need root)"
  elif ! unshare --mount --propagation private true 2>/dev/null; then
    echo "cannot make a private mount namespace (unshare --mount fails: needs CAP_SYS_ADMIN, which an unprivileged container lacks)"
  fi
}

start=$(date +%s)
"$root/scripts/setup.sh" --cuda
if skipped clean-root; then
  run_stage clean-root
  run_stage host
  run_stage main
else
  why=$(clean_root_blocker)
  if [ -n "$why" ]; then
    echo "== stage clean-root: skipped: $why; stages host and main run on this machine instead"
    summary="$summary
   clean-root: skipped ($why)"
    run_stage host
    run_stage main
  else
    # Stages host and main run inside it.
    run_stage clean-root
  fi
fi
run_stage san
run_stage fuzz
run_stage nvptx
echo "== stage times:$summary"
echo "== every stage that ran passed ($(($(date +%s) - start)) s)"

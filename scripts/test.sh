#!/bin/sh
# The whole test suite. Each stage runs once, in one place (its home), and prints its time
# (wall seconds, and CPU seconds of its processes: on a shared machine only the second is
# its own):
#   host   host-offload build: CTest on the x86_64 offload plugin, then again with
#          OMP_TARGET_OFFLOAD=DISABLED (host fallback) but for labels once (checks of the
#          sources, the build and the installation, whose outcome no device changes: they
#          run once, on the plugin pass, two at a time) and plan (the forced-plan repeats:
#          the plugin pass runs them)                              home: the clean root
#   main   the main command, scripts/run-main.sh --quick (its CSV must appear); the build
#          is stage host's                                         home: the clean root
#   san    the suite built with AddressSanitizer + UndefinedBehaviorSanitizer on host code
#          at -O1 (the offload image itself is not instrumented; docs/targets.md), in both
#          host modes (label kernels, whose kernels the plugin runs uninstrumented, under
#          host fallback only), without the forced-plan repeats (label plan: the same tests under
#          other team counts, which stage host runs; under the sanitizers the host code
#          differs only in the numbers it plans with), the >2^31-element and stress tests
#          (label large; the stress matrix is not built), label once and the benchmark
#          (stage host's); the heaviest matrices sparser (tests/CMakeLists.txt,
#          REDU_SAN_SPARSE); its tree also builds stage fuzz's harness
#                   home: the clang 22 root (stage llvm22), else this machine
#   fuzz   the libFuzzer harness over the public API (tests/fuzz), 20 s in each host mode,
#          from stage san's tree (the harness links that tree's libredu, which the fuzz
#          option also instruments for libFuzzer's coverage; -O1 as libFuzzer's documentation
#          builds)
#                   home: the clang 22 root (stage llvm22), else this machine
#   objects  with a second compiler (REDU_LLVM=22): every library source and each form of
#          stamped user kernel compiled for sm_90 to device objects, not linked (Debian's
#          clang 22 has no NVPTX device runtime; tests/check_device_objects.sh)
#                                       home: the clang 22 root
#   nvptx  the NVIDIA sm_90 build, compiled and linked (device code that does not compile
#          never lands), with its codegen check (tests/check_codegen.sh) running beside it,
#          and the suite on the GPU when an NVIDIA GPU is present; the whole stage runs
#          beside the others at low priority, on the CPU time they leave idle (see below);
#          without a GPU it builds the library and the examples, not the tests and the
#          stress matrix (the codegen check compiles their kernels)  home: this machine
#   amdgcn  only with REDU_TEST_AMD=1: the AMD build for gfx90a and gfx942 (library, tests,
#          examples, redu-bench) against Debian's ROCm device libraries (setup.sh --amd);
#          no AMD GPU runs it. Not in CI: clang 19 compiles each AMD image's device code
#          whole at link time, and libredu.so's link ran past CI's whole budget
#          (docs/targets.md)                                       home: this machine
#   clean-root  a fresh Debian 12 (debootstrap minbase) runs setup.sh --cuda, then stages host
#          and main (scripts/clean-root.sh), so no package this machine happens to have can
#          hide one missing from setup.sh.
#   llvm22  a second fresh Debian 12 root with clang 22 in place of clang 19 (setup.sh
#          --cuda --llvm 22; Debian's libomp-19-dev and libomp-22-dev conflict) runs stages
#          san, fuzz and objects built by clang 22 (scripts/clean-root.sh --llvm 22); where
#          it is skipped (REDU_TEST_SKIP=llvm22, or no root can be made), san and fuzz run
#          here with clang 19.
# Where a clean root cannot be made (not root, or no private mount namespace: an
# unprivileged container), host, main, san and fuzz run on this machine with clang 19 and
# stages clean-root and llvm22 say why they were skipped. REDU_TEST_SKIP="host main san fuzz
# nvptx clean-root llvm22" (any of them) leaves stages out; without clean-root, host and main
# run here; without llvm22, san and fuzz. REDU_LLVM=22 builds with clang-22 (what the llvm22
# root sets).
# Where the time goes, in CPU seconds (per compiled object, through a compiler launcher that
# logs /usr/bin/time; the machine is shared, so wall times of single pieces mean little):
#   host-offload build, every target  342: libredu 135 (its three stamped files 128),
#                                     test_region 37, test_udr 25, stress TUs 29, links 33
#   sm_90 build                       617: libredu 200, test_udr 118 (OpenMPOpt's CGSCC pass
#                                     is 32 of its 59 s of device passes), stress TUs 119
#                                     (stress_b 79), test_region 59, links 33; the tests and
#                                     stress TUs only where a GPU runs them
#   codegen check                     about 170, one file at a time
#   san tree (-O1)                    399 for the suite and the fuzz harness (a second
#                                     instrumented libredu for the harness cost 254 more)
#   san, host-fallback pass           78 at -O1; test_udr alone 16.5 at -O1, 141 at -O0
#   san CTest, wall (2026-11-27)      13 s on the plugin (label kernels left out there),
#                                     89 s under host fallback (176 s with test_bins,
#                                     test_scan and test_segmented whole, and libredu's
#                                     kernels coverage-instrumented for the fuzzer; 2026-11-26
#                                     113 s)
#   label once                        34 per pass (compilers and scripts)
#   fuzz                              40 s of fuzzing, 2 x 20
# In the clean root (2026-11-25): the root ready in 5 s from the cached base (building that
# base, once a month, 56 s), setup.sh --cuda 68 s, CTest 137 s on the plugin and 102 s under
# host fallback (test_large 24 + 18, test_segmented's forced plans 30 + 15, label once about
# 38, now in the plugin pass only, as the forced plans are), main 12 s. The clang 22 root on
# a quiet machine (2026-11-27): 664 s, setup.sh --llvm 22 46 s, san 363, fuzz 63, objects 187.
# A whole run on this machine (CI on a clean clone, 2026-12-05): 1550 s and 2921 CPU s,
# clean-root 865 s (CTest 289 s on the plugin, 154 s under host fallback), llvm22 678 s (san
# 406, fuzz 44, objects 146), nvptx 901 s beside them; the suite before two forced plans
# instead of three, 2 x 20 s of fuzzing instead of 2 x 30 and test_exact at 2^16 under the
# sanitizers: 1638 s and 3082 CPU s (CTest 323 + 157 s, san 435, fuzz 64). The machine is
# CPU-bound (both cores busy about 95% of the run): only less CPU work makes it shorter.
# CTest runs one test at a time: each runs OpenMP threads on every core (host-offload and
# host fallback both), so -j 2 on a 2-core machine made each host stage slower (clean-root
# runs: 183 and 195 s with -j 2, 2026-11-25; 147 and 124 s one at a time the day before,
# with the MPI and multi-device tests, about 20 s, not yet there).
set -eu
. "$(dirname "$0")/common.sh"
skipped() { case " ${REDU_TEST_SKIP:-} " in *" $1 "*) return 0 ;; esac; return 1; }
no_cub=-DREDU_BUILD_CUB_REFERENCE=OFF
summary=""

# cpu_now: sets cpu to the CPU seconds of this shell's finished children (the stages' builds
# and tests), from `times` (its second line). Not a command substitution: there `times`
# would run in a subshell, whose children's times start at zero.
cpu_now() {
  times >"$times_file"
  cpu=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/)
                       printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$times_file")
}

# run_stage NAME: runs stage_NAME (unless REDU_TEST_SKIP names it) and prints its time: wall
# seconds, and CPU seconds of its processes (on a shared machine the wall time also counts
# other people's work; the CPU time does not).
run_stage() {
  if skipped "$1"; then
    echo "== stage $1: skipped (REDU_TEST_SKIP)"
    summary="$summary
   $1: skipped (REDU_TEST_SKIP)"
    return 0
  fi
  t0=$(date +%s)
  cpu_now
  c0=$cpu
  echo "== stage $1"
  "stage_$(echo "$1" | tr - _)"
  cpu_now
  took="$(($(date +%s) - t0)) s (CPU $((cpu - c0)) s)"
  echo "== stage $1: $took"
  summary="$summary
   $1: $took"
}

stage_host() {
  echo "== host-offload build"
  configure_build "$root/build" host-offload $no_cub
  cd "$root/build"
  echo "== tests on the host-offload plugin"
  # One at a time: each runs OpenMP threads on every core. The label once (checks of the
  # sources, the build and the installation: compilers and scripts, one core each) runs
  # here only, side by side.
  ctest --output-on-failure -LE once
  ctest --output-on-failure -L once -j "$jobs"
  # The forced plans (label plan) ran on the plugin: a plan is the same numbers in both
  # modes, and each mode's code under the planner's own plans runs here.
  echo "== tests under host fallback (OMP_TARGET_OFFLOAD=DISABLED)"
  OMP_TARGET_OFFLOAD=DISABLED ctest --output-on-failure -LE "once|plan"
  cd "$root"
}

stage_main() {
  # Its own output directory is results/; the table goes to the log.
  rm -f "$root/results/redu-bench-host.csv" "$root/results/redu-bench-gpu.csv"
  "$root/scripts/run-main.sh" --quick
  test -s "$root/results/redu-bench-host.csv" || test -s "$root/results/redu-bench-gpu.csv" ||
    { echo "run-main.sh wrote no results/redu-bench-*.csv" >&2; return 1; }
}

# The instrumented tree, shared by stages san and fuzz: host code under ASan + UBSan, -O1
# (what the ASan and libFuzzer documentations advise: at -O0 the kernels that run as
# instrumented host code under host fallback were several times slower still), the libFuzzer
# harness (tests/fuzz) beside the suite, linked to the same libredu. The stress matrix is not
# built: no large test runs under the sanitizers.
configure_san() {
  CC=$cc cmake -S "$root" -B "$root/build-san" -DREDU_OFFLOAD=host-offload \
    -DREDU_SANITIZE=ON -DREDU_FUZZ=ON -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-g -O1" \
    -DREDU_BUILD_STRESS=OFF -DREDU_BUILD_BENCH=OFF $no_cub >/dev/null
}

stage_san() {
  configure_san
  cmake --build "$root/build-san" -j "$jobs"
  cd "$root/build-san"
  # libomp/libomptarget keep allocations to process exit: leak checking would only see
  # theirs. Stage host runs the >2^31-element and stress tests (label large), the forced
  # plans (label plan) and the checks of sources and build (label once); stage fuzz the
  # harness (label fuzz).
  # allocator_may_return_null: a test asks for more device memory than exists (host arrays
  # of 2^61 bytes) and checks REDU_ERR_OUT_OF_MEMORY; ASan would abort on the host plugin's
  # malloc instead of returning NULL as the allocator does without it.
  asan=detect_leaks=0:allocator_may_return_null=1
  # Label kernels: on the plugin their kernels run in the offload image, which is not
  # instrumented; under host fallback they run as instrumented host code, beside the same
  # host code, so they run in that pass only.
  ASAN_OPTIONS=$asan ctest --output-on-failure -LE "large|plan|once|fuzz|kernels"
  ASAN_OPTIONS=$asan OMP_TARGET_OFFLOAD=DISABLED ctest --output-on-failure -LE "large|plan|once|fuzz"
  cd "$root"
}

stage_fuzz() {
  echo "== libFuzzer harness (tests/fuzz): 20 s on the host-offload plugin, 20 s under host fallback"
  # Built by stage san (the same tree); here only when that stage was left out.
  configure_san
  cmake --build "$root/build-san" -j "$jobs" --target fuzz_redu
  (cd "$root/build-san" && ctest --output-on-failure -L fuzz)
}

stage_nvptx() {
  echo "== NVIDIA sm_90 build (compile and link) and codegen check (no globalized locals,"
  echo "   every kernel SPMD, OpenMPOpt disabled), side by side"
  # Without a GPU to run them, the tests and the stress matrix are not built, only the
  # library and the examples (an example of each form of kernel the public headers stamp into
  # a user's file): the codegen check compiles the tests' and the stress TUs' device code (to
  # optimised IR), and the build would spend about 370 of its 617 CPU seconds on them
  # (test_udr 118, stress 119, test_region 59).
  stress=OFF targets="--target redu_examples"
  if has_gpu; then stress=ON targets=""; fi
  CC=clang-19 cmake -S "$root" -B "$root/build-gpu" -DREDU_OFFLOAD=nvptx -DREDU_BUILD_BENCH=OFF \
    -DREDU_BUILD_STRESS=$stress >/dev/null
  # The check compiles the sources itself, one file at a time: beside the build it fills the
  # cores the build leaves idle (its links, its longest files at the end).
  codegen_log=$root/build-gpu/codegen.log
  (cd "$root/build-gpu" && ctest --output-on-failure -L codegen >"$codegen_log" 2>&1) &
  codegen=$!
  build=0
  # shellcheck disable=SC2086 # the targets are a list
  cmake --build "$root/build-gpu" -j "$jobs" $targets || build=$?
  check=0
  wait "$codegen" || check=$?
  cat "$codegen_log"
  [ "$build" = 0 ] && [ "$check" = 0 ] || return 1
  if has_gpu; then
    echo "== tests on the GPU"
    (cd "$root/build-gpu" && ctest --output-on-failure -LE "codegen|once")
  fi
}

# Link only: no AMD GPU here. Clang 19 links each architecture's device code whole (docs/
# targets.md), the two side by side.
stage_amdgcn() {
  configure_build "$root/build-amd" amdgcn "-DREDU_AMD_ARCH=gfx90a;gfx942" $no_cub
}

# The device code under a second compiler (REDU_LLVM, clang 22 in the llvm22 root): every
# library source and stamping user file compiled for sm_90 to device objects. Clang 19's are
# stage nvptx's build.
stage_objects() { "$root/tests/check_device_objects.sh" "$cc" "$root" "$root/.cuda-root" "$jobs"; }

# Clang 22 needs a root of its own (libomp-22-dev conflicts with clang 19's libomp-19-dev):
# stages san, fuzz and objects run there, built by clang 22 (scripts/clean-root.sh --llvm 22).
stage_llvm22() { "$root/scripts/clean-root.sh" --worktree --llvm 22; }

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

times_file=$(mktemp)
beside_log=$(mktemp)
beside_pid=""
# A failed stage ends the script: the stage beside it goes too (its running compile ends on
# its own).
trap '[ -z "$beside_pid" ] || kill "$beside_pid" 2>/dev/null
  rm -f "$times_file" "$beside_log" "$beside_log.summary" "$beside_log.times"' EXIT
start=$(date +%s)
amd=""
[ "${REDU_TEST_AMD:-0}" != 1 ] || amd=--amd
"$root/scripts/setup.sh" --cuda $amd --llvm "$llvm"

# Stage nvptx only compiles (it runs tests only on a GPU) and needs nothing of the others: it
# runs beside them at low priority (nice 10) and takes the CPU time they leave idle (the clean
# root's package installs, the tests that keep one core busy, libFuzzer's one process). Its
# output is printed when it is awaited, after the others. Its wall time overlaps theirs.
if ! skipped nvptx; then
  (
    renice -n 10 -p "$(sh -c 'echo $PPID')" >/dev/null
    summary="" times_file=$beside_log.times
    run_stage nvptx
    echo "$summary" >"$beside_log.summary"
  ) >"$beside_log" 2>&1 &
  beside_pid=$!
  echo "== stage nvptx: started beside the others (output below, when it ends)"
fi

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
# Stages san and fuzz: in the clang 22 root where roots can be made (the suite under the
# second compiler, sanitized), else here with clang 19.
why=$(clean_root_blocker)
if skipped llvm22 || [ -n "$why" ]; then
  if ! skipped llvm22; then
    echo "== stage llvm22: skipped: $why; stages san and fuzz run here with clang $llvm"
    summary="$summary
   llvm22: skipped ($why)"
    if [ "$llvm" = 19 ]; then
      echo "== stage objects: skipped: it needs clang 22, whose root cannot be made ($why)"
      summary="$summary
   objects: skipped (clang 22's root cannot be made)"
    fi
  fi
  run_stage san
  run_stage fuzz
else
  run_stage llvm22
fi
[ "$llvm" = 19 ] || run_stage objects
[ "${REDU_TEST_AMD:-0}" != 1 ] || run_stage amdgcn
if [ -n "$beside_pid" ]; then
  rc=0
  wait "$beside_pid" || rc=$?
  beside_pid=""
  cat "$beside_log"
  [ "$rc" = 0 ] || { echo "== stage nvptx: FAILED (exit $rc)" >&2; exit "$rc"; }
  summary="$summary$(cat "$beside_log.summary")"
else
  run_stage nvptx
fi
echo "== stage times:$summary"
cpu_now
echo "== every stage that ran passed ($(($(date +%s) - start)) s, CPU $cpu s)"

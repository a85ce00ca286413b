#!/bin/sh
# On a GPU machine, from the project root. Where the machine has no LLVM 19 runtime, first
# `. .gpu-rt/device-env.sh` (the folder scripts/stage-gpu-runtime.sh fills on Debian 12).
#   scripts/gpu-run.sh [BUILD_DIR] [tests|stress|sanitize|bench|all] [redu-bench args...]
# BUILD_DIR holds the executables of an nvptx build (configured with
# -DREDU_STRESS_NO_OPENMP_OPT=ON -DREDU_TEST_MODULES=ON for the stress and sanitize parts),
# flat or in its tests/ examples/ bench/ folders. CTest's paths belong to the machine that
# configured the build, so the executables run directly. Logs and CSV go to $OUT or results/.
#   tests     every test_* and example_* executable
#   stress    every stress_* executable (with and without OpenMPOpt) under the four plans
#   sanitize  compute-sanitizer memcheck over every test module through redu-dlrun, and
#             racecheck + synccheck over the udr, region and stress_a modules
#   bench     redu-bench (table on stdout, CSV in the output folder), with the arguments
#             after `bench`, e.g. --only arrays,structs,regions --repeat 3; it runs the
#             redu-bench-cub found beside it (bench/cub_reference.cu, built with nvcc)
set -u
build=${1:-.gpu-build}
what=${2:-all}
[ $# -ge 2 ] && shift 2 || shift $#
out=${OUT:-results}
mkdir -p "$out"
export LD_LIBRARY_PATH="$build${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi -L 2>/dev/null
fail=0
find_exe() { find "$build" -maxdepth 3 -type f -name "$1" -perm -u+x | sort; }
run_logged() { # NAME CMD...: runs CMD, keeps its log, prints its last lines
  name=$1
  shift
  echo "== $name"
  "$@" >"$out/$name.log" 2>&1 || { fail=1; echo "FAILED (exit $?)"; }
  tail -n 2 "$out/$name.log"
}
case $what in tests | all)
  for t in $(find_exe 'test_*') $(find_exe 'example_*'); do
    run_logged "$(basename "$t")" "$t"
  done
  echo "== test_errors env-bad (REDU_TEAMS=abc)"
  REDU_TEAMS=abc "$(find_exe test_errors | head -n 1)" env-bad || fail=1
  REDU_CUDA_SCHED=fast "$(find_exe test_errors | head -n 1)" env-bad-sched || fail=1
esac
case $what in stress | all)
  for t in $(find_exe 'stress_*'); do
    for mode in plan one odd full; do
      run_logged "$(basename "$t")-$mode" "$t" "$mode"
    done
  done
esac
case $what in sanitize | all)
  cs="timeout ${REDU_SANITIZE_TIMEOUT:-600} ${COMPUTE_SANITIZER:-/usr/local/cuda/bin/compute-sanitizer}"
  dlrun=$(find_exe redu-dlrun | head -n 1)
  # test_large (2^31 elements) would take hours under memcheck.
  for m in $(find "$build" -maxdepth 3 -name '*_module.so' ! -name '*test_large*' | sort); do
    arg=
    case $m in *stress_*) arg=plan ;; esac
    run_logged "memcheck-$(basename "$m" .so)" $cs --tool memcheck --error-exitcode 9 \
      "$dlrun" "$m" $arg
    case $m in *test_udr_* | *test_region_* | *stress_a_*)
      for tool in racecheck synccheck; do
        run_logged "$tool-$(basename "$m" .so)" $cs --tool "$tool" --error-exitcode 9 \
          "$dlrun" "$m" $arg
      done
    esac
  done
esac
case $what in bench | all)
  echo "== redu-bench"
  "$(find_exe redu-bench | head -n 1)" --csv "$out/redu-bench-gpu.csv" "$@" 2>"$out/redu-bench-gpu.err" |
    tee "$out/redu-bench-gpu.txt" || fail=1
esac
exit $fail

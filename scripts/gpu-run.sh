#!/bin/sh
# On the GPU machine, from the project root, after `. .gpu-rt/device-env.sh`:
#   scripts/gpu-run.sh [BUILD_DIR] [tests|bench|all]
# Runs the test executables of an nvptx build directly (CTest's paths belong to the
# machine that configured it) and then redu-bench; logs and CSV go to $OUT or results/.
set -u
build=${1:-.gpu-build}
what=${2:-all}
out=${OUT:-results}
mkdir -p "$out"
export LD_LIBRARY_PATH="$build${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi -L 2>/dev/null
fail=0
if [ "$what" != bench ]; then
  for t in "$build"/tests/test_* "$build"/examples/example_*; do
    [ -x "$t" ] || continue
    echo "== $t"
    "$t" >"$out/$(basename "$t").log" 2>&1 || fail=1
    tail -n 3 "$out/$(basename "$t").log"
  done
  echo "== test_errors env-bad (REDU_TEAMS=abc)"
  REDU_TEAMS=abc "$build"/tests/test_errors env-bad || fail=1
fi
if [ "$what" != tests ]; then
  echo "== redu-bench"
  "$build"/bench/redu-bench --csv "$out/redu-bench-gpu.csv" 2>"$out/redu-bench-gpu.err" |
    tee "$out/redu-bench-gpu.txt" || fail=1
fi
exit $fail

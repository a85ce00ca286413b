#!/bin/sh
# Session 13, run 29: the region loop counted (REDU__LOOP_: unrolled copies without exit
# tests between them). The suite and stress on this build; redu-bench --only regions at 2^27,
# new build (A) against the run-28 binary (B, exp/redu-bench-old), A B A B.
set -u
. .gpu-rt/device-env.sh
cd .gpu-pack && tar -xJf bin.tar.xz && tar -xJf exp.tar.xz && cd ..
B=.gpu-pack/bin
E=.gpu-pack/exp
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p $OUT/tests
start=$(date +%s)
OUT=$OUT/tests sh scripts/gpu-run.sh $B tests > $OUT/gpu-run-tests.txt 2>&1; echo "tests rc=$? in $(( $(date +%s) - start )) s" >> $OUT/gpu-run-tests.txt
grep -E "FAILED|rc=" $OUT/gpu-run-tests.txt; echo "passing summaries: $(grep -c ' 0 failed' $OUT/gpu-run-tests.txt)"
grep -A2 -E "== (test_region|test_region_exact|test_multi)$" $OUT/gpu-run-tests.txt
for p in 1x32 7x96 300x512 2112x128; do
  REDU_TEAMS=${p%x*} REDU_THREADS=${p#*x} $B/test_region > $OUT/tests/region-$p.log 2>&1; echo "test_region $p rc=$? $(tail -n1 $OUT/tests/region-$p.log)"
done
OUT=$OUT/tests sh scripts/gpu-run.sh $B stress > $OUT/gpu-run-stress.txt 2>&1; echo "stress rc=$?"; grep -c " 0 failed" $OUT/gpu-run-stress.txt
for v in A B A B; do
  exe=$B/redu-bench; [ $v = B ] && exe=$E/redu-bench-old
  echo "== $v"
  $exe --only regions --max-log2 27 --no-cub --csv $OUT/regions-$v.csv 2>/dev/null | grep -E "^(dot|region-sum|sum\+max|array-sum|exact-sum|exact-dot) |^case"
done
tar -cJf $OUT/logs.tar.xz -C $OUT tests

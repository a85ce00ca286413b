#!/bin/sh
# Run 23: final library of session 11 (pairwise fold of 2-element words for arg ops only) on
# the H100: the suite, stress, test_ops under four plans, then A/B against e77806e (a.tar.xz)
# for f64/i64 at 2^27, three interleaved runs each, and the final redu-bench table with CUB.
set -u
. .gpu-rt/device-env.sh
mkdir -p A F && tar -xJf .gpu-pack/a.tar.xz -C A && tar -xJf .gpu-pack/bin.tar.xz -C F
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -std=c++17 -o cub bench/cub_reference.cu 2>&1 | tail -n 3
cp cub A/bin/redu-bench-cub; cp cub F/bin/redu-bench-cub
B=F/bin
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p $OUT/t
OUT=$OUT/t sh scripts/gpu-run.sh $B tests > $OUT/gpu-run-tests.txt 2>&1; echo "tests rc=$?" >> $OUT/gpu-run-tests.txt
OUT=$OUT/t sh scripts/gpu-run.sh $B stress > $OUT/gpu-run-stress.txt 2>&1; echo "stress rc=$?" >> $OUT/gpu-run-stress.txt
for p in 1x32 7x96 300x512 528x512; do
  REDU_TEAMS=${p%x*} REDU_THREADS=${p#*x} $B/test_ops > $OUT/t/ops-$p.log 2>&1; echo "test_ops $p rc=$? $(tail -n 1 $OUT/t/ops-$p.log)" >> $OUT/gpu-run-tests.txt
done
grep -E "rc=|FAILED" $OUT/gpu-run-tests.txt; grep -c " 0 failed" $OUT/gpu-run-tests.txt; grep -c " 0 failed" $OUT/gpu-run-stress.txt; tail -n 1 $OUT/gpu-run-stress.txt
rm -rf $OUT/t
for r in 1 2 3; do
  for v in A F; do
    LD_LIBRARY_PATH=$v/bin $v/bin/redu-bench --only arrays --types f64,i64 --max-log2 27 --repeat 1 > $OUT/ab-$v-$r.txt 2>/dev/null
    echo "== $v run $r"; grep -E " 134217728 \|" $OUT/ab-$v-$r.txt
  done
done
$B/redu-bench --repeat 3 --only arrays,structs,regions --csv $OUT/redu-bench-arrays.csv > $OUT/redu-bench-arrays.txt 2> /dev/null
echo "arrays rc=$?"
$B/redu-bench --only floor --csv $OUT/redu-bench-floor.csv > $OUT/redu-bench-floor.txt 2> /dev/null
echo "floor rc=$?"
grep -E " (16777216|134217728) \|" $OUT/redu-bench-arrays.txt

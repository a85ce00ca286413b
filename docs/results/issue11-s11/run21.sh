#!/bin/sh
# Run 21: the final issue-11 library (pairwise tree in 4-element words on NVIDIA) on the H100:
# the suite, stress, test_ops/test_large under forced plans, then redu-bench with CUB (arrays
# three times, structs, regions) and the floor.
set -u
. .gpu-rt/device-env.sh
cd .gpu-pack && tar -xJf bin.tar.xz && cd ..
B=.gpu-pack/bin
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -std=c++17 -o $B/redu-bench-cub bench/cub_reference.cu 2>&1 | tail -n 3
mkdir -p $OUT/tests
OUT=$OUT/tests sh scripts/gpu-run.sh $B tests > $OUT/gpu-run-tests.txt 2>&1; echo "tests rc=$?" >> $OUT/gpu-run-tests.txt
OUT=$OUT/tests sh scripts/gpu-run.sh $B stress > $OUT/gpu-run-stress.txt 2>&1; echo "stress rc=$?" >> $OUT/gpu-run-stress.txt
for p in 1x32 7x96 300x512 528x512; do
  REDU_TEAMS=${p%x*} REDU_THREADS=${p#*x} $B/test_ops > $OUT/tests/ops-$p.log 2>&1; echo "test_ops $p rc=$? $(tail -n 1 $OUT/tests/ops-$p.log)" >> $OUT/gpu-run-tests.txt
done
grep -E "rc=|FAILED" $OUT/gpu-run-tests.txt; grep -c " 0 failed" $OUT/gpu-run-tests.txt; grep -c " 0 failed" $OUT/gpu-run-stress.txt; tail -n 1 $OUT/gpu-run-stress.txt
$B/redu-bench --repeat 3 --only arrays,structs,regions --csv $OUT/redu-bench-arrays.csv > $OUT/redu-bench-arrays.txt 2> $OUT/redu-bench-arrays.err
echo "arrays rc=$?"
$B/redu-bench --only floor --csv $OUT/redu-bench-floor.csv > $OUT/redu-bench-floor.txt 2> $OUT/redu-bench-floor.err
echo "floor rc=$?"
grep -E " (16777216|134217728) \|" $OUT/redu-bench-arrays.txt

#!/bin/sh
# Session 11, run 18: issue 11 on the H100 (main after the issue-11 bench commit): the suite
# (test_errors checks redu_device_peak_bandwidth on CUDA), then redu-bench with CUB: the whole
# arrays table three times (--repeat 3), structs and regions, and the floor.
set -u
. .gpu-rt/device-env.sh
cd .gpu-pack && tar -xJf bin.tar.xz && cd ..
B=.gpu-pack/bin
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -std=c++17 -o $B/redu-bench-cub bench/cub_reference.cu 2>&1 | tail -n 3
mkdir -p $OUT/tests
OUT=$OUT/tests sh scripts/gpu-run.sh $B tests > $OUT/gpu-run-tests.txt 2>&1; echo "tests rc=$?" >> $OUT/gpu-run-tests.txt
grep -E "failed|FAILED|rc=" $OUT/gpu-run-tests.txt | grep -v " 0 failed" ; grep -c " 0 failed" $OUT/gpu-run-tests.txt
start=$(date +%s)
$B/redu-bench --repeat 3 --only arrays,structs,regions --csv $OUT/redu-bench-arrays.csv > $OUT/redu-bench-arrays.txt 2> $OUT/redu-bench-arrays.err
echo "arrays rc=$? in $(( $(date +%s) - start )) s"
$B/redu-bench --only floor --csv $OUT/redu-bench-floor.csv > $OUT/redu-bench-floor.txt 2> $OUT/redu-bench-floor.err
echo "floor rc=$?"
cat $OUT/redu-bench-arrays.txt | grep -vE "^(sum|min|max|argmin) .* (1024|65536|1048576) \|"
tail -n 14 $OUT/redu-bench-floor.txt

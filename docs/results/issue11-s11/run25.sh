#!/bin/sh
# Run 25: after the review mends (bench's sort shared in bench_util, enum order in redu_cuda.c):
# test_errors (peak bandwidth), the stress files (many reductions declared in one file) and a
# short redu-bench arrays run with CUB on the H100.
set -u
. .gpu-rt/device-env.sh
cd .gpu-pack && tar -xJf bin.tar.xz && cd ..
B=.gpu-pack/bin
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -std=c++17 -o $B/redu-bench-cub bench/cub_reference.cu 2>&1 | tail -n 3
$B/test_errors | tail -n 1
OUT=$OUT/s sh scripts/gpu-run.sh $B stress > $OUT/stress.txt 2>&1; echo "stress rc=$? $(grep -c ' 0 failed' $OUT/stress.txt) of 24 green"
rm -rf $OUT/s
$B/redu-bench --repeat 2 --only arrays --types f64,f32 --csv $OUT/bench.csv 2>/dev/null | grep -E "peak|134217728 \|"

#!/bin/sh
# Run 24: the final session-11 code's redu-bench table on the H100 (CUB's column now the median
# of one redu-bench-cub run per repeat), then the floor.
set -u
. .gpu-rt/device-env.sh
cd .gpu-pack && tar -xJf bin.tar.xz && cd ..
B=.gpu-pack/bin
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -std=c++17 -o $B/redu-bench-cub bench/cub_reference.cu 2>&1 | tail -n 3
$B/redu-bench --repeat 3 --only arrays,structs,regions --csv $OUT/redu-bench-arrays.csv > $OUT/redu-bench-arrays.txt 2> /dev/null
echo "arrays rc=$?"
$B/redu-bench --only floor --csv $OUT/redu-bench-floor.csv > $OUT/redu-bench-floor.txt 2> /dev/null
echo "floor rc=$?"
grep -E " (16777216|134217728) \|" $OUT/redu-bench-arrays.txt

#!/bin/sh
# Run 18b: redu-bench of run 18 again after the device-kind probe was made one statement
# (the two-statement probe faulted on the H100: illegal address, see the session note).
set -u
. .gpu-rt/device-env.sh
cd .gpu-pack && tar -xJf bin.tar.xz && cd ..
B=.gpu-pack/bin
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -std=c++17 -o $B/redu-bench-cub bench/cub_reference.cu 2>&1 | tail -n 3
start=$(date +%s)
$B/redu-bench --repeat 3 --only arrays,structs,regions --csv $OUT/redu-bench-arrays.csv > $OUT/redu-bench-arrays.txt 2> $OUT/redu-bench-arrays.err
echo "arrays rc=$? in $(( $(date +%s) - start )) s"
$B/redu-bench --only floor --csv $OUT/redu-bench-floor.csv > $OUT/redu-bench-floor.txt 2> $OUT/redu-bench-floor.err
echo "floor rc=$?"
tail -n 3 $OUT/redu-bench-arrays.err
cat $OUT/redu-bench-arrays.txt | grep -vE "^(sum|min|max|argmin) .* (1024|65536|1048576) \|"
tail -n 14 $OUT/redu-bench-floor.txt

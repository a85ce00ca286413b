#!/bin/sh
# Run 23b (after run 23 ran the suite, stress 24/24 and test_ops under four plans, all green,
# but its A/B lost the runtime's library path and its table files were not returned):
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
for r in 1 2 3; do
  for v in A F; do
    echo "== $v run $r" >> $OUT/ab.txt
    LD_LIBRARY_PATH=$v/bin:$LD_LIBRARY_PATH $v/bin/redu-bench --only arrays --types f64,i64 --max-log2 27 --repeat 1 2>/dev/null | grep -E " 134217728 \|" >> $OUT/ab.txt
  done
done
$B/redu-bench --repeat 3 --only arrays,structs,regions --csv $OUT/redu-bench-arrays.csv > $OUT/redu-bench-arrays.txt 2> /dev/null
echo "arrays rc=$?"
$B/redu-bench --only floor --csv $OUT/redu-bench-floor.csv > $OUT/redu-bench-floor.txt 2> /dev/null
echo "floor rc=$?"
cat $OUT/ab.txt

#!/bin/sh
# Run 22: A/B of the pairwise fold of 2-element words (f64/i64) on NVIDIA: A = e77806e (tree for 4-element words only), B = also (e0 . e1) for 2-element words; 3 interleaved runs each.
set -u
. .gpu-rt/device-env.sh
mkdir -p A B && tar -xJf .gpu-pack/bin.tar.xz -C A && tar -xJf .gpu-pack/tree.tar.xz -C B
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -std=c++17 -o cub bench/cub_reference.cu 2>&1 | tail -n 3
cp cub A/bin/redu-bench-cub; cp cub B/bin/redu-bench-cub
LD_LIBRARY_PATH=B/bin:$LD_LIBRARY_PATH B/bin/test_ops | tail -n 1
LD_LIBRARY_PATH=B/bin:$LD_LIBRARY_PATH B/bin/test_large | tail -n 1
for r in 1 2 3; do
  for v in A B; do
    LD_LIBRARY_PATH=$v/bin:$LD_LIBRARY_PATH $v/bin/redu-bench --only arrays --types f64,i64 --max-log2 27 --repeat 1 > $OUT/$v-$r.txt 2>/dev/null
    echo "== $v run $r"; grep -E " (16777216|134217728) \|" $OUT/$v-$r.txt
  done
done

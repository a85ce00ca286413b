#!/bin/sh
# Session 16: regions, unroll 4 everywhere (U4, 00e5364) against 8 for one-array REDU_FOR
# and 4 for more (U8one), interleaved, same library.
set -u
. .gpu-rt/device-env.sh
mkdir -p /tmp/p /tmp/o && [ -x /tmp/p/bin/redu-bench ] || tar -xJf .gpu-pack/bin.tar.xz -C /tmp/p
tar -xJf .gpu-pack/ab.tar.xz -C /tmp/p
B=/tmp/p/bin
for r in 1 2 3; do for v in U4 U8one; do
  LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH /tmp/p/abpack/redu-bench-$v --only regions --no-cub > /tmp/o/regions-$v-$r.txt 2>&1
  echo "== $v $r rc=$?"; grep -E "^(dot|region-sum|sum\+max|array-sum)" /tmp/o/regions-$v-$r.txt | awk '{print $1,$3,$9,$10,$NF}'
done; done
tar -czf $OUT/out.tgz -C /tmp/o .

#!/bin/sh
# Session 16: regions, P0 = 8a0e086, P1 = pairs of adjacent indices per thread, P2 = P1 + assume_aligned(x, 16) in the trivial body
set -u
. .gpu-rt/device-env.sh
mkdir -p /tmp/p /tmp/o && [ -x /tmp/p/bin/redu-bench ] || tar -xJf .gpu-pack/bin.tar.xz -C /tmp/p
tar -xJf .gpu-pack/ab.tar.xz -C /tmp/p
B=/tmp/p/bin
for r in 1 2 3; do for v in P0 P1 P2; do
  LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH /tmp/p/abpack/redu-bench-$v --only regions --no-cub > /tmp/o/regions-$v-$r.txt 2>&1
  echo "== $v $r rc=$?"; grep -E "^(dot|region-sum|sum\+max|array-sum)" /tmp/o/regions-$v-$r.txt | awk "{print \$1,\$4,\$13}"
done; done
tar -czf $OUT/out.tgz -C /tmp/o .

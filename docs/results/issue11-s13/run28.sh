#!/bin/sh
# Session 13, run 28: issue 11's region gap (trivial body 1.34x the array API in run 24):
# is it the unroll (bytes in flight) or the plan? redu-bench --only regions at 2^27 with
# the build's unroll 4, with unroll 8 and 2 (bench_regions.c rebuilt with REDU_REGION_UNROLL),
# and unroll 4 under forced plans (REDU_TEAMS x REDU_THREADS, which apply to the array API
# call too).
set -u
. .gpu-rt/device-env.sh
cd .gpu-pack && tar -xJf bin.tar.xz && tar -xJf exp.tar.xz && cd ..
B=.gpu-pack/bin
E=.gpu-pack/exp
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
REDU_VERBOSE=1 $B/redu-bench --only regions --max-log2 20 --no-cub 2>&1 | grep -E "region|plan" | grep -m3 "teams"
for v in u4 u8 u2 u4; do
  exe=$B/redu-bench; [ $v != u4 ] && exe=$E/redu-bench-$v
  echo "== $v"
  $exe --only regions --max-log2 27 --no-cub 2>/dev/null | grep -E "^(dot|region-sum|sum\+max|array-sum) |ms"
done
for p in 132x1024 264x1024 528x512 1056x256 2112x128; do
  echo "== u4 plan $p"
  REDU_TEAMS=${p%x*} REDU_THREADS=${p#*x} $B/redu-bench --only regions --max-log2 27 --no-cub 2>/dev/null | grep -E "^(dot|region-sum|sum\+max|array-sum) "
done

#!/bin/sh
# Session 13, run 27: issue 12 on two H200s: test_multi and example_multi_gpu with both GPUs
# (REDU_VERBOSE: hwloc placement), then redu-bench --only multi (2 x 2^27 doubles against one
# GPU over 2^28 in the same run; and 2 x 2^20) with kept workers (A, this commit) and with a
# thread per part and call (B, the previous libredu.so), A B A B.
set -u
. .gpu-rt/device-env.sh
cd .gpu-pack && tar -xJf bin.tar.xz && cd ..
B=.gpu-pack/bin
mkdir -p $B/threads && cp $B/libredu-threads.so.0.4.0 $B/threads/libredu.so.0
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
nvidia-smi -L; nvidia-smi topo -m 2>&1 | head -8
$B/test_multi 2>&1 | tail -n 2
$B/test_multi > /dev/null 2>&1 && echo "test_multi again: rc=0"
REDU_TEAMS=7 REDU_THREADS=96 $B/test_multi 2>&1 | tail -n 1
REDU_VERBOSE=1 $B/example_multi_gpu 2>&1 | grep -E "redu_multi|devices:" | head -12
for v in A B A B; do
  if [ $v = A ]; then L=$B; else L=$B/threads:$B; fi
  echo "== $v 2^27"
  LD_LIBRARY_PATH=$L:$LD_LIBRARY_PATH $B/redu-bench --only multi --max-log2 27 --no-cub --csv $OUT/multi27-$v.csv 2>&1 | grep -v "^libredu"
  echo "== $v 2^20"
  LD_LIBRARY_PATH=$L:$LD_LIBRARY_PATH $B/redu-bench --only multi --max-log2 20 --no-cub 2>&1 | grep -E "^(sum|min|argmin|sum_exact) "
done

#!/bin/sh
# Session 17, H200 run 2: redu-bench arrays, structs, regions with redu-bench-cub beside it
# (--repeat 3), on the binaries of the working tree.
set -u
. .gpu-rt/device-env.sh
[ -d /tmp/p/bin ] || { mkdir -p /tmp/p && tar -xJf .gpu-pack/bin.tar.xz -C /tmp/p; }
B=/tmp/p/bin
export LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH
t0=$(date +%s)
timeout ${BENCH_TIMEOUT:-420} $B/redu-bench --only ${SECTIONS:-arrays,structs,regions} --repeat ${REPEAT:-3} --csv $OUT/bench.csv > $OUT/bench.txt 2> $OUT/bench.err; echo "bench rc=$? ($(( $(date +%s) - t0 )) s)"
grep -E "WRONG|MISMATCH" $OUT/bench.txt | head
cat $OUT/bench.txt

#!/bin/sh
# Session 17, H200 run 1: the suite and the stress matrix on the binaries of the working tree.
set -u
. .gpu-rt/device-env.sh
rm -rf /tmp/p /tmp/o; mkdir -p /tmp/p /tmp/o && tar -xJf .gpu-pack/bin.tar.xz -C /tmp/p
B=/tmp/p/bin
nvidia-smi -L; nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv
t0=$(date +%s)
OUT=/tmp/o/suite timeout 270 sh scripts/gpu-run.sh $B tests > /tmp/o/suite.txt 2>&1; echo "suite rc=$? ($(( $(date +%s) - t0 )) s)"
grep -E "checks|FAILED|rror" /tmp/o/suite.txt | head -40
t0=$(date +%s)
OUT=/tmp/o/stress timeout 250 sh scripts/gpu-run.sh $B stress > /tmp/o/stress.txt 2>&1; echo "stress rc=$? ($(( $(date +%s) - t0 )) s)"
grep -c "^== " /tmp/o/stress.txt; grep -B1 FAILED /tmp/o/stress.txt | head
cp /tmp/o/suite.txt /tmp/o/stress.txt $OUT/; tar -czf $OUT/logs.tgz -C /tmp/o suite stress

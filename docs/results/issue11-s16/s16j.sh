#!/bin/sh
# Session 16, last: the suite, the stress matrix, test_udr with a word dropped (must fail),
# memcheck of the udr module, on the binaries of the final commit.
set -u
. .gpu-rt/device-env.sh
rm -rf /tmp/p /tmp/o; mkdir -p /tmp/p /tmp/o && tar -xJf .gpu-pack/bin.tar.xz -C /tmp/p
B=/tmp/p/bin
nvidia-smi -L
OUT=/tmp/o/suite timeout 240 sh scripts/gpu-run.sh $B tests > /tmp/o/suite.txt 2>&1; echo "suite rc=$?"
grep -E "checks" /tmp/o/suite.txt | head -30
OUT=/tmp/o/stress timeout 200 sh scripts/gpu-run.sh $B stress > /tmp/o/stress.txt 2>&1; echo "stress rc=$?"
grep -c "^== " /tmp/o/stress.txt; grep -B1 FAILED /tmp/o/stress.txt | head
LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH /tmp/p/extra/test_udr_mut > /tmp/o/test_udr_mut.txt 2>&1; echo "test_udr with a word dropped: rc=$? (must be nonzero)"; grep FAIL /tmp/o/test_udr_mut.txt | head -20; tail -1 /tmp/o/test_udr_mut.txt
LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH timeout 200 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 $B/redu-dlrun $B/libtest_udr_module.so > /tmp/o/memcheck-udr.log 2>&1; echo "memcheck udr rc=$?"; tail -2 /tmp/o/memcheck-udr.log
LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH $B/redu-bench --only structs,regions --no-cub > /tmp/o/bench-sr.txt 2>&1; echo "bench rc=$?"
grep -E "^(complex|welford|minloc|sum-256|dot|region-sum|sum\+max|array-sum)" /tmp/o/bench-sr.txt
tar -czf $OUT/out.tgz -C /tmp/o .

#!/bin/sh
# Session 16, last: the suite, the stress matrix, test_udr with a word dropped (must fail),
# memcheck of the udr and region modules, redu-bench arrays/structs/regions with
# redu-bench-cub, on the binaries of the final commit (regions in pairs).
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
LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH timeout 200 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 $B/redu-dlrun $B/libtest_region_module.so > /tmp/o/memcheck-region.log 2>&1; echo "memcheck region rc=$?"; tail -2 /tmp/o/memcheck-region.log
LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH timeout 300 "$B/redu-bench" --only arrays,structs,regions --csv /tmp/o/bench.csv > /tmp/o/bench.txt 2> /tmp/o/bench.err; echo "bench rc=$?"
grep -E "WRONG|MISMATCH" /tmp/o/bench.txt | head
grep -E "^(complex|welford|minloc|sum-256|dot|region-sum|sum\+max|array-sum)" /tmp/o/bench.txt
for r in 1 2; do
  LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH $B/redu-bench --only regions --no-cub > /tmp/o/regions-$r.txt 2>&1
  grep -E "^(dot|region-sum|sum\+max|array-sum)" /tmp/o/regions-$r.txt | awk '{print $1,$4,$13}'
done
tar -czf $OUT/out.tgz -C /tmp/o .

#!/bin/sh
# Session 17, H200 run 4 (final code; run again on the binaries of the review mend): the suite, the stress matrix, the arg-op mutant (a
# word's lane picked wrong: test_ops/test_semantics must fail), compute-sanitizer memcheck
# of test_semantics and test_ops, redu-bench arrays/structs/regions with CUB (--repeat 3).
set -u
rm -rf /tmp/o /tmp/p; mkdir -p /tmp/o /tmp/p
. .gpu-rt/device-env.sh
tar -xJf .gpu-pack/bin.tar.xz -C /tmp/p
B=/tmp/p/bin
nvidia-smi -L
t0=$(date +%s)
OUT=/tmp/o/suite timeout 200 sh scripts/gpu-run.sh $B tests > /tmp/o/suite.txt 2>&1; echo "suite rc=$? ($(( $(date +%s) - t0 )) s)"
grep -E "checks|FAILED" /tmp/o/suite.txt | head -40
t0=$(date +%s)
OUT=/tmp/o/stress timeout 150 sh scripts/gpu-run.sh $B stress > /tmp/o/stress.txt 2>&1; echo "stress rc=$? ($(( $(date +%s) - t0 )) s)"
grep -c "^== " /tmp/o/stress.txt; grep -B1 FAILED /tmp/o/stress.txt | head
mkdir -p /tmp/mut && cp $B/libredu.so* /tmp/mut/ && xz -dc .gpu-pack/mut-libredu.so.0.xz > /tmp/mut/libredu.so.0
for t in test_ops test_semantics; do
  LD_LIBRARY_PATH=/tmp/mut:$LD_LIBRARY_PATH timeout 60 $B/$t > /tmp/o/mut-$t.txt 2>&1; echo "mutant $t rc=$? (must be nonzero): $(tail -1 /tmp/o/mut-$t.txt)"
done
export LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH
for m in semantics ops; do
  t0=$(date +%s)
  timeout 150 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 $B/redu-dlrun $B/libtest_${m}_module.so > /tmp/o/memcheck-$m.txt 2>&1; echo "memcheck test_$m rc=$? ($(( $(date +%s) - t0 )) s)"; tail -2 /tmp/o/memcheck-$m.txt
done
t0=$(date +%s)
timeout 150 $B/redu-bench --only arrays,structs,regions --repeat 3 --csv /tmp/o/bench.csv > /tmp/o/bench.txt 2> /tmp/o/bench.err; echo "bench rc=$? ($(( $(date +%s) - t0 )) s)"
cp /tmp/o/bench.txt /tmp/o/bench.csv $OUT/
tar -czf $OUT/logs.tgz -C /tmp/o .
grep -E "^(sum|min|max|argmin) .*(16777216|134217728)|^(complex|welford|minloc|sum-256|dot|region-sum|sum\+max|array-sum)" /tmp/o/bench.txt

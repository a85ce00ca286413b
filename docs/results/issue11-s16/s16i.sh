#!/bin/sh
# Session 16, final (38d175f + the query exemption): the suite, the stress matrix, test_udr built with a word dropped from the
# pipelined round (must fail), memcheck of the udr module, redu-bench arrays/structs/regions
# with redu-bench-cub beside it, and the 64-byte declared sum (redu-bench-16) under the new
# plan (one wave) against REDU_TEAMS=528 (the old league).
set -u
. .gpu-rt/device-env.sh
rm -rf /tmp/p /tmp/o; mkdir -p /tmp/p /tmp/o && tar -xJf .gpu-pack/bin.tar.xz -C /tmp/p
B=/tmp/p/bin
nvidia-smi -L
OUT=/tmp/o/suite timeout 240 sh scripts/gpu-run.sh $B tests > /tmp/o/suite.txt 2>&1; echo "suite rc=$?"
grep -E "checks" /tmp/o/suite.txt | head -30
OUT=/tmp/o/stress timeout 200 sh scripts/gpu-run.sh $B stress > /tmp/o/stress.txt 2>&1; echo "stress rc=$?"
grep -c "^== " /tmp/o/stress.txt; grep -B1 FAILED /tmp/o/stress.txt | head
LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH /tmp/p/extra/test_udr_mut > /tmp/o/test_udr_mut.txt 2>&1; echo "test_udr with a word dropped: rc=$? (must be nonzero)"; grep -c FAIL /tmp/o/test_udr_mut.txt; tail -1 /tmp/o/test_udr_mut.txt
LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH timeout 200 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 $B/redu-dlrun $B/libtest_udr_module.so > /tmp/o/memcheck-udr.log 2>&1; echo "memcheck udr rc=$?"; tail -2 /tmp/o/memcheck-udr.log
for r in 1 2; do for t in "" 528; do
  env ${t:+REDU_TEAMS=$t} LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH /tmp/p/extra/redu-bench-16 --only structs --no-cub > /tmp/o/s64-$t-$r.txt 2>&1
  echo "== 64-byte sum teams=${t:-plan}: $(grep -E '^(sum-64B|welford)' /tmp/o/s64-$t-$r.txt | awk '{printf "%s %s %s | ", $1,$5,$15}')"
done; done
LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH timeout 300 "$B/redu-bench" --only arrays,structs,regions --csv /tmp/o/bench.csv > /tmp/o/bench.txt 2> /tmp/o/bench.err
echo "bench rc=$?"; grep -E "WRONG|MISMATCH" /tmp/o/bench.txt | head
grep -A6 "^# struct" /tmp/o/bench.txt
for L in 26 27; do
  LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH $B/redu-bench --only structs --struct-log2 $L > /tmp/o/structs-$L-$$-$(date +%s%N).txt 2>&1
done
for f in /tmp/o/structs-*.txt; do echo "== $f"; grep -E '^(complex|welford|minloc|sum-256)' $f | awk '{print $1,$3,$5,$14,$15,$16,$17,$NF}'; done
for r in 1 2; do
  LD_LIBRARY_PATH=$B:$LD_LIBRARY_PATH $B/redu-bench --only regions --no-cub > /tmp/o/regions-$r.txt 2>&1
  grep -E "^(dot|region-sum|sum\+max|array-sum)" /tmp/o/regions-$r.txt | awk '{print $1,$4,$13}'
done
tar -czf $OUT/out.tgz -C /tmp/o .

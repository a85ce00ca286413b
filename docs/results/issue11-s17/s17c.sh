#!/bin/sh
# Session 17, H200 run 3: A/B of the built-in arg ops' GPU word loop. Libraries in
# .gpu-pack/ab/<variant>/ (base = the pack's own), the same binaries; test_ops and
# test_semantics under each, then redu-bench arrays (sum, argmin, all four types, with
# CUB) twice per variant, interleaved.
set -u
rm -rf /tmp/o; mkdir -p /tmp/o
. .gpu-rt/device-env.sh
[ -d /tmp/p/bin ] || { mkdir -p /tmp/p && tar -xJf .gpu-pack/bin.tar.xz -C /tmp/p; }
B=/tmp/p/bin
mkdir -p /tmp/ab/base && cp -a $B/libredu.so* /tmp/ab/base/
tar -xJf .gpu-pack/ab.tar.xz -C /tmp
vs="base $(ls /tmp/ab | grep -v base)"
for v in $vs; do
  for t in test_ops test_semantics; do
    LD_LIBRARY_PATH=/tmp/ab/$v:$LD_LIBRARY_PATH timeout 120 $B/$t > /tmp/o/$v-$t.txt 2>&1; echo "$v $t rc=$? $(tail -1 /tmp/o/$v-$t.txt)"
  done
done
for r in 1 2; do for v in $vs; do
  LD_LIBRARY_PATH=/tmp/ab/$v:$LD_LIBRARY_PATH timeout 100 $B/redu-bench --only arrays --ops ${OPS:-sum,argmin} --csv /tmp/o/$v-$r.csv > /tmp/o/$v-$r.txt 2>/dev/null
  echo "== $v run $r rc=$?"; grep -E "^(sum|argmin) .*(16777216|134217728)" /tmp/o/$v-$r.txt | awk '{printf "%s %s %s %s xcub %s\n", $1,$2,$3,$5,$(NF-1)}'
done; done
tar -czf $OUT/ab.tgz -C /tmp/o .

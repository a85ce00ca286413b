#!/bin/sh
# Session 13, run 26: issue 12 on the H100: the whole suite (test_multi, example_multi_gpu
# among them; the MPI ones are not packed: no Open MPI on the GPU machines), the stress
# matrix (redu_udr.h stamps the multi-device partials now), REDU_VERBOSE placement.
set -u
. .gpu-rt/device-env.sh
cd .gpu-pack && tar -xJf bin.tar.xz && cd ..
B=.gpu-pack/bin
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p $OUT/tests
start=$(date +%s)
OUT=$OUT/tests sh scripts/gpu-run.sh $B tests > $OUT/gpu-run-tests.txt 2>&1; echo "tests rc=$? in $(( $(date +%s) - start )) s" >> $OUT/gpu-run-tests.txt
grep -E "FAILED|rc=" $OUT/gpu-run-tests.txt; echo "passing summaries: $(grep -c ' 0 failed' $OUT/gpu-run-tests.txt)"
grep -A2 -E "== (test_multi|example_multi_gpu)" $OUT/gpu-run-tests.txt
REDU_VERBOSE=1 $B/example_multi_gpu 2>&1 | grep -v "^libredu: plan" | head -20
start=$(date +%s)
OUT=$OUT/tests sh scripts/gpu-run.sh $B stress > $OUT/gpu-run-stress.txt 2>&1; echo "stress rc=$? in $(( $(date +%s) - start )) s" >> $OUT/gpu-run-stress.txt
tail -n 4 $OUT/gpu-run-stress.txt; grep -c "passed\| 0 failed" $OUT/gpu-run-stress.txt
tar -cJf $OUT/logs.tar.xz -C $OUT tests

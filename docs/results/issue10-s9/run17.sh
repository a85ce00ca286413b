#!/bin/sh
# Session 10, run 17: issue 10 final H100 run at 164b115 (the raw files of run16, same code, were lost with the session's machine).
set -u
. .gpu-rt/device-env.sh
cd .gpu-pack && tar -xJf bin.tar.xz && cd ..
B=.gpu-pack/bin
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -std=c++17 -o $B/redu-bench-cub bench/cub_reference.cu 2>&1 | tail -3
mkdir -p $OUT/tests
OUT=$OUT/tests sh scripts/gpu-run.sh $B tests > $OUT/gpu-run-tests.txt 2>&1; echo "tests rc=$?" >> $OUT/gpu-run-tests.txt
for p in 1x32 7x96 300x512 132x512 528x256; do
  t=${p%x*}; th=${p#*x}
  REDU_TEAMS=$t REDU_THREADS=$th $B/test_region > $OUT/tests/region-$p.log 2>&1; echo "test_region $p rc=$? $(tail -n1 $OUT/tests/region-$p.log)" >> $OUT/gpu-run-tests.txt
done
for p in 1x32 7x96 300x512 132x512; do
  t=${p%x*}; th=${p#*x}
  REDU_TEAMS=$t REDU_THREADS=$th $B/test_segmented > $OUT/tests/seg-$p.log 2>&1; echo "test_segmented $p rc=$? $(tail -n1 $OUT/tests/seg-$p.log)" >> $OUT/gpu-run-tests.txt
done
OUT=$OUT/tests sh scripts/gpu-run.sh $B stress > $OUT/gpu-run-stress.txt 2>&1; echo "stress rc=$?" >> $OUT/gpu-run-stress.txt
timeout 200 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 $B/redu-dlrun $B/libtest_segmented_module.so > $OUT/memcheck-seg.txt 2>&1; echo "memcheck rc=$?" >> $OUT/memcheck-seg.txt
$B/redu-bench --only arrays,segmented,floor --ops sum --types f64 --csv $OUT/redu-bench-final.csv > $OUT/redu-bench-final.txt 2>$OUT/redu-bench-final.err
$B/redu-bench --only floor --csv $OUT/floor-2.csv > $OUT/floor-2.txt 2>/dev/null
cat $OUT/gpu-run-tests.txt | grep -v "^\s*$" | tail -60; tail -3 $OUT/gpu-run-stress.txt $OUT/memcheck-seg.txt; cat $OUT/redu-bench-final.txt

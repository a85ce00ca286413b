#!/bin/sh
# Turns redu-bench CSV files into PNG plots with gnuplot (Debian's gnuplot-nox):
#   arrays-<op>.png  GB/s against n (log2) for one op, a panel per type: libredu beside CUB
#                    (GPU) or `parallel for reduction` (CPU), clang's clause and the read
#                    ceiling, all from the arrays section's rows;
#   scans-<kind>.png GB/s (read + written) against n for inclusive (scan_sum) or exclusive
#                    (exscan_sum) sums, a panel per type: libredu (the planner's choice and
#                    each algorithm forced), CUB's DeviceScan (GPU) or a two-pass `omp
#                    parallel` scan (CPU), and the copy ceiling, from the scan section's rows
#                    (not drawn: its segmented rows, segscan_*, three layouts only, its
#                    exact ones, xscan_*, and its scanning regions', rscan_*, tabled in
#                    docs/performance.md);
#   bins.png         GB/s (keys and x read) against n, a panel per bins case (op, type, bins):
#                    libredu beside OpenMP's array-section clause, CUB's DeviceHistogram
#                    (counts) or atomicAdd on global and privatised shared memory (sums), and
#                    the read ceiling, from the bins section's rows;
#   floor.png        time per call against n at small n: libredu, an empty region of
#                    libredu's launch shape, CUB's Sum, with the empty target region and
#                    CUDA's empty kernel + sync as horizontal lines (GPU runs only).
# Usage: scripts/plots.sh OUT_DIR FILE.csv...   (rows of several files are pooled; give
#        each file of one run, e.g. the arrays run and a floor run)
# As root on Debian it installs gnuplot-nox when gnuplot is missing.
set -eu
if [ $# -lt 2 ]; then
  echo "usage: $0 OUT_DIR FILE.csv..." >&2
  exit 2
fi
out=$1
shift
if ! command -v gnuplot > /dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends gnuplot-nox > /dev/null
  else
    echo "$0: gnuplot not found; install Debian's gnuplot-nox (apt-get install gnuplot-nox)" >&2
    exit 1
  fi
fi
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Split the rows into one data file per (op, type, impl): "n value". Arrays rows are the
# ones with the 17 columns and the repeat count ($15) that only the arrays section writes
# (the exact, structs and regions sections leave it empty).
awk -F, -v d="$tmp" '
  $1 == "device" { next }
  $2 ~ /^bins_/ {
    f = d "/b_" $2 "-" $3 "_" $6 ".dat"; print $4, $8 > f; bins[$2 "-" $3] = 1; bdev = $1
    next
  }
  $2 ~ /^(ex|seg|x|r)?scan_/ {
    if ($2 == "scan_sum" || $2 == "exscan_sum") {
      f = d "/s_" $2 "_" $3 "_" $6 ".dat"; print $4, $8 > f; kinds[$2] = 1; sdev = $1
    }
    next
  }
  NF >= 17 && $15 != "" && ($6 == "libredu" || $6 == "builtin" || $6 == "cub" || $6 == "read_ceiling" ||
                $6 == "host_parallel_for") {
    f = d "/a_" $2 "_" $3 "_" $6 ".dat"; print $4, $8 > f; ops[$2] = 1; adev = $1
  }
  $2 == "floor" && $4 > 0 {
    impl = $6; sub(/_[0-9]+$/, "", impl)
    print $4, $7 * 1000 > (d "/f_" impl ".dat"); fdev = $1
  }
  $2 == "floor" && $4 == 0 && ($6 == "empty" || $6 == "cuda_empty_kernel") {
    print $7 * 1000 > (d "/l_" $6 ".txt")
  }
  END {
    for (o in ops) print o > (d "/ops.txt")
    for (k in kinds) print k > (d "/kinds.txt")
    for (b in bins) print b > (d "/bins.txt")
    print bdev > (d "/bins-device.txt")
    print sdev > (d "/scans-device.txt")
    print adev > (d "/arrays-device.txt"); print fdev > (d "/floor-device.txt")
  }' "$@"

# four_panels PNG TITLE PREFIX IMPL:LEGEND...: the gnuplot script of a 2x2 plot, one panel per
# type, each drawing $tmp/PREFIX_<type>_<impl>.dat for the IMPLs that have rows.
four_panels() {
  png=$1 title=$2 prefix=$3
  shift 3
  echo "set terminal pngcairo size 1400,1000 font ',11'"
  echo "set output '$png'"
  echo "set multiplot layout 2,2 title '$title'"
  echo "set logscale x 2; set format x '2^{%L}'; set xlabel 'n (elements)'"
  echo "set logscale y 10; set ylabel 'GB/s (log scale)'"
  echo "set key top left; set grid"
  for t in f64 f32 i32 i64; do
    plots=""
    for pair in "$@"; do
      f="$tmp/${prefix}_${t}_${pair%%:*}.dat"
      [ -s "$f" ] || continue
      plots="$plots${plots:+, }'$f' using 1:2 with linespoints title '${pair#*:}'"
    done
    echo "set title '$t'"
    if [ -n "$plots" ]; then
      echo "plot $plots"
    else
      echo "set label 1 'no rows' at graph 0.5,0.5 center; plot NaN notitle; unset label 1"
    fi
  done
  echo "unset multiplot"
}

made=0
if [ -s "$tmp/ops.txt" ]; then
  dev=$(cat "$tmp/arrays-device.txt")
  for op in $(sort "$tmp/ops.txt"); do
    other=cub
    other_title="CUB DeviceReduce"
    if [ "$dev" != gpu ]; then
      other=host_parallel_for
      other_title="parallel for reduction"
    fi
    four_panels "$out/arrays-$op.png" "redu-bench $op ($dev): GB/s against n, end to end" \
      "a_$op" "libredu:libredu" "$other:$other_title" "builtin:clang clause" \
      "read_ceiling:read ceiling" > "$tmp/arrays-$op.gp"
    gnuplot "$tmp/arrays-$op.gp"
    echo "$out/arrays-$op.png"
    made=$((made + 1))
  done
fi

if [ -s "$tmp/kinds.txt" ]; then
  dev=$(cat "$tmp/scans-device.txt")
  for kind in $(sort "$tmp/kinds.txt"); do
    name=inclusive
    [ "$kind" = exscan_sum ] && name=exclusive
    four_panels "$out/scans-$name.png" \
      "redu-bench $name sum scans ($dev): GB/s read + written against n, end to end" "s_$kind" \
      "libredu:libredu" "libredu_1pass:single pass" "libredu_2pass:reduce-then-scan" \
      "cub:CUB DeviceScan" "host_pf:two-pass omp parallel" "copy_ceiling:copy ceiling" \
      > "$tmp/scans-$name.gp"
    gnuplot "$tmp/scans-$name.gp"
    echo "$out/scans-$name.png"
    made=$((made + 1))
  done
fi

if [ -s "$tmp/bins.txt" ]; then
  dev=$(cat "$tmp/bins-device.txt")
  rows=$((($(sort -u "$tmp/bins.txt" | wc -l) + 2) / 3)) # three panels a row, every case drawn
  {
    echo "set terminal pngcairo size 1800,$((rows * 450)) font ',10'"
    echo "set output '$out/bins.png'"
    echo "set multiplot layout $rows,3 title 'redu-bench bins ($dev): GB/s of keys and x read against n, end to end'"
    echo "set logscale x 2; set format x '2^{%L}'; set xlabel 'n (elements)'"
    echo "set logscale y 10; set ylabel 'GB/s (log scale)'"
    echo "set key bottom right; set grid"
    for case in $(sort "$tmp/bins.txt"); do
      plots="" lt=0 # each implementation keeps its line type (colour) in every panel
      for pair in "libredu:libredu" "clause:reduction(+ : out[0:B])" "cub:CUB HistogramEven" \
        "atomic_global:atomicAdd global" "atomic_shared:atomicAdd shared" \
        "read_ceiling:read ceiling"; do
        lt=$((lt + 1))
        f="$tmp/b_${case}_${pair%%:*}.dat"
        [ -s "$f" ] && plots="$plots${plots:+, }'$f' using 1:2 with linespoints lt $lt title '${pair#*:}'"
      done
      echo "set title '$(echo "$case" | sed 's/^bins_//; s/_/ /g')'"
      echo "plot $plots"
    done
    echo "unset multiplot"
  } > "$tmp/bins.gp"
  gnuplot "$tmp/bins.gp"
  echo "$out/bins.png"
  made=$((made + 1))
fi

if [ -s "$tmp/f_redu.dat" ]; then
  dev=$(cat "$tmp/floor-device.txt")
  {
    echo "set terminal pngcairo size 1000,700 font ',11'"
    echo "set output '$out/floor.png'"
    echo "set title 'redu-bench per-call floor ($dev): time per call at small n'"
    echo "set logscale x 2; set format x '2^{%L}'; set xlabel 'n (doubles)'; set ylabel 'µs per call'"
    echo "set key top left; set grid; set yrange [0:*]"
    plots="'$tmp/f_redu.dat' using 1:2 with linespoints lw 2 title 'libredu redu\\_sum\\_f64'"
    [ -s "$tmp/f_shape.dat" ] && plots="$plots, '$tmp/f_shape.dat' using 1:2 with linespoints title 'empty region of libredu''s launch shape'"
    [ -s "$tmp/f_cub_sum.dat" ] && plots="$plots, '$tmp/f_cub_sum.dat' using 1:2 with linespoints title 'CUB DeviceReduce::Sum'"
    if [ -s "$tmp/l_empty.txt" ]; then
      plots="$plots, $(head -n 1 "$tmp/l_empty.txt") with lines dt 2 lw 2 title 'empty target region'"
    fi
    if [ -s "$tmp/l_cuda_empty_kernel.txt" ]; then
      plots="$plots, $(head -n 1 "$tmp/l_cuda_empty_kernel.txt") with lines dt 3 lw 2 title 'CUDA empty kernel + sync'"
    fi
    echo "plot $plots"
  } > "$tmp/floor.gp"
  gnuplot "$tmp/floor.gp"
  echo "$out/floor.png"
  made=$((made + 1))
fi

if [ "$made" = 0 ]; then
  echo "$0: no arrays, scan, bins or floor rows in $*" >&2
  exit 1
fi

#!/bin/sh
# check_plots.sh ROOT: scripts/plots.sh turns the committed CSV files (the H100's arrays table,
# per-call floor, scans and bins, as docs/plots/ shows them) into the eight PNG plots
# (four ops, the floor, inclusive and exclusive scans, bins), each a real PNG. Registered only where gnuplot is
# installed (the plots are a documentation tool, not a library dependency).
set -eu
root=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sh "$root/scripts/plots.sh" "$tmp" "$root/docs/results/h100-arrays-2026-11-28.csv" \
  "$root/docs/results/h100-regions-floor-2026-11-28.csv" "$root/docs/results/h100-scan-2026-12-07.csv" \
  "$root/docs/results/h100-bins-2026-12-07.csv" \
  > "$tmp/list" 2> "$tmp/err"
for f in arrays-sum arrays-min arrays-max arrays-argmin floor scans-inclusive scans-exclusive bins; do
  png=$tmp/$f.png
  [ -s "$png" ] || { echo "check_plots: $f.png not written"; exit 1; }
  [ "$(head -c 4 "$png" | od -An -c | tr -d ' ')" = "211PNG" ] ||
    { echo "check_plots: $f.png is not a PNG"; exit 1; }
done
# A CSV without arrays or floor rows is an error, not an empty success.
echo "device,op,type,n,bytes,impl,ms" > "$tmp/empty.csv"
if sh "$root/scripts/plots.sh" "$tmp/none" "$tmp/empty.csv" 2> /dev/null; then
  echo "check_plots: a CSV with no rows gave no error"
  exit 1
fi
echo "check_plots: 8 plots written"

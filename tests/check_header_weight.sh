#!/bin/sh
# check_header_weight.sh CC SRC_ROOT BUILD_ROOT: what a user's file pays for redu_region.h,
# in bytes (sizes are exact; times are not checked, only printed):
#   - a file that includes redu_region.h and writes one 3-reduction REDU_FOR preprocesses
#     to at most 1 MB;
#   - that REDU_FOR expands to at most 10 KB (the file with it minus the file without it).
# It also prints the file's compile time with the build's flags (the figure in
# docs/regions.md, "What a file pays"), which nothing compares with anything.
set -eu
cc=$1 src=$2 build=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
gen() {
  cat <<'C'
#include "redu_region.h"
double region3(int dev, const double *x, const double *y, size_t n)
{
  double dot = 0, amax = 0;
  int64_t count = 0;
  redu_status st = REDU_OK;
C
  [ "$1" = with ] && cat <<'C'
  REDU_FOR(st, dev, i, n, (x, y), (sum_f64, dot), (max_f64, amax), (sum_i64, count)) {
    dot += x[i] * y[i];
    amax = amax > x[i] ? amax : x[i];
    count += y[i] > 0;
  }
C
  cat <<'C'
  (void)dev, (void)x, (void)y, (void)n;
  return st == REDU_OK ? dot + amax + (double)count : 0;
}
C
}
gen with >"$tmp/with.c"
gen without >"$tmp/without.c"
# The build's own offload flags (host-offload, nvptx or amdgcn), from its flags file.
flags=$(sed -n 's/^C_FLAGS = //p' "$build/tests/CMakeFiles/test_region.dir/flags.make" 2>/dev/null || true)
inc="-I$src/libredu -I$src -I$build/libredu"
pp() { "$cc" -std=c17 -fopenmp $inc -E -P "$1" | wc -c; }
with=$(pp "$tmp/with.c")
without=$(pp "$tmp/without.c")
expansion=$((with - without))
echo "header weight: redu_region.h and a 3-reduction REDU_FOR preprocess to $with bytes (at most 1000000)"
echo "header weight: the REDU_FOR expands to $expansion bytes (at most 10240)"
[ "$with" -le 1000000 ] || { echo "header weight: over 1 MB preprocessed"; fail=1; }
[ "$expansion" -le 10240 ] || { echo "header weight: the expansion is over 10 KB"; fail=1; }
t0=$(date +%s%N)
# shellcheck disable=SC2086 # the flags are a list
"$cc" $flags $inc -c "$tmp/with.c" -o "$tmp/with.o"
t1=$(date +%s%N)
echo "header weight: compiled in $(((t1 - t0) / 1000000)) ms with $flags (printed, not checked)"
exit $fail

#!/bin/sh
# check_exports.sh LIBREDU_SO SRC_ROOT: libredu.so exports exactly the functions declared
# REDU_API in the installed headers (libredu/*.h, and host/redu_call.h for the seven
# redu__ functions that stamped kernels call); prints the list. Fails on an exported
# symbol no header declares, on a declared one the library lacks, and on a name with the
# wrong prefix (public: redu_, internal: redu__).
# Not counted: what clang's OpenMP offloading emits for every target region (.offloading.
# entry.*, .__omp_offloading_*.region_id, __start/__stop_omp_offloading_entries), weak
# and with default visibility whatever -fvisibility says; libomptarget registers them.
set -eu
lib=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed -n 's/^REDU_API [^(]*[ *]\(redu_[a-z0-9_]*\)(.*/\1/p' "$src"/libredu/*.h "$src/host/redu_call.h" |
  sort -u >"$tmp/declared"
nm -D --defined-only "$lib" | awk '{print $NF}' |
  grep -Ev '^(\.offloading\.entry\.|\.__omp_offloading_|__(start|stop)_omp_offloading_entries$)' |
  sort -u >"$tmp/exported"
echo "exported ($(wc -l <"$tmp/exported")):"
tr '\n' ' ' <"$tmp/exported" | fold -s -w 96
echo
fail=0
comm -23 "$tmp/exported" "$tmp/declared" >"$tmp/extra"
comm -13 "$tmp/exported" "$tmp/declared" >"$tmp/missing"
[ -s "$tmp/extra" ] && { echo "exported but declared REDU_API in no header:"; cat "$tmp/extra"; fail=1; }
[ -s "$tmp/missing" ] && { echo "declared REDU_API but not exported:"; cat "$tmp/missing"; fail=1; }
grep -v '^redu_' "$tmp/exported" >"$tmp/prefix" && { echo "without the redu_ prefix:"; cat "$tmp/prefix"; fail=1; }
grep '^redu__' "$tmp/exported" | grep -vxE 'redu__(call_begin|call_end|seg_call_begin|seg_call_end|region_begin|region_end|region_exact_result)' \
  >"$tmp/internal" && { echo "internal, but not called by stamped kernels:"; cat "$tmp/internal"; fail=1; }
[ $fail = 0 ] && echo "exports: as declared"
exit $fail

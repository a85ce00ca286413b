#!/bin/sh
# check_exports.sh LIB SRC_ROOT HEADER...: LIB (libredu.so or libredu_mpi.so) exports exactly
# the functions declared REDU_API in HEADERs (paths under SRC_ROOT: for libredu.so its public
# headers but redu_mpi.h, and host/redu_call.h, host/redu_partial.h and host/redu_error.h for
# the redu__ functions that stamped kernels, multi-device calls and libredu_mpi call; for
# libredu_mpi.so redu_mpi.h); prints the list. Fails on an exported symbol no header
# declares, on a declared one the library lacks, and on a name with the wrong prefix
# (public: redu_, internal: redu__, only those the allowlist below names).
# Not counted: what clang's OpenMP offloading emits for every target region (.offloading.
# entry.*, .__omp_offloading_*.region_id, __start/__stop_omp_offloading_entries), weak
# and with default visibility whatever -fvisibility says; libomptarget registers them. Nor,
# under ASan, the linker's bounds of its globals section (__start/__stop_asan_globals,
# exported by libredu_mpi.so in the sanitizer build).
set -eu
lib=$1 src=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for h; do printf '%s\n' "$src/$h"; done >"$tmp/headers"
xargs sed -n 's/^REDU_API [^(]*[ *]\(redu_[a-z0-9_]*\)(.*/\1/p' <"$tmp/headers" |
  sort -u >"$tmp/declared"
nm -D --defined-only "$lib" | awk '{print $NF}' |
  grep -Ev '^(\.offloading\.entry\.|\.__omp_offloading_|__(start|stop)_(omp_offloading_entries|asan_globals)$)' |
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
grep '^redu__' "$tmp/exported" | grep -vxE 'redu__(call_begin|call_end|seg_call_begin|seg_call_end|scan_begin|scan_end|segscan_begin|segscan_end|region_begin|region_end|region_exact_result|scan_region_begin|scan_region_end|bins_sorted_begin|bins_sorted_end|multi_call|partial_builtin|partial_dot|partial_by_code|fail|mpi_call|mpi_op|mpi_combine)' \
  >"$tmp/internal" && { echo "internal, but not called by stamped code or libredu_mpi:"; cat "$tmp/internal"; fail=1; }
[ $fail = 0 ] && echo "exports: as declared"
exit $fail

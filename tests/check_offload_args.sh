#!/bin/sh
# check_offload_args.sh CC SRC_ROOT OFFLOAD_FLAGS...: every target region must take the same
# arguments in the host's compile (its host fallback, which fixes the arguments the host
# passes to the kernel) and in the device's (the kernel). They differ when code inside a
# region is chosen by the preprocessor per target and names other variables of the enclosing
# function: the kernel then reads its arguments shifted and the launch fails on the GPU
# only (an #if __NVPTX__ inside the bins' element loop did that). Compile-only, at -O0 where
# the host fallback keeps its own definition.
set -eu
cc=$1 src=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
# name: argument types, one line per region (the device kernel's first argument is the
# runtime's launch environment, which the host fallback does not take)
sigs() { # FILE SKIP
  grep -E '^define (internal|weak_odr protected) void @__omp_offloading_[A-Za-z0-9_]+_l[0-9]+(_[0-9]+)?\(' "$1" |
    sed -E 's/^[^@]*@([A-Za-z0-9_]+)\((.*)\).*$/\1 \2/' |
    awk -v skip="$2" '{ name = $1; sub(/^[^ ]+ /, ""); n = split($0, a, /, /); out = name ":";
         for (i = 1 + skip; i <= n; ++i) { split(a[i], t, " "); out = out " " t[1] } print out }' |
    sort
}
for f in host/redu_bins_calls.c host/redu_bins_sort.c host/redu_builtin_calls.c \
         host/redu_scan_calls.c tests/test_region.c tests/test_region_bins.c \
         tests/stress/stress_a.c; do
  own=""
  case $f in host/*) own=-DREDU__BUILDING ;; esac
  for side in host device; do
    "$cc" "$@" $own -O0 --offload-$side-only -S -emit-llvm -I"$src/libredu" -I"$src" \
      -I"$src/tests" "$src/$f" -o "$tmp/$side.ll" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
  done
  sigs "$tmp/host.ll" 0 >"$tmp/host.sig"
  sigs "$tmp/device.ll" 1 >"$tmp/device.sig"
  regions=$(wc -l <"$tmp/device.sig")
  differ=$(diff "$tmp/host.sig" "$tmp/device.sig" | grep -c '^>' || true)
  echo "$f: $regions target regions, $differ whose host and device arguments differ"
  [ "$regions" -gt 0 ] && [ "$differ" = 0 ] || { diff "$tmp/host.sig" "$tmp/device.sig" | head -4; fail=1; }
done
[ $fail = 0 ] && echo "offload arguments: the same in both compiles" || echo "offload arguments: FAILED"
exit $fail

#!/bin/sh
# check_codegen.sh CC SRC_ROOT OFFLOAD_FLAGS...: libredu's kernels must not depend on
# LLVM's OpenMPOpt pass (docs/design.md, "Kernels that do not depend on OpenMPOpt").
# Compiles the device side of the built-in calls, the region and user-type tests and the
# stress TUs with OpenMPOpt disabled and fails if
#   - any __kmpc_alloc_shared call is left (a globalized local: on a GPU it is served from
#     the CUDA heap once the runtime's small shared stack is full, and the heap runs out), or
#   - any of libredu's kernels (array calls, user types, wrapped regions) is not SPMD
#     (exec mode 2) as clang emitted it.
set -eu
cc=$1 src=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for f in host/redu_builtin_calls.c host/redu_exact_calls.c host/redu_scan_calls.c \
         host/redu_segmented_scan.c host/redu_exact_scan.c \
         host/redu_segmented_signed.c \
         host/redu_segmented_unsigned.c host/redu_bins_calls.c host/redu_bins_sort.c \
         tests/test_udr.c tests/test_scan_udr.c tests/test_region.c \
         tests/test_region_exact.c tests/test_region_scan.c tests/test_region_bins.c \
         examples/exact_dot.c \
         tests/stress/stress_a.c tests/stress/stress_b.c tests/stress/stress_c.c \
         examples/complex_sum.c examples/welford.c examples/region_dot.c examples/scan_affine.c; do
  ll="$tmp/$(basename "$f" .c).ll"
  own=""
  case $f in host/*) own=-DREDU__BUILDING ;; esac # libredu's own source (device/redu_internal.h)
  "$cc" "$@" $own -O3 -mllvm -openmp-opt-disable --offload-device-only -S -emit-llvm \
    -I"$src/libredu" -I"$src" -I"$src/tests" "$src/$f" -o "$ll" 2>"$tmp/err" ||
    { cat "$tmp/err"; exit 1; }
  allocs=$(grep -c 'call.*@__kmpc_alloc_shared' "$ll" || true)
  # Every kernel but the tests' own probes (a plain `omp target` asking where it runs) and
  # the test comparing with clang's reduction clause.
  grep 'kernel_environment = ' "$ll" | grep -vE '_(stress_mode|clause_works|test[0-9]+)_l' \
    >"$tmp/kernels" || true
  kernels=$(wc -l <"$tmp/kernels")
  generic=$(grep -vc 'ConfigurationEnvironmentTy { i8 [01], i8 [01], i8 2,' "$tmp/kernels" || true)
  echo "$f: $kernels libredu kernels, $generic not SPMD, $allocs __kmpc_alloc_shared calls"
  [ "$allocs" = 0 ] && [ "$generic" = 0 ] && [ "$kernels" -gt 0 ] || fail=1
done
[ $fail = 0 ] && echo "codegen: no globalized locals, every kernel SPMD" || echo "codegen: FAILED"
exit $fail

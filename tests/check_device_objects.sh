#!/bin/sh
# check_device_objects.sh CC SRC_ROOT CUDA_ROOT [JOBS]: compiles libredu's device code for
# NVIDIA sm_90 to device objects (ptxas's cubins) with compiler CC, without linking: every
# source of the library, and an example of each form of kernel the public headers stamp into
# a user's program (declared reductions, commutative and ordered, with their scans and bins;
# regions with built-in, struct, exact, scan and bins kinds). The examples, not the tests:
# the same forms at a fraction of the compile time (test_udr alone is 118 CPU s for sm_90).
# For a clang whose NVPTX device runtime is not installed (Debian's clang-22 ships none):
# -nogpulib leaves the runtime's calls to the link, which needs it (docs/targets.md). Without
# the runtime each parallel region is reached through an unresolved runtime call, not
# inlined, so ptxas counts every outlined region as callable from every kernel and refuses
# one over a 1,024-thread kernel's 64 registers (clang 19 without its runtime does the
# same): --maxrregcount=64 gives every function that limit. And one loop of
# examples/region_struct.c asked to unroll is left rolled without the runtime's code inlined
# (clang 19 without its runtime warns the same; with it neither does): -Wno-pass-failed. CUDA_ROOT: a CUDA toolkit this clang supports (scripts/setup.sh --cuda makes
# .cuda-root).
set -eu
cc=$1 src=$2 cuda=$3 jobs=${4:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src"
ls host/*.c examples/welford.c examples/scan_affine.c examples/region_dot.c \
  examples/region_struct.c examples/exact_dot.c examples/region_scan.c \
  examples/bins_histogram.c >"$tmp/files"
export cc cuda tmp
# One compile per file, JOBS at a time; each prints its result line, a failure its errors.
xargs -P "$jobs" -I{} sh -c '
  f={}
  own=""
  case $f in host/*) own=-DREDU__BUILDING ;; esac
  o="$tmp/$(echo "$f" | tr / _).o"
  if "$cc" -fopenmp --offload-arch=sm_90 --cuda-path="$cuda" -nogpulib --offload-device-only \
       -Xcuda-ptxas --maxrregcount=64 -O3 -std=gnu17 -Wall -Wextra -Werror -Wno-pass-failed $own \
       -Ilibredu -I. -Itests -c "$f" -o "$o" 2>"$o.err" && [ "$(head -c 4 "$o" | od -An -c | tr -d " ")" = "177ELF" ]; then
    echo "$f: sm_90 object"
  else
    echo "$f: FAILED"; cat "$o.err"; exit 255
  fi' <"$tmp/files" || { echo "device objects: FAILED"; exit 1; }
n=$(wc -l <"$tmp/files")
echo "device objects: $n files compiled for sm_90 by $("$cc" --version | head -n 1)"

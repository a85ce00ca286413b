#!/bin/sh
# first_error.sh CC SRC_ROOT FILE REGEX: FILE must fail to compile, and its first error
# must match REGEX (the message a user sees first is the one that has to be clear).
set -u
cc=$1 src=$2 file=$3 regex=$4
out=$("$cc" -std=c17 -fopenmp -fsyntax-only -I"$src/libredu" -I"$src" "$file" 2>&1) &&
  { echo "compile_fail: $file compiled"; exit 1; }
first=$(printf '%s\n' "$out" | grep -m1 'error:')
echo "first error: $first"
printf '%s\n' "$first" | grep -Eq -- "$regex" || { echo "compile_fail: expected /$regex/"; exit 1; }

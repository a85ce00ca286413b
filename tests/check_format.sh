#!/bin/sh
# check_format.sh SRC_ROOT: every C source of the tree is as .clang-format lays it out
# (clang-format 19, which scripts/setup.sh installs). To fix: clang-format-19 -i FILES.
set -eu
src=$1
cd "$src"
fmt=$(command -v clang-format-19 || true)
[ -n "$fmt" ] || { echo "check_format: clang-format-19 not found: run scripts/setup.sh"; exit 1; }
files=$(find libredu device host tests bench examples \( -name '*.c' -o -name '*.h' -o -name '*.cu' \) | sort)
"$fmt" --dry-run --Werror $files
echo "check_format: $(echo "$files" | wc -l) files as .clang-format lays them out"

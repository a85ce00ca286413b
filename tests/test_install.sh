#!/bin/sh
# cmake --install into a scratch prefix, then build and run the quickstart against it
# twice: through find_package(libredu) and through pkg-config; and a wrapped region with
# a declared struct (installed device templates) through pkg-config.
#   test_install.sh BUILD_DIR SOURCE_DIR C_COMPILER
set -eu
build=$1 src=$2 cc=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
CC=$cc cmake -S "$src/tests/consumer" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
  -DQUICKSTART="$src/examples/quickstart.c" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
"$tmp/consumer/consumer"
flags=$(PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig" pkg-config --cflags --libs libredu)
# shellcheck disable=SC2086
"$cc" "$src/examples/quickstart.c" $flags -o "$tmp/pc-consumer"
"$tmp/pc-consumer"
# shellcheck disable=SC2086
"$cc" "$src/examples/region_struct.c" -I"$src/examples" $flags -lm -o "$tmp/pc-region"
"$tmp/pc-region"
echo "test_install: find_package and pkg-config consumers passed"

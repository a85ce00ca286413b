#!/bin/sh
# cmake --install into a scratch prefix, then build and run the quickstart against it
# twice: through find_package(libredu) and through pkg-config; and a wrapped region with
# a declared struct (installed device templates) through pkg-config. Given MPIEXEC (built
# with MPI), also an MPI example through find_package's redu::redu_mpi on 2 ranks.
#   test_install.sh BUILD_DIR SOURCE_DIR C_COMPILER [MPIEXEC]
set -eu
build=$1 src=$2 cc=$3 mpiexec=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
CC=$cc cmake -S "$src/tests/consumer" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
  -DQUICKSTART="$src/examples/quickstart.c" -DMPI_EXAMPLE="${mpiexec:+$src/examples/mpi_cg_dot.c}" \
  >/dev/null
cmake --build "$tmp/consumer" >/dev/null
"$tmp/consumer/consumer"
if [ -n "$mpiexec" ]; then
  "$mpiexec" -np 2 --oversubscribe "$tmp/consumer/mpi_consumer"
fi
flags=$(PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig" pkg-config --cflags --libs libredu)
# shellcheck disable=SC2086
"$cc" "$src/examples/quickstart.c" $flags -o "$tmp/pc-consumer"
"$tmp/pc-consumer"
# shellcheck disable=SC2086
"$cc" "$src/examples/region_struct.c" -I"$src/examples" $flags -lm -o "$tmp/pc-region"
"$tmp/pc-region"
echo "test_install: find_package and pkg-config consumers passed"

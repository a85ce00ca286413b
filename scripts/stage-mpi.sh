#!/bin/sh
# Stages Debian 12's Open MPI 4.1 runtime (about 6 MB of .deb files) for a GPU machine that
# has no MPI and no package registry, with env/mpi-env.sh beside it. Run here, from the
# project root:
#
#     scripts/stage-mpi.sh [DEST]                  # DEST defaults to .gpu-mpi (git-ignored)
#
# Copy DEST there with the runtime of scripts/stage-gpu-runtime.sh and the executables
# (test_mpi, the mpi_* examples, redu-bench-mpi, libredu.so*, libredu_mpi.so*), and there,
# from the project root:
#
#     . .gpu-rt/device-env.sh && . .gpu-mpi/mpi-env.sh
#     mpirun --oversubscribe -x LD_LIBRARY_PATH -x PATH -np 2 .gpu-build/tests/test_mpi
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dest=${1:-.gpu-mpi}
pkgs="openmpi-bin libopenmpi3 openmpi-common libpmix2 libevent-core-2.1-7
      libevent-pthreads-2.1-7 libfabric1 libucx0 libibverbs1 librdmacm1 libpsm2-2
      libpsm-infinipath1 libnl-3-200 libnl-route-3-200 libmunge2 libnuma1 libpciaccess0"
mkdir -p "$dest"
cp "$here/env/mpi-env.sh" "$dest/mpi-env.sh"
missing=""
for p in $pkgs; do
  ls "$dest/${p}_"*.deb > /dev/null 2>&1 || missing="$missing $p"
done
if [ -z "$missing" ]; then
  echo "stage-mpi: $dest already holds Open MPI"
  exit 0
fi
# apt downloads as the _apt user: let it write to a folder of its own (else it warns and
# downloads as root), then move the files into DEST.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chown _apt "$work" 2> /dev/null || chmod 777 "$work"
(cd "$work" && apt-get download $missing)
mv "$work"/*.deb "$dest"/
echo "stage-mpi: $(du -sh "$dest" | cut -f1) in $dest"

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
. "$(dirname "$0")/common.sh"
stage_debs stage-mpi "${1:-.gpu-mpi}" mpi-env.sh \
  openmpi-bin libopenmpi3 openmpi-common libpmix2 libevent-core-2.1-7 \
  libevent-pthreads-2.1-7 libfabric1 libucx0 libibverbs1 librdmacm1 libpsm2-2 \
  libpsm-infinipath1 libnl-3-200 libnl-route-3-200 libmunge2 libnuma1 \
  libpciaccess0

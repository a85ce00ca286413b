#!/bin/sh
# Stages what an nvptx build of libredu needs at run time on a GPU machine that has the
# NVIDIA driver but no package registry (and no LLVM 19): Debian 12's LLVM 19 OpenMP
# runtime (libomp, libomptarget with its CUDA plugin, and the libraries they load) and hwloc,
# as .deb files in one folder, with env/device-env.sh beside them. Run here, from the
# project root, on Debian 12 (about 45 MB):
#
#     scripts/stage-gpu-runtime.sh [DEST]          # DEST defaults to .gpu-rt (git-ignored)
#
# Copy DEST and the build's executables and libredu.so* to the GPU machine, keeping the
# project's layout, and there, from the project root:
#
#     . .gpu-rt/device-env.sh && scripts/gpu-run.sh .gpu-build [tests|stress|sanitize|bench|all]
#
# device-env.sh unpacks the packages once into /tmp/redu-rt and puts their libraries on
# LD_LIBRARY_PATH; nothing is installed. Packages already in DEST are not downloaded again.
set -eu
. "$(dirname "$0")/common.sh"
stage_debs stage-gpu-runtime "${1:-.gpu-rt}" device-env.sh \
  libomp5-19 libllvm19 libz3-4 libicu72 libxml2 libedit2 libbsd0 libmd0 libffi8 \
  libtinfo6 libhwloc15

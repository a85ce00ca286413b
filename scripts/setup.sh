#!/bin/sh
# Installs what libredu needs on Debian 12, as root. Idempotent.
#   scripts/setup.sh            compiler (clang 19), OpenMP offload runtime, hwloc, cmake
#   scripts/setup.sh --cuda     also the project-local CUDA root (.cuda-root/) for NVIDIA builds
#   scripts/setup.sh --amd      also Debian's ROCm device libraries (rocm-device-libs) for
#                               AMD builds (REDU_OFFLOAD=amdgcn)
#   scripts/setup.sh --llvm 22  clang 22 and its OpenMP runtime instead of clang 19 (Debian's
#                               libomp-19-dev and libomp-22-dev conflict: one per machine;
#                               build with CC=clang-22)
# The CUDA root holds CUDA 11.8's ptxas/nvlink/fatbinary/libdevice (and cuobjdump/nvdisasm,
# for scripts/sass-loops.sh) from Debian's non-free nvidia-cuda-toolkit package, unpacked,
# never installed: LLVM 19's libomptarget cannot load
# cubins written by CUDA 12.8+/13 tools (ELF ABI 8), so a newer system CUDA silently falls
# back to the host.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
want_cuda=0 want_amd=0 llvm=19
while [ $# -gt 0 ]; do
  case $1 in
    --cuda) want_cuda=1 ;;
    --amd) want_amd=1 ;;
    --llvm)
      case ${2:-} in
        19 | 22) llvm=$2 ;;
        *) echo "setup: --llvm takes 19 or 22 (the clang releases Debian 12 carries with OpenMP offload)" >&2; exit 2 ;;
      esac
      shift ;;
    *) sed -n '2,/^set -eu/p' "$0" | sed '$d' >&2; exit 2 ;;
  esac
  shift
done

# The list is what a debootstrap minbase Debian 12 needs, checked by scripts/clean-root.sh
# (a machine with more installed proves nothing). clang-tools-19 holds clang-offload-packager
# and clang-linker-wrapper, which every offload compile and link runs; clang-19 lacks them.
# clang-format-19 checks the layout (tests/check_format.sh); libmpfr-dev is the exact
# reference of tests/test_exact.c. libopenmpi-dev and openmpi-bin are Debian's Open MPI
# (4.1), which libredu_mpi (libredu/redu_mpi.h) builds on and whose mpirun runs test_mpi.
# With --llvm 22: Debian ships LLVM 22's host offload runtime (libomptarget, the x86_64
# plugin) in liboffload-22, apart from libomp-22-dev; llvm-22 holds llvm-offload-binary,
# which clang 22's offload driver runs on every compile (clang 19's packager is in
# clang-tools-19); libclang-rt-22-dev holds its sanitizer
# and libFuzzer runtimes; binutils' nm reads libredu's exports (tests/check_exports.sh; clang
# 19's packages bring binutils, 22's do not).
pkgs="clang-$llvm clang-tools-$llvm libclang-rt-$llvm-dev libomp-$llvm-dev lld-$llvm"
[ "$llvm" = 19 ] || pkgs="$pkgs llvm-$llvm liboffload-$llvm liboffload-$llvm-dev binutils"
[ "$want_amd" = 0 ] || pkgs="$pkgs rocm-device-libs"
need=""
for p in $pkgs clang-format-19 libhwloc-dev hwloc libmpfr-dev libopenmpi-dev openmpi-bin cmake pkg-config make ca-certificates; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need="$need $p"
done
if [ -n "$need" ]; then
  apt-get update -qq
  # Use-Pty=0: no dpkg progress bars in CI logs.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    -o Dpkg::Use-Pty=0 $need
fi

[ "$want_cuda" = 1 ] || exit 0
cuda="$root/.cuda-root"
[ -x "$cuda/bin/ptxas" ] && [ -x "$cuda/bin/nvdisasm" ] && [ -f "$cuda/nvvm/libdevice/libdevice.10.bc" ] &&
  exit 0

# nvidia-cuda-toolkit is in Debian's non-free component, which a fresh Debian 12 often lacks
# (containers: "Components: main" in debian.sources; the installer: "main
# non-free-firmware" in sources.list). Add it to the Debian entries already configured, in
# either format, only when apt cannot see the package yet. (apt-cache show is no test: it
# succeeds for a name that packages in main merely mention.)
has_toolkit() { LC_ALL=C apt-cache policy nvidia-cuda-toolkit 2>/dev/null | grep -q 'Candidate: [0-9]'; }
apt-get update -qq
if ! has_toolkit; then
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    grep -q '^URIs:.*/debian' "$f" || continue
    sed -i '/^Components:/{/[[:space:]]non-free\([[:space:]]\|$\)/!s/[[:space:]]*$/ non-free/}' "$f"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    sed -i '/^[[:space:]]*deb[[:space:]].*:\/\/[^[:space:]]*\/debian/{/[[:space:]]non-free\([[:space:]]\|$\)/!s/[[:space:]]*$/ non-free/}' "$f"
  done
  apt-get update -qq
fi
if ! has_toolkit; then
  echo "setup: nvidia-cuda-toolkit not found even with Debian's non-free component added to" >&2
  echo "setup: /etc/apt/sources.list{,.d}; add non-free to your Debian 12 source by hand" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# apt downloads as the _apt user: let it write here (else it warns and downloads as root).
chown _apt "$work" 2>/dev/null || chmod 755 "$work"
(cd "$work" && apt-get download -qq nvidia-cuda-toolkit && dpkg -x nvidia-cuda-toolkit_*.deb x)
mkdir -p "$cuda/bin" "$cuda/nvvm/libdevice" "$cuda/include"
# cuobjdump and nvdisasm read these cubins' SASS (scripts/sass-loops.sh); CUDA 13's cannot.
for t in ptxas nvlink fatbinary cuobjdump nvdisasm; do cp "$work/x/usr/bin/$t" "$cuda/bin/$t"; done
cp "$work/x/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc" "$cuda/nvvm/libdevice/"
# clang reads the CUDA version from cuda.h; nothing else of it is used.
echo '#define CUDA_VERSION 11080' > "$cuda/include/cuda.h"
echo "setup: CUDA 11.8 device tools in $cuda"

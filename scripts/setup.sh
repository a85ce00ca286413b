#!/bin/sh
# Installs what libredu needs on Debian 12, as root. Idempotent.
#   scripts/setup.sh          compiler, OpenMP offload runtime, hwloc, cmake
#   scripts/setup.sh --cuda   also the project-local CUDA root (.cuda-root/) for NVIDIA builds
# The CUDA root holds CUDA 11.8's ptxas/nvlink/fatbinary/libdevice from Debian's non-free
# nvidia-cuda-toolkit package, unpacked, never installed: LLVM 19's libomptarget cannot load
# cubins written by CUDA 12.8+/13 tools (ELF ABI 8), so a newer system CUDA silently falls
# back to the host.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
want_cuda=0
[ "${1:-}" = "--cuda" ] && want_cuda=1

need=""
for p in clang-19 libclang-rt-19-dev libomp-19-dev lld-19 libhwloc-dev hwloc cmake pkg-config make ca-certificates; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need="$need $p"
done
if [ -n "$need" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $need
fi

[ "$want_cuda" = 1 ] || exit 0
cuda="$root/.cuda-root"
[ -x "$cuda/bin/ptxas" ] && [ -f "$cuda/nvvm/libdevice/libdevice.10.bc" ] && exit 0

# Reach Debian's non-free component by adding it to the source lists already configured.
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  grep -q '^Components:.*non-free\( \|$\)' "$f" || sed -i 's/^Components: main$/Components: main non-free/' "$f"
done
if [ -f /etc/apt/sources.list ]; then
  sed -i '/^deb .*debian/{/ non-free\( \|$\)/!s/ main$/ main non-free/}' /etc/apt/sources.list
fi
apt-get update -qq
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download -q nvidia-cuda-toolkit >/dev/null 2>&1 && dpkg -x nvidia-cuda-toolkit_*.deb x)
mkdir -p "$cuda/bin" "$cuda/nvvm/libdevice" "$cuda/include"
for t in ptxas nvlink fatbinary; do cp "$work/x/usr/bin/$t" "$cuda/bin/$t"; done
cp "$work/x/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc" "$cuda/nvvm/libdevice/"
# clang reads the CUDA version from cuda.h; nothing else of it is used.
echo '#define CUDA_VERSION 11080' > "$cuda/include/cuda.h"
echo "setup: CUDA 11.8 device tools in $cuda"

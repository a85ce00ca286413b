#!/bin/sh
# check_cuda_gate.sh CC SRC_ROOT: configuring the nvptx flavour refuses a CUDA toolkit whose
# cubins this LLVM's libomptarget cannot load (12.8 and later before LLVM 21), in words,
# and takes an older one. The toolkits are stand-in ptxas scripts that print a release.
set -eu
cc=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
major=$("$cc" -dumpversion | cut -d. -f1)
fake() { # fake RELEASE: a CUDA root whose ptxas says RELEASE
  mkdir -p "$tmp/cuda-$1/bin"
  printf '#!/bin/sh\necho "Cuda compilation tools, release %s, V%s.0"\n' "$1" "$1" \
    >"$tmp/cuda-$1/bin/ptxas"
  chmod +x "$tmp/cuda-$1/bin/ptxas"
}
configure() { # configure RELEASE: 0 when the nvptx flavour configures with it
  CC=$cc cmake -S "$src" -B "$tmp/build-$1" -DREDU_OFFLOAD=nvptx -DREDU_CUDA_ROOT="$tmp/cuda-$1" \
    -DREDU_BUILD_BENCH=OFF >"$tmp/log-$1" 2>&1
}
fake 12.8
fake 12.6
fail=0
if [ "$major" -lt 21 ]; then
  if configure 12.8; then
    echo "cuda gate: CUDA 12.8 was taken with clang $major"; fail=1
  elif grep -q "cannot load" "$tmp/log-12.8"; then
    echo "cuda gate: CUDA 12.8 refused with clang $major, in words"
  else
    echo "cuda gate: CUDA 12.8 refused, but not for its cubins:"; cat "$tmp/log-12.8"; fail=1
  fi
fi
if configure 12.6; then
  echo "cuda gate: CUDA 12.6 taken"
else
  echo "cuda gate: CUDA 12.6 refused:"; cat "$tmp/log-12.6"; fail=1
fi
exit $fail

# Shared by run-main.sh and test.sh: where things go, and whether a usable NVIDIA GPU is here.
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
has_gpu() { command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q GPU; }
# configure_build DIR FLAVOUR [extra cmake args...]
configure_build() {
  dir=$1 flavour=$2
  shift 2
  CC=clang-19 cmake -S "$root" -B "$dir" -DREDU_OFFLOAD="$flavour" "$@" >/dev/null &&
    cmake --build "$dir" -j "$jobs"
}

# Shared by run-main.sh and test.sh: where things go, and whether a usable NVIDIA GPU is here.
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
has_gpu() { command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q GPU; }
# The compiler: clang 19 (Debian 12's, what setup.sh installs), or clang-$REDU_LLVM where a
# machine has the other one (setup.sh --llvm 22; scripts/clean-root.sh --llvm 22).
llvm=${REDU_LLVM:-19}
cc=clang-$llvm
# configure_build DIR FLAVOUR [extra cmake args...]
configure_build() {
  dir=$1 flavour=$2
  shift 2
  CC=$cc cmake -S "$root" -B "$dir" -DREDU_OFFLOAD="$flavour" "$@" >/dev/null &&
    cmake --build "$dir" -j "$jobs"
}
# stage_debs WHAT DEST ENV PKG...: for a machine with no package registry, downloads into DEST
# the Debian packages it lacks (unpacked there by DEST/ENV, never installed) and copies
# scripts/env/ENV beside them. apt downloads as the _apt user: it gets a folder of its own
# (else it warns and downloads as root), whose files then move into DEST.
stage_debs() {
  what=$1 dest=$2 env=$3
  shift 3
  mkdir -p "$dest"
  cp "$root/scripts/env/$env" "$dest/$env"
  missing=""
  for p in "$@"; do
    ls "$dest/${p}_"*.deb >/dev/null 2>&1 || missing="$missing $p"
  done
  if [ -z "$missing" ]; then
    echo "$what: $dest already holds its packages"
    return 0
  fi
  work=$(mktemp -d)
  chown _apt "$work" 2>/dev/null || chmod 777 "$work"
  rc=0
  (cd "$work" && apt-get download $missing) && mv "$work"/*.deb "$dest"/ || rc=$?
  rm -rf "$work"
  [ "$rc" = 0 ] || return "$rc"
  echo "$what: $(du -sh "$dest" | cut -f1) in $dest"
}

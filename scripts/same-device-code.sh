#!/bin/sh
# same-device-code.sh REV [FILE...]: does the working tree compile to the same NVIDIA
# device code (sm_90 PTX) as revision REV? For refactors that must not change a kernel
# (renames, moves, macro reshaping): compiles each FILE at REV (a temporary git worktree)
# and here, gives every name that differs between the two (functions, kernels, their line
# numbers) a canonical name by order of first appearance, and counts the PTX lines that
# still differ. A FILE that moved is given as OLD:NEW. Default: the built-in calls, a
# region, a declared reduction and a stress TU. Needs scripts/setup.sh --cuda.
set -eu
. "$(dirname "$0")/common.sh"
rev=$1
shift
[ $# -gt 0 ] || set -- host/redu_builtin_calls.c \
  examples/region_dot.c bench/bench_regions.c examples/welford.c tests/stress/stress_a.c
tmp=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$tmp/rev" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
git -C "$root" worktree add --detach "$tmp/rev" "$rev" >/dev/null 2>&1
ptx() { # DIR FILE OUT
  (cd "$1" && clang-19 -fopenmp --offload-arch=sm_90 --cuda-path="$root/.cuda-root" -O3 \
    --offload-device-only -S -DREDU__BUILDING -Ilibredu -I. -Iexamples -Itests "$2" -o "$3" \
    2>"$tmp/cc.err") || { cat "$tmp/cc.err"; exit 1; }
}
fail=0
for spec in "$@"; do
  old=${spec%%:*} new=${spec#*:}
  ptx "$tmp/rev" "$old" "$tmp/a.s"
  ptx "$root" "$new" "$tmp/b.s"
  n=$(python3 - "$tmp/a.s" "$tmp/b.s" <<'PY'
import difflib, re, sys
def canon(path):
    ids = {}
    def name(m):
        return ids.setdefault(m.group(0), 'ID%d' % len(ids))
    text = '\n'.join(l.rstrip('\n') for l in open(path) if not l.lstrip().startswith('//'))
    return re.sub(r'\b[A-Za-z_$][A-Za-z0-9_$]*(redu|omp_offloading|_k_)[A-Za-z0-9_$]*', name, text).split('\n')
a, b = canon(sys.argv[1]), canon(sys.argv[2])
print(sum(1 for l in difflib.unified_diff(a, b, lineterm='', n=0)
          if l[:1] in '+-' and l[:3] not in ('+++', '---')), len(b))
PY
)
  echo "$new: ${n#* } PTX lines, ${n%% *} differ from $rev ($old)"
  [ "${n%% *}" = 0 ] || fail=1
done
exit $fail

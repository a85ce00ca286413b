#!/bin/sh
# sass-loops.sh FILE.c [clang flags...]: what ptxas made of FILE's NVIDIA kernels (sm_90),
# without a GPU: registers, stack and spills per function (ptxas -v), and for each function
# up to four loops that read global memory (LDG), those with 16-byte loads first, innermost
# first, with their SASS mix: 16-byte loads, local-memory traffic (LDL/STL), FP64
# instructions, warp votes, calls, barriers; then each kernel's barrier count (a clause
# kernel compiled beside another kind of target region has several times more:
# bench/README.md). A reduction's hot loop is the one with its 16-byte loads (LDG.E.128); a
# loop with spills (LDL/STL) or a call inside is worth a look.
# Uses the project's CUDA 11.8 root (scripts/setup.sh --cuda: ptxas, cuobjdump, nvdisasm;
# CUDA 13's cuobjdump cannot read these cubins). Example: scripts/sass-loops.sh
# host/redu_exact_calls.c
set -eu
. "$(dirname "$0")/common.sh"
src=$1
shift
cuda=$root/.cuda-root
[ -x "$cuda/bin/cuobjdump" ] && [ -x "$cuda/bin/nvdisasm" ] ||
  { echo "sass-loops: run scripts/setup.sh --cuda first (ptxas, cuobjdump, nvdisasm)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && clang-19 -O3 -fPIC -fopenmp --offload-arch=sm_90 --cuda-path="$cuda" \
  --libomptarget-nvptx-bc-path=/usr/lib/llvm-19/lib/libomptarget-nvptx-sm_90.bc -DREDU__BUILDING \
  -I"$root/libredu" -I"$root" -I"$root/examples" -I"$root/tests" "$@" -c "$root/$src" -o x.o \
  -save-temps >/dev/null 2>&1) || { echo "sass-loops: $src does not compile" >&2; exit 1; }
ptx=$(ls "$tmp"/*sm_90*.s)
echo "== ptxas -v (registers, stack, spills; an ABI function's spills include its callee-saved registers)"
"$cuda/bin/ptxas" -m64 -O3 --gpu-name sm_90 -v --output-file "$tmp/k.cubin" "$ptx" -c 2>&1 |
  awk '/Compiling entry|Function properties for/ {
         name = $0; sub(/.* (for|function) \x27?/, "", name); sub(/\x27.*/, "", name)
         sub(/^__omp_offloading_[0-9a-f]+_[0-9a-f]+_/, "", name)
       }
       /bytes stack frame/ && name !~ /^__kmpc|^__omp_get|^omp_/ {sub(/^ +/, ""); print name ": " $0}
       /Used [0-9]+ registers/ && name !~ /^__kmpc/ {print name ": " $5 " registers"}'
echo "== loops that read global memory, innermost first (SASS)"
NVDISASM_PATH="$cuda/bin" PATH="$cuda/bin:$PATH" "$cuda/bin/cuobjdump" -sass "$tmp/k.cubin" >"$tmp/k.sass"
python3 - "$tmp/k.sass" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
for part in re.split(r'\n\s*Function : ', text)[1:]:
    name = part.split('\n')[0].strip()
    ins = [(int(m.group(1), 16), m.group(2)) for m in
           (re.match(r'\s*/\*([0-9a-f]{4,})\*/\s+(.*?);', l) for l in part.split('\n')) if m]
    loops = []
    for addr, op in ins:
        m = re.search(r'\bBRA (?:\S+ )?0x([0-9a-f]+)', op)
        if m and 'BRA.DIV' not in op and int(m.group(1), 16) < addr:
            body = [o for a, o in ins if int(m.group(1), 16) <= a <= addr]
            if any('LDG' in o for o in body):
                loops.append(body)
    # Loops with 16-byte loads (a reduction's hot loop) first, then the rest, innermost first.
    for body in sorted(loops, key=lambda b: (not any('LDG.E.128' in o for o in b), len(b)))[:4]:
        count = lambda *keys: sum(any(k in o for k in keys) for o in body)
        name = re.sub(r'^__omp_offloading_[0-9a-f]+_[0-9a-f]+_', '', name)
        print(f"{name}: loop of {len(body)} instructions: LDG {count('LDG')} (16-byte {count('LDG.E.128')}), "
              f"LDL/STL {count('LDL', 'STL')}, FP64 {count('DADD', 'DFMA', 'DMUL', 'DSETP')}, "
              f"VOTE {count('VOTE')}, CALL {count('CALL')}, BAR {count('BAR.')}")
PY
echo "== barriers per kernel (BAR instructions anywhere in its SASS)"
awk '/Function :/ { name = $3; sub(/^__omp_offloading_[0-9a-f]+_[0-9a-f]+_/, "", name); n[name] += 0 }
     /BAR\./ { n[name]++ }
     END { for (k in n) if (k !~ /^__kmpc|^__cuda/) print k ": " n[k] }' "$tmp/k.sass" | sort

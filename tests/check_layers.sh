#!/bin/sh
# check_layers.sh SRC_ROOT: includes go one way (docs/contributing.md, "Layers"):
#   libredu/redu.h, redu_types.h, redu_typed.h, redu_scan.h, redu_segmented_scan.h
#              the API: public headers only
#   device/    kernel templates, target layer: device/ and the API, never host/
#   host/      the library: anything of the above, and host/
#   libredu/redu_udr.h, redu_region.h, redu_mpi.h  stamping macros: the API, device/,
#              host/redu_call.h and host/redu_partial.h (what stamped code calls)
# and every include of ours names its folder from the include path, never "../".
# redu_udr.h and redu_region.h stay light: their REDU__ machinery lives in guarded detail
# headers under device/ (redu_udr_stamp.h, redu_region_for.h, redu_region_kinds.h), which
# like the rest of device/ include no host/ header: the host calls they name are declared
# by host/redu_call.h, which redu_udr.h includes.
set -eu
src=$1
cd "$src"
fail=0
bad() { echo "layers: $1"; fail=1; }
incs() { grep -Hn '^#include "' "$@" 2>/dev/null || true; }
# find, not git: the clean root (scripts/clean-root.sh) tests a copy without git.
incs $(find libredu device host tests bench examples \( -name '*.c' -o -name '*.h' -o -name '*.cu' \)) | grep '"\.\./' | while read -r l; do echo "layers: relative include: $l"; done | grep . && fail=1
incs libredu/redu.h libredu/redu_types.h libredu/redu_typed.h libredu/redu_scan.h libredu/redu_segmented_scan.h | grep -E '"(device|host)/' && bad "the API includes internals"
incs $(find device -name '*.h') | grep '"host/' && bad "device/ includes host/"
incs libredu/redu_udr.h libredu/redu_region.h libredu/redu_mpi.h | grep '"host/' |
  grep -v -e '"host/redu_call.h"' -e '"host/redu_partial.h"' &&
  bad "stamping macros include a host header other than host/redu_call.h, host/redu_partial.h"
grep -Hn '^#define REDU__' libredu/redu_udr.h libredu/redu_region.h | grep -v 'REDU__INSIDE$' &&
  bad "REDU__ machinery in a public stamping header: move it to its detail header in device/"
[ $fail = 0 ] && echo "layers: one way"
exit $fail

#!/bin/sh
# check_op_table.sh CC SRC_ROOT: every op list written out by hand agrees with the op table
# (device/redu_op_table.h), whose rows stamp every built-in call:
#   - each family of literal prototypes (redu_<op>_<t> in redu_typed.h, redu_segmented_ and
#     redu_batched_ in redu_segmented.h, redu_multi_ in redu_multi.h, redu_mpi_ in
#     redu_mpi.h) names exactly the table's (op, type) pairs, with an index output exactly
#     for its arg ops; the scans (redu_inclusive_scan_ and redu_exclusive_scan_ in
#     redu_scan.h; redu_segmented_ and redu_batched_ ones in redu_segmented_scan.h)
#     exactly its value rows' pairs; the bins (redu_bins_ in redu_bins.h) every row but the
#     float products (no bins: their rounding depends on the order of the multiplications);
#   - redu.h's redu_op enum has exactly the table's ops;
#   - the region combiners listed in redu_region.h and docs/regions.md are the table's, and
#     README.md's list of operations names exactly its ops;
#   - the value ops listed in docs/bins.md and docs/semantics.md are the table's value ops;
#     the region kinds listed in redu_region.h and docs/regions.md, and the identities'
#     row of docs/semantics.md, name every op.
# Prints what disagrees; fails if anything does.
set -eu
cc=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "op table: $1"; fail=1; }

# The rows, one "op sfx value|arg rfn OP" line per (op, type).
cat >"$tmp/rows.c" <<'EOF'
#include "redu_types.h"
#include "device/redu_op_table.h"
#define V(op, OP, A, I, L, C, F, RFN, X, sfx, T, E) @ROW op sfx value RFN OP
#define G(op, OP, A, I, L, C, F, KP, sfx, T, E) @ROW op sfx arg - OP
#define PER_TYPE(sfx, T, E, K, SA, LO, HI) REDU__OPS_OF_TYPE(V, G, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(PER_TYPE)
EOF
"$cc" -E -P -I"$src" -I"$src/libredu" "$tmp/rows.c" | tr "@" "\n" | sed -n "s/^ROW //p" | awk "NF == 5" >"$tmp/rows"
[ "$(wc -l <"$tmp/rows")" -gt 0 ] || { echo "op table: no rows read from device/redu_op_table.h"; exit 1; }
sfxs=$(awk '{print $2}' "$tmp/rows" | sort -u | tr '\n' '|' | sed 's/|$//')
awk '{print $1}' "$tmp/rows" | sort -u >"$tmp/ops"

# family PREFIX HEADER [KINDS [SKIP]]: the header's prototypes redu_<PREFIX><op>_<t> (dot
# products, which are no row, left out) as "name value|arg" against the table's rows of those
# kinds (a regular expression over value|arg; every row when empty or left out), less the
# rows whose "name kind" line SKIP (a regular expression) matches.
family() {
  awk -v pre="redu_$1" -v sfxs="^($sfxs)$" '
    /^REDU_API/ { decl = "" ; on = 1 }
    on { decl = decl " " $0 }
    on && /;/ {
      on = 0
      if (match(decl, /redu_[a-z0-9_]+\(/)) {
        name = substr(decl, RSTART, RLENGTH - 1)
        if (index(name, pre) != 1) next
        rest = substr(name, length(pre) + 1)
        n = split(rest, part, "_")
        if (n != 2 || part[2] !~ sfxs || part[1] == "dot") next
        print name, (decl ~ /size_t \*ind/ ? "arg" : "value")
      }
    }' "$src/libredu/$2" | sort >"$tmp/have"
  awk -v pre="redu_$1" -v kinds="^(${3:-value|arg})$" '$3 ~ kinds {print pre $1 "_" $2, $3}' \
    "$tmp/rows" | grep -Ev "${4:-^$}" | sort >"$tmp/want"
  if ! cmp -s "$tmp/have" "$tmp/want"; then
    bad "libredu/$2's redu_$1<op>_<t> prototypes differ from the table (< header, > table):"
    diff "$tmp/have" "$tmp/want" | grep '^[<>]' || true
  fi
}
family "" redu_typed.h
family segmented_ redu_segmented.h
family batched_ redu_segmented.h
family multi_ redu_multi.h
family mpi_ redu_mpi.h
family inclusive_scan_ redu_scan.h value
family exclusive_scan_ redu_scan.h value
family segmented_inclusive_scan_ redu_segmented_scan.h value
family segmented_exclusive_scan_ redu_segmented_scan.h value
family batched_inclusive_scan_ redu_segmented_scan.h value
family batched_exclusive_scan_ redu_segmented_scan.h value
family bins_ redu_bins.h "" "^redu_bins_prod_f(32|64) "

# redu.h's enum, from "typedef enum redu_op {" to REDU_OP_COUNT.
sed -n '/^typedef enum redu_op {/,/REDU_OP_COUNT/p' "$src/libredu/redu.h" |
  sed -n 's/^ *\(REDU_[A-Z]*\),.*/\1/p' | grep -v REDU_OP_COUNT | sort >"$tmp/enum"
awk '{print $5}' "$tmp/rows" | sort -u >"$tmp/table_enum"
cmp -s "$tmp/enum" "$tmp/table_enum" ||
  { bad "redu.h's redu_op differs from the table's ops (< enum, > table):"; diff "$tmp/enum" "$tmp/table_enum" | grep '^[<>]' || true; }

# words WORDS: one per line, sorted.
words() { printf '%s\n' $1 | sort -u; }
awk '$3 == "value" {print $4}' "$tmp/rows" | sort -u >"$tmp/rfn"
rfn_region=$(sed -n '/redu_region_<fn>_<t>, fn one *$/{n;s/^ \* *of \(.*\), or the C operator.*/\1/p;}' "$src/libredu/redu_region.h")
words "$rfn_region" | cmp -s - "$tmp/rfn" || bad "redu_region.h lists the combiners \"$rfn_region\"; the table has: $(tr '\n' ' ' <"$tmp/rfn")"
rfn_doc=$(sed -n 's/.*`redu_region_<fn>_<t>` with `<fn>` one of `\([a-z ]*\)`.*/\1/p' "$src/docs/regions.md")
words "$rfn_doc" | cmp -s - "$tmp/rfn" || bad "docs/regions.md lists the combiners \"$rfn_doc\"; the table has: $(tr '\n' ' ' <"$tmp/rfn")"
ops_readme=$(sed -n 's/^Operations: \(.*\) for int8.*/\1/p' "$src/README.md" | tr -d ',')
words "$ops_readme" | cmp -s - "$tmp/ops" || bad "README.md lists the operations \"$ops_readme\"; the table has: $(tr '\n' ' ' <"$tmp/ops")"

# value_ops FILE: the value ops a line of FILE lists as "(sum prod ... lor; ...)" are exactly
# the table's ops with value rows (the bins' and scans' lists in the docs).
awk '$3 == "value" {print $1}' "$tmp/rows" | sort -u >"$tmp/value_ops"
value_ops() {
  listed=$(sed -n 's/.*(\(sum [a-z ]*\);.*/\1/p' "$src/$1" | head -n 1)
  words "$listed" | cmp -s - "$tmp/value_ops" ||
    bad "$1 lists the value ops \"$listed\"; the table has: $(tr '\n' ' ' <"$tmp/value_ops")"
}
value_ops docs/bins.md
value_ops docs/semantics.md
# names_all FILE FROM TO WHAT: the lines of FILE from the first matching FROM to the next
# matching TO name every op of the table (a kind list, the identities' row).
names_all() {
  text=$(sed -n "/$2/,/$3/p" "$src/$1" | tr '\n/' '  ')
  [ -n "$text" ] || { bad "$1: no lines from \"$2\" to \"$3\" ($4)"; return; }
  for op in $(cat "$tmp/ops"); do
    printf '%s\n' "$text" | grep -qE "(^|[^a-z_])$op([^a-z]|$)" || bad "$1: $4 does not name $op"
  done
}
names_all libredu/redu_region.h "kind   a built-in kind" "argmin_<t> . argmax_<t>" "the kinds list"
names_all docs/regions.md "^- Kinds: " "^- Arg kinds" "the kinds list"
names_all docs/semantics.md "^| empty input" "^| integer sum" "the identities' row"

[ $fail = 0 ] && echo "op table: $(wc -l <"$tmp/ops") ops, $(wc -l <"$tmp/rows") (op, type) pairs; every list agrees"
exit $fail

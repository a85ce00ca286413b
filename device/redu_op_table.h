/* The built-in operations as one X-macro table, as libredu/redu_types.h is for the element
 * types: every family of built-in calls (typed, generic, segmented, batched, multi-device,
 * MPI), the region kinds and the tests are stamped from these rows, and
 * tests/check_op_table.sh compares the literal public prototypes and the docs with them.
 *
 * REDU__OPS_OF_TYPE(VALUE, ARG, sfx, T, E, K, SA, LO, HI) expands, inside a per-type macro of
 * REDU_FOR_EACH_TYPE (same arguments), one row per op defined on that type:
 *   VALUE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)
 *   ARG(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)
 * op       the name in every call (redu_<op>_<t>, redu_segmented_<op>_<t>, ...) and the kind
 *          <op>_<t> of regions
 * OP       its redu_op enum value (libredu/redu.h)
 * A        the accumulator type; IDENT its identity
 * LIFT     A LIFT(T v, size_t i): an element into the accumulator
 * COMBINE  A COMBINE(A a, A b), a holding earlier elements than b
 * FINISH   T FINISH(A): the result (for ARG, of the accumulator's order key .v; the index
 *          is .i)
 * RFN      VALUE only: the region combiner's name, redu_region_<RFN>_<t> (libredu/redu_region.h),
 *          which is FINISH(COMBINE(LIFT(a), LIFT(b))) in the variable's type
 * EXACT    VALUE only: 1 when REDU_EXACT makes the float forms correctly rounded (sum)
 * KEY_PICK ARG only: the same choice between two order keys alone (for CPUs' vector loops
 *          and the regions' redu_region_arg*_wins_<t>)
 * The types an op takes are the row's first column: ALL, or INT (integer types only).
 * Adding an op: a row here, its redu_op value before REDU_OP_COUNT, and its literal
 * prototypes in the public headers (docs/contributing.md, "A new op"). */
#ifndef REDU_OP_TABLE_H
#define REDU_OP_TABLE_H

#define REDU__OPS_OF_TYPE(VALUE, ARG, sfx, T, E, K, SA, LO, HI)                                    \
  REDU__OP_ON(ALL, K, VALUE,                                                                       \
              (sum, REDU_SUM, SA, (SA)0, redu__op_widen_##sfx, redu__op_add_##sfx,                 \
               redu__op_narrow_##sfx, add, 1, sfx, T, E))                                          \
  REDU__OP_ON(ALL, K, VALUE,                                                                       \
              (prod, REDU_PROD, SA, (SA)1, redu__op_widen_##sfx, redu__op_mul_##sfx,               \
               redu__op_narrow_##sfx, mul, 0, sfx, T, E))                                          \
  REDU__OP_ON(ALL, K, VALUE,                                                                       \
              (min, REDU_MIN, redu__ord_##sfx, REDU__MIN_IDENT(sfx, T, HI), redu__op_lo_##sfx,     \
               redu__op_min_##sfx, redu__op_value_##sfx, min, 0, sfx, T, E))                       \
  REDU__OP_ON(ALL, K, VALUE,                                                                       \
              (max, REDU_MAX, redu__ord_##sfx, REDU__MAX_IDENT(sfx, T, LO), redu__op_hi_##sfx,     \
               redu__op_max_##sfx, redu__op_value_##sfx, max, 0, sfx, T, E))                       \
  REDU__OP_ON(INT, K, VALUE,                                                                       \
              (band, REDU_BAND, T, (T) ~(T)0, redu__op_self_##sfx, redu__op_band_##sfx, (T), band, \
               0, sfx, T, E))                                                                      \
  REDU__OP_ON(                                                                                     \
      INT, K, VALUE,                                                                               \
      (bor, REDU_BOR, T, (T)0, redu__op_self_##sfx, redu__op_bor_##sfx, (T), bor, 0, sfx, T, E))   \
  REDU__OP_ON(INT, K, VALUE,                                                                       \
              (bxor, REDU_BXOR, T, (T)0, redu__op_self_##sfx, redu__op_bxor_##sfx, (T), bxor, 0,   \
               sfx, T, E))                                                                         \
  REDU__OP_ON(ALL, K, VALUE,                                                                       \
              (land, REDU_LAND, uint8_t, 1, redu__op_truth_##sfx, redu__op_and_flag, (T), land, 0, \
               sfx, T, E))                                                                         \
  REDU__OP_ON(                                                                                     \
      ALL, K, VALUE,                                                                               \
      (lor, REDU_LOR, uint8_t, 0, redu__op_truth_##sfx, redu__op_or_flag, (T), lor, 0, sfx, T, E)) \
  REDU__OP_ON(ALL, K, ARG,                                                                         \
              (argmin, REDU_ARGMIN, redu__loc_##sfx,                                               \
               ((redu__loc_##sfx){REDU__MIN_IDENT(sfx, T, HI), REDU_NO_INDEX}),                    \
               redu__op_at_lo_##sfx, redu__op_argmin_##sfx, redu__op_value_##sfx,                  \
               redu__op_min_##sfx, sfx, T, E))                                                     \
  REDU__OP_ON(ALL, K, ARG,                                                                         \
              (argmax, REDU_ARGMAX, redu__loc_##sfx,                                               \
               ((redu__loc_##sfx){REDU__MAX_IDENT(sfx, T, LO), REDU_NO_INDEX}),                    \
               redu__op_at_hi_##sfx, redu__op_argmax_##sfx, redu__op_value_##sfx,                  \
               redu__op_max_##sfx, sfx, T, E))

/* X applied to a row's arguments on the types its op takes: ALL on every kind of type, INT
 * on integers only. X is applied after the pick, not inside an argument, so that a stamp's
 * _Pragma is never met during an argument's expansion. */
#define REDU__OP_ON(TYPES, K, X, args) REDU__OP_ON_##TYPES##_##K(X, args)
#define REDU__OP_ON_ALL_INT(X, args)                                                               \
  X                                                                                                \
  args
#define REDU__OP_ON_ALL_UINT(X, args)                                                              \
  X                                                                                                \
  args
#define REDU__OP_ON_ALL_FLT(X, args)                                                               \
  X                                                                                                \
  args
#define REDU__OP_ON_INT_INT(X, args)                                                               \
  X                                                                                                \
  args
#define REDU__OP_ON_INT_UINT(X, args)                                                              \
  X                                                                                                \
  args
#define REDU__OP_ON_INT_FLT(X, args)

/* The number of ops, for the check against redu_op (host/redu_builtin_calls.c). */
#define REDU__OP_ROW_ONE(...) +1
#define REDU__OP_ROWS                                                                              \
  (0 REDU__OPS_OF_TYPE(REDU__OP_ROW_ONE, REDU__OP_ROW_ONE, i8, int8_t, REDU_INT8, INT, uint8_t, 0, \
                       0))

#endif

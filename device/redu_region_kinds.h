/* The built-in kinds of wrapped regions (libredu/redu_region.h): one per row of
 * device/redu_op_table.h and type, and the exact kinds. A kind is what REDU__FOR_IMPL
 * (device/redu_region_for.h) names for a pair (kind, var), and nothing more: its type,
 * order, arity, identity, combine, team and final steps and result read
 * (REDU__DECLARE_REGION_KIND in device/redu_udr_stamp.h). Built-in kinds stamp no array,
 * segmented or multi-device call: redu.h has the typed calls for those. Included by
 * libredu/redu_region.h after redu_udr.h, whose host/redu_call.h declares the host half
 * (redu__region, redu__region_exact_result). */
#ifndef REDU_REGION_KINDS_H
#define REDU_REGION_KINDS_H

#include "device/redu_internal.h"

#include "device/redu_builtin_ops.h"
#include "device/redu_op_table.h"
#include "device/redu_region_exact.h"
#include "device/redu_udr_stamp.h"

/* Value kinds, with the rules of the typed calls: integer sums and products wrap, min/max
 * compare order keys (a NaN wins, -0.0 orders before +0.0), a float NaN result is the
 * canonical one, land/lor give 1 or 0. Unlike the typed calls, float sums and products stay
 * in the variable's type: redu_region_<RFN>_<t>(a, b) is the op's combine of two lifted
 * values, finished (exact for two floats added or multiplied in double and rounded once). */
#define REDU__REGION_VALUE_FN(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)      \
  _Pragma("omp begin declare target")                                                              \
  static inline T redu_region_##RFN##_##sfx(T a, T b)                                              \
  {                                                                                                \
    return FINISH(COMBINE(LIFT(a, 0), LIFT(b, 0)));                                                \
  }                                                                                                \
  _Pragma("omp end declare target")
/* A value kind's bins call for regions' bins reductions (device/redu_region_bins.h): the
 * generic call with the kind's op and type (float products: REDU_ERR_UNSUPPORTED). */
#define REDU__REGION_VALUE_KIND(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)    \
  REDU__DECLARE_REGION_KIND(op##_##sfx, T, redu_region_##RFN##_##sfx, REDU_COMMUTATIVE, 1,         \
                            value_##sfx, OP, FINISH(IDENT))                                        \
  static inline __attribute__((unused)) redu_status redu__region_bins_##op##_##sfx(                \
      int device, const uint32_t *keys, const void *x, size_t n, size_t nbins, void *out,          \
      const redu_options *opts)                                                                    \
  {                                                                                                \
    return redu_bins(device, OP, E, keys, x, n, nbins, out, NULL, opts);                           \
  }
#define REDU__REGION_VALUE_CASE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)    \
  case OP:                                                                                         \
    return redu_region_##RFN##_##sfx(a, b);
/* Arg kinds: a pair names two variables, (argmin_<t>, value, index), a T and a size_t
 * (redu__value_<kind>: what the region's type check compares the value with). Their record
 * is the typed calls' (order key, index) with the typed calls' combiner (a NaN wins, -0.0
 * before +0.0, the lowest index among equal values), so the result does not depend on the
 * plan and its NaN is the canonical one. The variables enter the record through
 * redu__region_in_<kind> and leave it through redu__region_out_<kind>.
 * redu_region_<op>_wins_<t>(v, i, best, best_i), for bodies, is 1 when (v, i) goes before
 * (best, best_i) in that order: a key the op's pick prefers, or an equal key and a lower
 * index. */
#define REDU__REGION_ARG_FN(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)          \
  typedef T redu__value_##op##_##sfx;                                                              \
  _Pragma("omp begin declare target")                                                              \
  static inline int redu_region_##op##_wins_##sfx(T v, size_t i, T best, size_t best_i)            \
  {                                                                                                \
    redu__ord_##sfx a = LIFT(v, i).v, b = LIFT(best, best_i).v;                                    \
    return a != b ? KEY_PICK(b, a) == a : i < best_i;                                              \
  }                                                                                                \
  static inline A redu__region_in_##op##_##sfx(T v, size_t i) { return LIFT(v, i); }               \
  static inline T redu__region_out_##op##_##sfx(A r) { return FINISH(r.v); }                       \
  _Pragma("omp end declare target")
#define REDU__REGION_ARG_KIND(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)        \
  REDU__DECLARE_REGION_KIND(op##_##sfx, A, COMBINE, REDU_COMMUTATIVE, 2, arg_##sfx, OP, IDENT)
#define REDU__REGION_ARG_CASE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)        \
  case OP:                                                                                         \
    return COMBINE(a, b);
#define REDU__REGION_NO_CASE(...)

/* The kinds' team and final steps, one reducer set per type for its value kinds and one for
 * its arg kinds, whose combine picks the op by its code, a constant at every call: stamped
 * per kind (104 sets), they took 0.7 s of every including file's compile on a 2-core
 * x86_64 machine (host-offload, -O3), twice what the rest of redu_region.h takes. STEM is
 * value_<t> or arg_<t>: redu__region_team_<STEM>(op, identity, v, lanes, nlanes, c, k) and
 * redu__region_final_<STEM>(op, identity, c, k). */
#define REDU__REGION_STEPS_OF(STEM, A, VALUE, ARG, sfx, T, E, K, SA, LO, HI)                       \
  _Pragma("omp begin declare target")                                                              \
  static inline A redu__region_combine_##STEM(int op, A a, A b)                                    \
  {                                                                                                \
    switch (op) {                                                                                  \
      REDU__OPS_OF_TYPE(VALUE, ARG, sfx, T, E, K, SA, LO, HI)                                      \
    }                                                                                              \
    return a; /* not reached: the kinds pass their own code */                                     \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_REDUCERS_OF(redu__region_kernel_##STEM, A, redu__region_combine_##STEM,             \
                           (int redu__op, ), (redu__op, ))                                         \
  REDU__DEFINE_REGION_STEPS_OF(redu__region_team_##STEM, redu__region_final_##STEM, A,             \
                               redu__region_kernel_##STEM, redu__region_combine_##STEM,            \
                               redu__ident, (int redu__op, A redu__ident, ), (redu__op, ))
#define REDU__REGION_KINDS(sfx, T, E, K, SA, LO, HI)                                               \
  REDU__OPS_OF_TYPE(REDU__REGION_VALUE_FN, REDU__REGION_ARG_FN, sfx, T, E, K, SA, LO, HI)          \
  REDU__REGION_STEPS_OF(value_##sfx, T, REDU__REGION_VALUE_CASE, REDU__REGION_NO_CASE, sfx, T, E,  \
                        K, SA, LO, HI)                                                             \
  REDU__REGION_STEPS_OF(arg_##sfx, redu__loc_##sfx, REDU__REGION_NO_CASE, REDU__REGION_ARG_CASE,   \
                        sfx, T, E, K, SA, LO, HI)                                                  \
  REDU__OPS_OF_TYPE(REDU__REGION_VALUE_KIND, REDU__REGION_ARG_KIND, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(REDU__REGION_KINDS)
#undef REDU__REGION_KINDS
#undef REDU__REGION_STEPS_OF
#undef REDU__REGION_NO_CASE
#undef REDU__REGION_ARG_CASE
#undef REDU__REGION_ARG_KIND
#undef REDU__REGION_ARG_FN
#undef REDU__REGION_VALUE_CASE
#undef REDU__REGION_VALUE_KIND
#undef REDU__REGION_VALUE_FN

/* Exact kinds: the region macros recognise them by name (REDU__EXACT_PROBE_<kind>) and give
 * them their own steps (device/redu_region_exact.h); T's precision and least normal exponent
 * round the result on the host. Each iteration starts the variable from -0.0, which keeps
 * an all -0.0 sum -0.0. */
#define REDU__REGION_EXACT_KIND(name, T, PREC, EMIN)                                               \
  typedef T redu__type_##name;                                                                     \
  enum { redu__order_##name = REDU_COMMUTATIVE, redu__kind_##name = 1, redu__arity_##name = 1 };   \
  _Pragma("omp begin declare target")                                                              \
  static inline T redu_identity_##name(void) { return (T) - 0.0; }                                 \
  _Pragma("omp end declare target")                                                                \
  static inline                                                                                    \
      __attribute__((unused)) T redu__region_result_##name(T before, const redu__region *R, int k) \
  {                                                                                                \
    return (T)redu__region_exact_result(R, k, (double)before, (PREC), (EMIN));                     \
  }
REDU__REGION_EXACT_KIND(sum_exact_f64, double, 53, -1022)
REDU__REGION_EXACT_KIND(sum_exact_f32, float, 24, -126)
#undef REDU__REGION_EXACT_KIND
#define REDU__EXACT_PROBE_sum_exact_f64 ~, x
#define REDU__EXACT_PROBE_sum_exact_f32 ~, x

#endif

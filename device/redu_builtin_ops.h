/* The built-in operations as (identity, lift, combine) triples for the kernel template,
 * stamped once per element type from libredu/redu_types.h. Rules (docs/semantics.md):
 *   - integer sum/prod wrap modulo 2^bits (done in unsigned arithmetic: no UB);
 *   - float sum/prod accumulate in double;
 *   - min/max/argmin/argmax order floats as NaN < -inf < ... < -0.0 < +0.0 < ... for min
 *     and mirror it for max, so NaN always wins and -0.0/+0.0 are never a tie: the
 *     result does not depend on the combine order;
 *   - argmin/argmax keep the lowest index among equal values. */
#ifndef REDU_BUILTIN_OPS_H
#define REDU_BUILTIN_OPS_H

#include <stddef.h>
#include <stdint.h>
#include "../libredu/redu_types.h"

#define REDU_ADD_INT(SA, a, b) ((SA)((uint64_t)(a) + (uint64_t)(b)))
#define REDU_ADD_UINT REDU_ADD_INT
#define REDU_ADD_FLT(SA, a, b) ((a) + (b))
#define REDU_MUL_INT(SA, a, b) ((SA)((uint64_t)(a) * (uint64_t)(b)))
#define REDU_MUL_UINT REDU_MUL_INT
#define REDU_MUL_FLT(SA, a, b) ((a) * (b))

/* "a orders strictly before b" for min (LT) and for max (GT). */
#define REDU_LT_INT(a, b) ((a) < (b))
#define REDU_LT_UINT REDU_LT_INT
#define REDU_GT_INT(a, b) ((a) > (b))
#define REDU_GT_UINT REDU_GT_INT
#define REDU_LT_FLT(a, b)                                                                  \
  (((a) != (a) && (b) == (b)) || (a) < (b) ||                                              \
   ((a) == (b) && __builtin_signbit(a) && !__builtin_signbit(b)))
#define REDU_GT_FLT(a, b)                                                                  \
  (((a) != (a) && (b) == (b)) || (a) > (b) ||                                              \
   ((a) == (b) && !__builtin_signbit(a) && __builtin_signbit(b)))

/* Results leave as-is, but a float NaN leaves as the canonical quiet NaN, so that the
 * payload never depends on which NaN the tree met first. */
#define REDU_CANON_INT(T, v) (v)
#define REDU_CANON_UINT REDU_CANON_INT
#define REDU_CANON_FLT(T, v) ((v) != (v) ? (T)__builtin_nan("") : (v))

#define REDU_DEFINE_TYPE_OPS(sfx, T, E, K, SA, LO, HI)                                     \
  _Pragma("omp begin declare target")                                                      \
  typedef struct redu_loc_##sfx {                                                          \
    T v;                                                                                   \
    size_t i;                                                                              \
  } redu_loc_##sfx;                                                                        \
  static inline SA redu_op_widen_##sfx(T v, size_t i) { return (void)i, (SA)v; }              \
  static inline T redu_op_self_##sfx(T v, size_t i) { return (void)i, v; }                    \
  static inline uint8_t redu_op_truth_##sfx(T v, size_t i) { return (void)i, v != 0; }        \
  static inline redu_loc_##sfx redu_op_at_##sfx(T v, size_t i)                                \
  {                                                                                        \
    redu_loc_##sfx r = {v, i};                                                             \
    return r;                                                                              \
  }                                                                                        \
  static inline SA redu_op_add_##sfx(SA a, SA b) { return REDU_ADD_##K(SA, a, b); }          \
  static inline SA redu_op_mul_##sfx(SA a, SA b) { return REDU_MUL_##K(SA, a, b); }          \
  static inline T redu_op_min_##sfx(T a, T b) { return REDU_LT_##K(b, a) ? b : a; }           \
  static inline T redu_op_max_##sfx(T a, T b) { return REDU_GT_##K(b, a) ? b : a; }           \
  static inline redu_loc_##sfx redu_op_argmin_##sfx(redu_loc_##sfx a, redu_loc_##sfx b)       \
  {                                                                                        \
    if (REDU_LT_##K(a.v, b.v))                                                             \
      return a;                                                                            \
    return REDU_LT_##K(b.v, a.v) || b.i < a.i ? b : a;                                     \
  }                                                                                        \
  static inline redu_loc_##sfx redu_op_argmax_##sfx(redu_loc_##sfx a, redu_loc_##sfx b)       \
  {                                                                                        \
    if (REDU_GT_##K(a.v, b.v))                                                             \
      return a;                                                                            \
    return REDU_GT_##K(b.v, a.v) || b.i < a.i ? b : a;                                     \
  }                                                                                        \
  static inline T redu_op_finish_##sfx(T v) { return REDU_CANON_##K(T, v); }                  \
  _Pragma("omp end declare target")

#pragma omp begin declare target
static inline uint8_t redu_op_and_flag(uint8_t a, uint8_t b) { return a & b; }
static inline uint8_t redu_op_or_flag(uint8_t a, uint8_t b) { return a | b; }
#pragma omp end declare target

#define REDU_DEFINE_BITWISE_OPS(sfx, T, E, K, SA, LO, HI)                                  \
  _Pragma("omp begin declare target")                                                      \
  static inline T redu_op_band_##sfx(T a, T b) { return a & b; }                              \
  static inline T redu_op_bor_##sfx(T a, T b) { return a | b; }                               \
  static inline T redu_op_bxor_##sfx(T a, T b) { return a ^ b; }                              \
  _Pragma("omp end declare target")

REDU_FOR_EACH_TYPE(REDU_DEFINE_TYPE_OPS)
REDU_FOR_EACH_INT_TYPE(REDU_DEFINE_BITWISE_OPS)

#endif

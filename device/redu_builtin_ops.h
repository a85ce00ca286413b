/* The built-in operations as (identity, lift, combine) triples for the kernel template,
 * stamped once per element type from libredu/redu_types.h. Rules (docs/semantics.md):
 *   - integer sum/prod wrap modulo 2^bits (done in unsigned arithmetic: no UB);
 *   - float sum/prod accumulate in double;
 *   - min/max/argmin/argmax order floats as NaN < -inf < ... < -0.0 < +0.0 < ... for min
 *     and mirror it for max, so NaN always wins and -0.0/+0.0 are never a tie: the
 *     result does not depend on the combine order (see the order keys below);
 *   - argmin/argmax keep the lowest index among equal values. */
#ifndef REDU_BUILTIN_OPS_H
#define REDU_BUILTIN_OPS_H

#include <stddef.h>
#include <stdint.h>
#include "redu_types.h" /* libredu/, through the include path (also when installed) */

#define REDU_ADD_INT(SA, a, b) ((SA)((uint64_t)(a) + (uint64_t)(b)))
#define REDU_ADD_UINT REDU_ADD_INT
#define REDU_ADD_FLT(SA, a, b) ((a) + (b))
#define REDU_MUL_INT(SA, a, b) ((SA)((uint64_t)(a) * (uint64_t)(b)))
#define REDU_MUL_UINT REDU_MUL_INT
#define REDU_MUL_FLT(SA, a, b) ((a) * (b))

/* min/max/argmin/argmax compare "order keys": integers are their own key; a float's key
 * is its bit pattern made monotonic as a signed integer (negative values have their
 * magnitude bits flipped), so -0.0 orders just before +0.0, and a NaN gets the key that
 * always wins (lowest for min, highest for max). Integer compares on keys are exact,
 * branch-free and independent of combine order. */
#define REDU_ORD_INT(T) T
#define REDU_ORD_UINT(T) T
#define REDU_ORD_FLT(T) __typeof__(_Generic((T)0, float: (int32_t)0, default: (int64_t)0))

#define REDU_ORD_LOWEST(O) ((O)(sizeof(O) == 4 ? INT32_MIN : INT64_MIN))
#define REDU_ORD_HIGHEST(O) ((O)(sizeof(O) == 4 ? INT32_MAX : INT64_MAX))
#define REDU_KEY_INT(T, O, v, nan_key) ((O)(v))
#define REDU_KEY_UINT REDU_KEY_INT
#define REDU_KEY_FLT(T, O, v, nan_key)                                                     \
  _Generic((v), float: redu_float_key_int32_t, default: redu_float_key_int64_t)(v, nan_key)
#define REDU_VALUE_INT(T, O, k) ((T)(k))
#define REDU_VALUE_UINT REDU_VALUE_INT
#define REDU_VALUE_FLT(T, O, k)                                                            \
  ((T)_Generic((k), int32_t: redu_float_value_int32_t, default: redu_float_value_int64_t)(k))

#define REDU_DEFINE_FLOAT_KEY(F, O, U)                                                     \
  _Pragma("omp begin declare target")                                                      \
  static inline O redu_float_key_##O(F v, O nan_key)                                       \
  {                                                                                        \
    O b;                                                                                   \
    __builtin_memcpy(&b, &v, sizeof b);                                                    \
    return v != v ? nan_key : b < 0 ? (O)(b ^ (O)(~(U)0 >> 1)) : b;                        \
  }                                                                                        \
  static inline F redu_float_value_##O(O k)                                                \
  {                                                                                        \
    F v;                                                                                   \
    O b = k < 0 ? (O)(k ^ (O)(~(U)0 >> 1)) : k;                                            \
    __builtin_memcpy(&v, &b, sizeof v);                                                    \
    return v;                                                                              \
  }                                                                                        \
  _Pragma("omp end declare target")
REDU_DEFINE_FLOAT_KEY(float, int32_t, uint32_t)
REDU_DEFINE_FLOAT_KEY(double, int64_t, uint64_t)

/* Results leave as-is, but a float NaN leaves as the canonical quiet NaN, so that the
 * payload never depends on which NaN the tree met first. */
#define REDU_CANON_INT(T, v) (v)
#define REDU_CANON_UINT REDU_CANON_INT
#define REDU_CANON_FLT(T, v) ((v) != (v) ? (T)__builtin_nan("") : (v))

#define REDU_DEFINE_TYPE_OPS(sfx, T, E, K, SA, LO, HI)                                     \
  typedef REDU_ORD_##K(T) redu_ord_##sfx;                                                  \
  typedef struct redu_loc_##sfx {                                                          \
    redu_ord_##sfx v;                                                                      \
    size_t i;                                                                              \
  } redu_loc_##sfx;                                                                        \
  _Pragma("omp begin declare target")                                                      \
  /* Keys for min (NaN lowest) and max (NaN highest), and back. */                         \
  static inline redu_ord_##sfx redu_op_lo_##sfx(T v, size_t i)                             \
  {                                                                                        \
    return (void)i, REDU_KEY_##K(T, redu_ord_##sfx, v, REDU_ORD_LOWEST(redu_ord_##sfx));   \
  }                                                                                        \
  static inline redu_ord_##sfx redu_op_hi_##sfx(T v, size_t i)                             \
  {                                                                                        \
    return (void)i, REDU_KEY_##K(T, redu_ord_##sfx, v, REDU_ORD_HIGHEST(redu_ord_##sfx));  \
  }                                                                                        \
  static inline T redu_op_value_##sfx(redu_ord_##sfx k)                                    \
  {                                                                                        \
    T v = REDU_VALUE_##K(T, redu_ord_##sfx, k);                                            \
    return REDU_CANON_##K(T, v);                                                           \
  }                                                                                        \
  static inline redu_loc_##sfx redu_op_at_lo_##sfx(T v, size_t i)                          \
  {                                                                                        \
    redu_loc_##sfx r = {redu_op_lo_##sfx(v, i), i};                                        \
    return r;                                                                              \
  }                                                                                        \
  static inline redu_loc_##sfx redu_op_at_hi_##sfx(T v, size_t i)                          \
  {                                                                                        \
    redu_loc_##sfx r = {redu_op_hi_##sfx(v, i), i};                                        \
    return r;                                                                              \
  }                                                                                        \
  static inline SA redu_op_widen_##sfx(T v, size_t i) { return (void)i, (SA)v; }           \
  static inline T redu_op_self_##sfx(T v, size_t i) { return (void)i, v; }                 \
  static inline uint8_t redu_op_truth_##sfx(T v, size_t i) { return (void)i, v != 0; }     \
  static inline SA redu_op_add_##sfx(SA a, SA b) { return REDU_ADD_##K(SA, a, b); }       \
  static inline SA redu_op_mul_##sfx(SA a, SA b) { return REDU_MUL_##K(SA, a, b); }       \
  static inline redu_ord_##sfx redu_op_min_##sfx(redu_ord_##sfx a, redu_ord_##sfx b)       \
  {                                                                                        \
    return b < a ? b : a;                                                                  \
  }                                                                                        \
  static inline redu_ord_##sfx redu_op_max_##sfx(redu_ord_##sfx a, redu_ord_##sfx b)       \
  {                                                                                        \
    return b > a ? b : a;                                                                  \
  }                                                                                        \
  static inline redu_loc_##sfx redu_op_argmin_##sfx(redu_loc_##sfx a, redu_loc_##sfx b)    \
  {                                                                                        \
    return b.v < a.v || (b.v == a.v && b.i < a.i) ? b : a;                                 \
  }                                                                                        \
  static inline redu_loc_##sfx redu_op_argmax_##sfx(redu_loc_##sfx a, redu_loc_##sfx b)    \
  {                                                                                        \
    return b.v > a.v || (b.v == a.v && b.i < a.i) ? b : a;                                 \
  }                                                                                        \
  static inline T redu_op_narrow_##sfx(SA a) { return REDU_CANON_##K(T, (T)a); }           \
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

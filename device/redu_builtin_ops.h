/* The functions of the built-in operations (lifts, combines, finishes), stamped once per
 * element type from libredu/redu_types.h; device/redu_op_table.h puts them together per
 * op. Rules (docs/semantics.md):
 *   - integer sum/prod wrap modulo 2^bits (done in unsigned arithmetic: no UB);
 *   - float sum/prod accumulate in double;
 *   - min/max/argmin/argmax order floats as NaN < -inf < ... < -0.0 < +0.0 < ... for min
 *     and mirror it for max, so NaN always wins and -0.0/+0.0 are never a tie: the
 *     result does not depend on the combine order (see the order keys below);
 *   - argmin/argmax keep the lowest index among equal values. */
#ifndef REDU_BUILTIN_OPS_H
#define REDU_BUILTIN_OPS_H

#include "device/redu_internal.h"
#include "device/redu_op_table.h"

#include "redu_types.h"
#include <stddef.h>
#include <stdint.h>

#define REDU__ADD_INT(SA, a, b) ((SA)((uint64_t)(a) + (uint64_t)(b)))
#define REDU__ADD_UINT REDU__ADD_INT
#define REDU__ADD_FLT(SA, a, b) ((a) + (b))
#define REDU__MUL_INT(SA, a, b) ((SA)((uint64_t)(a) * (uint64_t)(b)))
#define REDU__MUL_UINT REDU__MUL_INT
#define REDU__MUL_FLT(SA, a, b) ((a) * (b))

/* min/max/argmin/argmax compare "order keys": integers are their own key; a float's key
 * is its bit pattern made monotonic as a signed integer (negative values have their
 * magnitude bits flipped), so -0.0 orders just before +0.0, and a NaN gets the key that
 * always wins (lowest for min, highest for max). Integer compares on keys are exact,
 * branch-free and independent of combine order. */
#define REDU__ORD_INT(T) T
#define REDU__ORD_UINT(T) T
#define REDU__ORD_FLT(T) __typeof__(_Generic((T)0, float: (int32_t)0, default: (int64_t)0))

#define REDU__ORD_LOWEST(O) ((O)(sizeof(O) == 4 ? INT32_MIN : INT64_MIN))
#define REDU__ORD_HIGHEST(O) ((O)(sizeof(O) == 4 ? INT32_MAX : INT64_MAX))
#define REDU__KEY_INT(T, O, v, nan_key) ((O)(v))
#define REDU__KEY_UINT REDU__KEY_INT
#define REDU__KEY_FLT(T, O, v, nan_key)                                                            \
  _Generic((v), float: redu__float_key_int32_t, default: redu__float_key_int64_t)(v, nan_key)
#define REDU__VALUE_INT(T, O, k) ((T)(k))
#define REDU__VALUE_UINT REDU__VALUE_INT
#define REDU__VALUE_FLT(T, O, k)                                                                   \
  ((T) _Generic((k), int32_t: redu__float_value_int32_t, default: redu__float_value_int64_t)(k))

#define REDU__DEFINE_FLOAT_KEY(F, O, U)                                                            \
  _Pragma("omp begin declare target")                                                              \
  static inline O redu__float_key_##O(F v, O nan_key)                                              \
  {                                                                                                \
    O b;                                                                                           \
    __builtin_memcpy(&b, &v, sizeof b);                                                            \
    return v != v ? nan_key : b < 0 ? (O)(b ^ (O)(~(U)0 >> 1)) : b;                                \
  }                                                                                                \
  static inline F redu__float_value_##O(O k)                                                       \
  {                                                                                                \
    F v;                                                                                           \
    O b = k < 0 ? (O)(k ^ (O)(~(U)0 >> 1)) : k;                                                    \
    __builtin_memcpy(&v, &b, sizeof v);                                                            \
    return v;                                                                                      \
  }                                                                                                \
  _Pragma("omp end declare target")
REDU__DEFINE_FLOAT_KEY(float, int32_t, uint32_t)
REDU__DEFINE_FLOAT_KEY(double, int64_t, uint64_t)

/* Results leave as-is, but a float NaN leaves as the canonical quiet NaN, so that the
 * payload never depends on which NaN the tree met first. */
#define REDU__CANON_INT(T, v) (v)
#define REDU__CANON_UINT REDU__CANON_INT
#define REDU__CANON_FLT(T, v) ((v) != (v) ? (T)__builtin_nan("") : (v))

/* Returns b when B_WINS, else a, in an arg combiner over order keys of type O. 64-bit keys:
 * a branch around the update, which is rarely taken once a thread has seen a few elements
 * (H100, 2^27, two machines: argmin i64 0.60 -> 0.48 and 0.645 -> 0.526 ms, f64 0.48 -> 0.45
 * and 0.519 -> 0.479); 32-bit keys: the select (a branch measured up to 10% slower there).
 * A macro, not a function taking the condition: through a function the host's 32-bit
 * argmin was 1.3-1.6x slower (i32 2^24 under host fallback; not analysed). */
#define REDU__ARG_PICK(O, a, b, B_WINS)                                                            \
  if (sizeof(O) == 8) {                                                                            \
    if (__builtin_expect(B_WINS, 0))                                                               \
      a = b;                                                                                       \
    return a;                                                                                      \
  }                                                                                                \
  return (B_WINS) ? b : a

#define REDU__DEFINE_TYPE_OPS(sfx, T, E, K, SA, LO, HI)                                            \
  typedef REDU__ORD_##K(T) redu__ord_##sfx;                                                        \
  typedef struct redu__loc_##sfx {                                                                 \
    redu__ord_##sfx v;                                                                             \
    size_t i;                                                                                      \
  } redu__loc_##sfx;                                                                               \
  _Pragma("omp begin declare target")                                                              \
  /* Keys for min (NaN lowest) and max (NaN highest), and back. */                                 \
  static inline redu__ord_##sfx redu__op_lo_##sfx(T v, size_t i)                                   \
  {                                                                                                \
    return (void)i, REDU__KEY_##K(T, redu__ord_##sfx, v, REDU__ORD_LOWEST(redu__ord_##sfx));       \
  }                                                                                                \
  static inline redu__ord_##sfx redu__op_hi_##sfx(T v, size_t i)                                   \
  {                                                                                                \
    return (void)i, REDU__KEY_##K(T, redu__ord_##sfx, v, REDU__ORD_HIGHEST(redu__ord_##sfx));      \
  }                                                                                                \
  static inline T redu__op_value_##sfx(redu__ord_##sfx k)                                          \
  {                                                                                                \
    T v = REDU__VALUE_##K(T, redu__ord_##sfx, k);                                                  \
    return REDU__CANON_##K(T, v);                                                                  \
  }                                                                                                \
  static inline redu__loc_##sfx redu__op_at_lo_##sfx(T v, size_t i)                                \
  {                                                                                                \
    redu__loc_##sfx r = {redu__op_lo_##sfx(v, i), i};                                              \
    return r;                                                                                      \
  }                                                                                                \
  static inline redu__loc_##sfx redu__op_at_hi_##sfx(T v, size_t i)                                \
  {                                                                                                \
    redu__loc_##sfx r = {redu__op_hi_##sfx(v, i), i};                                              \
    return r;                                                                                      \
  }                                                                                                \
  static inline SA redu__op_widen_##sfx(T v, size_t i) { return (void)i, (SA)v; }                  \
  static inline T redu__op_self_##sfx(T v, size_t i) { return (void)i, v; }                        \
  static inline uint8_t redu__op_truth_##sfx(T v, size_t i) { return (void)i, v != 0; }            \
  static inline SA redu__op_add_##sfx(SA a, SA b) { return REDU__ADD_##K(SA, a, b); }              \
  static inline SA redu__op_mul_##sfx(SA a, SA b) { return REDU__MUL_##K(SA, a, b); }              \
  static inline redu__ord_##sfx redu__op_min_##sfx(redu__ord_##sfx a, redu__ord_##sfx b)           \
  {                                                                                                \
    return b < a ? b : a;                                                                          \
  }                                                                                                \
  static inline redu__ord_##sfx redu__op_max_##sfx(redu__ord_##sfx a, redu__ord_##sfx b)           \
  {                                                                                                \
    return b > a ? b : a;                                                                          \
  }                                                                                                \
  static inline redu__loc_##sfx redu__op_argmin_##sfx(redu__loc_##sfx a, redu__loc_##sfx b)        \
  {                                                                                                \
    REDU__ARG_PICK(redu__ord_##sfx, a, b, b.v < a.v || (b.v == a.v && b.i < a.i));                 \
  }                                                                                                \
  static inline redu__loc_##sfx redu__op_argmax_##sfx(redu__loc_##sfx a, redu__loc_##sfx b)        \
  {                                                                                                \
    REDU__ARG_PICK(redu__ord_##sfx, a, b, b.v > a.v || (b.v == a.v && b.i < a.i));                 \
  }                                                                                                \
  static inline T redu__op_narrow_##sfx(SA a) { return REDU__CANON_##K(T, (T)a); }                 \
  _Pragma("omp end declare target")

#pragma omp begin declare target
static inline uint8_t redu__op_and_flag(uint8_t a, uint8_t b) { return a & b; }
static inline uint8_t redu__op_or_flag(uint8_t a, uint8_t b) { return a | b; }
#pragma omp end declare target

#define REDU__DEFINE_BITWISE_OPS(sfx, T, E, K, SA, LO, HI)                                         \
  _Pragma("omp begin declare target")                                                              \
  static inline T redu__op_band_##sfx(T a, T b) { return a & b; }                                  \
  static inline T redu__op_bor_##sfx(T a, T b) { return a | b; }                                   \
  static inline T redu__op_bxor_##sfx(T a, T b) { return a ^ b; }                                  \
  _Pragma("omp end declare target")

/* Identities of min and max: the order keys of the type's highest / lowest value (+inf /
 * -inf for floats), for the built-in calls and their segmented forms. */
#define REDU__MIN_IDENT(sfx, T, HI) redu__op_lo_##sfx((T)(HI), 0)
#define REDU__MAX_IDENT(sfx, T, LO) redu__op_hi_##sfx((T)(LO), 0)

REDU_FOR_EACH_TYPE(REDU__DEFINE_TYPE_OPS)
REDU_FOR_EACH_INT_TYPE(REDU__DEFINE_BITWISE_OPS)
#undef REDU__DEFINE_TYPE_OPS
#undef REDU__DEFINE_BITWISE_OPS
#undef REDU__DEFINE_FLOAT_KEY

#endif

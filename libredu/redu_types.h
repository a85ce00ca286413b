/* The element types libredu reduces, as one X-macro table, so every typed call and
 * every test is stamped from the same list.
 * X(suffix, C type, REDU_TYPE enum, kind INT|UINT|FLT, sum/prod accumulator, lowest, highest)
 * "lowest"/"highest" are the identities of max/min (infinities for floats). */
#ifndef REDU_TYPES_H
#define REDU_TYPES_H

#include <stdint.h>

#define REDU_FOR_EACH_INT_TYPE(X)                                                                  \
  X(i8, int8_t, REDU_INT8, INT, uint8_t, INT8_MIN, INT8_MAX)                                       \
  X(i16, int16_t, REDU_INT16, INT, uint16_t, INT16_MIN, INT16_MAX)                                 \
  X(i32, int32_t, REDU_INT32, INT, uint32_t, INT32_MIN, INT32_MAX)                                 \
  X(i64, int64_t, REDU_INT64, INT, uint64_t, INT64_MIN, INT64_MAX)                                 \
  X(u8, uint8_t, REDU_UINT8, UINT, uint8_t, 0, UINT8_MAX)                                          \
  X(u16, uint16_t, REDU_UINT16, UINT, uint16_t, 0, UINT16_MAX)                                     \
  X(u32, uint32_t, REDU_UINT32, UINT, uint32_t, 0, UINT32_MAX)                                     \
  X(u64, uint64_t, REDU_UINT64, UINT, uint64_t, 0, UINT64_MAX)

/* float sums and products accumulate in double and round once at the end. */
#define REDU_FOR_EACH_FLOAT_TYPE(X)                                                                \
  X(f32, float, REDU_FLOAT, FLT, double, -__builtin_inff(), __builtin_inff())                      \
  X(f64, double, REDU_DOUBLE, FLT, double, -__builtin_inf(), __builtin_inf())

#define REDU_FOR_EACH_TYPE(X) REDU_FOR_EACH_INT_TYPE(X) REDU_FOR_EACH_FLOAT_TYPE(X)

#endif

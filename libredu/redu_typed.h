/* Every typed reduction of libredu, listed: redu_<op>_<t> for <t> in i8 i16 i32 i64 u8
 * u16 u32 u64 f32 f64 (int8_t ... double), the bitwise ops for the integer types only.
 * Each is redu_reduce (redu.h) for one (op, type), with its conventions and statuses:
 * Returns: REDU_OK; REDU_ERR_NULL_ARG (an output, or x with n > 0);
 *          REDU_ERR_INVALID_DEVICE; REDU_ERR_OVERFLOW; REDU_ERR_MISALIGNED;
 *          REDU_ERR_NOT_DEVICE_PTR; REDU_ERR_BAD_OPTION; REDU_ERR_SCRATCH_TOO_SMALL;
 *          REDU_ERR_OUT_OF_MEMORY; REDU_ERR_DEVICE.
 * libredu's own build checks this list against the type table (redu_types.h): a missing
 * or mismatched prototype fails to compile there, and tests/check_exports.sh fails on a
 * listed call the library does not export. Include redu.h, not this file. */
#ifndef REDU_TYPED_H
#define REDU_TYPED_H

#include "redu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* redu_sum_<t>: the sum of x[0, n) into *result. Integers wrap modulo 2^bits; floats accumulate in
 * double and round once at the end. */
REDU_API redu_status redu_sum_i8(int device, const int8_t *x, size_t n, int8_t *result,
                                 const redu_options *opts);
REDU_API redu_status redu_sum_i16(int device, const int16_t *x, size_t n, int16_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_sum_i32(int device, const int32_t *x, size_t n, int32_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_sum_i64(int device, const int64_t *x, size_t n, int64_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_sum_u8(int device, const uint8_t *x, size_t n, uint8_t *result,
                                 const redu_options *opts);
REDU_API redu_status redu_sum_u16(int device, const uint16_t *x, size_t n, uint16_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_sum_u32(int device, const uint32_t *x, size_t n, uint32_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_sum_u64(int device, const uint64_t *x, size_t n, uint64_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_sum_f32(int device, const float *x, size_t n, float *result,
                                  const redu_options *opts);
REDU_API redu_status redu_sum_f64(int device, const double *x, size_t n, double *result,
                                  const redu_options *opts);

/* redu_prod_<t>: the product of x[0, n) into *result, with the rules of sum. */
REDU_API redu_status redu_prod_i8(int device, const int8_t *x, size_t n, int8_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_prod_i16(int device, const int16_t *x, size_t n, int16_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_prod_i32(int device, const int32_t *x, size_t n, int32_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_prod_i64(int device, const int64_t *x, size_t n, int64_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_prod_u8(int device, const uint8_t *x, size_t n, uint8_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_prod_u16(int device, const uint16_t *x, size_t n, uint16_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_prod_u32(int device, const uint32_t *x, size_t n, uint32_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_prod_u64(int device, const uint64_t *x, size_t n, uint64_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_prod_f32(int device, const float *x, size_t n, float *result,
                                   const redu_options *opts);
REDU_API redu_status redu_prod_f64(int device, const double *x, size_t n, double *result,
                                   const redu_options *opts);

/* redu_min_<t>: the least element of x[0, n) into *result. A NaN anywhere gives the canonical
 * quiet NaN; -0.0 orders before +0.0. n = 0 gives the type's highest value (+inf). */
REDU_API redu_status redu_min_i8(int device, const int8_t *x, size_t n, int8_t *result,
                                 const redu_options *opts);
REDU_API redu_status redu_min_i16(int device, const int16_t *x, size_t n, int16_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_min_i32(int device, const int32_t *x, size_t n, int32_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_min_i64(int device, const int64_t *x, size_t n, int64_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_min_u8(int device, const uint8_t *x, size_t n, uint8_t *result,
                                 const redu_options *opts);
REDU_API redu_status redu_min_u16(int device, const uint16_t *x, size_t n, uint16_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_min_u32(int device, const uint32_t *x, size_t n, uint32_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_min_u64(int device, const uint64_t *x, size_t n, uint64_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_min_f32(int device, const float *x, size_t n, float *result,
                                  const redu_options *opts);
REDU_API redu_status redu_min_f64(int device, const double *x, size_t n, double *result,
                                  const redu_options *opts);

/* redu_max_<t>: the greatest element of x[0, n) into *result, mirroring min (n = 0: lowest, -inf).
 */
REDU_API redu_status redu_max_i8(int device, const int8_t *x, size_t n, int8_t *result,
                                 const redu_options *opts);
REDU_API redu_status redu_max_i16(int device, const int16_t *x, size_t n, int16_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_max_i32(int device, const int32_t *x, size_t n, int32_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_max_i64(int device, const int64_t *x, size_t n, int64_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_max_u8(int device, const uint8_t *x, size_t n, uint8_t *result,
                                 const redu_options *opts);
REDU_API redu_status redu_max_u16(int device, const uint16_t *x, size_t n, uint16_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_max_u32(int device, const uint32_t *x, size_t n, uint32_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_max_u64(int device, const uint64_t *x, size_t n, uint64_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_max_f32(int device, const float *x, size_t n, float *result,
                                  const redu_options *opts);
REDU_API redu_status redu_max_f64(int device, const double *x, size_t n, double *result,
                                  const redu_options *opts);

/* redu_band_<t>: bitwise and of x[0, n) into *result (n = 0: all bits set). */
REDU_API redu_status redu_band_i8(int device, const int8_t *x, size_t n, int8_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_band_i16(int device, const int16_t *x, size_t n, int16_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_band_i32(int device, const int32_t *x, size_t n, int32_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_band_i64(int device, const int64_t *x, size_t n, int64_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_band_u8(int device, const uint8_t *x, size_t n, uint8_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_band_u16(int device, const uint16_t *x, size_t n, uint16_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_band_u32(int device, const uint32_t *x, size_t n, uint32_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_band_u64(int device, const uint64_t *x, size_t n, uint64_t *result,
                                   const redu_options *opts);

/* redu_bor_<t>: bitwise or of x[0, n) into *result (n = 0: 0). */
REDU_API redu_status redu_bor_i8(int device, const int8_t *x, size_t n, int8_t *result,
                                 const redu_options *opts);
REDU_API redu_status redu_bor_i16(int device, const int16_t *x, size_t n, int16_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_bor_i32(int device, const int32_t *x, size_t n, int32_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_bor_i64(int device, const int64_t *x, size_t n, int64_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_bor_u8(int device, const uint8_t *x, size_t n, uint8_t *result,
                                 const redu_options *opts);
REDU_API redu_status redu_bor_u16(int device, const uint16_t *x, size_t n, uint16_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_bor_u32(int device, const uint32_t *x, size_t n, uint32_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_bor_u64(int device, const uint64_t *x, size_t n, uint64_t *result,
                                  const redu_options *opts);

/* redu_bxor_<t>: bitwise exclusive or of x[0, n) into *result (n = 0: 0). */
REDU_API redu_status redu_bxor_i8(int device, const int8_t *x, size_t n, int8_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_bxor_i16(int device, const int16_t *x, size_t n, int16_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_bxor_i32(int device, const int32_t *x, size_t n, int32_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_bxor_i64(int device, const int64_t *x, size_t n, int64_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_bxor_u8(int device, const uint8_t *x, size_t n, uint8_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_bxor_u16(int device, const uint16_t *x, size_t n, uint16_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_bxor_u32(int device, const uint32_t *x, size_t n, uint32_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_bxor_u64(int device, const uint64_t *x, size_t n, uint64_t *result,
                                   const redu_options *opts);

/* redu_land_<t>: 1 into *result when every element is nonzero (a NaN is nonzero), else 0
 * (n = 0: 1). */
REDU_API redu_status redu_land_i8(int device, const int8_t *x, size_t n, int8_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_land_i16(int device, const int16_t *x, size_t n, int16_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_land_i32(int device, const int32_t *x, size_t n, int32_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_land_i64(int device, const int64_t *x, size_t n, int64_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_land_u8(int device, const uint8_t *x, size_t n, uint8_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_land_u16(int device, const uint16_t *x, size_t n, uint16_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_land_u32(int device, const uint32_t *x, size_t n, uint32_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_land_u64(int device, const uint64_t *x, size_t n, uint64_t *result,
                                   const redu_options *opts);
REDU_API redu_status redu_land_f32(int device, const float *x, size_t n, float *result,
                                   const redu_options *opts);
REDU_API redu_status redu_land_f64(int device, const double *x, size_t n, double *result,
                                   const redu_options *opts);

/* redu_lor_<t>: 1 into *result when any element is nonzero, else 0 (n = 0: 0). */
REDU_API redu_status redu_lor_i8(int device, const int8_t *x, size_t n, int8_t *result,
                                 const redu_options *opts);
REDU_API redu_status redu_lor_i16(int device, const int16_t *x, size_t n, int16_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_lor_i32(int device, const int32_t *x, size_t n, int32_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_lor_i64(int device, const int64_t *x, size_t n, int64_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_lor_u8(int device, const uint8_t *x, size_t n, uint8_t *result,
                                 const redu_options *opts);
REDU_API redu_status redu_lor_u16(int device, const uint16_t *x, size_t n, uint16_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_lor_u32(int device, const uint32_t *x, size_t n, uint32_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_lor_u64(int device, const uint64_t *x, size_t n, uint64_t *result,
                                  const redu_options *opts);
REDU_API redu_status redu_lor_f32(int device, const float *x, size_t n, float *result,
                                  const redu_options *opts);
REDU_API redu_status redu_lor_f64(int device, const double *x, size_t n, double *result,
                                  const redu_options *opts);

/* redu_argmin_<t>: the least element into *value and its position into *index, the lowest
 * position among equal values; NaN and signed-zero rules as min. n = 0: *value as min's,
 * *index = REDU_NO_INDEX. */
REDU_API redu_status redu_argmin_i8(int device, const int8_t *x, size_t n, int8_t *value,
                                    size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmin_i16(int device, const int16_t *x, size_t n, int16_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmin_i32(int device, const int32_t *x, size_t n, int32_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmin_i64(int device, const int64_t *x, size_t n, int64_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmin_u8(int device, const uint8_t *x, size_t n, uint8_t *value,
                                    size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmin_u16(int device, const uint16_t *x, size_t n, uint16_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmin_u32(int device, const uint32_t *x, size_t n, uint32_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmin_u64(int device, const uint64_t *x, size_t n, uint64_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmin_f32(int device, const float *x, size_t n, float *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmin_f64(int device, const double *x, size_t n, double *value,
                                     size_t *index, const redu_options *opts);

/* redu_argmax_<t>: the greatest element into *value and its position into *index, the lowest
 * position among equal values; rules as max. n = 0: *value as max's,
 * *index = REDU_NO_INDEX. */
REDU_API redu_status redu_argmax_i8(int device, const int8_t *x, size_t n, int8_t *value,
                                    size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmax_i16(int device, const int16_t *x, size_t n, int16_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmax_i32(int device, const int32_t *x, size_t n, int32_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmax_i64(int device, const int64_t *x, size_t n, int64_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmax_u8(int device, const uint8_t *x, size_t n, uint8_t *value,
                                    size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmax_u16(int device, const uint16_t *x, size_t n, uint16_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmax_u32(int device, const uint32_t *x, size_t n, uint32_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmax_u64(int device, const uint64_t *x, size_t n, uint64_t *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmax_f32(int device, const float *x, size_t n, float *value,
                                     size_t *index, const redu_options *opts);
REDU_API redu_status redu_argmax_f64(int device, const double *x, size_t n, double *value,
                                     size_t *index, const redu_options *opts);

#ifdef __cplusplus
}
#endif

#endif

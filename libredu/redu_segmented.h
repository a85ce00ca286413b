/* Every segmented and batched reduction of libredu, listed: many reductions in one call.
 *
 *   redu_segmented_<op>_<t>(device, x, offsets, nsegments, results, opts)
 *       segment k is x[offsets[k], offsets[k + 1]) for k in [0, nsegments): offsets holds
 *       nsegments + 1 values (CSR offsets, as CUB's DeviceSegmentedReduce takes them), not
 *       decreasing; segments may be empty (the result is the op's identity) and need not
 *       start at 0.
 *   redu_batched_<op>_<t>(device, x, segment_length, nsegments, results, opts)
 *       segment k is x[k * segment_length, (k + 1) * segment_length).
 *   argmin/argmax take `values, indices` instead of `results`: indices[k] is the position
 *   within segment k (from its start), the lowest among equal values, REDU_NO_INDEX for an
 *   empty segment.
 * <op>, <t> and every rule per segment are those of the typed calls (redu_typed.h,
 * docs/semantics.md); the generic forms are redu_segmented_reduce / redu_batched_reduce
 * (redu.h), declared reductions get redu_segmented_reduce_<name> / redu_batched_reduce_<name>
 * (redu_udr.h). x, offsets, results and indices are memory of the device, or all host
 * arrays with REDU_INPUT_HOST (results then come back into the host arrays). One target
 * region per call, whatever the segment lengths (docs/design.md, "Segmented reductions").
 * nsegments = 0 does nothing (every pointer may then be NULL). Options as for every call,
 * but no scratchpad (REDU_ERR_UNSUPPORTED) and no REDU_EXACT.
 * Returns: REDU_OK; REDU_ERR_NULL_ARG (x, offsets, results or indices NULL);
 *          REDU_ERR_BAD_OFFSETS (offsets decrease, or offsets[nsegments] lies past what x
 *          can hold: x's allocation on NVIDIA, PTRDIFF_MAX bytes everywhere; the first bad
 *          position is in redu_last_error(); nothing is written); REDU_ERR_INVALID_DEVICE;
 *          REDU_ERR_OVERFLOW; REDU_ERR_MISALIGNED; REDU_ERR_NOT_DEVICE_PTR;
 *          REDU_ERR_BAD_OPTION; REDU_ERR_UNSUPPORTED; REDU_ERR_OUT_OF_MEMORY (also a
 *          REDU_INPUT_HOST section larger than the device's memory); REDU_ERR_DEVICE.
 *          Declared reductions' segmented calls take the same checks in the same order
 *          (docs/semantics.md, "Segmented and batched reductions").
 * Offsets on the device are checked by the kernel itself, in the same launch; host arrays
 * before it. On every status but REDU_OK no output is written.
 * libredu's own build checks this list against the type table, as for redu_typed.h.
 * Include redu.h, not this file. */
#ifndef REDU_SEGMENTED_H
#define REDU_SEGMENTED_H

#include "redu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* redu_segmented_sum_<t>: the sums (rules of redu_sum_<t>) of every segment [offsets[k], offsets[k
 * + 1]). */
REDU_API redu_status redu_segmented_sum_i8(int device, const int8_t *x, const size_t *offsets,
                                           size_t nsegments, int8_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_segmented_sum_i16(int device, const int16_t *x, const size_t *offsets,
                                            size_t nsegments, int16_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_sum_i32(int device, const int32_t *x, const size_t *offsets,
                                            size_t nsegments, int32_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_sum_i64(int device, const int64_t *x, const size_t *offsets,
                                            size_t nsegments, int64_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_sum_u8(int device, const uint8_t *x, const size_t *offsets,
                                           size_t nsegments, uint8_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_segmented_sum_u16(int device, const uint16_t *x, const size_t *offsets,
                                            size_t nsegments, uint16_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_sum_u32(int device, const uint32_t *x, const size_t *offsets,
                                            size_t nsegments, uint32_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_sum_u64(int device, const uint64_t *x, const size_t *offsets,
                                            size_t nsegments, uint64_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_sum_f32(int device, const float *x, const size_t *offsets,
                                            size_t nsegments, float *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_sum_f64(int device, const double *x, const size_t *offsets,
                                            size_t nsegments, double *results,
                                            const redu_options *opts);

/* redu_batched_sum_<t>: the sums (rules of redu_sum_<t>) of every segment [k, k + 1) *
 * segment_length. */
REDU_API redu_status redu_batched_sum_i8(int device, const int8_t *x, size_t segment_length,
                                         size_t nsegments, int8_t *results,
                                         const redu_options *opts);
REDU_API redu_status redu_batched_sum_i16(int device, const int16_t *x, size_t segment_length,
                                          size_t nsegments, int16_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_sum_i32(int device, const int32_t *x, size_t segment_length,
                                          size_t nsegments, int32_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_sum_i64(int device, const int64_t *x, size_t segment_length,
                                          size_t nsegments, int64_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_sum_u8(int device, const uint8_t *x, size_t segment_length,
                                         size_t nsegments, uint8_t *results,
                                         const redu_options *opts);
REDU_API redu_status redu_batched_sum_u16(int device, const uint16_t *x, size_t segment_length,
                                          size_t nsegments, uint16_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_sum_u32(int device, const uint32_t *x, size_t segment_length,
                                          size_t nsegments, uint32_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_sum_u64(int device, const uint64_t *x, size_t segment_length,
                                          size_t nsegments, uint64_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_sum_f32(int device, const float *x, size_t segment_length,
                                          size_t nsegments, float *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_sum_f64(int device, const double *x, size_t segment_length,
                                          size_t nsegments, double *results,
                                          const redu_options *opts);

/* redu_segmented_prod_<t>: the products of every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_prod_i8(int device, const int8_t *x, const size_t *offsets,
                                            size_t nsegments, int8_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_prod_i16(int device, const int16_t *x, const size_t *offsets,
                                             size_t nsegments, int16_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_prod_i32(int device, const int32_t *x, const size_t *offsets,
                                             size_t nsegments, int32_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_prod_i64(int device, const int64_t *x, const size_t *offsets,
                                             size_t nsegments, int64_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_prod_u8(int device, const uint8_t *x, const size_t *offsets,
                                            size_t nsegments, uint8_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_prod_u16(int device, const uint16_t *x, const size_t *offsets,
                                             size_t nsegments, uint16_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_prod_u32(int device, const uint32_t *x, const size_t *offsets,
                                             size_t nsegments, uint32_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_prod_u64(int device, const uint64_t *x, const size_t *offsets,
                                             size_t nsegments, uint64_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_prod_f32(int device, const float *x, const size_t *offsets,
                                             size_t nsegments, float *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_prod_f64(int device, const double *x, const size_t *offsets,
                                             size_t nsegments, double *results,
                                             const redu_options *opts);

/* redu_batched_prod_<t>: the products of every segment [k, k + 1) * segment_length. */
REDU_API redu_status redu_batched_prod_i8(int device, const int8_t *x, size_t segment_length,
                                          size_t nsegments, int8_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_prod_i16(int device, const int16_t *x, size_t segment_length,
                                           size_t nsegments, int16_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_prod_i32(int device, const int32_t *x, size_t segment_length,
                                           size_t nsegments, int32_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_prod_i64(int device, const int64_t *x, size_t segment_length,
                                           size_t nsegments, int64_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_prod_u8(int device, const uint8_t *x, size_t segment_length,
                                          size_t nsegments, uint8_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_prod_u16(int device, const uint16_t *x, size_t segment_length,
                                           size_t nsegments, uint16_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_prod_u32(int device, const uint32_t *x, size_t segment_length,
                                           size_t nsegments, uint32_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_prod_u64(int device, const uint64_t *x, size_t segment_length,
                                           size_t nsegments, uint64_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_prod_f32(int device, const float *x, size_t segment_length,
                                           size_t nsegments, float *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_prod_f64(int device, const double *x, size_t segment_length,
                                           size_t nsegments, double *results,
                                           const redu_options *opts);

/* redu_segmented_min_<t>: the least elements of every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_min_i8(int device, const int8_t *x, const size_t *offsets,
                                           size_t nsegments, int8_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_segmented_min_i16(int device, const int16_t *x, const size_t *offsets,
                                            size_t nsegments, int16_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_min_i32(int device, const int32_t *x, const size_t *offsets,
                                            size_t nsegments, int32_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_min_i64(int device, const int64_t *x, const size_t *offsets,
                                            size_t nsegments, int64_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_min_u8(int device, const uint8_t *x, const size_t *offsets,
                                           size_t nsegments, uint8_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_segmented_min_u16(int device, const uint16_t *x, const size_t *offsets,
                                            size_t nsegments, uint16_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_min_u32(int device, const uint32_t *x, const size_t *offsets,
                                            size_t nsegments, uint32_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_min_u64(int device, const uint64_t *x, const size_t *offsets,
                                            size_t nsegments, uint64_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_min_f32(int device, const float *x, const size_t *offsets,
                                            size_t nsegments, float *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_min_f64(int device, const double *x, const size_t *offsets,
                                            size_t nsegments, double *results,
                                            const redu_options *opts);

/* redu_batched_min_<t>: the least elements of every segment [k, k + 1) * segment_length. */
REDU_API redu_status redu_batched_min_i8(int device, const int8_t *x, size_t segment_length,
                                         size_t nsegments, int8_t *results,
                                         const redu_options *opts);
REDU_API redu_status redu_batched_min_i16(int device, const int16_t *x, size_t segment_length,
                                          size_t nsegments, int16_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_min_i32(int device, const int32_t *x, size_t segment_length,
                                          size_t nsegments, int32_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_min_i64(int device, const int64_t *x, size_t segment_length,
                                          size_t nsegments, int64_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_min_u8(int device, const uint8_t *x, size_t segment_length,
                                         size_t nsegments, uint8_t *results,
                                         const redu_options *opts);
REDU_API redu_status redu_batched_min_u16(int device, const uint16_t *x, size_t segment_length,
                                          size_t nsegments, uint16_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_min_u32(int device, const uint32_t *x, size_t segment_length,
                                          size_t nsegments, uint32_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_min_u64(int device, const uint64_t *x, size_t segment_length,
                                          size_t nsegments, uint64_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_min_f32(int device, const float *x, size_t segment_length,
                                          size_t nsegments, float *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_min_f64(int device, const double *x, size_t segment_length,
                                          size_t nsegments, double *results,
                                          const redu_options *opts);

/* redu_segmented_max_<t>: the greatest elements of every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_max_i8(int device, const int8_t *x, const size_t *offsets,
                                           size_t nsegments, int8_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_segmented_max_i16(int device, const int16_t *x, const size_t *offsets,
                                            size_t nsegments, int16_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_max_i32(int device, const int32_t *x, const size_t *offsets,
                                            size_t nsegments, int32_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_max_i64(int device, const int64_t *x, const size_t *offsets,
                                            size_t nsegments, int64_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_max_u8(int device, const uint8_t *x, const size_t *offsets,
                                           size_t nsegments, uint8_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_segmented_max_u16(int device, const uint16_t *x, const size_t *offsets,
                                            size_t nsegments, uint16_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_max_u32(int device, const uint32_t *x, const size_t *offsets,
                                            size_t nsegments, uint32_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_max_u64(int device, const uint64_t *x, const size_t *offsets,
                                            size_t nsegments, uint64_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_max_f32(int device, const float *x, const size_t *offsets,
                                            size_t nsegments, float *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_max_f64(int device, const double *x, const size_t *offsets,
                                            size_t nsegments, double *results,
                                            const redu_options *opts);

/* redu_batched_max_<t>: the greatest elements of every segment [k, k + 1) * segment_length. */
REDU_API redu_status redu_batched_max_i8(int device, const int8_t *x, size_t segment_length,
                                         size_t nsegments, int8_t *results,
                                         const redu_options *opts);
REDU_API redu_status redu_batched_max_i16(int device, const int16_t *x, size_t segment_length,
                                          size_t nsegments, int16_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_max_i32(int device, const int32_t *x, size_t segment_length,
                                          size_t nsegments, int32_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_max_i64(int device, const int64_t *x, size_t segment_length,
                                          size_t nsegments, int64_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_max_u8(int device, const uint8_t *x, size_t segment_length,
                                         size_t nsegments, uint8_t *results,
                                         const redu_options *opts);
REDU_API redu_status redu_batched_max_u16(int device, const uint16_t *x, size_t segment_length,
                                          size_t nsegments, uint16_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_max_u32(int device, const uint32_t *x, size_t segment_length,
                                          size_t nsegments, uint32_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_max_u64(int device, const uint64_t *x, size_t segment_length,
                                          size_t nsegments, uint64_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_max_f32(int device, const float *x, size_t segment_length,
                                          size_t nsegments, float *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_max_f64(int device, const double *x, size_t segment_length,
                                          size_t nsegments, double *results,
                                          const redu_options *opts);

/* redu_segmented_band_<t>: bitwise and of every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_band_i8(int device, const int8_t *x, const size_t *offsets,
                                            size_t nsegments, int8_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_band_i16(int device, const int16_t *x, const size_t *offsets,
                                             size_t nsegments, int16_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_band_i32(int device, const int32_t *x, const size_t *offsets,
                                             size_t nsegments, int32_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_band_i64(int device, const int64_t *x, const size_t *offsets,
                                             size_t nsegments, int64_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_band_u8(int device, const uint8_t *x, const size_t *offsets,
                                            size_t nsegments, uint8_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_band_u16(int device, const uint16_t *x, const size_t *offsets,
                                             size_t nsegments, uint16_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_band_u32(int device, const uint32_t *x, const size_t *offsets,
                                             size_t nsegments, uint32_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_band_u64(int device, const uint64_t *x, const size_t *offsets,
                                             size_t nsegments, uint64_t *results,
                                             const redu_options *opts);

/* redu_batched_band_<t>: bitwise and of every segment [k, k + 1) * segment_length. */
REDU_API redu_status redu_batched_band_i8(int device, const int8_t *x, size_t segment_length,
                                          size_t nsegments, int8_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_band_i16(int device, const int16_t *x, size_t segment_length,
                                           size_t nsegments, int16_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_band_i32(int device, const int32_t *x, size_t segment_length,
                                           size_t nsegments, int32_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_band_i64(int device, const int64_t *x, size_t segment_length,
                                           size_t nsegments, int64_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_band_u8(int device, const uint8_t *x, size_t segment_length,
                                          size_t nsegments, uint8_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_band_u16(int device, const uint16_t *x, size_t segment_length,
                                           size_t nsegments, uint16_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_band_u32(int device, const uint32_t *x, size_t segment_length,
                                           size_t nsegments, uint32_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_band_u64(int device, const uint64_t *x, size_t segment_length,
                                           size_t nsegments, uint64_t *results,
                                           const redu_options *opts);

/* redu_segmented_bor_<t>: bitwise or of every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_bor_i8(int device, const int8_t *x, const size_t *offsets,
                                           size_t nsegments, int8_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_segmented_bor_i16(int device, const int16_t *x, const size_t *offsets,
                                            size_t nsegments, int16_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_bor_i32(int device, const int32_t *x, const size_t *offsets,
                                            size_t nsegments, int32_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_bor_i64(int device, const int64_t *x, const size_t *offsets,
                                            size_t nsegments, int64_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_bor_u8(int device, const uint8_t *x, const size_t *offsets,
                                           size_t nsegments, uint8_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_segmented_bor_u16(int device, const uint16_t *x, const size_t *offsets,
                                            size_t nsegments, uint16_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_bor_u32(int device, const uint32_t *x, const size_t *offsets,
                                            size_t nsegments, uint32_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_bor_u64(int device, const uint64_t *x, const size_t *offsets,
                                            size_t nsegments, uint64_t *results,
                                            const redu_options *opts);

/* redu_batched_bor_<t>: bitwise or of every segment [k, k + 1) * segment_length. */
REDU_API redu_status redu_batched_bor_i8(int device, const int8_t *x, size_t segment_length,
                                         size_t nsegments, int8_t *results,
                                         const redu_options *opts);
REDU_API redu_status redu_batched_bor_i16(int device, const int16_t *x, size_t segment_length,
                                          size_t nsegments, int16_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_bor_i32(int device, const int32_t *x, size_t segment_length,
                                          size_t nsegments, int32_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_bor_i64(int device, const int64_t *x, size_t segment_length,
                                          size_t nsegments, int64_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_bor_u8(int device, const uint8_t *x, size_t segment_length,
                                         size_t nsegments, uint8_t *results,
                                         const redu_options *opts);
REDU_API redu_status redu_batched_bor_u16(int device, const uint16_t *x, size_t segment_length,
                                          size_t nsegments, uint16_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_bor_u32(int device, const uint32_t *x, size_t segment_length,
                                          size_t nsegments, uint32_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_bor_u64(int device, const uint64_t *x, size_t segment_length,
                                          size_t nsegments, uint64_t *results,
                                          const redu_options *opts);

/* redu_segmented_bxor_<t>: bitwise exclusive or of every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_bxor_i8(int device, const int8_t *x, const size_t *offsets,
                                            size_t nsegments, int8_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_bxor_i16(int device, const int16_t *x, const size_t *offsets,
                                             size_t nsegments, int16_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_bxor_i32(int device, const int32_t *x, const size_t *offsets,
                                             size_t nsegments, int32_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_bxor_i64(int device, const int64_t *x, const size_t *offsets,
                                             size_t nsegments, int64_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_bxor_u8(int device, const uint8_t *x, const size_t *offsets,
                                            size_t nsegments, uint8_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_bxor_u16(int device, const uint16_t *x, const size_t *offsets,
                                             size_t nsegments, uint16_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_bxor_u32(int device, const uint32_t *x, const size_t *offsets,
                                             size_t nsegments, uint32_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_bxor_u64(int device, const uint64_t *x, const size_t *offsets,
                                             size_t nsegments, uint64_t *results,
                                             const redu_options *opts);

/* redu_batched_bxor_<t>: bitwise exclusive or of every segment [k, k + 1) * segment_length. */
REDU_API redu_status redu_batched_bxor_i8(int device, const int8_t *x, size_t segment_length,
                                          size_t nsegments, int8_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_bxor_i16(int device, const int16_t *x, size_t segment_length,
                                           size_t nsegments, int16_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_bxor_i32(int device, const int32_t *x, size_t segment_length,
                                           size_t nsegments, int32_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_bxor_i64(int device, const int64_t *x, size_t segment_length,
                                           size_t nsegments, int64_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_bxor_u8(int device, const uint8_t *x, size_t segment_length,
                                          size_t nsegments, uint8_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_bxor_u16(int device, const uint16_t *x, size_t segment_length,
                                           size_t nsegments, uint16_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_bxor_u32(int device, const uint32_t *x, size_t segment_length,
                                           size_t nsegments, uint32_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_bxor_u64(int device, const uint64_t *x, size_t segment_length,
                                           size_t nsegments, uint64_t *results,
                                           const redu_options *opts);

/* redu_segmented_land_<t>: logical and (1 or 0) of every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_land_i8(int device, const int8_t *x, const size_t *offsets,
                                            size_t nsegments, int8_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_land_i16(int device, const int16_t *x, const size_t *offsets,
                                             size_t nsegments, int16_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_land_i32(int device, const int32_t *x, const size_t *offsets,
                                             size_t nsegments, int32_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_land_i64(int device, const int64_t *x, const size_t *offsets,
                                             size_t nsegments, int64_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_land_u8(int device, const uint8_t *x, const size_t *offsets,
                                            size_t nsegments, uint8_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_land_u16(int device, const uint16_t *x, const size_t *offsets,
                                             size_t nsegments, uint16_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_land_u32(int device, const uint32_t *x, const size_t *offsets,
                                             size_t nsegments, uint32_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_land_u64(int device, const uint64_t *x, const size_t *offsets,
                                             size_t nsegments, uint64_t *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_land_f32(int device, const float *x, const size_t *offsets,
                                             size_t nsegments, float *results,
                                             const redu_options *opts);
REDU_API redu_status redu_segmented_land_f64(int device, const double *x, const size_t *offsets,
                                             size_t nsegments, double *results,
                                             const redu_options *opts);

/* redu_batched_land_<t>: logical and (1 or 0) of every segment [k, k + 1) * segment_length. */
REDU_API redu_status redu_batched_land_i8(int device, const int8_t *x, size_t segment_length,
                                          size_t nsegments, int8_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_land_i16(int device, const int16_t *x, size_t segment_length,
                                           size_t nsegments, int16_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_land_i32(int device, const int32_t *x, size_t segment_length,
                                           size_t nsegments, int32_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_land_i64(int device, const int64_t *x, size_t segment_length,
                                           size_t nsegments, int64_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_land_u8(int device, const uint8_t *x, size_t segment_length,
                                          size_t nsegments, uint8_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_land_u16(int device, const uint16_t *x, size_t segment_length,
                                           size_t nsegments, uint16_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_land_u32(int device, const uint32_t *x, size_t segment_length,
                                           size_t nsegments, uint32_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_land_u64(int device, const uint64_t *x, size_t segment_length,
                                           size_t nsegments, uint64_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_land_f32(int device, const float *x, size_t segment_length,
                                           size_t nsegments, float *results,
                                           const redu_options *opts);
REDU_API redu_status redu_batched_land_f64(int device, const double *x, size_t segment_length,
                                           size_t nsegments, double *results,
                                           const redu_options *opts);

/* redu_segmented_lor_<t>: logical or (1 or 0) of every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_lor_i8(int device, const int8_t *x, const size_t *offsets,
                                           size_t nsegments, int8_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_segmented_lor_i16(int device, const int16_t *x, const size_t *offsets,
                                            size_t nsegments, int16_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_lor_i32(int device, const int32_t *x, const size_t *offsets,
                                            size_t nsegments, int32_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_lor_i64(int device, const int64_t *x, const size_t *offsets,
                                            size_t nsegments, int64_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_lor_u8(int device, const uint8_t *x, const size_t *offsets,
                                           size_t nsegments, uint8_t *results,
                                           const redu_options *opts);
REDU_API redu_status redu_segmented_lor_u16(int device, const uint16_t *x, const size_t *offsets,
                                            size_t nsegments, uint16_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_lor_u32(int device, const uint32_t *x, const size_t *offsets,
                                            size_t nsegments, uint32_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_lor_u64(int device, const uint64_t *x, const size_t *offsets,
                                            size_t nsegments, uint64_t *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_lor_f32(int device, const float *x, const size_t *offsets,
                                            size_t nsegments, float *results,
                                            const redu_options *opts);
REDU_API redu_status redu_segmented_lor_f64(int device, const double *x, const size_t *offsets,
                                            size_t nsegments, double *results,
                                            const redu_options *opts);

/* redu_batched_lor_<t>: logical or (1 or 0) of every segment [k, k + 1) * segment_length. */
REDU_API redu_status redu_batched_lor_i8(int device, const int8_t *x, size_t segment_length,
                                         size_t nsegments, int8_t *results,
                                         const redu_options *opts);
REDU_API redu_status redu_batched_lor_i16(int device, const int16_t *x, size_t segment_length,
                                          size_t nsegments, int16_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_lor_i32(int device, const int32_t *x, size_t segment_length,
                                          size_t nsegments, int32_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_lor_i64(int device, const int64_t *x, size_t segment_length,
                                          size_t nsegments, int64_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_lor_u8(int device, const uint8_t *x, size_t segment_length,
                                         size_t nsegments, uint8_t *results,
                                         const redu_options *opts);
REDU_API redu_status redu_batched_lor_u16(int device, const uint16_t *x, size_t segment_length,
                                          size_t nsegments, uint16_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_lor_u32(int device, const uint32_t *x, size_t segment_length,
                                          size_t nsegments, uint32_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_lor_u64(int device, const uint64_t *x, size_t segment_length,
                                          size_t nsegments, uint64_t *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_lor_f32(int device, const float *x, size_t segment_length,
                                          size_t nsegments, float *results,
                                          const redu_options *opts);
REDU_API redu_status redu_batched_lor_f64(int device, const double *x, size_t segment_length,
                                          size_t nsegments, double *results,
                                          const redu_options *opts);

/* redu_segmented_argmin_<t>: argmin of every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_argmin_i8(int device, const int8_t *x, const size_t *offsets,
                                              size_t nsegments, int8_t *values, size_t *indices,
                                              const redu_options *opts);
REDU_API redu_status redu_segmented_argmin_i16(int device, const int16_t *x, const size_t *offsets,
                                               size_t nsegments, int16_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmin_i32(int device, const int32_t *x, const size_t *offsets,
                                               size_t nsegments, int32_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmin_i64(int device, const int64_t *x, const size_t *offsets,
                                               size_t nsegments, int64_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmin_u8(int device, const uint8_t *x, const size_t *offsets,
                                              size_t nsegments, uint8_t *values, size_t *indices,
                                              const redu_options *opts);
REDU_API redu_status redu_segmented_argmin_u16(int device, const uint16_t *x, const size_t *offsets,
                                               size_t nsegments, uint16_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmin_u32(int device, const uint32_t *x, const size_t *offsets,
                                               size_t nsegments, uint32_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmin_u64(int device, const uint64_t *x, const size_t *offsets,
                                               size_t nsegments, uint64_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmin_f32(int device, const float *x, const size_t *offsets,
                                               size_t nsegments, float *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmin_f64(int device, const double *x, const size_t *offsets,
                                               size_t nsegments, double *values, size_t *indices,
                                               const redu_options *opts);

/* redu_batched_argmin_<t>: argmin of every segment [k, k + 1) * segment_length. */
REDU_API redu_status redu_batched_argmin_i8(int device, const int8_t *x, size_t segment_length,
                                            size_t nsegments, int8_t *values, size_t *indices,
                                            const redu_options *opts);
REDU_API redu_status redu_batched_argmin_i16(int device, const int16_t *x, size_t segment_length,
                                             size_t nsegments, int16_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmin_i32(int device, const int32_t *x, size_t segment_length,
                                             size_t nsegments, int32_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmin_i64(int device, const int64_t *x, size_t segment_length,
                                             size_t nsegments, int64_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmin_u8(int device, const uint8_t *x, size_t segment_length,
                                            size_t nsegments, uint8_t *values, size_t *indices,
                                            const redu_options *opts);
REDU_API redu_status redu_batched_argmin_u16(int device, const uint16_t *x, size_t segment_length,
                                             size_t nsegments, uint16_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmin_u32(int device, const uint32_t *x, size_t segment_length,
                                             size_t nsegments, uint32_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmin_u64(int device, const uint64_t *x, size_t segment_length,
                                             size_t nsegments, uint64_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmin_f32(int device, const float *x, size_t segment_length,
                                             size_t nsegments, float *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmin_f64(int device, const double *x, size_t segment_length,
                                             size_t nsegments, double *values, size_t *indices,
                                             const redu_options *opts);

/* redu_segmented_argmax_<t>: argmax of every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_argmax_i8(int device, const int8_t *x, const size_t *offsets,
                                              size_t nsegments, int8_t *values, size_t *indices,
                                              const redu_options *opts);
REDU_API redu_status redu_segmented_argmax_i16(int device, const int16_t *x, const size_t *offsets,
                                               size_t nsegments, int16_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmax_i32(int device, const int32_t *x, const size_t *offsets,
                                               size_t nsegments, int32_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmax_i64(int device, const int64_t *x, const size_t *offsets,
                                               size_t nsegments, int64_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmax_u8(int device, const uint8_t *x, const size_t *offsets,
                                              size_t nsegments, uint8_t *values, size_t *indices,
                                              const redu_options *opts);
REDU_API redu_status redu_segmented_argmax_u16(int device, const uint16_t *x, const size_t *offsets,
                                               size_t nsegments, uint16_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmax_u32(int device, const uint32_t *x, const size_t *offsets,
                                               size_t nsegments, uint32_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmax_u64(int device, const uint64_t *x, const size_t *offsets,
                                               size_t nsegments, uint64_t *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmax_f32(int device, const float *x, const size_t *offsets,
                                               size_t nsegments, float *values, size_t *indices,
                                               const redu_options *opts);
REDU_API redu_status redu_segmented_argmax_f64(int device, const double *x, const size_t *offsets,
                                               size_t nsegments, double *values, size_t *indices,
                                               const redu_options *opts);

/* redu_batched_argmax_<t>: argmax of every segment [k, k + 1) * segment_length. */
REDU_API redu_status redu_batched_argmax_i8(int device, const int8_t *x, size_t segment_length,
                                            size_t nsegments, int8_t *values, size_t *indices,
                                            const redu_options *opts);
REDU_API redu_status redu_batched_argmax_i16(int device, const int16_t *x, size_t segment_length,
                                             size_t nsegments, int16_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmax_i32(int device, const int32_t *x, size_t segment_length,
                                             size_t nsegments, int32_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmax_i64(int device, const int64_t *x, size_t segment_length,
                                             size_t nsegments, int64_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmax_u8(int device, const uint8_t *x, size_t segment_length,
                                            size_t nsegments, uint8_t *values, size_t *indices,
                                            const redu_options *opts);
REDU_API redu_status redu_batched_argmax_u16(int device, const uint16_t *x, size_t segment_length,
                                             size_t nsegments, uint16_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmax_u32(int device, const uint32_t *x, size_t segment_length,
                                             size_t nsegments, uint32_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmax_u64(int device, const uint64_t *x, size_t segment_length,
                                             size_t nsegments, uint64_t *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmax_f32(int device, const float *x, size_t segment_length,
                                             size_t nsegments, float *values, size_t *indices,
                                             const redu_options *opts);
REDU_API redu_status redu_batched_argmax_f64(int device, const double *x, size_t segment_length,
                                             size_t nsegments, double *values, size_t *indices,
                                             const redu_options *opts);
#ifdef __cplusplus
}
#endif

#endif

/* Every segmented and batched scan of libredu, listed: many scans in one call, one per
 * segment, each as the array scans of redu_scan.h do it (the same ops, types and rules).
 *
 *   redu_segmented_inclusive_scan_<op>_<t>(device, x, y, offsets, nsegments, opts)
 *   redu_segmented_exclusive_scan_<op>_<t>(device, x, y, offsets, nsegments, opts)
 *       segment k is x[offsets[k], offsets[k + 1]) for k in [0, nsegments), with the offsets
 *       rules of the segmented reductions (redu_segmented.h): nsegments + 1 CSR offsets, not
 *       decreasing, segments may be empty and need not start at 0.
 *   redu_batched_inclusive_scan_<op>_<t>(device, x, y, segment_length, nsegments, opts)
 *   redu_batched_exclusive_scan_<op>_<t>(device, x, y, segment_length, nsegments, opts)
 *       segment k is x[k * segment_length, (k + 1) * segment_length).
 * For i in segment k = [b, e): y[i] = init . x[b] . ... . x[i] (inclusive) or
 * init . x[b] . ... . x[i - 1] (exclusive: y[b] = init), `.` the op and init opts->init or
 * the op's identity, every segment from the same init. Elements of y outside every segment
 * are not written. y == x scans in place; y overlapping x otherwise is an error. x, y and
 * offsets are memory of the device, or all host arrays with REDU_INPUT_HOST. The same bits
 * on every run for the same input and plan. nsegments = 0 does nothing (every pointer may
 * then be NULL). The generic forms are redu_segmented_inclusive_scan, ... (redu.h).
 * Returns: REDU_OK; REDU_ERR_NULL_ARG (x, y or offsets NULL with nsegments > 0);
 *          REDU_ERR_BAD_OFFSETS (offsets decrease, or offsets[nsegments] lies past what x or
 *          y can hold: its allocation on NVIDIA, PTRDIFF_MAX bytes everywhere; the first bad
 *          position is in redu_last_error()); REDU_ERR_INVALID_DEVICE; REDU_ERR_OVERFLOW;
 *          REDU_ERR_MISALIGNED; REDU_ERR_NOT_DEVICE_PTR; REDU_ERR_OVERLAP;
 *          REDU_ERR_UNSUPPORTED (REDU_EXACT on any but sum_f32 and sum_f64, which it makes
 *          correctly rounded as the array scans; a scratchpad); REDU_ERR_BAD_OPTION;
 *          REDU_ERR_OUT_OF_MEMORY; REDU_ERR_DEVICE. Offsets are checked before anything is
 *          written: on any status but REDU_OK, y is untouched.
 * libredu's own build checks this list against the op table, as for redu_scan.h. Include
 * redu.h, not this file. */
#ifndef REDU_SEGMENTED_SCAN_H
#define REDU_SEGMENTED_SCAN_H

#include "redu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* redu_segmented_inclusive_scan_sum_<t>: the inclusive scan of redu_inclusive_scan_sum_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_inclusive_scan_sum_i8(int device, const int8_t *x, int8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_sum_i16(int device, const int16_t *x, int16_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_sum_i32(int device, const int32_t *x, int32_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_sum_i64(int device, const int64_t *x, int64_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_sum_u8(int device, const uint8_t *x, uint8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_sum_u16(int device, const uint16_t *x,
                                                           uint16_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_sum_u32(int device, const uint32_t *x,
                                                           uint32_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_sum_u64(int device, const uint64_t *x,
                                                           uint64_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_sum_f32(int device, const float *x, float *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_sum_f64(int device, const double *x, double *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);

/* redu_segmented_inclusive_scan_prod_<t>: the inclusive scan of redu_inclusive_scan_prod_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_inclusive_scan_prod_i8(int device, const int8_t *x, int8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_prod_i16(int device, const int16_t *x,
                                                            int16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_prod_i32(int device, const int32_t *x,
                                                            int32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_prod_i64(int device, const int64_t *x,
                                                            int64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_prod_u8(int device, const uint8_t *x, uint8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_prod_u16(int device, const uint16_t *x,
                                                            uint16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_prod_u32(int device, const uint32_t *x,
                                                            uint32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_prod_u64(int device, const uint64_t *x,
                                                            uint64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_prod_f32(int device, const float *x, float *y,
                                                            const size_t *offsets, size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_prod_f64(int device, const double *x, double *y,
                                                            const size_t *offsets, size_t nsegments,
                                                            const redu_options *opts);

/* redu_segmented_inclusive_scan_min_<t>: the inclusive scan of redu_inclusive_scan_min_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_inclusive_scan_min_i8(int device, const int8_t *x, int8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_min_i16(int device, const int16_t *x, int16_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_min_i32(int device, const int32_t *x, int32_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_min_i64(int device, const int64_t *x, int64_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_min_u8(int device, const uint8_t *x, uint8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_min_u16(int device, const uint16_t *x,
                                                           uint16_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_min_u32(int device, const uint32_t *x,
                                                           uint32_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_min_u64(int device, const uint64_t *x,
                                                           uint64_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_min_f32(int device, const float *x, float *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_min_f64(int device, const double *x, double *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);

/* redu_segmented_inclusive_scan_max_<t>: the inclusive scan of redu_inclusive_scan_max_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_inclusive_scan_max_i8(int device, const int8_t *x, int8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_max_i16(int device, const int16_t *x, int16_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_max_i32(int device, const int32_t *x, int32_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_max_i64(int device, const int64_t *x, int64_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_max_u8(int device, const uint8_t *x, uint8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_max_u16(int device, const uint16_t *x,
                                                           uint16_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_max_u32(int device, const uint32_t *x,
                                                           uint32_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_max_u64(int device, const uint64_t *x,
                                                           uint64_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_max_f32(int device, const float *x, float *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_max_f64(int device, const double *x, double *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);

/* redu_segmented_inclusive_scan_band_<t>: the inclusive scan of redu_inclusive_scan_band_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_inclusive_scan_band_i8(int device, const int8_t *x, int8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_band_i16(int device, const int16_t *x,
                                                            int16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_band_i32(int device, const int32_t *x,
                                                            int32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_band_i64(int device, const int64_t *x,
                                                            int64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_band_u8(int device, const uint8_t *x, uint8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_band_u16(int device, const uint16_t *x,
                                                            uint16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_band_u32(int device, const uint32_t *x,
                                                            uint32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_band_u64(int device, const uint64_t *x,
                                                            uint64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);

/* redu_segmented_inclusive_scan_bor_<t>: the inclusive scan of redu_inclusive_scan_bor_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_inclusive_scan_bor_i8(int device, const int8_t *x, int8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bor_i16(int device, const int16_t *x, int16_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bor_i32(int device, const int32_t *x, int32_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bor_i64(int device, const int64_t *x, int64_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bor_u8(int device, const uint8_t *x, uint8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bor_u16(int device, const uint16_t *x,
                                                           uint16_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bor_u32(int device, const uint32_t *x,
                                                           uint32_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bor_u64(int device, const uint64_t *x,
                                                           uint64_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);

/* redu_segmented_inclusive_scan_bxor_<t>: the inclusive scan of redu_inclusive_scan_bxor_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_inclusive_scan_bxor_i8(int device, const int8_t *x, int8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bxor_i16(int device, const int16_t *x,
                                                            int16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bxor_i32(int device, const int32_t *x,
                                                            int32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bxor_i64(int device, const int64_t *x,
                                                            int64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bxor_u8(int device, const uint8_t *x, uint8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bxor_u16(int device, const uint16_t *x,
                                                            uint16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bxor_u32(int device, const uint32_t *x,
                                                            uint32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_bxor_u64(int device, const uint64_t *x,
                                                            uint64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);

/* redu_segmented_inclusive_scan_land_<t>: the inclusive scan of redu_inclusive_scan_land_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_inclusive_scan_land_i8(int device, const int8_t *x, int8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_land_i16(int device, const int16_t *x,
                                                            int16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_land_i32(int device, const int32_t *x,
                                                            int32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_land_i64(int device, const int64_t *x,
                                                            int64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_land_u8(int device, const uint8_t *x, uint8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_land_u16(int device, const uint16_t *x,
                                                            uint16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_land_u32(int device, const uint32_t *x,
                                                            uint32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_land_u64(int device, const uint64_t *x,
                                                            uint64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_land_f32(int device, const float *x, float *y,
                                                            const size_t *offsets, size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_land_f64(int device, const double *x, double *y,
                                                            const size_t *offsets, size_t nsegments,
                                                            const redu_options *opts);

/* redu_segmented_inclusive_scan_lor_<t>: the inclusive scan of redu_inclusive_scan_lor_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_inclusive_scan_lor_i8(int device, const int8_t *x, int8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_lor_i16(int device, const int16_t *x, int16_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_lor_i32(int device, const int32_t *x, int32_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_lor_i64(int device, const int64_t *x, int64_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_lor_u8(int device, const uint8_t *x, uint8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_lor_u16(int device, const uint16_t *x,
                                                           uint16_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_lor_u32(int device, const uint32_t *x,
                                                           uint32_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_lor_u64(int device, const uint64_t *x,
                                                           uint64_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_lor_f32(int device, const float *x, float *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_inclusive_scan_lor_f64(int device, const double *x, double *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);

/* redu_segmented_exclusive_scan_sum_<t>: the exclusive scan of redu_exclusive_scan_sum_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_exclusive_scan_sum_i8(int device, const int8_t *x, int8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_sum_i16(int device, const int16_t *x, int16_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_sum_i32(int device, const int32_t *x, int32_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_sum_i64(int device, const int64_t *x, int64_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_sum_u8(int device, const uint8_t *x, uint8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_sum_u16(int device, const uint16_t *x,
                                                           uint16_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_sum_u32(int device, const uint32_t *x,
                                                           uint32_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_sum_u64(int device, const uint64_t *x,
                                                           uint64_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_sum_f32(int device, const float *x, float *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_sum_f64(int device, const double *x, double *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);

/* redu_segmented_exclusive_scan_prod_<t>: the exclusive scan of redu_exclusive_scan_prod_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_exclusive_scan_prod_i8(int device, const int8_t *x, int8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_prod_i16(int device, const int16_t *x,
                                                            int16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_prod_i32(int device, const int32_t *x,
                                                            int32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_prod_i64(int device, const int64_t *x,
                                                            int64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_prod_u8(int device, const uint8_t *x, uint8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_prod_u16(int device, const uint16_t *x,
                                                            uint16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_prod_u32(int device, const uint32_t *x,
                                                            uint32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_prod_u64(int device, const uint64_t *x,
                                                            uint64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_prod_f32(int device, const float *x, float *y,
                                                            const size_t *offsets, size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_prod_f64(int device, const double *x, double *y,
                                                            const size_t *offsets, size_t nsegments,
                                                            const redu_options *opts);

/* redu_segmented_exclusive_scan_min_<t>: the exclusive scan of redu_exclusive_scan_min_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_exclusive_scan_min_i8(int device, const int8_t *x, int8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_min_i16(int device, const int16_t *x, int16_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_min_i32(int device, const int32_t *x, int32_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_min_i64(int device, const int64_t *x, int64_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_min_u8(int device, const uint8_t *x, uint8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_min_u16(int device, const uint16_t *x,
                                                           uint16_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_min_u32(int device, const uint32_t *x,
                                                           uint32_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_min_u64(int device, const uint64_t *x,
                                                           uint64_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_min_f32(int device, const float *x, float *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_min_f64(int device, const double *x, double *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);

/* redu_segmented_exclusive_scan_max_<t>: the exclusive scan of redu_exclusive_scan_max_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_exclusive_scan_max_i8(int device, const int8_t *x, int8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_max_i16(int device, const int16_t *x, int16_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_max_i32(int device, const int32_t *x, int32_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_max_i64(int device, const int64_t *x, int64_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_max_u8(int device, const uint8_t *x, uint8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_max_u16(int device, const uint16_t *x,
                                                           uint16_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_max_u32(int device, const uint32_t *x,
                                                           uint32_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_max_u64(int device, const uint64_t *x,
                                                           uint64_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_max_f32(int device, const float *x, float *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_max_f64(int device, const double *x, double *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);

/* redu_segmented_exclusive_scan_band_<t>: the exclusive scan of redu_exclusive_scan_band_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_exclusive_scan_band_i8(int device, const int8_t *x, int8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_band_i16(int device, const int16_t *x,
                                                            int16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_band_i32(int device, const int32_t *x,
                                                            int32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_band_i64(int device, const int64_t *x,
                                                            int64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_band_u8(int device, const uint8_t *x, uint8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_band_u16(int device, const uint16_t *x,
                                                            uint16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_band_u32(int device, const uint32_t *x,
                                                            uint32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_band_u64(int device, const uint64_t *x,
                                                            uint64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);

/* redu_segmented_exclusive_scan_bor_<t>: the exclusive scan of redu_exclusive_scan_bor_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_exclusive_scan_bor_i8(int device, const int8_t *x, int8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bor_i16(int device, const int16_t *x, int16_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bor_i32(int device, const int32_t *x, int32_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bor_i64(int device, const int64_t *x, int64_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bor_u8(int device, const uint8_t *x, uint8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bor_u16(int device, const uint16_t *x,
                                                           uint16_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bor_u32(int device, const uint32_t *x,
                                                           uint32_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bor_u64(int device, const uint64_t *x,
                                                           uint64_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);

/* redu_segmented_exclusive_scan_bxor_<t>: the exclusive scan of redu_exclusive_scan_bxor_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_exclusive_scan_bxor_i8(int device, const int8_t *x, int8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bxor_i16(int device, const int16_t *x,
                                                            int16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bxor_i32(int device, const int32_t *x,
                                                            int32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bxor_i64(int device, const int64_t *x,
                                                            int64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bxor_u8(int device, const uint8_t *x, uint8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bxor_u16(int device, const uint16_t *x,
                                                            uint16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bxor_u32(int device, const uint32_t *x,
                                                            uint32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_bxor_u64(int device, const uint64_t *x,
                                                            uint64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);

/* redu_segmented_exclusive_scan_land_<t>: the exclusive scan of redu_exclusive_scan_land_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_exclusive_scan_land_i8(int device, const int8_t *x, int8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_land_i16(int device, const int16_t *x,
                                                            int16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_land_i32(int device, const int32_t *x,
                                                            int32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_land_i64(int device, const int64_t *x,
                                                            int64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_land_u8(int device, const uint8_t *x, uint8_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_land_u16(int device, const uint16_t *x,
                                                            uint16_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_land_u32(int device, const uint32_t *x,
                                                            uint32_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_land_u64(int device, const uint64_t *x,
                                                            uint64_t *y, const size_t *offsets,
                                                            size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_land_f32(int device, const float *x, float *y,
                                                            const size_t *offsets, size_t nsegments,
                                                            const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_land_f64(int device, const double *x, double *y,
                                                            const size_t *offsets, size_t nsegments,
                                                            const redu_options *opts);

/* redu_segmented_exclusive_scan_lor_<t>: the exclusive scan of redu_exclusive_scan_lor_<t> within
 * every segment [offsets[k], offsets[k + 1]). */
REDU_API redu_status redu_segmented_exclusive_scan_lor_i8(int device, const int8_t *x, int8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_lor_i16(int device, const int16_t *x, int16_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_lor_i32(int device, const int32_t *x, int32_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_lor_i64(int device, const int64_t *x, int64_t *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_lor_u8(int device, const uint8_t *x, uint8_t *y,
                                                          const size_t *offsets, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_lor_u16(int device, const uint16_t *x,
                                                           uint16_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_lor_u32(int device, const uint32_t *x,
                                                           uint32_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_lor_u64(int device, const uint64_t *x,
                                                           uint64_t *y, const size_t *offsets,
                                                           size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_lor_f32(int device, const float *x, float *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan_lor_f64(int device, const double *x, double *y,
                                                           const size_t *offsets, size_t nsegments,
                                                           const redu_options *opts);

/* redu_batched_inclusive_scan_sum_<t>: the inclusive scan of redu_inclusive_scan_sum_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_inclusive_scan_sum_i8(int device, const int8_t *x, int8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_sum_i16(int device, const int16_t *x, int16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_sum_i32(int device, const int32_t *x, int32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_sum_i64(int device, const int64_t *x, int64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_sum_u8(int device, const uint8_t *x, uint8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_sum_u16(int device, const uint16_t *x, uint16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_sum_u32(int device, const uint32_t *x, uint32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_sum_u64(int device, const uint64_t *x, uint64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_sum_f32(int device, const float *x, float *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_sum_f64(int device, const double *x, double *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);

/* redu_batched_inclusive_scan_prod_<t>: the inclusive scan of redu_inclusive_scan_prod_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_inclusive_scan_prod_i8(int device, const int8_t *x, int8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_prod_i16(int device, const int16_t *x, int16_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_prod_i32(int device, const int32_t *x, int32_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_prod_i64(int device, const int64_t *x, int64_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_prod_u8(int device, const uint8_t *x, uint8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_prod_u16(int device, const uint16_t *x,
                                                          uint16_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_prod_u32(int device, const uint32_t *x,
                                                          uint32_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_prod_u64(int device, const uint64_t *x,
                                                          uint64_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_prod_f32(int device, const float *x, float *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_prod_f64(int device, const double *x, double *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);

/* redu_batched_inclusive_scan_min_<t>: the inclusive scan of redu_inclusive_scan_min_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_inclusive_scan_min_i8(int device, const int8_t *x, int8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_min_i16(int device, const int16_t *x, int16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_min_i32(int device, const int32_t *x, int32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_min_i64(int device, const int64_t *x, int64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_min_u8(int device, const uint8_t *x, uint8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_min_u16(int device, const uint16_t *x, uint16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_min_u32(int device, const uint32_t *x, uint32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_min_u64(int device, const uint64_t *x, uint64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_min_f32(int device, const float *x, float *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_min_f64(int device, const double *x, double *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);

/* redu_batched_inclusive_scan_max_<t>: the inclusive scan of redu_inclusive_scan_max_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_inclusive_scan_max_i8(int device, const int8_t *x, int8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_max_i16(int device, const int16_t *x, int16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_max_i32(int device, const int32_t *x, int32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_max_i64(int device, const int64_t *x, int64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_max_u8(int device, const uint8_t *x, uint8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_max_u16(int device, const uint16_t *x, uint16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_max_u32(int device, const uint32_t *x, uint32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_max_u64(int device, const uint64_t *x, uint64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_max_f32(int device, const float *x, float *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_max_f64(int device, const double *x, double *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);

/* redu_batched_inclusive_scan_band_<t>: the inclusive scan of redu_inclusive_scan_band_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_inclusive_scan_band_i8(int device, const int8_t *x, int8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_band_i16(int device, const int16_t *x, int16_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_band_i32(int device, const int32_t *x, int32_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_band_i64(int device, const int64_t *x, int64_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_band_u8(int device, const uint8_t *x, uint8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_band_u16(int device, const uint16_t *x,
                                                          uint16_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_band_u32(int device, const uint32_t *x,
                                                          uint32_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_band_u64(int device, const uint64_t *x,
                                                          uint64_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);

/* redu_batched_inclusive_scan_bor_<t>: the inclusive scan of redu_inclusive_scan_bor_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_inclusive_scan_bor_i8(int device, const int8_t *x, int8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bor_i16(int device, const int16_t *x, int16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bor_i32(int device, const int32_t *x, int32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bor_i64(int device, const int64_t *x, int64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bor_u8(int device, const uint8_t *x, uint8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bor_u16(int device, const uint16_t *x, uint16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bor_u32(int device, const uint32_t *x, uint32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bor_u64(int device, const uint64_t *x, uint64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);

/* redu_batched_inclusive_scan_bxor_<t>: the inclusive scan of redu_inclusive_scan_bxor_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_inclusive_scan_bxor_i8(int device, const int8_t *x, int8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bxor_i16(int device, const int16_t *x, int16_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bxor_i32(int device, const int32_t *x, int32_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bxor_i64(int device, const int64_t *x, int64_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bxor_u8(int device, const uint8_t *x, uint8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bxor_u16(int device, const uint16_t *x,
                                                          uint16_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bxor_u32(int device, const uint32_t *x,
                                                          uint32_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_bxor_u64(int device, const uint64_t *x,
                                                          uint64_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);

/* redu_batched_inclusive_scan_land_<t>: the inclusive scan of redu_inclusive_scan_land_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_inclusive_scan_land_i8(int device, const int8_t *x, int8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_land_i16(int device, const int16_t *x, int16_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_land_i32(int device, const int32_t *x, int32_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_land_i64(int device, const int64_t *x, int64_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_land_u8(int device, const uint8_t *x, uint8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_land_u16(int device, const uint16_t *x,
                                                          uint16_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_land_u32(int device, const uint32_t *x,
                                                          uint32_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_land_u64(int device, const uint64_t *x,
                                                          uint64_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_land_f32(int device, const float *x, float *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_land_f64(int device, const double *x, double *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);

/* redu_batched_inclusive_scan_lor_<t>: the inclusive scan of redu_inclusive_scan_lor_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_inclusive_scan_lor_i8(int device, const int8_t *x, int8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_lor_i16(int device, const int16_t *x, int16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_lor_i32(int device, const int32_t *x, int32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_lor_i64(int device, const int64_t *x, int64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_lor_u8(int device, const uint8_t *x, uint8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_lor_u16(int device, const uint16_t *x, uint16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_lor_u32(int device, const uint32_t *x, uint32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_lor_u64(int device, const uint64_t *x, uint64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_lor_f32(int device, const float *x, float *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan_lor_f64(int device, const double *x, double *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);

/* redu_batched_exclusive_scan_sum_<t>: the exclusive scan of redu_exclusive_scan_sum_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_exclusive_scan_sum_i8(int device, const int8_t *x, int8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_sum_i16(int device, const int16_t *x, int16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_sum_i32(int device, const int32_t *x, int32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_sum_i64(int device, const int64_t *x, int64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_sum_u8(int device, const uint8_t *x, uint8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_sum_u16(int device, const uint16_t *x, uint16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_sum_u32(int device, const uint32_t *x, uint32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_sum_u64(int device, const uint64_t *x, uint64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_sum_f32(int device, const float *x, float *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_sum_f64(int device, const double *x, double *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);

/* redu_batched_exclusive_scan_prod_<t>: the exclusive scan of redu_exclusive_scan_prod_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_exclusive_scan_prod_i8(int device, const int8_t *x, int8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_prod_i16(int device, const int16_t *x, int16_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_prod_i32(int device, const int32_t *x, int32_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_prod_i64(int device, const int64_t *x, int64_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_prod_u8(int device, const uint8_t *x, uint8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_prod_u16(int device, const uint16_t *x,
                                                          uint16_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_prod_u32(int device, const uint32_t *x,
                                                          uint32_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_prod_u64(int device, const uint64_t *x,
                                                          uint64_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_prod_f32(int device, const float *x, float *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_prod_f64(int device, const double *x, double *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);

/* redu_batched_exclusive_scan_min_<t>: the exclusive scan of redu_exclusive_scan_min_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_exclusive_scan_min_i8(int device, const int8_t *x, int8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_min_i16(int device, const int16_t *x, int16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_min_i32(int device, const int32_t *x, int32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_min_i64(int device, const int64_t *x, int64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_min_u8(int device, const uint8_t *x, uint8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_min_u16(int device, const uint16_t *x, uint16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_min_u32(int device, const uint32_t *x, uint32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_min_u64(int device, const uint64_t *x, uint64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_min_f32(int device, const float *x, float *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_min_f64(int device, const double *x, double *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);

/* redu_batched_exclusive_scan_max_<t>: the exclusive scan of redu_exclusive_scan_max_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_exclusive_scan_max_i8(int device, const int8_t *x, int8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_max_i16(int device, const int16_t *x, int16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_max_i32(int device, const int32_t *x, int32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_max_i64(int device, const int64_t *x, int64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_max_u8(int device, const uint8_t *x, uint8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_max_u16(int device, const uint16_t *x, uint16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_max_u32(int device, const uint32_t *x, uint32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_max_u64(int device, const uint64_t *x, uint64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_max_f32(int device, const float *x, float *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_max_f64(int device, const double *x, double *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);

/* redu_batched_exclusive_scan_band_<t>: the exclusive scan of redu_exclusive_scan_band_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_exclusive_scan_band_i8(int device, const int8_t *x, int8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_band_i16(int device, const int16_t *x, int16_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_band_i32(int device, const int32_t *x, int32_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_band_i64(int device, const int64_t *x, int64_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_band_u8(int device, const uint8_t *x, uint8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_band_u16(int device, const uint16_t *x,
                                                          uint16_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_band_u32(int device, const uint32_t *x,
                                                          uint32_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_band_u64(int device, const uint64_t *x,
                                                          uint64_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);

/* redu_batched_exclusive_scan_bor_<t>: the exclusive scan of redu_exclusive_scan_bor_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_exclusive_scan_bor_i8(int device, const int8_t *x, int8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bor_i16(int device, const int16_t *x, int16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bor_i32(int device, const int32_t *x, int32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bor_i64(int device, const int64_t *x, int64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bor_u8(int device, const uint8_t *x, uint8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bor_u16(int device, const uint16_t *x, uint16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bor_u32(int device, const uint32_t *x, uint32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bor_u64(int device, const uint64_t *x, uint64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);

/* redu_batched_exclusive_scan_bxor_<t>: the exclusive scan of redu_exclusive_scan_bxor_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_exclusive_scan_bxor_i8(int device, const int8_t *x, int8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bxor_i16(int device, const int16_t *x, int16_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bxor_i32(int device, const int32_t *x, int32_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bxor_i64(int device, const int64_t *x, int64_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bxor_u8(int device, const uint8_t *x, uint8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bxor_u16(int device, const uint16_t *x,
                                                          uint16_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bxor_u32(int device, const uint32_t *x,
                                                          uint32_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_bxor_u64(int device, const uint64_t *x,
                                                          uint64_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);

/* redu_batched_exclusive_scan_land_<t>: the exclusive scan of redu_exclusive_scan_land_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_exclusive_scan_land_i8(int device, const int8_t *x, int8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_land_i16(int device, const int16_t *x, int16_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_land_i32(int device, const int32_t *x, int32_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_land_i64(int device, const int64_t *x, int64_t *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_land_u8(int device, const uint8_t *x, uint8_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_land_u16(int device, const uint16_t *x,
                                                          uint16_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_land_u32(int device, const uint32_t *x,
                                                          uint32_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_land_u64(int device, const uint64_t *x,
                                                          uint64_t *y, size_t segment_length,
                                                          size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_land_f32(int device, const float *x, float *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_land_f64(int device, const double *x, double *y,
                                                          size_t segment_length, size_t nsegments,
                                                          const redu_options *opts);

/* redu_batched_exclusive_scan_lor_<t>: the exclusive scan of redu_exclusive_scan_lor_<t> within
 * every segment [k * segment_length, (k + 1) * segment_length). */
REDU_API redu_status redu_batched_exclusive_scan_lor_i8(int device, const int8_t *x, int8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_lor_i16(int device, const int16_t *x, int16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_lor_i32(int device, const int32_t *x, int32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_lor_i64(int device, const int64_t *x, int64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_lor_u8(int device, const uint8_t *x, uint8_t *y,
                                                        size_t segment_length, size_t nsegments,
                                                        const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_lor_u16(int device, const uint16_t *x, uint16_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_lor_u32(int device, const uint32_t *x, uint32_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_lor_u64(int device, const uint64_t *x, uint64_t *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_lor_f32(int device, const float *x, float *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan_lor_f64(int device, const double *x, double *y,
                                                         size_t segment_length, size_t nsegments,
                                                         const redu_options *opts);

#ifdef __cplusplus
}
#endif

#endif

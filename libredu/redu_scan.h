/* Every typed scan of libredu, listed: redu_inclusive_scan_<op>_<t> and
 * redu_exclusive_scan_<op>_<t> for the value ops (sum prod min max band bor bxor land lor;
 * argmin/argmax have no scan) and <t> in i8 i16 i32 i64 u8 u16 u32 u64 f32 f64 (int8_t ...
 * double), the bitwise ops for the integer types only. Each is redu_inclusive_scan /
 * redu_exclusive_scan (redu.h) for one (op, type):
 *   x, y     n elements each, as x in redu.h's conventions (device memory, or host arrays
 *            with REDU_INPUT_HOST, both then), each aligned to the element type. y == x
 *            scans in place; y overlapping x otherwise is an error.
 *   y[i]     inclusive: init . x[0] . ... . x[i]; exclusive: init . x[0] . ... . x[i - 1],
 *            so y[0] = init. `.` is the op, init opts->init (one element of the type, on
 *            the host) or, when opts or opts->init is NULL, the op's identity (0 for sum,
 *            1 for prod, +inf / the type's highest for min, ...). Every y[i] is the op's
 *            accumulator finished into the element type, as the typed reductions' results
 *            are: float sums and products run in double, so each y[i] of a float scan is a
 *            double prefix rounded once (closer than a float running sum). The same bits on
 *            every run for the same input and plan; integers exact (docs/semantics.md,
 *            "Scans"). With REDU_EXACT in opts->flags (sum_f32 and sum_f64 only), every
 *            y[i] is its prefix's exact sum rounded once: the same bits on every device,
 *            plan and team count (docs/scans.md, "Exact scans").
 *   n        elements (size_t, past 2^31 included); n = 0 writes nothing (x and y may then
 *            be NULL).
 * Returns: REDU_OK; REDU_ERR_NULL_ARG (x or y NULL with n > 0); REDU_ERR_INVALID_DEVICE;
 *          REDU_ERR_OVERFLOW; REDU_ERR_MISALIGNED (x or y); REDU_ERR_NOT_DEVICE_PTR (x or
 *          y, NVIDIA); REDU_ERR_OVERLAP (y overlaps x without being x);
 *          REDU_ERR_UNSUPPORTED (REDU_EXACT on any scan but sum_f32 and sum_f64; a
 *          scratchpad in opts, which scans do not use);
 *          REDU_ERR_BAD_OPTION; REDU_ERR_OUT_OF_MEMORY; REDU_ERR_DEVICE. On any status but
 *          REDU_OK, y is untouched.
 * libredu's own build checks this list against the op table: a missing or mismatched
 * prototype fails to compile there, and tests/check_op_table.sh compares the names with
 * the table's value rows. Include redu.h, not this file. */
#ifndef REDU_SCAN_H
#define REDU_SCAN_H

#include "redu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* redu_inclusive_scan_sum_<t>: y[i] = the sum of the initial value and x[0] ... x[i], for i in
 * [0, n): running sums; integers wrap modulo 2^bits; floats accumulate in double, each result the
 * running double sum rounded once to the element type. */
REDU_API redu_status redu_inclusive_scan_sum_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_sum_i16(int device, const int16_t *x, int16_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_sum_i32(int device, const int32_t *x, int32_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_sum_i64(int device, const int64_t *x, int64_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_sum_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_sum_u16(int device, const uint16_t *x, uint16_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_sum_u32(int device, const uint32_t *x, uint32_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_sum_u64(int device, const uint64_t *x, uint64_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_sum_f32(int device, const float *x, float *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_sum_f64(int device, const double *x, double *y, size_t n,
                                                 const redu_options *opts);

/* redu_inclusive_scan_prod_<t>: y[i] = the prod of the initial value and x[0] ... x[i], for i in
 * [0, n): running products; with the rules of sum. */
REDU_API redu_status redu_inclusive_scan_prod_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_prod_i16(int device, const int16_t *x, int16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_prod_i32(int device, const int32_t *x, int32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_prod_i64(int device, const int64_t *x, int64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_prod_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_prod_u16(int device, const uint16_t *x, uint16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_prod_u32(int device, const uint32_t *x, uint32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_prod_u64(int device, const uint64_t *x, uint64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_prod_f32(int device, const float *x, float *y, size_t n,
                                                  const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_prod_f64(int device, const double *x, double *y, size_t n,
                                                  const redu_options *opts);

/* redu_inclusive_scan_min_<t>: y[i] = the min of the initial value and x[0] ... x[i], for i in
 * [0, n): running minima; a NaN gives NaN from its position on, -0.0 < +0.0. */
REDU_API redu_status redu_inclusive_scan_min_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_min_i16(int device, const int16_t *x, int16_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_min_i32(int device, const int32_t *x, int32_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_min_i64(int device, const int64_t *x, int64_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_min_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_min_u16(int device, const uint16_t *x, uint16_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_min_u32(int device, const uint32_t *x, uint32_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_min_u64(int device, const uint64_t *x, uint64_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_min_f32(int device, const float *x, float *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_min_f64(int device, const double *x, double *y, size_t n,
                                                 const redu_options *opts);

/* redu_inclusive_scan_max_<t>: y[i] = the max of the initial value and x[0] ... x[i], for i in
 * [0, n): running maxima; as min. */
REDU_API redu_status redu_inclusive_scan_max_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_max_i16(int device, const int16_t *x, int16_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_max_i32(int device, const int32_t *x, int32_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_max_i64(int device, const int64_t *x, int64_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_max_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_max_u16(int device, const uint16_t *x, uint16_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_max_u32(int device, const uint32_t *x, uint32_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_max_u64(int device, const uint64_t *x, uint64_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_max_f32(int device, const float *x, float *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_max_f64(int device, const double *x, double *y, size_t n,
                                                 const redu_options *opts);

/* redu_inclusive_scan_band_<t>: y[i] = the band of the initial value and x[0] ... x[i], for i in
 * [0, n): running bitwise ands; integer types only. */
REDU_API redu_status redu_inclusive_scan_band_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_band_i16(int device, const int16_t *x, int16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_band_i32(int device, const int32_t *x, int32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_band_i64(int device, const int64_t *x, int64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_band_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_band_u16(int device, const uint16_t *x, uint16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_band_u32(int device, const uint32_t *x, uint32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_band_u64(int device, const uint64_t *x, uint64_t *y,
                                                  size_t n, const redu_options *opts);

/* redu_inclusive_scan_bor_<t>: y[i] = the bor of the initial value and x[0] ... x[i], for i in
 * [0, n): running bitwise ors; integer types only. */
REDU_API redu_status redu_inclusive_scan_bor_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bor_i16(int device, const int16_t *x, int16_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bor_i32(int device, const int32_t *x, int32_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bor_i64(int device, const int64_t *x, int64_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bor_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bor_u16(int device, const uint16_t *x, uint16_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bor_u32(int device, const uint32_t *x, uint32_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bor_u64(int device, const uint64_t *x, uint64_t *y,
                                                 size_t n, const redu_options *opts);

/* redu_inclusive_scan_bxor_<t>: y[i] = the bxor of the initial value and x[0] ... x[i], for i in
 * [0, n): running bitwise xors; integer types only. */
REDU_API redu_status redu_inclusive_scan_bxor_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bxor_i16(int device, const int16_t *x, int16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bxor_i32(int device, const int32_t *x, int32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bxor_i64(int device, const int64_t *x, int64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bxor_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bxor_u16(int device, const uint16_t *x, uint16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bxor_u32(int device, const uint32_t *x, uint32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_bxor_u64(int device, const uint64_t *x, uint64_t *y,
                                                  size_t n, const redu_options *opts);

/* redu_inclusive_scan_land_<t>: y[i] = the land of the initial value and x[0] ... x[i], for i in
 * [0, n): running logical ands; 1 or 0 in the element type (nonzero is true, NaN is true). */
REDU_API redu_status redu_inclusive_scan_land_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_land_i16(int device, const int16_t *x, int16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_land_i32(int device, const int32_t *x, int32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_land_i64(int device, const int64_t *x, int64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_land_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_land_u16(int device, const uint16_t *x, uint16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_land_u32(int device, const uint32_t *x, uint32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_land_u64(int device, const uint64_t *x, uint64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_land_f32(int device, const float *x, float *y, size_t n,
                                                  const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_land_f64(int device, const double *x, double *y, size_t n,
                                                  const redu_options *opts);

/* redu_inclusive_scan_lor_<t>: y[i] = the lor of the initial value and x[0] ... x[i], for i in
 * [0, n): running logical ors; as land. */
REDU_API redu_status redu_inclusive_scan_lor_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_lor_i16(int device, const int16_t *x, int16_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_lor_i32(int device, const int32_t *x, int32_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_lor_i64(int device, const int64_t *x, int64_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_lor_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_lor_u16(int device, const uint16_t *x, uint16_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_lor_u32(int device, const uint32_t *x, uint32_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_lor_u64(int device, const uint64_t *x, uint64_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_lor_f32(int device, const float *x, float *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_inclusive_scan_lor_f64(int device, const double *x, double *y, size_t n,
                                                 const redu_options *opts);

/* redu_exclusive_scan_sum_<t>: y[i] = the sum of the initial value and x[0] ... x[i - 1] (the
 * initial value alone for i = 0), for i in [0, n): running sums; integers wrap modulo 2^bits;
 * floats accumulate in double, each result the running double sum rounded once to the element type.
 */
REDU_API redu_status redu_exclusive_scan_sum_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_sum_i16(int device, const int16_t *x, int16_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_sum_i32(int device, const int32_t *x, int32_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_sum_i64(int device, const int64_t *x, int64_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_sum_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_sum_u16(int device, const uint16_t *x, uint16_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_sum_u32(int device, const uint32_t *x, uint32_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_sum_u64(int device, const uint64_t *x, uint64_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_sum_f32(int device, const float *x, float *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_sum_f64(int device, const double *x, double *y, size_t n,
                                                 const redu_options *opts);

/* redu_exclusive_scan_prod_<t>: y[i] = the prod of the initial value and x[0] ... x[i - 1] (the
 * initial value alone for i = 0), for i in [0, n): running products; with the rules of sum. */
REDU_API redu_status redu_exclusive_scan_prod_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_prod_i16(int device, const int16_t *x, int16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_prod_i32(int device, const int32_t *x, int32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_prod_i64(int device, const int64_t *x, int64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_prod_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_prod_u16(int device, const uint16_t *x, uint16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_prod_u32(int device, const uint32_t *x, uint32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_prod_u64(int device, const uint64_t *x, uint64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_prod_f32(int device, const float *x, float *y, size_t n,
                                                  const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_prod_f64(int device, const double *x, double *y, size_t n,
                                                  const redu_options *opts);

/* redu_exclusive_scan_min_<t>: y[i] = the min of the initial value and x[0] ... x[i - 1] (the
 * initial value alone for i = 0), for i in [0, n): running minima; a NaN gives NaN from its
 * position on, -0.0 < +0.0. */
REDU_API redu_status redu_exclusive_scan_min_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_min_i16(int device, const int16_t *x, int16_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_min_i32(int device, const int32_t *x, int32_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_min_i64(int device, const int64_t *x, int64_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_min_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_min_u16(int device, const uint16_t *x, uint16_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_min_u32(int device, const uint32_t *x, uint32_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_min_u64(int device, const uint64_t *x, uint64_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_min_f32(int device, const float *x, float *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_min_f64(int device, const double *x, double *y, size_t n,
                                                 const redu_options *opts);

/* redu_exclusive_scan_max_<t>: y[i] = the max of the initial value and x[0] ... x[i - 1] (the
 * initial value alone for i = 0), for i in [0, n): running maxima; as min. */
REDU_API redu_status redu_exclusive_scan_max_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_max_i16(int device, const int16_t *x, int16_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_max_i32(int device, const int32_t *x, int32_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_max_i64(int device, const int64_t *x, int64_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_max_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_max_u16(int device, const uint16_t *x, uint16_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_max_u32(int device, const uint32_t *x, uint32_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_max_u64(int device, const uint64_t *x, uint64_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_max_f32(int device, const float *x, float *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_max_f64(int device, const double *x, double *y, size_t n,
                                                 const redu_options *opts);

/* redu_exclusive_scan_band_<t>: y[i] = the band of the initial value and x[0] ... x[i - 1] (the
 * initial value alone for i = 0), for i in [0, n): running bitwise ands; integer types only. */
REDU_API redu_status redu_exclusive_scan_band_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_band_i16(int device, const int16_t *x, int16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_band_i32(int device, const int32_t *x, int32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_band_i64(int device, const int64_t *x, int64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_band_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_band_u16(int device, const uint16_t *x, uint16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_band_u32(int device, const uint32_t *x, uint32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_band_u64(int device, const uint64_t *x, uint64_t *y,
                                                  size_t n, const redu_options *opts);

/* redu_exclusive_scan_bor_<t>: y[i] = the bor of the initial value and x[0] ... x[i - 1] (the
 * initial value alone for i = 0), for i in [0, n): running bitwise ors; integer types only. */
REDU_API redu_status redu_exclusive_scan_bor_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bor_i16(int device, const int16_t *x, int16_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bor_i32(int device, const int32_t *x, int32_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bor_i64(int device, const int64_t *x, int64_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bor_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bor_u16(int device, const uint16_t *x, uint16_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bor_u32(int device, const uint32_t *x, uint32_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bor_u64(int device, const uint64_t *x, uint64_t *y,
                                                 size_t n, const redu_options *opts);

/* redu_exclusive_scan_bxor_<t>: y[i] = the bxor of the initial value and x[0] ... x[i - 1] (the
 * initial value alone for i = 0), for i in [0, n): running bitwise xors; integer types only. */
REDU_API redu_status redu_exclusive_scan_bxor_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bxor_i16(int device, const int16_t *x, int16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bxor_i32(int device, const int32_t *x, int32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bxor_i64(int device, const int64_t *x, int64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bxor_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bxor_u16(int device, const uint16_t *x, uint16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bxor_u32(int device, const uint32_t *x, uint32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_bxor_u64(int device, const uint64_t *x, uint64_t *y,
                                                  size_t n, const redu_options *opts);

/* redu_exclusive_scan_land_<t>: y[i] = the land of the initial value and x[0] ... x[i - 1] (the
 * initial value alone for i = 0), for i in [0, n): running logical ands; 1 or 0 in the element type
 * (nonzero is true, NaN is true). */
REDU_API redu_status redu_exclusive_scan_land_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_land_i16(int device, const int16_t *x, int16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_land_i32(int device, const int32_t *x, int32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_land_i64(int device, const int64_t *x, int64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_land_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_land_u16(int device, const uint16_t *x, uint16_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_land_u32(int device, const uint32_t *x, uint32_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_land_u64(int device, const uint64_t *x, uint64_t *y,
                                                  size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_land_f32(int device, const float *x, float *y, size_t n,
                                                  const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_land_f64(int device, const double *x, double *y, size_t n,
                                                  const redu_options *opts);

/* redu_exclusive_scan_lor_<t>: y[i] = the lor of the initial value and x[0] ... x[i - 1] (the
 * initial value alone for i = 0), for i in [0, n): running logical ors; as land. */
REDU_API redu_status redu_exclusive_scan_lor_i8(int device, const int8_t *x, int8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_lor_i16(int device, const int16_t *x, int16_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_lor_i32(int device, const int32_t *x, int32_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_lor_i64(int device, const int64_t *x, int64_t *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_lor_u8(int device, const uint8_t *x, uint8_t *y, size_t n,
                                                const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_lor_u16(int device, const uint16_t *x, uint16_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_lor_u32(int device, const uint32_t *x, uint32_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_lor_u64(int device, const uint64_t *x, uint64_t *y,
                                                 size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_lor_f32(int device, const float *x, float *y, size_t n,
                                                 const redu_options *opts);
REDU_API redu_status redu_exclusive_scan_lor_f64(int device, const double *x, double *y, size_t n,
                                                 const redu_options *opts);

#ifdef __cplusplus
}
#endif

#endif

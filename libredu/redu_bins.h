/* Bins: array-section reductions, OpenMP's `reduction(op: out[0:nbins])` with
 * `out[keys[i]] op= x[i]` in the loop (histograms, per-cell sums, scatter-adds,
 * particle-to-mesh deposits), as calls over arrays:
 *   out[k] = op over {x[i] : i in [0, n), keys[i] == k}, for every k in [0, nbins).
 * Every typed call is redu_bins_<op>_<t>(device, keys, x, n, nbins, out, opts), for the value
 * ops and types of the typed reductions (sum prod min max band bor bxor land lor; prod and
 * the bitwise ops on integers only), and redu_bins_argmin_<t> / redu_bins_argmax_<t> with an
 * index array; redu_bins (redu.h) takes op and type as values.
 *   keys     n bin numbers (uint32_t), device memory (or host with REDU_INPUT_HOST);
 *            size_t keys: redu_bins_wide (redu.h)
 *   x        n elements, as x in redu.h's conventions; NULL for redu_bins_sum_<t>: counts
 *   out      nbins results, written only when the call succeeds. An empty bin gets the op's
 *            identity (0, 1, +inf / the type's highest for min, ...), or, with
 *            REDU_BINS_ACCUMULATE in opts->flags, keeps its value: out's values then enter
 *            their bins as one more element each (as OpenMP's array reduction combines
 *            with the original array)
 *   keys[i] >= nbins: REDU_ERR_BAD_KEY naming the first such position, out untouched
 *            (found in the same pass over keys; the call then waits for the device before
 *            returning, one small copy), or, with REDU_BINS_SKIP_BAD_KEYS, the element is
 *            skipped (as CUB's DeviceHistogram drops samples outside its levels)
 * The same bits on every run, plan, device and order of the input, for every op and type:
 * each bin is folded by atomics whose result does not depend on their order (integer
 * arithmetic modulo 2^64, and, or, xor, min and max of order keys). Float sums are exact:
 * each bin holds its terms as an exact fixed-point integer, rounded once to nearest-even into
 * out; the window of that integer comes from x's range, and where its words for every bin
 * would pass 1 GiB the keys are sorted instead and each bin's elements are summed exactly
 * in a segment of their own (the same bits, in memory that grows with n rather than with
 * nbins times the range; slower: docs/bins.md). REDU_EXACT in opts->flags (sum of f32 and
 * f64 only) asks for what every float sum gets. NaN, infinities and signed zeros follow the
 * exact sums (docs/semantics.md).
 * Returns: REDU_OK; REDU_ERR_NULL_ARG (keys or x NULL with n > 0, x only where the op is not
 *          sum; out or index NULL with nbins > 0); REDU_ERR_INVALID_DEVICE; REDU_ERR_OVERFLOW;
 *          REDU_ERR_MISALIGNED (keys, x, out or index); REDU_ERR_NOT_DEVICE_PTR (NVIDIA);
 *          REDU_ERR_OVERLAP (out or index overlapping keys, x or each other);
 *          REDU_ERR_BAD_KEY; REDU_ERR_UNSUPPORTED (REDU_EXACT on other ops or types; a
 *          scratchpad in opts); REDU_ERR_BAD_OPTION; REDU_ERR_OUT_OF_MEMORY;
 *          REDU_ERR_DEVICE. On any status but REDU_OK, out and index are untouched.
 * docs/bins.md has the rules and costs. Include redu.h, not this file. */
#ifndef REDU_BINS_H
#define REDU_BINS_H

#include "redu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* redu_bins_sum_<t>: out[k] = the sum of the bin's elements: integers wrap modulo 2^bits; floats
 * exactly rounded once (see above); x NULL counts the elements of each bin. */
REDU_API redu_status redu_bins_sum_i8(int device, const uint32_t *keys, const int8_t *x, size_t n,
                                      size_t nbins, int8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_sum_i16(int device, const uint32_t *keys, const int16_t *x, size_t n,
                                       size_t nbins, int16_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_sum_i32(int device, const uint32_t *keys, const int32_t *x, size_t n,
                                       size_t nbins, int32_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_sum_i64(int device, const uint32_t *keys, const int64_t *x, size_t n,
                                       size_t nbins, int64_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_sum_u8(int device, const uint32_t *keys, const uint8_t *x, size_t n,
                                      size_t nbins, uint8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_sum_u16(int device, const uint32_t *keys, const uint16_t *x,
                                       size_t n, size_t nbins, uint16_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_sum_u32(int device, const uint32_t *keys, const uint32_t *x,
                                       size_t n, size_t nbins, uint32_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_sum_u64(int device, const uint32_t *keys, const uint64_t *x,
                                       size_t n, size_t nbins, uint64_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_sum_f32(int device, const uint32_t *keys, const float *x, size_t n,
                                       size_t nbins, float *out, const redu_options *opts);
REDU_API redu_status redu_bins_sum_f64(int device, const uint32_t *keys, const double *x, size_t n,
                                       size_t nbins, double *out, const redu_options *opts);

/* redu_bins_prod_<t>: out[k] = the product of the bin's elements, wrapping modulo 2^bits (integers
 * only: a float product per bin depends on the order of its multiplications). */
REDU_API redu_status redu_bins_prod_i8(int device, const uint32_t *keys, const int8_t *x, size_t n,
                                       size_t nbins, int8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_prod_i16(int device, const uint32_t *keys, const int16_t *x,
                                        size_t n, size_t nbins, int16_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_prod_i32(int device, const uint32_t *keys, const int32_t *x,
                                        size_t n, size_t nbins, int32_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_prod_i64(int device, const uint32_t *keys, const int64_t *x,
                                        size_t n, size_t nbins, int64_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_prod_u8(int device, const uint32_t *keys, const uint8_t *x, size_t n,
                                       size_t nbins, uint8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_prod_u16(int device, const uint32_t *keys, const uint16_t *x,
                                        size_t n, size_t nbins, uint16_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_prod_u32(int device, const uint32_t *keys, const uint32_t *x,
                                        size_t n, size_t nbins, uint32_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_prod_u64(int device, const uint32_t *keys, const uint64_t *x,
                                        size_t n, size_t nbins, uint64_t *out,
                                        const redu_options *opts);

/* redu_bins_min_<t>: out[k] = the least element of the bin (NaN wins, -0.0 below +0.0). */
REDU_API redu_status redu_bins_min_i8(int device, const uint32_t *keys, const int8_t *x, size_t n,
                                      size_t nbins, int8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_min_i16(int device, const uint32_t *keys, const int16_t *x, size_t n,
                                       size_t nbins, int16_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_min_i32(int device, const uint32_t *keys, const int32_t *x, size_t n,
                                       size_t nbins, int32_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_min_i64(int device, const uint32_t *keys, const int64_t *x, size_t n,
                                       size_t nbins, int64_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_min_u8(int device, const uint32_t *keys, const uint8_t *x, size_t n,
                                      size_t nbins, uint8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_min_u16(int device, const uint32_t *keys, const uint16_t *x,
                                       size_t n, size_t nbins, uint16_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_min_u32(int device, const uint32_t *keys, const uint32_t *x,
                                       size_t n, size_t nbins, uint32_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_min_u64(int device, const uint32_t *keys, const uint64_t *x,
                                       size_t n, size_t nbins, uint64_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_min_f32(int device, const uint32_t *keys, const float *x, size_t n,
                                       size_t nbins, float *out, const redu_options *opts);
REDU_API redu_status redu_bins_min_f64(int device, const uint32_t *keys, const double *x, size_t n,
                                       size_t nbins, double *out, const redu_options *opts);

/* redu_bins_max_<t>: out[k] = the greatest element of the bin (NaN wins, +0.0 above -0.0). */
REDU_API redu_status redu_bins_max_i8(int device, const uint32_t *keys, const int8_t *x, size_t n,
                                      size_t nbins, int8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_max_i16(int device, const uint32_t *keys, const int16_t *x, size_t n,
                                       size_t nbins, int16_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_max_i32(int device, const uint32_t *keys, const int32_t *x, size_t n,
                                       size_t nbins, int32_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_max_i64(int device, const uint32_t *keys, const int64_t *x, size_t n,
                                       size_t nbins, int64_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_max_u8(int device, const uint32_t *keys, const uint8_t *x, size_t n,
                                      size_t nbins, uint8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_max_u16(int device, const uint32_t *keys, const uint16_t *x,
                                       size_t n, size_t nbins, uint16_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_max_u32(int device, const uint32_t *keys, const uint32_t *x,
                                       size_t n, size_t nbins, uint32_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_max_u64(int device, const uint32_t *keys, const uint64_t *x,
                                       size_t n, size_t nbins, uint64_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_max_f32(int device, const uint32_t *keys, const float *x, size_t n,
                                       size_t nbins, float *out, const redu_options *opts);
REDU_API redu_status redu_bins_max_f64(int device, const uint32_t *keys, const double *x, size_t n,
                                       size_t nbins, double *out, const redu_options *opts);

/* redu_bins_band_<t>: out[k] = the bitwise and of the bin's elements. */
REDU_API redu_status redu_bins_band_i8(int device, const uint32_t *keys, const int8_t *x, size_t n,
                                       size_t nbins, int8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_band_i16(int device, const uint32_t *keys, const int16_t *x,
                                        size_t n, size_t nbins, int16_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_band_i32(int device, const uint32_t *keys, const int32_t *x,
                                        size_t n, size_t nbins, int32_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_band_i64(int device, const uint32_t *keys, const int64_t *x,
                                        size_t n, size_t nbins, int64_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_band_u8(int device, const uint32_t *keys, const uint8_t *x, size_t n,
                                       size_t nbins, uint8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_band_u16(int device, const uint32_t *keys, const uint16_t *x,
                                        size_t n, size_t nbins, uint16_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_band_u32(int device, const uint32_t *keys, const uint32_t *x,
                                        size_t n, size_t nbins, uint32_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_band_u64(int device, const uint32_t *keys, const uint64_t *x,
                                        size_t n, size_t nbins, uint64_t *out,
                                        const redu_options *opts);

/* redu_bins_bor_<t>: out[k] = the bitwise or of the bin's elements. */
REDU_API redu_status redu_bins_bor_i8(int device, const uint32_t *keys, const int8_t *x, size_t n,
                                      size_t nbins, int8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_bor_i16(int device, const uint32_t *keys, const int16_t *x, size_t n,
                                       size_t nbins, int16_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_bor_i32(int device, const uint32_t *keys, const int32_t *x, size_t n,
                                       size_t nbins, int32_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_bor_i64(int device, const uint32_t *keys, const int64_t *x, size_t n,
                                       size_t nbins, int64_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_bor_u8(int device, const uint32_t *keys, const uint8_t *x, size_t n,
                                      size_t nbins, uint8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_bor_u16(int device, const uint32_t *keys, const uint16_t *x,
                                       size_t n, size_t nbins, uint16_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_bor_u32(int device, const uint32_t *keys, const uint32_t *x,
                                       size_t n, size_t nbins, uint32_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_bor_u64(int device, const uint32_t *keys, const uint64_t *x,
                                       size_t n, size_t nbins, uint64_t *out,
                                       const redu_options *opts);

/* redu_bins_bxor_<t>: out[k] = the bitwise xor of the bin's elements. */
REDU_API redu_status redu_bins_bxor_i8(int device, const uint32_t *keys, const int8_t *x, size_t n,
                                       size_t nbins, int8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_bxor_i16(int device, const uint32_t *keys, const int16_t *x,
                                        size_t n, size_t nbins, int16_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_bxor_i32(int device, const uint32_t *keys, const int32_t *x,
                                        size_t n, size_t nbins, int32_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_bxor_i64(int device, const uint32_t *keys, const int64_t *x,
                                        size_t n, size_t nbins, int64_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_bxor_u8(int device, const uint32_t *keys, const uint8_t *x, size_t n,
                                       size_t nbins, uint8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_bxor_u16(int device, const uint32_t *keys, const uint16_t *x,
                                        size_t n, size_t nbins, uint16_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_bxor_u32(int device, const uint32_t *keys, const uint32_t *x,
                                        size_t n, size_t nbins, uint32_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_bxor_u64(int device, const uint32_t *keys, const uint64_t *x,
                                        size_t n, size_t nbins, uint64_t *out,
                                        const redu_options *opts);

/* redu_bins_land_<t>: out[k] = 1 when every element of the bin is nonzero, else 0. */
REDU_API redu_status redu_bins_land_i8(int device, const uint32_t *keys, const int8_t *x, size_t n,
                                       size_t nbins, int8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_land_i16(int device, const uint32_t *keys, const int16_t *x,
                                        size_t n, size_t nbins, int16_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_land_i32(int device, const uint32_t *keys, const int32_t *x,
                                        size_t n, size_t nbins, int32_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_land_i64(int device, const uint32_t *keys, const int64_t *x,
                                        size_t n, size_t nbins, int64_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_land_u8(int device, const uint32_t *keys, const uint8_t *x, size_t n,
                                       size_t nbins, uint8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_land_u16(int device, const uint32_t *keys, const uint16_t *x,
                                        size_t n, size_t nbins, uint16_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_land_u32(int device, const uint32_t *keys, const uint32_t *x,
                                        size_t n, size_t nbins, uint32_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_land_u64(int device, const uint32_t *keys, const uint64_t *x,
                                        size_t n, size_t nbins, uint64_t *out,
                                        const redu_options *opts);
REDU_API redu_status redu_bins_land_f32(int device, const uint32_t *keys, const float *x, size_t n,
                                        size_t nbins, float *out, const redu_options *opts);
REDU_API redu_status redu_bins_land_f64(int device, const uint32_t *keys, const double *x, size_t n,
                                        size_t nbins, double *out, const redu_options *opts);

/* redu_bins_lor_<t>: out[k] = 1 when some element of the bin is nonzero, else 0. */
REDU_API redu_status redu_bins_lor_i8(int device, const uint32_t *keys, const int8_t *x, size_t n,
                                      size_t nbins, int8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_lor_i16(int device, const uint32_t *keys, const int16_t *x, size_t n,
                                       size_t nbins, int16_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_lor_i32(int device, const uint32_t *keys, const int32_t *x, size_t n,
                                       size_t nbins, int32_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_lor_i64(int device, const uint32_t *keys, const int64_t *x, size_t n,
                                       size_t nbins, int64_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_lor_u8(int device, const uint32_t *keys, const uint8_t *x, size_t n,
                                      size_t nbins, uint8_t *out, const redu_options *opts);
REDU_API redu_status redu_bins_lor_u16(int device, const uint32_t *keys, const uint16_t *x,
                                       size_t n, size_t nbins, uint16_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_lor_u32(int device, const uint32_t *keys, const uint32_t *x,
                                       size_t n, size_t nbins, uint32_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_lor_u64(int device, const uint32_t *keys, const uint64_t *x,
                                       size_t n, size_t nbins, uint64_t *out,
                                       const redu_options *opts);
REDU_API redu_status redu_bins_lor_f32(int device, const uint32_t *keys, const float *x, size_t n,
                                       size_t nbins, float *out, const redu_options *opts);
REDU_API redu_status redu_bins_lor_f64(int device, const uint32_t *keys, const double *x, size_t n,
                                       size_t nbins, double *out, const redu_options *opts);

/* redu_bins_argmin_<t>: out[k] = the least element of bin k (NaN wins), index[k] its lowest
 * position in x (REDU_NO_INDEX for an empty bin). */
REDU_API redu_status redu_bins_argmin_i8(int device, const uint32_t *keys, const int8_t *x,
                                         size_t n, size_t nbins, int8_t *out, size_t *index,
                                         const redu_options *opts);
REDU_API redu_status redu_bins_argmin_i16(int device, const uint32_t *keys, const int16_t *x,
                                          size_t n, size_t nbins, int16_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmin_i32(int device, const uint32_t *keys, const int32_t *x,
                                          size_t n, size_t nbins, int32_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmin_i64(int device, const uint32_t *keys, const int64_t *x,
                                          size_t n, size_t nbins, int64_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmin_u8(int device, const uint32_t *keys, const uint8_t *x,
                                         size_t n, size_t nbins, uint8_t *out, size_t *index,
                                         const redu_options *opts);
REDU_API redu_status redu_bins_argmin_u16(int device, const uint32_t *keys, const uint16_t *x,
                                          size_t n, size_t nbins, uint16_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmin_u32(int device, const uint32_t *keys, const uint32_t *x,
                                          size_t n, size_t nbins, uint32_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmin_u64(int device, const uint32_t *keys, const uint64_t *x,
                                          size_t n, size_t nbins, uint64_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmin_f32(int device, const uint32_t *keys, const float *x,
                                          size_t n, size_t nbins, float *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmin_f64(int device, const uint32_t *keys, const double *x,
                                          size_t n, size_t nbins, double *out, size_t *index,
                                          const redu_options *opts);

/* redu_bins_argmax_<t>: out[k] = the greatest element of bin k (NaN wins), index[k] its lowest
 * position in x (REDU_NO_INDEX for an empty bin). */
REDU_API redu_status redu_bins_argmax_i8(int device, const uint32_t *keys, const int8_t *x,
                                         size_t n, size_t nbins, int8_t *out, size_t *index,
                                         const redu_options *opts);
REDU_API redu_status redu_bins_argmax_i16(int device, const uint32_t *keys, const int16_t *x,
                                          size_t n, size_t nbins, int16_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmax_i32(int device, const uint32_t *keys, const int32_t *x,
                                          size_t n, size_t nbins, int32_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmax_i64(int device, const uint32_t *keys, const int64_t *x,
                                          size_t n, size_t nbins, int64_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmax_u8(int device, const uint32_t *keys, const uint8_t *x,
                                         size_t n, size_t nbins, uint8_t *out, size_t *index,
                                         const redu_options *opts);
REDU_API redu_status redu_bins_argmax_u16(int device, const uint32_t *keys, const uint16_t *x,
                                          size_t n, size_t nbins, uint16_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmax_u32(int device, const uint32_t *keys, const uint32_t *x,
                                          size_t n, size_t nbins, uint32_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmax_u64(int device, const uint32_t *keys, const uint64_t *x,
                                          size_t n, size_t nbins, uint64_t *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmax_f32(int device, const uint32_t *keys, const float *x,
                                          size_t n, size_t nbins, float *out, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_bins_argmax_f64(int device, const uint32_t *keys, const double *x,
                                          size_t n, size_t nbins, double *out, size_t *index,
                                          const redu_options *opts);

#ifdef __cplusplus
}
#endif

#endif

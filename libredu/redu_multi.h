/* Several devices in one call: every GPU of a node (or any list of OpenMP devices) reduces
 * its own part, all at once, and the parts' accumulators are combined on the host in part
 * order, as if the parts were one array: xs[0][0, ns[0]) ++ xs[1][0, ns[1]) ++ ...
 *
 *   const double *xs[2] = {x0, x1};           // x0 on device 0, x1 on device 1
 *   size_t ns[2] = {n0, n1};
 *   int devs[2] = {0, 1};
 *   double s;
 *   redu_multi_sum_f64(2, devs, xs, ns, &s, NULL);
 *
 * Conventions (beyond those of redu.h, which each part follows on its device):
 *   ndev     parts, 1..REDU_MULTI_MAX; devices[k] reduces xs[k][0, ns[k]) (the same device
 *            may appear more than once; ns[k] = 0 is valid, xs[k] may then be NULL)
 *   opts     as for one device, applied on each (forced teams/threads, REDU_INPUT_HOST,
 *            REDU_EXACT); a scratchpad is refused (REDU_ERR_BAD_OPTION): one buffer cannot
 *            serve several devices
 *   result   the reduction of the concatenation: float sums and products combine their
 *            double accumulators and round once; REDU_EXACT combines the parts' exact
 *            accumulators, so the bits equal the one-device call's for any split; arg ops
 *            give the global index (counted through the parts in order), the lowest among
 *            equal values
 * Each part runs on its own host thread, bound by hwloc to the cores nearest its GPU
 * (REDU_VERBOSE=1 prints the placement); CPU devices' threads are not bound.
 * Returns: REDU_OK; REDU_ERR_INVALID_DEVICE (ndev outside 1..REDU_MULTI_MAX, or a bad device);
 *          REDU_ERR_NULL_ARG (devices, xs, ns, an output, or a part's x with n > 0);
 *          REDU_ERR_BAD_OPTION; REDU_ERR_OVERFLOW (the parts' total past SIZE_MAX);
 *          REDU_ERR_OUT_OF_MEMORY; and any status of the one-device call (the first failing
 *          part's, its message naming the part). On any error no output is written.
 * Declared reductions (redu_udr.h) get redu_multi_reduce_<name> with the same rules
 * (REDU_ORDERED ones combine the parts in order). Include redu.h, not this file. */
#ifndef REDU_MULTI_H
#define REDU_MULTI_H

#include "redu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most parts (devices) of one multi-device call. */
#define REDU_MULTI_MAX 64

/* redu_reduce over ndev parts: op and type as redu_reduce, result one element of type,
 * index (arg ops) the global position. */
REDU_API redu_status redu_multi_reduce(int ndev, const int *devices, redu_op op, redu_type type,
                                       const void *const *xs, const size_t *ns, void *result,
                                       size_t *index, const redu_options *opts);

/* redu_dot_f32/f64 over ndev parts: part k is the dot of xs[k] and ys[k] over [0, ns[k]). */
REDU_API redu_status redu_multi_dot_f32(int ndev, const int *devices, const float *const *xs,
                                        const float *const *ys, const size_t *ns, float *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_dot_f64(int ndev, const int *devices, const double *const *xs,
                                        const double *const *ys, const size_t *ns, double *result,
                                        const redu_options *opts);

/* redu_multi_<op>_<t>: the typed calls of redu_typed.h over ndev parts. */
REDU_API redu_status redu_multi_sum_i8(int ndev, const int *devices, const int8_t *const *xs,
                                       const size_t *ns, int8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_sum_i16(int ndev, const int *devices, const int16_t *const *xs,
                                        const size_t *ns, int16_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_sum_i32(int ndev, const int *devices, const int32_t *const *xs,
                                        const size_t *ns, int32_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_sum_i64(int ndev, const int *devices, const int64_t *const *xs,
                                        const size_t *ns, int64_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_sum_u8(int ndev, const int *devices, const uint8_t *const *xs,
                                       const size_t *ns, uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_sum_u16(int ndev, const int *devices, const uint16_t *const *xs,
                                        const size_t *ns, uint16_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_sum_u32(int ndev, const int *devices, const uint32_t *const *xs,
                                        const size_t *ns, uint32_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_sum_u64(int ndev, const int *devices, const uint64_t *const *xs,
                                        const size_t *ns, uint64_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_sum_f32(int ndev, const int *devices, const float *const *xs,
                                        const size_t *ns, float *result, const redu_options *opts);
REDU_API redu_status redu_multi_sum_f64(int ndev, const int *devices, const double *const *xs,
                                        const size_t *ns, double *result, const redu_options *opts);
REDU_API redu_status redu_multi_prod_i8(int ndev, const int *devices, const int8_t *const *xs,
                                        const size_t *ns, int8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_prod_i16(int ndev, const int *devices, const int16_t *const *xs,
                                         const size_t *ns, int16_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_prod_i32(int ndev, const int *devices, const int32_t *const *xs,
                                         const size_t *ns, int32_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_prod_i64(int ndev, const int *devices, const int64_t *const *xs,
                                         const size_t *ns, int64_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_prod_u8(int ndev, const int *devices, const uint8_t *const *xs,
                                        const size_t *ns, uint8_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_prod_u16(int ndev, const int *devices, const uint16_t *const *xs,
                                         const size_t *ns, uint16_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_prod_u32(int ndev, const int *devices, const uint32_t *const *xs,
                                         const size_t *ns, uint32_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_prod_u64(int ndev, const int *devices, const uint64_t *const *xs,
                                         const size_t *ns, uint64_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_prod_f32(int ndev, const int *devices, const float *const *xs,
                                         const size_t *ns, float *result, const redu_options *opts);
REDU_API redu_status redu_multi_prod_f64(int ndev, const int *devices, const double *const *xs,
                                         const size_t *ns, double *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_min_i8(int ndev, const int *devices, const int8_t *const *xs,
                                       const size_t *ns, int8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_min_i16(int ndev, const int *devices, const int16_t *const *xs,
                                        const size_t *ns, int16_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_min_i32(int ndev, const int *devices, const int32_t *const *xs,
                                        const size_t *ns, int32_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_min_i64(int ndev, const int *devices, const int64_t *const *xs,
                                        const size_t *ns, int64_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_min_u8(int ndev, const int *devices, const uint8_t *const *xs,
                                       const size_t *ns, uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_min_u16(int ndev, const int *devices, const uint16_t *const *xs,
                                        const size_t *ns, uint16_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_min_u32(int ndev, const int *devices, const uint32_t *const *xs,
                                        const size_t *ns, uint32_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_min_u64(int ndev, const int *devices, const uint64_t *const *xs,
                                        const size_t *ns, uint64_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_min_f32(int ndev, const int *devices, const float *const *xs,
                                        const size_t *ns, float *result, const redu_options *opts);
REDU_API redu_status redu_multi_min_f64(int ndev, const int *devices, const double *const *xs,
                                        const size_t *ns, double *result, const redu_options *opts);
REDU_API redu_status redu_multi_max_i8(int ndev, const int *devices, const int8_t *const *xs,
                                       const size_t *ns, int8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_max_i16(int ndev, const int *devices, const int16_t *const *xs,
                                        const size_t *ns, int16_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_max_i32(int ndev, const int *devices, const int32_t *const *xs,
                                        const size_t *ns, int32_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_max_i64(int ndev, const int *devices, const int64_t *const *xs,
                                        const size_t *ns, int64_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_max_u8(int ndev, const int *devices, const uint8_t *const *xs,
                                       const size_t *ns, uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_max_u16(int ndev, const int *devices, const uint16_t *const *xs,
                                        const size_t *ns, uint16_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_max_u32(int ndev, const int *devices, const uint32_t *const *xs,
                                        const size_t *ns, uint32_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_max_u64(int ndev, const int *devices, const uint64_t *const *xs,
                                        const size_t *ns, uint64_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_max_f32(int ndev, const int *devices, const float *const *xs,
                                        const size_t *ns, float *result, const redu_options *opts);
REDU_API redu_status redu_multi_max_f64(int ndev, const int *devices, const double *const *xs,
                                        const size_t *ns, double *result, const redu_options *opts);
REDU_API redu_status redu_multi_band_i8(int ndev, const int *devices, const int8_t *const *xs,
                                        const size_t *ns, int8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_band_i16(int ndev, const int *devices, const int16_t *const *xs,
                                         const size_t *ns, int16_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_band_i32(int ndev, const int *devices, const int32_t *const *xs,
                                         const size_t *ns, int32_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_band_i64(int ndev, const int *devices, const int64_t *const *xs,
                                         const size_t *ns, int64_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_band_u8(int ndev, const int *devices, const uint8_t *const *xs,
                                        const size_t *ns, uint8_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_band_u16(int ndev, const int *devices, const uint16_t *const *xs,
                                         const size_t *ns, uint16_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_band_u32(int ndev, const int *devices, const uint32_t *const *xs,
                                         const size_t *ns, uint32_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_band_u64(int ndev, const int *devices, const uint64_t *const *xs,
                                         const size_t *ns, uint64_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_bor_i8(int ndev, const int *devices, const int8_t *const *xs,
                                       const size_t *ns, int8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_bor_i16(int ndev, const int *devices, const int16_t *const *xs,
                                        const size_t *ns, int16_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_bor_i32(int ndev, const int *devices, const int32_t *const *xs,
                                        const size_t *ns, int32_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_bor_i64(int ndev, const int *devices, const int64_t *const *xs,
                                        const size_t *ns, int64_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_bor_u8(int ndev, const int *devices, const uint8_t *const *xs,
                                       const size_t *ns, uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_bor_u16(int ndev, const int *devices, const uint16_t *const *xs,
                                        const size_t *ns, uint16_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_bor_u32(int ndev, const int *devices, const uint32_t *const *xs,
                                        const size_t *ns, uint32_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_bor_u64(int ndev, const int *devices, const uint64_t *const *xs,
                                        const size_t *ns, uint64_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_bxor_i8(int ndev, const int *devices, const int8_t *const *xs,
                                        const size_t *ns, int8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_bxor_i16(int ndev, const int *devices, const int16_t *const *xs,
                                         const size_t *ns, int16_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_bxor_i32(int ndev, const int *devices, const int32_t *const *xs,
                                         const size_t *ns, int32_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_bxor_i64(int ndev, const int *devices, const int64_t *const *xs,
                                         const size_t *ns, int64_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_bxor_u8(int ndev, const int *devices, const uint8_t *const *xs,
                                        const size_t *ns, uint8_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_bxor_u16(int ndev, const int *devices, const uint16_t *const *xs,
                                         const size_t *ns, uint16_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_bxor_u32(int ndev, const int *devices, const uint32_t *const *xs,
                                         const size_t *ns, uint32_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_bxor_u64(int ndev, const int *devices, const uint64_t *const *xs,
                                         const size_t *ns, uint64_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_land_i8(int ndev, const int *devices, const int8_t *const *xs,
                                        const size_t *ns, int8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_land_i16(int ndev, const int *devices, const int16_t *const *xs,
                                         const size_t *ns, int16_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_land_i32(int ndev, const int *devices, const int32_t *const *xs,
                                         const size_t *ns, int32_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_land_i64(int ndev, const int *devices, const int64_t *const *xs,
                                         const size_t *ns, int64_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_land_u8(int ndev, const int *devices, const uint8_t *const *xs,
                                        const size_t *ns, uint8_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_land_u16(int ndev, const int *devices, const uint16_t *const *xs,
                                         const size_t *ns, uint16_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_land_u32(int ndev, const int *devices, const uint32_t *const *xs,
                                         const size_t *ns, uint32_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_land_u64(int ndev, const int *devices, const uint64_t *const *xs,
                                         const size_t *ns, uint64_t *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_land_f32(int ndev, const int *devices, const float *const *xs,
                                         const size_t *ns, float *result, const redu_options *opts);
REDU_API redu_status redu_multi_land_f64(int ndev, const int *devices, const double *const *xs,
                                         const size_t *ns, double *result,
                                         const redu_options *opts);
REDU_API redu_status redu_multi_lor_i8(int ndev, const int *devices, const int8_t *const *xs,
                                       const size_t *ns, int8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_lor_i16(int ndev, const int *devices, const int16_t *const *xs,
                                        const size_t *ns, int16_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_lor_i32(int ndev, const int *devices, const int32_t *const *xs,
                                        const size_t *ns, int32_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_lor_i64(int ndev, const int *devices, const int64_t *const *xs,
                                        const size_t *ns, int64_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_lor_u8(int ndev, const int *devices, const uint8_t *const *xs,
                                       const size_t *ns, uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_multi_lor_u16(int ndev, const int *devices, const uint16_t *const *xs,
                                        const size_t *ns, uint16_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_lor_u32(int ndev, const int *devices, const uint32_t *const *xs,
                                        const size_t *ns, uint32_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_lor_u64(int ndev, const int *devices, const uint64_t *const *xs,
                                        const size_t *ns, uint64_t *result,
                                        const redu_options *opts);
REDU_API redu_status redu_multi_lor_f32(int ndev, const int *devices, const float *const *xs,
                                        const size_t *ns, float *result, const redu_options *opts);
REDU_API redu_status redu_multi_lor_f64(int ndev, const int *devices, const double *const *xs,
                                        const size_t *ns, double *result, const redu_options *opts);
REDU_API redu_status redu_multi_argmin_i8(int ndev, const int *devices, const int8_t *const *xs,
                                          const size_t *ns, int8_t *value, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_multi_argmin_i16(int ndev, const int *devices, const int16_t *const *xs,
                                           const size_t *ns, int16_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmin_i32(int ndev, const int *devices, const int32_t *const *xs,
                                           const size_t *ns, int32_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmin_i64(int ndev, const int *devices, const int64_t *const *xs,
                                           const size_t *ns, int64_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmin_u8(int ndev, const int *devices, const uint8_t *const *xs,
                                          const size_t *ns, uint8_t *value, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_multi_argmin_u16(int ndev, const int *devices, const uint16_t *const *xs,
                                           const size_t *ns, uint16_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmin_u32(int ndev, const int *devices, const uint32_t *const *xs,
                                           const size_t *ns, uint32_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmin_u64(int ndev, const int *devices, const uint64_t *const *xs,
                                           const size_t *ns, uint64_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmin_f32(int ndev, const int *devices, const float *const *xs,
                                           const size_t *ns, float *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmin_f64(int ndev, const int *devices, const double *const *xs,
                                           const size_t *ns, double *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmax_i8(int ndev, const int *devices, const int8_t *const *xs,
                                          const size_t *ns, int8_t *value, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_multi_argmax_i16(int ndev, const int *devices, const int16_t *const *xs,
                                           const size_t *ns, int16_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmax_i32(int ndev, const int *devices, const int32_t *const *xs,
                                           const size_t *ns, int32_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmax_i64(int ndev, const int *devices, const int64_t *const *xs,
                                           const size_t *ns, int64_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmax_u8(int ndev, const int *devices, const uint8_t *const *xs,
                                          const size_t *ns, uint8_t *value, size_t *index,
                                          const redu_options *opts);
REDU_API redu_status redu_multi_argmax_u16(int ndev, const int *devices, const uint16_t *const *xs,
                                           const size_t *ns, uint16_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmax_u32(int ndev, const int *devices, const uint32_t *const *xs,
                                           const size_t *ns, uint32_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmax_u64(int ndev, const int *devices, const uint64_t *const *xs,
                                           const size_t *ns, uint64_t *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmax_f32(int ndev, const int *devices, const float *const *xs,
                                           const size_t *ns, float *value, size_t *index,
                                           const redu_options *opts);
REDU_API redu_status redu_multi_argmax_f64(int ndev, const int *devices, const double *const *xs,
                                           const size_t *ns, double *value, size_t *index,
                                           const redu_options *opts);

#ifdef __cplusplus
}
#endif

#endif

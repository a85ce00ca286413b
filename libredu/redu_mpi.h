/* libredu across MPI ranks (library redu::redu_mpi, libredu_mpi.so; needs MPI, e.g. Debian's
 * Open MPI): every rank reduces its local part on its device with libredu, then one
 * MPI_Allreduce combines the ranks' accumulators in rank order, so every rank gets the same
 * result: the reduction of the concatenation x(rank 0) ++ x(rank 1) ++ ...
 *
 *   double dot;
 *   redu_mpi_dot_f64(MPI_COMM_WORLD, dev, x, y, n_local, &dot, NULL);   // CG's dot product
 *
 * Conventions (beyond those of redu.h, which the local part follows on its device):
 *   comm     an intracommunicator, the same on every rank; all its ranks make the same call
 *            (same op, type and REDU_EXACT flag, or the same declared reduction), collectively
 *   n        this rank's element count; ranks may differ, 0 included
 *   result   on every rank: float sums and products combine the ranks' double accumulators
 *            and round once; REDU_EXACT combines exact accumulators, so the bits are the same
 *            for any number of ranks and any split; arg ops give the global index (counted
 *            through the ranks in order), the lowest among equal values; NaN, -0 < +0 and
 *            integer wrap follow docs/semantics.md exactly (libredu's combiner, not MPI_SUM)
 *   errors   agreed collectively: when a rank's arguments are bad or its local reduction
 *            fails, every rank returns that status (the lowest failing rank's) and writes
 *            no output; redu_last_error() says which rank failed, and on that rank why. No
 *            rank deadlocks on another's bad argument. A bad communicator is reported on the
 *            rank that passed it (REDU_ERR_BAD_COMM), before any communication.
 * Cost: the local call plus one MPI_Allreduce of one record (the accumulator and a 32-byte
 * header: status, failing rank, which reduction, element count), sent as bytes: the ranks
 * must share a byte order and type layout (a homogeneous cluster). The per-rank result goes
 * through host memory; no CUDA-aware MPI is assumed.
 * Threads: calls follow MPI's rules for the level MPI was initialised with.
 * Returns: the statuses of the one-device call, REDU_ERR_BAD_COMM, REDU_ERR_MPI (an MPI call
 *          failed, or the ranks' calls differ with accumulators of the same size). Calls
 *          that differ in accumulator size (argmin on one rank, sum on another) break MPI's
 *          rule that a collective's type signatures match: MPI reports it (Open MPI: a
 *          fatal truncation error), libredu cannot. An op/type/flag mix that is not a
 *          reduction (REDU_ERR_UNSUPPORTED) returns before any communication: the same call
 *          on every rank gets it on every rank. */
#ifndef REDU_MPI_H
#define REDU_MPI_H

#include "redu.h"
#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

struct redu__partial; /* host/redu_partial.h */

/* redu_reduce across the ranks of comm: x[0, n) is this rank's part. */
REDU_API redu_status redu_mpi_reduce(MPI_Comm comm, int device, redu_op op, redu_type type,
                                     const void *x, size_t n, void *result, size_t *index,
                                     const redu_options *opts);

/* redu_dot_f32/f64 across the ranks of comm (x and y this rank's parts). */
REDU_API redu_status redu_mpi_dot_f32(MPI_Comm comm, int device, const float *x, const float *y,
                                      size_t n, float *result, const redu_options *opts);
REDU_API redu_status redu_mpi_dot_f64(MPI_Comm comm, int device, const double *x, const double *y,
                                      size_t n, double *result, const redu_options *opts);

/* redu_mpi_<op>_<t>: the typed calls of redu_typed.h across the ranks of comm. */
REDU_API redu_status redu_mpi_sum_i8(MPI_Comm comm, int device, const int8_t *x, size_t n,
                                     int8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_sum_i16(MPI_Comm comm, int device, const int16_t *x, size_t n,
                                      int16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_sum_i32(MPI_Comm comm, int device, const int32_t *x, size_t n,
                                      int32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_sum_i64(MPI_Comm comm, int device, const int64_t *x, size_t n,
                                      int64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_sum_u8(MPI_Comm comm, int device, const uint8_t *x, size_t n,
                                     uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_sum_u16(MPI_Comm comm, int device, const uint16_t *x, size_t n,
                                      uint16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_sum_u32(MPI_Comm comm, int device, const uint32_t *x, size_t n,
                                      uint32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_sum_u64(MPI_Comm comm, int device, const uint64_t *x, size_t n,
                                      uint64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_sum_f32(MPI_Comm comm, int device, const float *x, size_t n,
                                      float *result, const redu_options *opts);
REDU_API redu_status redu_mpi_sum_f64(MPI_Comm comm, int device, const double *x, size_t n,
                                      double *result, const redu_options *opts);
REDU_API redu_status redu_mpi_prod_i8(MPI_Comm comm, int device, const int8_t *x, size_t n,
                                      int8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_prod_i16(MPI_Comm comm, int device, const int16_t *x, size_t n,
                                       int16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_prod_i32(MPI_Comm comm, int device, const int32_t *x, size_t n,
                                       int32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_prod_i64(MPI_Comm comm, int device, const int64_t *x, size_t n,
                                       int64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_prod_u8(MPI_Comm comm, int device, const uint8_t *x, size_t n,
                                      uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_prod_u16(MPI_Comm comm, int device, const uint16_t *x, size_t n,
                                       uint16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_prod_u32(MPI_Comm comm, int device, const uint32_t *x, size_t n,
                                       uint32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_prod_u64(MPI_Comm comm, int device, const uint64_t *x, size_t n,
                                       uint64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_prod_f32(MPI_Comm comm, int device, const float *x, size_t n,
                                       float *result, const redu_options *opts);
REDU_API redu_status redu_mpi_prod_f64(MPI_Comm comm, int device, const double *x, size_t n,
                                       double *result, const redu_options *opts);
REDU_API redu_status redu_mpi_min_i8(MPI_Comm comm, int device, const int8_t *x, size_t n,
                                     int8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_min_i16(MPI_Comm comm, int device, const int16_t *x, size_t n,
                                      int16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_min_i32(MPI_Comm comm, int device, const int32_t *x, size_t n,
                                      int32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_min_i64(MPI_Comm comm, int device, const int64_t *x, size_t n,
                                      int64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_min_u8(MPI_Comm comm, int device, const uint8_t *x, size_t n,
                                     uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_min_u16(MPI_Comm comm, int device, const uint16_t *x, size_t n,
                                      uint16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_min_u32(MPI_Comm comm, int device, const uint32_t *x, size_t n,
                                      uint32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_min_u64(MPI_Comm comm, int device, const uint64_t *x, size_t n,
                                      uint64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_min_f32(MPI_Comm comm, int device, const float *x, size_t n,
                                      float *result, const redu_options *opts);
REDU_API redu_status redu_mpi_min_f64(MPI_Comm comm, int device, const double *x, size_t n,
                                      double *result, const redu_options *opts);
REDU_API redu_status redu_mpi_max_i8(MPI_Comm comm, int device, const int8_t *x, size_t n,
                                     int8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_max_i16(MPI_Comm comm, int device, const int16_t *x, size_t n,
                                      int16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_max_i32(MPI_Comm comm, int device, const int32_t *x, size_t n,
                                      int32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_max_i64(MPI_Comm comm, int device, const int64_t *x, size_t n,
                                      int64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_max_u8(MPI_Comm comm, int device, const uint8_t *x, size_t n,
                                     uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_max_u16(MPI_Comm comm, int device, const uint16_t *x, size_t n,
                                      uint16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_max_u32(MPI_Comm comm, int device, const uint32_t *x, size_t n,
                                      uint32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_max_u64(MPI_Comm comm, int device, const uint64_t *x, size_t n,
                                      uint64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_max_f32(MPI_Comm comm, int device, const float *x, size_t n,
                                      float *result, const redu_options *opts);
REDU_API redu_status redu_mpi_max_f64(MPI_Comm comm, int device, const double *x, size_t n,
                                      double *result, const redu_options *opts);
REDU_API redu_status redu_mpi_band_i8(MPI_Comm comm, int device, const int8_t *x, size_t n,
                                      int8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_band_i16(MPI_Comm comm, int device, const int16_t *x, size_t n,
                                       int16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_band_i32(MPI_Comm comm, int device, const int32_t *x, size_t n,
                                       int32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_band_i64(MPI_Comm comm, int device, const int64_t *x, size_t n,
                                       int64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_band_u8(MPI_Comm comm, int device, const uint8_t *x, size_t n,
                                      uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_band_u16(MPI_Comm comm, int device, const uint16_t *x, size_t n,
                                       uint16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_band_u32(MPI_Comm comm, int device, const uint32_t *x, size_t n,
                                       uint32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_band_u64(MPI_Comm comm, int device, const uint64_t *x, size_t n,
                                       uint64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bor_i8(MPI_Comm comm, int device, const int8_t *x, size_t n,
                                     int8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bor_i16(MPI_Comm comm, int device, const int16_t *x, size_t n,
                                      int16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bor_i32(MPI_Comm comm, int device, const int32_t *x, size_t n,
                                      int32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bor_i64(MPI_Comm comm, int device, const int64_t *x, size_t n,
                                      int64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bor_u8(MPI_Comm comm, int device, const uint8_t *x, size_t n,
                                     uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bor_u16(MPI_Comm comm, int device, const uint16_t *x, size_t n,
                                      uint16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bor_u32(MPI_Comm comm, int device, const uint32_t *x, size_t n,
                                      uint32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bor_u64(MPI_Comm comm, int device, const uint64_t *x, size_t n,
                                      uint64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bxor_i8(MPI_Comm comm, int device, const int8_t *x, size_t n,
                                      int8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bxor_i16(MPI_Comm comm, int device, const int16_t *x, size_t n,
                                       int16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bxor_i32(MPI_Comm comm, int device, const int32_t *x, size_t n,
                                       int32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bxor_i64(MPI_Comm comm, int device, const int64_t *x, size_t n,
                                       int64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bxor_u8(MPI_Comm comm, int device, const uint8_t *x, size_t n,
                                      uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bxor_u16(MPI_Comm comm, int device, const uint16_t *x, size_t n,
                                       uint16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bxor_u32(MPI_Comm comm, int device, const uint32_t *x, size_t n,
                                       uint32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_bxor_u64(MPI_Comm comm, int device, const uint64_t *x, size_t n,
                                       uint64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_land_i8(MPI_Comm comm, int device, const int8_t *x, size_t n,
                                      int8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_land_i16(MPI_Comm comm, int device, const int16_t *x, size_t n,
                                       int16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_land_i32(MPI_Comm comm, int device, const int32_t *x, size_t n,
                                       int32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_land_i64(MPI_Comm comm, int device, const int64_t *x, size_t n,
                                       int64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_land_u8(MPI_Comm comm, int device, const uint8_t *x, size_t n,
                                      uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_land_u16(MPI_Comm comm, int device, const uint16_t *x, size_t n,
                                       uint16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_land_u32(MPI_Comm comm, int device, const uint32_t *x, size_t n,
                                       uint32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_land_u64(MPI_Comm comm, int device, const uint64_t *x, size_t n,
                                       uint64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_land_f32(MPI_Comm comm, int device, const float *x, size_t n,
                                       float *result, const redu_options *opts);
REDU_API redu_status redu_mpi_land_f64(MPI_Comm comm, int device, const double *x, size_t n,
                                       double *result, const redu_options *opts);
REDU_API redu_status redu_mpi_lor_i8(MPI_Comm comm, int device, const int8_t *x, size_t n,
                                     int8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_lor_i16(MPI_Comm comm, int device, const int16_t *x, size_t n,
                                      int16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_lor_i32(MPI_Comm comm, int device, const int32_t *x, size_t n,
                                      int32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_lor_i64(MPI_Comm comm, int device, const int64_t *x, size_t n,
                                      int64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_lor_u8(MPI_Comm comm, int device, const uint8_t *x, size_t n,
                                     uint8_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_lor_u16(MPI_Comm comm, int device, const uint16_t *x, size_t n,
                                      uint16_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_lor_u32(MPI_Comm comm, int device, const uint32_t *x, size_t n,
                                      uint32_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_lor_u64(MPI_Comm comm, int device, const uint64_t *x, size_t n,
                                      uint64_t *result, const redu_options *opts);
REDU_API redu_status redu_mpi_lor_f32(MPI_Comm comm, int device, const float *x, size_t n,
                                      float *result, const redu_options *opts);
REDU_API redu_status redu_mpi_lor_f64(MPI_Comm comm, int device, const double *x, size_t n,
                                      double *result, const redu_options *opts);
REDU_API redu_status redu_mpi_argmin_i8(MPI_Comm comm, int device, const int8_t *x, size_t n,
                                        int8_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmin_i16(MPI_Comm comm, int device, const int16_t *x, size_t n,
                                         int16_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmin_i32(MPI_Comm comm, int device, const int32_t *x, size_t n,
                                         int32_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmin_i64(MPI_Comm comm, int device, const int64_t *x, size_t n,
                                         int64_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmin_u8(MPI_Comm comm, int device, const uint8_t *x, size_t n,
                                        uint8_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmin_u16(MPI_Comm comm, int device, const uint16_t *x, size_t n,
                                         uint16_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmin_u32(MPI_Comm comm, int device, const uint32_t *x, size_t n,
                                         uint32_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmin_u64(MPI_Comm comm, int device, const uint64_t *x, size_t n,
                                         uint64_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmin_f32(MPI_Comm comm, int device, const float *x, size_t n,
                                         float *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmin_f64(MPI_Comm comm, int device, const double *x, size_t n,
                                         double *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmax_i8(MPI_Comm comm, int device, const int8_t *x, size_t n,
                                        int8_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmax_i16(MPI_Comm comm, int device, const int16_t *x, size_t n,
                                         int16_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmax_i32(MPI_Comm comm, int device, const int32_t *x, size_t n,
                                         int32_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmax_i64(MPI_Comm comm, int device, const int64_t *x, size_t n,
                                         int64_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmax_u8(MPI_Comm comm, int device, const uint8_t *x, size_t n,
                                        uint8_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmax_u16(MPI_Comm comm, int device, const uint16_t *x, size_t n,
                                         uint16_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmax_u32(MPI_Comm comm, int device, const uint32_t *x, size_t n,
                                         uint32_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmax_u64(MPI_Comm comm, int device, const uint64_t *x, size_t n,
                                         uint64_t *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmax_f32(MPI_Comm comm, int device, const float *x, size_t n,
                                         float *value, size_t *index, const redu_options *opts);
REDU_API redu_status redu_mpi_argmax_f64(MPI_Comm comm, int device, const double *x, size_t n,
                                         double *value, size_t *index, const redu_options *opts);

/* The body of every call above and of redu_mpi_reduce_<name> (below): the local partial
 * reduction p of x (and y) on device, one MPI_Allreduce with op (MPI_OP_NULL: libredu's
 * combiner of the built-in partials) and the result. fn names the public call. */
REDU_API redu_status redu__mpi_call(const char *fn, const struct redu__partial *p, MPI_Comm comm,
                                    MPI_Op op, int device, const void *x, const void *y, size_t n,
                                    void *result, size_t *index, const redu_options *opts);
/* The MPI_Op of a declared reduction: created on first use with fn (not commutative: ranks
 * combine in order), freed at MPI_Finalize; *slot caches it. */
REDU_API MPI_Op redu__mpi_op(MPI_Op *slot, MPI_User_function *fn);
/* What a declared reduction's MPI_User_function does: combines `len` records of p. */
REDU_API void redu__mpi_combine(const struct redu__partial *p, void *in, void *inout, int len);

/* REDU_DECLARE_MPI_REDUCTION(name), after REDU_DECLARE_REDUCTION(name, T, ...) (redu_udr.h),
 * defines
 *   redu_status redu_mpi_reduce_<name>(MPI_Comm comm, int device, const T *x, size_t n,
 *                                      T *result, const redu_options *opts)
 * reducing every rank's x[0, n) with the declared combiner, the ranks in order (so
 * REDU_ORDERED reductions see rank 0's elements first), with the rules above; T travels as
 * sizeof(T) bytes. Returns: as redu_mpi_reduce. */
#define REDU_DECLARE_MPI_REDUCTION(name)                                                           \
  static __attribute__((unused)) void redu__mpi_fn_##name(void *in, void *inout, int *len,         \
                                                          MPI_Datatype *type)                      \
  {                                                                                                \
    (void)type;                                                                                    \
    redu__mpi_combine(redu__partial_##name(), in, inout, *len);                                    \
  }                                                                                                \
  static inline __attribute__((unused)) redu_status redu_mpi_reduce_##name(                        \
      MPI_Comm comm, int device, const redu__type_##name *x, size_t n, redu__type_##name *result,  \
      const redu_options *opts)                                                                    \
  {                                                                                                \
    static MPI_Op op = MPI_OP_NULL;                                                                \
    return redu__mpi_call("redu_mpi_reduce_" #name, redu__partial_##name(), comm,                  \
                          redu__mpi_op(&op, redu__mpi_fn_##name), device, x, NULL, n, result,      \
                          NULL, opts);                                                             \
  }

#ifdef __cplusplus
}
#endif

#endif

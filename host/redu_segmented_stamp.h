/* The stamp of every segmented and batched built-in call (libredu/redu_segmented.h): per
 * (op, type) a kernel from device/redu_segmented_kernel.h with the op's triple of
 * device/redu_builtin_ops.h, the typed calls, and redu__seg_call_<op>_<t>, which both forms and
 * the generic calls (host/redu_segmented_calls.c) run. The stamps are spread over
 * host/redu_segmented_{signed,unsigned}.c so that the 104 kernels compile in parallel (one
 * file took the longest compile of the build; CI builds libredu six times). */
#ifndef REDU_SEGMENTED_STAMP_H
#define REDU_SEGMENTED_STAMP_H

#include "device/redu_builtin_ops.h"
#include "device/redu_segmented_kernel.h"
#include "host/redu_call.h"
#include "redu.h"

/* redu__seg_call_<op>_<t>: the call's body; batched selects offsets (0) or seg_len (1). */
#define REDU__DECLARE_SEG_ENTRY(op, sfx)                                                           \
  redu_status redu__seg_call_##op##_##sfx(int device, const void *x, const size_t *offsets,        \
                                          size_t seg_len, size_t nseg, int batched, void *values,  \
                                          size_t *indices, const redu_options *opts);
#define REDU__DECLARE_SEG_VALUE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)    \
  REDU__DECLARE_SEG_ENTRY(op, sfx)
#define REDU__DECLARE_SEG_ARG(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)        \
  REDU__DECLARE_SEG_ENTRY(op, sfx)
#define REDU__DECLARE_SEG(sfx, T, E, K, SA, LO, HI)                                                \
  REDU__OPS_OF_TYPE(REDU__DECLARE_SEG_VALUE, REDU__DECLARE_SEG_ARG, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(REDU__DECLARE_SEG)

/* One (op, type): the kernel, its element lift and output writer, and
 * redu__seg_call_<op>_<t>, which both forms and the generic calls run. WRITE_BODY writes
 * values[k] (and indices[k]) from acc for a segment starting at `start`. */
#define REDU__DEFINE_SEG_KERNEL(op, sfx, T, A, IDENT, LIFT, COMBINE, ARG, WRITE_BODY)              \
  _Pragma("omp begin declare target")                                                              \
  static inline A redu__seg_load_##op##_##sfx(const T *x, size_t i) { return LIFT(x[i], i); }      \
  static inline void redu__seg_write_##op##_##sfx(T *values, size_t *indices, size_t k, A acc,     \
                                                  size_t start)                                    \
  {                                                                                                \
    (void)indices, (void)start;                                                                    \
    WRITE_BODY;                                                                                    \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_SEGMENTED_REDUCE(redu__seg_kernel_##op##_##sfx, T, A, IDENT,                        \
                                redu__seg_load_##op##_##sfx, COMBINE, 0, T,                        \
                                redu__seg_write_##op##_##sfx)                                      \
  redu_status redu__seg_call_##op##_##sfx(int device, const void *x, const size_t *offsets,        \
                                          size_t seg_len, size_t nseg, int batched, void *values,  \
                                          size_t *indices, const redu_options *opts)               \
  {                                                                                                \
    const redu__call_shape sh = {                                                                  \
        REDU__SHAPE_OF(batched ? "redu_batched_" #op "_" #sfx : "redu_segmented_" #op "_" #sfx, T, \
                       A),                                                                         \
        .builtin = 1,                                                                              \
        .segmented = 1,                                                                            \
        .batched = batched,                                                                        \
        .arg = (ARG),                                                                              \
        .out_size = sizeof(T),                                                                     \
        .out_align = _Alignof(T)};                                                                 \
    redu_status s;                                                                                 \
    REDU__RUN_SEG_CALL(s, sh, device, (const T *)x, offsets, seg_len, nseg, values, indices, opts, \
                       redu__seg_kernel_##op##_##sfx##_launch);                                    \
    return s;                                                                                      \
  }

#define REDU__DEFINE_SEG_VALUE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)     \
  REDU__DEFINE_SEG_KERNEL(op, sfx, T, A, IDENT, LIFT, COMBINE, 0, values[k] = FINISH(acc))         \
  redu_status redu_segmented_##op##_##sfx(int device, const T *x, const size_t *offsets,           \
                                          size_t nsegments, T *results, const redu_options *opts)  \
  {                                                                                                \
    return redu__seg_call_##op##_##sfx(device, x, offsets, 0, nsegments, 0, results, NULL, opts);  \
  }                                                                                                \
  redu_status redu_batched_##op##_##sfx(int device, const T *x, size_t segment_length,             \
                                        size_t nsegments, T *results, const redu_options *opts)    \
  {                                                                                                \
    return redu__seg_call_##op##_##sfx(device, x, NULL, segment_length, nsegments, 1, results,     \
                                       NULL, opts);                                                \
  }

/* Arg ops: the value, and the index within the segment (REDU_NO_INDEX when empty). */
#define REDU__DEFINE_SEG_ARG(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)         \
  REDU__DEFINE_SEG_KERNEL(op, sfx, T, A, IDENT, LIFT, COMBINE, 1, values[k] = FINISH(acc.v);       \
                          indices[k] = acc.i == REDU_NO_INDEX ? REDU_NO_INDEX : acc.i - start)     \
  redu_status redu_segmented_##op##_##sfx(int device, const T *x, const size_t *offsets,           \
                                          size_t nsegments, T *values, size_t *indices,            \
                                          const redu_options *opts)                                \
  {                                                                                                \
    return redu__seg_call_##op##_##sfx(device, x, offsets, 0, nsegments, 0, values, indices,       \
                                       opts);                                                      \
  }                                                                                                \
  redu_status redu_batched_##op##_##sfx(int device, const T *x, size_t segment_length,             \
                                        size_t nsegments, T *values, size_t *indices,              \
                                        const redu_options *opts)                                  \
  {                                                                                                \
    return redu__seg_call_##op##_##sfx(device, x, NULL, segment_length, nsegments, 1, values,      \
                                       indices, opts);                                             \
  }

/* Every op of one type (device/redu_op_table.h). */
#define REDU__DEFINE_SEG(sfx, T, E, K, SA, LO, HI)                                                 \
  REDU__OPS_OF_TYPE(REDU__DEFINE_SEG_VALUE, REDU__DEFINE_SEG_ARG, sfx, T, E, K, SA, LO, HI)

#endif

/* The four forms of one segmented or batched call over one element type, behind one
 * signature, so that a test runs every form on the same input and compares them: typed
 * (redu_segmented_<op>_<t>), generic (redu_segmented_reduce), the arg op, and a declared
 * reduction. Used by tests/test_seg_bounds.c and the fuzz harness. */
#ifndef REDU_TEST_SEG_FORMS_H
#define REDU_TEST_SEG_FORMS_H

#include "redu.h"
#include "redu_udr.h"

/* batched != 0: fixed-length segments of len elements (offs unused), else offsets. idx
 * is written by the arg form only. */
typedef redu_status (*redu_test_seg_form)(int dev, int batched, const void *x, const size_t *offs,
                                          size_t len, size_t nseg, void *vals, size_t *idx,
                                          const redu_options *o);
enum { REDU_TEST_SEG_FORMS = 4 };

/* PFX##_typed_##sfx, PFX##_generic_##sfx, PFX##_arg_##sfx and PFX##_declared_##sfx, in that
 * order in a table: the value op `op` (its redu_op OPC), the arg op `argop`, and the
 * declared reduction `udr` (REDU_DECLARE_REDUCTION) over T, type E. */
#define REDU_TEST_SEG_FORMS_OF(PFX, sfx, T, E, op, OPC, argop, udr)                                \
  static redu_status PFX##_typed_##sfx(int dev, int batched, const void *x, const size_t *offs,    \
                                       size_t len, size_t nseg, void *vals, size_t *idx,           \
                                       const redu_options *o)                                      \
  {                                                                                                \
    (void)idx;                                                                                     \
    return batched ? redu_batched_##op##_##sfx(dev, x, len, nseg, vals, o)                         \
                   : redu_segmented_##op##_##sfx(dev, x, offs, nseg, vals, o);                     \
  }                                                                                                \
  static redu_status PFX##_generic_##sfx(int dev, int batched, const void *x, const size_t *offs,  \
                                         size_t len, size_t nseg, void *vals, size_t *idx,         \
                                         const redu_options *o)                                    \
  {                                                                                                \
    (void)idx;                                                                                     \
    return batched ? redu_batched_reduce(dev, OPC, E, x, len, nseg, vals, NULL, o)                 \
                   : redu_segmented_reduce(dev, OPC, E, x, offs, nseg, vals, NULL, o);             \
  }                                                                                                \
  static redu_status PFX##_arg_##sfx(int dev, int batched, const void *x, const size_t *offs,      \
                                     size_t len, size_t nseg, void *vals, size_t *idx,             \
                                     const redu_options *o)                                        \
  {                                                                                                \
    return batched ? redu_batched_##argop##_##sfx(dev, x, len, nseg, vals, idx, o)                 \
                   : redu_segmented_##argop##_##sfx(dev, x, offs, nseg, vals, idx, o);             \
  }                                                                                                \
  static redu_status PFX##_declared_##sfx(int dev, int batched, const void *x, const size_t *offs, \
                                          size_t len, size_t nseg, void *vals, size_t *idx,        \
                                          const redu_options *o)                                   \
  {                                                                                                \
    (void)idx;                                                                                     \
    return batched ? redu_batched_reduce_##udr(dev, x, len, nseg, vals, o)                         \
                   : redu_segmented_reduce_##udr(dev, x, offs, nseg, vals, o);                     \
  }

#endif

/* The generic segmented and batched calls: a table of every (op, type) call stamped in
 * host/redu_segmented_{signed,unsigned}.c. */
#include "host/redu_error.h"
#include "host/redu_segmented_stamp.h"
#include "redu.h"

typedef redu_status (*redu__seg_fn)(int, const void *, const size_t *, size_t, size_t, int, void *,
                                    size_t *, const redu_options *);

#define REDU__SEG_VALUE_ENTRY(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)      \
  [OP][E] = redu__seg_call_##op##_##sfx,
#define REDU__SEG_ARG_ENTRY(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)          \
  [OP][E] = redu__seg_call_##op##_##sfx,
#define REDU__SEG_ENTRIES(sfx, T, E, K, SA, LO, HI)                                                \
  REDU__OPS_OF_TYPE(REDU__SEG_VALUE_ENTRY, REDU__SEG_ARG_ENTRY, sfx, T, E, K, SA, LO, HI)

static const redu__seg_fn redu__seg_table[REDU_OP_COUNT][REDU_TYPE_COUNT] = {
    REDU_FOR_EACH_TYPE(REDU__SEG_ENTRIES)};
#undef REDU__SEG_ENTRIES
#undef REDU__SEG_VALUE_ENTRY
#undef REDU__SEG_ARG_ENTRY

static redu_status redu__seg_generic(const char *fn, int device, redu_op op, redu_type type,
                                     const void *x, const size_t *offsets, size_t seg_len,
                                     size_t nseg, int batched, void *results, size_t *indices,
                                     const redu_options *opts)
{
  if ((unsigned)op >= REDU_OP_COUNT || (unsigned)type >= REDU_TYPE_COUNT)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: unknown op %d or type %d; use the redu_op and redu_type enums of redu.h",
                      fn, (int)op, (int)type);
  if (!redu__seg_table[op][type])
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: op %d is not defined for floating-point type %d; bitwise and/or/xor "
                      "take integer types only",
                      fn, (int)op, (int)type);
  return redu__seg_table[op][type](device, x, offsets, seg_len, nseg, batched, results, indices,
                                   opts);
}

redu_status redu_segmented_reduce(int device, redu_op op, redu_type type, const void *x,
                                  const size_t *offsets, size_t nsegments, void *results,
                                  size_t *indices, const redu_options *opts)
{
  return redu__seg_generic("redu_segmented_reduce", device, op, type, x, offsets, 0, nsegments, 0,
                           results, indices, opts);
}

redu_status redu_batched_reduce(int device, redu_op op, redu_type type, const void *x,
                                size_t segment_length, size_t nsegments, void *results,
                                size_t *indices, const redu_options *opts)
{
  return redu__seg_generic("redu_batched_reduce", device, op, type, x, NULL, segment_length,
                           nsegments, 1, results, indices, opts);
}

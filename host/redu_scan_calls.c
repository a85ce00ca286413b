/* Every typed scan of libredu/redu_scan.h and libredu/redu_segmented_scan.h and the generic
 * forms (redu_inclusive_scan, redu_segmented_inclusive_scan, ...), stamped from the value
 * rows of the op table (device/redu_op_table.h): kernels from device/redu_scan_kernel.h and
 * host wrappers around redu__scan_begin (host/redu_call.h) and redu__segscan_begin
 * (host/redu_segmented_scan.h). Arg ops have no scan. -Wmissing-prototypes makes a call
 * stamped here without its line in a public header an error, and a listed one with other
 * types a conflict. */
#include "device/redu_builtin_ops.h"
#include "device/redu_scan_kernel.h"
#include "host/redu_call.h"
#include "host/redu_error.h"
#include "host/redu_exact.h"
#include "host/redu_segmented_scan.h"
#include "redu.h"
#include <string.h>

typedef redu_status (*redu__scan_fn)(int, const void *, void *, size_t, const redu_options *, int,
                                     const char *);

typedef redu_status (*redu__segscan_fn)(int, const void *, void *, const size_t *, size_t, size_t,
                                        const redu_options *, int, int, const char *);

/* The kernels' identity: the op's, but -0.0 for float sums, the one value that adds nothing
 * to every float (+0.0 turns a -0.0 into +0.0): a prefix of -0.0 terms stays -0.0 whatever
 * tiles, blocks and threads split it (0 for integer sums). */
#define REDU__SCAN_IDENT(OP, A, IDENT) ((OP) == REDU_SUM ? (A) - 0.0 : (IDENT))

/* One value row: the kernels, the initial value (opts->init lifted as an element; else for an
 * exclusive scan the op's identity, y[0] = +0 for sums as in CUB and C++, and for an
 * inclusive one the kernels', so that y[i] folds x[0 .. i] alone), the array scan and the
 * segmented one of either kind, and their typed calls. */
#define REDU__SCAN_VALUE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)           \
  REDU__DEFINE_SCAN(redu__s_##op##_##sfx, T, A, REDU__SCAN_IDENT(OP, A, IDENT), LIFT, COMBINE,     \
                    FINISH, 1)                                                                     \
  REDU__DEFINE_SEGMENTED_SCAN(redu__s_##op##_##sfx, T, A, REDU__SCAN_IDENT(OP, A, IDENT), LIFT,    \
                              COMBINE, FINISH)                                                     \
  static A redu__scan_init_##op##_##sfx(const redu_options *opts, int exclusive)                   \
  {                                                                                                \
    A init = exclusive ? (IDENT) : REDU__SCAN_IDENT(OP, A, IDENT);                                 \
    if (opts && opts->init) {                                                                      \
      T v;                                                                                         \
      memcpy(&v, opts->init, sizeof v);                                                            \
      init = LIFT(v, 0);                                                                           \
    }                                                                                              \
    return init;                                                                                   \
  }                                                                                                \
  static redu_status redu__scan_##op##_##sfx(int device, const void *x, void *y, size_t n,         \
                                             const redu_options *opts, int exclusive,              \
                                             const char *fn)                                       \
  {                                                                                                \
    if ((EXACT) && opts && (opts->flags & REDU_EXACT))                                             \
      return redu__exact_scan(E, device, x, y, n, opts, exclusive, fn);                            \
    redu__scan_call c;                                                                             \
    redu_status s = redu__scan_begin(&c, fn, sizeof(T), _Alignof(T), sizeof(A), _Alignof(A), 1,    \
                                     device, x, y, n, opts);                                       \
    if (s != REDU_OK || c.empty)                                                                   \
      return s;                                                                                    \
    redu__s_##op##_##sfx##_launch(&c.launch, (const T *)c.x_dev, (T *)c.y_dev, n,                  \
                                  redu__scan_init_##op##_##sfx(opts, exclusive), exclusive,        \
                                  c.one);                                                          \
    return redu__scan_end(&c);                                                                     \
  }                                                                                                \
  static redu_status redu__segscan_##op##_##sfx(                                                   \
      int device, const void *x, void *y, const size_t *offsets, size_t len, size_t nseg,          \
      const redu_options *opts, int exclusive, int batched, const char *fn)                        \
  {                                                                                                \
    if ((EXACT) && opts && (opts->flags & REDU_EXACT))                                             \
      return redu__exact_segscan(E, device, x, y, offsets, len, nseg, opts, exclusive, batched,    \
                                 fn);                                                              \
    redu__segscan_call c;                                                                          \
    redu_status s = redu__segscan_begin(&c, fn, sizeof(T), _Alignof(T), sizeof(A), _Alignof(A), 1, \
                                        batched, device, x, y, offsets, len, nseg, opts);          \
    if (s != REDU_OK || c.scan.empty)                                                              \
      return s;                                                                                    \
    redu__s_##op##_##sfx##_seg_run(&c.scan.launch, (const T *)c.scan.x_dev, (T *)c.scan.y_dev,     \
                                   &c.plan, redu__scan_init_##op##_##sfx(opts, exclusive),         \
                                   exclusive);                                                     \
    return redu__segscan_end(&c);                                                                  \
  }                                                                                                \
  REDU__SCAN_TYPED(inclusive, 0, op, sfx, T)                                                       \
  REDU__SCAN_TYPED(exclusive, 1, op, sfx, T)
/* The typed calls of one kind of scan (KIND inclusive or exclusive, EXCL 0 or 1). */
#define REDU__SCAN_TYPED(KIND, EXCL, op, sfx, T)                                                   \
  redu_status redu_##KIND##_scan_##op##_##sfx(int device, const T *x, T *y, size_t n,              \
                                              const redu_options *opts)                            \
  {                                                                                                \
    return redu__scan_##op##_##sfx(device, x, y, n, opts, EXCL,                                    \
                                   "redu_" #KIND "_scan_" #op "_" #sfx);                           \
  }                                                                                                \
  redu_status redu_segmented_##KIND##_scan_##op##_##sfx(int device, const T *x, T *y,              \
                                                        const size_t *offsets, size_t nsegments,   \
                                                        const redu_options *opts)                  \
  {                                                                                                \
    return redu__segscan_##op##_##sfx(device, x, y, offsets, 0, nsegments, opts, EXCL, 0,          \
                                      "redu_segmented_" #KIND "_scan_" #op "_" #sfx);              \
  }                                                                                                \
  redu_status redu_batched_##KIND##_scan_##op##_##sfx(int device, const T *x, T *y,                \
                                                      size_t segment_length, size_t nsegments,     \
                                                      const redu_options *opts)                    \
  {                                                                                                \
    return redu__segscan_##op##_##sfx(device, x, y, NULL, segment_length, nsegments, opts, EXCL,   \
                                      1, "redu_batched_" #KIND "_scan_" #op "_" #sfx);             \
  }
#define REDU__SCAN_NONE(...)
#define REDU__SCANS(sfx, T, E, K, SA, LO, HI)                                                      \
  REDU__OPS_OF_TYPE(REDU__SCAN_VALUE, REDU__SCAN_NONE, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(REDU__SCANS)
#undef REDU__SCANS
#undef REDU__SCAN_TYPED
#undef REDU__SCAN_VALUE

/* The generic forms' tables: [op][type] = REDU__SCAN_TABLE_FN(op, t), NULL where the op has no
 * scan on the type. */
#define REDU__SCAN_ENTRY(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)           \
  [OP][E] = REDU__SCAN_TABLE_FN(op, sfx),
#define REDU__SCAN_ENTRIES(sfx, T, E, K, SA, LO, HI)                                               \
  REDU__OPS_OF_TYPE(REDU__SCAN_ENTRY, REDU__SCAN_NONE, sfx, T, E, K, SA, LO, HI)
#define REDU__SCAN_TABLE_FN(op, sfx) redu__scan_##op##_##sfx
static const redu__scan_fn redu__scan_table[REDU_OP_COUNT][REDU_TYPE_COUNT] = {
    REDU_FOR_EACH_TYPE(REDU__SCAN_ENTRIES)};
#undef REDU__SCAN_TABLE_FN
#define REDU__SCAN_TABLE_FN(op, sfx) redu__segscan_##op##_##sfx
static const redu__segscan_fn redu__segscan_table[REDU_OP_COUNT][REDU_TYPE_COUNT] = {
    REDU_FOR_EACH_TYPE(REDU__SCAN_ENTRIES)};
#undef REDU__SCAN_TABLE_FN
#undef REDU__SCAN_ENTRIES
#undef REDU__SCAN_ENTRY
#undef REDU__SCAN_NONE

/* REDU_ERR_UNSUPPORTED unless (op, type) has a scan. */
static redu_status redu__scan_pick(const char *fn, redu_op op, redu_type type)
{
  if ((unsigned)op >= REDU_OP_COUNT || (unsigned)type >= REDU_TYPE_COUNT)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: unknown op %d or type %d; use the redu_op and redu_type enums of "
                      "redu.h",
                      fn, (int)op, (int)type);
  if (!redu__scan_table[op][type])
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: op %d has no scan on type %d: argmin/argmax are not scanned, and "
                      "bitwise and/or/xor take integer types only",
                      fn, (int)op, (int)type);
  return REDU_OK;
}

redu_status redu_inclusive_scan(int device, redu_op op, redu_type type, const void *x, void *y,
                                size_t n, const redu_options *opts)
{
  const char *fn = "redu_inclusive_scan";
  redu_status s = redu__scan_pick(fn, op, type);
  return s != REDU_OK ? s : redu__scan_table[op][type](device, x, y, n, opts, 0, fn);
}

redu_status redu_exclusive_scan(int device, redu_op op, redu_type type, const void *x, void *y,
                                size_t n, const redu_options *opts)
{
  const char *fn = "redu_exclusive_scan";
  redu_status s = redu__scan_pick(fn, op, type);
  return s != REDU_OK ? s : redu__scan_table[op][type](device, x, y, n, opts, 1, fn);
}

/* The four generic segmented forms: fn, kind and layout. */
static redu_status redu__segscan_generic(const char *fn, int exclusive, int batched, int device,
                                         redu_op op, redu_type type, const void *x, void *y,
                                         const size_t *offsets, size_t len, size_t nseg,
                                         const redu_options *opts)
{
  redu_status s = redu__scan_pick(fn, op, type);
  return s != REDU_OK ? s
                      : redu__segscan_table[op][type](device, x, y, offsets, len, nseg, opts,
                                                      exclusive, batched, fn);
}

redu_status redu_segmented_inclusive_scan(int device, redu_op op, redu_type type, const void *x,
                                          void *y, const size_t *offsets, size_t nsegments,
                                          const redu_options *opts)
{
  return redu__segscan_generic("redu_segmented_inclusive_scan", 0, 0, device, op, type, x, y,
                               offsets, 0, nsegments, opts);
}

redu_status redu_segmented_exclusive_scan(int device, redu_op op, redu_type type, const void *x,
                                          void *y, const size_t *offsets, size_t nsegments,
                                          const redu_options *opts)
{
  return redu__segscan_generic("redu_segmented_exclusive_scan", 1, 0, device, op, type, x, y,
                               offsets, 0, nsegments, opts);
}

redu_status redu_batched_inclusive_scan(int device, redu_op op, redu_type type, const void *x,
                                        void *y, size_t segment_length, size_t nsegments,
                                        const redu_options *opts)
{
  return redu__segscan_generic("redu_batched_inclusive_scan", 0, 1, device, op, type, x, y, NULL,
                               segment_length, nsegments, opts);
}

redu_status redu_batched_exclusive_scan(int device, redu_op op, redu_type type, const void *x,
                                        void *y, size_t segment_length, size_t nsegments,
                                        const redu_options *opts)
{
  return redu__segscan_generic("redu_batched_exclusive_scan", 1, 1, device, op, type, x, y, NULL,
                               segment_length, nsegments, opts);
}

/* Every typed scan of libredu/redu_scan.h and the generic redu_inclusive_scan /
 * redu_exclusive_scan, stamped from the value rows of the op table (device/redu_op_table.h):
 * a kernel from device/redu_scan_kernel.h and host wrappers around redu__scan_begin
 * (host/redu_call.h). Arg ops have no scan. -Wmissing-prototypes makes a call stamped here
 * without its line in redu_scan.h an error, and a listed one with other types a conflict. */
#include "device/redu_builtin_ops.h"
#include "device/redu_scan_kernel.h"
#include "host/redu_call.h"
#include "host/redu_error.h"
#include "redu.h"
#include <string.h>

typedef redu_status (*redu__scan_fn)(int, const void *, void *, size_t, const redu_options *, int,
                                     const char *);

/* One value row: the kernel, the scan of either kind (the initial value lifted as an
 * element: the identity when opts->init is NULL), and the two typed calls. */
#define REDU__SCAN_VALUE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)           \
  REDU__DEFINE_SCAN(redu__s_##op##_##sfx, T, A, IDENT, LIFT, COMBINE, FINISH)                      \
  static redu_status redu__scan_##op##_##sfx(int device, const void *x, void *y, size_t n,         \
                                             const redu_options *opts, int exclusive,              \
                                             const char *fn)                                       \
  {                                                                                                \
    redu__scan_call c;                                                                             \
    redu_status s = redu__scan_begin(&c, fn, sizeof(T), _Alignof(T), sizeof(A), _Alignof(A), 1,    \
                                     device, x, y, n, opts);                                       \
    if (s != REDU_OK || c.empty)                                                                   \
      return s;                                                                                    \
    A init = (IDENT);                                                                              \
    if (opts && opts->init) {                                                                      \
      T v;                                                                                         \
      memcpy(&v, opts->init, sizeof v);                                                            \
      init = LIFT(v, 0);                                                                           \
    }                                                                                              \
    redu__s_##op##_##sfx##_launch(&c.launch, (const T *)c.x_dev, (T *)c.y_dev, n, init, exclusive, \
                                  c.one);                                                          \
    return redu__scan_end(&c);                                                                     \
  }                                                                                                \
  redu_status redu_inclusive_scan_##op##_##sfx(int device, const T *x, T *y, size_t n,             \
                                               const redu_options *opts)                           \
  {                                                                                                \
    return redu__scan_##op##_##sfx(device, x, y, n, opts, 0, "redu_inclusive_scan_" #op "_" #sfx); \
  }                                                                                                \
  redu_status redu_exclusive_scan_##op##_##sfx(int device, const T *x, T *y, size_t n,             \
                                               const redu_options *opts)                           \
  {                                                                                                \
    return redu__scan_##op##_##sfx(device, x, y, n, opts, 1, "redu_exclusive_scan_" #op "_" #sfx); \
  }
#define REDU__SCAN_NONE(...)
#define REDU__SCANS(sfx, T, E, K, SA, LO, HI)                                                      \
  REDU__OPS_OF_TYPE(REDU__SCAN_VALUE, REDU__SCAN_NONE, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(REDU__SCANS)
#undef REDU__SCANS
#undef REDU__SCAN_VALUE

/* The generic forms' table: [op][type], NULL where the op has no scan on the type. */
#define REDU__SCAN_ENTRY(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)           \
  [OP][E] = redu__scan_##op##_##sfx,
#define REDU__SCAN_ENTRIES(sfx, T, E, K, SA, LO, HI)                                               \
  REDU__OPS_OF_TYPE(REDU__SCAN_ENTRY, REDU__SCAN_NONE, sfx, T, E, K, SA, LO, HI)
static const redu__scan_fn redu__scan_table[REDU_OP_COUNT][REDU_TYPE_COUNT] = {
    REDU_FOR_EACH_TYPE(REDU__SCAN_ENTRIES)};
#undef REDU__SCAN_ENTRIES
#undef REDU__SCAN_ENTRY
#undef REDU__SCAN_NONE

static redu_status redu__scan_generic(const char *fn, int exclusive, int device, redu_op op,
                                      redu_type type, const void *x, void *y, size_t n,
                                      const redu_options *opts)
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
  return redu__scan_table[op][type](device, x, y, n, opts, exclusive, fn);
}

redu_status redu_inclusive_scan(int device, redu_op op, redu_type type, const void *x, void *y,
                                size_t n, const redu_options *opts)
{
  return redu__scan_generic("redu_inclusive_scan", 0, device, op, type, x, y, n, opts);
}

redu_status redu_exclusive_scan(int device, redu_op op, redu_type type, const void *x, void *y,
                                size_t n, const redu_options *opts)
{
  return redu__scan_generic("redu_exclusive_scan", 1, device, op, type, x, y, n, opts);
}

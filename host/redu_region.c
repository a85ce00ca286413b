/* The host half of wrapped regions (libredu/redu_region.h): one call around the user's
 * target region, planned for a record of all its accumulators. */
#include "device/redu_region_thread.h"
#include "host/redu_call.h"
#include "host/redu_error.h"
#include "host/redu_exact.h"
#include <string.h>

/* Bytes an iteration is planned to read (a body's reads are unknown: one double). */
enum { REDU__REGION_PLAN_BYTES = 8 };

redu__region redu__region_begin(redu_status *st, const char *fn, int device, size_t n,
                                const void *const *ptrs, size_t nptrs, const size_t *sizes,
                                const size_t *aligns, int count, int ordered, int exact,
                                const redu_options *opts)
{
  redu__region R = {.iters = n, .status = st};
  if (count < 1 || count > REDU_REGION_MAX) {
    *st = redu__fail(REDU_ERR_UNSUPPORTED, "%s: %d reductions; a region carries 1..%d", fn, count,
                     REDU_REGION_MAX);
    return R;
  }
  R.count = count;
  redu__region_shape L = redu__region_layout(sizes, aligns, count);
  R.rec = L.rec;
  for (int k = 0; k < count; ++k)
    R.off[k] = L.off[k];
  size_t align = 1;
  for (int k = 0; k < count; ++k)
    align = aligns[k] > align ? aligns[k] : align;
  redu__call_shape sh = {.fn = fn,
                         .elem_size = REDU__REGION_PLAN_BYTES,
                         .acc_size = R.rec,
                         .acc_align = align,
                         .ordered = ordered,
                         .ptrs = ptrs,
                         .nptrs = nptrs,
                         .region_exact = exact};
  /* A region has no output pointers of its own: R stands in for the NULL checks. */
  *st = redu__call_begin(&R.call, &sh, device, NULL, n, &R, &R, opts);
  R.go = *st == REDU_OK && !R.call.empty;
  return R;
}

redu_status redu__region_end(redu__region *R)
{
  return redu__call_end(&R->call, R->host_result, R->rec);
}

double redu__region_exact_result(const redu__region *R, int k, double before, int prec, int emin)
{
  int64_t rec[REDU__X_SUM_LIMBS + 1];
  memcpy(rec, R->host_result + R->off[k], sizeof rec);
  redu__x_record_add(rec, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, before);
  return redu__x_round(rec, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, prec, emin);
}

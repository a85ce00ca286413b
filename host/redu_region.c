/* The host half of wrapped regions (libredu/redu_region.h): one call around the user's
 * target region, planned for a record of all its accumulators. */
#include "device/redu_region_thread.h"
#include "host/redu_call.h"
#include "host/redu_error.h"
#include "host/redu_exact.h"
#include "host/redu_scratch.h"
#include <stdint.h>
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

redu__scan_region redu__scan_region_begin(redu_status *st, const char *fn, int device, size_t n,
                                          const void *const *ptrs, size_t nptrs,
                                          const size_t *sizes, int count)
{
  redu__scan_region S = {.iters = n, .status = st};
  if (count < 1 || count > REDU_REGION_MAX) {
    *st = redu__fail(REDU_ERR_UNSUPPORTED, "%s: %d scanned variables; a region carries 1..%d", fn,
                     count, REDU_REGION_MAX);
    return S;
  }
  size_t widest = 1, narrowest = SIZE_MAX;
  for (int k = 0; k < count; ++k) {
    widest = sizes[k] > widest ? sizes[k] : widest;
    narrowest = sizes[k] < narrowest ? sizes[k] : narrowest;
  }
  if (widest > REDU_MAX_ACC_BYTES || !narrowest) {
    *st = redu__fail(REDU_ERR_UNSUPPORTED, "%s: scanned variables of %zu to %zu bytes; 1 to %d", fn,
                     narrowest, widest, REDU_MAX_ACC_BYTES);
    return S;
  }
  /* The checks and the plan of a region whose record is the widest variable: the phases are
   * elementwise loops, planned as a region's loop is. */
  redu__call_shape sh = {.fn = fn,
                         .elem_size = REDU__REGION_PLAN_BYTES,
                         .acc_size = widest,
                         .acc_align = 1,
                         .ptrs = ptrs,
                         .nptrs = nptrs};
  redu__call c;
  if ((*st = redu__call_begin(&c, &sh, device, NULL, n, &S, &S, NULL)) != REDU_OK || c.empty)
    return S;
  S.owner = c.owner, S.slot = c.slot;
  S.device = c.launch.device, S.teams = c.launch.teams, S.threads = c.launch.threads;
  /* The buffers, 256-byte aligned, one after another in the slot's staging memory. */
  size_t off[REDU_REGION_MAX], total = 0;
  for (int k = 0; k < count; ++k) {
    S.size[k] = sizes[k];
    off[k] = total;
    size_t bytes = n <= (SIZE_MAX - 256) / sizes[k] ? (n * sizes[k] + 255) & ~(size_t)255 : 0;
    total = bytes && total <= SIZE_MAX - bytes ? total + bytes : SIZE_MAX;
  }
  if (total == SIZE_MAX || redu__scratch_stage(S.owner, S.slot, total) != 0) {
    *st = redu__fail(REDU_ERR_OUT_OF_MEMORY,
                     "%s: no device memory for the scanned variables' buffers (%zu iterations "
                     "of %d variables on device %d): a scanning region keeps one element per "
                     "iteration and variable; scan fewer iterations per region",
                     fn, n, count, S.device);
    redu__scratch_release(S.owner, S.slot);
    return S;
  }
  for (int k = 0; k < count; ++k)
    S.buf[k] = (char *)S.slot->stage + off[k];
  S.count = count;
  S.go = 1;
  return S;
}

void redu__scan_region_end(redu__scan_region *S, void *const *vars)
{
  /* Every last prefix is read before any variable is written: all or none. */
  unsigned char last[REDU_REGION_MAX][REDU_MAX_ACC_BYTES];
  int ok = *S->status == REDU_OK;
  for (int k = 0; ok && k < S->count; ++k)
    if (omp_target_memcpy(last[k], S->buf[k], S->size[k], 0, S->size[k] * (S->iters - 1),
                          redu__initial_device(), S->device) != 0) {
      *S->status =
          redu__fail(REDU_ERR_DEVICE, "could not copy scanned variable %d's result from device %d",
                     k + 1, S->device);
      ok = 0;
    }
  for (int k = 0; ok && k < S->count; ++k)
    memcpy(vars[k], last[k], S->size[k]);
  redu__scratch_release(S->owner, S->slot);
  S->count = 0;
}

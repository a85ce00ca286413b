/* The host half of wrapped regions (libredu/redu_region.h): one call around the user's
 * target region, planned for a record of all its accumulators. */
#include "device/redu_region_bins.h"
#include "device/redu_region_thread.h"
#include "host/redu_bins.h"
#include "host/redu_call.h"
#include "host/redu_error.h"
#include "host/redu_exact.h"
#include "host/redu_plan.h"
#include "host/redu_scratch.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Bytes an iteration is planned to read (a body's reads are unknown: one double). */
enum { REDU__REGION_PLAN_BYTES = 8 };
/* Team memory left to a region kernel's static variables and the device runtime's beside
 * its dynamic team memory (H100, a region with float-sum bins: 16 bytes static), where the
 * bins' team windows take what the driver allows a kernel beyond the region's own. */
enum { REDU__REGION_STATIC_TEAM_MEM = 2 << 10 };

/* A bins reduction's own checks, before anything runs: its array and nbins. */
static redu_status redu__region_bins_check(const redu__region_bins *b, const char *fn)
{
  if (!b->out)
    return redu__fail(REDU_ERR_NULL_ARG, "%s: the bins reduction's array is NULL", fn);
  if ((uintptr_t)b->out % b->align)
    return redu__fail(REDU_ERR_MISALIGNED,
                      "%s: the bins reduction's array is not aligned to its %zu-byte elements", fn,
                      b->align);
  if (b->nbins > REDU__REGION_BINS_MAX || b->nbins > SIZE_MAX / b->size)
    return redu__fail(REDU_ERR_OVERFLOW,
                      "%s: nbins = %zu bins; a region's bins reduction takes at most %zu "
                      "(a negative count converted to size_t?)",
                      fn, b->nbins, REDU__REGION_BINS_MAX);
  return REDU_OK;
}

/* The bins reduction's array on the device, and the iterations' keys and values in a
 * slot of its own (the bins call at the end takes another), its records (host/redu_scratch.h
 * says why they are kept). */
static redu_status redu__region_bins_take(redu__region *R, const char *fn)
{
  const redu__region_bins *b = &R->bins;
  redu_status s = redu__check_device_range(R->call.owner, b->out, b->nbins * b->size,
                                           "the bins reduction's array", fn, NULL);
  if (s != REDU_OK)
    return s;
  if (R->iters > SIZE_MAX / 16 / b->per)
    return redu__fail(REDU_ERR_OVERFLOW, "%s: %zu iterations of %zu bins each overflow", fn,
                      R->iters, b->per);
  size_t n = R->iters * b->per, keys = (n * sizeof(uint32_t) + 255) & ~(size_t)255;
  /* Float sums fold their terms in the region's kernel, without records, where their words
   * fit (H100, 2^27 doubles into 1,024 bins beside a scalar: docs/performance.md). */
  const redu__launch *l = &R->call.launch;
  size_t limit = R->call.owner->team_limit, used = l->team_mem + REDU__REGION_STATIC_TEAM_MEM;
  size_t room = limit > used ? limit - used : 0;
  if (b->prec && ((s = redu__bins_region_open(&R->fbins, fn, R->call.owner, l->teams, l->threads,
                                              b->nbins, b->prec, n, room)) != REDU_OK ||
                  R->fbins.acc))
    return s;
  if (n > (SIZE_MAX / 2 - keys) / b->size ||
      !(R->bins_slot = redu__scratch_acquire(R->call.owner)) ||
      redu__scratch_records(R->call.owner, R->bins_slot, keys + n * b->size) != 0) {
    if (R->bins_slot)
      redu__scratch_release(R->call.owner, R->bins_slot);
    R->bins_slot = NULL;
    return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                      "%s: no device memory for the bins reduction's buffers (%zu records of "
                      "%zu bytes on device %d): a region keeps each iteration's keys and values "
                      "for its bins; run fewer iterations per region",
                      fn, n, sizeof(uint32_t) + b->size, R->call.launch.device);
  }
  if (redu__verbose())
    fprintf(stderr,
            "libredu: %s: a bins reduction into %zu bins, %zu an iteration: %zu records of %zu "
            "bytes, then its bins call\n",
            fn, b->nbins, b->per, n, sizeof(uint32_t) + b->size);
  R->bins_owner = R->call.owner;
  R->bin_keys = R->bins_slot->records;
  R->bin_values = (char *)R->bins_slot->records + keys;
  return REDU_OK;
}

redu__region redu__region_begin(redu_status *st, const char *fn, int device, size_t n,
                                const void *const *ptrs, size_t nptrs, const size_t *sizes,
                                const size_t *aligns, int count, int ordered, int exact,
                                const redu__region_bins *bins, const redu_options *opts)
{
  redu__region R = {.iters = n, .status = st, .bins = {.pair = -1}};
  if (count < 1 || count > REDU_REGION_MAX) {
    *st = redu__fail(REDU_ERR_UNSUPPORTED, "%s: %d reductions; a region carries 1..%d", fn, count,
                     REDU_REGION_MAX);
    return R;
  }
  for (int k = 0; k < count; ++k)
    if (bins[k].pair >= 0)
      R.bins = bins[k];
  if (R.bins.pair >= 0 && (*st = redu__region_bins_check(&R.bins, fn)) != REDU_OK)
    return R;
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
  if (*st == REDU_OK && !R.call.empty && R.bins.pair >= 0 &&
      (*st = redu__region_bins_take(&R, fn)) != REDU_OK && R.call.slot)
    redu__scratch_release(R.call.owner, R.call.slot);
  R.go = *st == REDU_OK && !R.call.empty;
  return R;
}

/* After the loop: the first iteration's mistake (the hidden min reduction), or the float
 * sums' words rounded into the user's array, or the bins call over the iterations' keys and
 * values into it. */
static redu_status redu__region_bins_finish(redu__region *R)
{
  uint64_t mistake;
  memcpy(&mistake, R->host_result + R->off[R->bins.pair], sizeof mistake);
  if (mistake != UINT64_MAX && mistake & 1)
    return redu__fail(REDU_ERR_BAD_KEY,
                      "REDU_FOR: iteration %zu named more bins of its bins reduction than its "
                      "%zu (REDU_BIN with more keys; the fifth of (bins, kind, pointer, nbins, "
                      "per) says how many an iteration may name); the bins and the variables are "
                      "untouched",
                      (size_t)(mistake >> 1), R->bins.per);
  if (mistake != UINT64_MAX)
    return redu__fail(REDU_ERR_BAD_KEY,
                      "REDU_FOR: iteration %zu named a bin not below nbins = %zu (REDU_BIN's "
                      "key); the bins and the variables are untouched",
                      (size_t)(mistake >> 1), R->bins.nbins);
  if (R->fbins.acc) {
    redu__bins_region_close(&R->fbins, R->bins.out, R->bins.nbins, R->bins.prec, 1);
    return REDU_OK;
  }
  return R->bins.fn(R->call.launch.device, R->bin_keys, R->bin_values, R->iters * R->bins.per,
                    R->bins.nbins, R->bins.out,
                    &(const redu_options){.flags = REDU_BINS_ACCUMULATE | REDU_BINS_SKIP_BAD_KEYS});
}

redu_status redu__region_end(redu__region *R)
{
  redu_status s = redu__call_end(&R->call, R->host_result, R->rec);
  if (R->bins_slot || R->fbins.acc) {
    if (s == REDU_OK)
      s = redu__region_bins_finish(R);
    if (R->fbins.acc) /* not rounded: a mistake or a failed launch */
      redu__bins_region_close(&R->fbins, NULL, 0, 0, 0);
    if (R->bins_slot)
      redu__scratch_release(R->bins_owner, R->bins_slot);
    R->bins_slot = NULL;
  }
  return s;
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

#include "host/redu_segmented_scan.h"
#include "device/redu_scan_kernel.h"
#include "host/redu_device.h"
#include "host/redu_error.h"
#include "host/redu_plan.h"
#include "host/redu_scratch.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Teams of the launches that read every offset (the check, the long segments' list): about 4
 * offsets a thread in 256-thread teams. */
static int redu__segscan_offset_teams(size_t nseg)
{
  size_t want = (nseg + 1023) / 1024;
  return want < 4096 ? (int)want : 4096;
}

/* Device offsets of a segmented scan, checked before anything is written (a scan's output
 * is too large to stage): the first k in [1, nseg] with offsets[k] < offsets[k - 1] (0: none),
 * offsets[0] and offsets[nseg], and the longest segment (the kernel skips its pass over long
 * segments when none is: that pass reads every segment's offsets, 124 dependent reads per
 * team for 131,072 segments, 0.3 ms on the H100). One launch, about 4 offsets per thread:
 * each team folds its verdict into the scratch slot's partials, and the last team to arrive
 * folds those into the slot's result, page-locked host memory on GPUs, so that the call
 * waits on the launch alone (a mapped record's copies around it: the H100's offsets call
 * over 10,000 segments 32-33 µs slower than the batched one, 22-25 with this). */
typedef struct redu__scan_verdict {
  size_t bad, first, last, longest;
} redu__scan_verdict;
static redu_status redu__scan_offsets_verdict(redu__device *d, const char *fn,
                                              const size_t *offsets, size_t nseg,
                                              redu__scan_verdict *v)
{
  redu__slot *sl = redu__scratch_acquire(d);
  if (!sl)
    return redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no device memory for scratch on device %d", fn,
                      d->number);
  redu__scan_verdict *parts = sl->partials, *res = sl->result;
  unsigned *counter = sl->counter;
  int teams = redu__segscan_offset_teams(nseg);
#pragma omp target teams device(d->number) num_teams(teams) thread_limit(256)                      \
    is_device_ptr(offsets, parts, res, counter)
#pragma omp parallel num_threads(256)
  {
    size_t tid = (size_t)omp_get_thread_num(), nth = (size_t)omp_get_num_threads();
    size_t team = (size_t)omp_get_team_num(), nteams = (size_t)omp_get_num_teams();
    redu__scan_verdict *mine = parts + team;
    if (tid == 0)
      *mine = (redu__scan_verdict){SIZE_MAX, 0, 0, 0};
#pragma omp barrier
    size_t bad = SIZE_MAX, longest = 0;
    for (size_t k = 1 + team * nth + tid; k <= nseg; k += nteams * nth) {
      if (k == 1)
        mine->first = offsets[0];
      if (k == nseg)
        mine->last = offsets[nseg];
      size_t a = offsets[k - 1], b = offsets[k];
      if (b < a && k < bad)
        bad = k;
      if (b > a && b - a > longest)
        longest = b - a;
    }
    if (bad != SIZE_MAX) {
#pragma omp atomic compare
      mine->bad = bad < mine->bad ? bad : mine->bad;
    }
#pragma omp atomic compare
    mine->longest = longest > mine->longest ? longest : mine->longest;
#pragma omp barrier
    if (tid == 0) {
      unsigned ticket;
      redu__dev_fence_device();
#pragma omp atomic capture
      {
        ticket = *counter;
        *counter += 1;
      }
      if (ticket == nteams - 1) { /* every team's verdict is in */
        redu__dev_fence_device();
        redu__scan_verdict all = {SIZE_MAX, 0, 0, 0};
        for (size_t t = 0; t < nteams; ++t) {
          redu__scan_verdict p = ((volatile redu__scan_verdict *)parts)[t];
          all.bad = p.bad < all.bad ? p.bad : all.bad;
          all.longest = p.longest > all.longest ? p.longest : all.longest;
          all.last = p.last > all.last ? p.last : all.last; /* one team's, the others 0 */
        }
        all.first = ((volatile redu__scan_verdict *)parts)[0].first; /* k = 1: team 0's */
        *res = all;
        *counter = 0;
      }
    }
  }
  *v = *(volatile redu__scan_verdict *)res;
  redu__scratch_release(d, sl);
  return REDU_OK;
}

/* Long segments run one after another, each an array scan with the whole device: a segment
 * is long when it holds at least REDU__SEGSCAN_LONG elements and a share of the section's
 * elements of one per REDU__SEGSCAN_TEAMS_PER_SEGMENT of the plan's teams, so that at most
 * that many segments are. One team per segment leaves the device nearly idle on such a
 * segment: a bins call's sorted path with every key in one bin, 2^27 doubles in one of 256
 * segments, took 705 ms on the H100, one team scanning that segment (docs/scans.md). */
#define REDU__SEGSCAN_TEAMS_PER_SEGMENT 8
#define REDU__SEGSCAN_LONG ((size_t)1 << 18)

/* Host offsets (REDU_INPUT_HOST): checked here as device offsets are on the device, the
 * same positions and messages; [*first, *last) the section they cover. */
static redu_status redu__segscan_host_offsets(const char *fn, const size_t *offsets, size_t nseg,
                                              size_t elem_size, size_t *first, size_t *last,
                                              size_t *longest)
{
  for (size_t k = 1; k <= nseg; ++k) {
    if (offsets[k] < offsets[k - 1])
      return redu__seg_bad(fn, k, nseg, offsets[k - 1], offsets[k], 0);
    if (offsets[k] - offsets[k - 1] > *longest)
      *longest = offsets[k] - offsets[k - 1];
  }
  size_t max = PTRDIFF_MAX / elem_size;
  if (offsets[nseg] > max)
    return redu__seg_bad(fn, nseg, nseg, offsets[nseg - 1], offsets[nseg], max);
  *first = offsets[0], *last = offsets[nseg];
  return REDU_OK;
}

/* Device offsets: present on the device, not decreasing (one launch reads them all), and
 * ending where x and y can still hold elements, and within PTRDIFF_MAX bytes as host offsets
 * are (past it x + offsets[0] is a wild pointer the section's checks cannot refuse: on a CPU
 * device the kernel read it and crashed). */
static redu_status redu__segscan_device_offsets(redu__device *d, const char *fn,
                                                const size_t *offsets, size_t nseg, const void *x,
                                                const void *y, size_t elem_size, size_t *first,
                                                size_t *last, size_t *longest)
{
  size_t xleft, yleft;
  redu_status s;
  if ((s = redu__check_device_range(d, x, elem_size, "x", fn, &xleft)) != REDU_OK ||
      (s = redu__check_device_range(d, y, elem_size, "y", fn, &yleft)) != REDU_OK)
    return s;
  redu__scan_verdict v;
  if ((s = redu__scan_offsets_verdict(d, fn, offsets, nseg, &v)) != REDU_OK)
    return s;
  *first = v.first, *last = v.last, *longest = v.longest;
  if (v.bad != SIZE_MAX) {
    size_t pair[2] = {0, 0};
    omp_target_memcpy(pair, offsets, sizeof pair, 0, (v.bad - 1) * sizeof(size_t),
                      redu__initial_device(), d->number);
    return redu__seg_bad(fn, v.bad, nseg, pair[0], pair[1], 0);
  }
  size_t limit = (xleft < yleft ? xleft : yleft) / elem_size, max = PTRDIFF_MAX / elem_size;
  if (limit > max)
    limit = max;
  if (*last > limit)
    return redu__seg_bad(fn, nseg, nseg, *first, *last, limit);
  return REDU_OK;
}

/* Device offsets' segments of at least lim elements, as [start, end) pairs from base into runs
 * (at most cap of them: offsets that do not decrease hold at most count / lim such segments),
 * and the longest of the others into *rest; returns how many. One launch, as the verdict. */
static size_t redu__segscan_device_runs(int device, const size_t *offsets, size_t nseg, size_t base,
                                        size_t lim, size_t cap, size_t *runs, size_t *rest)
{
  size_t found = 0, other = 0;
  int teams = redu__segscan_offset_teams(nseg);
#pragma omp target teams device(device) num_teams(teams) thread_limit(256) is_device_ptr(offsets)  \
    map(tofrom : found, other) map(from : runs[0 : 2 * cap])
#pragma omp parallel num_threads(256)
  {
    size_t nth = (size_t)omp_get_num_threads(), stride = (size_t)omp_get_num_teams() * nth;
    size_t mine = 0;
    for (size_t k = (size_t)omp_get_team_num() * nth + (size_t)omp_get_thread_num(); k < nseg;
         k += stride) {
      size_t a = offsets[k], b = offsets[k + 1], slot;
      if (b - a < lim) {
        mine = b - a > mine ? b - a : mine;
        continue;
      }
#pragma omp atomic capture
      slot = found++;
      if (slot < cap)
        runs[2 * slot] = a - base, runs[2 * slot + 1] = b - base;
    }
#pragma omp atomic compare
    other = mine > other ? mine : other;
  }
  *rest = other;
  return found < cap ? found : cap;
}

static int redu__segscan_by_start(const void *a, const void *b)
{
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return (x > y) - (x < y);
}

/* The plan's runs (the long segments, in order) and what the one launch keeps: skip and the
 * longest segment below it (longest: the longest segment of all). Without host memory for
 * the runs, every segment stays in the one launch, which is correct too. */
static void redu__segscan_plan_runs(redu__segscan_call *c, int on_host, size_t longest)
{
  redu__segscan_plan *p = &c->plan;
  size_t share = (size_t)c->scan.launch.teams / REDU__SEGSCAN_TEAMS_PER_SEGMENT;
  size_t lim = share > 1 ? c->count / share : c->count;
  lim = lim > REDU__SEGSCAN_LONG ? lim : REDU__SEGSCAN_LONG;
  p->skip = SIZE_MAX, p->longest = longest, p->runs = NULL, p->nruns = 0;
  size_t cap = share > 1 ? share : 1;
  if (longest < lim || !(p->runs = malloc(2 * cap * sizeof *p->runs)))
    return;
  size_t rest = 0;
  if (!p->offsets) /* batched: every segment is long */
    for (size_t g = 0; g < p->nseg && g < cap; ++g)
      p->runs[2 * g] = g * p->len, p->runs[2 * g + 1] = (g + 1) * p->len, p->nruns = g + 1;
  else if (on_host)
    for (size_t g = 0; g < p->nseg; ++g) {
      size_t a = p->offsets[g] - p->base, b = p->offsets[g + 1] - p->base;
      if (b - a >= lim && p->nruns < cap)
        p->runs[2 * p->nruns] = a, p->runs[2 * p->nruns + 1] = b, p->nruns++;
      else if (b - a > rest)
        rest = b - a;
    }
  else
    p->nruns = redu__segscan_device_runs(c->scan.launch.device, p->offsets, p->nseg, p->base, lim,
                                         cap, p->runs, &rest);
  qsort(p->runs, p->nruns, 2 * sizeof *p->runs, redu__segscan_by_start);
  p->skip = rest ? lim : 0, p->longest = rest;
}

void redu__segscan_abandon(redu__segscan_call *c)
{
  c->scan.y_host = NULL;
  redu__segscan_end(c);
}

redu_status redu__segscan_begin(redu__segscan_call *c, const char *fn, size_t elem_size,
                                size_t elem_align, size_t acc_size, size_t acc_align, int builtin,
                                int batched, int device, const void *x, void *y,
                                const size_t *offsets, size_t len, size_t nseg,
                                const redu_options *opts)
{
  *c = (redu__segscan_call){.plan = {.len = len, .nseg = nseg}};
  /* No segments: the options judged as any scan's, nothing else read. */
  if (nseg == 0)
    return redu__scan_begin(&c->scan, fn, elem_size, elem_align, acc_size, acc_align, builtin,
                            device, x, y, 0, opts);
  const redu__call_shape sh = {.fn = fn,
                               .elem_size = elem_size,
                               .elem_align = elem_align,
                               .acc_size = acc_size,
                               .acc_align = acc_align,
                               .builtin = builtin,
                               .scan = 1};
  redu__device *d;
  int empty;
  redu_status s = redu__call_open(&sh, device, nseg, 0, opts, &d, &empty);
  if (s != REDU_OK)
    return s;
  if (nseg > PTRDIFF_MAX / sizeof(size_t) - 1)
    return redu__fail(REDU_ERR_OVERFLOW, "%s: nsegments = %zu: its %s exceed the address space", fn,
                      nseg, batched ? "segments" : "offsets");
  if (!x || !y || (!batched && !offsets))
    return redu__fail(REDU_ERR_NULL_ARG, "%s: %s is NULL with nsegments = %zu", fn,
                      !x   ? "x"
                      : !y ? "y"
                           : "offsets",
                      nseg);
  int on_host = opts && (opts->flags & REDU_INPUT_HOST) && !d->is_initial;
  size_t first = 0, last = 0, longest = len, left;
  /* The offsets as the segmented reductions check them (aligned, device memory unless host). */
  if (!batched && (s = redu__seg_check_ptr(d, fn, "offsets", offsets, (nseg + 1) * sizeof(size_t),
                                           _Alignof(size_t), on_host, &left)) != REDU_OK)
    return s;
  if (batched) {
    if (len && nseg > PTRDIFF_MAX / elem_size / len)
      return redu__fail(REDU_ERR_OVERFLOW,
                        "%s: %zu segments of %zu elements of %zu bytes exceed the address space",
                        fn, nseg, len, elem_size);
    last = nseg * len;
  } else if ((s = on_host ? redu__segscan_host_offsets(fn, offsets, nseg, elem_size, &first, &last,
                                                       &longest)
                          : redu__segscan_device_offsets(d, fn, offsets, nseg, x, y, elem_size,
                                                         &first, &last, &longest)) != REDU_OK)
    return s;
  /* The section the segments cover, as an array scan's x and y (alignment, overlap, device
   * memory, host arrays staged and y copied back). */
  s = redu__scan_open(&c->scan, fn, elem_size, elem_align, acc_size, acc_align, builtin, 0, device,
                      (const char *)x + first * elem_size, (char *)y + first * elem_size,
                      last - first, last - first > nseg ? last - first : nseg, opts);
  if (s != REDU_OK || c->scan.empty)
    return s;
  c->count = last - first;
  c->plan = (redu__segscan_plan){
      .offsets = batched ? NULL : offsets, .base = first, .len = len, .nseg = nseg};
  redu__segscan_plan_runs(c, on_host, longest);
  if (!batched && on_host && c->plan.skip) {
    size_t bytes = (nseg + 1) * sizeof(size_t);
    if (!(c->owned = omp_target_alloc(bytes, d->number))) {
      redu__segscan_abandon(c);
      return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                        "%s: no device memory for the %zu offsets on device %d", fn, nseg + 1,
                        d->number);
    }
    omp_target_memcpy(c->owned, offsets, bytes, 0, 0, d->number, redu__initial_device());
    c->plan.offsets = c->owned;
  }
  if (redu__verbose())
    fprintf(stderr,
            "libredu: %s: device %d (%s): %zu segments over %zu elements -> %zu long one after "
            "another, each an array scan; %s: %d teams x %d threads\n",
            fn, d->number, d->name, nseg, last - first, c->plan.nruns,
            c->plan.skip ? "the others one warp or team each (reduce-then-scan's tiles)"
                         : "no others",
            c->scan.launch.teams, c->scan.launch.threads);
  return REDU_OK;
}

redu_status redu__segscan_end(redu__segscan_call *c)
{
  if (c->owned)
    omp_target_free(c->owned, c->scan.launch.device);
  free(c->plan.runs);
  c->owned = NULL, c->plan.runs = NULL;
  return c->scan.empty ? REDU_OK : redu__scan_end(&c->scan);
}

#include "host/redu_segmented_scan.h"
#include "device/redu_scan_kernel.h"
#include "host/redu_device.h"
#include "host/redu_error.h"
#include "host/redu_plan.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Device offsets of a segmented scan, checked before anything is written (a scan's output
 * is too large to stage): the first k in [1, nseg] with offsets[k] < offsets[k - 1] (0: none),
 * offsets[0] and offsets[nseg], and the longest segment (the kernel skips its pass over long
 * segments when none is: that pass reads every segment's offsets, 124 dependent reads per
 * team for 131,072 segments, 0.3 ms on the H100). One launch, about 4 offsets per thread,
 * one mapped record. */
typedef struct redu__scan_verdict {
  size_t bad, first, last, longest;
} redu__scan_verdict;
static redu__scan_verdict redu__scan_offsets_verdict(int device, const size_t *offsets, size_t nseg)
{
  redu__scan_verdict v = {SIZE_MAX, 0, 0, 0};
  size_t want = (nseg + 1023) / 1024;
  int teams = want < 4096 ? (int)want : 4096;
#pragma omp target teams device(device) num_teams(teams) thread_limit(256) is_device_ptr(offsets)  \
    map(tofrom : v)
#pragma omp parallel num_threads(256)
  {
    size_t nth = (size_t)omp_get_num_threads();
    size_t stride = (size_t)omp_get_num_teams() * nth, bad = SIZE_MAX, longest = 0;
    for (size_t k = 1 + (size_t)omp_get_team_num() * nth + (size_t)omp_get_thread_num(); k <= nseg;
         k += stride) {
      if (k == 1)
        v.first = offsets[0];
      if (k == nseg)
        v.last = offsets[nseg];
      size_t a = offsets[k - 1], b = offsets[k];
      if (b < a && k < bad)
        bad = k;
      if (b > a && b - a > longest)
        longest = b - a;
    }
    if (bad != SIZE_MAX) {
#pragma omp atomic compare
      v.bad = bad < v.bad ? bad : v.bad;
    }
#pragma omp atomic compare
    v.longest = longest > v.longest ? longest : v.longest;
  }
  return v;
}

/* Few long segments run one after another, each an array scan with the whole device: at most
 * one segment per this many of the plan's teams, and at least REDU__SEGSCAN_LONG elements
 * per segment on average. One team per segment would leave the device nearly idle there. */
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
static redu_status redu__segscan_device_offsets(const redu__device *d, const char *fn,
                                                const size_t *offsets, size_t nseg, const void *x,
                                                const void *y, size_t elem_size, size_t *first,
                                                size_t *last, size_t *longest)
{
  size_t xleft, yleft;
  redu_status s;
  if ((s = redu__check_device_range(d, x, elem_size, "x", fn, &xleft)) != REDU_OK ||
      (s = redu__check_device_range(d, y, elem_size, "y", fn, &yleft)) != REDU_OK)
    return s;
  redu__scan_verdict v = redu__scan_offsets_verdict(d->number, offsets, nseg);
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

/* The offsets of few long segments, from the section's start, on the host; NULL when the
 * segments take one team each (or memory runs out: that way is correct too). */
static size_t *redu__segscan_one_by_one(const redu__segscan_call *c, const size_t *offsets,
                                        int on_host, size_t first, size_t last)
{
  size_t nseg = c->nseg;
  if (nseg * REDU__SEGSCAN_TEAMS_PER_SEGMENT > (size_t)c->scan.launch.teams ||
      (last - first) / nseg < REDU__SEGSCAN_LONG)
    return NULL;
  size_t *o = malloc((nseg + 1) * sizeof *o);
  if (!o)
    return NULL;
  if (!offsets)
    for (size_t g = 0; g <= nseg; ++g)
      o[g] = g * c->len;
  else if (on_host || c->scan.launch.device == redu__initial_device())
    memcpy(o, offsets, (nseg + 1) * sizeof *o);
  else
    omp_target_memcpy(o, offsets, (nseg + 1) * sizeof *o, 0, 0, redu__initial_device(),
                      c->scan.launch.device);
  if (offsets)
    for (size_t g = 0; g <= nseg; ++g)
      o[g] -= first;
  return o;
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
  *c = (redu__segscan_call){.len = len, .nseg = nseg};
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
  c->base = first;
  c->count = last - first;
  c->longest = longest;
  c->offsets = batched ? NULL : offsets;
  c->one_by_one = redu__segscan_one_by_one(c, offsets, on_host, first, last);
  if (!batched && on_host && !c->one_by_one) {
    size_t bytes = (nseg + 1) * sizeof(size_t);
    if (!(c->owned = omp_target_alloc(bytes, d->number))) {
      redu__segscan_abandon(c);
      return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                        "%s: no device memory for the %zu offsets on device %d", fn, nseg + 1,
                        d->number);
    }
    omp_target_memcpy(c->owned, offsets, bytes, 0, 0, d->number, redu__initial_device());
    c->offsets = c->owned;
  }
  if (redu__verbose())
    fprintf(stderr,
            "libredu: %s: device %d (%s): %zu segments over %zu elements -> %s: %d teams x %d "
            "threads\n",
            fn, d->number, d->name, nseg, last - first,
            c->one_by_one ? "one after another, each an array scan"
                          : "one team per segment (reduce-then-scan's tiles)",
            c->scan.launch.teams, c->scan.launch.threads);
  return REDU_OK;
}

redu_status redu__segscan_end(redu__segscan_call *c)
{
  if (c->owned)
    omp_target_free(c->owned, c->scan.launch.device);
  free(c->one_by_one);
  c->owned = NULL, c->one_by_one = NULL;
  return c->scan.empty ? REDU_OK : redu__scan_end(&c->scan);
}

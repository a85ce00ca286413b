/* The host half of segmented and batched calls (device/redu_segmented_kernel.h): argument
 * checks, the plan, scratch, and the kernel's verdict on device-resident offsets. */
#include "host/redu_call.h"

#include "host/redu_device.h"
#include "host/redu_error.h"
#include "host/redu_host_arrays.h"
#include "host/redu_plan.h"
#include "host/redu_scratch.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Where the host knows the offsets' ends: the section of x a host array is copied from,
 * and the element count the plan is made for. */
typedef struct redu__seg_extent {
  int known;
  size_t first, total;
} redu__seg_extent;

/* The most elements of `size` bytes an array may hold on any target: PTRDIFF_MAX bytes
 * (no C object is larger). Offsets and the kernel's limit stay below it, which keeps every
 * index sum in the kernel from wrapping (device/redu_segmented_kernel.h). */
static size_t redu__seg_max_elems(size_t size) { return (size_t)PTRDIFF_MAX / size; }

redu_status redu__seg_bad(const char *fn, size_t k, size_t nseg, size_t before, size_t at,
                          size_t limit)
{
  if (k == nseg && at > limit && !(k > 0 && at < before))
    return redu__fail(REDU_ERR_BAD_OFFSETS,
                      "%s: offsets[%zu] = %zu runs past x's allocation (at most %zu elements "
                      "from x); the last offset is the end of the last segment",
                      fn, k, at, limit);
  return redu__fail(REDU_ERR_BAD_OFFSETS,
                    "%s: offsets[%zu] = %zu is less than offsets[%zu] = %zu: offsets must not "
                    "decrease (segment %zu would end before it starts)",
                    fn, k, at, k - 1, before, k - 1);
}

/* Host-array offsets: checked here, before anything is mapped, as the kernel checks
 * device offsets (the same positions, order and messages): the first decrease, else
 * offsets[nseg] past what an array of these elements can hold. */
static redu_status redu__seg_check_host(const char *fn, const size_t *offsets, size_t nseg,
                                        size_t elem_size, redu__seg_extent *ext)
{
  for (size_t k = 1; k <= nseg; ++k)
    if (offsets[k] < offsets[k - 1])
      return redu__seg_bad(fn, k, nseg, offsets[k - 1], offsets[k], 0);
  size_t max = redu__seg_max_elems(elem_size);
  if (offsets[nseg] > max)
    return redu__seg_bad(fn, nseg, nseg, offsets[nseg - 1], offsets[nseg], max);
  *ext = (redu__seg_extent){1, offsets[0], offsets[nseg] - offsets[0]};
  return REDU_OK;
}

redu_status redu__seg_check_ptr(const redu__device *d, const char *fn, const char *what,
                                const void *p, size_t bytes, size_t align, int on_host,
                                size_t *left)
{
  if (!p)
    return redu__fail(REDU_ERR_NULL_ARG, "%s: %s is NULL", fn, what);
  if ((uintptr_t)p > UINTPTR_MAX - bytes)
    return redu__fail(REDU_ERR_OVERFLOW, "%s: %zu bytes of %s from %p exceed the address space", fn,
                      bytes, what, p);
  if (align > 1 && (uintptr_t)p % align)
    return redu__fail(REDU_ERR_MISALIGNED,
                      "%s: %s = %p is not aligned to its %zu-byte element type; pass the start of "
                      "an array of that type",
                      fn, what, p, align);
  return on_host ? (*left = UINTPTR_MAX - (uintptr_t)p, REDU_OK)
                 : redu__check_device_range(d, p, bytes, what, fn, left);
}

/* A host array's section is mapped (copied) to the device whole: refused here when no
 * device memory could hold it, before libomptarget is asked (which ends the process when a
 * mapping fails). */
static redu_status redu__seg_check_mappable(const redu__device *d, const redu__call_shape *sh,
                                            const redu__seg_extent *ext)
{
  size_t bytes = ext->total * sh->elem_size; /* <= PTRDIFF_MAX: checked before */
  if (!d->mem_bytes || bytes <= d->mem_bytes)
    return REDU_OK;
  return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                    "%s: with REDU_INPUT_HOST the section of x the %s span, %zu bytes from "
                    "element %zu, is more than device %d's %zu bytes of memory and cannot be "
                    "mapped; check the %s, or reduce it in parts",
                    sh->fn, sh->batched ? "segments" : "offsets", bytes, ext->first, d->number,
                    d->mem_bytes, sh->batched ? "segment length" : "offsets");
}

/* Every argument of a segmented or batched call, built-in or declared (one path, one
 * order): nsegments against the address space; offsets, results and indices present,
 * aligned, inside the address space and, on NVIDIA without REDU_INPUT_HOST, memory of
 * the device; host offsets in order and inside what x can hold; a batched extent likewise;
 * a host section mappable; then x. Sets *limit to the elements offsets[nseg] may reach
 * (x's allocation on NVIDIA, else what the address space allows, at most
 * redu__seg_max_elems) and *ext where the host knows the extent. */
static redu_status redu__seg_check_arrays(const redu__device *d, const redu__call_shape *sh,
                                          const void *x, const size_t *offsets, size_t seg_len,
                                          size_t nseg, const void *values, const size_t *indices,
                                          int on_host, size_t *limit, redu__seg_extent *ext)
{
  const char *fn = sh->fn;
  size_t left, max = redu__seg_max_elems(sh->elem_size);
  /* offsets (nseg + 1), results, indices: arrays of at most PTRDIFF_MAX bytes. */
  if (nseg >= redu__seg_max_elems(sizeof(size_t)) || nseg > redu__seg_max_elems(sh->out_size) ||
      (sh->batched && seg_len && nseg > max / seg_len))
    return redu__fail(REDU_ERR_OVERFLOW,
                      "%s: %zu segments%s do not fit in the address space: check nsegments", fn,
                      nseg, sh->batched ? " of that length" : "");
  redu_status s = REDU_OK;
  if (!sh->batched)
    s = redu__seg_check_ptr(d, fn, "offsets", offsets, (nseg + 1) * sizeof(size_t),
                            _Alignof(size_t), on_host, &left);
  if (s == REDU_OK)
    s = redu__seg_check_ptr(d, fn, "results", values, nseg * sh->out_size, sh->out_align, on_host,
                            &left);
  if (s == REDU_OK && sh->arg)
    s = redu__seg_check_ptr(d, fn, "indices", indices, nseg * sizeof(size_t), _Alignof(size_t),
                            on_host, &left);
  if (s != REDU_OK)
    return s;
  if (sh->batched)
    *ext = (redu__seg_extent){1, 0, seg_len * nseg};
  else if (on_host && (s = redu__seg_check_host(fn, offsets, nseg, sh->elem_size, ext)) != REDU_OK)
    return s;
  if (on_host && (s = redu__seg_check_mappable(d, sh, ext)) != REDU_OK)
    return s;
  /* x: its whole extent when known (at most max elements, so no product wraps), else its
   * first element, and the rest is the kernel's check of offsets[nseg] against *limit. */
  size_t xbytes = ext->known ? (ext->first + ext->total) * sh->elem_size : sh->elem_size;
  if ((s = redu__seg_check_ptr(d, fn, "x", x, xbytes, sh->elem_align, on_host, &left)) != REDU_OK)
    return s;
  *limit = on_host ? ext->first + ext->total : left / sh->elem_size;
  *limit = *limit < max ? *limit : max;
  return REDU_OK;
}

static void redu__seg_verbose(const redu__seg_call *c, const redu__device *d, const redu__plan *p,
                              const redu__seg_extent *ext)
{
  if (!redu__verbose())
    return;
  char total[48] = "unknown on the host", reason[160];
  redu__plan_reason(d, p, reason, sizeof reason);
  if (ext->known)
    snprintf(total, sizeof total, "%zu", ext->total);
  fprintf(stderr,
          "libredu: %s: device %d (%s): %zu segments, %s elements -> %d teams x %d threads [%s]; "
          "elements split evenly over the teams; per segment: <= %d elements one thread, <= %d "
          "one warp, longer the team; %s\n",
          c->fn, d->number, d->name, c->launch.nseg, total, p->teams, p->threads, reason,
          REDU__SEG_THREAD_MAX, REDU__SEG_WARP_MAX * p->threads,
          c->launch.offsets ? "offsets checked on the device" : "fixed-length segments");
}

static redu_status redu__seg_scratch(redu__seg_call *c, redu__device *d, const redu__call_shape *sh,
                                     const redu__plan *p, size_t nseg)
{
  size_t team_bytes = redu__team_scratch_bytes(p->team_slots, sh->acc_size) + REDU__SEG_TEAM_EXTRA;
  if (nseg > SIZE_MAX / sh->acc_size) /* no device holds them; the product would wrap */
    return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                      "%s: %zu segments' accumulators of %zu bytes exceed any device's memory; "
                      "reduce fewer segments per call",
                      sh->fn, nseg, sh->acc_size);
  if (!(c->slot = redu__scratch_acquire(d)))
    return redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no device memory for scratch on device %d",
                      sh->fn, d->number);
  if ((p->spill_bytes && redu__scratch_spill(d, c->slot, (size_t)p->teams * team_bytes) != 0) ||
      redu__scratch_accs(d, c->slot, nseg * sh->acc_size) != 0) {
    redu__scratch_release(d, c->slot);
    return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                      "%s: no device memory for %zu segments' accumulators (%zu bytes) on "
                      "device %d; reduce fewer segments per call",
                      sh->fn, nseg, nseg * sh->acc_size, d->number);
  }
  c->owner = d;
  c->launch.base.partials = c->slot->partials;
  c->launch.base.counter = c->slot->counter;
  c->launch.base.result = c->slot->result;
  c->launch.base.team_spill = p->spill_bytes ? c->slot->spill : NULL;
  c->launch.accs = c->slot->accs;
  return REDU_OK;
}

/* REDU_INPUT_HOST on a device other than the host: x's section [first, first + total)
 * (offsets checked on the host already), the offsets and the outputs on the device
 * (host/redu_host_arrays.h); redu__seg_call_end copies the results back. */
static redu_status redu__seg_host_arrays(redu__seg_call *c, redu__device *d,
                                         const redu__call_shape *sh, const redu__seg_extent *ext)
{
  redu__seg_launch *L = &c->launch;
  redu__host_array a[REDU__HOST_ARRAYS_MAX] = {
      {.host = (const char *)c->x_dev + ext->first * sh->elem_size,
       .bytes = ext->total * sh->elem_size},
      {.host = L->offsets, .bytes = L->offsets ? (L->nseg + 1) * sizeof(size_t) : 0},
      {.host = L->values, .bytes = L->nseg * sh->out_size, .out = 1},
      {.host = L->indices, .bytes = L->indices ? L->nseg * sizeof(size_t) : 0, .out = 1}};
  redu_status s = redu__host_arrays_in(d, c->slot, a, REDU__HOST_ARRAYS_MAX, sh->fn);
  if (s != REDU_OK) {
    redu__scratch_release(d, c->slot);
    return s;
  }
  c->host_values = L->values, c->host_indices = L->indices;
  c->values_bytes = a[2].bytes;
  /* The kernel indexes x from its start, so x's address is the section's, moved back. */
  c->x_dev = (const void *)((uintptr_t)a[0].dev - ext->first * sh->elem_size);
  L->offsets = a[1].dev;
  L->values = (void *)a[2].dev;
  L->indices = (size_t *)a[3].dev;
  return REDU_OK;
}

redu_status redu__seg_call_begin(redu__seg_call *c, const redu__call_shape *sh, int device,
                                 const void *x, const size_t *offsets, size_t seg_len, size_t nseg,
                                 void *values, size_t *indices, const redu_options *opts)
{
  *c = (redu__seg_call){.fn = sh->fn};
  redu__device *d;
  redu_status s = redu__call_open(sh, device, nseg, 0, opts, &d, &c->empty);
  if (s != REDU_OK || c->empty)
    return s;
  int on_host = opts && (opts->flags & REDU_INPUT_HOST) && !d->is_initial;
  size_t limit = 0;
  redu__seg_extent ext = {0, 0, 0};
  if ((s = redu__seg_check_arrays(d, sh, x, offsets, seg_len, nseg, values, indices, on_host,
                                  &limit, &ext)) != REDU_OK)
    return s;
  /* Offsets on the device: plan a full grid (the element count is the kernel's to read). */
  size_t n_plan = ext.known ? (ext.total ? ext.total : 1) : SIZE_MAX / 2 / sh->elem_size;
  redu__plan p;
  if ((s = redu__plan_make(d, n_plan, sh, opts, &p)) != REDU_OK)
    return s;
  c->launch = (redu__seg_launch){
      .base = {.device = d->number,
               .teams = p.teams,
               .threads = p.threads,
               .tree = p.tree,
               .team_slots = p.team_slots,
               .team_mem = p.team_mem},
      .offsets = sh->batched ? NULL : offsets,
      .seg_len = seg_len,
      .nseg = nseg,
      .limit = limit,
      .values = values,
      .indices = sh->arg ? indices : NULL,
  };
  c->x_dev = x;
  if ((s = redu__seg_scratch(c, d, sh, &p, nseg)) != REDU_OK ||
      (on_host && (s = redu__seg_host_arrays(c, d, sh, &ext)) != REDU_OK))
    return s;
  redu__seg_verbose(c, d, &p, &ext);
  return REDU_OK;
}

/* The first bad offset the kernel reported (device-resident offsets: host arrays are
 * checked before the launch), with the two offsets that disagree fetched from the device. */
static redu_status redu__seg_bad_on_device(const redu__seg_call *c, size_t bad)
{
  size_t pair[2] = {0, 0};
  int dev = c->launch.base.device;
  if (bad > c->launch.nseg ||
      omp_target_memcpy(pair, c->launch.offsets, sizeof pair, 0, (bad - 1) * sizeof(size_t),
                        redu__initial_device(), dev) != 0)
    return redu__fail(REDU_ERR_DEVICE,
                      "%s: the kernel reported bad offset position %zu, which "
                      "could not be read back from device %d",
                      c->fn, bad, dev);
  return redu__seg_bad(c->fn, bad, c->launch.nseg, pair[0], pair[1], c->launch.limit);
}

redu_status redu__seg_call_end(redu__seg_call *c)
{
  size_t bad = *(const size_t *)c->launch.base.result;
  int dev = c->launch.base.device;
  redu_status s = REDU_OK;
  if (bad != REDU__SEG_ALL_GOOD)
    s = redu__seg_bad_on_device(c, bad);
  else if (c->host_values &&
           (s = redu__host_copy_back(dev, c->host_values, c->launch.values, c->values_bytes,
                                     c->fn)) == REDU_OK &&
           c->host_indices)
    s = redu__host_copy_back(dev, c->host_indices, c->launch.indices,
                             c->launch.nseg * sizeof(size_t), c->fn);
  /* After the copies: the staged results lie in the slot. */
  redu__scratch_release(c->owner, c->slot);
  return s;
}

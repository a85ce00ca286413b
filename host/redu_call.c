#include "host/redu_call.h"

#include "device/redu_reducers.h"
#include "device/redu_team_scratch.h"
#include "host/redu_cuda.h"
#include "host/redu_device.h"
#include "host/redu_error.h"
#include "host/redu_host_arrays.h"
#include "host/redu_plan.h"
#include "host/redu_scratch.h"
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int redu__verbose_flag;
static pthread_once_t redu__verbose_once = PTHREAD_ONCE_INIT;

static void redu__verbose_read(void)
{
  const char *s = getenv("REDU_VERBOSE");
  redu__verbose_flag = s && *s && *s != '0';
}

/* Read once, race-free: the first calls may come from many threads at once. */
int redu__verbose(void)
{
  pthread_once(&redu__verbose_once, redu__verbose_read);
  return redu__verbose_flag;
}

static void redu__plan_text(const redu__device *d, size_t n, const redu__call_shape *sh,
                            const redu__plan *p, char *buf, size_t len)
{
  char reason[160];
  redu__plan_reason(d, p, reason, sizeof reason);
  snprintf(buf, len,
           "device %d (%s; %s): n=%zu -> %d teams x %d threads [%s]; team combine: %s, "
           "%zu B of scratch per team in %s",
           d->number, d->name, d->where, n, p->teams, p->threads, reason,
           p->tree ? "tree through scratch" : "warp shuffles",
           redu__team_scratch_bytes(p->team_slots, sh->acc_size),
           p->team_mem ? "dynamic team memory" : "device memory");
}

/* x must be readable by the device over n elements: on NVIDIA the driver knows every
 * allocation; CPU devices read host memory, where nothing can be checked (*left is then
 * what the address space leaves). left may be NULL. */
redu_status redu__check_device_range(const redu__device *d, const void *p, size_t bytes,
                                     const char *what, const char *fn, size_t *left)
{
  char why[160];
  size_t rest = UINTPTR_MAX - (uintptr_t)p;
  if (d->arch == REDU__ARCH_NVPTX &&
      redu__cuda_range_left(d->number, p, bytes, &rest, why, sizeof why))
    return redu__fail(REDU_ERR_NOT_DEVICE_PTR,
                      "%s: %s is not usable on device %d: %s. Pass memory from "
                      "omp_target_alloc(..., %d)%s",
                      fn, what, d->number, why, d->number,
                      what[0] == 'd'   ? ", or map host arrays with REDU_FOR_CLAUSES"
                      : what[0] == 's' ? ""
                                       : ", or host arrays with REDU_INPUT_HOST");
  if (left)
    *left = rest;
  return REDU_OK;
}

/* Where a call's device scratch lies inside one buffer (a user's scratchpad): offsets in
 * bytes, each part 256-byte aligned relative to the start. */
typedef struct redu__pad_layout {
  size_t counter, result, spill, total;
} redu__pad_layout;

static size_t redu__round256(size_t a) { return (a + 255) & ~(size_t)255; }

static redu__pad_layout redu__pad_layout_of(const redu__plan *p, size_t acc_size)
{
  redu__pad_layout l;
  l.counter = redu__round256((size_t)p->pad_teams * acc_size);
  l.result = l.counter + 256;
  l.spill = l.result + redu__round256(acc_size);
  l.total = l.spill + p->pad_spill_bytes;
  return l;
}

/* The least scratchpad bytes a call accepts: exactly what redu_scratch_query reports for it.
 * Exact calls are sized as the query sizes them, for the largest exact record
 * (REDU_EXACT_ACC_BYTES): one answer then serves every exact call (sums and dots, f32 and
 * f64), and is the least size of each rather than an over-estimate for the smaller records. */
static size_t redu__pad_least(const redu__device *d, size_t n, const redu__call_shape *sh,
                              const redu__plan *p, const redu_options *opts)
{
  if (!sh->exact)
    return redu__pad_layout_of(p, sh->acc_size).total;
  redu__call_shape q = *sh;
  q.acc_size = REDU_EXACT_ACC_BYTES;
  redu__plan qp;
  return redu__plan_make(d, n, &q, opts, &qp) == REDU_OK
             ? redu__pad_layout_of(&qp, REDU_EXACT_ACC_BYTES).total
             : SIZE_MAX;
}

static redu_status redu__use_scratchpad(redu__call *c, const redu__device *d,
                                        const redu__call_shape *sh, size_t n, const redu__plan *p,
                                        const redu_options *opts)
{
  redu__pad_layout l = redu__pad_layout_of(p, sh->acc_size);
  size_t least = redu__pad_least(d, n, sh, p, opts);
  char *pad = opts->scratchpad;
  /* Accumulators (up to 16-byte aligned), the counter and the teams' flags lie at
   * multiples of 16 from the start. */
  if ((uintptr_t)pad % REDU_SCRATCHPAD_ALIGN)
    return redu__fail(REDU_ERR_MISALIGNED,
                      "%s: the scratchpad at %p is not aligned to %d bytes; pass memory from "
                      "omp_target_alloc",
                      sh->fn, (void *)pad, REDU_SCRATCHPAD_ALIGN);
  if (opts->scratchpad_bytes < least)
    return redu__fail(REDU_ERR_SCRATCH_TOO_SMALL,
                      "%s: the scratchpad holds %zu bytes but this call (%d teams x %d threads, "
                      "%zu-byte accumulator) needs %zu; size it with redu_scratch_query",
                      sh->fn, opts->scratchpad_bytes, p->teams, p->threads,
                      sh->exact ? (size_t)REDU_EXACT_ACC_BYTES : sh->acc_size, least);
  redu_status s = redu__check_device_range(d, pad, l.total, "the scratchpad", sh->fn, NULL);
  if (s != REDU_OK)
    return s;
  unsigned zero = 0;
  if (omp_target_memcpy(pad + l.counter, &zero, sizeof zero, 0, 0, d->number,
                        redu__initial_device()) != 0)
    return redu__fail(REDU_ERR_DEVICE,
                      "%s: could not clear the scratchpad's counter on "
                      "device %d",
                      sh->fn, d->number);
  c->launch.partials = pad;
  c->launch.counter = (unsigned *)(pad + l.counter);
  c->launch.result = pad + l.result;
  c->launch.team_spill = p->spill_bytes ? pad + l.spill : NULL;
  c->result_on_device = 1;
  return REDU_OK;
}

static redu_status redu__use_cache(redu__call *c, redu__device *d, const redu__call_shape *sh,
                                   const redu__plan *p)
{
  if (!(c->slot = redu__scratch_acquire(d)))
    return redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no device memory for scratch on device %d",
                      sh->fn, d->number);
  if (p->spill_bytes && redu__scratch_spill(d, c->slot, p->spill_bytes) != 0) {
    redu__scratch_release(d, c->slot);
    return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                      "%s: no device memory for %zu bytes of team scratch on device %d; pass "
                      "fewer teams or threads in redu_options",
                      sh->fn, p->spill_bytes, d->number);
  }
  c->launch.partials = c->slot->partials;
  c->launch.counter = c->slot->counter;
  c->launch.result = c->slot->result;
  c->launch.team_spill = p->spill_bytes ? c->slot->spill : NULL;
  return REDU_OK;
}

/* REDU_INPUT_HOST on a device other than the host: c->x_dev and c->y_dev become the inputs'
 * device addresses (host/redu_host_arrays.h). Copies lie in the slot's staging buffer; a
 * call with a scratchpad, which has no slot, takes one for them (libredu's scratch: the
 * scratchpad is sized for the kernel's scratch, not for copies of its inputs). */
static redu_status redu__host_inputs(redu__call *c, redu__device *d, const redu__call_shape *sh,
                                     size_t n)
{
  redu__host_array a[2] = {{.host = c->x_dev, .bytes = n * sh->elem_size},
                           {.host = c->y_dev, .bytes = c->y_dev ? n * sh->elem_size : 0}};
  if (!c->slot && !(c->slot = redu__scratch_acquire(d)))
    return redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no device memory for scratch on device %d",
                      sh->fn, d->number);
  redu_status s = redu__host_arrays_in(d, c->slot, a, 2, sh->fn);
  if (s != REDU_OK) {
    redu__scratch_release(d, c->slot);
    c->slot = NULL;
    return s;
  }
  c->x_dev = a[0].dev, c->y_dev = a[1].dev;
  return REDU_OK;
}

static redu_status redu__check_array_input(const redu__device *d, const redu__call_shape *sh,
                                           const void *x, size_t n, int on_host)
{
  if (!x)
    return redu__fail(REDU_ERR_NULL_ARG, "%s: x is NULL with n = %zu", sh->fn, n);
  if (n > SIZE_MAX / sh->elem_size || (uintptr_t)x > UINTPTR_MAX - n * sh->elem_size)
    return redu__fail(REDU_ERR_OVERFLOW,
                      "%s: n = %zu elements of %zu bytes starting at %p exceed the address space",
                      sh->fn, n, sh->elem_size, x);
  /* The same test on every target: a GPU faults on a misaligned load ("misaligned
   * address", fatal to the process), a CPU would read it silently. */
  if (sh->elem_align > 1 && (uintptr_t)x % sh->elem_align)
    return redu__fail(REDU_ERR_MISALIGNED,
                      "%s: x = %p is not aligned to its %zu-byte element type (%zu bytes past a "
                      "multiple of %zu); pass the start of an array of that type",
                      sh->fn, x, sh->elem_size, (size_t)((uintptr_t)x % sh->elem_align),
                      sh->elem_align);
  if (sh->dot && !sh->y)
    return redu__fail(REDU_ERR_NULL_ARG, "%s: y is NULL with n = %zu", sh->fn, n);
  if (sh->y && (uintptr_t)sh->y > UINTPTR_MAX - n * sh->elem_size)
    return redu__fail(REDU_ERR_OVERFLOW,
                      "%s: n = %zu elements of %zu bytes starting at y = %p exceed the address "
                      "space",
                      sh->fn, n, sh->elem_size, sh->y);
  if (sh->y && sh->elem_align > 1 && (uintptr_t)sh->y % sh->elem_align)
    return redu__fail(REDU_ERR_MISALIGNED,
                      "%s: y = %p is not aligned to its %zu-byte element type; pass the start of "
                      "an array of that type",
                      sh->fn, sh->y, sh->elem_size);
  redu_status s =
      on_host ? REDU_OK : redu__check_device_range(d, x, n * sh->elem_size, "x", sh->fn, NULL);
  if (s == REDU_OK && sh->y && !on_host)
    s = redu__check_device_range(d, sh->y, n * sh->elem_size, "y", sh->fn, NULL);
  return s;
}

/* A wrapped region's iteration count and the device pointers its body reads (their
 * extents are the body's business: only the first byte is checked). */
static redu_status redu__check_region_inputs(const redu__device *d, const redu__call_shape *sh,
                                             size_t n)
{
  if (n > PTRDIFF_MAX)
    return redu__fail(REDU_ERR_OVERFLOW,
                      "%s: n = %zu iterations exceed PTRDIFF_MAX (a negative count converted "
                      "to size_t?)",
                      sh->fn, n);
  for (size_t k = 0; k < sh->nptrs; ++k) {
    char what[48];
    snprintf(what, sizeof what, "device pointer %zu of the region", k + 1);
    if (!sh->ptrs[k])
      return redu__fail(REDU_ERR_NULL_ARG, "%s: %s is NULL", sh->fn, what);
    redu_status s = redu__check_device_range(d, sh->ptrs[k], 1, what, sh->fn, NULL);
    if (s != REDU_OK)
      return s;
  }
  return REDU_OK;
}

static const unsigned redu__known_flags = REDU_INPUT_HOST | REDU_TEAM_SHUFFLE | REDU_TEAM_TREE |
                                          REDU_EXACT | REDU_BINS_ACCUMULATE |
                                          REDU_BINS_SKIP_BAD_KEYS;

/* The checks of redu_options and the shape: unknown flags, REDU_EXACT where it does not
 * apply, negative teams/threads, accumulator sizes. */
static redu_status redu__check_shape(const redu__call_shape *sh, const redu_options *opts)
{
  if (opts && (opts->flags & ~redu__known_flags))
    return redu__fail(REDU_ERR_BAD_OPTION, "%s: unknown bits 0x%x in redu_options.flags", sh->fn,
                      opts->flags & ~redu__known_flags);
  /* as an unknown bit elsewhere: no meaning for this call */
  if (opts && (opts->flags & (REDU_BINS_ACCUMULATE | REDU_BINS_SKIP_BAD_KEYS)) && !sh->bins)
    return redu__fail(REDU_ERR_BAD_OPTION,
                      "%s: REDU_BINS_ACCUMULATE and REDU_BINS_SKIP_BAD_KEYS apply to bins calls "
                      "(redu_bins.h) only; drop them for this call",
                      sh->fn);
  if (opts && (opts->flags & REDU_EXACT) && sh->bins && !sh->bins_exact)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: REDU_EXACT applies to the bins of sums of float and double "
                      "(redu_bins_sum_f64, ...); every other bins call is exact already or has "
                      "no exact form: drop the flag",
                      sh->fn);
  if (opts && (opts->flags & REDU_EXACT) && !sh->exact && !sh->bins)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: REDU_EXACT applies to REDU_SUM of float and double and to "
                      "redu_dot_f32/f64 only (not to segmented calls); drop the flag for this "
                      "call",
                      sh->fn);
  if (opts && (opts->teams < 0 || opts->threads < 0))
    return redu__fail(REDU_ERR_BAD_OPTION, "%s: negative teams (%d) or threads (%d) in options",
                      sh->fn, opts->teams, opts->threads);
  /* A region's exact kinds take a long accumulator each besides the 256 bytes. */
  size_t exact_bytes = (size_t)sh->region_exact * REDU__X_SUM_RECORD_BYTES;
  if (sh->ptrs && sh->acc_size > REDU_MAX_ACC_BYTES + exact_bytes)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: the region's reductions take %zu bytes together (with alignment); "
                      "at most %d: split them over two regions",
                      sh->fn, sh->acc_size - exact_bytes, REDU_MAX_ACC_BYTES);
  size_t max_acc = sh->exact  ? REDU_EXACT_ACC_BYTES
                   : sh->ptrs ? REDU__REGION_MAX_RECORD
                              : REDU_MAX_ACC_BYTES;
  if (!sh->elem_size || !sh->acc_size || sh->acc_size > max_acc || !sh->acc_align ||
      sh->acc_align > REDU_MAX_ACC_ALIGN)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: element of %zu bytes, accumulator of %zu bytes aligned to %zu: "
                      "libredu reduces into types of 1..%d bytes, aligned to at most %d",
                      sh->fn, sh->elem_size, sh->acc_size, sh->acc_align, (int)max_acc,
                      REDU_MAX_ACC_ALIGN);
  return REDU_OK;
}

redu_status redu__call_open(const redu__call_shape *sh, int device, size_t count, int no_result,
                            const redu_options *opts, redu__device **d, int *empty)
{
  redu_status s = redu__check_shape(sh, opts);
  if (s != REDU_OK)
    return s;
  if (sh->segmented && opts && opts->scratchpad)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: segmented and batched calls take libredu's own scratch, which grows "
                      "with the segment count; pass scratchpad = NULL",
                      sh->fn);
  if (no_result)
    return redu__fail(REDU_ERR_NULL_ARG, "%s: the result pointer is NULL", sh->fn);
  if ((s = redu__device_get(device, d, sh->fn)) != REDU_OK)
    return s;
  *empty = count == 0;
  redu__plan p;
  return *empty ? redu__plan_make(*d, 1, sh, opts, &p) : REDU_OK;
}

redu_status redu__call_begin(redu__call *c, const redu__call_shape *sh, int device, const void *x,
                             size_t n, const void *out1, const void *out2, const redu_options *opts)
{
  const char *fn = sh->fn;
  *c = (redu__call){0};
  redu__device *d;
  redu_status s = redu__call_open(sh, device, n, !out1 || !out2, opts, &d, &c->empty);
  if (s != REDU_OK || c->empty)
    return s;
  int on_host = opts && (opts->flags & REDU_INPUT_HOST) && !d->is_initial;
  if ((s = sh->ptrs ? redu__check_region_inputs(d, sh, n)
                    : redu__check_array_input(d, sh, x, n, on_host)) != REDU_OK)
    return s;
  redu__plan p;
  if ((s = redu__plan_make(d, n, sh, opts, &p)) != REDU_OK)
    return s;
  c->owner = d;
  c->x_dev = x, c->y_dev = sh->y;
  c->launch = (redu__launch){
      .device = d->number,
      .teams = p.teams,
      .threads = p.threads,
      .tree = p.tree,
      .team_slots = p.team_slots,
      .team_mem = p.team_mem,
  };
  s = opts && opts->scratchpad ? redu__use_scratchpad(c, d, sh, n, &p, opts)
                               : redu__use_cache(c, d, sh, &p);
  if (s == REDU_OK && on_host && !sh->ptrs)
    s = redu__host_inputs(c, d, sh, n);
  if (s != REDU_OK)
    return s;
  if (redu__verbose()) {
    char text[768];
    redu__plan_text(d, n, sh, &p, text, sizeof text);
    fprintf(stderr, "libredu: %s: %s\n", fn, text);
  }
  return REDU_OK;
}

redu_status redu__call_end(redu__call *c, void *acc, size_t acc_size)
{
  redu_status s = REDU_OK;
  if (!c->result_on_device)
    memcpy(acc, c->launch.result, acc_size);
  else if (omp_target_memcpy(acc, c->launch.result, acc_size, 0, 0, redu__initial_device(),
                             c->launch.device) != 0)
    s = redu__fail(REDU_ERR_DEVICE, "could not copy the result from device %d", c->launch.device);
  if (c->slot)
    redu__scratch_release(c->owner, c->slot);
  return s;
}

static redu_status redu__plan_for(int device, size_t n, const redu__call_shape *sh,
                                  const redu_options *opts, redu__device **d, redu__plan *p)
{
  redu_status s = redu__check_shape(sh, opts);
  if (s != REDU_OK)
    return s;
  if (n > SIZE_MAX / sh->elem_size)
    return redu__fail(REDU_ERR_OVERFLOW, "%s: n * elem_size overflows", sh->fn);
  s = redu__device_get(device, d, sh->fn);
  return s == REDU_OK ? redu__plan_make(*d, n, sh, opts, p) : s;
}

static redu__call_shape redu__builtin_shape(const char *fn, size_t elem_size)
{
  return (redu__call_shape){.fn = fn,
                            .elem_size = elem_size,
                            .acc_size = elem_size ? elem_size : 1,
                            .acc_align = 1,
                            .builtin = 1};
}

redu_status redu_describe_plan(int device, size_t n, size_t elem_size, char *buf, size_t len)
{
  redu__device *d;
  redu__plan p;
  redu__call_shape sh = redu__builtin_shape("redu_describe_plan", elem_size);
  if (!buf || !len)
    return redu__fail(REDU_ERR_NULL_ARG, "redu_describe_plan: buf is NULL or len is 0");
  redu_status s = redu__plan_for(device, n, &sh, NULL, &d, &p);
  if (s == REDU_OK)
    redu__plan_text(d, n, &sh, &p, buf, len);
  return s;
}

redu_status redu_plan_query(int device, size_t n, size_t elem_size, int *teams, int *threads)
{
  redu__device *d;
  redu__plan p;
  redu__call_shape sh = redu__builtin_shape("redu_plan_query", elem_size);
  if (!teams || !threads)
    return redu__fail(REDU_ERR_NULL_ARG, "redu_plan_query: teams or threads is NULL");
  redu_status s = redu__plan_for(device, n, &sh, NULL, &d, &p);
  if (s == REDU_OK)
    *teams = p.teams, *threads = p.threads;
  return s;
}

redu_status redu_device_peak_bandwidth(int device, double *gbps)
{
  redu__device *d;
  if (!gbps)
    return redu__fail(REDU_ERR_NULL_ARG, "redu_device_peak_bandwidth: gbps is NULL");
  redu_status s = redu__device_get(device, &d, "redu_device_peak_bandwidth");
  if (s != REDU_OK)
    return s;
  if (!(d->peak_gbps > 0))
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "redu_device_peak_bandwidth: the peak memory bandwidth of device %d (%s) "
                      "is unknown: only NVIDIA GPUs' drivers say it; measure a read instead",
                      d->number, d->name);
  *gbps = d->peak_gbps;
  return REDU_OK;
}

redu_status redu_scratch_query(int device, size_t n, size_t elem_size, size_t acc_size,
                               const redu_options *opts, size_t *team_bytes, size_t *device_bytes)
{
  redu__device *d;
  redu__plan p;
  int exact = opts && (opts->flags & REDU_EXACT);
  redu__call_shape sh = {.fn = "redu_scratch_query",
                         .elem_size = elem_size,
                         .acc_size = acc_size,
                         .acc_align = 1,
                         .exact = exact,
                         .builtin = exact,
                         .query = 1};
  if (!team_bytes || !device_bytes)
    return redu__fail(REDU_ERR_NULL_ARG, "redu_scratch_query: team_bytes or device_bytes is NULL");
  /* An exact call's scratch holds its long accumulator, whatever its element's accumulator:
   * any acc_size up to REDU_EXACT_ACC_BYTES sizes it (the documented one is that constant). */
  if (exact && acc_size && acc_size <= REDU_EXACT_ACC_BYTES)
    sh.acc_size = REDU_EXACT_ACC_BYTES;
  redu_status s = redu__plan_for(device, n ? n : 1, &sh, opts, &d, &p);
  if (s == REDU_OK) {
    /* n = 0 launches nothing. */
    *team_bytes = n ? p.team_mem : 0;
    *device_bytes = n ? redu__pad_layout_of(&p, sh.acc_size).total : 0;
  }
  return s;
}

void redu_finalize(void) { redu__device_for_each(redu__scratch_free_all); }

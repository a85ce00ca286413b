#include "host/redu_scan.h"

#include "device/redu_scan_kernel.h"
#include "host/redu_call.h"
#include "host/redu_device.h"
#include "host/redu_error.h"
#include "host/redu_host_arrays.h"
#include "host/redu_plan.h"
#include "host/redu_scratch.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* x and y each hold n elements: present, within the address space, aligned, and either the
 * same array or apart. */
static redu_status redu__scan_check_arrays(const char *fn, size_t elem_size, size_t elem_align,
                                           const void *x, const void *y, size_t n)
{
  if (!x || !y)
    return redu__fail(REDU_ERR_NULL_ARG, "%s: %s is NULL with n = %zu", fn, x ? "y" : "x", n);
  size_t bytes = n * elem_size;
  if (n > SIZE_MAX / elem_size || (uintptr_t)x > UINTPTR_MAX - bytes ||
      (uintptr_t)y > UINTPTR_MAX - bytes)
    return redu__fail(REDU_ERR_OVERFLOW,
                      "%s: n = %zu elements of %zu bytes starting at x = %p or y = %p exceed the "
                      "address space",
                      fn, n, elem_size, x, y);
  /* The same test on every target: a GPU faults on a misaligned access. */
  const char *what = (uintptr_t)x % elem_align ? "x" : (uintptr_t)y % elem_align ? "y" : NULL;
  if (what)
    return redu__fail(REDU_ERR_MISALIGNED,
                      "%s: %s = %p is not aligned to its %zu-byte element type; pass the start "
                      "of an array of that type",
                      fn, what, what[0] == 'x' ? x : y, elem_size);
  uintptr_t xa = (uintptr_t)x, ya = (uintptr_t)y;
  if (xa != ya && xa < ya + bytes && ya < xa + bytes)
    return redu__fail(REDU_ERR_OVERLAP,
                      "%s: y = %p overlaps x = %p (%zu elements of %zu bytes) without being x; "
                      "scan in place (y == x) or into a separate array",
                      fn, y, x, n, elem_size);
  return REDU_OK;
}

/* REDU_INPUT_HOST: x read where the program mapped it whole, else staged; y staged, and
 * copied back by redu__scan_end. */
static redu_status redu__scan_host_arrays(redu__scan_call *c, redu__device *d, const void *x,
                                          void *y, size_t bytes)
{
  redu__host_array a[2] = {{.host = x, .bytes = bytes}, {.host = y, .bytes = bytes, .out = 1}};
  redu_status s = redu__host_arrays_in(d, c->slot, a, 2, c->fn);
  if (s != REDU_OK)
    return s;
  c->x_dev = a[0].dev;
  c->y_dev = (void *)a[1].dev;
  c->y_host = y;
  c->y_bytes = bytes;
  return REDU_OK;
}

/* REDU_SCAN_PASS: 1 (the single pass where the op allows it), 2 (reduce-then-scan), or
 * unset / empty (the planner's choice by size) into *pass as 1, 2 or 0; REDU_SCAN_TILE: the
 * single pass's elements per tile (tests and tuning), or 0 when unset. */
static redu_status redu__scan_env(const char *fn, int *pass, size_t *tile)
{
  const char *s = getenv("REDU_SCAN_PASS");
  *pass = !s || !*s ? 0 : !strcmp(s, "1") ? 1 : !strcmp(s, "2") ? 2 : -1;
  if (*pass < 0)
    return redu__fail(REDU_ERR_BAD_OPTION,
                      "%s: REDU_SCAN_PASS = \"%s\"; set 1 (single pass), 2 (reduce-then-scan) "
                      "or leave it unset (the planner chooses)",
                      fn, s);
  const char *t = getenv("REDU_SCAN_TILE");
  *tile = 0;
  if (t && *t) {
    char *end;
    unsigned long long v = strtoull(t, &end, 10);
    if (*end || v == 0 || v > ((size_t)1 << 40) || *t == '-')
      return redu__fail(REDU_ERR_BAD_OPTION,
                        "%s: REDU_SCAN_TILE = \"%s\"; set a positive number of elements per "
                        "single-pass tile (up to 2^40) or leave it unset",
                        fn, t);
    *tile = (size_t)v;
  }
  return REDU_OK;
}

/* Elements per tile of the single pass on d, or 0 for reduce-then-scan. GPU tiles are
 * REDU__SCAN_ONE_PASS_ROUNDS rounds of the kernel's tile (each thread a 32-byte run), so
 * that the second read of a tile hits the cache; CPU tiles REDU__SCAN_CPU_TILE_BYTES; asked
 * (REDU_SCAN_TILE) when nonzero. More tiles than the slot's partials hold states for take
 * longer tiles. */
static size_t redu__scan_tile(const redu__device *d, const redu__plan *p, size_t n,
                              size_t elem_size, size_t acc_size, size_t asked)
{
  size_t per_thread =
      REDU__SCAN_GPU_TILE_BYTES / elem_size ? REDU__SCAN_GPU_TILE_BYTES / elem_size : 1;
  size_t tile = d->arch == REDU__ARCH_CPU
                    ? REDU__SCAN_CPU_TILE_BYTES / elem_size
                    : per_thread * (size_t)p->threads * REDU__SCAN_ONE_PASS_ROUNDS;
  if (tile < (size_t)p->threads)
    tile = (size_t)p->threads;
  if (asked)
    tile = asked;
  /* The slot's partials hold at least REDU_MAX_TEAMS records of REDU_EXACT_ACC_BYTES
   * (host/redu_scratch.h). */
  size_t room = (size_t)REDU_MAX_TEAMS * REDU_EXACT_ACC_BYTES,
         max_tiles = room / (2 * acc_size + 8);
  if (n / tile >= max_tiles)
    tile = n / (max_tiles - 1) + 1;
  while (redu__scan_lb_bytes(n / tile + 1, acc_size) > room)
    ++tile;
  return tile;
}

redu_status redu__scan_begin(redu__scan_call *c, const char *fn, size_t elem_size,
                             size_t elem_align, size_t acc_size, size_t acc_align, int one_pass_ok,
                             int device, const void *x, void *y, size_t n, const redu_options *opts)
{
  *c = (redu__scan_call){.fn = fn};
  if (opts && (opts->flags & REDU_EXACT))
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: exact scans (REDU_EXACT) are not available yet; drop the flag (float "
                      "sums then accumulate in double)",
                      fn);
  if (opts && opts->scratchpad)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: scans take libredu's own scratch; pass scratchpad = NULL", fn);
  const redu__call_shape sh = {.fn = fn,
                               .elem_size = elem_size,
                               .elem_align = elem_align,
                               .acc_size = acc_size,
                               .acc_align = acc_align,
                               .builtin = 1};
  /* The opening every call shares (options and shape, the device, and for n = 0 the
   * options judged as for any n), then the scan's own environment, for any n too. */
  redu__device *d;
  redu_status s = redu__call_open(&sh, device, n, 0, opts, &d, &c->empty);
  if (s != REDU_OK)
    return s;
  int pass;
  size_t asked_tile;
  if ((s = redu__scan_env(fn, &pass, &asked_tile)) != REDU_OK || c->empty)
    return s;
  redu__plan p;
  if ((s = redu__scan_check_arrays(fn, elem_size, elem_align, x, y, n)) != REDU_OK)
    return s;
  size_t bytes = n * elem_size;
  int on_host = opts && (opts->flags & REDU_INPUT_HOST) && !d->is_initial;
  if (!on_host && ((s = redu__check_device_range(d, x, bytes, "x", fn, NULL)) != REDU_OK ||
                   (s = redu__check_device_range(d, y, bytes, "y", fn, NULL)) != REDU_OK))
    return s;
  if ((s = redu__plan_make(d, n, &sh, opts, &p)) != REDU_OK)
    return s;
  if (!(c->slot = redu__scratch_acquire(d)))
    return redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no device memory for scratch on device %d", fn,
                      d->number);
  c->owner = d;
  c->x_dev = x, c->y_dev = y;
  if (p.spill_bytes && redu__scratch_spill(d, c->slot, p.spill_bytes) != 0)
    s = redu__fail(REDU_ERR_OUT_OF_MEMORY,
                   "%s: no device memory for %zu bytes of team scratch on device %d; pass fewer "
                   "teams or threads in redu_options",
                   fn, p.spill_bytes, d->number);
  if (s == REDU_OK && on_host)
    s = redu__scan_host_arrays(c, d, x, y, bytes);
  if (s != REDU_OK) {
    redu__scratch_release(d, c->slot);
    return s;
  }
  c->launch = (redu__launch){
      .device = d->number,
      .teams = p.teams,
      .threads = p.threads,
      .team_slots = p.team_slots,
      .team_mem = p.team_mem,
      .team_spill = p.spill_bytes ? c->slot->spill : NULL,
      .partials = c->slot->partials,
  };
  /* The single pass where the op allows it and either REDU_SCAN_PASS=1 asks for it or n is
   * large enough for reading x once to outweigh its reset launch and look-back. */
  int one_pass = one_pass_ok && (pass == 1 || (pass == 0 && n >= REDU__SCAN_ONE_PASS_MIN));
  if (one_pass)
    c->tile = redu__scan_tile(d, &p, n, elem_size, acc_size, asked_tile);
  if (redu__verbose()) {
    char reason[160], how[256];
    redu__plan_reason(d, &p, reason, sizeof reason);
    if (one_pass)
      snprintf(how, sizeof how, "single pass (decoupled look-back) over %zu tiles of %zu elements",
               n / c->tile + (n % c->tile != 0), c->tile);
    else
      snprintf(how, sizeof how, "reduce-then-scan, one block per team%s%s",
               p.teams > 1 ? "" : " (one block: the scan pass alone)",
               pass == 1 ? "; REDU_SCAN_PASS=1 ignored: float sums and products take two passes "
                           "so that their bits never depend on timing"
                         : "");
    fprintf(stderr, "libredu: %s: device %d (%s): n=%zu -> %s: %d teams x %d threads [%s]\n", fn,
            d->number, d->name, n, how, p.teams, p.threads, reason);
  }
  return REDU_OK;
}

redu_status redu__scan_end(redu__scan_call *c)
{
  redu_status s = REDU_OK;
  if (c->y_host)
    s = redu__host_copy_back(c->launch.device, c->y_host, c->y_dev, c->y_bytes, c->fn);
  redu__scratch_release(c->owner, c->slot);
  return s;
}

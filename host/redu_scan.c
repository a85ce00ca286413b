#include "device/redu_scan_kernel.h"
#include "host/redu_array_checks.h"
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

/* Scans of up to this many bytes of elements take the single pass, larger ones
 * reduce-then-scan (REDU_SCAN_PASS overrides). H100, redu-bench --only scan, ms (single /
 * reduce-then-scan): sum i32 2^20 (4 MiB) 0.0217 / 0.0296, 2^24 0.169 / 0.129; 2^27 i32
 * 1.21 / 0.774. The single pass saves a launch and a read; past a few MiB its look-back
 * waits cost more (docs/performance.md, "Scans"). */
#define REDU__SCAN_ONE_PASS_MAX_BYTES ((size_t)4 << 20)
/* The same switch on GPUs for built-in ops whose accumulator is one word (exact and declared
 * accumulators keep the one above). H200, inclusive sums, median of 15 calls, ms (single /
 * reduce-then-scan): i32 2^21 (8 MiB) 0.0269 / 0.0346, 2^22 0.0406 / 0.0476, 2^23 0.0756 /
 * 0.0662; f32 2^21 0.0357 / 0.0400, 2^22 0.0567 / 0.0568, 2^23 0.102 / 0.081; i64 2^20
 * (8 MiB) 0.0318 / 0.0351, 2^21 0.0510 / 0.0500; f64 2^20 0.0350 / 0.0373, 2^21 0.0544 /
 * 0.0518. */
#define REDU__SCAN_ONE_PASS_GPU_WORD_MAX_BYTES ((size_t)8 << 20)

/* x and y each hold n elements: present, within the address space, aligned, and either the
 * same array or apart. */
static redu_status redu__scan_check_arrays(const char *fn, size_t elem_size, size_t elem_align,
                                           const void *x, const void *y, size_t n)
{
  if (!x || !y)
    return redu__fail(REDU_ERR_NULL_ARG, "%s: %s is NULL with n = %zu", fn, x ? "y" : "x", n);
  redu_status s;
  if ((s = redu__check_span(fn, "x", x, n, elem_size, elem_align)) != REDU_OK ||
      (s = redu__check_span(fn, "y", y, n, elem_size, elem_align)) != REDU_OK)
    return s;
  if (x != y &&
      (s = redu__check_apart(fn, "y", y, n * elem_size, "x", x, n * elem_size,
                             "scan in place (y == x) or into a separate array")) != REDU_OK)
    return s;
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

/* Elements per tile of the single pass over n elements on d: on GPUs REDU__SCAN_ITEMS
 * elements per thread (a thread's run in registers; an asked tile may be shorter, never
 * longer), on CPUs REDU__SCAN_CPU_TILE_BYTES or an even share of n per team, whichever is
 * shorter, or the asked length (REDU_SCAN_TILE, when nonzero). */
static size_t redu__scan_tile(const redu__device *d, const redu__plan *p, size_t elem_size,
                              size_t n, size_t asked)
{
  if (d->arch == REDU__ARCH_CPU) {
    size_t share = n / (size_t)p->teams + (n % (size_t)p->teams != 0);
    size_t tile = REDU__SCAN_CPU_TILE_BYTES / elem_size;
    tile = asked ? asked : share < tile ? share : tile;
    return tile ? tile : 1;
  }
  size_t tile = REDU__SCAN_ITEMS(elem_size) * (size_t)p->threads;
  return asked && asked < tile ? asked : tile;
}

/* The slot's status for ntiles tiles, and this call's epoch: a larger status when it lacks
 * room, zeroed, and the status zeroed again when epochs wrap, so that no record ever holds a
 * later call's epoch early (device/redu_scan_kernel.h). */
static int redu__scan_status(redu__device *d, redu__slot *slot, const redu__plan *p, size_t ntiles,
                             redu__scan_pass *pass)
{
  size_t need = redu__scan_status_bytes(ntiles);
  int clear = 0;
  if (slot->scan_bytes < need) {
    omp_target_free(slot->scan, d->number);
    slot->scan_bytes = 0;
    if (!(slot->scan = omp_target_alloc(need, d->number)))
      return -1;
    slot->scan_bytes = need;
    clear = 1;
  }
  if (++slot->epoch == 0)
    clear = 1, slot->epoch = 1;
  if (clear)
    redu__scan_clear(d->number, slot->scan, slot->scan_bytes, p->teams, p->threads);
  *pass = (redu__scan_pass){.status = slot->scan, .epoch = slot->epoch};
  return 0;
}

redu_status redu__scan_begin(redu__scan_call *c, const char *fn, size_t elem_size,
                             size_t elem_align, size_t acc_size, size_t acc_align, int builtin,
                             int device, const void *x, void *y, size_t n, const redu_options *opts)
{
  return redu__scan_open(c, fn, elem_size, elem_align, acc_size, acc_align, builtin, 1, device, x,
                         y, n, n, opts);
}

redu_status redu__scan_open(redu__scan_call *c, const char *fn, size_t elem_size, size_t elem_align,
                            size_t acc_size, size_t acc_align, int builtin, int single, int device,
                            const void *x, void *y, size_t n, size_t units,
                            const redu_options *opts)
{
  *c = (redu__scan_call){.fn = fn};
  if (opts && (opts->flags & REDU_EXACT))
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: REDU_EXACT applies to the array scans of sums of float and double "
                      "(redu_inclusive_scan_sum_f64, ...); this scan has no exact form: drop "
                      "the flag",
                      fn);
  if (opts && opts->scratchpad)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: scans take libredu's own scratch; pass scratchpad = NULL", fn);
  /* Declared types' warp scans move values through shuffles (device/redu_udr_stamp.h). */
  if (!builtin && acc_size > REDU__SHUFFLE_MAX_BYTES)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: scans of declared types take types of up to %d bytes, not %zu; scan a "
                      "smaller state",
                      fn, REDU__SHUFFLE_MAX_BYTES, acc_size);
  const redu__call_shape sh = {.fn = fn,
                               .elem_size = elem_size,
                               .elem_align = elem_align,
                               .acc_size = acc_size,
                               .acc_align = acc_align,
                               .builtin = builtin,
                               .scan = 1};
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
  if ((s = redu__plan_make(d, units, &sh, opts, &p)) != REDU_OK)
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
  /* The single pass unless REDU_SCAN_PASS=2 asks for two, or n is below the planner's
   * threshold; tile numbers are 32-bit, and a tile's record holds its node. */
  size_t tile = redu__scan_tile(d, &p, elem_size, n, asked_tile),
         ntiles = n / tile + (n % tile != 0);
  /* GPUs' reduce-then-scan: blocks of whole tiles, one per team; a scan of one tile is its
   * scan launch alone, in one team, which the planner takes over the single pass (no tile
   * records, no claims; H100, 2^10 elements: 14.3-16.7 against 17.6-20.6 µs end to end). */
  int gpu = d->arch != REDU__ARCH_CPU;
  size_t block_tile = redu__scan_tile(d, &p, elem_size, n, 0),
         blocks = n / block_tile + (n % block_tile != 0);
  size_t one_pass_max = gpu && builtin && acc_size <= sizeof(uint64_t)
                            ? REDU__SCAN_ONE_PASS_GPU_WORD_MAX_BYTES
                            : REDU__SCAN_ONE_PASS_MAX_BYTES;
  int one_pass =
      single && ntiles <= UINT32_MAX && acc_size <= REDU__SCAN_RECORD_MAX_ACC &&
      (pass == 1 || (pass == 0 && n <= one_pass_max / elem_size && !(gpu && blocks == 1)));
  /* The kernel makes no more blocks than tiles: the teams past them would only launch (and
   * with two or more teams, the fold launch would run for a single block). */
  if (!one_pass && gpu && units == n && blocks < (size_t)c->launch.teams)
    c->launch.teams = (int)blocks;
  if (one_pass) {
    if (redu__scan_status(d, c->slot, &p, ntiles, &c->pass) != 0) {
      redu__scratch_release(d, c->slot);
      return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                        "%s: no device memory for a single-pass scan's %zu tile records on "
                        "device %d; set REDU_SCAN_PASS=2 (reduce-then-scan)",
                        fn, ntiles, d->number);
    }
    c->pass.tile = tile, c->pass.ntiles = ntiles;
    c->one = &c->pass;
  }
  if (redu__verbose()) {
    char reason[160], how[256];
    redu__plan_reason(d, &p, reason, sizeof reason);
    if (one_pass)
      snprintf(how, sizeof how,
               "single pass (look-back windows of %zu tiles) over %zu tiles of %zu elements",
               (size_t)d->warp_size * REDU__SCAN_LB_PER_LANE(acc_size), ntiles, tile);
    else
      snprintf(how, sizeof how, "reduce-then-scan, one block per team%s",
               c->launch.teams > 1 ? "" : " (one block: the scan pass alone)");
    fprintf(stderr, "libredu: %s: device %d (%s): n=%zu -> %s: %d teams x %d threads [%s]\n", fn,
            d->number, d->name, n, how, c->launch.teams, p.threads, reason);
  }
  return REDU_OK;
}

/* A single pass's epoch that no launch used goes back: its tile-claim counter is still the
 * zeroed one (the kernel zeroes the other parity's for the next epoch), so the next call must
 * take this epoch's parity again (device/redu_scan_kernel.h). */
void redu__scan_abandon(redu__scan_call *c)
{
  if (c->one)
    --c->slot->epoch;
  redu__scratch_release(c->owner, c->slot);
}

redu_status redu__scan_end(redu__scan_call *c)
{
  redu_status s = REDU_OK;
  if (c->y_host)
    s = redu__host_copy_back(c->launch.device, c->y_host, c->y_dev, c->y_bytes, c->fn);
  redu__scratch_release(c->owner, c->slot);
  return s;
}

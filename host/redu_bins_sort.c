/* Declared reductions' bins (redu__bins_sorted_begin/_end, host/redu_call.h): the bins call's
 * checks (host/redu_bins.h), then the radix sort, the bad-key check and the gather of
 * device/redu_bins_sort.h; the stamped caller reduces the bins as segments. */
#include "device/redu_bins_sort.h"
#include "host/redu_bins.h"
#include "host/redu_call.h"
#include "host/redu_device.h"
#include "host/redu_error.h"
#include "host/redu_host_arrays.h"
#include "host/redu_plan.h"
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs per pass: on CPUs at most 256 (a few a thread, each read in order); on GPUs a team's
 * tile of REDU__BINS_SORT_TILE_ROWS rows of REDU__BINS_SORT_TILE_THREADS pairs. */
#define REDU__BINS_SORT_CPU_RUNS 256

/* The threads of a tiled pass's teams: GPUs a tile's row; CPUs (REDU_BINS_SORT_TILES=1, the
 * GPU path tested in CI) the plan's. */
static int redu__bins_sort_tile_threads(const redu__bins_call *c)
{
  return c->owner->arch != REDU__ARCH_CPU ? REDU__BINS_SORT_TILE_THREADS : c->launch.threads;
}

/* The runs of n pairs on the call's device (device/redu_bins_sort.h). */
static redu__bins_sort_layout redu__bins_sort_layout_of(const redu__bins_call *c, size_t n)
{
  redu__bins_sort_layout l = {.chunks = 1, .chunk = n ? n : 1};
  const char *e = getenv("REDU_BINS_SORT_TILES");
  if (c->owner->arch != REDU__ARCH_CPU || (e && !strcmp(e, "1"))) {
    l.tiles = 1;
    l.chunk = (size_t)redu__bins_sort_tile_threads(c) * REDU__BINS_SORT_TILE_ROWS;
    l.chunks = n / l.chunk + (n % l.chunk != 0);
  } else if (n) {
    size_t runs = n < REDU__BINS_SORT_CPU_RUNS ? n : REDU__BINS_SORT_CPU_RUNS;
    l.chunk = n / runs + (n % runs != 0);
    l.chunks = n / l.chunk + (n % l.chunk != 0);
  }
  l.chunks = l.chunks ? l.chunks : 1;
  return l;
}

/* Bytes rounded up to whole 64-bit words, or SIZE_MAX past the address space. */
static size_t redu__bins_sort_words(size_t count, size_t size)
{
  return count > (SIZE_MAX - 7) / size ? SIZE_MAX : (count * size + 7) / 8;
}

/* Words a + b + ..., SIZE_MAX when any is or the sum passes it. */
static size_t redu__bins_sort_total(const size_t *w, int k)
{
  size_t t = 0;
  for (int i = 0; i < k; ++i)
    t = w[i] == SIZE_MAX || t > SIZE_MAX - w[i] ? SIZE_MAX : t + w[i];
  return t;
}

/* The radix passes over n keys whose largest clamped value is below 2^bits: the sorted keys
 * and positions end in keys[0] and pos[0]. */
static redu_status redu__bins_sort_passes(redu__bins_call *c, redu__bins_sort_layout lay, int bits,
                                          uint32_t *keys[2], size_t *pos[2], uint64_t *counts,
                                          unsigned char *vals[2], size_t size, size_t align)
{
  redu__bins_launch *L = &c->launch;
  size_t n = L->n;
  int passes = (bits + REDU__BINS_SORT_BITS - 1) / REDU__BINS_SORT_BITS;
  int threads = lay.tiles ? redu__bins_sort_tile_threads(c) : L->threads;
  /* tiles: a team each on GPUs; CPUs' plan teams take them in turn */
  size_t teams = !lay.tiles || (c->owner->arch == REDU__ARCH_CPU && lay.chunks > (size_t)L->teams)
                     ? (size_t)L->teams
                     : lay.chunks;
  teams = teams < INT_MAX ? teams : INT_MAX;
  redu__bins_sort_pass P = {.device = L->device,
                            .teams = (int)teams,
                            .threads = threads,
                            .n = n,
                            .lay = lay,
                            .clamp = L->nbins < UINT32_MAX ? (uint32_t)L->nbins : UINT32_MAX,
                            .keys_in = L->keys,
                            .counts = counts,
                            .vals_in = c->x,
                            .size = size,
                            .align = align,
                            .nbins = L->nbins};
  if (lay.tiles && c->owner->arch != REDU__ARCH_CPU)
    P.team_mem = REDU__BINS_SORT_TILE_MEM(threads);
  else if (lay.tiles) { /* CPUs: the tiles' scratch in device memory, a slice a team */
    if (redu__scratch_spill(c->owner, c->slot, teams * REDU__BINS_SORT_TILE_MEM(threads)) != 0)
      return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                        "%s: no device memory for the sort's tiles on device %d", c->fn, L->device);
    P.spill = c->slot->spill;
  }
  redu_options scan = {.teams = 0};
  for (int k = 0; k < passes; ++k) {
    /* the last pass writes buffer 0 */
    int to = (passes - 1 - k) % 2;
    P.shift = k * REDU__BINS_SORT_BITS;
    P.keys_out = keys[to], P.pos_out = pos[to];
    P.vals_out = vals[0] ? vals[(passes - 1 - k) % 2] : NULL;
    P.heads = k == passes - 1 && L->accumulate;
    redu__bins_sort_count(&P);
    redu_status s = redu_exclusive_scan_sum_u64(L->device, counts, counts,
                                                REDU__BINS_SORT_RADIX * lay.chunks, &scan);
    if (s != REDU_OK)
      return s;
    redu__bins_sort_scatter(&P);
    P.keys_in = keys[to], P.pos_in = pos[to], P.vals_in = P.vals_out;
  }
  return REDU_OK;
}

/* Sorts, checks the keys, gathers: b's values and offsets. */
static redu_status redu__bins_sort(redu__bins_call *c, size_t size, size_t align,
                                   redu__bins_sorted *b)
{
  redu__bins_launch *L = &c->launch;
  size_t n = L->n, nbins = L->nbins;
  int bits = 1;
  while (bits < 32 && (uint64_t)(nbins < UINT32_MAX ? nbins : UINT32_MAX) >> bits)
    ++bits;
  redu__bins_sort_layout lay = redu__bins_sort_layout_of(c, n);
  if (redu__verbose())
    fprintf(stderr, "libredu: %s: the sort: %d pass%s of %d bits, runs of %zu pairs%s\n", c->fn,
            (bits + REDU__BINS_SORT_BITS - 1) / REDU__BINS_SORT_BITS,
            bits > REDU__BINS_SORT_BITS ? "es" : "", REDU__BINS_SORT_BITS, lay.chunk,
            lay.tiles ? ", a team's tile" : ", a thread's run");
  size_t heads = L->accumulate ? nbins : 0;
  /* the bins buffer's words: values (first: 64-byte aligned), offsets, the table, the
   * positions and keys twice */
  int carry = !lay.tiles;
  size_t w[8] = {redu__bins_sort_words(n + heads < n ? SIZE_MAX : n + heads, size),
                 redu__bins_sort_words(nbins + 1, sizeof(size_t)),
                 redu__bins_sort_words(lay.chunks, 8 * REDU__BINS_SORT_RADIX),
                 redu__bins_sort_words(n, sizeof(size_t)),
                 redu__bins_sort_words(n, sizeof(size_t)),
                 redu__bins_sort_words(n, sizeof(uint32_t)),
                 redu__bins_sort_words(n, sizeof(uint32_t)),
                 carry ? redu__bins_sort_words(n, size) : 0};
  size_t total = redu__bins_sort_total(w, 8);
  if (total == SIZE_MAX)
    return redu__fail(REDU_ERR_OVERFLOW,
                      "%s: sorting n = %zu keys into nbins = %zu bins exceeds the address space",
                      c->fn, n, nbins);
  redu_status s = redu__bins_memory(c, total);
  if (s != REDU_OK)
    return s;
  uint64_t *p[8];
  p[0] = L->acc;
  for (int k = 1; k < 8; ++k)
    p[k] = p[k - 1] + w[k - 1];
  size_t *offsets = (size_t *)p[1], *pos[2] = {(size_t *)p[3], (size_t *)p[4]};
  uint32_t *keys[2] = {(uint32_t *)p[5], (uint32_t *)p[6]};
  unsigned char *vals[2] = {carry ? (unsigned char *)p[0] : NULL, (unsigned char *)p[7]};
  if (n &&
      (s = redu__bins_sort_passes(c, lay, bits, keys, pos, p[2], vals, size, align)) != REDU_OK)
    return s;
  redu__bins_sort_offsets(L->device, keys[0], n, nbins, offsets);
  size_t good = 0, first_bad = 0;
  if ((s = redu__copy(redu__initial_device(), L->device, &good, offsets + nbins, sizeof good,
                      c->fn)) != REDU_OK)
    return s;
  if (good < n && !L->skip) { /* stable: the first bad key's position sorts first of them */
    if ((s = redu__copy(redu__initial_device(), L->device, &first_bad, pos[0] + good,
                        sizeof first_bad, c->fn)) != REDU_OK)
      return s;
    return redu__bins_bad_key(c, first_bad);
  }
  redu__bins_sort_gather(L->device, keys[0], pos[0], carry ? 0 : good, c->x, heads ? c->out : NULL,
                         nbins, size, align, offsets, p[0]);
  b->values = p[0], b->offsets = offsets;
  return REDU_OK;
}

redu_status redu__bins_fsum_sorted(redu__bins_call *c, size_t size, size_t align, redu_type type)
{
  redu__bins_launch *L = &c->launch;
  redu__bins_sorted b;
  c->sorted = 1;
  if (redu__verbose())
    fprintf(stderr, "libredu: %s: float sums sorted, each bin an exact segment (%s)\n", c->fn,
            c->ranged ? "the exact window's words pass the memory cap" : "REDU_BINS_SORT=1");
  redu_status s = redu__bins_sort(c, size, align, &b);
  if (s != REDU_OK)
    return s;
  /* the last prefix of a bin's exact scan is its exact sum rounded once, as the fixed-point
   * words round it (NaN, infinities and signed zeros by the same rules: docs/semantics.md) */
  void *values = (void *)b.values;
  s = redu_segmented_inclusive_scan(L->device, REDU_SUM, type, values, values, b.offsets, L->nbins,
                                    &(redu_options){.flags = REDU_EXACT});
  if (s == REDU_OK)
    redu__bins_sort_last(L->device, values, b.offsets, L->nbins, size, align, c->out);
  return s;
}

redu_status redu__bins_sorted_begin(redu__bins_sorted *b, const char *fn, size_t elem_size,
                                    size_t elem_align, int device, const uint32_t *keys,
                                    const void *x, size_t n, size_t nbins, void *out,
                                    const redu_options *opts)
{
  *b = (redu__bins_sorted){0};
  redu__bins_call *c = malloc(sizeof *c);
  if (!c)
    return redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no host memory for the call's record", fn);
  redu_status s = redu__bins_begin(c, fn, elem_size, elem_align, REDU__BINS_SORT, 0, device, keys,
                                   x, n, nbins, out, NULL, opts);
  if (s == REDU_OK && c->empty)
    b->empty = 1;
  if (s != REDU_OK || c->empty) {
    free(c);
    return s;
  }
  if ((s = redu__bins_sort(c, elem_size, elem_align, b)) != REDU_OK) {
    s = redu__bins_end(c, s);
    free(c);
    return s;
  }
  b->call = c;
  b->out = c->out;
  if (opts)
    b->seg_opts = *opts;
  b->seg_opts.flags &=
      ~(unsigned)(REDU_BINS_ACCUMULATE | REDU_BINS_SKIP_BAD_KEYS | REDU_INPUT_HOST);
  return REDU_OK;
}

redu_status redu__bins_sorted_end(redu__bins_sorted *b, redu_status s)
{
  redu__bins_call *c = b->call;
  s = redu__bins_end(c, s);
  free(c);
  b->call = NULL;
  return s;
}

/* The kernels of a declared reduction's bins (redu_bins_reduce_<name>, libredu/redu_udr.h):
 * a combiner libredu knows nothing of cannot be folded by atomics, so the keys are sorted
 * stably and each bin becomes one segment of the segmented reduction, its elements in index
 * order (ordered combiners need it; commutative ones get the same bits on every run).
 *
 * The sort is a least-significant-digit radix sort of (key, position) pairs, 4-bit digits:
 * each pass splits the pairs into `chunks` runs of `chunk` consecutive ones, counts each
 * run's digits (a digit-major table: counts[d * chunks + c]), scans the table (each run's
 * first place for each digit), and scatters every run, equal digits in their order: stable,
 * and the result is the same on every plan. A run is a CPU thread's, walked in order, or on
 * GPUs a team's tile (REDU__BINS_SORT_TILE_ROWS rows of one pair a thread): a row is read
 * coalesced, each pair ranked among its row's equal digits by warp ballots and the warps'
 * counts in team memory, and the row's pairs of one digit land side by side. Keys at or
 * past nbins are clamped to nbins first: they sort last, the lowest position first.
 * Then offsets[k] (k = 0..nbins) is the first sorted place of a key >= k, and the gather
 * copies x's elements in sorted order, each bin after its head (out[k]) when accumulating;
 * on CPUs the runs carry the elements through the passes instead (the last pass leaves each
 * bin's room for its head), and the gather puts in the heads only. */
#ifndef REDU_BINS_SORT_H
#define REDU_BINS_SORT_H

#include "device/redu_internal.h"

#include "device/redu_target.h"
#include "device/redu_team_scratch.h" /* REDU__PRAGMA, redu__dev_team_slice */
#include <omp.h>
#include <stddef.h>
#include <stdint.h>

/* Bits of a digit: 16 digits, whose counters a thread keeps to itself (an array the compiler
 * keeps in registers or the thread's cached local memory); with 256, counting in the
 * table in device memory took 8,192-element runs on 16,384 threads, each increment a
 * round trip to memory: 71.6 ms for 2^27 doubles into 1,024 bins on the H100. */
#define REDU__BINS_SORT_BITS 4
#define REDU__BINS_SORT_RADIX (1 << REDU__BINS_SORT_BITS)

/* How a pass splits the pairs: `chunks` runs of `chunk` consecutive pairs (the last may be
 * shorter), a CPU thread's each, or with `tiles` a team's. */
typedef struct redu__bins_sort_layout {
  size_t chunks, chunk;
  int tiles;
} redu__bins_sort_layout;

/* A tile: rows of one pair a thread, REDU__BINS_SORT_TILE_THREADS threads (GPUs). */
#define REDU__BINS_SORT_TILE_THREADS 256
#define REDU__BINS_SORT_TILE_ROWS 16
/* Team memory a tiled pass takes, for teams of `threads` threads of warps of one lane or
 * more: the tile's 16 running counts, and 16 counts per warp of the current row. */
#define REDU__BINS_SORT_TILE_MEM(threads)                                                          \
  ((size_t)REDU__BINS_SORT_RADIX * (1 + (size_t)(threads)) * sizeof(unsigned))

/* One radix pass. */
typedef struct redu__bins_sort_pass {
  int device;
  int teams, threads; /* the count and scatter launches': a team a tile (tiles), else the plan */
  size_t team_mem;    /* tiles: dynamic team memory a team takes (GPUs), else 0 */
  void *spill;        /* tiles on CPUs: REDU__BINS_SORT_TILE_MEM(threads) bytes a team */
  size_t n;
  redu__bins_sort_layout lay;
  int shift;               /* the digit: (key >> shift) % REDU__BINS_SORT_RADIX */
  uint32_t clamp;          /* keys above it become it */
  const uint32_t *keys_in; /* device memory */
  const size_t *pos_in;    /* NULL: the positions 0, 1, ... (the first pass) */
  uint32_t *keys_out;
  size_t *pos_out;
  uint64_t *counts; /* REDU__BINS_SORT_RADIX * chunks */
  const unsigned char *vals_in;
  unsigned char *vals_out;
  size_t size, align, nbins;
  int heads;
} redu__bins_sort_pass;

#pragma omp begin declare target
/* A key's digit, the key clamped first. */
static inline unsigned redu__bins_sort_digit(uint32_t key, uint32_t clamp, int shift)
{
  return ((key < clamp ? key : clamp) >> shift) % REDU__BINS_SORT_RADIX;
}
/* The lanes of this warp whose d (below 32) is this lane's, as a mask (every lane calls it):
 * five ballots, one per bit of d. */
static inline uint64_t redu__bins_sort_peers(unsigned d)
{
  unsigned ws = redu__dev_warp_size();
  uint64_t peers = ws < 64 ? ((uint64_t)1 << ws) - 1 : ~(uint64_t)0;
  for (unsigned bit = 1; bit < 32; bit <<= 1) {
    uint64_t set = redu__dev_warp_ballot((d & bit) != 0);
    peers &= d & bit ? set : ~set;
  }
  return peers;
}
#pragma omp end declare target

#pragma omp begin declare target
/* One element of `size` bytes, in the widest words its size and alignment allow. */
static inline void redu__bins_sort_copy(unsigned char *to, const unsigned char *from, size_t size,
                                        size_t align)
{
  if (size % 8 == 0 && align >= 8)
    for (size_t b = 0; b < size; b += 8)
      *(uint64_t *)(to + b) = *(const uint64_t *)(from + b);
  else if (size % 4 == 0 && align >= 4)
    for (size_t b = 0; b < size; b += 4)
      *(uint32_t *)(to + b) = *(const uint32_t *)(from + b);
  else
    for (size_t b = 0; b < size; ++b)
      to[b] = from[b];
}
#pragma omp end declare target

/* A pass's scalars as locals (a struct would be mapped into every launch). */
#define REDU__BINS_SORT_LOCALS(P)                                                                  \
  const uint32_t *keys = (P)->keys_in;                                                             \
  const size_t *pos = (P)->pos_in;                                                                 \
  uint32_t *keys_out = (P)->keys_out;                                                              \
  size_t *pos_out = (P)->pos_out;                                                                  \
  uint64_t *counts = (P)->counts;                                                                  \
  void *spill = (P)->spill;                                                                        \
  size_t chunks = (P)->lay.chunks, chunk = (P)->lay.chunk, n = (P)->n, team_mem = (P)->team_mem;   \
  int shift = (P)->shift, threads = (P)->threads;                                                  \
  uint32_t clamp = (P)->clamp;                                                                     \
  (void)pos, (void)keys_out, (void)pos_out, (void)spill, (void)team_mem, (void)threads

/* counts[d * chunks + c]: the pairs of run c whose digit is d. Runs: a thread each. */
static inline void redu__bins_sort_count_runs(const redu__bins_sort_pass *P)
{
  REDU__BINS_SORT_LOCALS(P);
  REDU__PRAGMA(omp target teams distribute parallel for device(P->device) num_teams(P->teams) thread_limit(P->threads) is_device_ptr(keys, counts))
  for (size_t c = 0; c < chunks; ++c) {
    size_t e = n - c * chunk > chunk ? c * chunk + chunk : n;
    uint64_t count[REDU__BINS_SORT_RADIX] = {0};
    for (size_t i = c * chunk; i < e; ++i)
      ++count[redu__bins_sort_digit(keys[i], clamp, shift)];
    for (unsigned d = 0; d < REDU__BINS_SORT_RADIX; ++d)
      counts[d * chunks + c] = count[d];
  }
}

/* After the table's exclusive scan: every run's pairs to their places, in order. */
static inline void redu__bins_sort_scatter_runs(const redu__bins_sort_pass *P)
{
  REDU__BINS_SORT_LOCALS(P);
  const unsigned char *vals_in = P->vals_in;
  unsigned char *vals_out = P->vals_out;
  size_t size = P->size, align = P->align, nbins = P->nbins;
  int heads = P->heads;
  REDU__PRAGMA(omp target teams distribute parallel for device(P->device) num_teams(P->teams) thread_limit(P->threads) is_device_ptr(keys, pos, keys_out, pos_out, counts, vals_in, vals_out))
  for (size_t c = 0; c < chunks; ++c) {
    size_t e = n - c * chunk > chunk ? c * chunk + chunk : n;
    uint64_t next[REDU__BINS_SORT_RADIX];
    for (unsigned d = 0; d < REDU__BINS_SORT_RADIX; ++d)
      next[d] = counts[d * chunks + c];
    for (size_t i = c * chunk; i < e; ++i) {
      uint32_t k = keys[i] < clamp ? keys[i] : clamp;
      size_t to = next[redu__bins_sort_digit(k, clamp, shift)]++;
      keys_out[to] = k;
      pos_out[to] = pos ? pos[i] : i;
      if (vals_out && k < nbins)
        redu__bins_sort_copy(vals_out + (to + (heads ? (size_t)k + 1 : 0)) * size,
                             vals_in + i * size, size, align);
    }
  }
}

/* The tiled launches: a team a tile in turn (tiles team, team + teams, ...), its scratch
 * (REDU__BINS_SORT_TILE_MEM) in team memory or its slice of the spill. */
#define REDU__BINS_SORT_TILE_TARGET(P, ...)                                                        \
  REDU__PRAGMA(omp target teams device((P)->device) num_teams((P)->teams) thread_limit(            \
      (P)->threads) is_device_ptr(__VA_ARGS__) ompx_dyn_cgroup_mem((P)->team_mem))                 \
  REDU__PRAGMA(omp parallel num_threads(threads))

/* counts[d * chunks + c] for the tiles: each tile's digits counted by team atomics. */
static inline void redu__bins_sort_count_tiles(const redu__bins_sort_pass *P)
{
  REDU__BINS_SORT_LOCALS(P);
  REDU__BINS_SORT_TILE_TARGET(P, keys, counts, spill)
  {
    unsigned *tally =
        (unsigned *)redu__dev_team_slice(team_mem, spill, REDU__BINS_SORT_TILE_MEM(threads));
    size_t tid = (size_t)omp_get_thread_num(), nth = (size_t)omp_get_num_threads();
    for (size_t c = (size_t)omp_get_team_num(); c < chunks; c += (size_t)omp_get_num_teams()) {
      size_t e = n - c * chunk > chunk ? c * chunk + chunk : n;
      for (size_t d = tid; d < REDU__BINS_SORT_RADIX; d += nth)
        tally[d] = 0;
#pragma omp barrier
      for (size_t i = c * chunk + tid; i < e; i += nth)
        redu__dev_team_add_u32(tally + redu__bins_sort_digit(keys[i], clamp, shift), 1);
#pragma omp barrier
      for (size_t d = tid; d < REDU__BINS_SORT_RADIX; d += nth)
        counts[d * chunks + c] = tally[d];
#pragma omp barrier
    }
  }
}

/* After the table's exclusive scan, each tile row by row: a pair's place is its digit's first
 * for the tile (the table), the tile's earlier rows' pairs of that digit, the earlier warps'
 * in this row, and this warp's earlier lanes' (their ballots). */
static inline void redu__bins_sort_scatter_tiles(const redu__bins_sort_pass *P)
{
  REDU__BINS_SORT_LOCALS(P);
  REDU__BINS_SORT_TILE_TARGET(P, keys, pos, keys_out, pos_out, counts, spill)
  {
    /* run[d]: the tile's rows so far; warps[w * 16 + d]: warp w's in this row */
    unsigned *run = (unsigned *)redu__dev_team_slice(team_mem, spill,
                                                     REDU__BINS_SORT_TILE_MEM(threads)),
             *warps = run + REDU__BINS_SORT_RADIX;
    size_t tid = (size_t)omp_get_thread_num(), nth = (size_t)omp_get_num_threads();
    size_t ws = redu__dev_warp_size(), lane = tid % ws, warp = tid / ws,
           nwarps = (nth + ws - 1) / ws;
    uint64_t below = ((uint64_t)1 << lane) - 1;
    for (size_t c = (size_t)omp_get_team_num(); c < chunks; c += (size_t)omp_get_num_teams()) {
      size_t e = n - c * chunk > chunk ? c * chunk + chunk : n;
      for (size_t d = tid; d < REDU__BINS_SORT_RADIX * (1 + nwarps); d += nth)
        run[d] = 0; /* and every warp's counts */
#pragma omp barrier
      for (size_t row = c * chunk; row < e; row += nth) {
        size_t i = row + tid;
        uint32_t k = i < e ? (keys[i] < clamp ? keys[i] : clamp) : 0;
        /* past the tile's end: digit 16, no pair's */
        unsigned d = i < e ? redu__bins_sort_digit(k, clamp, shift) : REDU__BINS_SORT_RADIX;
        uint64_t peers = redu__bins_sort_peers(d);
        if (i < e && !(peers & below)) /* the digit's first lane in this warp */
          warps[warp * REDU__BINS_SORT_RADIX + d] = (unsigned)__builtin_popcountll(peers);
#pragma omp barrier
        if (i < e) {
          size_t to = counts[d * chunks + c] + run[d] + (size_t)__builtin_popcountll(peers & below);
          for (size_t w = 0; w < warp; ++w)
            to += warps[w * REDU__BINS_SORT_RADIX + d];
          keys_out[to] = k;
          pos_out[to] = pos ? pos[i] : i;
        }
#pragma omp barrier
        for (size_t dd = tid; dd < REDU__BINS_SORT_RADIX; dd += nth)
          for (size_t w = 0; w < nwarps; ++w) {
            run[dd] += warps[w * REDU__BINS_SORT_RADIX + dd];
            warps[w * REDU__BINS_SORT_RADIX + dd] = 0;
          }
#pragma omp barrier
      }
    }
  }
}

/* One pass's count and scatter launches (the caller scans the table between them). */
static inline void redu__bins_sort_count(const redu__bins_sort_pass *P)
{
  if (P->lay.tiles)
    redu__bins_sort_count_tiles(P);
  else
    redu__bins_sort_count_runs(P);
}
static inline void redu__bins_sort_scatter(const redu__bins_sort_pass *P)
{
  if (P->lay.tiles)
    redu__bins_sort_scatter_tiles(P);
  else
    redu__bins_sort_scatter_runs(P);
}

/* offsets[k] for k in [0, nbins]: the first of the n sorted keys that is >= k. */
static inline void redu__bins_sort_offsets(int device, const uint32_t *keys, size_t n, size_t nbins,
                                           size_t *offsets)
{
  REDU__PRAGMA(omp target teams distribute parallel for device(device) is_device_ptr(keys, offsets))
  for (size_t k = 0; k <= nbins; ++k) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (keys[mid] < k)
        lo = mid + 1;
      else
        hi = mid;
    }
    offsets[k] = lo;
  }
}

/* values: x's first `good` sorted elements bin by bin; when accumulating (heads non-NULL),
 * bin k's segment opens with heads[k] and every offset moves past the heads before it. */
static inline void redu__bins_sort_gather(int device, const uint32_t *keys, const size_t *pos,
                                          size_t good, const void *x, const void *heads,
                                          size_t nbins, size_t size, size_t align, size_t *offsets,
                                          void *values)
{
  const unsigned char *from = x, *head = heads;
  unsigned char *to = values;
  int acc = heads != NULL;
  REDU__PRAGMA(omp target teams distribute parallel for device(device) is_device_ptr(keys, pos, from, to))
  for (size_t i = 0; i < good; ++i) {
    redu__bins_sort_copy(to + (i + (acc ? (size_t)keys[i] + 1 : 0)) * size, from + pos[i] * size,
                         size, align);
  }
  if (!acc)
    return;
  REDU__PRAGMA(omp target teams distribute parallel for device(device) is_device_ptr(head, to, offsets))
  for (size_t k = 0; k <= nbins; ++k) {
    if (k < nbins)
      redu__bins_sort_copy(to + (offsets[k] + k) * size, head + k * size, size, align);
    offsets[k] += k;
  }
}

/* out[k] for k in [0, nbins): the last element of bin k's segment of values (after an
 * inclusive scan of each segment: the bin's total), or all zero bits for an empty bin (+0.0,
 * float sums' identity; float sums into very many bins, host/redu_bins_sort.c). */
static inline void redu__bins_sort_last(int device, const void *values, const size_t *offsets,
                                        size_t nbins, size_t size, size_t align, void *out)
{
  const unsigned char *from = values;
  unsigned char *to = out;
  REDU__PRAGMA(omp target teams distribute parallel for device(device) is_device_ptr(from, offsets, to))
  for (size_t k = 0; k < nbins; ++k) {
    size_t b = offsets[k], e = offsets[k + 1];
    if (e > b)
      redu__bins_sort_copy(to + k * size, from + (e - 1) * size, size, align);
    else
      for (size_t q = 0; q < size; ++q)
        to[k * size + q] = 0;
  }
}

#endif

/* The kernels of a declared reduction's bins (redu_bins_reduce_<name>, libredu/redu_udr.h):
 * a combiner libredu knows nothing of cannot be folded by atomics, so the keys are sorted
 * stably and each bin becomes one segment of the segmented reduction, its elements in index
 * order (ordered combiners need it; commutative ones get the same bits on every run).
 *
 * The sort is a least-significant-digit radix sort of (key, position) pairs, 4-bit digits:
 * each pass
 * splits the pairs into `chunks` runs of `chunk` consecutive ones, counts each run's digits
 * (a digit-major table: counts[d * chunks + c]), scans the table (each run's first place for
 * each digit), and scatters every run in order. A run is one thread's, so a pass keeps the
 * order of equal digits: stable, and the result is the same on every plan. Keys at or past
 * nbins are clamped to nbins first: they sort last, the lowest position first.
 * Then offsets[k] (k = 0..nbins) is the first sorted place of a key >= k, and the gather
 * copies x's elements in sorted order, each bin after its head (out[k]) when accumulating. */
#ifndef REDU_BINS_SORT_H
#define REDU_BINS_SORT_H

#include "device/redu_internal.h"

#include "device/redu_team_scratch.h" /* REDU__PRAGMA */
#include <omp.h>
#include <stddef.h>
#include <stdint.h>

/* Bits of a digit: 16 digits, whose counters a thread keeps to itself (an array the compiler
 * keeps in registers or the thread's cached local memory); with 256, counting in the
 * table in device memory took 8,192-element runs on 16,384 threads, each increment a
 * round trip to memory: 71.6 ms for 2^27 doubles into 1,024 bins on the H100. */
#define REDU__BINS_SORT_BITS 4
#define REDU__BINS_SORT_RADIX (1 << REDU__BINS_SORT_BITS)

/* Where the pairs lie: pair p (in the order of the sort) at p, or, transposed (GPUs),
 * at (p % chunk) * chunks + p / chunk (chunk = 2^chunk_log2): the threads of a warp, each
 * reading its own run in order, then read neighbouring words (without it, runs of 64 keys
 * read from the run's own lines, 32 lines a warp load, ran at 15 GB/s on the H100). */
typedef struct redu__bins_sort_layout {
  size_t chunks, chunk; /* runs of `chunk` pairs, one thread each; the last may be shorter */
  int transposed;
  int chunk_log2; /* transposed only */
} redu__bins_sort_layout;

#pragma omp begin declare target
/* A transposed layout's place of pair p, from scalars (the kernels below read no struct per
 * element). */
static inline size_t redu__bins_sort_place(size_t p, size_t chunk, size_t chunks, int chunk_log2)
{
  return (p & (chunk - 1)) * chunks + (p >> chunk_log2);
}
/* Pair p's place in layout l. */
static inline size_t redu__bins_sort_at(redu__bins_sort_layout l, size_t p)
{
  return l.transposed ? redu__bins_sort_place(p, l.chunk, l.chunks, l.chunk_log2) : p;
}
#pragma omp end declare target

/* One radix pass. */
typedef struct redu__bins_sort_pass {
  int device;
  int teams, threads; /* the count and scatter launches': a thread a run (a default launch
                         took 32 threads a team and 512 teams, each thread 128 runs in turn
                         at 2^27: 95 ms for 2^27 doubles into 1,024 bins on the H100) */
  size_t n;
  redu__bins_sort_layout lay;
  int shift;               /* the digit: (key >> shift) % REDU__BINS_SORT_RADIX */
  uint32_t clamp;          /* keys above it become it */
  const uint32_t *keys_in; /* device memory, laid out as lay says */
  const size_t *pos_in;    /* NULL: the positions 0, 1, ... (the first pass) */
  uint32_t *keys_out;
  size_t *pos_out;
  uint64_t *counts; /* REDU__BINS_SORT_RADIX * chunks */
} redu__bins_sort_pass;

#pragma omp begin declare target
/* A key's digit, the key clamped first. */
static inline unsigned redu__bins_sort_digit(uint32_t key, uint32_t clamp, int shift)
{
  return ((key < clamp ? key : clamp) >> shift) % REDU__BINS_SORT_RADIX;
}
/* Transposed runs (at most 255 pairs): digit d's counter is byte d % 8 of word lo (d < 8)
 * or hi, all in registers (an array of counters indexed by the digit lived in local memory:
 * 152 MB of L1 traffic to count 4 MB of keys on the H100). */
static inline unsigned redu__bins_sort_rank(uint64_t lo, uint64_t hi, unsigned d)
{
  return (unsigned)(((d < 8 ? lo : hi) >> (8 * (d % 8))) & 0xff);
}
/* Counter d's word after one more pair: lo when d < 8 (pass lo), hi else (pass hi). Values,
 * not pointers: a local whose address reaches a function is globalized (docs/design.md). */
static inline uint64_t redu__bins_sort_bump(uint64_t word, unsigned d, int in_lo)
{
  return word + ((d < 8) == in_lo ? (uint64_t)1 << (8 * (d % 8)) : 0);
}
#pragma omp end declare target

/* counts[d * chunks + c]: the pairs of run c whose digit is d. */
static inline void redu__bins_sort_count(const redu__bins_sort_pass *P)
{
  const uint32_t *keys = P->keys_in;
  uint64_t *counts = P->counts;
  size_t chunks = P->lay.chunks, chunk = P->lay.chunk, n = P->n;
  int transposed = P->lay.transposed, lg = P->lay.chunk_log2, shift = P->shift;
  uint32_t clamp = P->clamp;
  REDU__PRAGMA(omp target teams distribute parallel for device(P->device) num_teams(P->teams) thread_limit(P->threads) is_device_ptr(keys, counts))
  for (size_t c = 0; c < chunks; ++c) {
    size_t e = n - c * chunk > chunk ? c * chunk + chunk : n;
    if (transposed) {
      uint64_t lo = 0, hi = 0;
      for (size_t i = c * chunk; i < e; ++i) {
        unsigned d =
            redu__bins_sort_digit(keys[redu__bins_sort_place(i, chunk, chunks, lg)], clamp, shift);
        lo = redu__bins_sort_bump(lo, d, 1), hi = redu__bins_sort_bump(hi, d, 0);
      }
      for (unsigned d = 0; d < REDU__BINS_SORT_RADIX; ++d)
        counts[d * chunks + c] = redu__bins_sort_rank(lo, hi, d);
    } else {
      uint64_t count[REDU__BINS_SORT_RADIX] = {0};
      for (size_t i = c * chunk; i < e; ++i)
        ++count[redu__bins_sort_digit(keys[i], clamp, shift)];
      for (unsigned d = 0; d < REDU__BINS_SORT_RADIX; ++d)
        counts[d * chunks + c] = count[d];
    }
  }
}

/* After the table's exclusive scan: every run's pairs to their places, in order. */
static inline void redu__bins_sort_scatter(const redu__bins_sort_pass *P)
{
  const uint32_t *keys = P->keys_in;
  const size_t *pos = P->pos_in;
  uint32_t *keys_out = P->keys_out;
  size_t *pos_out = P->pos_out;
  uint64_t *counts = P->counts;
  size_t chunks = P->lay.chunks, chunk = P->lay.chunk, n = P->n;
  int transposed = P->lay.transposed, lg = P->lay.chunk_log2, shift = P->shift;
  uint32_t clamp = P->clamp;
  REDU__PRAGMA(omp target teams distribute parallel for device(P->device) num_teams(P->teams) thread_limit(P->threads) is_device_ptr(keys, pos, keys_out, pos_out, counts))
  for (size_t c = 0; c < chunks; ++c) {
    size_t e = n - c * chunk > chunk ? c * chunk + chunk : n;
    if (transposed) { /* each place: the run's first for the digit (the table) plus its rank */
      uint64_t lo = 0, hi = 0;
      for (size_t i = c * chunk; i < e; ++i) {
        size_t at = redu__bins_sort_place(i, chunk, chunks, lg);
        uint32_t k = keys[at] < clamp ? keys[at] : clamp;
        unsigned d = redu__bins_sort_digit(k, clamp, shift);
        size_t to = redu__bins_sort_place(counts[d * chunks + c] + redu__bins_sort_rank(lo, hi, d),
                                          chunk, chunks, lg);
        lo = redu__bins_sort_bump(lo, d, 1), hi = redu__bins_sort_bump(hi, d, 0);
        keys_out[to] = k;
        pos_out[to] = pos ? pos[at] : i;
      }
    } else {
      uint64_t next[REDU__BINS_SORT_RADIX];
      for (unsigned d = 0; d < REDU__BINS_SORT_RADIX; ++d)
        next[d] = counts[d * chunks + c];
      for (size_t i = c * chunk; i < e; ++i) {
        uint32_t k = keys[i] < clamp ? keys[i] : clamp;
        size_t to = next[redu__bins_sort_digit(k, clamp, shift)]++;
        keys_out[to] = k;
        pos_out[to] = pos ? pos[i] : i;
      }
    }
  }
}

/* The first pass's keys laid out as lay says (transposed layouts only). */
static inline void redu__bins_sort_lay_out(int device, redu__bins_sort_layout lay,
                                           const uint32_t *keys, size_t n, uint32_t *to)
{
  REDU__PRAGMA(omp target teams distribute parallel for device(device) is_device_ptr(keys, to))
  for (size_t i = 0; i < n; ++i)
    to[redu__bins_sort_at(lay, i)] = keys[i];
}

/* offsets[k] for k in [0, nbins]: the first of the n sorted keys that is >= k. */
static inline void redu__bins_sort_offsets(int device, redu__bins_sort_layout lay,
                                           const uint32_t *keys, size_t n, size_t nbins,
                                           size_t *offsets)
{
  REDU__PRAGMA(omp target teams distribute parallel for device(device) is_device_ptr(keys, offsets))
  for (size_t k = 0; k <= nbins; ++k) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (keys[redu__bins_sort_at(lay, mid)] < k)
        lo = mid + 1;
      else
        hi = mid;
    }
    offsets[k] = lo;
  }
}

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

/* values: x's first `good` sorted elements bin by bin; when accumulating (heads non-NULL),
 * bin k's segment opens with heads[k] and every offset moves past the heads before it. */
static inline void redu__bins_sort_gather(int device, redu__bins_sort_layout lay,
                                          const uint32_t *keys, const size_t *pos, size_t good,
                                          const void *x, const void *heads, size_t nbins,
                                          size_t size, size_t align, size_t *offsets, void *values)
{
  const unsigned char *from = x, *head = heads;
  unsigned char *to = values;
  int acc = heads != NULL;
  REDU__PRAGMA(omp target teams distribute parallel for device(device) is_device_ptr(keys, pos, from, to))
  for (size_t i = 0; i < good; ++i) {
    size_t at = redu__bins_sort_at(lay, i);
    redu__bins_sort_copy(to + (i + (acc ? (size_t)keys[at] + 1 : 0)) * size, from + pos[at] * size,
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

#endif

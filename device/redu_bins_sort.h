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

/* One radix pass. */
typedef struct redu__bins_sort_pass {
  int device;
  size_t n;
  size_t chunks, chunk;    /* runs of `chunk` pairs, one thread each */
  int shift;               /* the digit: (key >> shift) % REDU__BINS_SORT_RADIX */
  uint32_t clamp;          /* keys above it become it */
  const uint32_t *keys_in; /* device memory */
  const size_t *pos_in;    /* NULL: the positions 0, 1, ... (the first pass) */
  uint32_t *keys_out;
  size_t *pos_out;
  uint64_t *counts; /* REDU__BINS_SORT_RADIX * chunks */
} redu__bins_sort_pass;

#pragma omp begin declare target
static inline size_t redu__bins_sort_digit(const redu__bins_sort_pass *P, uint32_t key)
{
  return ((key < P->clamp ? key : P->clamp) >> P->shift) % REDU__BINS_SORT_RADIX;
}
#pragma omp end declare target

/* counts[d * chunks + c]: the pairs of run c whose digit is d. */
static inline void redu__bins_sort_count(const redu__bins_sort_pass *P)
{
  const uint32_t *keys = P->keys_in;
  uint64_t *counts = P->counts;
  size_t chunks = P->chunks, chunk = P->chunk, n = P->n;
  redu__bins_sort_pass p = *P;
  REDU__PRAGMA(omp target teams distribute parallel for device(P->device) is_device_ptr(keys, counts) firstprivate(p))
  for (size_t c = 0; c < chunks; ++c) {
    uint64_t count[REDU__BINS_SORT_RADIX] = {0};
    size_t e = n - c * chunk > chunk ? c * chunk + chunk : n;
    for (size_t i = c * chunk; i < e; ++i)
      ++count[redu__bins_sort_digit(&p, keys[i])];
    for (size_t d = 0; d < REDU__BINS_SORT_RADIX; ++d)
      counts[d * chunks + c] = count[d];
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
  size_t chunks = P->chunks, chunk = P->chunk, n = P->n;
  redu__bins_sort_pass p = *P;
  REDU__PRAGMA(omp target teams distribute parallel for device(P->device) is_device_ptr(keys, pos, keys_out, pos_out, counts) firstprivate(p))
  for (size_t c = 0; c < chunks; ++c) {
    uint64_t next[REDU__BINS_SORT_RADIX];
    for (size_t d = 0; d < REDU__BINS_SORT_RADIX; ++d)
      next[d] = counts[d * chunks + c];
    size_t e = n - c * chunk > chunk ? c * chunk + chunk : n;
    for (size_t i = c * chunk; i < e; ++i) {
      uint32_t k = keys[i] < p.clamp ? keys[i] : p.clamp;
      uint64_t to = next[redu__bins_sort_digit(&p, k)]++;
      keys_out[to] = k;
      pos_out[to] = pos ? pos[i] : i;
    }
  }
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
static inline void redu__bins_sort_gather(int device, const uint32_t *keys, const size_t *pos,
                                          size_t good, const void *x, const void *heads,
                                          size_t nbins, size_t size, size_t align, size_t *offsets,
                                          void *values)
{
  const unsigned char *from = x, *head = heads;
  unsigned char *to = values;
  int acc = heads != NULL;
  REDU__PRAGMA(omp target teams distribute parallel for device(device) is_device_ptr(keys, pos, from, to))
  for (size_t i = 0; i < good; ++i)
    redu__bins_sort_copy(to + (i + (acc ? (size_t)keys[i] + 1 : 0)) * size, from + pos[i] * size,
                         size, align);
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

/* The segmented cases of redu-bench, shared by redu-bench (C) and redu-bench-cub (CUDA C++)
 * so that both reduce the same offsets: uniform 1K, 64K and 1M elements, a power-law mix
 * (lengths 2^0 .. 2^20 from a fixed hash), and 10,000 segments of 1,000. */
#ifndef BENCH_SEG_CASES_H
#define BENCH_SEG_CASES_H

#include <stddef.h>
#include <stdint.h>

enum {
  BENCH_SEG_CASE_U1K,
  BENCH_SEG_CASE_U64K,
  BENCH_SEG_CASE_U1M,
  BENCH_SEG_CASE_POWER,
  BENCH_SEG_CASE_MANY,
  BENCH_SEG_CASES
};
enum { BENCH_SEG_MANY = 10000, BENCH_SEG_MANY_LEN = 1000 };
static const char *const bench_seg_names[BENCH_SEG_CASES] = {"u1k", "u64k", "u1m", "power",
                                                             "10kx1k"};

/* Elements of case c when the run's size is max_n (0: the case does not fit). */
static inline size_t bench_seg_case_n(int c, size_t max_n)
{
  static const size_t uniform[] = {1024, 65536, 1048576};
  if (c < BENCH_SEG_CASE_POWER)
    return max_n >= 4 * uniform[c] ? max_n : 0;
  if (c == BENCH_SEG_CASE_POWER)
    return max_n;
  return max_n >= (size_t)BENCH_SEG_MANY * BENCH_SEG_MANY_LEN
             ? (size_t)BENCH_SEG_MANY * BENCH_SEG_MANY_LEN
             : max_n / BENCH_SEG_MANY_LEN * BENCH_SEG_MANY_LEN;
}

static inline uint64_t bench_seg_hash(uint64_t k)
{
  uint64_t z = k * 0x9e3779b97f4a7c15ull + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Segment k's length in case c (the last power-law segment is cut at n). */
static inline size_t bench_seg_len(int c, size_t k)
{
  static const size_t uniform[] = {1024, 65536, 1048576};
  if (c < BENCH_SEG_CASE_POWER)
    return uniform[c];
  if (c == BENCH_SEG_CASE_POWER)
    return (size_t)1 << (bench_seg_hash(k) % 21);
  return BENCH_SEG_MANY_LEN;
}

/* Writes the nseg + 1 offsets of case c over n elements; returns nseg. offs may be NULL
 * (count only). */
static inline size_t bench_seg_fill(int c, size_t n, size_t *offs)
{
  size_t k = 0, at = 0;
  if (offs)
    offs[0] = 0;
  while (at < n) {
    size_t len = bench_seg_len(c, k);
    at = len < n - at ? at + len : n;
    if (offs)
      offs[k + 1] = at;
    ++k;
  }
  return k;
}

static inline size_t bench_seg_count(int c, size_t n) { return bench_seg_fill(c, n, NULL); }
static inline void bench_seg_offsets(int c, size_t n, size_t *offs) { bench_seg_fill(c, n, offs); }

#endif

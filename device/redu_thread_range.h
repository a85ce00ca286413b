/* Which indices of [0, n) a thread visits, for thread g of `stride` in the grid, and how a
 * thread walks its 16-byte words in rounds of four. */
#ifndef REDU_THREAD_RANGE_H
#define REDU_THREAD_RANGE_H

#include "device/redu_internal.h"

#include "device/redu_target.h"
#include <stddef.h>

/* first, first + step, ... below end. Returned by value: a local whose address is passed
 * on is "globalized" by clang's OpenMP GPU codegen (redu_team_scratch.h). */
typedef struct redu__range {
  size_t first, step, end;
} redu__range;

#pragma omp begin declare target
/* Interleaved (grid-stride) where the target coalesces that way and the order may change;
 * else one contiguous chunk per thread (CPUs, and every ordered combiner). */
static inline redu__range redu__dev_thread_range(size_t n, int ordered, size_t g, size_t stride)
{
  redu__range r;
  if (!ordered && redu__dev_interleave_words()) {
    r.first = g, r.step = stride, r.end = n;
    return r;
  }
  size_t chunk = n / stride + (n % stride != 0);
  r.first = g * chunk < n ? g * chunk : n;
  r.end = n - r.first < chunk ? n : r.first + chunk;
  r.step = 1;
  return r;
}
#pragma omp end declare target

/* A thread's rounds of four 16-byte words, xw[i + k * step] for k < 4, from i while
 * i + 3 * step < end, each round's words loaded before the previous round's are folded, so
 * that a warp's loads stay in flight while it folds: FOLD, a statement over the round's
 * words w0..w3 and i. i is left past the last whole round. Declared reductions (H100:
 * Welford 1.25 -> 1.10x its bound) and arg ops (H200: argmin f32 1.44 -> 1.09x the read)
 * take it; value ops over built-in types lost by it (docs/performance.md, tuning log). */
#define REDU__PIPELINED_ROUNDS(xw, i, step, end, FOLD)                                             \
  if ((i) + 3 * (step) < (end)) {                                                                  \
    redu__word16 w0 = redu__dev_load16((xw) + (i)), w1 = redu__dev_load16((xw) + (i) + (step));    \
    redu__word16 w2 = redu__dev_load16((xw) + (i) + 2 * (step));                                   \
    redu__word16 w3 = redu__dev_load16((xw) + (i) + 3 * (step));                                   \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; (i) + 7 * (step) < (end); (i) += 4 * (step)) {                                          \
      redu__word16 n0 = redu__dev_load16((xw) + (i) + 4 * (step));                                 \
      redu__word16 n1 = redu__dev_load16((xw) + (i) + 5 * (step));                                 \
      redu__word16 n2 = redu__dev_load16((xw) + (i) + 6 * (step));                                 \
      redu__word16 n3 = redu__dev_load16((xw) + (i) + 7 * (step));                                 \
      FOLD;                                                                                        \
      w0 = n0, w1 = n1, w2 = n2, w3 = n3;                                                          \
    }                                                                                              \
    FOLD;                                                                                          \
    (i) += 4 * (step);                                                                             \
  }

#endif

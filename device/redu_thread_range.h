/* Which indices of [0, n) a thread visits, for thread g of `stride` in the grid. */
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

#endif

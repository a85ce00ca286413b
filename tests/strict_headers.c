/* Every public header under the strictest warnings a user may build with (tests/CMakeLists.txt
 * compiles this file with -Wall -Wextra -Wconversion -Wshadow -Wpedantic -Werror): a
 * declared reduction, a region with a value, an arg, a declared and an exact kind, and a
 * scanning region with value, declared and exact kinds, so that what the macros stamp is
 * compiled too. Nothing runs: a warning fails the build. */
#include "redu.h"
#include "redu_multi.h"
#include "redu_region.h"
#include "redu_segmented.h"
#include "redu_udr.h"
#ifdef REDU_STRICT_MPI
#include "redu_mpi.h"
#endif
#include <stddef.h>
#include <stdint.h>

typedef struct {
  double lo, hi;
} strict_span;

static inline strict_span strict_span_join(strict_span a, strict_span b)
{
  return (strict_span){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
}

REDU_DECLARE_REDUCTION(strict_span, strict_span, strict_span_join, REDU_COMMUTATIVE,
                       {__builtin_inf(), -__builtin_inf()})

double strict_headers(int dev, const double *x, size_t n);
double strict_headers(int dev, const double *x, size_t n)
{
  double dot = 0, amax = 0, v = 0, xs = 0;
  size_t at = REDU_NO_INDEX;
  int64_t count = 0;
  strict_span s = {0, 0};
  redu_status st;
  REDU_FOR(st, dev, i, n, (x), (sum_f64, dot), (max_f64, amax), (sum_i64, count),
           (argmin_f64, v, at), (strict_span, s), (sum_exact_f64, xs))
  {
    dot += x[i] * x[i];
    amax = redu_region_max_f64(amax, x[i]);
    count += x[i] > 0;
    if (redu_region_argmin_wins_f64(x[i], i, v, at))
      v = x[i], at = i;
    s = strict_span_join(s, (strict_span){x[i], x[i]});
    xs += x[i];
  }
  /* A void pointer among the region's pointers (the CPU loop prefetches along each). */
  const void *raw = x;
  double rawsum = 0;
  REDU_FOR(st, dev, i, n, (raw, x), (sum_f64, rawsum)) { rawsum += ((const double *)raw)[i]; }
  dot += rawsum;
  double total = 0;
  REDU_FOR_CLAUSES(st, dev, i, n, (is_device_ptr(x)), (sum_f64, total)) { total += x[i]; }
  double lo = 0;
  REDU_FOR_NOWAIT(st, dev, i, n, (is_device_ptr(x)), (min_f64, lo))
  {
    lo = redu_region_min_f64(lo, x[i]);
  }
#pragma omp taskwait
  double run = 0, sx = 0;
  strict_span seen = {0, 0};
  int64_t kept = 0;
  REDU_FOR_SCAN(st, dev, i, n, (x), (inclusive, sum_f64, run), (exclusive, sum_i64, kept),
                (inclusive, strict_span, seen), (exclusive, sum_exact_f64, sx))
  {
    run += x[i];
    kept += x[i] > 0;
    seen = strict_span_join(seen, (strict_span){x[i], x[i]});
    sx += x[i];
  }
  REDU_SCAN_PHASE { dot += run + (double)kept + seen.hi + sx; }
  strict_span whole;
  if (redu_reduce_strict_span(dev, (const strict_span *)NULL, 0, &whole, NULL) != REDU_OK)
    return 0;
  return dot + amax + (double)count + v + (double)at + s.lo + xs + total + lo + whole.hi +
         (double)st;
}

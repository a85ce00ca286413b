/* Welford mean/variance state as a user-declared reduction over doubles (welford.c, redu-bench). */
#ifndef EXAMPLE_WELFORD_H
#define EXAMPLE_WELFORD_H

#include "redu_udr.h"
#include <math.h>
#include <stdint.h>

typedef struct {
  double count, mean, m2; /* m2: sum of squared deviations from the mean */
} welford;

/* Merging two partial states (Chan, Golub, LeVeque): exact in count, stable in m2. */
static inline welford welford_merge(welford a, welford b)
{
  if (a.count == 0)
    return b;
  if (b.count == 0)
    return a;
  double count = a.count + b.count, delta = b.mean - a.mean;
  if (b.count == 1) /* one new sample: Welford's update, one division instead of two */
    return (welford){count, a.mean + delta / count,
                     a.m2 + delta * (b.mean - a.mean - delta / count)};
  return (welford){count, a.mean + delta * (b.count / count),
                   a.m2 + b.m2 + delta * delta * (a.count * b.count / count)};
}

static inline welford welford_of(double v, size_t i)
{
  (void)i;
  return (welford){1.0, v, 0.0};
}

REDU_DECLARE_REDUCTION(welford_stats, welford, welford_merge, REDU_COMMUTATIVE, {0, 0, 0})
REDU_DEFINE_TRANSFORM_REDUCTION(welford_of_doubles, welford_stats, double, welford_of)

#endif

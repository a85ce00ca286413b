/* An exact kind beside a 64-byte declared kind, which only the tree combines. */
#include "redu_region.h"
typedef struct {
  double v[8];
} wide;
static inline wide wide_add(wide a, wide b)
{
  for (int k = 0; k < 8; ++k)
    a.v[k] += b.v[k];
  return a;
}
REDU_DECLARE_REDUCTION(wide_sum, wide, wide_add, REDU_COMMUTATIVE, {{0}})
double f(int dev, size_t n);
double f(int dev, size_t n)
{
  double a = 0;
  wide w = {{0}};
  redu_status st;
  REDU_FOR(st, dev, i, n, (), (sum_exact_f64, a), (wide_sum, w)) { a += (double)i; }
  return (double)st + a + w.v[0];
}

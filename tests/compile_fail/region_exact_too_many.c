/* Three exact kinds in one region (each takes a long accumulator). */
#include "redu_region.h"
double f(int dev, size_t n);
double f(int dev, size_t n)
{
  double a = 0, b = 0, c = 0;
  redu_status st;
  REDU_FOR(st, dev, i, n, (), (sum_exact_f64, a), (sum_exact_f64, b), (sum_exact_f64, c))
  {
    a += (double)i;
  }
  return (double)st + a + b + c;
}

/* A reduction of four not marked bins: refused, naming it. */
#include "redu_region.h"
int f(int dev, const double *x, size_t n, double *h, size_t nb);
int f(int dev, const double *x, size_t n, double *h, size_t nb)
{
  redu_status st;
  REDU_FOR(st, dev, i, n, (x), (bin, sum_f64, h, nb)) { (void)x[i]; }
  return (int)st;
}

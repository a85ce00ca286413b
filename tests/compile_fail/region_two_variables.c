/* A kind that is not an arg kind with two variables: refused. */
#include "redu_region.h"
double f(int dev, const double *x, size_t n);
double f(int dev, const double *x, size_t n)
{
  double v = 0;
  size_t at = 0;
  redu_status st;
  REDU_FOR(st, dev, i, n, (x), (min_f64, v, at)) { v = x[i], at = i; }
  return v + (double)st + (double)at;
}

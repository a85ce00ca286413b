/* An arg kind with one variable: refused, asking for the value and index variables. */
#include "redu_region.h"
double f(int dev, const double *x, size_t n);
double f(int dev, const double *x, size_t n)
{
  double v = 0;
  redu_status st;
  REDU_FOR(st, dev, i, n, (x), (argmin_f64, v)) { v = x[i]; }
  return v + (double)st;
}

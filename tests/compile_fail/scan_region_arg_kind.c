/* An arg kind has no scan: refused. */
#include "redu_region.h"
double f(int dev, const double *x, double *y, size_t n);
double f(int dev, const double *x, double *y, size_t n)
{
  double v = 0;
  redu_status st;
  REDU_FOR_SCAN(st, dev, i, n, (x, y), (inclusive, argmin_f64, v)) { v = x[i]; }
  REDU_SCAN_PHASE { y[i] = v; }
  return v + (double)st;
}

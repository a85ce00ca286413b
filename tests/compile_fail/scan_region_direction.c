/* A scanned variable without inclusive or exclusive: refused. */
#include "redu_region.h"
double f(int dev, const double *x, double *y, size_t n);
double f(int dev, const double *x, double *y, size_t n)
{
  double s = 0;
  redu_status st;
  REDU_FOR_SCAN(st, dev, i, n, (x, y), (prefix, sum_f64, s)) { s += x[i]; }
  REDU_SCAN_PHASE { y[i] = s; }
  return s + (double)st;
}

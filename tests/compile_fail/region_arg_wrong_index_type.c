/* An arg kind whose index variable is an int, not a size_t: refused, naming the pair. */
#include "redu_region.h"
double f(int dev, const double *x, size_t n);
double f(int dev, const double *x, size_t n)
{
  double v = 0;
  int at = 0;
  redu_status st;
  REDU_FOR(st, dev, i, n, (x), (argmin_f64, v, at)) { v = x[i], at = (int)i; }
  return v + (double)st + at;
}

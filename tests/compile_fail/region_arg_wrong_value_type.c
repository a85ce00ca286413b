/* An arg kind whose value variable is a float for argmax_f64 (a double): refused. */
#include "redu_region.h"
float f(int dev, const double *x, size_t n);
float f(int dev, const double *x, size_t n)
{
  float v = 0;
  size_t at = 0;
  redu_status st;
  REDU_FOR(st, dev, i, n, (x), (argmax_f64, v, at)) { v = (float)x[i], at = i; }
  return v + (float)st + (float)at;
}

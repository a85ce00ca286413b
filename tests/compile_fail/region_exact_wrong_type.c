/* A float variable given the exact kind sum_exact_f64 (a double): refused. */
#include "redu_region.h"
float f(int dev, const double *x, size_t n);
float f(int dev, const double *x, size_t n)
{
  float s = 0;
  redu_status st;
  REDU_FOR(st, dev, i, n, (x), (sum_exact_f64, s)) { s += (float)x[i]; }
  return s + (float)st;
}

/* A float array given the bins kind sum_f64 (doubles): refused, naming the reduction. */
#include "redu_region.h"
int f(int dev, const double *x, size_t n, float *h, size_t nb);
int f(int dev, const double *x, size_t n, float *h, size_t nb)
{
  redu_status st;
  REDU_FOR(st, dev, i, n, (x), (bins, sum_f64, h, nb)) { REDU_BIN(h, 0) += (float)x[i]; }
  return (int)st;
}

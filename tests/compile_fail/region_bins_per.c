/* A bins reduction whose iterations may name nine bins: refused (at most 8). */
#include "redu_region.h"
int f(int dev, const double *x, size_t n, double *h, size_t nb);
int f(int dev, const double *x, size_t n, double *h, size_t nb)
{
  redu_status st;
  REDU_FOR(st, dev, i, n, (x), (bins, sum_f64, h, nb, 9)) { REDU_BIN(h, 0) += x[i]; }
  return (int)st;
}

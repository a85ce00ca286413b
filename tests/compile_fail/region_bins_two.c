/* Two bins reductions in one region: refused (a region carries one). */
#include "redu_region.h"
int f(int dev, const double *x, size_t n, double *h, double *g, size_t nb);
int f(int dev, const double *x, size_t n, double *h, double *g, size_t nb)
{
  redu_status st;
  REDU_FOR(st, dev, i, n, (x), (bins, sum_f64, h, nb), (bins, sum_f64, g, nb))
  {
    REDU_BIN(h, 0) += x[i];
    REDU_BIN(g, 1) += x[i];
  }
  return (int)st;
}

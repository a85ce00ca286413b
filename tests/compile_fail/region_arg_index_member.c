/* An arg kind whose index variable is a struct member: refused. */
#include "redu_region.h"
struct best {
  size_t at;
};
double f(int dev, const double *x, size_t n);
double f(int dev, const double *x, size_t n)
{
  double v = 0;
  struct best b = {0};
  redu_status st;
  REDU_FOR(st, dev, i, n, (x), (argmax_f64, v, b.at)) { v = x[i], b.at = i; }
  return v + (double)st + (double)b.at;
}

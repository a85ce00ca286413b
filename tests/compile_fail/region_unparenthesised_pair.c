/* (kind, variable) without its parentheses. */
#include "redu_region.h"
int f(int dev, size_t n);
int f(int dev, size_t n)
{
  double s = 0;
  redu_status st;
  REDU_FOR(st, dev, i, n, (), sum_f64, s) { s += (double)i; }
  return (int)st + (int)s;
}

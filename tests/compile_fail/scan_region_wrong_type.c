/* A float scanned as sum_f64: refused. */
#include "redu_region.h"
float f(int dev, const float *x, float *y, size_t n);
float f(int dev, const float *x, float *y, size_t n)
{
  float s = 0;
  redu_status st;
  REDU_FOR_SCAN(st, dev, i, n, (x, y), (exclusive, sum_f64, s)) { s += x[i]; }
  REDU_SCAN_PHASE { y[i] = s; }
  return s + (float)st;
}

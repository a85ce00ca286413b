/* A dot product written as a loop body: libredu launches and finishes the region. */
#include "redu_region.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = 5000011;
  double *x = omp_target_alloc(n * sizeof *x, dev), *y = omp_target_alloc(n * sizeof *y, dev);
  if (!x || !y)
    return 1;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(x, y)
  for (size_t i = 0; i < n; ++i) {
    x[i] = (double)(i % 8);
    y[i] = 0.25 * (double)(i % 3);
  }

  double dot = 0;
  redu_status st;
  REDU_FOR(st, dev, i, n, (x, y), (sum_f64, dot)) { dot += x[i] * y[i]; }
  if (st != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(st), redu_last_error());
    return 1;
  }
  double ref = 0;
  for (size_t i = 0; i < n; ++i)
    ref += (double)(i % 8) * 0.25 * (double)(i % 3);
  printf("x . y = %.2f (serial %.2f)\n", dot, ref);
  omp_target_free(x, dev);
  omp_target_free(y, dev);
  return dot != ref; /* quarter-integers far below 2^52: exact in any order */
}

/* Mean and variance in one pass (Welford / Chan et al.): the reduction is declared over a
 * small state struct, and each double of the input is lifted into a state of one sample. */
#include "welford.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = (1u << 22) + 3;
  double *x = omp_target_alloc(n * sizeof *x, dev);
  if (!x)
    return 1;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(x)
  for (size_t i = 0; i < n; ++i)
    x[i] = 1e6 + sin((double)i) * 3.0; /* a large mean: the naive sum-of-squares fails here */

  welford w;
  redu_status s = welford_of_doubles(dev, x, n, &w, NULL);
  if (s != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(s), redu_last_error());
    return 1;
  }
  double var = w.m2 / (w.count - 1);

  /* Two-pass reference on the host. */
  double mean = 0, ss = 0;
  for (size_t i = 0; i < n; ++i)
    mean += 1e6 + sin((double)i) * 3.0;
  mean /= (double)n;
  for (size_t i = 0; i < n; ++i) {
    double d = 1e6 + sin((double)i) * 3.0 - mean;
    ss += d * d;
  }
  double ref_var = ss / (double)(n - 1);
  printf("n = %.0f, mean = %.9f (two-pass %.9f), variance = %.9f (two-pass %.9f)\n", w.count,
         w.mean, mean, var, ref_var);
  omp_target_free(x, dev);
  return !(w.count == (double)n && fabs(w.mean - mean) <= 1e-12 * mean &&
           fabs(var - ref_var) <= 1e-9 * ref_var);
}

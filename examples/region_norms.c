/* The L2 norm and the largest magnitude of a vector in one pass: two reductions of
 * different operations in one region, one read of the data. */
#include "redu_region.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = 3000017;
  double *v = omp_target_alloc(n * sizeof *v, dev);
  if (!v)
    return 1;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(v)
  for (size_t i = 0; i < n; ++i)
    v[i] = sin(0.001 * (double)i) * (i == 1234567 ? 40.0 : 1.0);

  double sumsq = 0, maxabs = 0;
  redu_status st;
  REDU_FOR(st, dev, i, n, (v), (sum_f64, sumsq), (max_f64, maxabs))
  {
    sumsq += v[i] * v[i];
    maxabs = fmax(maxabs, fabs(v[i]));
  }
  if (st != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(st), redu_last_error());
    return 1;
  }
  double ref_sumsq = 0, ref_max = 0;
  for (size_t i = 0; i < n; ++i) {
    double e = sin(0.001 * (double)i) * (i == 1234567 ? 40.0 : 1.0);
    ref_sumsq += e * e;
    ref_max = fmax(ref_max, fabs(e));
  }
  printf("||v||_2 = %.9f (serial %.9f), max |v_i| = %.9f (serial %.9f)\n", sqrt(sumsq),
         sqrt(ref_sumsq), maxabs, ref_max);
  omp_target_free(v, dev);
  /* Sums in another order differ in the last bits; device sin may differ by an ulp. */
  return !(fabs(sumsq - ref_sumsq) <= 1e-9 * ref_sumsq &&
           fabs(maxabs - ref_max) <= 1e-12 * ref_max);
}

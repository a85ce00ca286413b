/* Sum of complex numbers with a user-declared reduction: one declaration serves libredu's
 * fast path and OpenMP's own reduction clause. */
#include "complex_sum.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = (1u << 20) + 7;
  cplx *z = omp_target_alloc(n * sizeof *z, dev);
  if (!z)
    return 1;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(z)
  for (size_t i = 0; i < n; ++i)
    z[i] = (cplx){(double)(i % 97) * 0.5, -(double)(i % 13)};

  cplx fast;
  redu_status s = redu_reduce_cplx_sum(dev, z, n, &fast, NULL);
  if (s != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(s), redu_last_error());
    return 1;
  }

  /* The same declaration in an ordinary OpenMP loop. */
  cplx clause = redu_identity_cplx_sum();
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(z)                      \
    reduction(cplx_sum : clause) map(tofrom : clause)
  for (size_t i = 0; i < n; ++i)
    clause = cplx_add(clause, z[i]);

  cplx ref = {0.0, 0.0};
  for (size_t i = 0; i < n; ++i)
    ref = cplx_add(ref, (cplx){(double)(i % 97) * 0.5, -(double)(i % 13)});
  printf("sum = %.1f %+.1fi (OpenMP clause: %.1f %+.1fi)\n", fast.re, fast.im, clause.re,
         clause.im);
  omp_target_free(z, dev);
  /* Every partial sum is an integer or half-integer far below 2^52: all orders are exact. */
  return !(fast.re == ref.re && fast.im == ref.im && clause.re == ref.re && clause.im == ref.im);
}

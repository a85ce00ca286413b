/* A declared struct in a wrapped region: the phasor sum z = sum exp(i theta_k) of angles
 * computed in the body, with the complex sum of complex_sum.h, plus a count beside it. */
#include "complex_sum.h"
#include "redu_region.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = 1000003;
  cplx z = {0, 0};
  int64_t upper = 0;
  redu_status st;
  REDU_FOR(st, dev, k, n, (), (cplx_sum, z), (sum_i64, upper))
  {
    double theta = 2.0 * M_PI * (double)(k % 360) / 360.0;
    z = cplx_add(z, (cplx){cos(theta), sin(theta)});
    upper += k % 360 < 180;
  }
  if (st != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(st), redu_last_error());
    return 1;
  }
  cplx ref = {0, 0};
  for (size_t k = 0; k < n; ++k) {
    double theta = 2.0 * M_PI * (double)(k % 360) / 360.0;
    ref = cplx_add(ref, (cplx){cos(theta), sin(theta)});
  }
  printf("phasor sum = %.9f %+.9fi (serial %.9f %+.9fi); upper half-plane: %lld\n", z.re, z.im,
         ref.re, ref.im, (long long)upper);
  /* Full turns cancel: what is left is the partial turn, about O(1); rounding ~1e-9. */
  return !(fabs(z.re - ref.re) <= 1e-8 && fabs(z.im - ref.im) <= 1e-8 &&
           upper == (int64_t)(n / 360 * 180 + (n % 360 < 180 ? n % 360 : 180)));
}

/* Correctly rounded dot products: the same bits whatever the GPU, plan or order.
 * x . y of vectors whose naive sum cancels badly, three ways: the fast dot (its rounding
 * errors swallow the answer), the exact dot (REDU_EXACT), and a wrapped loop with the exact
 * kind sum_exact_f64. The products here are exact in double (y is 1 or a power of two), so
 * the loop's terms are the products themselves and the last two agree bit for bit. */
#include "redu_region.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = 4000002; /* whole triples: every large term has its partner */
  double *x = omp_target_alloc(n * sizeof *x, dev), *y = omp_target_alloc(n * sizeof *y, dev);
  if (!x || !y)
    return 1;
  /* Pairs of large terms that cancel, and small ones in between: the exact dot is the sum of
   * the small ones' products, n / 3 * 2^-40. */
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(x, y)
  for (size_t i = 0; i < n; ++i) {
    size_t k = i % 3;
    x[i] = k == 0   ? 1e15 * (double)(i % 7 + 1)
           : k == 1 ? -1e15 * (double)((i - 1) % 7 + 1)
                    : 0x1p-20;
    y[i] = k == 2 ? 0x1p-20 : 1.0;
  }

  double fast = 0, exact = 0, looped = 0;
  redu_options o = {.flags = REDU_EXACT};
  redu_status st = redu_dot_f64(dev, x, y, n, &fast, NULL);
  if (st == REDU_OK)
    st = redu_dot_f64(dev, x, y, n, &exact, &o);
  if (st == REDU_OK) {
    REDU_FOR(st, dev, i, n, (x, y), (sum_exact_f64, looped)) { looped += x[i] * y[i]; }
  }
  if (st != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(st), redu_last_error());
    return 1;
  }
  double want = (double)(n / 3) * 0x1p-40;
  printf("fast dot  %.17g\nexact dot %.17g\nloop      %.17g\nwant      %.17g\n", fast, exact,
         looped, want);
  omp_target_free(x, dev);
  omp_target_free(y, dev);
  return !(exact == want && looped == want);
}

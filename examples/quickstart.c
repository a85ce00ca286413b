/* libredu in a few lines: reduce device data and a host array on the default device
 * (the GPU when there is one, the host otherwise). Build: see README.md. */
#include "redu.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = 10000000;
  double *x = omp_target_alloc(n * sizeof *x, dev);
  if (!x)
    return 1;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(x)
  for (size_t i = 0; i < n; ++i)
    x[i] = (double)(i % 1000) - 499.5;

  double sum, lowest;
  size_t where;
  redu_status s = redu_sum_f64(dev, x, n, &sum, NULL);
  if (s == REDU_OK)
    s = redu_argmin_f64(dev, x, n, &lowest, &where, NULL);
  if (s != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(s), redu_last_error());
    return 1;
  }
  printf("sum = %.1f, min = %.1f at index %zu\n", sum, lowest, where);

  /* A host array works too: mapped for the call unless already present on the device. */
  int counts[5] = {3, 9, 4, 9, 1};
  int most;
  size_t at;
  redu_options host_input = {.flags = REDU_INPUT_HOST};
  s = redu_argmax_i32(dev, counts, 5, &most, &at, &host_input);
  printf("argmax of counts: %d at %zu (%s)\n", most, at, redu_status_string(s));

  omp_target_free(x, dev);
  /* The expected answers, so that this example is also a test. */
  return !(s == REDU_OK && sum == 0.0 && lowest == -499.5 && where == 0 && most == 9 && at == 1);
}

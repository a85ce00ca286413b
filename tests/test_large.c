/* Past 2^31 elements: 2^31 + 77 bytes (int8/uint8), filled on the device, with the
 * extremes planted beyond index 2^31 so that 32-bit index arithmetic anywhere would fail; and
 * an exact float sum (REDU_EXACT) of 2^31 + 77 floats whose rounded sums lose the ones. */
#include "redu_test.h"

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = (1ull << 31) + 77, far = (1ull << 31) + 40;
  int8_t *d = omp_target_alloc(n, dev);
  if (!d) {
    printf("test_large: cannot allocate %zu bytes on device %d; skipped\n", n, dev);
    return 77;
  }
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(d)
  for (size_t i = 0; i < n; ++i)
    d[i] = (int8_t)(i % 5);
  int8_t lo = -100, hi = 120;
  omp_target_memcpy(d, &lo, 1, far, 0, dev, omp_get_initial_device());
  omp_target_memcpy(d, &hi, 1, far + 1, 0, dev, omp_get_initial_device());
  /* sum of (i % 5) over n, then the two planted values replace 0 and 1 (far % 5 == 0). */
  uint64_t full = n / 5 * 10 + (n % 5) * (n % 5 - 1) / 2;
  int8_t want = (int8_t)(uint8_t)(full - (far % 5) - ((far + 1) % 5) + (uint8_t)lo + hi);
  int8_t v;
  size_t at;
  CHECK_OK(redu_sum_i8(dev, d, n, &v, NULL));
  CHECK(v == want, "sum_i8 over 2^31+77: got %d want %d", v, want);
  CHECK_OK(redu_argmin_i8(dev, d, n, &v, &at, NULL));
  CHECK(v == lo && at == far, "argmin_i8: got %d@%zu want %d@%zu", v, at, lo, far);
  CHECK_OK(redu_argmax_i8(dev, d, n, &v, &at, NULL));
  CHECK(v == hi && at == far + 1, "argmax_i8: got %d@%zu", v, at);
  uint8_t u;
  CHECK_OK(redu_max_u8(dev, (const uint8_t *)d, n, &u, NULL));
  CHECK(u == (uint8_t)lo, "max_u8: got %u want %u", u, (uint8_t)lo);
  omp_target_free(d, dev);

  /* 2^24, 1, -2^24, 2^24, 1, -2^24, ...: the exact sum is the count of ones plus 2^24 for the
   * extra 2^24 when n % 3 != 0; a float (or double) running sum drops ones at 2^24. */
  /* 8.6 GB: on GPUs only (a CPU device's plan has one thread per team); the host runs of CI
   * would need that much RAM. */
  int teams, threads;
  CHECK_OK(redu_plan_query(dev, n, sizeof(float), &teams, &threads));
  if (threads == 1) {
    printf("test_large: device %d is a CPU; exact sum past 2^31 skipped\n", dev);
    return redu_test_finish("test_large");
  }
  float *f = omp_target_alloc(n * sizeof *f, dev);
  if (!f) {
    printf("test_large: cannot allocate %zu floats on device %d; exact sum skipped\n", n, dev);
    return redu_test_finish("test_large");
  }
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(f)
  for (size_t i = 0; i < n; ++i)
    f[i] = i % 3 == 0 ? 0x1p24f : i % 3 == 1 ? 1.0f : -0x1p24f;
  uint64_t ones = n / 3 + (n % 3 == 2), extra = n % 3 != 0;
  float exact_want = (float)((double)ones + (double)extra * 0x1p24), exact_got = 0;
  redu_options o = {.flags = REDU_EXACT};
  CHECK_OK(redu_sum_f32(dev, f, n, &exact_got, &o));
  CHECK(exact_got == exact_want, "exact sum_f32 over 2^31+77: got %.9g want %.9g", exact_got,
        exact_want);
  omp_target_free(f, dev);
  return redu_test_finish("test_large");
}

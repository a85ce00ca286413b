/* Past 2^31 elements: 2^31 + 77 bytes (int8/uint8), filled on the device, with the
 * extremes planted beyond index 2^31 so that 32-bit index arithmetic anywhere would fail;
 * segmented and batched calls over them, with a segment longer than 2^31 and more than 2^31
 * segments; bins over 2^31 + 77 keys; and
 * an exact float sum (REDU_EXACT) of 2^31 + 77 floats whose rounded sums lose the ones. */
#include "redu_test.h"

/* Segments past 2^31 over the same bytes (d[i] = i % 5, lo at far, hi at far + 1):
 *   three segments, the middle one [5, far + 1) longer than 2^31 with lo at an index past
 *   2^31 within it;
 *   n segments of one element each (more than 2^31 segments): batched, then through
 *   n + 1 device offsets (17 GB; skipped when the device cannot hold them).
 * Each one-element segment's result must be its element: counted on the device. */
static void large_segments(int dev, int on_cpu, const int8_t *d, size_t n, size_t far, int8_t lo,
                           uint8_t total)
{
  size_t offs[4] = {0, 5, far + 1, n}, at[3];
  int8_t v[3];
  CHECK_OK(
      redu_segmented_argmin_i8(dev, d, offs, 3, v, at, &(redu_options){.flags = REDU_INPUT_HOST}));
  CHECK(v[1] == lo && at[1] == far - 5 && v[0] == 0 && at[0] == 0 && v[2] == 0,
        "segmented argmin_i8, 3 segments past 2^31: %d@%zu %d@%zu %d@%zu, want %d@%zu in the "
        "middle",
        v[0], at[0], v[1], at[1], v[2], at[2], lo, far - 5);
  uint8_t s[3];
  CHECK_OK(redu_segmented_sum_u8(dev, (const uint8_t *)d, offs, 3, s,
                                 &(redu_options){.flags = REDU_INPUT_HOST}));
  uint8_t head = 0 + 1 + 2 + 3 + 4;
  CHECK((uint8_t)(s[0] + s[1] + s[2]) == total && s[0] == head,
        "segmented sum_u8, 3 segments: %u + %u + %u, want %u in all, %u first", s[0], s[1], s[2],
        total, head);
  /* 2^31 segments: GPUs only, as the exact sum (the host runs of CI have neither the 21 GB
   * nor the time). */
  if (on_cpu) {
    printf("test_large: device %d is a CPU; more than 2^31 segments skipped\n", dev);
    return;
  }
  int8_t *r = omp_target_alloc(n, dev);
  if (!r) {
    printf("test_large: no room for %zu results; segments of one skipped\n", n);
    return;
  }
  size_t bad = 0;
  CHECK_OK(redu_batched_max_i8(dev, d, 1, n, r, NULL));
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(d, r) reduction(+ : bad)
  for (size_t i = 0; i < n; ++i)
    bad += r[i] != d[i];
  CHECK(bad == 0, "batched max_i8, %zu segments of 1: %zu results wrong", n, bad);
  size_t *o = omp_target_alloc((n + 1) * sizeof *o, dev);
  if (!o) {
    printf("test_large: no room for %zu offsets; segmented segments of one skipped\n", n + 1);
    omp_target_free(r, dev);
    return;
  }
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(o, r)
  for (size_t i = 0; i <= n; ++i) {
    o[i] = i;
    if (i < n)
      r[i] = 0;
  }
  CHECK_OK(redu_segmented_min_i8(dev, d, o, n, r, NULL));
  bad = 0;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(d, r) reduction(+ : bad)
  for (size_t i = 0; i < n; ++i)
    bad += r[i] != d[i];
  CHECK(bad == 0, "segmented min_i8, %zu device offsets, segments of 1: %zu results wrong", n, bad);
  omp_target_free(o, dev);
  omp_target_free(r, dev);
}

/* Bins past 2^31 (GPUs: 8.6 GB of keys): key i % 7, but 7 at far, whose element is lo alone;
 * counts, a min and an argmin per bin, each bin checked. */
static void large_bins(int dev, const int8_t *d, size_t n, size_t far, int8_t lo)
{
  uint32_t *k = omp_target_alloc(n * sizeof *k, dev);
  if (!k) {
    printf("test_large: cannot allocate %zu keys on device %d; bins skipped\n", n, dev);
    return;
  }
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(k)
  for (size_t i = 0; i < n; ++i)
    k[i] = i == far ? 7 : (uint32_t)(i % 7);
  uint64_t count[8];
  for (int b = 0; b < 7; ++b)
    count[b] = n / 7 + ((size_t)b < n % 7) - (far % 7 == (size_t)b);
  count[7] = 1;
  uint32_t c32[8];
  int8_t m[8];
  size_t at[8];
  void *out = omp_target_alloc(sizeof at, dev), *idx = omp_target_alloc(sizeof at, dev);
  CHECK_OK(redu_bins_sum_u32(dev, k, NULL, n, 8, out, NULL));
  omp_target_memcpy(c32, out, sizeof c32, 0, 0, omp_get_initial_device(), dev);
  for (int b = 0; b < 8; ++b)
    CHECK(c32[b] == (uint32_t)count[b], "bins counts over 2^31+77 keys: bin %d %u, want %u", b,
          c32[b], (uint32_t)count[b]);
  CHECK_OK(redu_bins_argmin_i8(dev, k, d, n, 8, out, idx, NULL));
  omp_target_memcpy(m, out, sizeof m, 0, 0, omp_get_initial_device(), dev);
  omp_target_memcpy(at, idx, sizeof at, 0, 0, omp_get_initial_device(), dev);
  CHECK(m[7] == lo && at[7] == far, "bins argmin_i8 past 2^31: bin 7 %d@%zu, want %d@%zu", m[7],
        at[7], lo, far);
  for (int b = 0; b < 7; ++b)
    CHECK(m[b] == 0 && at[b] % 7 == (size_t)b && at[b] % 5 == 0 && at[b] < 35,
          "bins argmin_i8 past 2^31: bin %d %d@%zu, want 0 at its lowest index", b, m[b], at[b]);
  omp_target_free(out, dev), omp_target_free(idx, dev), omp_target_free(k, dev);
}

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
  /* The parts that need tens of GB run on GPUs only (a CPU device's plan has one thread per
   * team). */
  int teams, threads;
  CHECK_OK(redu_plan_query(dev, n, sizeof(float), &teams, &threads));
  int on_cpu = threads == 1;
  large_segments(dev, on_cpu, d, n, far, lo, (uint8_t)want);
  if (on_cpu)
    printf("test_large: device %d is a CPU; bins past 2^31 skipped\n", dev);
  else
    large_bins(dev, d, n, far, lo);
  omp_target_free(d, dev);

  /* 2^24, 1, -2^24, 2^24, 1, -2^24, ...: the exact sum is the count of ones plus 2^24 for the
   * extra 2^24 when n % 3 != 0; a float (or double) running sum drops ones at 2^24. */
  /* 8.6 GB: on GPUs only. */
  if (on_cpu) {
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

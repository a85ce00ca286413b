/* The documented rules (docs/semantics.md), on small hand-made inputs: empty input, NaN
 * in min/max/argmin/argmax, signed zeros, ties to the lowest index, integer wrap-around,
 * float sums accumulated in double, logical ops on NaN; and that results do not depend on
 * the launch plan (teams x threads) for exact operations. */
#include "redu_test.h"
#include <math.h>

static int dev;

static double *dev_f64(const double *h, size_t n) { return redu_test_to_device(h, n * 8, dev); }

static void test_empty(void)
{
  double v = 7;
  size_t i = 7;
  int32_t s = 7;
  CHECK_OK(redu_sum_f64(dev, NULL, 0, &v, NULL));
  CHECK(v == 0.0, "sum of nothing is 0, got %g", v);
  CHECK_OK(redu_prod_f64(dev, NULL, 0, &v, NULL));
  CHECK(v == 1.0, "prod of nothing is 1, got %g", v);
  CHECK_OK(redu_min_f64(dev, NULL, 0, &v, NULL));
  CHECK(isinf(v) && v > 0, "min of nothing is +inf, got %g", v);
  CHECK_OK(redu_max_i32(dev, NULL, 0, &s, NULL));
  CHECK(s == INT32_MIN, "max of nothing (i32) is INT32_MIN, got %d", s);
  CHECK_OK(redu_argmin_f64(dev, NULL, 0, &v, &i, NULL));
  CHECK(isinf(v) && i == REDU_NO_INDEX, "argmin of nothing: +inf at REDU_NO_INDEX");
  CHECK_OK(redu_land_i32(dev, NULL, 0, &s, NULL));
  CHECK(s == 1, "land of nothing is 1");
  CHECK_OK(redu_lor_i32(dev, NULL, 0, &s, NULL));
  CHECK(s == 0, "lor of nothing is 0");
}

static void test_nan_and_zeros(void)
{
  const double nan = __builtin_nan("0x42");
  double h[] = {3.0, -0.0, 0.0, nan, -5.0, nan, 8.0, 0.0, -0.0};
  size_t n = sizeof h / sizeof h[0], i;
  double *d = dev_f64(h, n), v;
  CHECK_OK(redu_min_f64(dev, d, n, &v, NULL));
  CHECK(isnan(v), "min with a NaN is NaN, got %g", v);
  CHECK_OK(redu_max_f64(dev, d, n, &v, NULL));
  CHECK(isnan(v), "max with a NaN is NaN, got %g", v);
  CHECK_OK(redu_argmin_f64(dev, d, n, &v, &i, NULL));
  CHECK(isnan(v) && i == 3, "argmin with NaNs: the first NaN (3), got %g@%zu", v, i);
  CHECK_OK(redu_argmax_f64(dev, d, n, &v, &i, NULL));
  CHECK(isnan(v) && i == 3, "argmax with NaNs: the first NaN (3), got %g@%zu", v, i);
  CHECK_OK(redu_lor_f64(dev, d + 1, 2, &v, NULL));
  CHECK(v == 0.0, "lor of {-0, +0} is 0");
  CHECK_OK(redu_land_f64(dev, d + 3, 1, &v, NULL));
  CHECK(v == 1.0, "a NaN is true");
  /* Without NaNs: -0.0 orders before +0.0, so min/max of zeros are exact and stable. */
  double z[] = {0.0, -0.0, 0.0, -0.0};
  double *dz = dev_f64(z, 4);
  CHECK_OK(redu_min_f64(dev, dz, 4, &v, NULL));
  CHECK(v == 0.0 && signbit(v), "min of {+0,-0} is -0");
  CHECK_OK(redu_max_f64(dev, dz, 4, &v, NULL));
  CHECK(v == 0.0 && !signbit(v), "max of {+0,-0} is +0");
  CHECK_OK(redu_argmin_f64(dev, dz, 4, &v, &i, NULL));
  CHECK(i == 1, "argmin of zeros is the first -0 (1), got %zu", i);
  CHECK_OK(redu_argmax_f64(dev, dz, 4, &v, &i, NULL));
  CHECK(i == 0, "argmax of zeros is the first +0 (0), got %zu", i);
  omp_target_free(d, dev);
  omp_target_free(dz, dev);
}

static void test_ties_and_infinities(void)
{
  size_t n = 100000, i;
  float *h = malloc(n * sizeof *h), v;
  for (size_t k = 0; k < n; ++k)
    h[k] = (float)(k % 10);
  h[77777] = -__builtin_inff();
  h[88888] = -__builtin_inff();
  h[99] = __builtin_inff();
  float *d = redu_test_to_device(h, n * sizeof *h, dev);
  CHECK_OK(redu_argmin_f32(dev, d, n, &v, &i, NULL));
  CHECK(isinf(v) && v < 0 && i == 77777, "argmin: first -inf (77777), got %g@%zu", v, i);
  CHECK_OK(redu_argmax_f32(dev, d, n, &v, &i, NULL));
  CHECK(isinf(v) && v > 0 && i == 99, "argmax: +inf at 99, got %g@%zu", v, i);
  CHECK_OK(redu_argmax_f32(dev, d + 100, n - 100, &v, &i, NULL));
  CHECK(v == 9.0f && i == 9, "argmax ties: first 9 (index 9 of the slice), got %g@%zu", v, i);
  omp_target_free(d, dev);
  free(h);
}

/* Orders that stress CPUs' arg-op blocks (device/cpu/redu_cpu_chunk.h): descending (every
 * block holds a new best), ascending, every element the identity's value, far apart ties, and
 * (floats) a NaN near the end; sizes of one block and of many per thread. The reference is a
 * serial scan for the first best element. */
enum { ORDER_DOWN, ORDER_UP, ORDER_IDENTITY, ORDER_TIES, ORDER_NAN, ORDER_COUNT };
#define DEFINE_ARG_ORDERS(sfx, T, HI, LO, FLOATING)                                                \
  static void test_arg_orders_##sfx(void)                                                          \
  {                                                                                                \
    const size_t sizes[] = {1000, 70001};                                                          \
    for (size_t si = 0; si < 2; ++si)                                                              \
      for (int p = 0; p < ORDER_COUNT - !(FLOATING); ++p)                                          \
        for (int is_max = 0; is_max < 2; ++is_max) {                                               \
          size_t n = sizes[si], want = 0, got_i;                                                   \
          T *h = malloc(n * sizeof *h), got_v;                                                     \
          for (size_t k = 0; k < n; ++k)                                                           \
            h[k] = p == ORDER_DOWN       ? (T)(n - k)                                              \
                   : p == ORDER_UP       ? (T)k                                                    \
                   : p == ORDER_IDENTITY ? (is_max ? (LO) : (HI))                                  \
                                         : (T)((k * 7919) % 1000 + 5);                             \
          if (p >= ORDER_TIES)                                                                     \
            h[n / 3] = h[2 * n / 3] = is_max ? (T)2000 : (T)1;                                     \
          for (size_t k = 1; k < n; ++k)                                                           \
            if (is_max ? h[k] > h[want] : h[k] < h[want])                                          \
              want = k;                                                                            \
          if (p == ORDER_NAN)                                                                      \
            h[n - 5] = (T)NAN, want = n - 5;                                                       \
          T *d = redu_test_to_device(h, n * sizeof *h, dev);                                       \
          for (int teams = 0; teams <= 2; ++teams) {                                               \
            redu_options o = {.teams = teams};                                                     \
            CHECK_OK(is_max ? redu_argmax_##sfx(dev, d, n, &got_v, &got_i, &o)                     \
                            : redu_argmin_##sfx(dev, d, n, &got_v, &got_i, &o));                   \
            CHECK(got_i == want, "arg%s_" #sfx " order %d n=%zu teams=%d: index %zu, want %zu",    \
                  is_max ? "max" : "min", p, n, teams, got_i, want);                               \
          }                                                                                        \
          omp_target_free(d, dev);                                                                 \
          free(h);                                                                                 \
        }                                                                                          \
  }
DEFINE_ARG_ORDERS(f64, double, __builtin_inf(), -__builtin_inf(), 1)
DEFINE_ARG_ORDERS(f32, float, __builtin_inff(), -__builtin_inff(), 1)
DEFINE_ARG_ORDERS(i32, int32_t, INT32_MAX, INT32_MIN, 0)
DEFINE_ARG_ORDERS(i64, int64_t, INT64_MAX, INT64_MIN, 0)

static void test_wrap_and_precision(void)
{
  int8_t h8[300];
  for (int k = 0; k < 300; ++k)
    h8[k] = 100;
  int8_t *d8 = redu_test_to_device(h8, sizeof h8, dev), s8;
  CHECK_OK(redu_sum_i8(dev, d8, 300, &s8, NULL));
  CHECK(s8 == (int8_t)(uint8_t)(30000 % 256), "i8 sum wraps modulo 256: got %d", s8);
  uint64_t hu[2] = {UINT64_MAX, 2};
  uint64_t *du = redu_test_to_device(hu, sizeof hu, dev), su;
  CHECK_OK(redu_sum_u64(dev, du, 2, &su, NULL));
  CHECK(su == 1, "u64 sum wraps: got %llu", (unsigned long long)su);
  /* 2^24 ones plus one: float accumulation would stall at 2^24; double does not. */
  size_t n = (1u << 24) + 1;
  float *hf = malloc(n * sizeof *hf), sf;
  for (size_t k = 0; k < n; ++k)
    hf[k] = 1.0f;
  float *df = redu_test_to_device(hf, n * sizeof *hf, dev);
  CHECK_OK(redu_sum_f32(dev, df, n, &sf, NULL));
  CHECK(sf == 16777216.0f, "f32 sum of 2^24+1 ones rounds once to 2^24: got %.1f", sf);
  omp_target_free(d8, dev);
  omp_target_free(du, dev);
  omp_target_free(df, dev);
  free(hf);
}

/* Exact operations give the same answer under any plan; float sums are reproducible under
 * one plan. */
static void test_plans(void)
{
  size_t n = 300007, i0 = 0;
  int64_t *h = malloc(n * sizeof *h), s0 = 0, m0 = 0;
  double *hd = malloc(n * sizeof *hd), f0 = 0, f1 = 0;
  uint64_t seed = 5;
  for (size_t k = 0; k < n; ++k) {
    h[k] = (int64_t)(redu_test_rand(&seed) % 1000) - 500;
    hd[k] = (double)h[k] / 7.0;
  }
  int64_t *d = redu_test_to_device(h, n * sizeof *h, dev);
  double *dd = redu_test_to_device(hd, n * sizeof *hd, dev);
  int ws_threads[] = {0, 1, 32, 64};
  for (int teams = 1; teams <= 64; teams *= 4)
    for (int t = 0; t < 4; ++t) {
      redu_options o = {.teams = teams, .threads = ws_threads[t]};
      int64_t s, m;
      size_t i;
      redu_status st = redu_sum_i64(dev, d, n, &s, &o);
      if (st == REDU_ERR_BAD_OPTION)
        continue; /* a thread count this device cannot run (e.g. 1 on a GPU) */
      CHECK_OK(st);
      CHECK_OK(redu_argmin_i64(dev, d, n, &m, &i, &o));
      if (teams == 1 && t == 0)
        s0 = s, m0 = m, i0 = i;
      CHECK(s == s0 && m == m0 && i == i0, "plan %dx%d changes an exact result", teams,
            ws_threads[t]);
    }
  redu_options fixed = {.teams = 16};
  CHECK_OK(redu_sum_f64(dev, dd, n, &f0, &fixed));
  for (int r = 0; r < 5; ++r) {
    CHECK_OK(redu_sum_f64(dev, dd, n, &f1, &fixed));
    CHECK(memcmp(&f0, &f1, sizeof f0) == 0, "f64 sum not bitwise reproducible under one plan");
  }
  omp_target_free(d, dev);
  omp_target_free(dd, dev);
  free(h);
  free(hd);
}

int main(void)
{
  dev = omp_get_default_device();
  test_empty();
  test_nan_and_zeros();
  test_ties_and_infinities();
  test_arg_orders_f64();
  test_arg_orders_f32();
  test_arg_orders_i32();
  test_arg_orders_i64();
  test_wrap_and_precision();
  test_plans();
  return redu_test_finish("test_semantics");
}

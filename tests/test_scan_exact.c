/* Exact scans (REDU_EXACT with the sum scans of float and double, array, segmented and
 * batched): every prefix bit for bit against MPFR (an independent exact reference: a running
 * sum wide enough to hold any sum of doubles exactly, each prefix rounded once into the result
 * type's range), inclusive and exclusive, with and without an initial value. Data: uniform,
 * wide exponent ranges, cancellation the device's double-words cannot hold (the host then
 * redoes the scan), subnormals, exact ties, sums past the largest float and double, +-inf and
 * NaN, signed zeros; in place, host arrays, both algorithms forced, the generic forms,
 * segment layouts, and the bad input (a status, y untouched). `test_scan_exact large`:
 * 2^31 + 77 elements on a GPU. */
#include "redu_test.h"
#include <math.h>
#include <mpfr.h>

static const char *kind_of(int f32, int excl)
{
  return f32 ? (excl ? "exclusive f32" : "inclusive f32")
             : (excl ? "exclusive f64" : "inclusive f64");
}

/* want[i]: the exact prefix rounded once (inclusive: init + x[0..i]; exclusive: init +
 * x[0..i-1]); the empty prefix is +0.0, as an exact sum of no terms (docs/scans.md). MPFR's
 * +-0, inf and NaN rules in round-to-nearest are the exact sums' own (its running sum starts
 * from -0.0, which keeps a sum of -0.0 terms -0.0). */
static void reference(int f32, int excl, const double *x, size_t n, const double *init,
                      double *want)
{
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t sum, r;
  mpfr_init2(sum, 2400); /* 2^-1074 .. 2^1024 and 2^300 terms' carries: every sum is exact */
  mpfr_init2(r, f32 ? 24 : 53);
  mpfr_set_d(sum, -0.0, MPFR_RNDN);
  if (init)
    mpfr_add_d(sum, sum, *init, MPFR_RNDN);
  for (size_t i = 0; i < n; ++i) {
    if (!excl)
      mpfr_add_d(sum, sum, x[i], MPFR_RNDN);
    int t = mpfr_set(r, sum, MPFR_RNDN);
    mpfr_set_emin(f32 ? -148 : -1073);
    mpfr_set_emax(f32 ? 128 : 1024);
    t = mpfr_check_range(r, t, MPFR_RNDN);
    mpfr_subnormalize(r, t, MPFR_RNDN);
    want[i] = f32 ? (double)mpfr_get_flt(r, MPFR_RNDN) : mpfr_get_d(r, MPFR_RNDN);
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
    if (excl)
      mpfr_add_d(sum, sum, x[i], MPFR_RNDN);
  }
  if (excl && !init && n)
    want[0] = 0.0;
  mpfr_clear(sum);
  mpfr_clear(r);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
}

static int same_bits(double a, double b) { return (isnan(a) && isnan(b)) || !memcmp(&a, &b, 8); }

/* One exact scan of x (host doubles; f32: each exactly a float) on dev, checked at every
 * prefix. where: 0 device arrays, 1 in place on the device, 2 host arrays (REDU_INPUT_HOST),
 * 3 the generic form. */
static void check_scan(int dev, int f32, int excl, const double *x, size_t n, const double *init,
                       int where, const char *what)
{
  size_t esz = f32 ? sizeof(float) : sizeof(double), bytes = n * esz;
  void *hx = malloc(bytes ? bytes : 1), *hy = malloc(bytes ? bytes : 1);
  double *want = malloc((n ? n : 1) * sizeof *want);
  float finit = init ? (float)*init : 0;
  for (size_t i = 0; i < n; ++i) {
    if (f32)
      ((float *)hx)[i] = (float)x[i];
    else
      ((double *)hx)[i] = x[i];
  }
  reference(f32, excl, x, n, init, want);
  redu_options o = {.flags = REDU_EXACT | (where == 2 ? REDU_INPUT_HOST : 0u)};
  if (init)
    o.init = f32 ? (const void *)&finit : (const void *)init;
  void *dx = where == 2 ? hx : redu_test_to_device(hx, bytes, dev);
  void *dy = where == 2 ? hy : where == 1 ? dx : omp_target_alloc(bytes ? bytes : 1, dev);
  redu_status s;
  if (where == 3)
    s = (excl ? redu_exclusive_scan
              : redu_inclusive_scan)(dev, REDU_SUM, f32 ? REDU_FLOAT : REDU_DOUBLE, dx, dy, n, &o);
  else if (f32)
    s = (excl ? redu_exclusive_scan_sum_f32 : redu_inclusive_scan_sum_f32)(dev, dx, dy, n, &o);
  else
    s = (excl ? redu_exclusive_scan_sum_f64 : redu_inclusive_scan_sum_f64)(dev, dx, dy, n, &o);
  CHECK(s == REDU_OK, "%s %s n=%zu: status %d (%s)", what, kind_of(f32, excl), n, (int)s,
        redu_last_error());
  if (where != 2 && bytes)
    omp_target_memcpy(hy, dy, bytes, 0, 0, omp_get_initial_device(), dev);
  size_t bad = 0;
  for (size_t i = 0; i < n && s == REDU_OK; ++i) {
    double got = f32 ? (double)((float *)hy)[i] : ((double *)hy)[i];
    if (!same_bits(got, want[i]) && bad++ < 3)
      CHECK(0, "%s %s n=%zu: y[%zu] = %a, want %a", what, kind_of(f32, excl), n, i, got, want[i]);
  }
  CHECK(bad == 0, "%s %s n=%zu: %zu prefixes differ from MPFR", what, kind_of(f32, excl), n, bad);
  if (where != 2) {
    omp_target_free(dx, dev);
    if (where != 1)
      omp_target_free(dy, dev);
  }
  free(hx);
  free(hy);
  free(want);
}

/* Every form of one data set: both kinds and widths where the data fit a float, with and
 * without init, and the placements. */
static void check_all(int dev, const double *x, size_t n, int f32_too, const char *what)
{
  double init = 0x1.8p-3;
  for (int f32 = 0; f32 <= f32_too; ++f32)
    for (int excl = 0; excl < 2; ++excl) {
      check_scan(dev, f32, excl, x, n, NULL, 0, what);
      check_scan(dev, f32, excl, x, n, &init, excl ? 1 : 2, what);
    }
  check_scan(dev, 0, 0, x, n, NULL, 3, what);
}

/* A value m * 2^e, a random 24-bit (f32) or 53-bit mantissa, e in [lo, hi], random sign. */
static double draw(uint64_t *st, int f32, int lo, int hi)
{
  uint64_t r = redu_test_rand(st);
  double m = f32 ? (double)(r >> 40) * 0x1p-24 : (double)(r >> 11) * 0x1p-53;
  double v = ldexp(m, lo + (int)(redu_test_rand(st) % (uint64_t)(hi - lo + 1)));
  return redu_test_rand(st) & 1 ? -v : v;
}

static void check_data(int dev)
{
  const size_t big = 200003;
  double *x = malloc(big * sizeof *x);
  uint64_t st = 7;
  static const size_t sizes[] = {0, 1, 2, 33, 1000, 4097, 200003};
  for (size_t k = 0; k < sizeof sizes / sizeof *sizes; ++k) {
    size_t n = sizes[k];
    for (size_t i = 0; i < n; ++i) /* floats, so that the f32 scans take the same data */
      x[i] = draw(&st, 1, -3, 3);
    check_all(dev, x, n, 1, "uniform");
  }
  /* Wide exponents: long carries, and prefixes that cancel below a double-word. */
  for (size_t i = 0; i < 20000; ++i)
    x[i] = draw(&st, 0, -1074, 1000);
  check_all(dev, x, 20000, 0, "f64 exponents -1074..1000");
  for (size_t i = 0; i < 20000; ++i)
    x[i] = draw(&st, 1, -149, 100);
  check_all(dev, x, 20000, 1, "f32 exponents -149..100");
  /* Cancellation: 1e300 + 1 + 1e-300 - 1e300 - 1 leaves 1e-300, which no double-word of the
   * first three terms holds; repeated among small values. */
  for (size_t i = 0; i < 30000; i += 6) {
    x[i] = 0x1p996, x[i + 1] = 1.0, x[i + 2] = 0x1p-996;
    x[i + 3] = -0x1p996, x[i + 4] = -1.0, x[i + 5] = draw(&st, 0, -60, 0);
  }
  check_all(dev, x, 30000, 0, "f64 cancellation");
  for (size_t i = 0; i < 30000; i += 6) {
    x[i] = 0x1p100, x[i + 1] = 1.0, x[i + 2] = 0x1p-100;
    x[i + 3] = -0x1p100, x[i + 4] = -1.0, x[i + 5] = draw(&st, 1, -30, 0);
  }
  check_all(dev, x, 30000, 1, "f32 cancellation");
  /* Subnormals alone, and around the least normal. */
  for (size_t i = 0; i < 5000; ++i)
    x[i] = (double)((int64_t)(redu_test_rand(&st) % 2001) - 1000) * 0x1p-1074;
  check_all(dev, x, 5000, 0, "f64 subnormals");
  for (size_t i = 0; i < 5000; ++i)
    x[i] = (double)((int64_t)(redu_test_rand(&st) % 2001) - 1000) * 0x1p-149;
  check_all(dev, x, 5000, 1, "f32 subnormals");
  /* Ties: 1 + 2^-53 lies halfway (to even: 1), one more term below decides it. */
  const double tie64[] = {1.0, 0x1p-53, 0x1p-120, -0x1p-120, -0x1p-121, 3.0, 0x1p-52};
  check_all(dev, tie64, sizeof tie64 / sizeof *tie64, 0, "f64 ties");
  const double tie32[] = {1.0, 0x1p-24, 0x1p-60, -0x1p-60, -0x1p-61, 3.0, 0x1p-23};
  check_all(dev, tie32, sizeof tie32 / sizeof *tie32, 1, "f32 ties");
  /* Past the largest values: prefixes overflow to inf and come back. */
  const double over64[] = {0x1.fp1023, 0x1.fp1023, -0x1.fp1023, -0x1.fp1023, 1.0, -0x1p1023};
  check_all(dev, over64, sizeof over64 / sizeof *over64, 0, "f64 overflow");
  const double over32[] = {0x1.fp127, 0x1.fp127, -0x1.fp127, -0x1.fp127, 1.0, -0x1p127};
  check_all(dev, over32, sizeof over32 / sizeof *over32, 1, "f32 overflow");
  /* Non-finite terms among finite ones, and signed zeros. */
  const double special[] = {1.0, INFINITY, 2.0, -INFINITY, 3.0, NAN, 4.0};
  check_all(dev, special, sizeof special / sizeof *special, 1, "inf and NaN");
  const double ninf[] = {-0.0, -INFINITY, 5.0, -INFINITY};
  check_all(dev, ninf, sizeof ninf / sizeof *ninf, 1, "-inf");
  const double zeros[] = {-0.0, -0.0, -0.0, 0.0, -0.0, 1.0, -1.0, -0.0};
  check_all(dev, zeros, sizeof zeros / sizeof *zeros, 1, "signed zeros");
  free(x);
}

/* One exact segmented (offsets != NULL: nseg + 1 of them, on the host) or batched (len) scan
 * of x[0, n), checked per segment against MPFR; y outside every segment must keep its
 * sentinel. where: 0 device arrays, 1 in place, 2 host arrays and host offsets, 3 the
 * generic form. */
static void check_seg(int dev, int f32, int excl, const double *x, size_t n, const size_t *offsets,
                      size_t len, size_t nseg, int where, const char *what)
{
  const double sentinel = -7.25, init = 0x1.8p-3;
  size_t esz = f32 ? sizeof(float) : sizeof(double), bytes = n * esz;
  void *hx = malloc(bytes), *hy = malloc(bytes);
  double *want = malloc(n * sizeof *want);
  float finit = (float)init;
  for (size_t i = 0; i < n; ++i) {
    want[i] = sentinel;
    if (f32)
      ((float *)hx)[i] = (float)x[i], ((float *)hy)[i] = (float)sentinel;
    else
      ((double *)hx)[i] = x[i], ((double *)hy)[i] = sentinel;
  }
  for (size_t g = 0; g < nseg; ++g) {
    size_t b = offsets ? offsets[g] : g * len, e = offsets ? offsets[g + 1] : b + len;
    reference(f32, excl, x + b, e - b, where == 2 ? &init : NULL, want + b);
  }
  redu_options o = {.flags = REDU_EXACT | (where == 2 ? REDU_INPUT_HOST : 0u)};
  if (where == 2)
    o.init = f32 ? (const void *)&finit : (const void *)&init;
  void *dx = where == 2 ? hx : redu_test_to_device(hx, bytes, dev);
  void *dy = where == 2 ? hy : where == 1 ? dx : redu_test_to_device(hy, bytes, dev);
  const size_t *off = !offsets || where == 2
                          ? offsets
                          : redu_test_to_device(offsets, (nseg + 1) * sizeof *offsets, dev);
  if (where == 1 && bytes) /* in place: what lies outside the segments is x itself */
    for (size_t i = 0; i < n; ++i)
      if (!memcmp(&want[i], &sentinel, 8))
        want[i] = f32 ? (double)(float)x[i] : x[i];
  redu_status s;
  if (where == 3)
    s = off ? (excl ? redu_segmented_exclusive_scan : redu_segmented_inclusive_scan)(
                  dev, REDU_SUM, f32 ? REDU_FLOAT : REDU_DOUBLE, dx, dy, off, nseg, &o)
            : (excl ? redu_batched_exclusive_scan : redu_batched_inclusive_scan)(
                  dev, REDU_SUM, f32 ? REDU_FLOAT : REDU_DOUBLE, dx, dy, len, nseg, &o);
  else if (f32)
    s = off ? (excl ? redu_segmented_exclusive_scan_sum_f32
                    : redu_segmented_inclusive_scan_sum_f32)(dev, dx, dy, off, nseg, &o)
            : (excl ? redu_batched_exclusive_scan_sum_f32
                    : redu_batched_inclusive_scan_sum_f32)(dev, dx, dy, len, nseg, &o);
  else
    s = off ? (excl ? redu_segmented_exclusive_scan_sum_f64
                    : redu_segmented_inclusive_scan_sum_f64)(dev, dx, dy, off, nseg, &o)
            : (excl ? redu_batched_exclusive_scan_sum_f64
                    : redu_batched_inclusive_scan_sum_f64)(dev, dx, dy, len, nseg, &o);
  CHECK(s == REDU_OK, "%s %s: status %d (%s)", what, kind_of(f32, excl), (int)s, redu_last_error());
  if (where != 2)
    omp_target_memcpy(hy, dy, bytes, 0, 0, omp_get_initial_device(), dev);
  size_t bad = 0;
  for (size_t i = 0; i < n && s == REDU_OK; ++i) {
    double got = f32 ? (double)((float *)hy)[i] : ((double *)hy)[i];
    if (!same_bits(got, want[i]) && bad++ < 3)
      CHECK(0, "%s %s: y[%zu] = %a, want %a", what, kind_of(f32, excl), i, got, want[i]);
  }
  CHECK(bad == 0, "%s %s: %zu elements differ", what, kind_of(f32, excl), bad);
  if (where != 2) {
    omp_target_free(dx, dev);
    if (where != 1)
      omp_target_free(dy, dev);
    if (off)
      omp_target_free((void *)off, dev);
  }
  free(hx), free(hy), free(want);
}

/* Segmented and batched exact scans: empty segments, a first offset past 0 and elements past
 * the last (untouched), short and long segments, few long ones (scanned one after another),
 * one long among short ones, over data the device's double-words cannot all decide. */
static void check_segmented(int dev)
{
  const size_t n = 30000;
  double *x = malloc(n * sizeof *x);
  uint64_t st = 13;
  for (size_t i = 0; i < n; ++i)
    x[i] = i % 97 == 3 ? 0x1p90 : i % 97 == 5 ? -0x1p90 : draw(&st, 1, -20, 20);
  const size_t offsets[] = {5, 5, 17, 50, 1000, 1000, 8000, 29990};
  const size_t nseg = sizeof offsets / sizeof *offsets - 1;
  for (int f32 = 0; f32 < 2; ++f32)
    for (int excl = 0; excl < 2; ++excl)
      for (int where = 0; where < 4; ++where) {
        check_seg(dev, f32, excl, x, n, offsets, 0, nseg, where, "segmented");
        check_seg(dev, f32, excl, x, n, NULL, 1000, 30, where, "batched");
      }
  /* Far more segments than elements, most of them empty (the bins' sorted float sums scan
   * one segment a bin): the launch planned by the segments, not the elements. */
  const size_t many = 7 * n + 3;
  size_t *sparse = malloc((many + 1) * sizeof *sparse);
  for (size_t g = 0; g <= many; ++g)
    sparse[g] = g * n / many;
  for (int f32 = 0; f32 < 2; ++f32)
    check_seg(dev, f32, 0, x, n, sparse, 0, many, f32 * 3, "more segments than elements");
  free(sparse);
  free(x);
  /* Two long segments: each an array scan with the whole device. */
  const size_t m = (size_t)1 << 20;
  double *big = malloc(m * sizeof *big);
  for (size_t i = 0; i < m; ++i)
    big[i] = draw(&st, 1, -10, 10);
  const size_t two[] = {0, m / 2 - 3, m};
  check_seg(dev, 0, 0, big, m, two, 0, 2, 0, "two long segments");
  check_seg(dev, 1, 1, big, m, NULL, m / 2, 2, 1, "two long batched, in place");
  /* One long segment among 4,000 short ones, host offsets too: on GPUs an array scan of its
   * own, the others in the one launch. */
  size_t *hub = malloc(4002 * sizeof *hub);
  hub[0] = 1;
  for (size_t g = 0; g < 4001; ++g)
    hub[g + 1] = hub[g] + (g == 2000 ? m / 2 : g % 23);
  check_seg(dev, 0, 0, big, m, hub, 0, 4001, 0, "one long among short");
  check_seg(dev, 1, 1, big, m, hub, 0, 4001, 2, "one long among short, host arrays");
  free(hub);
  free(big);
}

/* Both passes forced (the single pass and reduce-then-scan), and a second run's bits. */
static void check_passes(int dev)
{
  const size_t n = 300007;
  double *x = malloc(n * sizeof *x);
  uint64_t st = 11;
  for (size_t i = 0; i < n; ++i)
    x[i] = draw(&st, 0, -40, 40);
  for (int pass = 1; pass <= 2; ++pass) {
    setenv("REDU_SCAN_PASS", pass == 1 ? "1" : "2", 1);
    check_scan(dev, 0, 0, x, n, NULL, 0, pass == 1 ? "single pass" : "reduce-then-scan");
    check_scan(dev, 0, 1, x, n, NULL, 0, pass == 1 ? "single pass" : "reduce-then-scan");
  }
  unsetenv("REDU_SCAN_PASS");
  free(x);
}

/* Bad input: a status, a message naming the call, y untouched. */
static void check_errors(int dev)
{
  enum { N = 64 };
  double h[N], sentinel[N];
  for (int i = 0; i < N; ++i)
    h[i] = i, sentinel[i] = -7.5;
  double *x = redu_test_to_device(h, sizeof h, dev),
         *y = redu_test_to_device(sentinel, sizeof h, dev);
  redu_options o = {.flags = REDU_EXACT};
  const size_t offs[3] = {0, 9, 4};
  size_t *bad_offsets = redu_test_to_device(offs, sizeof offs, dev);
  struct {
    redu_status got, want;
    const char *what;
  } cases[] = {
      {redu_inclusive_scan_sum_f64(dev, NULL, y, N, &o), REDU_ERR_NULL_ARG, "x NULL"},
      {redu_exclusive_scan_sum_f64(dev, x, (double *)((char *)y + 4), N - 1, &o),
       REDU_ERR_MISALIGNED, "y misaligned"},
      {redu_inclusive_scan_sum_f64(dev, y, y + 1, N - 1, &o), REDU_ERR_OVERLAP, "overlap"},
      {redu_inclusive_scan_sum_i64(dev, (const int64_t *)x, (int64_t *)y, N, &o),
       REDU_ERR_UNSUPPORTED, "integer sum"},
      {redu_inclusive_scan(dev, REDU_MIN, REDU_DOUBLE, x, y, N, &o), REDU_ERR_UNSUPPORTED, "min"},
      {redu_segmented_inclusive_scan_sum_f64(dev, x, y, bad_offsets, 2, &o), REDU_ERR_BAD_OFFSETS,
       "decreasing offsets"},
      {redu_batched_inclusive_scan_sum_i32(dev, (const int32_t *)x, (int32_t *)y, 4, 2, &o),
       REDU_ERR_UNSUPPORTED, "batched integer sum"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; ++k) {
    CHECK(cases[k].got == cases[k].want, "%s: status %d, want %d", cases[k].what, (int)cases[k].got,
          (int)cases[k].want);
  }
  CHECK(strstr(redu_last_error(), "scan") != NULL, "message \"%s\" names no scan",
        redu_last_error());
  double back[N];
  omp_target_memcpy(back, y, sizeof back, 0, 0, omp_get_initial_device(), dev);
  CHECK(!memcmp(back, sentinel, sizeof back), "y was written by a refused call");
  /* n = 0 writes nothing and succeeds. */
  CHECK_OK(redu_inclusive_scan_sum_f64(dev, x, y, 0, &o));
  omp_target_free(x, dev);
  omp_target_free(y, dev);
  omp_target_free(bad_offsets, dev);
}

/* `test_scan_exact large` (label large): an in-place exact f32 scan of 2^31 + 77 elements on a
 * GPU, 0.5 then ones: y[i] = RN(i + 0.5), i + 0.5 rounded once to float (past 2^24 the half
 * decides some roundings), checked on the device. CPUs skip it (77): about a minute of exact
 * scanning per host mode on a 2-core machine, for the same code the GPU runs. */
static int check_large(int dev)
{
  if (!redu_test_is_cuda(dev)) {
    printf("test_scan_exact large: not a GPU; skipped\n");
    return 77;
  }
  size_t n = (1ull << 31) + 77;
  float *d = omp_target_alloc(n * sizeof *d, dev);
  if (!d) {
    printf("test_scan_exact large: cannot allocate %zu bytes on device %d; skipped\n",
           n * sizeof *d, dev);
    return 77;
  }
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(d)
  for (size_t i = 0; i < n; ++i)
    d[i] = i ? 1.0f : 0.5f;
  CHECK_OK(redu_inclusive_scan_sum_f32(dev, d, d, n, &(redu_options){.flags = REDU_EXACT}));
  size_t bad = 0;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(d) reduction(+ : bad)
  for (size_t i = 0; i < n; ++i)
    bad += d[i] != (float)((double)i + 0.5);
  CHECK(bad == 0, "in-place exact f32 scan of 2^31 + 77: %zu prefixes wrong", bad);
  omp_target_free(d, dev);
  return redu_test_finish("test_scan_exact large");
}

int main(int argc, char **argv)
{
  int dev = omp_get_default_device();
  if (argc > 1 && strcmp(argv[1], "large") == 0)
    return check_large(dev);
  check_data(dev);
  check_passes(dev);
  check_segmented(dev);
  check_errors(dev);
  return redu_test_finish("test_scan_exact");
}

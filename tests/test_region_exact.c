/* Exact kinds in wrapped regions (sum_exact_f64, sum_exact_f32) against MPFR: each
 * iteration's contribution summed exactly with the variable's value before the region and
 * rounded once (docs/regions.md, "Exact sums in regions"); the same bits as the exact
 * array call, on the host, in any data order, beside other kinds, asynchronously.
 * CTest runs it under several plans (REDU_TEAMS / REDU_THREADS): each run is checked
 * against MPFR, so every plan gives the same bits. */
#include "redu_region.h"
#include "redu_test.h"
#include "redu_test_exact.h"
#include <math.h>

static int dev;
/* Whether the initial device takes the plan (REDU_THREADS over 32 is a GPU plan only). */
static int host_ok;

/* A 32-byte declared kind, the largest a region with an exact kind takes beside it. */
typedef struct {
  double lo, hi;
  int64_t n, pad;
} span;
static inline span span_join(span a, span b)
{
  return (span){fmin(a.lo, b.lo), fmax(a.hi, b.hi), a.n + b.n, 0};
}
REDU_DECLARE_REDUCTION(span_of, span, span_join, REDU_COMMUTATIVE, {INFINITY, -INFINITY, 0, 0})

/* MPFR's correctly rounded sum of `before` and t[0, n). */
static double want_sum(int f32, double before, const double *t, size_t n)
{
  double *all = malloc((n + 1) * sizeof *all);
  all[0] = before;
  memcpy(all + 1, t, n * sizeof *t);
  double r = reference(f32 ? K_SUM32 : K_SUM64, all, NULL, n + 1);
  free(all);
  return r;
}

/* sum_exact_f64 and sum_exact_f32 over t[0, n) (t holds floats' values for f32) on device
 * `on`, from start values s0 and f0; the exact array call on the same data must agree. */
static void check_sums(int on, const char *what, const double *t, size_t n, double s0, float f0)
{
  float *tf = malloc((n ? n : 1) * sizeof *tf);
  for (size_t i = 0; i < n; ++i)
    tf[i] = (float)t[i];
  double *x = redu_test_to_device(t, n * sizeof *t, on);
  float *xf = redu_test_to_device(tf, n * sizeof *tf, on);
  double s = s0;
  float f = f0;
  redu_status st;
  REDU_FOR(st, on, i, n, (x, xf), (sum_exact_f64, s), (sum_exact_f32, f))
  {
    s += x[i];
    f += xf[i];
  }
  CHECK(st == REDU_OK, "%s: %s", what, redu_last_error());
  double want = want_sum(0, s0, t, n), wantf = want_sum(1, f0, t, n);
  CHECK(same_bits(s, want), "%s, n=%zu, device %d: sum_exact_f64 %a, MPFR %a", what, n, on, s,
        want);
  CHECK(same_bits(f, wantf), "%s, n=%zu, device %d: sum_exact_f32 %a, MPFR %a", what, n, on,
        (double)f, wantf);
  if (s0 == 0 && !signbit(s0) && n) {
    /* From +0 the region is the array call's sum plus +0: the same bits unless that is -0. */
    double a;
    redu_options o = {.flags = REDU_EXACT};
    CHECK_OK(redu_sum_f64(on, x, n, &a, &o));
    CHECK(same_bits(s, a == 0 ? 0.0 : a), "%s: region %a, redu_sum_f64 exact %a", what, s, a);
  }
  omp_target_free(x, on);
  omp_target_free(xf, on);
  free(tf);
}

/* Random data of growing dynamic range, at several sizes, on the device and the host. */
static void test_ranges(uint64_t *st, size_t nmax)
{
  static const int span32[][2] = {{0, 0}, {-20, 20}, {-149, 100}};
  const size_t sizes[] = {1, 31, 33, 1000, nmax};
  double *t = malloc(nmax * sizeof *t);
  for (int r = 0; r < 3; ++r)
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; ++z) {
      size_t n = sizes[z];
      for (size_t i = 0; i < n; ++i)
        t[i] = draw_term(st, 1, span32[r][0], span32[r][1]); /* floats: both kinds see them */
      char what[64];
      snprintf(what, sizeof what, "random floats, exponents %d..%d", span32[r][0], span32[r][1]);
      check_sums(dev, what, t, n, 0.0, 0.0f);
      if (host_ok)
        check_sums(omp_get_initial_device(), what, t, n, 0.0, 0.0f);
    }
  free(t);
}

/* The whole double range, per-iteration products, cancellation to the least subnormal,
 * permutations: f64 only (and bitwise the same after every shuffle). */
static void test_f64(uint64_t *st, size_t n)
{
  double *t = malloc(n * sizeof *t), *u = malloc(n * sizeof *u);
  for (size_t i = 0; i < n; ++i)
    t[i] = draw_term(st, 0, -1074, 970), u[i] = draw_term(st, 0, -30, 30);
  double *x = redu_test_to_device(t, n * sizeof *t, dev);
  double s = 0.0;
  redu_status rs;
  REDU_FOR(rs, dev, i, n, (x), (sum_exact_f64, s)) { s += x[i]; }
  CHECK(rs == REDU_OK && same_bits(s, want_sum(0, 0.0, t, n)), "whole range: %a, MPFR %a (%s)", s,
        want_sum(0, 0.0, t, n), redu_last_error());
  omp_target_free(x, dev);

  /* Each iteration's term is computed in the body: a product, rounded, then summed exactly;
   * an iteration that adds nothing (continue) adds -0.0. */
  double *p = malloc(n * sizeof *p);
  for (size_t i = 0; i < n; ++i)
    p[i] = i % 5 == 4 ? -0.0 : t[i] * u[i];
  x = redu_test_to_device(t, n * sizeof *t, dev);
  double *y = redu_test_to_device(u, n * sizeof *u, dev);
  s = 0.0;
  REDU_FOR(rs, dev, i, n, (x, y), (sum_exact_f64, s))
  {
    if (i % 5 == 4)
      continue;
    double prod = x[i] * y[i];
    s += prod;
  }
  CHECK(rs == REDU_OK && same_bits(s, want_sum(0, 0.0, p, n)), "products: %a, MPFR %a", s,
        want_sum(0, 0.0, p, n));
  omp_target_free(x, dev);
  omp_target_free(y, dev);

  /* Terms that cancel in pairs, plus the least subnormal, shuffled three times. */
  size_t h = (n - 1) / 2;
  for (size_t i = 0; i < h; ++i)
    t[i] = draw_term(st, 0, -200, 200), t[h + i] = -t[i];
  for (size_t i = 2 * h; i < n; ++i)
    t[i] = 0;
  t[n - 1] = 0x1p-1074;
  for (int r = 0; r < 3; ++r) {
    for (size_t i = n - 1; i > 0; --i) {
      size_t j = (size_t)(redu_test_rand(st) % (i + 1));
      double v = t[i];
      t[i] = t[j], t[j] = v;
    }
    x = redu_test_to_device(t, n * sizeof *t, dev);
    s = 0.0;
    REDU_FOR(rs, dev, i, n, (x), (sum_exact_f64, s)) { s += x[i]; }
    CHECK(rs == REDU_OK && same_bits(s, 0x1p-1074), "cancellation, shuffle %d: %a, want 0x1p-1074",
          r, s);
    omp_target_free(x, dev);
  }
  free(t);
  free(u);
  free(p);
}

/* Start values, NaN, infinities, overflow, signed zeros (docs/semantics.md's rules, with the
 * variable's start value as one more term). */
static void test_special(void)
{
  const double inf = INFINITY, big = 0x1.fffffffffffffp1023;
  struct {
    const char *what;
    double before, t[4];
  } c[] = {
      {"start value 1e300", 1e300, {1, -1e300, 2, 3}},
      {"a NaN", 0.0, {1, NAN, 2, 3}},
      {"+inf", 0.0, {1, inf, 2, 3}},
      {"+inf and -inf", 0.0, {inf, 1, -inf, 3}},
      {"NaN start value", NAN, {1, 2, 3, 4}},
      {"overflow", 0.0, {big, big, 1, 0}},
      {"overflow undone", big, {big, -big, -big, 0}},
      {"all -0 from -0", -0.0, {-0.0, -0.0, -0.0, -0.0}},
      {"all -0 from +0", 0.0, {-0.0, -0.0, -0.0, -0.0}},
      {"x - x from -0", -0.0, {5, -5, -0.0, -0.0}},
  };
  for (size_t k = 0; k < sizeof c / sizeof c[0]; ++k) {
    double *x = redu_test_to_device(c[k].t, sizeof c[k].t, dev);
    double s = c[k].before;
    redu_status st;
    REDU_FOR(st, dev, i, 4, (x), (sum_exact_f64, s)) { s += x[i]; }
    double want = want_sum(0, c[k].before, c[k].t, 4);
    CHECK(st == REDU_OK && same_bits(s, want), "%s: %a, MPFR %a", c[k].what, s, want);
    omp_target_free(x, dev);
  }
}

/* Beside other kinds (built-in, declared, 32 bytes), asynchronously, and n = 0. */
static void test_mixed(uint64_t *st, size_t n)
{
  double *t = malloc(n * sizeof *t);
  double ref_max = -INFINITY;
  int64_t ref_pos = 0;
  for (size_t i = 0; i < n; ++i) {
    t[i] = draw_term(st, 0, -60, 60);
    ref_max = fmax(ref_max, t[i]);
    ref_pos += t[i] > 0;
  }
  double *x = redu_test_to_device(t, n * sizeof *t, dev);
  double s = 0.0, mx = -INFINITY;
  int64_t pos = 0;
  span sp = {INFINITY, -INFINITY, 0, 0};
  redu_status rs;
  REDU_FOR(rs, dev, i, n, (x), (max_f64, mx), (sum_exact_f64, s), (sum_i64, pos), (span_of, sp))
  {
    mx = redu_region_max_f64(mx, x[i]);
    s += x[i];
    pos += x[i] > 0;
    sp = span_join(sp, (span){x[i], x[i], 1, 0});
  }
  double want = want_sum(0, 0.0, t, n);
  CHECK(rs == REDU_OK, "mixed: %s", redu_last_error());
  CHECK(same_bits(s, want) && mx == ref_max && pos == ref_pos,
        "mixed: sum %a (MPFR %a), max %a (%a), count %lld (%lld)", s, want, mx, ref_max,
        (long long)pos, (long long)ref_pos);
  CHECK(sp.n == (int64_t)n && sp.hi == ref_max, "mixed: declared span n=%lld", (long long)sp.n);

  double as = 0.0;
  redu_status ast;
  REDU_FOR_NOWAIT(ast, dev, i, n, (is_device_ptr(x) depend(in : x[0])), (sum_exact_f64, as))
  {
    as += x[i];
  }
#pragma omp taskwait
  CHECK(ast == REDU_OK && same_bits(as, want), "nowait: %a, MPFR %a (%s)", as, want,
        redu_last_error());

  double none = 2.5;
  REDU_FOR(rs, dev, i, 0, (x), (sum_exact_f64, none)) { none += x[i]; }
  CHECK(rs == REDU_OK && none == 2.5, "n = 0 leaves the variable: %a", none);
  omp_target_free(x, dev);
  free(t);
}

int main(int argc, char **argv)
{
  dev = omp_get_default_device();
  int teams, threads;
  host_ok = redu_plan_query(omp_get_initial_device(), 1 << 20, 8, &teams, &threads) == REDU_OK;
  size_t n = ((size_t)1 << (argc > 1 ? atoi(argv[1]) : 18)) + 1;
  uint64_t st = 0xe7ac7;
  test_special();
  test_ranges(&st, n);
  test_f64(&st, n);
  test_mixed(&st, n);
  return redu_test_finish("test_region_exact");
}

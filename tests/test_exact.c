/* REDU_EXACT sums and dot products against MPFR (an independent exact reference: mpfr_sum
 * is correctly rounded), and the guarantee that makes them worth having: the same bits for
 * every plan, data order and target (docs/semantics.md, "Exact sums").
 *   test_exact [log2 n]   the size of the large cases (default 20) */
#include "redu_test.h"
#include "redu_test_exact.h"
#include "redu_test_exact_calls.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double draw(uint64_t *st, kind k, int lo, int hi) { return draw_term(st, is32(k), lo, hi); }

/* Random data of growing dynamic range, up to the type's whole exponent range. */
static void test_ranges(kind k, size_t n, double *x, double *y, uint64_t *st)
{
  static const int span64[][2] = {{0, 0}, {-30, 30}, {-300, 300}, {-1074, 970}};
  static const int span32[][2] = {{0, 0}, {-20, 20}, {-60, 60}, {-149, 100}};
  for (int r = 0; r < 4; ++r) {
    const int *sp = is32(k) ? span32[r] : span64[r];
    /* Dot factors: half the range each, so that products span the range. */
    int lo = isdot(k) ? sp[0] / 2 : sp[0], hi = isdot(k) ? sp[1] / 2 : sp[1];
    for (size_t i = 0; i < n; ++i)
      x[i] = draw(st, k, lo, hi), y[i] = draw(st, k, lo, hi);
    char what[64];
    snprintf(what, sizeof what, "random, exponents %d..%d", lo, hi);
    check_case(k, what, x, y, n);
  }
}

/* Sums that cancel to exactly 0, one subnormal, the smallest normal; all-subnormal input;
 * a dot whose naive value is 0 but whose true value is not. */
static void test_cancellation(kind k, size_t n, double *x, double *y, uint64_t *st)
{
  const double tiny = is32(k) ? 0x1p-149 : 0x1p-1074, normal = is32(k) ? 0x1p-126 : 0x1p-1022;
  const double extra[] = {0.0, tiny, normal};
  const char *const names[] = {"cancels to 0", "cancels to the least subnormal",
                               "cancels to the least normal"};
  size_t h = n / 2;
  for (int c = 0; c < 3; ++c) {
    for (size_t i = 0; i < h; ++i) {
      x[i] = draw(st, k, is32(k) ? -20 : -200, is32(k) ? 20 : 200);
      x[h + i] = -x[i];
      y[i] = y[h + i] = 1.0;
    }
    for (size_t i = 2 * h; i < n; ++i)
      x[i] = 0, y[i] = 1.0;
    x[n - 1] = extra[c]; /* n is odd: the last element is free */
    /* A permutation of the same terms: the bits may not change. */
    for (size_t i = n - 2; i > 0; --i) {
      size_t j = (size_t)(redu_test_rand(st) % (i + 1));
      double t = x[i];
      x[i] = x[j], x[j] = t;
    }
    check_case(k, names[c], x, y, n);
  }
  for (size_t i = 0; i < n; ++i)
    x[i] = (double)(redu_test_rand(st) % 1000 + 1) * tiny * (i % 3 ? 1 : -1), y[i] = 1.0;
  check_case(k, "all subnormal", x, y, n);
  if (isdot(k)) {
    /* x . y = 1e16 + 1 - 1e16 naively (0 in double), exactly 1. */
    double bx[] = {is32(k) ? 0x1p30 : 0x1p60, 1.0, is32(k) ? -0x1p30 : -0x1p60};
    double by[] = {1.0, 1.0, 1.0};
    check_case(k, "naive dot 0, true dot 1", bx, by, 3);
  }
}

/* Permutations of one data set: bitwise identical results. */
static void test_permutations(kind k, size_t n, double *x, double *y, uint64_t *st)
{
  for (size_t i = 0; i < n; ++i)
    x[i] = draw(st, k, -40, 40), y[i] = draw(st, k, -10, 10);
  double first;
  CHECK_OK(run(k, dev, x, y, n, 0, 0, 0, &first));
  for (int p = 0; p < 3; ++p) {
    for (size_t i = n - 1; i > 0; --i) {
      size_t j = (size_t)(redu_test_rand(st) % (i + 1));
      double t = x[i], u = y[i];
      x[i] = x[j], x[j] = t, y[i] = y[j], y[j] = u;
    }
    double again;
    CHECK_OK(run(k, dev, x, y, n, 0, 0, 0, &again));
    CHECK(same_bits(again, first), "%s: permutation %d gave %a, the original order %a",
          kind_name[k], p, again, first);
  }
}

/* NaN, infinities, overflow of the exact sum, signed zeros (docs/semantics.md). */
static void test_special(kind k)
{
  const double inf = INFINITY, big = is32(k) ? 0x1.fffffep127 : 0x1.fffffffffffffp1023;
  struct {
    const char *what;
    double x[4], y[4];
  } c[] = {
      {"a NaN", {1, NAN, 2, 3}, {1, 1, 1, 1}},
      {"+inf", {1, inf, 2, 3}, {1, 1, 1, 1}},
      {"-inf", {1, -inf, 2, 3}, {1, 1, 1, 1}},
      {"+inf and -inf", {inf, 1, -inf, 3}, {1, 1, 1, 1}},
      {"overflow", {big, big, 1, 0}, {1, 1, 1, 1}},
      {"overflow undone", {big, big, -big, -big}, {1, 1, 1, 1}},
      {"all -0", {-0.0, -0.0, -0.0, -0.0}, {1, 1, 1, 1}},
      {"-0 and +0", {-0.0, 0.0, -0.0, -0.0}, {1, 1, 1, 1}},
      {"x - x", {5, -5, -0.0, -0.0}, {1, 1, 1, 1}},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; ++i)
    check_case(k, c[i].what, c[i].x, c[i].y, 4);
  if (isdot(k)) {
    double x[] = {inf, 1}, y[] = {0, 1};
    check_case(k, "inf times 0", x, y, 2);
  }
}

/* The same rules for terms in the middle of a long array, where the kernels' rounds take four
 * expansions' elements at once and leave special terms to a slower step: huge terms, zeros
 * (dot: exact zero products), one infinity, NaN, neighbours in one round. */
static void test_special_inside(kind k, size_t n, double *x, double *y, uint64_t *st)
{
  const double big = is32(k) ? 0x1p120 : 0x1p1000;
  for (int c = 0; c < 4; ++c) {
    for (size_t i = 0; i < n; ++i)
      x[i] = draw(st, k, -20, 20), y[i] = isdot(k) ? draw(st, k, -10, 10) : 1.0;
    const char *what = "huge terms and zeros inside";
    for (size_t i = 1000; i < n; i += 997) {
      x[i] = c == 0 ? (i % 2 ? big : -big) : 0.0;
      x[i + 1] = c == 0 ? -x[i] : x[i + 1];
    }
    if (c >= 1) {
      what = c == 1 ? "one +inf inside" : c == 2 ? "+inf and -inf inside" : "NaN inside";
      x[n / 2] = c == 3 ? NAN : INFINITY;
      if (c == 2)
        x[n / 2 + 1] = -INFINITY;
    }
    check_case(k, what, x, y, n);
  }
}

/* REDU_EXACT where it has no meaning, bad dot arguments: a status, outputs untouched. */
static void test_errors(void)
{
  redu_options o = {.flags = REDU_EXACT};
  int32_t xi[2] = {1, 2}, ri = 7;
  double xd[2] = {1, 2}, rd = 7;
  size_t idx = 7;
  CHECK(redu_reduce(omp_get_initial_device(), REDU_SUM, REDU_INT32, xi, 2, &ri, NULL, &o) ==
                REDU_ERR_UNSUPPORTED &&
            ri == 7,
        "REDU_EXACT on an integer sum: REDU_ERR_UNSUPPORTED, result untouched");
  CHECK(redu_min_f64(omp_get_initial_device(), xd, 2, &rd, &o) == REDU_ERR_UNSUPPORTED && rd == 7,
        "REDU_EXACT on min: REDU_ERR_UNSUPPORTED");
  CHECK(redu_argmax_f64(omp_get_initial_device(), xd, 2, &rd, &idx, &o) == REDU_ERR_UNSUPPORTED &&
            idx == 7,
        "REDU_EXACT on argmax: REDU_ERR_UNSUPPORTED");
  CHECK(redu_dot_f64(omp_get_initial_device(), xd, NULL, 2, &rd, &o) == REDU_ERR_NULL_ARG &&
            rd == 7,
        "dot with y NULL: REDU_ERR_NULL_ARG");
  CHECK(redu_dot_f64(omp_get_initial_device(), xd, (const double *)((char *)xd + 1), 1, &rd,
                     NULL) == REDU_ERR_MISALIGNED &&
            rd == 7,
        "dot with a misaligned y: REDU_ERR_MISALIGNED");
  CHECK(redu_dot_f64(dev, xd, xd, 2, NULL, &o) == REDU_ERR_NULL_ARG, "dot without a result");
  redu_options wide = {.flags = REDU_EXACT | REDU_INPUT_HOST, .threads = 1024};
  CHECK(redu_sum_f64(dev, xd, 2, &rd, &wide) == REDU_ERR_BAD_OPTION && rd == 7,
        "exact with 1024 threads per team: REDU_ERR_BAD_OPTION on every target");
  double r0 = 7;
  CHECK_OK(redu_dot_f64(dev, NULL, NULL, 0, &r0, &o));
  CHECK(r0 == 0 && !signbit(r0), "exact dot of nothing is +0");
}

/* The fast dot: close to the exact one on benign data (products and sums in double). */
static void test_fast_dot(size_t n, double *x, double *y, uint64_t *st)
{
  for (size_t i = 0; i < n; ++i)
    x[i] = draw(st, K_DOT64, -2, 2), y[i] = draw(st, K_DOT64, -2, 2);
  double *dx = redu_test_to_device(x, n * 8, dev), *dy = redu_test_to_device(y, n * 8, dev);
  double fast, want = reference(K_DOT64, x, y, n), bound = 0;
  for (size_t i = 0; i < n; ++i)
    bound += fabs(x[i] * y[i]);
  CHECK_OK(redu_dot_f64(dev, dx, dy, n, &fast, NULL));
  CHECK(fabs(fast - want) <= bound * 0x1p-40, "fast dot f64: %a, exact %a", fast, want);
  omp_target_free(dx, dev);
  omp_target_free(dy, dev);
}

int main(int argc, char **argv)
{
  exact_calls_init();
  size_t big = (size_t)1 << (argc > 1 ? atoi(argv[1]) : 20);
  size_t n = big + 1; /* odd, and not a multiple of any word */
  /* Room for the fixed sizes below (up to 100003) whatever the argument: with 2^16 or less
   * they used to overrun x and y (a crash under `test_exact 12`). */
  enum { FIXED_MAX = 100003 };
  size_t room = n > FIXED_MAX ? n : FIXED_MAX;
  double *x = malloc(room * sizeof *x), *y = malloc(room * sizeof *y);
  uint64_t st = 0x5eed;
  test_errors();
  for (int k = 0; k < K_COUNT; ++k) {
    test_special((kind)k);
    test_ranges((kind)k, 1001, x, y, &st);
    test_ranges((kind)k, n, x, y, &st);
    test_cancellation((kind)k, 10001, x, y, &st);
    test_permutations((kind)k, 100003, x, y, &st);
    test_special_inside((kind)k, 100003, x, y, &st);
  }
  test_cancellation(K_SUM64, n, x, y, &st);
  test_fast_dot(n, x, y, &st);
  free(x);
  free(y);
  return redu_test_finish("test_exact");
}

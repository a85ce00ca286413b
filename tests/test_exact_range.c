/* REDU_EXACT over the whole range of doubles and floats against MPFR (docs/semantics.md,
 * "Exact sums"): dot products whose products fall below the least subnormal or past the
 * largest finite value, ties of the one rounding at every exponent of the result (each term
 * as a product split at random between the factors' exponents, in a dot), cancellation across
 * the whole range, and the rules for infinities and NaN beside such terms. Each case runs in
 * several plans, on the host and with host input (tests/redu_test_exact_calls.h). */
#include "redu_test.h"
#include "redu_test_exact.h"
#include "redu_test_exact_calls.h"
#include <math.h>

/* A kind's element type: precision, exponents of the least subnormal and of the largest
 * binade. */
typedef struct {
  int prec, esub, emax;
} fmt;

static fmt fmt_of(kind k)
{
  fmt f64 = {53, -1074, 1023}, f32 = {24, -149, 127};
  return is32(k) ? f32 : f64;
}

/* Whether v is a finite value of the kind's element type. */
static int fits(kind k, double v) { return isfinite(v) && (!is32(k) || (double)(float)v == v); }

enum { MAX_N = 4096 };

/* A case under construction: n terms, each x[i] (times y[i] in a dot). */
typedef struct {
  size_t n;
  double x[MAX_N], y[MAX_N];
} terms;

/* Appends the term m * 2^e: a sum's element, or a dot's pair x * y = m * 2^e exactly with
 * y = 2^s, s drawn over the exponents where both factors are exact (so that the same
 * value arrives as 2^1000 * 2^-1000 one time and 2 * 0.5 the next). */
static void put(terms *t, kind k, double m, int e, uint64_t *st)
{
  double x = ldexp(m, e), y = 1;
  if (isdot(k)) {
    fmt f = fmt_of(k);
    int span = f.emax - f.esub + 1, s = 0, found = 0;
    for (int tries = 0; tries < span + 64 && !found; ++tries) {
      s = tries < 64 ? f.esub + (int)(redu_test_rand(st) % (uint64_t)span) : f.esub + (tries - 64);
      x = ldexp(m, e - s), y = ldexp(1.0, s);
      found = fits(k, x) && fits(k, y) && ldexp(x, s - e) == m;
    }
    CHECK(found, "%s: %a * 2^%d is no product of two values of its type", kind_name[k], m, e);
  } else {
    CHECK(fits(k, x) && ldexp(x, -e) == m, "%s: %a * 2^%d is no value of its type", kind_name[k], m,
          e);
  }
  t->x[t->n] = x, t->y[t->n] = y;
  ++t->n;
}

/* Pads t to n terms with zeros (a dot: 0 times a random value), shuffled, so that the terms
 * fall to different threads and teams. */
static void pad_shuffle(terms *t, kind k, size_t n, uint64_t *st)
{
  for (; t->n < n; ++t->n)
    t->x[t->n] = 0, t->y[t->n] = isdot(k) ? draw_term(st, is32(k), -20, 20) : 1;
  for (size_t i = t->n - 1; i > 0; --i) {
    size_t j = (size_t)(redu_test_rand(st) % (i + 1));
    double a = t->x[i], b = t->y[i];
    t->x[i] = t->x[j], t->y[i] = t->y[j], t->x[j] = a, t->y[j] = b;
  }
}

/* Ties at every exponent e of the result, from the least subnormal to the largest binade:
 * M ulps (u = 2^E, the result's ulp) plus half an ulp in two quarters, M even, odd or all
 * ones (which carries into the next binade, and at the top into infinity); once per e the
 * same with the least term of the kind added or taken away, which breaks the tie. A pair
 * +-2^(e + 40) (at most the largest term) cancels around them. A sum's tie needs its half ulp
 * to be an element (so none below the least subnormal); a dot's products reach 2^(2 esub). */
static void test_ties(kind k, uint64_t *st)
{
  fmt f = fmt_of(k);
  int least = isdot(k) ? 2 * f.esub : f.esub, top = isdot(k) ? 2 * f.emax : f.emax;
  unsigned r = 0;
  static terms t;
  for (int e = f.esub; e <= f.emax; ++e) {
    int E = e - (f.prec - 1) > f.esub ? e - (f.prec - 1) : f.esub;
    for (int c = 0; c < 4; ++c) {
      int kind_of_m = c < 3 ? c : e % 3, sticky = c < 3 ? 0 : e % 2 ? 1 : -1;
      double one = ldexp(1.0, e - E);
      double M = kind_of_m == 0 ? one : kind_of_m == 1 ? one + 1 : 2 * one - 1;
      t.n = 0;
      put(&t, k, M, E, st);
      if (E - 2 >= least) {
        put(&t, k, 1, E - 2, st);
        put(&t, k, 1, E - 2, st);
      } else if (E - 1 >= least) {
        put(&t, k, 1, E - 1, st);
      }
      if (sticky && least <= E - 2)
        put(&t, k, sticky, least, st);
      int b = e + 40 < top ? e + 40 : top;
      put(&t, k, 1, b, st);
      put(&t, k, -1, b, st);
      pad_shuffle(&t, k, 6 + redu_test_rand(st) % 40, st);
      char what[96];
      snprintf(what, sizeof what, "tie at 2^%d (M %s, sticky %d)", e,
               kind_of_m == 0   ? "2^k"
               : kind_of_m == 1 ? "odd"
                                : "all ones",
               sticky);
      check_rotating(k, what, t.x, t.y, t.n, r++);
    }
  }
}

/* Appends to t the negation of each of its terms [0, h), refactored: x * y as (-x 2^s)(y 2^-s)
 * with s at random where both stay exact, else -x * y. */
static void put_negations(terms *t, kind k, size_t h, uint64_t *st)
{
  for (size_t i = 0; i < h; ++i) {
    int s = (int)(redu_test_rand(st) % 4201) - 2100;
    double x = 0, y = 0;
    for (; s != 0; s /= 2) {
      x = -ldexp(t->x[i], s), y = ldexp(t->y[i], -s);
      if (fits(k, x) && fits(k, y) && ldexp(x, -s) == -t->x[i] && ldexp(y, s) == t->y[i])
        break;
    }
    if (s == 0 || !isdot(k))
      x = -t->x[i], y = t->y[i];
    t->x[t->n] = x, t->y[t->n] = y;
    ++t->n;
  }
}

/* A value of the kind's element type below 2^e, e in [lo, hi] (random mantissa, sign). */
static double draw_elem(kind k, int lo, int hi, uint64_t *st)
{
  double v = draw_term(st, is32(k), lo, hi);
  return is32(k) ? (double)(float)v : v;
}

/* n random terms below 2^e, e in [lo, hi] (a dot: factors below 2^(e/2)), checked as drawn;
 * then their first half with every term's negation beside it and five terms from [rlo, rhi]
 * left over: the cancellation must leave exactly those. */
static void test_random(kind k, const char *what, int lo, int hi, int rlo, int rhi, size_t n,
                        uint64_t *st)
{
  static terms t;
  int d = isdot(k) ? 2 : 1;
  char name[96];
  for (t.n = 0; t.n < n; ++t.n)
    t.x[t.n] = draw_elem(k, lo / d, hi / d, st),
    t.y[t.n] = isdot(k) ? draw_elem(k, lo / d, hi / d, st) : 1;
  snprintf(name, sizeof name, "%s, random", what);
  check_case(k, name, t.x, t.y, t.n);
  t.n = n / 2;
  put_negations(&t, k, t.n, st);
  for (int i = 0; i < 5; ++i, ++t.n)
    t.x[t.n] = draw_elem(k, rlo / d, rhi / d, st),
    t.y[t.n] = isdot(k) ? draw_elem(k, rlo / d, rhi / d, st) : 1;
  pad_shuffle(&t, k, t.n, st);
  snprintf(name, sizeof name, "%s, cancelling to 2^%d..2^%d", what, rlo, rhi);
  check_case(k, name, t.x, t.y, t.n);
}

/* The symptom of products below the least subnormal: c products 2^-538 * 2^-538 = 2^-1076
 * sum to c/4 * 2^-1074, correctly rounded (c = 2: a tie, down to 0; c = 6: a tie, up to
 * 2^-1073), whatever their signs' pattern, beside the rest of a long array. */
static void test_underflowing_products(void)
{
  static const size_t counts[] = {1, 2, 3, 4, 5, 6, 7, 200, 4001};
  static terms t;
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; ++i)
    for (int neg = 0; neg < 2; ++neg) {
      t.n = counts[i];
      for (size_t j = 0; j < t.n; ++j)
        t.x[j] = neg ? -0x1p-538 : 0x1p-538, t.y[j] = 0x1p-538;
      char what[64];
      snprintf(what, sizeof what, "%zu products %s2^-1076", t.n, neg ? "-" : "");
      check_case(K_DOT64, what, t.x, t.y, t.n);
    }
  double x4[] = {0x1p-538, 0x1p-538, 0x1p-538, 0x1p-538}, got;
  CHECK_OK(run(K_DOT64, dev, x4, x4, 4, 0, 0, 0, &got));
  CHECK(got == 0x1p-1074, "4 products 2^-1076: %a, want 0x1p-1074", got);
}

/* Products past the largest finite value, and their rules beside infinities and NaN. */
static void test_huge_products(kind k)
{
  const double inf = INFINITY, nan = NAN;
  /* p: a factor whose square passes the largest finite value; m: the largest finite value. */
  const double p = is32(k) ? 0x1p100 : 0x1p600;
  const double m = is32(k) ? 0x1.fffffep127 : 0x1.fffffffffffffp1023;
  /* hx * hy: half m's ulp. */
  const double hx = is32(k) ? 0x1p52 : 0x1p485, hy = is32(k) ? 0x1p51 : 0x1p485;
  struct {
    const char *what;
    double x[4], y[4];
  } c[] = {
      {"p^2 - p^2 + 1", {p, -p, 1, 0}, {p, p, 1, 0}},
      {"p^2 + 1: +inf", {p, 1, 0, 0}, {p, 1, 0, 0}},
      {"-p^2 + 1: -inf", {-p, 1, 0, 0}, {p, 1, 0, 0}},
      {"4 m - 2 m - m - m", {m, m, m, m}, {4, -2, -1, -1}},
      {"4 m - 2 m - m", {m, m, m, 0}, {4, -2, -1, 0}},
      {"m + half its ulp: a tie, up to +inf", {m, hx, 0, 0}, {1, hy, 0, 0}},
      {"-m - half its ulp: -inf", {m, hx, 0, 0}, {-1, -hy, 0, 0}},
      {"m + half its ulp - least product: m",
       {m, hx, is32(k) ? 0x1p-149 : 0x1p-1074, 0},
       {1, hy, is32(k) ? -0x1p-149 : -0x1p-1074, 0}},
      {"-p^2 and +inf", {-p, inf, 0, 0}, {p, 1, 0, 0}},
      {"p^2 and -inf", {p, -inf, 1, 0}, {p, 2, 1, 0}},
      {"p^2 and NaN", {p, nan, 0, 0}, {p, 1, 0, 0}},
      {"inf times the least subnormal", {inf, 1, 0, 0}, {is32(k) ? 0x1p-149 : 0x1p-1074, 1, 0, 0}},
      {"-inf times the least subnormal",
       {inf, 0, 0, 0},
       {is32(k) ? -0x1p-149 : -0x1p-1074, 0, 0, 0}},
      {"inf times 0, with p^2", {inf, p, 0, 0}, {0, p, 0, 0}},
      {"-0 times the least subnormal",
       {-0.0, -0.0, 0, 0},
       {is32(k) ? 0x1p-149 : 0x1p-1074, 1, -1, 1}},
      {"0 times m", {0.0, -0.0, 0, 0}, {m, m, 0, 0}},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; ++i)
    check_case(k, c[i].what, c[i].x, c[i].y, 4);
}

/* A sum's extremes: the least subnormal and the largest value beside infinities and NaN. */
static void test_sum_specials(kind k)
{
  const double inf = INFINITY, nan = NAN, s = is32(k) ? 0x1p-149 : 0x1p-1074;
  const double m = is32(k) ? 0x1.fffffep127 : 0x1.fffffffffffffp1023;
  struct {
    const char *what;
    double x[4];
  } c[] = {
      {"m + m - m", {m, m, -m, 0}},        {"m - m + s", {m, -m, s, -0.0}},
      {"-s - s + s", {-s, -s, s, -0.0}},   {"-s + s", {-s, s, -0.0, -0.0}},
      {"m + m and -inf", {m, m, -inf, s}}, {"s and +inf", {s, inf, s, -s}},
      {"s and NaN", {s, nan, -s, 0}},      {"+inf, -inf, s", {inf, -inf, s, 0}},
  };
  const double ones[4] = {1, 1, 1, 1};
  for (size_t i = 0; i < sizeof c / sizeof c[0]; ++i)
    check_case(k, c[i].what, c[i].x, ones, 4);
}

int main(void)
{
  exact_calls_init();
  uint64_t st = 0x5eed;
  test_underflowing_products();
  for (int k = 0; k < K_COUNT; ++k) {
    fmt f = fmt_of((kind)k);
    /* A term's exponents: a dot's products reach twice as far as its factors. */
    int lo = isdot((kind)k) ? 2 * f.esub : f.esub, hi = isdot((kind)k) ? 2 * f.emax : f.emax;
    if (isdot((kind)k))
      test_huge_products((kind)k);
    else
      test_sum_specials((kind)k);
    test_ties((kind)k, &st);
    /* The whole range, cancelling to below and around the least subnormal, or to about 1 in
     * 4001 terms (which the kernels take in rounds and vector steps); tiny terms only; huge
     * terms only, cancelling to about the largest value. */
    test_random((kind)k, "whole range", lo, hi, lo, f.esub + 60, 1001, &st);
    test_random((kind)k, "whole range, long", lo, hi, -10, 10, 4001, &st);
    test_random((kind)k, "tiny", lo, f.esub + 60, lo, f.esub + 2, 1001, &st);
    test_random((kind)k, "huge", f.emax - 200, hi, f.emax - 60, f.emax, 1001, &st);
  }
  return redu_test_finish("test_exact_range");
}

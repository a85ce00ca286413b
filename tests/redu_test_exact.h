/* The exact tests' kinds and their independent reference: MPFR (tests/test_exact.c,
 * tests/test_region_exact.c). */
#ifndef REDU_TEST_EXACT_H
#define REDU_TEST_EXACT_H

#include "redu_test.h"
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

/* The four exact kinds: sums of f64 and f32, dots of f64 and f32. */
typedef enum { K_SUM64, K_SUM32, K_DOT64, K_DOT32, K_COUNT } kind;
__attribute__((unused)) static const char *const kind_name[K_COUNT] = {"sum f64", "sum f32",
                                                                       "dot f64", "dot f32"};
static int is32(kind k) { return k == K_SUM32 || k == K_DOT32; }
static int isdot(kind k) { return k == K_DOT64 || k == K_DOT32; }

/* The correctly rounded value, computed by MPFR in an unbounded exponent range and only
 * then brought into the result type's range (overflow to inf, subnormal rounding without
 * double rounding: mpfr_subnormalize takes the first rounding's direction). */
static double reference(kind k, const double *x, const double *y, size_t n)
{
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t *v = malloc((n ? n : 1) * sizeof *v), r;
  mpfr_ptr *p = malloc((n ? n : 1) * sizeof *p);
  for (size_t i = 0; i < n; ++i) {
    mpfr_init2(v[i], 110);
    mpfr_set_d(v[i], x[i], MPFR_RNDN);
    if (isdot(k)) {
      mpfr_t b;
      mpfr_init2(b, 53);
      mpfr_set_d(b, y[i], MPFR_RNDN);
      mpfr_mul(v[i], v[i], b, MPFR_RNDN); /* exact: 106 bits suffice */
      mpfr_clear(b);
    }
    p[i] = v[i];
  }
  int prec = is32(k) ? 24 : 53;
  mpfr_init2(r, prec);
  int t = mpfr_sum(r, p, (unsigned long)n, MPFR_RNDN);
  mpfr_set_emin(is32(k) ? -148 : -1073);
  mpfr_set_emax(is32(k) ? 128 : 1024);
  t = mpfr_check_range(r, t, MPFR_RNDN);
  mpfr_subnormalize(r, t, MPFR_RNDN);
  double d = is32(k) ? (double)mpfr_get_flt(r, MPFR_RNDN) : mpfr_get_d(r, MPFR_RNDN);
  for (size_t i = 0; i < n; ++i)
    mpfr_clear(v[i]);
  mpfr_clear(r);
  free(v);
  free(p);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return d;
}

/* The same double, NaNs of any payload alike. */
static inline int same_bits(double a, double b)
{
  return (isnan(a) && isnan(b)) || !memcmp(&a, &b, 8);
}

/* A value m * 2^e with a random 24-bit (f32) or 53-bit mantissa, e in [lo, hi], random sign. */
static inline double draw_term(uint64_t *st, int f32, int lo, int hi)
{
  uint64_t r = redu_test_rand(st);
  double m = f32 ? (double)(r >> 40) * 0x1p-24 : (double)(r >> 11) * 0x1p-53;
  double v = ldexp(m, lo + (int)(redu_test_rand(st) % (uint64_t)(hi - lo + 1)));
  return redu_test_rand(st) & 1 ? -v : v;
}

#endif

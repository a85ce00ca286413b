#include "bench_check.h"

#include <math.h>

static double elem(const void *h, bench_type t, size_t i)
{
  return t == BENCH_F64 ? ((const double *)h)[i] : ((const float *)h)[i];
}

/* Kahan-Babuska-Neumaier: s + c carries the sum to about twice long double's precision. */
static void neumaier(long double *s, long double *c, long double v)
{
  long double t = *s + v;
  *c += fabsl(*s) >= fabsl(v) ? (*s - t) + v : (v - t) + *s;
  *s = t;
}

void bench_reference(bench_type t, const void *hx, const void *hy, const size_t *ns, int k,
                     bench_ref *out)
{
  long double s = 0, c = 0, mag = 0;
  size_t i = 0;
  for (int j = 0; j < k; ++j) {
    for (; i < ns[j]; ++i) {
      double a = elem(hx, t, i);
      if (!hy) {
        neumaier(&s, &c, a);
        mag += fabs(a);
        continue;
      }
      /* a·b is exactly p + fma(a, b, -p). */
      double b = elem(hy, t, i), p = a * b;
      neumaier(&s, &c, p);
      neumaier(&s, &c, fma(a, b, -p));
      mag += fabs(p);
    }
    out[j] = (bench_ref){s + c, mag};
  }
}

/* t's spacing at magnitude m. */
static long double ulp_at(bench_type t, long double m)
{
  int digits = t == BENCH_F64 ? 53 : 24, emin = t == BENCH_F64 ? -1021 : -125, e = emin;
  if (m > 0) {
    frexpl(m, &e); /* m = f·2^e, f in [0.5, 1) */
    e = e < emin ? emin : e;
  }
  return ldexpl(1.0L, e - digits);
}

double bench_ulps(bench_type t, double v, long double ref)
{
  return (double)(((long double)v - ref) / ulp_at(t, fabsl(ref)));
}

int bench_within_bound(bench_type t, double v, const bench_ref *r, size_t n, int dot)
{
  long double acc = ((long double)n + dot) * 0x1p-53L * r->mag + 0x1p-60L * r->mag;
  return fabsl((long double)v - r->sum) <= acc + ulp_at(t, fabsl(r->sum) + acc);
}

int bench_correctly_rounded(bench_type t, double v, long double ref)
{
  double inf = ref > v ? INFINITY : -INFINITY;
  double next = t == BENCH_F64 ? nextafter(v, inf) : nextafterf((float)v, (float)inf);
  return fabsl(ref - v) <= fabsl((long double)next - v) * (0.5L + 1.0L / 512);
}

/* Exact scans (REDU_EXACT sum scans of float and double): the accumulator the array scan kernel
 * (device/redu_scan_kernel.h) carries, and the finish that gives each prefix correctly rounded
 * or says it cannot (docs/scans.md, "Exact scans").
 *
 * A prefix travels as a double-word hi + lo with a bound on what it lost: every combine adds
 * the two doubles exactly (TwoSum at every step) but for the roundings of two low-order sums,
 * whose exact errors join `err`. So the exact prefix S lies within err of hi + lo, whatever
 * the association the plan used. The finish returns RN(S) when the whole interval
 * [hi + lo - err, hi + lo + err] rounds to one value of the result type, which is then the
 * correctly rounded prefix, the same bits for every plan, team count and device; otherwise it
 * marks the call (*unsure = 1), and the host computes the scan again exactly
 * (host/redu_exact_scan.c). Random data never needs that: err stays zero or some 2^-100 of the
 * prefix. Cancellation below what a double-word holds (1e300 + 1 + 1e-300 - 1e300 - 1), sums
 * past 2^1020 (f64) or 2^127 (f32), and ties exactly between two results do.
 *
 * Non-finite terms and signs of zero follow exact sums (device/redu_exact_acc.h's flags): NaN,
 * or +inf and -inf, give NaN; one infinity gives it; a zero prefix is -0.0 when every term was
 * -0.0, +0.0 otherwise; the empty prefix (an exclusive scan's first, without init) is +0.0, as
 * an exact sum of no terms. */
#ifndef REDU_EXACT_SCAN_H
#define REDU_EXACT_SCAN_H

#include "device/redu_internal.h"

#include "device/redu_exact_acc.h"
#include <stdint.h>

#pragma omp begin declare target

typedef struct redu__xs {
  double hi, lo;  /* hi + lo: the prefix, up to err */
  double err;     /* |S - (hi + lo)| <= err */
  unsigned flags; /* REDU__X_NAN, _PINF, _NINF, _NOT_NEGZERO, and REDU__XS_SEEN */
} redu__xs;

/* A flag beside device/redu_exact_acc.h's: the prefix holds a term. */
enum { REDU__XS_SEEN = 16 };

#define REDU__XS_IDENT ((redu__xs){-0.0, 0.0, 0.0, 0u})

static inline redu__xs redu__xs_lift(double v)
{
  redu__xs a = {v, 0.0, 0.0,
                REDU__XS_SEEN |
                    (redu__x_bits(v) == 1ull << 63 ? 0u : (unsigned)REDU__X_NOT_NEGZERO)};
  if (v - v != 0) /* NaN or an infinity: a flag only */
    a.hi = -0.0, a.flags |= redu__x_special(v);
  return a;
}
static inline redu__xs redu__xs_lift_f64(double v, size_t i) { return (void)i, redu__xs_lift(v); }
static inline redu__xs redu__xs_lift_f32(float v, size_t i)
{
  return (void)i, redu__xs_lift((double)v);
}

/* a + b: a.hi + b.hi = s + e1 exactly; a.lo + b.lo rounds to u (error r1), e1 + u to t
 * (error r2), and a last TwoSum leaves the double-word s2 + t2. The result is a + b - r1 - r2
 * exactly; err grows by |r1| + |r2|, and by 2^-50 of itself so that its own roundings never
 * make it too small. Four TwoSums: keeping the first low-order error as a part too (six) costs
 * half as many FP64 additions again, in a kernel their latency bounds (docs/performance.md,
 * "Scans"), and gains only where the high parts cancel below what a double-word holds. Past
 * 2^1020 a TwoSum could overflow: err becomes inf. */
static inline redu__xs redu__xs_combine_any(redu__xs a, redu__xs b)
{
  double s = a.hi + b.hi, e1 = redu__x_two_sum_err(a.hi, b.hi, s);
  double u = a.lo + b.lo, r1 = redu__x_two_sum_err(a.lo, b.lo, u);
  double t = e1 + u, r2 = redu__x_two_sum_err(e1, u, t);
  double s2 = s + t, t2 = redu__x_two_sum_err(s, t, s2);
  double err = (a.err + b.err + __builtin_fabs(r1) + __builtin_fabs(r2)) * (1 + 0x1p-50);
  redu__xs r = {s2, t2, __builtin_fabs(s2) < 0x1p1020 ? err : __builtin_inf(), a.flags | b.flags};
  return r;
}

/* a + b where b is one term (b.lo and b.err 0, as redu__xs_lift makes them): a.lo + b.lo is
 * a.lo exactly, so three TwoSums give what four do, within the same bound (only a zero's
 * sign in the low part may differ, which no rounding reads: redu__xs_zero takes the flags'). */
static inline redu__xs redu__xs_combine_term(redu__xs a, redu__xs b)
{
  double s = a.hi + b.hi, e1 = redu__x_two_sum_err(a.hi, b.hi, s);
  double t = e1 + a.lo, r2 = redu__x_two_sum_err(e1, a.lo, t);
  double s2 = s + t, t2 = redu__x_two_sum_err(s, t, s2);
  double err = (a.err + __builtin_fabs(r2)) * (1 + 0x1p-50);
  redu__xs r = {s2, t2, __builtin_fabs(s2) < 0x1p1020 ? err : __builtin_inf(), a.flags | b.flags};
  return r;
}

/* The scans' combine: a lifted term's known zeros (once inlined, a constant test) take
 * redu__xs_combine_term, which the kernels' folds and writes combine with each element; any
 * other operand the general combine, with no test at run time. */
static inline redu__xs redu__xs_combine(redu__xs a, redu__xs b)
{
  int term = (b.lo == 0) & (b.err == 0);
  return __builtin_constant_p(term) && term ? redu__xs_combine_term(a, b)
                                            : redu__xs_combine_any(a, b);
}

/* 2^k as a double, for -1022 <= k <= 1023. */
static inline double redu__xs_pow2(int k)
{
  union {
    uint64_t u;
    double d;
  } v = {(uint64_t)(k + 1023) << 52};
  return v.d;
}

/* Whether v + d, with d the rounded sum of v and the exact value's other parts, lies
 * certainly below 0 (sign -1) or above 0 (sign +1) by more than err: d's rounding is
 * at most 2^-52 of it, so |d| > 4 err (and d of the right sign) is enough. */
static inline int redu__xs_clear_of(double d, double err, int sign)
{
  return sign < 0 ? d < -4 * err : d > 4 * err;
}

/* A zero prefix's sign. */
static inline double redu__xs_zero(unsigned flags)
{
  return (flags & REDU__X_NOT_NEGZERO) || !(flags & REDU__XS_SEEN) ? 0.0 : -0.0;
}

/* The flags' verdict on a non-finite prefix; 0 when it is finite. */
static inline double redu__xs_special(unsigned flags, int *done)
{
  *done = 1;
  if ((flags & REDU__X_NAN) || ((flags & REDU__X_PINF) && (flags & REDU__X_NINF)))
    return __builtin_nan("");
  if (flags & REDU__X_PINF)
    return __builtin_inf();
  if (flags & REDU__X_NINF)
    return -__builtin_inf();
  *done = 0;
  return 0;
}

/* What both roundings do first: the flags' verdict on a non-finite prefix, or the sign of an
 * exact zero (done, with the result in v); else hi + lo as s + t. Every prefix is a lifted term
 * (lo 0) or a combine's last TwoSum (hi = RN(hi + lo)), so hi + lo is already normalised: s is
 * hi, t is lo, and hi is 0 only where lo is (a nonzero exact sum of doubles rounds to nonzero).
 * Renormalising it again cost six FP64 additions an element (docs/performance.md, tuning log). */
typedef struct redu__xs_head {
  double s, t, v;
  int done;
} redu__xs_head;

static inline redu__xs_head redu__xs_head_of(redu__xs a)
{
  redu__xs_head h = {0, 0, 0, 0};
  h.v = redu__xs_special(a.flags, &h.done);
  if (h.done)
    return h;
  h.s = a.hi, h.t = a.lo;
  h.done = a.hi == 0 && a.err == 0;
  h.v = redu__xs_zero(a.flags);
  return h;
}

/* RN(S) to double, or *ok = 0. s + t: hi + lo renormalised (|t| <= half an ulp of s), so s is
 * the only candidate: it is RN(S) when S - s lies strictly inside (-below, above), the half
 * gaps to s's neighbours (below is a quarter ulp at a power of two). Small s are scaled by
 * 2^200 (exactly) so that every half gap is a normal double. */
static inline double redu__xs_round_f64(redu__xs a, int *ok)
{
  redu__xs_head h = redu__xs_head_of(a);
  *ok = 1;
  if (h.done)
    return h.v;
  double s = h.s, t = h.t, err = a.err;
  if (err == 0 && __builtin_fabs(s) < 0x1p1020)
    return s; /* S = hi + lo exactly, and s = RN(hi + lo): ties to even included */
  uint64_t bits = redu__x_bits(s);
  int ex = (int)((bits >> 52) & 0x7ff), sc = ex < 200 ? 200 : 0;
  if (!(err < 0x1p900) || ex > 2043) { /* err inf or NaN, or s past 2^1021 */
    *ok = 0;
    return s;
  }
  double k = redu__xs_pow2(sc);
  double ts = t * k, es = err * k;
  double half = redu__xs_pow2((ex ? ex : 1) - 1076 + sc);
  double below = (bits & ((1ull << 52) - 1)) == 0 && ex > 1 ? half * 0.5 : half;
  double tau = s < 0 ? -ts : ts; /* S - s toward s's magnitude */
  *ok = redu__xs_clear_of(tau - half, es, -1) && redu__xs_clear_of(tau + below, es, 1);
  return s;
}

/* The float next to r toward +inf (dir > 0) or -inf: one step of its bits. */
static inline float redu__xs_f32_next(float r, int dir)
{
  uint32_t b;
  __builtin_memcpy(&b, &r, sizeof b);
  if (r == 0)
    b = dir > 0 ? 1u : 0x80000001u;
  else
    b = (r > 0) == (dir > 0) ? b + 1 : b - 1;
  __builtin_memcpy(&r, &b, sizeof b);
  return r;
}

/* RN(s + t) to float for an exact S = s + t (t != 0, |t| <= half an ulp of s), given
 * r = RN(s): a double rounding is wrong only when s lies exactly halfway between r and the
 * float r2 on s's other side (then s + t lies on t's side of that midpoint). r and r2 are
 * adjacent floats, so r + r2 is exact in double. */
static inline float redu__xs_f32_unsplit(float r, double s, double t)
{
  if ((double)r == s)
    return r;
  float r2 = redu__xs_f32_next(r, (double)r < s ? 1 : -1);
  if ((double)r + (double)r2 != 2 * s)
    return r;
  return (t > 0) == ((double)r2 > (double)r) ? r2 : r;
}

/* RN(S) to float (returned as the double that holds it), or *ok = 0: the candidate r = RN(s)
 * is RN(S) when S lies strictly between the float midpoints around r, up = r + (half gap
 * above) and dn = r - (half gap below), all doubles. up - s and s - dn are split exactly
 * (TwoSum); the sums with t then round by at most 2^-52 of their parts, which the margin
 * covers. */
static inline double redu__xs_round_f32(redu__xs a, int *ok)
{
  redu__xs_head h = redu__xs_head_of(a);
  *ok = 1;
  if (h.done)
    return h.v;
  double s = h.s, t = h.t, err = a.err;
  float r = (float)s;
  double ar = __builtin_fabs((double)r);
  if (!(err < 0x1p100) || !(ar < 0x1p127)) {
    *ok = 0;
    return (double)r;
  }
  if (err == 0) { /* S = s + t exactly: r is RN(S) unless s is a float midpoint */
    r = t != 0 ? redu__xs_f32_unsplit(r, s, t) : r;
    return r != 0 ? (double)r : redu__xs_zero(a.flags);
  }
  /* Half gaps of the float grid at r: ulp(r) / 2 (2^-150 below the normal range), a quarter
   * ulp on the side toward zero at a power of two. */
  uint32_t fb;
  __builtin_memcpy(&fb, &r, sizeof fb);
  int fex = (int)((fb >> 23) & 0xff);
  double half = redu__xs_pow2((fex ? fex : 1) - 151);
  double toward0 = (fb & 0x7fffff) == 0 && fex > 1 ? half * 0.5 : half;
  double up = (double)r + (r > 0 ? half : r < 0 ? toward0 : half);
  double dn = (double)r - (r > 0 ? toward0 : half);
  double a1 = up - s, a1e = redu__x_two_sum_err(up, -s, a1);
  double b1 = s - dn, b1e = redu__x_two_sum_err(s, -dn, b1);
  double d_up = (a1e - t) + a1, d_dn = (b1e + t) + b1;
  double m_up = 0x1p-50 * (__builtin_fabs(a1) + __builtin_fabs(a1e) + __builtin_fabs(t)) + err;
  double m_dn = 0x1p-50 * (__builtin_fabs(b1) + __builtin_fabs(b1e) + __builtin_fabs(t)) + err;
  *ok = redu__xs_clear_of(d_up, m_up, 1) && redu__xs_clear_of(d_dn, m_dn, 1);
  /* A certain zero: float sums are multiples of 2^-149, so S is 0 exactly; its sign is the
   * flags'. */
  if (r == 0)
    return redu__xs_zero(a.flags);
  return (double)r;
}

/* The scan kernel's FINISH: the rounded prefix, or (marking *unsure) the candidate. */
static inline double redu__xs_finish_f64(redu__xs a, unsigned *unsure)
{
  int ok;
  double r = redu__xs_round_f64(a, &ok);
  if (!ok) {
#pragma omp atomic write
    *unsure = 1u;
  }
  return r;
}
static inline float redu__xs_finish_f32(redu__xs a, unsigned *unsure)
{
  int ok;
  float r = (float)redu__xs_round_f32(a, &ok);
  if (!ok) {
#pragma omp atomic write
    *unsure = 1u;
  }
  return r;
}

#pragma omp end declare target

#endif

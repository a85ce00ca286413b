/* How redu-bench checks float results: against an independent host reference (compensated
 * summation in long double, products split exactly with fma), never against a peer. Each
 * result's error is given in units of the last place (ulps) of the exact result; libredu's
 * default sum or dot product is wrong only beyond its documented bound (docs/semantics.md),
 * its REDU_EXACT result only when it is not the reference rounded once. */
#ifndef BENCH_CHECK_H
#define BENCH_CHECK_H

#include "bench_baselines.h"
#include <stddef.h>

typedef struct bench_ref {
  long double sum; /* the exact sum, to about 2^-63 relative */
  long double mag; /* the sum of the terms' magnitudes */
} bench_ref;

/* The reference of the terms x[i] (x[i]·y[i] when hy is not NULL), i < ns[j], for each of
 * the k ascending lengths ns[] in one pass; hx, hy: host arrays of type t (F64 or F32). */
void bench_reference(bench_type t, const void *hx, const void *hy, const size_t *ns, int k,
                     bench_ref *out);

/* (v - ref) in ulps of ref in type t (t's spacing at |ref|, subnormal spacing below). */
double bench_ulps(bench_type t, double v, long double ref);

/* Whether v, libredu's default sum (dot = 0) or dot product (dot = 1) of n terms of type t,
 * is within its documented bound: |v - S| <= (n + dot)·2^-53·Σ|terms| + one rounding to t
 * (with 2^-60·Σ|terms| more for the reference's own error). */
int bench_within_bound(bench_type t, double v, const bench_ref *r, size_t n, int dot);

/* Whether v is ref rounded to nearest in type t (within 1/512 ulp of slack for the
 * reference's own error). */
int bench_correctly_rounded(bench_type t, double v, long double ref);

#endif

/* What every section of redu-bench shares: the run's settings and the timing loop. */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <stdio.h>

typedef struct bench_timing {
  double empty_ms; /* empty target region */
  int on_host;
  FILE *csv; /* or NULL */
} bench_timing;

/* Median seconds of fn(arg) after two warm-up calls, repeated until 0.2 s or 100 calls
 * (at least 5). */
double bench_median(void (*fn)(void *), void *arg);

/* Sorts v[0, k) ascending. */
void bench_sort(double *v, size_t k);

/* Whether name is in the comma-separated list (every name when list is NULL). */
int bench_listed(const char *list, const char *name);

#endif

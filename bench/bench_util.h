/* What every section of redu-bench shares: the run's settings, the timing loop, and how a
 * figure is printed (a figure that was not measured prints "-" in tables and as an empty
 * CSV field; no ratio is taken against one). */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <stddef.h>
#include <stdio.h>

typedef struct bench_timing {
  double empty_ms; /* empty target region; NAN under host fallback (no launch to time) */
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

/* The launch every target region pays: the empty region's time, 0 under host fallback. */
double bench_launch_ms(const bench_timing *t);

/* A time, rate or ratio that exists: v when v > 0 and finite, else NAN (not measured). */
double bench_measured(double v);
/* a / b when both were measured, else NAN. */
double bench_div(double a, double b);

/* v printed with fmt, or "-" when v is NAN. The text lives in a ring of 32 static buffers:
 * enough for one printf's cells. */
const char *bench_cell(const char *fmt, double v);

/* One CSV row (bench/README.md lists the columns). NAN figures are empty fields; the rates
 * and ratios are derived here from the times, so none is taken against a missing one. */
typedef struct bench_row {
  const char *op, *type, *impl;
  size_t n;
  double bytes;
  double ms, ceil_ms, builtin_ms, cub_ms, bound_ms; /* NAN: not measured */
  int ok;            /* libredu's result within its bound; -1: none */
  double spread_pct; /* NAN: one run */
  int repeats;       /* 0: not repeated */
  double kern_gbps;  /* NAN: not the ceiling row */
  int over_peak;     /* -1: peak unknown */
  double ulps;       /* error in units of the last place of the exact result; NAN: none */
} bench_row;
/* A row with every figure NAN and the flags "none". */
bench_row bench_row_blank(const char *op, const char *type, const char *impl, size_t n,
                          double bytes);
void bench_csv_header(FILE *csv);
void bench_csv_row(const bench_timing *t, const bench_row *r);

#endif

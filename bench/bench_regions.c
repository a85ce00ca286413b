#include "bench_regions.h"

#include "bench_baselines.h"
#include "bench_check.h"
#include "redu_region.h"
#include <math.h>
#include <omp.h>
#include <stdlib.h>

/* The exact cases use the exact kind (sum_exact_f64); their builtin is the plain clause. */
typedef enum { R_DOT, R_SUM, R_THREE, R_ARRAY_SUM, R_XSUM, R_XDOT, R_COUNT } region_case;
static const char *const case_names[R_COUNT] = {"dot",       "region-sum", "sum+max+count",
                                                "array-sum", "exact-sum",  "exact-dot"};
/* Arrays each case reads. */
static const int arrays_read[R_COUNT] = {2, 1, 1, 1, 1, 2};

typedef struct run {
  region_case c;
  int dev;
  const double *x, *y;
  size_t n;
  int status;
  double v[3];
  int read_teams, read_threads;
} run;

static void run_redu(void *arg)
{
  run *r = arg;
  const double *x = r->x, *y = r->y;
  redu_status st = REDU_OK;
  double a = 0, b = -INFINITY;
  int64_t cnt = 0;
  if (r->c == R_DOT) {
    REDU_FOR(st, r->dev, i, r->n, (x, y), (sum_f64, a)) { a += x[i] * y[i]; }
  } else if (r->c == R_XDOT) {
    REDU_FOR(st, r->dev, i, r->n, (x, y), (sum_exact_f64, a)) { a += x[i] * y[i]; }
  } else if (r->c == R_XSUM) {
    REDU_FOR(st, r->dev, i, r->n, (x), (sum_exact_f64, a)) { a += x[i]; }
  } else if (r->c == R_SUM) {
    REDU_FOR(st, r->dev, i, r->n, (x), (sum_f64, a)) { a += x[i]; }
  } else if (r->c == R_THREE) {
    REDU_FOR(st, r->dev, i, r->n, (x), (sum_f64, a), (max_f64, b), (sum_i64, cnt))
    {
      a += x[i];
      b = fmax(b, x[i]);
      cnt += x[i] > 0.5;
    }
  } else {
    st = redu_sum_f64(r->dev, x, r->n, &a, NULL);
  }
  r->status = st;
  r->v[0] = a, r->v[1] = b, r->v[2] = (double)cnt;
}

/* The same loops with clang's own reduction clauses (peer_region_clause.c). */
static void run_builtin(void *arg)
{
  run *r = arg;
  bench_region_clause(r->dev,
                      r->c == R_DOT || r->c == R_XDOT ? BENCH_REGION_DOT
                      : r->c == R_THREE               ? BENCH_REGION_THREE
                                                      : BENCH_REGION_SUM,
                      r->x, r->y, r->n, r->v);
}

static void run_read(void *arg)
{
  run *r = arg;
  bench_read_kernel(r->dev, r->x, r->n * sizeof(double) * (size_t)arrays_read[r->c], r->read_teams,
                    r->read_threads);
}

/* The host's answers for one case: the sum (or dot product) reference, max and count. */
typedef struct expect {
  bench_ref ref;
  double max, count;
} expect;

static expect expected(region_case c, const double *hx, const double *hy, size_t n)
{
  expect e = {.max = -INFINITY};
  int dot = c == R_DOT || c == R_XDOT;
  bench_reference(BENCH_F64, hx, dot ? hy : NULL, &n, 1, &e.ref);
  for (size_t i = 0; i < n; ++i) {
    e.max = hx[i] > e.max ? hx[i] : e.max;
    e.count += hx[i] > 0.5;
  }
  return e;
}

/* Whether libredu's results are right: the exact kinds correctly rounded, the others within
 * their bound, max and count exact. */
static int correct(region_case c, const double *v, const expect *e, size_t n)
{
  if (c == R_XSUM || c == R_XDOT)
    return bench_correctly_rounded(BENCH_F64, v[0], e->ref.sum);
  if (!bench_within_bound(BENCH_F64, v[0], &e->ref, n, c == R_DOT))
    return 0;
  return c != R_THREE || (v[1] == e->max && v[2] == e->count);
}

int bench_regions(int dev, size_t n, const bench_timing *t)
{
  /* x and y adjacent in one allocation, so that the ceiling reads both in one pass. */
  double *xy = omp_target_alloc(2 * n * sizeof(double), dev);
  if (!xy)
    return 1;
  double *x = xy, *y = xy + n;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(xy)
  for (size_t i = 0; i < 2 * n; ++i)
    xy[i] = (double)((i * 2654435761u) % 1000) * 1e-3;
  double *host = malloc(2 * n * sizeof *host);
  if (!host) {
    omp_target_free(xy, dev);
    return 1;
  }
  omp_target_memcpy(host, xy, 2 * n * sizeof *host, 0, 0, omp_get_initial_device(), dev);
  printf("\n# wrapped regions (REDU_FOR) over f64 arrays; builtin = the same loop with "
         "clang's reduction clauses\n");
  printf("%-14s %10s | %9s %8s %6s | %9s %8s | %9s %9s | %7s %7s | %8s %8s %s\n", "case", "n",
         "redu ms", "GB/s", "%ceil", "builtin", "GB/s", "ceil ms", "redu/bnd", "x bltin", "vs 1red",
         "redu ulp", "bltn ulp", "check");
  double single_ms = NAN, dot_ms = NAN, launch_ms = bench_launch_ms(t);
  int mismatches = 0;
  for (int c = 0; c < R_COUNT; ++c) {
    run r = {.c = (region_case)c, .dev = dev, .x = x, .y = y, .n = n};
    size_t bytes = n * sizeof(double) * (size_t)arrays_read[c];
    redu_plan_query(dev, bytes / 8, 8, &r.read_teams, &r.read_threads);
    double read_ms = bench_median(run_read, &r) * 1e3;
    double ceil_ms = read_ms > launch_ms ? read_ms - launch_ms : read_ms;
    double bound_ms = ceil_ms + launch_ms;
    double ms = bench_median(run_redu, &r) * 1e3;
    if (r.status != REDU_OK) {
      fprintf(stderr, "redu-bench: %s: %s\n", case_names[c], redu_last_error());
      return mismatches + 1;
    }
    run mine = r;
    double builtin_ms = bench_median(run_builtin, &r) * 1e3;
    expect e = expected((region_case)c, host, host + n, n);
    int ok = correct((region_case)c, mine.v, &e, n);
    mismatches += !ok;
    if (c == R_SUM)
      single_ms = ms;
    if (c == R_DOT)
      dot_ms = ms;
    double gbps = bytes / ms * 1e-6, ceil_gbps = bytes / ceil_ms * 1e-6;
    double vs_single = c == R_THREE || c == R_ARRAY_SUM || c == R_XSUM ? bench_div(ms, single_ms)
                       : c == R_XDOT                                   ? bench_div(ms, dot_ms)
                                                                       : NAN;
    double ulps[2] = {bench_ulps(BENCH_F64, mine.v[0], e.ref.sum),
                      bench_ulps(BENCH_F64, r.v[0], e.ref.sum)};
    printf("%-14s %10zu | %9.4f %8.1f %5.1f%% | %9.4f %8s | %9.4f %9s | %7s %7s | %8.2f "
           "%8.2f %s\n",
           case_names[c], n, ms, gbps, 100.0 * gbps / ceil_gbps, builtin_ms,
           bench_cell("%.1f", bench_div(bytes * 1e-6, builtin_ms)), ceil_ms,
           bench_cell("%.3f", bench_div(ms, bound_ms)),
           bench_cell("%.2f", bench_div(builtin_ms, ms)), bench_cell("%.3f", vs_single), ulps[0],
           ulps[1], ok ? "ok" : "MISMATCH");
    fflush(stdout);
    for (int m = 0; m < 2; ++m) {
      bench_row row =
          bench_row_blank(case_names[c], "f64", m ? "builtin" : "libredu", n, (double)bytes);
      row.ms = m ? builtin_ms : ms;
      row.ceil_ms = ceil_ms;
      row.builtin_ms = builtin_ms;
      row.bound_ms = bound_ms;
      row.ok = m ? -1 : ok;
      row.ulps = ulps[m];
      bench_csv_row(t, &row);
    }
  }
  printf("# vs 1red: time / the one-reduction region over the same array (exact-dot: / dot); "
         "exact-*: sum_exact_f64, their builtin the plain clause;\n# ulp: the sum's (dot's) error "
         "in units of the last place of the exact one (host reference); check: libredu only\n");
  free(host);
  omp_target_free(xy, dev);
  return mismatches;
}

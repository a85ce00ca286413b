#include "bench_regions.h"

#include "bench_baselines.h"
#include "redu_region.h"
#include <math.h>
#include <omp.h>

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

/* The same loops with clang's own reduction clauses. */
static void run_builtin(void *arg)
{
  run *r = arg;
  const double *x = r->x, *y = r->y;
  size_t n = r->n;
  double a = 0, b = -INFINITY;
  int64_t cnt = 0;
  if (r->c == R_DOT || r->c == R_XDOT) {
#pragma omp target teams distribute parallel for device(r->dev) is_device_ptr(x, y)                \
    reduction(+ : a) map(tofrom : a)
    for (size_t i = 0; i < n; ++i)
      a += x[i] * y[i];
  } else if (r->c == R_THREE) {
#pragma omp target teams distribute parallel for device(r->dev) is_device_ptr(x)                   \
    reduction(+ : a, cnt) reduction(max : b) map(tofrom : a, b, cnt)
    for (size_t i = 0; i < n; ++i) {
      a += x[i];
      b = fmax(b, x[i]);
      cnt += x[i] > 0.5;
    }
  } else {
#pragma omp target teams distribute parallel for device(r->dev) is_device_ptr(x) reduction(+ : a)  \
    map(tofrom : a)
    for (size_t i = 0; i < n; ++i)
      a += x[i];
  }
  r->v[0] = a, r->v[1] = b, r->v[2] = (double)cnt;
}

static void run_read(void *arg)
{
  run *r = arg;
  bench_read_kernel(r->dev, r->x, r->n * sizeof(double) * (size_t)arrays_read[r->c], r->read_teams,
                    r->read_threads);
}

static int same(const run *a, const run *b)
{
  for (int k = 0; k < 3; ++k)
    if (fabs(a->v[k] - b->v[k]) > 1e-9 * (fabs(b->v[k]) + 1.0))
      return 0;
  return 1;
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
  printf("\n# wrapped regions (REDU_FOR) over f64 arrays; builtin = the same loop with "
         "clang's reduction clauses\n");
  printf("%-14s %10s | %9s %8s %6s | %9s %8s | %9s %9s | %7s %7s %s\n", "case", "n", "redu ms",
         "GB/s", "%ceil", "builtin", "GB/s", "ceil ms", "redu/bnd", "x bltin", "vs 1red", "check");
  double single_ms = 0, dot_ms = 0;
  int mismatches = 0;
  for (int c = 0; c < R_COUNT; ++c) {
    run r = {.c = (region_case)c, .dev = dev, .x = x, .y = y, .n = n};
    size_t bytes = n * sizeof(double) * (size_t)arrays_read[c];
    redu_plan_query(dev, bytes / 8, 8, &r.read_teams, &r.read_threads);
    double read_ms = bench_median(run_read, &r) * 1e3;
    double ceil_ms = read_ms > t->empty_ms ? read_ms - t->empty_ms : read_ms;
    double bound_ms = ceil_ms + t->empty_ms;
    double ms = bench_median(run_redu, &r) * 1e3;
    if (r.status != REDU_OK) {
      fprintf(stderr, "redu-bench: %s: %s\n", case_names[c], redu_last_error());
      return mismatches + 1;
    }
    run mine = r;
    double builtin_ms = bench_median(run_builtin, &r) * 1e3;
    int ok = same(&mine, &r);
    mismatches += !ok;
    if (c == R_SUM)
      single_ms = ms;
    if (c == R_DOT)
      dot_ms = ms;
    double gbps = bytes / ms * 1e-6, ceil_gbps = bytes / ceil_ms * 1e-6;
    double vs_single = (c == R_THREE || c == R_ARRAY_SUM || c == R_XSUM) && single_ms > 0
                           ? ms / single_ms
                       : c == R_XDOT && dot_ms > 0 ? ms / dot_ms
                                                   : 0;
    printf("%-14s %10zu | %9.4f %8.1f %5.1f%% | %9.4f %8.1f | %9.4f %9.3f | %7.2f %7.3f %s\n",
           case_names[c], n, ms, gbps, 100.0 * gbps / ceil_gbps, builtin_ms,
           bytes / builtin_ms * 1e-6, ceil_ms, ms / bound_ms, builtin_ms / ms, vs_single,
           ok ? "ok" : "MISMATCH");
    fflush(stdout);
    if (t->csv)
      for (int m = 0; m < 2; ++m) {
        double v = m ? builtin_ms : ms;
        fprintf(t->csv, "%s,%s,f64,%zu,%zu,%s,%.6f,%.2f,%.2f,%.4f,0,%.6f,%d\n",
                t->on_host ? "host" : "gpu", case_names[c], n, bytes, m ? "builtin" : "libredu", v,
                bytes / v * 1e-6, 100.0 * ceil_ms / v, builtin_ms / v, bound_ms, ok);
      }
  }
  printf("# vs 1red: time / the one-reduction region over the same array (exact-dot: / dot); "
         "exact-*: sum_exact_f64, their builtin the plain clause\n");
  omp_target_free(xy, dev);
  return mismatches;
}

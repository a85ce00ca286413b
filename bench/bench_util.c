#include "bench_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Seconds on the monotonic clock. Not omp_get_wtime: libomp's is gettimeofday (whole
 * microseconds) as seconds since 1970 in a double, whose steps there are 0.24 us, so a
 * 1 us host call timed as 0.0000 or 0.0010 ms and its ratios as inf. */
static double bench_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

double bench_median(void (*fn)(void *), void *arg)
{
  double t[100];
  int k = 0;
  fn(arg);
  fn(arg);
  double start = bench_now();
  while (k < 100 && (k < 5 || bench_now() - start < 0.2)) {
    double t0 = bench_now();
    fn(arg);
    t[k++] = bench_now() - t0;
  }
  bench_sort(t, (size_t)k);
  return t[k / 2];
}

void bench_sort(double *v, size_t k) { qsort(v, k, sizeof v[0], cmp_double); }

int bench_listed(const char *list, const char *name)
{
  if (!list)
    return 1;
  size_t len = strlen(name);
  for (const char *p = list; (p = strstr(p, name)) != NULL; p += len)
    if ((p == list || p[-1] == ',') && (p[len] == ',' || p[len] == 0))
      return 1;
  return 0;
}

double bench_launch_ms(const bench_timing *t) { return isnan(t->empty_ms) ? 0 : t->empty_ms; }

double bench_measured(double v) { return v > 0 && isfinite(v) ? v : NAN; }

double bench_div(double a, double b) { return bench_measured(a) / bench_measured(b); }

const char *bench_cell(const char *fmt, double v)
{
  static char ring[32][32];
  static unsigned next;
  if (isnan(v))
    return "-";
  char *b = ring[next++ % 32];
  snprintf(b, sizeof ring[0], fmt, v);
  return b;
}

bench_row bench_row_blank(const char *op, const char *type, const char *impl, size_t n,
                          double bytes)
{
  return (bench_row){op, type, impl, n, bytes, NAN, NAN, NAN, NAN, NAN, -1, NAN, 0, NAN, -1, NAN};
}

void bench_csv_header(FILE *csv)
{
  fprintf(csv, "device,op,type,n,bytes,impl,ms,gbps,pct_ceiling,vs_builtin,vs_cub,bound_ms,"
               "result_ok,spread_pct,repeats,kernel_gbps,over_peak,ulps\n");
}

/* fmt of v, or nothing (an empty CSV field) when v is NAN. */
static void field(FILE *f, const char *fmt, double v)
{
  fputc(',', f);
  if (!isnan(v))
    fprintf(f, fmt, v);
}

void bench_csv_row(const bench_timing *t, const bench_row *r)
{
  FILE *f = t->csv;
  if (!f)
    return;
  double ms = bench_measured(r->ms);
  fprintf(f, "%s,%s,%s,%zu,%.0f,%s", t->on_host ? "host" : "gpu", r->op, r->type, r->n, r->bytes,
          r->impl);
  field(f, "%.6f", ms);
  field(f, "%.2f", bench_div(r->bytes * 1e-6, ms));
  field(f, "%.2f", 100.0 * bench_div(r->ceil_ms, ms));
  field(f, "%.4f", bench_div(r->builtin_ms, ms));
  field(f, "%.4f", bench_div(r->cub_ms, ms));
  field(f, "%.6f", bench_measured(r->bound_ms));
  field(f, "%.0f", r->ok < 0 ? NAN : r->ok);
  field(f, "%.2f", r->spread_pct);
  field(f, "%.0f", r->repeats > 0 ? r->repeats : NAN);
  field(f, "%.2f", bench_measured(r->kern_gbps));
  field(f, "%.0f", r->over_peak < 0 ? NAN : r->over_peak);
  field(f, "%.3f", r->ulps);
  fputc('\n', f);
}

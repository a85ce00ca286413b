#include "bench_scan.h"

#include "bench_baselines.h"
#include "bench_check.h"
#include "redu.h"
#include "redu_region.h"
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cub_ref {
  char type[8];
  size_t n;
  int exclusive;
  size_t len; /* segmented scans: the segments' length (0: an array scan) */
  double ms;
} cub_ref;
enum { MAX_REFS = 64 };
static cub_ref refs[MAX_REFS];
static int nrefs;

void bench_scan_note(const char *impl, const char *op, const char *type, size_t n, double ms)
{
  int exclusive = !strcmp(impl, "cubscanx"), segmented = !strcmp(impl, "cubsegscan");
  size_t len = 0;
  if (segmented && sscanf(op, "len%zu", &len) != 1)
    return;
  if ((strcmp(impl, "cubscan") && !exclusive && !segmented) || (!segmented && strcmp(op, "sum")) ||
      nrefs == MAX_REFS || strlen(type) >= sizeof refs[0].type)
    return;
  strcpy(refs[nrefs].type, type);
  refs[nrefs].n = n;
  refs[nrefs].exclusive = exclusive;
  refs[nrefs].len = len;
  refs[nrefs++].ms = ms;
}

/* CUB's time for a sum scan of n elements of type: an array scan (len 0) of either kind, or
 * inclusive within segments of len. */
static double cub_ms(const char *type, size_t n, int exclusive, size_t len)
{
  for (int i = 0; i < nrefs; ++i)
    if (!strcmp(refs[i].type, type) && refs[i].n == n && refs[i].exclusive == exclusive &&
        refs[i].len == len)
      return refs[i].ms;
  return NAN;
}

/* One case: the op and the element type. */
typedef struct scan_case {
  redu_op op;
  redu_type type;
  bench_type bt;
  const char *op_name, *type_name;
  size_t size;
} scan_case;
static const scan_case cases[] = {
    {REDU_SUM, REDU_INT32, BENCH_I32, "sum", "i32", 4},
    {REDU_SUM, REDU_INT64, BENCH_I64, "sum", "i64", 8},
    {REDU_SUM, REDU_FLOAT, BENCH_F32, "sum", "f32", 4},
    {REDU_SUM, REDU_DOUBLE, BENCH_F64, "sum", "f64", 8},
    {REDU_MAX, REDU_INT32, BENCH_I32, "max", "i32", 4},
};
static const int log2s[] = {10, 16, 20, 24, 27};

/* The k-th point (a case `pick` takes, at a size up to max_n; cases in table order, sizes
 * rising) into *c: its n, or 0 past the last point. */
static size_t scan_point(size_t k, int (*pick)(const scan_case *), size_t max_n,
                         const scan_case **c)
{
  for (size_t ci = 0; ci < sizeof cases / sizeof *cases; ++ci) {
    if (!pick(&cases[ci]))
      continue;
    for (size_t li = 0; li < sizeof log2s / sizeof *log2s; ++li) {
      size_t n = (size_t)1 << log2s[li];
      if (n > max_n)
        break;
      if (k-- == 0) {
        *c = &cases[ci];
        return n;
      }
    }
  }
  return 0;
}
static int pick_all(const scan_case *c) { return (void)c, 1; }
static int pick_sum(const scan_case *c) { return c->op == REDU_SUM; }
static int pick_float_sum(const scan_case *c)
{
  return c->op == REDU_SUM && (c->bt == BENCH_F32 || c->bt == BENCH_F64);
}

typedef struct scan_run {
  int dev;
  const scan_case *c;
  const void *x;
  void *y;
  size_t n;
  int teams, threads;
  int exclusive;
  size_t len, nseg;      /* segmented runs: nseg segments of len */
  const size_t *offsets; /* and their offsets on the device, or NULL (the batched call) */
  int status;
} scan_run;

static void run_scan(void *arg)
{
  scan_run *r = arg;
  r->status = (r->exclusive ? redu_exclusive_scan : redu_inclusive_scan)(
      r->dev, r->c->op, r->c->type, r->x, r->y, r->n, NULL);
}

static void run_segmented(void *arg)
{
  scan_run *r = arg;
  r->status = r->offsets ? redu_segmented_inclusive_scan(r->dev, r->c->op, r->c->type, r->x, r->y,
                                                         r->offsets, r->nseg, NULL)
                         : redu_batched_inclusive_scan(r->dev, r->c->op, r->c->type, r->x, r->y,
                                                       r->len, r->nseg, NULL);
}

static void run_exact_scan(void *arg)
{
  scan_run *r = arg;
  r->status = redu_inclusive_scan(r->dev, r->c->op, r->c->type, r->x, r->y, r->n,
                                  &(redu_options){.flags = REDU_EXACT});
}

static void run_host_scan(void *arg)
{
  scan_run *r = arg;
  bench_host_scan(r->c->bt, r->x, r->y, r->n);
}

/* The peer's time for sums: CUB's (GPUs; `exclusive` picks the kind) or, on the host, the
 * two-pass `omp parallel` scan's (inclusive; its exclusive twin costs the same). */
static double peer_ms(const bench_timing *t, scan_run *r, int exclusive)
{
  if (r->c->op != REDU_SUM)
    return NAN;
  return t->on_host ? bench_median(run_host_scan, r) * 1e3
                    : cub_ms(r->c->type_name, r->n, exclusive, 0);
}

static void run_copy(void *arg)
{
  scan_run *r = arg;
  bench_copy_kernel(r->dev, r->x, r->y, r->n * r->c->size, r->teams, r->threads);
}

/* The serial scan of hx (inclusive, or exclusive: each result before its element; integers:
 * sums wrap, as libredu's do) against got: 1 when equal; floats: got's last element within
 * libredu's sum bound of the exact sum of its prefix. */
static int check(const scan_case *c, int exclusive, const void *hx, const void *got, size_t n)
{
  if (c->bt == BENCH_F32 || c->bt == BENCH_F64) {
    size_t m = n - (size_t)exclusive;
    double last = c->bt == BENCH_F32 ? ((const float *)got)[n - 1] : ((const double *)got)[n - 1];
    if (!m)
      return last == 0;
    bench_ref ref;
    bench_reference(c->bt, hx, NULL, &m, 1, &ref);
    return bench_within_bound(c->bt, last, &ref, m, 0);
  }
  int64_t acc = 0;
  for (size_t i = 0; i < n; ++i) {
    int64_t g = c->bt == BENCH_I32 ? ((const int32_t *)got)[i] : ((const int64_t *)got)[i];
    if (exclusive && (i ? g != acc : c->op == REDU_SUM && g != 0))
      return 0;
    int64_t v = c->bt == BENCH_I32 ? ((const int32_t *)hx)[i] : ((const int64_t *)hx)[i];
    if (c->op == REDU_MAX)
      acc = i == 0 || v > acc ? v : acc;
    else
      acc = c->bt == BENCH_I32 ? (int32_t)(uint32_t)((uint64_t)acc + (uint64_t)v)
                               : (int64_t)((uint64_t)acc + (uint64_t)v);
    if (!exclusive && g != acc)
      return 0;
  }
  return 1;
}

/* fn (run_scan or run_exact_scan) on r under REDU_SCAN_PASS = pass ("" the planner's choice):
 * the median ms, NAN (and the message) when the call failed. */
static double median_under_pass(void (*fn)(void *), scan_run *r, const char *pass)
{
  if (*pass)
    setenv("REDU_SCAN_PASS", pass, 1);
  else
    unsetenv("REDU_SCAN_PASS");
  double ms = bench_median(fn, r) * 1e3;
  unsetenv("REDU_SCAN_PASS");
  if (r->status == REDU_OK)
    return ms;
  fprintf(stderr, "redu-bench: %sscan %s %s n=%zu: %s\n", fn == run_scan ? "" : "exact ",
          r->c->op_name, r->c->type_name, r->n, redu_last_error());
  return NAN;
}

/* libredu under REDU_SCAN_PASS = pass ("" the planner's choice): the median ms, and into
 * *ok whether the result checks; NAN when the call failed. */
static double time_libredu(scan_run *r, const char *pass, const void *hx, void *got, int *ok)
{
  double ms = median_under_pass(run_scan, r, pass);
  if (isnan(ms))
    return NAN;
  omp_target_memcpy(got, r->y, r->n * r->c->size, 0, 0, omp_get_initial_device(), r->dev);
  *ok = check(r->c, r->exclusive, hx, got, r->n);
  return ms;
}

/* A case's run at n: x filled on the device, its copy in hx, the plan the copy kernel takes. */
static scan_run prepare(int dev, const scan_case *c, void *x, void *y, void *hx, size_t n,
                        int exclusive)
{
  bench_fill(dev, x, n, c->bt);
  omp_target_memcpy(hx, x, n * c->size, 0, 0, omp_get_initial_device(), dev);
  scan_run r = {.dev = dev, .c = c, .x = x, .y = y, .n = n, .exclusive = exclusive};
  redu_plan_query(dev, n, c->size, &r.teams, &r.threads);
  fprintf(stderr, "redu-bench: %sscan %s %s n=%zu\n", exclusive ? "exclusive " : "", c->op_name,
          c->type_name, n);
  return r;
}

/* A table row's common columns: the copy ceiling's time (ms), the bytes a scan moves (read
 * and written) and the case's name. */
typedef struct scan_row {
  double copy_ms, bytes;
  char name[16];
} scan_row;

static scan_row row_of(scan_run *r)
{
  scan_row w = {bench_median(run_copy, r) * 1e3, 2.0 * (double)r->n * (double)r->c->size, ""};
  snprintf(w.name, sizeof w.name, "%s_%s", r->c->op_name, r->c->type_name);
  return w;
}

/* One CSV row per measured implementation of a case: impls[k] took times[k] ms (NAN: not
 * measured), oks[k] its check (-1: none), beside the copy ceiling and the peer. */
static void csv_rows(const bench_timing *t, const char *op, const char *type, size_t n,
                     double bytes, double copy_ms, double peer_ms, const char *const *impls,
                     const double *times, const int *oks, size_t count)
{
  for (size_t k = 0; k < count; ++k) {
    bench_row row = bench_row_blank(op, type, impls[k], n, bytes);
    row.ms = bench_measured(times[k]);
    row.ceil_ms = copy_ms;
    row.cub_ms = peer_ms;
    row.bound_ms = copy_ms;
    row.ok = oks[k];
    if (!isnan(row.ms))
      bench_csv_row(t, &row);
  }
}

/* Exclusive sums (the planner's algorithm) beside CUB's DeviceScan::ExclusiveSum: printed
 * and in the CSV; the number of wrong results. */
static int bench_scan_exclusive(int dev, void *x, void *y, void *hx, void *got, size_t max_n,
                                const bench_timing *t)
{
  int wrong = 0;
  printf("\n# exclusive sums (CUB: DeviceScan::ExclusiveSum)\n");
  printf("%-8s %10s | %9s %8s %6s | %9s %7s | %s\n", "case", "n", "redu ms", "GB/s", "%ceil",
         t->on_host ? "host-pf" : "cub ms", t->on_host ? "x hpf" : "x cub", "check");
  const scan_case *c;
  for (size_t k = 0, n; (n = scan_point(k, pick_sum, max_n, &c)); ++k) {
    scan_run r = prepare(dev, c, x, y, hx, n, 1);
    int ok = 1;
    double ms = time_libredu(&r, "", hx, got, &ok);
    if (isnan(ms))
      return wrong + 1;
    wrong += !ok;
    scan_row w = row_of(&r);
    double other = peer_ms(t, &r, 1);
    printf("%-8s %10zu | %9.4f %8.1f %5.1f%% | %9s %7s | %s\n", w.name, n, ms, w.bytes / ms * 1e-6,
           100.0 * w.copy_ms / ms, bench_cell("%.4f", other),
           bench_cell("%.2f", bench_div(other, ms)), ok ? "ok" : "MISMATCH");
    fflush(stdout);
    const char *const impls[] = {"libredu", t->on_host ? "host_pf" : "cub", "copy_ceiling"};
    const double times[] = {ms, other, w.copy_ms};
    const int oks[] = {ok, -1, -1};
    csv_rows(t, "exscan_sum", c->type_name, n, w.bytes, w.copy_ms, other, impls, times, oks, 3);
  }
  return wrong;
}

/* Exact inclusive sums (REDU_EXACT) beside the fast scan of the same data (the planner's
 * algorithm) and CUB: 64 prefixes spread over y checked to be correctly rounded (after each
 * algorithm). The number of wrong results. */
static int bench_scan_exact(int dev, void *x, void *y, void *hx, void *got, size_t max_n,
                            const bench_timing *t)
{
  int wrong = 0;
  printf("\n# exact inclusive sums (REDU_EXACT: every prefix correctly rounded) beside the fast "
         "scan\n");
  printf("%-8s %10s | %9s %8s %6s | %9s %9s | %9s %7s | %9s %7s | %s\n", "case", "n", "exact ms",
         "GB/s", "%ceil", "1pass ms", "2pass ms", "fast ms", "x fast",
         t->on_host ? "host-pf" : "cub ms", t->on_host ? "x hpf" : "x cub", "check");
  const scan_case *c;
  for (size_t k = 0, n; (n = scan_point(k, pick_float_sum, max_n, &c)); ++k) {
    scan_run r = prepare(dev, c, x, y, hx, n, 0);
    size_t ns[64];
    bench_ref refs64[64];
    for (int k = 0; k < 64; ++k)
      ns[k] = n / 64 * (size_t)(k + 1);
    bench_reference(c->bt, hx, NULL, ns, 64, refs64);
    static const char *const passes[3] = {"", "1", "2"};
    double each[3];
    int ok = 1;
    for (int p = 0; p < 3; ++p) {
      if (isnan(each[p] = median_under_pass(run_exact_scan, &r, passes[p])))
        return wrong + 1;
      omp_target_memcpy(got, y, n * c->size, 0, 0, omp_get_initial_device(), dev);
      for (int k = 0; k < 64; ++k) {
        size_t i = ns[k] - 1;
        double v = c->bt == BENCH_F32 ? ((const float *)got)[i] : ((const double *)got)[i];
        ok &= bench_correctly_rounded(c->bt, v, refs64[k].sum);
      }
    }
    double ms = each[0];
    wrong += !ok;
    int fast_ok = 1;
    double fast = time_libredu(&r, "", hx, got, &fast_ok);
    scan_row w = row_of(&r);
    double other = peer_ms(t, &r, 0);
    printf("%-8s %10zu | %9.4f %8.1f %5.1f%% | %9.4f %9.4f | %9s %7s | %9s %7s | %s\n", w.name, n,
           ms, w.bytes / ms * 1e-6, 100.0 * w.copy_ms / ms, each[1], each[2],
           bench_cell("%.4f", fast), bench_cell("%.2f", bench_div(ms, fast)),
           bench_cell("%.4f", other), bench_cell("%.2f", bench_div(other, ms)),
           ok ? "ok" : "MISMATCH");
    fflush(stdout);
    const char *const impls[] = {
        "libredu_exact", "libredu_exact_1pass",          "libredu_exact_2pass",
        "libredu",       t->on_host ? "host_pf" : "cub", "copy_ceiling"};
    const double times[] = {ms, each[1], each[2], fast, other, w.copy_ms};
    const int oks[] = {ok, ok, ok, fast_ok, -1, -1};
    csv_rows(t, "xscan_sum", c->type_name, n, w.bytes, w.copy_ms, other, impls, times, oks, 6);
  }
  printf("# x fast = exact's time / the fast scan's (the cost of exactness); 1pass / 2pass: "
         "REDU_SCAN_PASS=1 / 2\n");
  return wrong;
}

/* Segmented sums: nseg segments of len, through the batched call and the offsets call, beside
 * CUB's DeviceScan::InclusiveSumByKey over keys i / len (what a CUB user writes for them);
 * then a hub, one segment of 2^26 among 65,536 of 1,024 (its middle one), through the offsets
 * call alone; each segment's scan checked as an array's. The number of wrong results. */
static int bench_scan_segmented(int dev, void *x, void *y, void *hx, void *got, size_t max_n,
                                const bench_timing *t)
{
  /* nseg, len, and the hub's elements (0: none) */
  static const size_t layouts[][3] = {
      {10000, 1000, 0}, {131072, 1024, 0}, {2, (size_t)1 << 26, 0}, {65536, 1024, (size_t)1 << 26}};
  int wrong = 0;
  printf("\n# segmented inclusive sums, nseg x len (CUB: DeviceScan::InclusiveSumByKey, keys "
         "i / len)\n");
  printf("%-8s %17s | %9s %8s %6s | %9s %6s | %9s %7s | %s\n", "case", "nseg x len", "batch ms",
         "GB/s", "%ceil", "offs ms", "%ceil", t->on_host ? "-" : "cub ms",
         t->on_host ? "-" : "x cub", "check");
  for (size_t ci = 0; ci < sizeof cases / sizeof *cases; ++ci) {
    const scan_case *c = &cases[ci];
    if (c->op != REDU_SUM || (c->type != REDU_INT32 && c->type != REDU_DOUBLE))
      continue;
    for (size_t li = 0; li < sizeof layouts / sizeof *layouts; ++li) {
      size_t hub = layouts[li][2], nseg = layouts[li][0] + (hub != 0), len = layouts[li][1];
      size_t n = layouts[li][0] * len + hub;
      if (n > max_n)
        continue;
      scan_run r = prepare(dev, c, x, y, hx, n, 0);
      r.len = len, r.nseg = nseg;
      size_t *ho = malloc((nseg + 1) * sizeof *ho);
      ho[0] = 0;
      for (size_t g = 0; g < nseg; ++g)
        ho[g + 1] = ho[g] + (hub && g == nseg / 2 ? hub : len);
      size_t *off = omp_target_alloc((nseg + 1) * sizeof *off, dev);
      omp_target_memcpy(off, ho, (nseg + 1) * sizeof *off, 0, 0, dev, omp_get_initial_device());
      double ms[2] = {NAN, NAN};
      int ok = 1;
      for (int k = hub != 0; k < 2; ++k) {
        r.offsets = k ? off : NULL;
        ms[k] = bench_median(run_segmented, &r) * 1e3;
        if (r.status != REDU_OK) {
          fprintf(stderr, "redu-bench: segmented scan %s: %s\n", c->type_name, redu_last_error());
          ms[k] = NAN, ok = 0;
          continue;
        }
        omp_target_memcpy(got, y, n * c->size, 0, 0, omp_get_initial_device(), dev);
        for (size_t g = 0; g < nseg && ok; ++g)
          ok = check(c, 0, (const char *)hx + ho[g] * c->size, (const char *)got + ho[g] * c->size,
                     ho[g + 1] - ho[g]);
      }
      omp_target_free(off, dev);
      free(ho);
      wrong += !ok;
      double copy_ms = bench_median(run_copy, &r) * 1e3;
      double other = t->on_host || hub ? NAN : cub_ms(c->type_name, n, 0, len);
      double bytes = 2.0 * (double)n * (double)c->size;
      char name[16], shape[32];
      snprintf(name, sizeof name, "%s_%s", c->op_name, c->type_name);
      snprintf(shape, sizeof shape, hub ? "%zu x %zu + hub" : "%zu x %zu", nseg - (hub != 0), len);
      printf("%-8s %17s | %9s %8s %6s | %9s %6s | %9s %7s | %s\n", name, shape,
             bench_cell("%.4f", ms[0]), bench_cell("%.1f", bench_div(bytes * 1e-6, ms[0])),
             bench_cell("%.1f%%", 100.0 * bench_div(copy_ms, ms[0])), bench_cell("%.4f", ms[1]),
             bench_cell("%.1f%%", 100.0 * bench_div(copy_ms, ms[1])), bench_cell("%.4f", other),
             bench_cell("%.2f", bench_div(other, ms[0])), ok ? "ok" : "MISMATCH");
      fflush(stdout);
      const char *const impls[] = {"libredu_batched", "libredu_offsets", "cub", "copy_ceiling"};
      const double times[] = {ms[0], ms[1], other, copy_ms};
      const int oks[] = {ok, ok, -1, -1};
      char op[32];
      snprintf(op, sizeof op, hub ? "segscan_sum_len%zu_hub" : "segscan_sum_len%zu", len);
      csv_rows(t, op, c->type_name, n, bytes, copy_ms, other, impls, times, oks, 4);
    }
  }
  return wrong;
}

/* REDU_FOR_SCAN's running sum of doubles (y[i] = x[0] + ... + x[i]), as a user writes it. */
static void run_region_scan(void *arg)
{
  scan_run *r = arg;
  const double *x = r->x;
  double *y = r->y;
  double s = 0;
  redu_status st;
  REDU_FOR_SCAN(st, r->dev, i, r->n, (x, y), (inclusive, sum_f64, s)) { s += x[i]; }
  REDU_SCAN_PHASE { y[i] = s; }
  r->status = st;
}

/* Inclusive sums of doubles written as a scanning region (REDU_FOR_SCAN) beside the array
 * scan of the same data and CUB; the number of wrong results. */
static int bench_scan_region(int dev, void *x, void *y, void *hx, void *got, size_t max_n,
                             const bench_timing *t)
{
  int wrong = 0;
  printf("\n# inclusive sums of doubles in a scanning region (REDU_FOR_SCAN) beside the array "
         "scan\n");
  printf("%-8s %10s | %9s %8s %6s | %9s %7s | %9s %7s | %s\n", "case", "n", "region ms", "GB/s",
         "%ceil", "array ms", "x array", t->on_host ? "host-pf" : "cub ms",
         t->on_host ? "x hpf" : "x cub", "check");
  const scan_case *c;
  for (size_t k = 0, n; (n = scan_point(k, pick_float_sum, max_n, &c)); ++k) {
    if (c->type != REDU_DOUBLE)
      continue;
    scan_run r = prepare(dev, c, x, y, hx, n, 0);
    int ok = 1, ok_array = 1;
    double ms_array = time_libredu(&r, "", hx, got, &ok_array);
    double ms = bench_median(run_region_scan, &r) * 1e3;
    if (r.status != REDU_OK || isnan(ms_array)) {
      fprintf(stderr, "redu-bench: region scan n=%zu: %s\n", n, redu_last_error());
      return wrong + 1;
    }
    omp_target_memcpy(got, r.y, n * c->size, 0, 0, omp_get_initial_device(), dev);
    ok = check(c, 0, hx, got, n);
    wrong += !ok;
    scan_row w = row_of(&r);
    double other = peer_ms(t, &r, 0);
    printf("%-8s %10zu | %9.4f %8.1f %5.1f%% | %9.4f %7s | %9s %7s | %s\n", w.name, n, ms,
           w.bytes / ms * 1e-6, 100.0 * w.copy_ms / ms, ms_array,
           bench_cell("%.2f", bench_div(ms_array, ms)), bench_cell("%.4f", other),
           bench_cell("%.2f", bench_div(other, ms)), ok ? "ok" : "MISMATCH");
    fflush(stdout);
    const char *const impls[] = {"libredu_region", "libredu"};
    const double times[] = {ms, ms_array};
    const int oks[] = {ok, ok_array};
    csv_rows(t, "rscan_sum", c->type_name, n, w.bytes, w.copy_ms, other, impls, times, oks, 2);
  }
  printf("# x array = the array scan's time / the region's\n");
  return wrong;
}

int bench_scan(int dev, size_t max_n, const bench_timing *t)
{
  int wrong = 0;
  void *x = omp_target_alloc(max_n * 8, dev), *y = omp_target_alloc(max_n * 8, dev);
  void *hx = malloc(max_n * 8), *got = malloc(max_n * 8);
  if (!x || !y || !hx || !got) {
    fprintf(stderr, "redu-bench: scan: cannot allocate 2 x %zu bytes\n", max_n * 8);
    return -1;
  }
  printf("\n# inclusive scans (CUB: DeviceScan::InclusiveSum); GB/s count bytes read + "
         "written; ceiling: a copy kernel\n");
  printf("%-8s %10s | %9s %8s %6s | %9s %6s | %9s %6s | %9s %7s | %9s %8s | %s\n", "case", "n",
         "redu ms", "GB/s", "%ceil", "1pass ms", "%ceil", "2pass ms", "%ceil",
         t->on_host ? "host-pf" : "cub ms", t->on_host ? "x hpf" : "x cub", "copy ms", "GB/s",
         "check");
  const scan_case *c;
  for (size_t k = 0, n; (n = scan_point(k, pick_all, max_n, &c)); ++k) {
    scan_run r = prepare(dev, c, x, y, hx, n, 0);
    int ok[3] = {1, 1, 1};
    double ms = time_libredu(&r, "", hx, got, &ok[0]);
    double ms1 = time_libredu(&r, "1", hx, got, &ok[1]);
    double ms2 = time_libredu(&r, "2", hx, got, &ok[2]);
    if (isnan(ms) || isnan(ms1) || isnan(ms2))
      return -1;
    int good = ok[0] && ok[1] && ok[2];
    wrong += !good;
    scan_row w = row_of(&r);
    double other = peer_ms(t, &r, 0);
    printf("%-8s %10zu | %9.4f %8.1f %5.1f%% | %9s %6s | %9.4f %5.1f%% | %9s %7s | %9.4f %8.1f "
           "| %s\n",
           w.name, n, ms, w.bytes / ms * 1e-6, 100.0 * w.copy_ms / ms, bench_cell("%.4f", ms1),
           bench_cell("%.1f%%", 100.0 * bench_div(w.copy_ms, ms1)), ms2, 100.0 * w.copy_ms / ms2,
           bench_cell("%.4f", other), bench_cell("%.2f", bench_div(other, ms)), w.copy_ms,
           w.bytes / w.copy_ms * 1e-6, good ? "ok" : "MISMATCH");
    fflush(stdout);
    const char *const impls[] = {"libredu", "libredu_1pass", "libredu_2pass",
                                 t->on_host ? "host_pf" : "cub", "copy_ceiling"};
    const double times[] = {ms, ms1, ms2, other, w.copy_ms};
    const int oks[] = {ok[0], ok[1], ok[2], -1, -1};
    char op[16];
    snprintf(op, sizeof op, "scan_%s", c->op_name);
    csv_rows(t, op, c->type_name, n, w.bytes, w.copy_ms, other, impls, times, oks, 5);
  }
  printf("# %%ceil = the copy's time / ours; x cub = CUB's time / ours (host: x hpf, a two-pass "
         "omp parallel scan's); 1pass / 2pass: REDU_SCAN_PASS=1 / 2\n");
  wrong += bench_scan_exclusive(dev, x, y, hx, got, max_n, t);
  wrong += bench_scan_exact(dev, x, y, hx, got, max_n, t);
  wrong += bench_scan_segmented(dev, x, y, hx, got, max_n, t);
  wrong += bench_scan_region(dev, x, y, hx, got, max_n, t);
  omp_target_free(x, dev), omp_target_free(y, dev);
  free(hx), free(got);
  return wrong;
}

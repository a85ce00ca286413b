#include "bench_arrays.h"

#include "bench_baselines.h"
#include "bench_check.h"
#include "redu.h"
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const op_names[BENCH_OP_COUNT] = {"sum", "min", "max", "argmin"};
static const char *const type_names[BENCH_TYPE_COUNT] = {"f64", "f32", "i32", "i64"};
static const size_t type_sizes[BENCH_TYPE_COUNT] = {8, 4, 4, 8};
static const redu_type redu_types[BENCH_TYPE_COUNT] = {REDU_DOUBLE, REDU_FLOAT, REDU_INT32,
                                                       REDU_INT64};
static const redu_op redu_ops[BENCH_OP_COUNT] = {REDU_SUM, REDU_MIN, REDU_MAX, REDU_ARGMIN};

enum { MAX_REPEAT = 64 };

/* CUB's DeviceReduce from redu-bench-cub, by op, type and n: one sample per run of it
 * (redu-bench runs it once per repeat, so that CUB's column is a median too). */
typedef struct cub_row {
  int op, type;
  size_t n;
  int k;
  double ms[MAX_REPEAT];
} cub_row;
static cub_row cub_rows[BENCH_OP_COUNT * BENCH_TYPE_COUNT * BENCH_MAX_SIZES];
static int cub_count;

static cub_row *cub_find(int o, int t, size_t n)
{
  for (int i = 0; i < cub_count; ++i)
    if (cub_rows[i].op == o && cub_rows[i].type == t && cub_rows[i].n == n)
      return &cub_rows[i];
  return NULL;
}

void bench_arrays_note(const char *impl, const char *op, const char *type, size_t n, double ms)
{
  if (strcmp(impl, "cub"))
    return;
  for (int o = 0; o < BENCH_OP_COUNT; ++o)
    for (int t = 0; t < BENCH_TYPE_COUNT; ++t) {
      if (strcmp(op, op_names[o]) || strcmp(type, type_names[t]))
        continue;
      cub_row *row = cub_find(o, t, n);
      if (!row && cub_count < (int)(sizeof cub_rows / sizeof cub_rows[0]))
        row = &cub_rows[cub_count++], *row = (cub_row){.op = o, .type = t, .n = n};
      if (row && row->k < MAX_REPEAT)
        row->ms[row->k++] = ms;
    }
}

typedef struct arrays_ctx {
  int dev, on_host;
  bench_op op;
  bench_type type;
  const void *x;
  size_t n;
  int read_teams, read_threads;
  bench_value out;
  int status;
} arrays_ctx;

static void run_redu(void *arg)
{
  arrays_ctx *c = arg;
  union {
    double f64;
    float f32;
    int32_t i32;
    int64_t i64;
  } r;
  size_t idx = 0;
  c->status = redu_reduce(c->dev, redu_ops[c->op], redu_types[c->type], c->x, c->n, &r, &idx, NULL);
  c->out.index = idx;
  c->out.v = c->type == BENCH_F64   ? r.f64
             : c->type == BENCH_F32 ? r.f32
             : c->type == BENCH_I32 ? r.i32
                                    : (double)r.i64;
}
static void run_builtin(void *arg)
{
  arrays_ctx *c = arg;
  c->out = bench_builtin(c->dev, c->op, c->type, c->x, c->n);
}
static void run_static(void *arg)
{
  arrays_ctx *c = arg;
  c->out = bench_builtin_static(c->dev, c->op, c->type, c->x, c->n);
}
static void run_host_pf(void *arg)
{
  arrays_ctx *c = arg;
  c->out = bench_host_parallel_for(c->op, c->type, c->x, c->n);
}
static void run_read(void *arg)
{
  arrays_ctx *c = arg;
  size_t bytes = c->n * type_sizes[c->type];
  if (c->on_host)
    bench_host_read(c->x, bytes);
  else
    bench_read_kernel(c->dev, c->x, bytes, c->read_teams, c->read_threads);
}

/* The host's answer for the exact ops (min, max, argmin, integer sums, modulo 2^bits as
 * docs/semantics.md says), element by element. */
static double host_elem(const void *h, bench_type t, size_t i)
{
  switch (t) {
  case BENCH_F64:
    return ((const double *)h)[i];
  case BENCH_F32:
    return ((const float *)h)[i];
  case BENCH_I32:
    return ((const int32_t *)h)[i];
  default:
    return (double)((const int64_t *)h)[i];
  }
}
static bench_value host_exact(bench_op op, bench_type t, const void *h, size_t n)
{
  bench_value r = {op == BENCH_MAX ? -INFINITY : INFINITY, SIZE_MAX};
  uint64_t sum = 0;
  for (size_t i = 0; i < n; ++i) {
    double v = host_elem(h, t, i);
    if (op == BENCH_SUM)
      sum += t == BENCH_I32 ? (uint64_t)(int64_t)((const int32_t *)h)[i]
                            : (uint64_t)((const int64_t *)h)[i];
    else if (op == BENCH_MAX ? v > r.v : v < r.v)
      r.v = v, r.index = i;
  }
  if (op == BENCH_SUM)
    r.v = t == BENCH_I32 ? (double)(int32_t)(uint32_t)sum : (double)(int64_t)sum;
  if (op != BENCH_ARGMIN)
    r.index = 0;
  return r;
}

static int is_float_sum(bench_type t, bench_op op)
{
  return op == BENCH_SUM && (t == BENCH_F64 || t == BENCH_F32);
}

/* One case's medians over the repeats: median, and the spread (max - min) / median in %. */
typedef struct arrays_stat {
  double ms, spread_pct;
} arrays_stat;

static arrays_stat stat_of(const double *ms, int k)
{
  double s[MAX_REPEAT];
  if (k < 1)
    return (arrays_stat){NAN, NAN};
  memcpy(s, ms, (size_t)k * sizeof *s);
  bench_sort(s, (size_t)k);
  double mid = k % 2 ? s[k / 2] : 0.5 * (s[k / 2 - 1] + s[k / 2]);
  return (arrays_stat){mid, k > 1 && mid > 0 ? 100.0 * (s[k - 1] - s[0]) / mid : NAN};
}

/* CUB's median over its runs (NAN: not measured). */
static arrays_stat cub_stat(int o, int t, size_t n)
{
  const cub_row *row = cub_find(o, t, n);
  return row && row->k ? stat_of(row->ms, row->k) : (arrays_stat){NAN, NAN};
}

/* A rate in GB/s, with a ! when it beats the device's peak (cached data, or a time below
 * the timer's resolution): such a figure is not a memory bandwidth. */
static const char *rate(double bytes, double ms, double peak)
{
  double gbps = bench_div(bytes * 1e-6, ms);
  return bench_cell(peak > 0 && gbps > peak ? "%.1f!" : "%.1f", gbps);
}

/* Times of one (type, size) row group, per repeat: [op][impl][repeat], and the last
 * repeat's results. */
enum { IMPL_REDU, IMPL_BUILTIN, IMPL_STATIC, IMPL_HOST_PF, IMPL_COUNT };
static const char *const impl_csv[IMPL_COUNT] = {"libredu", "builtin", "builtin_static",
                                                 "host_parallel_for"};
typedef struct arrays_times {
  double read[MAX_REPEAT];
  double impl[BENCH_OP_COUNT][IMPL_COUNT][MAX_REPEAT];
  bench_value got[BENCH_OP_COUNT][IMPL_COUNT];
  int wrong[BENCH_OP_COUNT]; /* libredu's result differs from the host's beyond its bound */
  double ulps[BENCH_OP_COUNT][IMPL_COUNT]; /* float sums; NAN elsewhere */
} arrays_times;

/* Checks libredu's results for one type at every size against the host (data of the
 * largest size in h), and gives every implementation's float-sum error in ulps. */
static void check_type(const bench_arrays_cfg *cfg, int t, const void *h, arrays_times *row,
                       int on_host)
{
  bench_ref ref[BENCH_MAX_SIZES];
  if (t == BENCH_F64 || t == BENCH_F32)
    bench_reference((bench_type)t, h, NULL, cfg->sizes, cfg->nsizes, ref);
  for (int s = 0; s < cfg->nsizes; ++s)
    for (int o = 0; o < BENCH_OP_COUNT; ++o) {
      arrays_times *tm = &row[s];
      size_t n = cfg->sizes[s];
      for (int k = 0; k < IMPL_COUNT; ++k)
        tm->ulps[o][k] = is_float_sum((bench_type)t, (bench_op)o) && (k != IMPL_HOST_PF || on_host)
                             ? bench_ulps((bench_type)t, tm->got[o][k].v, ref[s].sum)
                             : NAN;
      if (!bench_listed(cfg->ops, op_names[o]))
        continue;
      bench_value mine = tm->got[o][IMPL_REDU];
      if (is_float_sum((bench_type)t, (bench_op)o)) {
        tm->wrong[o] = !bench_within_bound((bench_type)t, mine.v, &ref[s], n, 0);
      } else {
        bench_value want = host_exact((bench_op)o, (bench_type)t, h, n);
        tm->wrong[o] = mine.v != want.v || mine.index != want.index;
      }
    }
}

int bench_arrays(int dev, void *x, const bench_arrays_cfg *cfg, const bench_timing *bt)
{
  int on_host = bt->on_host, reps = cfg->repeat < 1 ? 1 : cfg->repeat;
  if (reps > MAX_REPEAT)
    reps = MAX_REPEAT;
  static arrays_times times[BENCH_TYPE_COUNT][BENCH_MAX_SIZES];
  memset(times, 0, sizeof times);
  size_t max_n = cfg->sizes[cfg->nsizes - 1];
  void *h = malloc(max_n * 8);
  if (!h) {
    fprintf(stderr, "redu-bench: arrays: cannot allocate %zu bytes on the host\n", max_n * 8);
    return -1;
  }
  arrays_ctx c = {.dev = dev, .on_host = on_host, .x = x};
  /* The whole table once per repeat, so that a slow minute spreads over every case. */
  for (int r = 0; r < reps; ++r)
    for (int t = 0; t < BENCH_TYPE_COUNT; ++t) {
      if (!bench_listed(cfg->types, type_names[t]))
        continue;
      bench_fill(dev, x, max_n, (bench_type)t);
      c.type = (bench_type)t;
      for (int s = 0; s < cfg->nsizes; ++s) {
        arrays_times *tm = &times[t][s];
        c.n = cfg->sizes[s];
        redu_plan_query(dev, c.n * type_sizes[t] / 8, 8, &c.read_teams, &c.read_threads);
        tm->read[r] = bench_median(run_read, &c) * 1e3;
        for (int o = 0; o < BENCH_OP_COUNT; ++o) {
          if (!bench_listed(cfg->ops, op_names[o]))
            continue;
          fprintf(stderr, "redu-bench: [%d/%d] %s %s n=%zu\n", r + 1, reps, op_names[o],
                  type_names[t], c.n);
          c.op = (bench_op)o;
          static void (*const runs[IMPL_COUNT])(void *) = {run_redu, run_builtin, run_static,
                                                           run_host_pf};
          for (int k = 0; k < IMPL_COUNT; ++k) {
            if (k == IMPL_HOST_PF && !on_host)
              continue;
            tm->impl[o][k][r] = bench_median(runs[k], &c) * 1e3;
            tm->got[o][k] = c.out;
            if (k == IMPL_REDU && c.status != REDU_OK) {
              fprintf(stderr, "redu-bench: libredu failed: %s\n", redu_last_error());
              free(h);
              return -1;
            }
          }
        }
      }
      if (r == reps - 1) {
        omp_target_memcpy(h, x, max_n * type_sizes[t], 0, 0, omp_get_initial_device(), dev);
        check_type(cfg, t, h, times[t], on_host);
      }
    }
  free(h);

  double peak = cfg->peak_gbps, empty_ms = bt->empty_ms;
  if (peak > 0)
    printf("# peak memory bandwidth %.0f GB/s (driver); a rate above it is marked !\n", peak);
  else
    printf("# peak memory bandwidth unknown; the ceiling is %s\n",
           on_host ? "a vectorised read by every core (this machine's read bandwidth)"
                   : "the read kernel");
  printf("# arrays: medians of %d run(s) of the whole table%s\n", reps,
         reps > 1 ? "; spread = (slowest - fastest) / median of libredu's runs" : "");
  const char *other = on_host ? "host-pf" : "cub ms", *x_other = on_host ? "x hpf" : "x cub";
  printf("%-6s %-4s %10s | %9s %8s %6s %6s | %9s %8s | %9s %8s | %9s %8s %9s | %9s | %7s %7s "
         "%7s %s\n",
         "op", "type", "n", "redu ms", "GB/s", "%ceil", "spread", "builtin", "GB/s", "static",
         "GB/s", "ceil ms", "GB/s", "kern GB/s", other, "x bltin", "x stat", x_other, "check");
  int mismatches = 0;
  for (int t = 0; t < BENCH_TYPE_COUNT; ++t) {
    if (!bench_listed(cfg->types, type_names[t]))
      continue;
    for (int s = 0; s < cfg->nsizes; ++s) {
      arrays_times *tm = &times[t][s];
      size_t n = cfg->sizes[s];
      double bytes = (double)n * (double)type_sizes[t];
      arrays_stat ceil = stat_of(tm->read, reps);
      /* The ceiling kernel less the empty region: its rate inside the kernel. At small n
       * this is a difference of two nearly equal times, and often above the peak. */
      double kern_ms = bench_measured(ceil.ms - empty_ms);
      for (int o = 0; o < BENCH_OP_COUNT; ++o) {
        if (!bench_listed(cfg->ops, op_names[o]))
          continue;
        arrays_stat st[IMPL_COUNT + 1];
        for (int k = 0; k < IMPL_COUNT; ++k)
          st[k] = k == IMPL_HOST_PF && !on_host ? (arrays_stat){NAN, NAN}
                                                : stat_of(tm->impl[o][k], reps);
        st[IMPL_COUNT] = on_host ? st[IMPL_HOST_PF] : cub_stat(o, t, n);
        double redu_ms = st[IMPL_REDU].ms, builtin_ms = st[IMPL_BUILTIN].ms;
        double static_ms = st[IMPL_STATIC].ms, other_ms = st[IMPL_COUNT].ms;
        int ok = !tm->wrong[o];
        mismatches += !ok;
        printf("%-6s %-4s %10zu | %9s %8s %6s %6s | %9s %8s | %9s %8s | %9s %8s %9s | %9s | %7s "
               "%7s %7s %s\n",
               op_names[o], type_names[t], n, bench_cell("%.4f", redu_ms),
               rate(bytes, redu_ms, peak),
               bench_cell("%.1f%%", 100.0 * bench_div(ceil.ms, redu_ms)),
               bench_cell("%.1f%%", st[IMPL_REDU].spread_pct), bench_cell("%.4f", builtin_ms),
               rate(bytes, builtin_ms, peak), bench_cell("%.4f", static_ms),
               rate(bytes, static_ms, peak), bench_cell("%.4f", ceil.ms),
               rate(bytes, ceil.ms, peak), rate(bytes, kern_ms, peak), bench_cell("%.4f", other_ms),
               bench_cell("%.2f", bench_div(builtin_ms, redu_ms)),
               bench_cell("%.2f", bench_div(static_ms, redu_ms)),
               bench_cell("%.2f", bench_div(other_ms, redu_ms)), ok ? "ok" : "MISMATCH");
        if (!bt->csv)
          continue;
        for (int k = 0; k <= IMPL_COUNT + 1; ++k) {
          /* libredu, the clauses, host-pf or CUB, then the ceiling. */
          if (k == IMPL_HOST_PF)
            continue;
          int ceiling = k == IMPL_COUNT + 1, is_other = k == IMPL_COUNT;
          const char *impl = ceiling    ? "read_ceiling"
                             : is_other ? (on_host ? impl_csv[IMPL_HOST_PF] : "cub")
                                        : impl_csv[k];
          bench_row row = bench_row_blank(op_names[o], type_names[t], impl, n, bytes);
          arrays_stat me = ceiling ? ceil : st[k];
          row.ms = me.ms;
          row.ceil_ms = ceil.ms;
          row.builtin_ms = builtin_ms;
          row.cub_ms = on_host ? NAN : other_ms;
          row.ok = k == IMPL_REDU ? ok : -1;
          row.spread_pct = me.spread_pct;
          row.repeats = reps;
          row.kern_gbps = ceiling ? bench_div(bytes * 1e-6, kern_ms) : NAN;
          if (peak > 0) {
            double gbps = bench_div(bytes * 1e-6, me.ms);
            row.over_peak = gbps > peak || row.kern_gbps > peak;
          }
          row.ulps =
              ceiling || (is_other && !on_host) ? NAN : tm->ulps[o][is_other ? IMPL_HOST_PF : k];
          if (!isnan(row.ms))
            bench_csv_row(bt, &row);
        }
      }
    }
  }
  /* The float sums' errors, each against the host's exact sum. */
  printf("\n# float sums: error in ulps of the exact sum (host reference); check: libredu within "
         "n*2^-53*sum|x| + one rounding (docs/semantics.md)\n");
  printf("%-6s %-4s %10s | %9s %9s %9s %9s | %s\n", "op", "type", "n", "libredu", "builtin",
         "static", on_host ? "host-pf" : "-", "check");
  for (int t = 0; t < BENCH_TYPE_COUNT; ++t)
    for (int s = 0; s < cfg->nsizes; ++s) {
      arrays_times *tm = &times[t][s];
      if (!bench_listed(cfg->types, type_names[t]) || !bench_listed(cfg->ops, "sum") ||
          !is_float_sum((bench_type)t, BENCH_SUM))
        continue;
      const double *u = tm->ulps[BENCH_SUM];
      printf("%-6s %-4s %10zu | %9s %9s %9s %9s | %s\n", "sum", type_names[t], cfg->sizes[s],
             bench_cell("%.2f", u[IMPL_REDU]), bench_cell("%.2f", u[IMPL_BUILTIN]),
             bench_cell("%.2f", u[IMPL_STATIC]), bench_cell("%.2f", u[IMPL_HOST_PF]),
             tm->wrong[BENCH_SUM] ? "MISMATCH" : "ok");
    }
  fflush(stdout);
  return mismatches;
}

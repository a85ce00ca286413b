#include "bench_arrays.h"

#include "bench_baselines.h"
#include "redu.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
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

static int same_result(bench_type t, bench_op op, bench_value a, bench_value b)
{
  if (op == BENCH_ARGMIN && a.index != b.index)
    return 0;
  if (t == BENCH_F32 || t == BENCH_F64) {
    double tol = (t == BENCH_F32 ? 1e-4 : 1e-9) * (fabs(a.v) + 1.0);
    return fabs(a.v - b.v) <= tol;
  }
  return a.v == b.v;
}

/* One case's medians over the repeats: median, and the spread (max - min) / median in %. */
typedef struct arrays_stat {
  double ms, spread_pct;
} arrays_stat;

static arrays_stat stat_of(const double *ms, int k)
{
  double s[MAX_REPEAT];
  memcpy(s, ms, (size_t)k * sizeof *s);
  bench_sort(s, (size_t)k);
  double mid = k % 2 ? s[k / 2] : 0.5 * (s[k / 2 - 1] + s[k / 2]);
  return (arrays_stat){mid, mid > 0 ? 100.0 * (s[k - 1] - s[0]) / mid : 0};
}

/* CUB's median over its runs (0: not measured). */
static arrays_stat cub_stat(int o, int t, size_t n)
{
  const cub_row *row = cub_find(o, t, n);
  return row && row->k ? stat_of(row->ms, row->k) : (arrays_stat){0, 0};
}

/* A rate in GB/s, with a ! when it beats the device's peak (cached data, or a time below
 * the timer's resolution): such a figure is not a memory bandwidth. */
static const char *rate(char *buf, size_t len, double bytes, double ms, double peak)
{
  if (!(ms > 0))
    return "-";
  double gbps = bytes / ms * 1e-6;
  snprintf(buf, len, "%.1f%s", gbps, peak > 0 && gbps > peak ? "!" : "");
  return buf;
}

/* Times of one (type, size) row group, per repeat: [op][impl][repeat]. */
enum { IMPL_REDU, IMPL_BUILTIN, IMPL_HOST_PF, IMPL_COUNT };
typedef struct arrays_times {
  double read[MAX_REPEAT];
  double impl[BENCH_OP_COUNT][IMPL_COUNT][MAX_REPEAT];
  int ok[BENCH_OP_COUNT];
} arrays_times;

int bench_arrays(int dev, void *x, const bench_arrays_cfg *cfg, const bench_timing *bt)
{
  int on_host = bt->on_host, reps = cfg->repeat < 1 ? 1 : cfg->repeat;
  if (reps > MAX_REPEAT)
    reps = MAX_REPEAT;
  static arrays_times times[BENCH_TYPE_COUNT][BENCH_MAX_SIZES];
  memset(times, 0, sizeof times);
  arrays_ctx c = {.dev = dev, .on_host = on_host, .x = x};
  /* The whole table once per repeat, so that a slow minute spreads over every case. */
  for (int r = 0; r < reps; ++r)
    for (int t = 0; t < BENCH_TYPE_COUNT; ++t) {
      if (!bench_listed(cfg->types, type_names[t]))
        continue;
      bench_fill(dev, x, cfg->sizes[cfg->nsizes - 1], (bench_type)t);
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
          tm->impl[o][IMPL_REDU][r] = bench_median(run_redu, &c) * 1e3;
          bench_value mine = c.out;
          if (c.status != REDU_OK) {
            fprintf(stderr, "redu-bench: libredu failed: %s\n", redu_last_error());
            return -1;
          }
          tm->impl[o][IMPL_BUILTIN][r] = bench_median(run_builtin, &c) * 1e3;
          tm->ok[o] += !same_result((bench_type)t, (bench_op)o, mine, c.out);
          if (on_host)
            tm->impl[o][IMPL_HOST_PF][r] = bench_median(run_host_pf, &c) * 1e3;
        }
      }
    }

  double peak = cfg->peak_gbps, empty_ms = bt->empty_ms;
  if (peak > 0)
    printf("# peak memory bandwidth %.0f GB/s (driver); a rate above it is marked !\n", peak);
  else
    printf("# peak memory bandwidth unknown; the ceiling is %s\n",
           on_host ? "a vectorised read by every core (this machine's read bandwidth)"
                   : "the read kernel");
  printf("# arrays: medians of %d run(s) of the whole table%s\n", reps,
         reps > 1 ? "; spread = (slowest - fastest) / median of libredu's runs" : "");
  printf("%-6s %-4s %10s | %9s %8s %6s %6s | %9s %8s | %9s %8s %9s | %9s | %7s %7s %s\n", "op",
         "type", "n", "redu ms", "GB/s", "%ceil", "spread", "builtin", "GB/s", "ceil ms", "GB/s",
         "kern GB/s", on_host ? "host-pf" : "cub ms", "x bltin", on_host ? "x hpf" : "x cub",
         "check");
  int mismatches = 0;
  for (int t = 0; t < BENCH_TYPE_COUNT; ++t) {
    if (!bench_listed(cfg->types, type_names[t]))
      continue;
    for (int s = 0; s < cfg->nsizes; ++s) {
      arrays_times *tm = &times[t][s];
      size_t n = cfg->sizes[s];
      double bytes = (double)n * (double)type_sizes[t];
      double ceil_ms = stat_of(tm->read, reps).ms;
      /* The ceiling kernel less the empty region: its rate inside the kernel. At small n
       * this is a difference of two nearly equal times, and often above the peak. */
      double kern_ms = ceil_ms > empty_ms ? ceil_ms - empty_ms : 0;
      for (int o = 0; o < BENCH_OP_COUNT; ++o) {
        if (!bench_listed(cfg->ops, op_names[o]))
          continue;
        arrays_stat redu = stat_of(tm->impl[o][IMPL_REDU], reps);
        double builtin_ms = stat_of(tm->impl[o][IMPL_BUILTIN], reps).ms;
        double other_ms =
            on_host ? stat_of(tm->impl[o][IMPL_HOST_PF], reps).ms : cub_stat(o, t, n).ms;
        int ok = tm->ok[o] == 0;
        mismatches += !ok;
        char r1[24], r2[24], r3[24], r4[24], spread[16] = "-";
        if (reps > 1)
          snprintf(spread, sizeof spread, "%.1f%%", redu.spread_pct);
        printf("%-6s %-4s %10zu | %9.4f %8s %5.1f%% %6s | %9.4f %8s | %9.4f %8s %9s | %9.4f | "
               "%7.2f %7.2f %s\n",
               op_names[o], type_names[t], n, redu.ms, rate(r1, sizeof r1, bytes, redu.ms, peak),
               100.0 * ceil_ms / redu.ms, spread, builtin_ms,
               rate(r2, sizeof r2, bytes, builtin_ms, peak), ceil_ms,
               rate(r3, sizeof r3, bytes, ceil_ms, peak), rate(r4, sizeof r4, bytes, kern_ms, peak),
               other_ms, builtin_ms / redu.ms, other_ms > 0 ? other_ms / redu.ms : 0.0,
               ok ? "ok" : "MISMATCH");
        if (!bt->csv)
          continue;
        const char *d = on_host ? "host" : "gpu";
        struct {
          const char *impl;
          double ms, spread;
        } rows[] = {{"libredu", redu.ms, redu.spread_pct},
                    {"builtin", builtin_ms, stat_of(tm->impl[o][IMPL_BUILTIN], reps).spread_pct},
                    {"read_ceiling", ceil_ms, stat_of(tm->read, reps).spread_pct},
                    {on_host ? "host_parallel_for" : "cub", other_ms,
                     on_host ? stat_of(tm->impl[o][IMPL_HOST_PF], reps).spread_pct
                             : cub_stat(o, t, n).spread_pct}};
        for (size_t k = 0; k < sizeof rows / sizeof rows[0]; ++k) {
          double ms = rows[k].ms, gbps = ms > 0 ? bytes / ms * 1e-6 : 0;
          double kern_gbps = k == 2 && kern_ms > 0 ? bytes / kern_ms * 1e-6 : 0;
          if (!(ms > 0))
            continue;
          fprintf(
              bt->csv, "%s,%s,%s,%zu,%.0f,%s,%.6f,%.2f,%.2f,%.4f,%.4f,%.6f,%d,%.2f,%d,%.2f,%d\n", d,
              op_names[o], type_names[t], n, bytes, rows[k].impl, ms, gbps, 100.0 * ceil_ms / ms,
              builtin_ms / ms, other_ms > 0 ? other_ms / ms : 0.0, ceil_ms, ok, rows[k].spread,
              reps, kern_gbps, peak > 0 && (gbps > peak || kern_gbps > peak));
        }
      }
    }
  }
  fflush(stdout);
  return mismatches;
}

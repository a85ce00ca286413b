/* redu-bench: libredu against clang's built-in reduction clause, a read-bandwidth ceiling,
 * the empty-region floor, CUB (when redu-bench-cub was built) and, on the host, a plain
 * `parallel for reduction`; same data, same run. Prints a table, writes CSV.
 *
 *   redu-bench [--quick] [--max-log2 K] [--csv FILE] [--no-cub] [--ops a,b] [--types a,b]
 *              [--struct-log2 K] [--only a,b] [--floor-case NAME]
 *
 * --only picks sections: arrays (built-in ops), structs (user-declared reductions),
 * regions (wrapped loop bodies, 2^max-log2 doubles per array), exact (REDU_EXACT sums and
 * redu_dot_f32/f64 at 2^20, 2^24 and 2^27 elements up to 2^max-log2), segmented (one
 * redu_segmented_sum_f64 call over 2^max-log2 doubles in uniform and power-law segments,
 * and 10,000 segments of 1,000, beside CUB's DeviceSegmentedReduce), floor (the per-call
 * floor at n = 1 ... 2^20, bench/bench_floor.h; --floor-case NAME repeats one of its cases
 * for a profiler).
 * Struct cases use 2^K elements each (default: 26, or --max-log2 when smaller).
 *
 * Times are medians of end-to-end calls (result on the host), repeated until 0.2 s or
 * 100 calls (at least 5). Progress goes to stderr. */
#include "bench_baselines.h"
#include "bench_exact.h"
#include "bench_floor.h"
#include "bench_regions.h"
#include "bench_segmented.h"
#include "bench_structs.h"
#include "bench_util.h"
#include "redu.h"
#include <limits.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const op_names[BENCH_OP_COUNT] = {"sum", "min", "max", "argmin"};
static const char *const type_names[BENCH_TYPE_COUNT] = {"f64", "f32", "i32", "i64"};
static const size_t type_sizes[BENCH_TYPE_COUNT] = {8, 4, 4, 8};
static const redu_type bench_redu_types[BENCH_TYPE_COUNT] = {REDU_DOUBLE, REDU_FLOAT, REDU_INT32,
                                                             REDU_INT64};
static const redu_op bench_redu_ops[BENCH_OP_COUNT] = {REDU_SUM, REDU_MIN, REDU_MAX, REDU_ARGMIN};

enum { MAX_SIZES = 8 };
static double cub_ms[BENCH_OP_COUNT][BENCH_TYPE_COUNT][MAX_SIZES];

typedef struct bench_ctx {
  int dev;
  bench_op op;
  bench_type type;
  const void *x;
  size_t n;
  int read_teams, read_threads;
  bench_value out;
  int status;
} bench_ctx;

#define time_median(fn, c) bench_median((fn), (c))

static void run_redu(void *arg)
{
  bench_ctx *c = arg;
  union {
    double f64;
    float f32;
    int32_t i32;
    int64_t i64;
  } r;
  size_t idx = 0;
  c->status = redu_reduce(c->dev, bench_redu_ops[c->op], bench_redu_types[c->type], c->x, c->n, &r,
                          &idx, NULL);
  c->out.index = idx;
  c->out.v = c->type == BENCH_F64   ? r.f64
             : c->type == BENCH_F32 ? r.f32
             : c->type == BENCH_I32 ? r.i32
                                    : (double)r.i64;
}
static void run_builtin(void *arg)
{
  bench_ctx *c = arg;
  c->out = bench_builtin(c->dev, c->op, c->type, c->x, c->n);
}
static void run_host_pf(void *arg)
{
  bench_ctx *c = arg;
  c->out = bench_host_parallel_for(c->op, c->type, c->x, c->n);
}
static void run_read(void *arg)
{
  bench_ctx *c = arg;
  bench_read_kernel(c->dev, c->x, c->n * type_sizes[c->type], c->read_teams, c->read_threads);
}
static void run_empty(void *arg)
{
  bench_ctx *c = arg;
  bench_empty_region(c->dev);
}

/* Runs redu-bench-cub beside this executable, if built, for sizes; for the floor section's
 * sizes (floor) hands every line ("<impl>,<op>,<type>,<n>,<ms>") to it, otherwise fills
 * cub_ms and hands every line to the exact and segmented sections. */
static void load_cub(const size_t *sizes, int nsizes, int floor)
{
  char self[PATH_MAX], cmd[PATH_MAX + 256];
  ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  if (len <= 0)
    return;
  self[len] = 0;
  char *slash = strrchr(self, '/');
  if (!slash)
    return;
  strcpy(slash + 1, "redu-bench-cub");
  if (access(self, X_OK) != 0)
    return;
  int off = snprintf(cmd, sizeof cmd, "'%s'", self);
  for (int i = 0; i < nsizes; ++i)
    off += snprintf(cmd + off, sizeof cmd - (size_t)off, " %zu", sizes[i]);
  fprintf(stderr, "redu-bench: running %s\n", cmd);
  FILE *p = popen(cmd, "r");
  if (!p)
    return;
  char line[256], impl[16], op[16], type[16];
  size_t n;
  double ms;
  while (fgets(line, sizeof line, p)) {
    if (sscanf(line, "%15[^,],%15[^,],%15[^,],%zu,%lf", impl, op, type, &n, &ms) != 5)
      continue;
    if (floor) {
      bench_floor_note(impl, op, type, n, ms);
      continue;
    }
    bench_exact_note(impl, op, type, n, ms);
    bench_segmented_note(impl, op, n, ms);
    if (strcmp(impl, "cub"))
      continue;
    for (int o = 0; o < BENCH_OP_COUNT; ++o)
      for (int t = 0; t < BENCH_TYPE_COUNT; ++t)
        for (int s = 0; s < nsizes; ++s)
          if (!strcmp(op, op_names[o]) && !strcmp(type, type_names[t]) && n == sizes[s])
            cub_ms[o][t][s] = ms;
  }
  pclose(p);
}

/* Whether name is in the comma-separated list (every name when there is no list). */
static int listed(const char *list, const char *name)
{
  if (!list)
    return 1;
  size_t len = strlen(name);
  for (const char *p = list; (p = strstr(p, name)) != NULL; p += len)
    if ((p == list || p[-1] == ',') && (p[len] == ',' || p[len] == 0))
      return 1;
  return 0;
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

int main(int argc, char **argv)
{
  int max_log2 = 27, use_cub = 1, struct_log2 = 0;
  const char *csv_path = "redu-bench.csv", *ops_filter = NULL, *types_filter = NULL;
  const char *sections = NULL, *floor_case = NULL;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--quick"))
      max_log2 = 20;
    else if (!strcmp(argv[i], "--max-log2") && i + 1 < argc)
      max_log2 = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
      csv_path = argv[++i];
    else if (!strcmp(argv[i], "--no-cub"))
      use_cub = 0;
    else if (!strcmp(argv[i], "--ops") && i + 1 < argc)
      ops_filter = argv[++i];
    else if (!strcmp(argv[i], "--types") && i + 1 < argc)
      types_filter = argv[++i];
    else if (!strcmp(argv[i], "--floor-case") && i + 1 < argc)
      floor_case = argv[++i];
    else if (!strcmp(argv[i], "--struct-log2") && i + 1 < argc)
      struct_log2 = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--only") && i + 1 < argc)
      sections = argv[++i];
    else {
      fprintf(stderr,
              "usage: %s [--quick] [--max-log2 K] [--csv FILE] [--no-cub] "
              "[--ops sum,min,max,argmin] [--types f64,f32,i32,i64] [--struct-log2 K] "
              "[--only arrays,structs,regions,exact,segmented,floor] [--floor-case NAME]\n",
              argv[0]);
      return 2;
    }
  }
  static const int all_log2[] = {10, 16, 20, 24, 27};
  size_t sizes[MAX_SIZES];
  int nsizes = 0;
  for (size_t i = 0; i < sizeof all_log2 / sizeof all_log2[0]; ++i)
    if (all_log2[i] <= max_log2)
      sizes[nsizes++] = (size_t)1 << all_log2[i];
  if (!nsizes) {
    fprintf(stderr, "redu-bench: --max-log2 must be at least 10\n");
    return 2;
  }
  size_t max_n = sizes[nsizes - 1];

  int dev = omp_get_default_device(), on_host = 1;
#pragma omp target device(dev) map(from : on_host)
  on_host = omp_is_initial_device();
  char plan[512];
  if (redu_describe_plan(dev, max_n, 8, plan, sizeof plan) != REDU_OK) {
    fprintf(stderr, "redu-bench: %s\n", redu_last_error());
    return 1;
  }
  printf("# redu-bench: %s\n# device: %s\n", on_host ? "host (no GPU offload)" : "GPU", plan);
  if (floor_case) {
    bench_timing bt = {0, on_host, NULL};
    int wrong = bench_floor(dev, &bt, floor_case);
    if (wrong < 0)
      fprintf(stderr,
              "redu-bench: no floor case %s (empty, entry, shape_<n>, redu_<n>, n one of "
              "1 1024 65536 1048576)\n",
              floor_case);
    return wrong != 0;
  }
  if (use_cub && !on_host) {
    if (!sections || strcmp(sections, "floor"))
      load_cub(sizes, nsizes, 0);
    if (listed(sections, "floor"))
      load_cub(bench_floor_sizes, BENCH_FLOOR_SIZES, 1);
  }

  void *x = omp_target_alloc(max_n * 8, dev);
  if (!x) {
    fprintf(stderr, "redu-bench: cannot allocate %zu bytes on device %d\n", max_n * 8, dev);
    return 1;
  }
  bench_ctx c = {.dev = dev};
  double empty_ms = time_median(run_empty, &c) * 1e3;
  printf("# empty target region: %.4f ms\n", empty_ms);

  FILE *csv = fopen(csv_path, "w");
  if (csv)
    fprintf(csv, "device,op,type,n,bytes,impl,ms,gbps,pct_ceiling,vs_builtin,vs_cub,bound_ms,"
                 "result_matches_builtin\n");
  if (listed(sections, "arrays"))
    printf("%-6s %-4s %10s | %9s %8s %6s | %9s %8s | %9s %8s | %9s %9s %9s | %7s %7s %s\n", "op",
           "type", "n", "redu ms", "GB/s", "%ceil", "builtin", "GB/s", "ceil ms", "GB/s",
           on_host ? "host-pf" : "cub ms", "bound ms", "redu/bnd", "x bltin",
           on_host ? "x hpf" : "x cub", "check");
  int mismatches = 0;
  for (int t = 0; t < BENCH_TYPE_COUNT && listed(sections, "arrays"); ++t) {
    if (!listed(types_filter, type_names[t]))
      continue;
    bench_fill(dev, x, max_n, (bench_type)t);
    for (int s = 0; s < nsizes; ++s) {
      size_t n = sizes[s], bytes = n * type_sizes[t];
      c.type = (bench_type)t;
      c.x = x;
      c.n = n;
      redu_plan_query(dev, bytes / 8, 8, &c.read_teams, &c.read_threads);
      double read_ms = time_median(run_read, &c) * 1e3;
      /* The ceiling kernel's own time, less the per-call floor it also paid. */
      double ceil_kernel_ms = read_ms > empty_ms ? read_ms - empty_ms : read_ms;
      double bound_ms = ceil_kernel_ms + empty_ms;
      for (int o = 0; o < BENCH_OP_COUNT; ++o) {
        if (!listed(ops_filter, op_names[o]))
          continue;
        fprintf(stderr, "redu-bench: %s %s n=%zu\n", op_names[o], type_names[t], n);
        c.op = (bench_op)o;
        double redu_ms = time_median(run_redu, &c) * 1e3;
        bench_value mine = c.out;
        if (c.status != REDU_OK) {
          fprintf(stderr, "redu-bench: libredu failed: %s\n", redu_last_error());
          return 1;
        }
        double builtin_ms = time_median(run_builtin, &c) * 1e3;
        int ok = same_result((bench_type)t, (bench_op)o, mine, c.out);
        mismatches += !ok;
        double other_ms = on_host ? time_median(run_host_pf, &c) * 1e3 : cub_ms[o][t][s];
        double gbps = bytes / redu_ms * 1e-6, ceil_gbps = bytes / ceil_kernel_ms * 1e-6;
        printf("%-6s %-4s %10zu | %9.4f %8.1f %5.1f%% | %9.4f %8.1f | %9.4f %8.1f | %9.4f %9.4f "
               "%9.3f | %7.2f %7.2f %s\n",
               op_names[o], type_names[t], n, redu_ms, gbps, 100.0 * gbps / ceil_gbps, builtin_ms,
               bytes / builtin_ms * 1e-6, ceil_kernel_ms, ceil_gbps, other_ms, bound_ms,
               redu_ms / bound_ms, builtin_ms / redu_ms, other_ms > 0 ? other_ms / redu_ms : 0.0,
               ok ? "ok" : "MISMATCH");
        fflush(stdout);
        if (csv) {
          const char *d = on_host ? "host" : "gpu";
#define CSV_ROW(impl, ms)                                                                          \
  fprintf(csv, "%s,%s,%s,%zu,%zu,%s,%.6f,%.2f,%.2f,%.4f,%.4f,%.6f,%d\n", d, op_names[o],           \
          type_names[t], n, bytes, impl, ms, bytes / (ms) * 1e-6, 100.0 * ceil_kernel_ms / (ms),   \
          builtin_ms / (ms), other_ms > 0 ? other_ms / (ms) : 0.0, bound_ms, ok)
          CSV_ROW("libredu", redu_ms);
          CSV_ROW("builtin", builtin_ms);
          CSV_ROW("read_ceiling", ceil_kernel_ms);
          if (other_ms > 0)
            CSV_ROW(on_host ? "host_parallel_for" : "cub", other_ms);
        }
      }
    }
  }
  if (listed(sections, "structs")) {
    if (!struct_log2)
      struct_log2 = max_log2 < 26 ? max_log2 : 26;
    bench_timing bt = {empty_ms, on_host, csv};
    mismatches += bench_structs(dev, (size_t)1 << struct_log2, &bt);
  }
  if (listed(sections, "regions")) {
    bench_timing bt = {empty_ms, on_host, csv};
    mismatches += bench_regions(dev, max_n, &bt);
  }
  if (listed(sections, "exact")) {
    bench_timing bt = {empty_ms, on_host, csv};
    mismatches += bench_exact(dev, max_n, &bt);
  }
  if (listed(sections, "segmented")) {
    bench_timing bt = {empty_ms, on_host, csv};
    mismatches += bench_segmented(dev, max_n, &bt);
  }
  if (listed(sections, "floor")) {
    bench_timing bt = {empty_ms, on_host, csv};
    mismatches += bench_floor(dev, &bt, NULL);
  }
  if (csv) {
    fprintf(csv, "%s,empty_region,-,0,0,empty_region,%.6f,0,0,0,0,0,1\n", on_host ? "host" : "gpu",
            empty_ms);
    fclose(csv);
    printf("# CSV written to %s\n", csv_path);
  }
  printf("# columns: bound = ceiling kernel + empty region; x bltin / x %s = their time / ours\n",
         on_host ? "hpf" : "cub");
  if (mismatches)
    printf("# WARNING: %d results differ from the builtin (exact section: the host reference) "
           "beyond rounding\n",
           mismatches);
  omp_target_free(x, dev);
  return 0;
}

/* redu-bench: libredu against clang's built-in reduction clause (plain and with
 * dist_schedule(static), each peer built in a file of its own), a read-bandwidth ceiling,
 * the empty-region floor, CUB (when redu-bench-cub was built) and, on the host, a plain
 * `parallel for reduction`; same data, same run. Prints a table, writes CSV.
 *
 *   redu-bench [--quick] [--max-log2 K] [--csv FILE] [--no-cub] [--ops a,b] [--types a,b]
 *              [--struct-log2 K] [--only a,b] [--floor-case NAME] [--repeat K]
 *
 * --only picks sections: arrays (built-in ops), structs (user-declared reductions),
 * regions (wrapped loop bodies, 2^max-log2 doubles per array), exact (REDU_EXACT sums and
 * redu_dot_f32/f64 at 2^20, 2^24 and 2^27 elements up to 2^max-log2), segmented (one
 * redu_segmented_sum_f64 call over 2^max-log2 doubles in uniform and power-law segments,
 * and 10,000 segments of 1,000, beside CUB's DeviceSegmentedReduce), scan (inclusive scans
 * up to 2^max-log2 elements, each pass forced and the planner's choice, beside CUB's
 * DeviceScan and a copy kernel, bench/bench_scan.h), bins (counts and float sums into 256
 * and 65,536 bins up to 2^max-log2 elements, beside OpenMP's array-section clause, CUB's
 * DeviceHistogram and atomicAdd kernels, bench/bench_bins.h), floor (the per-call
 * floor at n = 1 ... 2^20, bench/bench_floor.h; --floor-case NAME repeats one of its cases
 * for a profiler), multi (every GPU of the node reducing 2^max-log2 doubles each in one
 * redu_multi_reduce call, against device 0 alone over all of them; GPU machines with two or
 * more devices, and only when named: it allocates the whole on device 0).
 * Struct cases use 2^K elements each (default: 26, or --max-log2 when smaller).
 *
 * Times are medians of end-to-end calls (result on the host), repeated until 0.2 s or
 * 100 calls (at least 5). --repeat K measures the arrays table K times over and prints the
 * median of the K medians and their spread. Progress goes to stderr. Float results are
 * checked against a host reference (bench_check.h) and their errors printed in ulps;
 * MISMATCH (and the closing WARNING) means a libredu result is wrong, nothing else. A
 * figure that was not measured prints "-" (an empty CSV field). */
#include "bench_arrays.h"
#include "bench_baselines.h"
#include "bench_bins.h"
#include "bench_exact.h"
#include "bench_floor.h"
#include "bench_multi.h"
#include "bench_regions.h"
#include "bench_scan.h"
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

/* Where the default device's code runs, as each compilation pass sees it. */
enum { BENCH_ON_INITIAL, BENCH_ON_CPU_DEVICE, BENCH_ON_GPU };
#if defined(__NVPTX__) || defined(__AMDGPU__)
#define BENCH_THIS_DEVICE BENCH_ON_GPU
#else
#define BENCH_THIS_DEVICE BENCH_ON_CPU_DEVICE
#endif

static void run_empty(void *arg) { bench_empty_region(*(const int *)arg); }

/* Runs redu-bench-cub beside this executable, if built, for sizes (and the structs section's
 * complex sum of struct_n elements, when not 0); for the floor section's sizes (floor) hands
 * every line ("<impl>,<op>,<type>,<n>,<ms>") to it, otherwise to the arrays, exact,
 * segmented and structs sections. */
static void load_cub(const size_t *sizes, int nsizes, size_t struct_n, int floor)
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
  if (struct_n)
    off += snprintf(cmd + off, sizeof cmd - (size_t)off, " --struct %zu", struct_n);
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
    bench_arrays_note(impl, op, type, n, ms);
    bench_structs_note(impl, op, n, ms);
    bench_scan_note(impl, op, type, n, ms);
    bench_bins_note(impl, op, type, n, ms);
  }
  pclose(p);
}

int main(int argc, char **argv)
{
  int max_log2 = 27, use_cub = 1, struct_log2 = 0, repeat = 1;
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
    else if (!strcmp(argv[i], "--repeat") && i + 1 < argc && atoi(argv[i + 1]) >= 1 &&
             atoi(argv[i + 1]) <= 64)
      repeat = atoi(argv[++i]);
    else {
      fprintf(stderr,
              "usage: %s [--quick] [--max-log2 K] [--csv FILE] [--no-cub] "
              "[--ops sum,min,max,argmin] [--types f64,f32,i32,i64] [--struct-log2 K] "
              "[--only arrays,structs,regions,exact,segmented,scan,bins,floor,multi] "
              "[--floor-case NAME] "
              "[--repeat K (1..64)]\n",
              argv[0]);
      return 2;
    }
  }
  static const int all_log2[] = {10, 16, 20, 24, 27};
  size_t sizes[BENCH_MAX_SIZES];
  int nsizes = 0;
  for (size_t i = 0; i < sizeof all_log2 / sizeof all_log2[0]; ++i)
    if (all_log2[i] <= max_log2)
      sizes[nsizes++] = (size_t)1 << all_log2[i];
  if (!nsizes) {
    fprintf(stderr, "redu-bench: --max-log2 must be at least 10\n");
    return 2;
  }
  size_t max_n = sizes[nsizes - 1];

  /* "On the host" is any CPU device: host fallback and host-offload alike read this
   * machine's memory with its cores, so the baselines are `parallel for` and a CPU read.
   * One statement in the region, as the device kind is known in each compilation pass. */
  int dev = omp_get_default_device(), kind = BENCH_ON_INITIAL;
#pragma omp target device(dev) map(tofrom : kind)
  kind = omp_is_initial_device() ? BENCH_ON_INITIAL : BENCH_THIS_DEVICE;
  int on_host = kind != BENCH_ON_GPU;
  char plan[512];
  if (redu_describe_plan(dev, max_n, 8, plan, sizeof plan) != REDU_OK) {
    fprintf(stderr, "redu-bench: %s\n", redu_last_error());
    return 1;
  }
  printf("# redu-bench: %s\n# device: %s\n",
         kind == BENCH_ON_GPU       ? "GPU"
         : kind == BENCH_ON_INITIAL ? "host fallback (no offload device)"
                                    : "CPU offload device",
         plan);
  double peak_gbps = 0; /* unknown on CPU devices: the status says so, nothing to report */
  if (redu_device_peak_bandwidth(dev, &peak_gbps) != REDU_OK)
    peak_gbps = 0;
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
  if (!struct_log2)
    struct_log2 = max_log2 < 26 ? max_log2 : 26;
  size_t struct_n = bench_listed(sections, "structs") ? (size_t)1 << struct_log2 : 0;
  if (use_cub && !on_host) {
    /* Once per repeat when the arrays table is repeated: its CUB column is then a median
     * too (other sections keep the last run's figures). */
    int cub_runs = bench_listed(sections, "arrays") ? repeat : 1;
    for (int r = 0; r < cub_runs && (!sections || strcmp(sections, "floor")); ++r)
      load_cub(sizes, nsizes, r == 0 ? struct_n : 0, 0);
    if (bench_listed(sections, "floor"))
      load_cub(bench_floor_sizes, BENCH_FLOOR_SIZES, 0, 1);
  }

  void *x = omp_target_alloc(max_n * 8, dev);
  if (!x) {
    fprintf(stderr, "redu-bench: cannot allocate %zu bytes on device %d\n", max_n * 8, dev);
    return 1;
  }
  /* Under host fallback a target region is a plain call: there is no launch to time, and
   * no ratio against one. */
  double empty_ms = NAN;
  if (kind != BENCH_ON_INITIAL) {
    empty_ms = bench_median(run_empty, &dev) * 1e3;
    printf("# empty target region: %.4f ms\n", empty_ms);
  } else
    printf("# empty target region: - (host fallback: no launch)\n");

  FILE *csv = fopen(csv_path, "w");
  if (csv)
    bench_csv_header(csv);
  int mismatches = 0;
  if (bench_listed(sections, "arrays")) {
    bench_timing bt = {empty_ms, on_host, csv};
    bench_arrays_cfg cfg = {sizes, nsizes, ops_filter, types_filter, repeat, peak_gbps};
    int m = bench_arrays(dev, x, &cfg, &bt);
    if (m < 0)
      return 1;
    mismatches += m;
  }
  if (bench_listed(sections, "structs")) {
    bench_timing bt = {empty_ms, on_host, csv};
    mismatches += bench_structs(dev, struct_n, &bt);
  }
  if (bench_listed(sections, "regions")) {
    bench_timing bt = {empty_ms, on_host, csv};
    mismatches += bench_regions(dev, max_n, &bt);
  }
  if (bench_listed(sections, "exact")) {
    bench_timing bt = {empty_ms, on_host, csv};
    mismatches += bench_exact(dev, max_n, &bt);
  }
  if (bench_listed(sections, "segmented")) {
    bench_timing bt = {empty_ms, on_host, csv};
    mismatches += bench_segmented(dev, max_n, &bt);
  }
  if (bench_listed(sections, "scan")) {
    bench_timing bt = {empty_ms, on_host, csv};
    int m = bench_scan(dev, max_n, &bt);
    if (m < 0)
      return 1;
    mismatches += m;
  }
  if (bench_listed(sections, "bins")) {
    bench_timing bt = {empty_ms, on_host, csv};
    int m = bench_bins(dev, max_n, &bt);
    if (m < 0)
      return 1;
    mismatches += m;
  }
  if (bench_listed(sections, "floor")) {
    bench_timing bt = {empty_ms, on_host, csv};
    mismatches += bench_floor(dev, &bt, NULL);
  }
  if (sections && bench_listed(sections, "multi")) {
    bench_timing bt = {empty_ms, on_host, csv};
    int nd = omp_get_num_devices();
    if (on_host || nd < 2)
      printf("# multi: needs two or more GPUs (%d devices here%s)\n", nd,
             on_host ? ", CPU devices" : "");
    else
      mismatches += bench_multi(nd, max_n, &bt);
  }
  if (csv) {
    bench_timing bt = {empty_ms, on_host, csv};
    bench_row row = bench_row_blank("empty_region", "-", "empty_region", 0, 0);
    row.ms = empty_ms;
    if (!isnan(empty_ms))
      bench_csv_row(&bt, &row);
    fclose(csv);
    printf("# CSV written to %s\n", csv_path);
  }
  printf("# columns: %%ceil = the read ceiling's time / ours, both end to end; kern GB/s = the "
         "ceiling kernel less the empty region; static = the clause with dist_schedule(static); "
         "x bltin / x stat / x %s = their time / ours; - = not measured\n",
         on_host ? "hpf" : "cub");
  if (mismatches)
    printf("# WARNING: %d libredu results are wrong (beyond their bound against the host "
           "reference; see the MISMATCH/WRONG rows)\n",
           mismatches);
  omp_target_free(x, dev);
  return 0;
}

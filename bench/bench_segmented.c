#include "bench_segmented.h"

#include "bench_baselines.h"
#include "bench_check.h"
#include "bench_seg_cases.h"
#include "redu.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cub_ref {
  char scase[16];
  size_t n;
  double ms;
} cub_ref;
enum { MAX_REFS = 16 };
static cub_ref refs[MAX_REFS];
static int nrefs;

void bench_segmented_note(const char *impl, const char *scase, size_t n, double ms)
{
  if (strcmp(impl, "cubseg") || nrefs == MAX_REFS || strlen(scase) >= sizeof refs[0].scase)
    return;
  strcpy(refs[nrefs].scase, scase);
  refs[nrefs].n = n;
  refs[nrefs++].ms = ms;
}

static double cub_ms(const char *scase, size_t n)
{
  for (int i = 0; i < nrefs; ++i)
    if (!strcmp(refs[i].scase, scase) && refs[i].n == n)
      return refs[i].ms;
  return NAN;
}

typedef struct seg_run {
  int dev;
  const double *x;
  const size_t *offs;  /* device */
  const size_t *hoffs; /* host */
  size_t nseg, n;
  double *out;      /* device, nseg */
  double *loop_out; /* host, nseg (the loop of single calls) */
  int teams, threads;
  int status;
} seg_run;

static void run_segmented(void *arg)
{
  seg_run *r = arg;
  r->status = redu_segmented_sum_f64(r->dev, r->x, r->offs, r->nseg, r->out, NULL);
}

static void run_loop(void *arg)
{
  seg_run *r = arg;
  for (size_t k = 0; k < r->nseg; ++k)
    r->status |= redu_sum_f64(r->dev, r->x + r->hoffs[k], r->hoffs[k + 1] - r->hoffs[k],
                              &r->loop_out[k], NULL);
}

static void run_read(void *arg)
{
  seg_run *r = arg;
  bench_read_kernel(r->dev, r->x, r->n * sizeof(double), r->teams, r->threads);
}

static void run_empty(void *arg) { bench_empty_region(((seg_run *)arg)->dev); }

/* How many segments' results lie beyond libredu's bound around the host's exact sum. */
static int check(const double *x, const size_t *offs, size_t nseg, const double *got)
{
  int bad = 0;
  for (size_t k = 0; k < nseg; ++k) {
    size_t len = offs[k + 1] - offs[k];
    bench_ref ref;
    bench_reference(BENCH_F64, x + offs[k], NULL, &len, 1, &ref);
    bad += !bench_within_bound(BENCH_F64, got[k], &ref, len, 0);
  }
  return bad;
}

int bench_segmented(int dev, size_t max_n, const bench_timing *t)
{
  int mismatches = 0;
  size_t cap =
      max_n > BENCH_SEG_MANY * BENCH_SEG_MANY_LEN ? max_n : BENCH_SEG_MANY * BENCH_SEG_MANY_LEN;
  double *hx = malloc(cap * sizeof *hx), *x = omp_target_alloc(cap * sizeof *x, dev);
  bench_fill(dev, x, cap, BENCH_F64);
  omp_target_memcpy(hx, x, cap * sizeof *hx, 0, 0, omp_get_initial_device(), dev);
  printf("\n# segmented sum f64: one call for every segment (CUB: DeviceSegmentedReduce::Sum)\n");
  printf("%-8s %9s %10s | %9s %8s %6s | %9s %7s | %9s %8s | %9s %7s | %9s %7s %s\n", "case",
         "segments", "n", "redu ms", "GB/s", "%ceil", t->on_host ? "-" : "cub ms", "x cub",
         "ceil ms", "GB/s", "empty ms", "x empty", "loop ms", "x loop", "check");
  for (int c = 0; c < BENCH_SEG_CASES; ++c) {
    size_t n = bench_seg_case_n(c, max_n);
    if (!n)
      continue;
    size_t nseg = bench_seg_count(c, n);
    size_t *hoffs = malloc((nseg + 1) * sizeof *hoffs);
    bench_seg_offsets(c, n, hoffs);
    seg_run r = {.dev = dev, .x = x, .hoffs = hoffs, .nseg = nseg, .n = n};
    r.offs = omp_target_alloc((nseg + 1) * sizeof *r.offs, dev);
    r.out = omp_target_alloc(nseg * sizeof *r.out, dev);
    omp_target_memcpy((void *)r.offs, hoffs, (nseg + 1) * sizeof *hoffs, 0, 0, dev,
                      omp_get_initial_device());
    redu_plan_query(dev, n, 8, &r.teams, &r.threads);
    fprintf(stderr, "redu-bench: segmented %s\n", bench_seg_names[c]);
    double ms = bench_median(run_segmented, &r) * 1e3;
    if (r.status != REDU_OK) {
      fprintf(stderr, "redu-bench: segmented %s: %s\n", bench_seg_names[c], redu_last_error());
      return mismatches + 1;
    }
    double *got = malloc(nseg * sizeof *got);
    omp_target_memcpy(got, r.out, nseg * sizeof *got, 0, 0, omp_get_initial_device(), dev);
    int bad = check(hx, hoffs, nseg, got);
    double read_ms = bench_median(run_read, &r) * 1e3;
    /* No launch to time under host fallback. */
    double empty_ms = isnan(t->empty_ms) ? NAN : bench_median(run_empty, &r) * 1e3, loop_ms = NAN;
    if (c == BENCH_SEG_CASE_MANY) {
      r.loop_out = malloc(nseg * sizeof *r.loop_out);
      loop_ms = bench_median(run_loop, &r) * 1e3;
      bad += check(hx, hoffs, nseg, r.loop_out);
      free(r.loop_out);
    }
    mismatches += bad != 0;
    double other = cub_ms(bench_seg_names[c], n), bytes = (double)n * 8;
    printf("%-8s %9zu %10zu | %9.4f %8.1f %5.1f%% | %9s %7s | %9.4f %8.1f | %9s %7s | "
           "%9s %7s %s\n",
           bench_seg_names[c], nseg, n, ms, bytes / ms * 1e-6, 100.0 * read_ms / ms,
           bench_cell("%.4f", other), bench_cell("%.2f", bench_div(other, ms)), read_ms,
           bytes / read_ms * 1e-6, bench_cell("%.4f", empty_ms),
           bench_cell("%.2f", bench_div(ms, empty_ms)), bench_cell("%.3f", loop_ms),
           bench_cell("%.1f", bench_div(loop_ms, ms)), bad ? "MISMATCH" : "ok");
    fflush(stdout);
    static const char *const impls[] = {"libredu", "read_ceiling", "empty_region", "cub",
                                        "single_calls"};
    const double times[] = {ms, read_ms, empty_ms, other, loop_ms};
    for (size_t k = 0; k < sizeof times / sizeof times[0]; ++k) {
      bench_row row = bench_row_blank("segmented_sum", bench_seg_names[c], impls[k], n, bytes);
      row.ms = bench_measured(times[k]);
      row.ceil_ms = read_ms;
      row.cub_ms = other;
      row.bound_ms = read_ms;
      row.ok = k == 0 || k == 4 ? !bad : -1;
      if (!isnan(row.ms))
        bench_csv_row(t, &row);
    }
    free(got), free(hoffs);
    omp_target_free((void *)r.offs, dev), omp_target_free(r.out, dev);
  }
  printf("# x cub = CUB's time / ours (>= 0.9 is the target); x empty = ours / the empty region; "
         "x loop = the loop of single calls / ours\n");
  omp_target_free(x, dev);
  free(hx);
  return mismatches;
}

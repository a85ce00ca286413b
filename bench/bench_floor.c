#include "bench_floor.h"

#include "bench_baselines.h"
#include "redu.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const size_t bench_floor_sizes[BENCH_FLOOR_SIZES] = {1, 1u << 10, 1u << 16, 1u << 20};

enum { CUDA_EMPTY, CUDA_COPY8, CUB_SUM };
static double cuda_ms[3][BENCH_FLOOR_SIZES];

void bench_floor_note(const char *impl, const char *op, const char *type, size_t n, double ms)
{
  if (!strcmp(impl, "floor") && !strcmp(op, "empty_kernel"))
    cuda_ms[CUDA_EMPTY][0] = ms;
  else if (!strcmp(impl, "floor") && !strcmp(op, "empty_copy8"))
    cuda_ms[CUDA_COPY8][0] = ms;
  else if (!strcmp(impl, "cub") && !strcmp(op, "sum") && !strcmp(type, "f64"))
    for (int s = 0; s < BENCH_FLOOR_SIZES; ++s)
      if (n == bench_floor_sizes[s])
        cuda_ms[CUB_SUM][s] = ms;
}

typedef struct floor_run {
  int dev;
  const double *x;
  size_t n;
  int teams, threads;
  void *scratch; /* device: stands for libredu's partials, counter, result, spill */
  double out;
  int status;
} floor_run;

static void run_empty(void *arg) { bench_empty_region(((floor_run *)arg)->dev); }

/* libredu's launch (device/redu_launch.h) without its work: the same clauses, pointers and
 * scalars; the body only reads them. */
static void run_shape(void *arg)
{
  floor_run *r = arg;
  const double *x = r->x;
  double *partials = r->scratch, *result = partials + 1;
  unsigned *counter = (unsigned *)(partials + 2);
  void *spill = partials + 3;
  size_t n = r->n, slots = 0, team_mem = 0;
  int threads = r->threads, tree = 0;
#pragma omp target teams device(r->dev) num_teams(r -> teams) thread_limit(threads)                \
    is_device_ptr(x, partials, counter, result, spill) ompx_dyn_cgroup_mem(team_mem)
#pragma omp parallel num_threads(threads)
  if (n == (size_t)-1 - slots - (size_t)tree && omp_get_thread_num() == 0)
    result[0] = x[0] + partials[0] + (double)*counter + (double)(spill != NULL);
}

static void run_entry(void *arg)
{
  floor_run *r = arg;
  r->status = redu_sum_f64(r->dev, r->x, 0, &r->out, NULL);
}

/* Everything libredu does before its launch (entry, device pointer check, plan), stopped by
 * the plan: a team count past REDU_MAX_TEAMS is REDU_ERR_BAD_OPTION. */
static void run_checked(void *arg)
{
  floor_run *r = arg;
  redu_options o = {.teams = REDU_MAX_TEAMS + 1};
  r->status = redu_sum_f64(r->dev, r->x, r->n, &r->out, &o) == REDU_ERR_BAD_OPTION
                  ? REDU_OK
                  : REDU_ERR_DEVICE;
}

static void run_redu(void *arg)
{
  floor_run *r = arg;
  r->status = redu_sum_f64(r->dev, r->x, r->n, &r->out, NULL);
}

typedef struct floor_case {
  const char *name;
  void (*fn)(void *);
  size_t n; /* 0: none */
} floor_case;

int bench_floor(int dev, const bench_timing *t, const char *only_case)
{
  size_t max_n = bench_floor_sizes[BENCH_FLOOR_SIZES - 1];
  double *h = malloc(max_n * sizeof *h), *x = omp_target_alloc(max_n * sizeof *x, dev);
  void *scratch = omp_target_alloc(64, dev);
  if (!h || !x || !scratch) {
    fprintf(stderr, "redu-bench: floor: cannot allocate %zu doubles\n", max_n);
    free(h);
    omp_target_free(x, dev);
    omp_target_free(scratch, dev);
    return 1;
  }
  for (size_t i = 0; i < max_n; ++i)
    h[i] = (double)(i % 1000) * 0.25;
  omp_target_memcpy(x, h, max_n * sizeof *h, 0, 0, dev, omp_get_initial_device());
  omp_target_memcpy(scratch, h, 64, 0, 0, dev, omp_get_initial_device());

  floor_case cases[3 + 2 * BENCH_FLOOR_SIZES] = {
      {"empty", run_empty, 0}, {"entry", run_entry, 0}, {"checked", run_checked, 1}};
  char names[2 * BENCH_FLOOR_SIZES][24];
  int ncases = 3;
  for (int s = 0; s < BENCH_FLOOR_SIZES; ++s) {
    snprintf(names[2 * s], sizeof names[0], "shape_%zu", bench_floor_sizes[s]);
    snprintf(names[2 * s + 1], sizeof names[0], "redu_%zu", bench_floor_sizes[s]);
    cases[ncases++] = (floor_case){names[2 * s], run_shape, bench_floor_sizes[s]};
    cases[ncases++] = (floor_case){names[2 * s + 1], run_redu, bench_floor_sizes[s]};
  }
  floor_run r = {.dev = dev, .x = x, .scratch = scratch};
  int wrong = 0;
  if (only_case) {
    wrong = -1;
    for (int c = 0; c < ncases; ++c)
      if (!strcmp(cases[c].name, only_case)) {
        r.n = cases[c].n;
        redu_plan_query(dev, r.n ? r.n : 1, sizeof(double), &r.teams, &r.threads);
        for (int k = 0; k < 2000; ++k)
          cases[c].fn(&r);
        wrong = r.status != REDU_OK;
      }
  } else {
    printf("\n# per-call floor: medians in us; x empty = the case's time / the empty target "
           "region's (- under host fallback: no launch)\n");
    printf("%-28s %10s %7s %9s %9s | %s\n", "case", "us", "x empty", "teams", "threads",
           "CUDA/CUB beside it (us)");
    double empty_us = bench_median(run_empty, &r) * 1e6;
    /* Under host fallback the empty region is no launch, and no floor to divide by. */
    double floor_us = isnan(t->empty_ms) ? NAN : empty_us;
    for (int c = 0; c < ncases; ++c) {
      r.n = cases[c].n;
      redu_plan_query(dev, r.n ? r.n : 1, sizeof(double), &r.teams, &r.threads);
      double us = c == 0 ? empty_us : bench_median(cases[c].fn, &r) * 1e6;
      int s = 0;
      while (s + 1 < BENCH_FLOOR_SIZES && bench_floor_sizes[s] != r.n)
        ++s;
      char beside[64] = "";
      if (c == 0 && cuda_ms[CUDA_EMPTY][0] > 0)
        snprintf(beside, sizeof beside, "empty kernel + sync %.1f, + 8-byte copy %.1f",
                 cuda_ms[CUDA_EMPTY][0] * 1e3, cuda_ms[CUDA_COPY8][0] * 1e3);
      if (cases[c].fn == run_redu && cuda_ms[CUB_SUM][s] > 0)
        snprintf(beside, sizeof beside, "CUB Sum %.1f", cuda_ms[CUB_SUM][s] * 1e3);
      if (cases[c].fn == run_redu) {
        double want = 0;
        for (size_t i = 0; i < r.n; ++i)
          want += h[i];
        wrong += r.status != REDU_OK || r.out != want;
      }
      printf("%-28s %10.2f %7s %9d %9d | %s\n", cases[c].name, us,
             bench_cell("%.2f", bench_div(us, floor_us)), cases[c].n ? r.teams : 1,
             cases[c].n ? r.threads : 1, beside);
      bench_row row = bench_row_blank("floor", "f64", cases[c].name, r.n, (double)(r.n * 8));
      row.ms = us * 1e-3;
      row.ok = cases[c].fn == run_redu ? r.status == REDU_OK : -1;
      bench_csv_row(t, &row);
      if (cases[c].fn == run_redu && cuda_ms[CUB_SUM][s] > 0) {
        row.impl = "cub_sum";
        row.ms = cuda_ms[CUB_SUM][s];
        row.ok = -1;
        bench_csv_row(t, &row);
      }
    }
    static const char *const cuda_names[2] = {"cuda_empty_kernel", "cuda_empty_copy8"};
    for (int k = 0; k < 2 && !t->on_host && cuda_ms[CUDA_EMPTY][0] > 0; ++k) {
      bench_row row = bench_row_blank("floor", "-", cuda_names[k], 0, 0);
      row.ms = cuda_ms[k][0];
      bench_csv_row(t, &row);
    }
  }
  free(h);
  omp_target_free(x, dev);
  omp_target_free(scratch, dev);
  return wrong;
}

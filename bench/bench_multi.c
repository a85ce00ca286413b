#include "bench_multi.h"

#include "bench_baselines.h"
#include "redu.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MULTI_MAX = 8 };

typedef struct multi_case {
  const char *name;
  redu_op op;
  unsigned flags;
} multi_case;

static const multi_case cases[] = {{"sum", REDU_SUM, 0},
                                   {"min", REDU_MIN, 0},
                                   {"argmin", REDU_ARGMIN, 0},
                                   {"sum_exact", REDU_SUM, REDU_EXACT}};

typedef struct multi_run {
  const multi_case *c;
  int ndev;
  const int *devs;
  const void *const *xs;
  const size_t *ns;
  double value;
  size_t index;
} multi_run;

static void run_multi(void *arg)
{
  multi_run *r = arg;
  redu_options o = {.flags = r->c->flags};
  if (redu_multi_reduce(r->ndev, r->devs, r->c->op, REDU_DOUBLE, r->xs, r->ns, &r->value, &r->index,
                        &o) != REDU_OK)
    fprintf(stderr, "redu-bench: multi: %s\n", redu_last_error());
}

static void run_one(void *arg)
{
  multi_run *r = arg;
  redu_options o = {.flags = r->c->flags};
  if (redu_reduce(r->devs[0], r->c->op, REDU_DOUBLE, r->xs[0], r->ns[0], &r->value, &r->index,
                  &o) != REDU_OK)
    fprintf(stderr, "redu-bench: multi: %s\n", redu_last_error());
}

int bench_multi(int ndev, size_t part_n, const bench_timing *t)
{
  if (ndev > MULTI_MAX)
    ndev = MULTI_MAX;
  int devs[MULTI_MAX];
  void *parts[MULTI_MAX];
  size_t ns[MULTI_MAX], total = part_n * (size_t)ndev, bytes = part_n * sizeof(double);
  /* Device 0 holds the whole array (the one-GPU baseline) and its own part is the whole's
   * first part; each other device holds a copy of its part of the whole. */
  double *whole = omp_target_alloc(total * sizeof(double), 0);
  if (!whole) {
    printf("# multi: no room for %zu doubles on device 0\n", total);
    return 0;
  }
  bench_fill(0, whole, total, BENCH_F64);
  for (int k = 0; k < ndev; ++k) {
    devs[k] = k;
    ns[k] = part_n;
    parts[k] = k ? omp_target_alloc(bytes, k) : whole;
    if (k && (!parts[k] ||
              omp_target_memcpy(parts[k], whole + (size_t)k * part_n, bytes, 0, 0, k, 0) != 0)) {
      printf("# multi: could not place part %d on device %d\n", k, k);
      return 0;
    }
  }
  printf("\n# multi: %d devices, %zu doubles each (redu_multi_reduce) vs device 0 alone over "
         "all %zu, vs each device alone over its part\n",
         ndev, part_n, total);
  printf("%-10s %12s %10s %10s %12s %10s %10s %10s\n", "op", "multi ms", "GB/s", "one-dev ms",
         "x (multi/1)", "part0 ms", "partmax ms", "same");
  int bad = 0;
  for (size_t c = 0; c < sizeof cases / sizeof *cases; ++c) {
    multi_run m = {&cases[c], ndev, devs, (const void *const *)parts, ns, 0, 0};
    size_t whole_n[1] = {total};
    const void *whole_x[1] = {whole};
    multi_run one = {&cases[c], 1, devs, whole_x, whole_n, 0, 0};
    double ms_multi = bench_median(run_multi, &m) * 1e3;
    double ms_one = bench_median(run_one, &one) * 1e3;
    double part_ms[MULTI_MAX], part_max = 0;
    for (int k = 0; k < ndev; ++k) {
      const void *px[1] = {parts[k]};
      multi_run p = {&cases[c], 1, &devs[k], px, &ns[k], 0, 0};
      part_ms[k] = bench_median(run_one, &p) * 1e3;
      part_max = part_ms[k] > part_max ? part_ms[k] : part_max;
    }
    run_multi(&m);
    run_one(&one);
    int same = cases[c].flags & REDU_EXACT ? !memcmp(&m.value, &one.value, sizeof m.value)
               : cases[c].op == REDU_SUM
                   ? fabs(m.value - one.value) <= 1e-12 * fabs(one.value) + 1e-300
                   : m.value == one.value && m.index == one.index;
    bad += !same;
    double gbps = (double)total * sizeof(double) / (ms_multi * 1e-3) / 1e9;
    printf("%-10s %12.4f %10.1f %10.4f %12s %10.4f %10.4f %10s\n", cases[c].name, ms_multi, gbps,
           ms_one, bench_cell("%.3f", bench_div(ms_multi, ms_one)), part_ms[0], part_max,
           same ? "yes" : "NO");
    if (t->csv) {
      fprintf(t->csv, "gpu,%s,f64,%zu,%zu,libredu_multi%d,%.6f,%.3f,0,0,0,0,%d,0,1,0,0\n",
              cases[c].name, total, total * sizeof(double), ndev, ms_multi, gbps, same);
      fprintf(t->csv, "gpu,%s,f64,%zu,%zu,libredu_one_device,%.6f,%.3f,0,0,0,0,1,0,1,0,0\n",
              cases[c].name, total, total * sizeof(double), ms_one,
              (double)total * sizeof(double) / (ms_one * 1e-3) / 1e9);
    }
  }
  printf("# x (multi/1) = multi ms / one-dev ms (ideal with 2 GPUs: 0.5); "
         "partmax = the slowest device alone over its part (what the multi call cannot beat)\n");
  for (int k = 1; k < ndev; ++k)
    omp_target_free(parts[k], k);
  omp_target_free(whole, 0);
  return bad;
}

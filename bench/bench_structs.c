#include "bench_structs.h"

#include "bench_baselines.h"
#include "peer_struct_clause.h"
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

typedef enum { S_COMPLEX, S_WELFORD, S_MINLOC, S_LANES64, S_COUNT } struct_case;
static const char *const case_names[S_COUNT] = {"complex-sum", "welford", "minloc-struct",
                                                "sum-256B"};
static const size_t in_sizes[S_COUNT] = {sizeof(cplx), sizeof(double), sizeof(particle),
                                         sizeof(lanes64)};
static const size_t acc_sizes[S_COUNT] = {sizeof(cplx), sizeof(welford), sizeof(particle_loc),
                                          sizeof(lanes64)};

/* CUB's time for the complex sum (redu-bench-cub), and its n; 0 when it gave none. */
static double cub_complex_ms;
static size_t cub_complex_n;

void bench_structs_note(const char *impl, const char *scase, size_t n, double ms)
{
  if (!strcmp(impl, "cubstruct") && !strcmp(scase, case_names[S_COMPLEX]))
    cub_complex_ms = ms, cub_complex_n = n;
}

typedef struct run {
  struct_case c;
  int dev;
  const void *x;
  size_t n;
  redu_options opts;
  int status;
  union {
    cplx z;
    welford w;
    particle_loc loc;
    lanes64 l;
  } out;
  int read_teams, read_threads;
} run;

static void run_redu(void *arg)
{
  run *r = arg;
  switch (r->c) {
  case S_COMPLEX:
    r->status = redu_reduce_cplx_sum(r->dev, r->x, r->n, &r->out.z, &r->opts);
    break;
  case S_WELFORD:
    r->status = welford_of_doubles(r->dev, r->x, r->n, &r->out.w, &r->opts);
    break;
  case S_MINLOC:
    r->status = lowest_particle(r->dev, r->x, r->n, &r->out.loc, &r->opts);
    break;
  default:
    r->status = redu_reduce_lanes64_sum(r->dev, r->x, r->n, &r->out.l, &r->opts);
    break;
  }
}

/* clang's own path: the same declarations in a reduction clause (peer_struct_clause.c). */
static void run_builtin(void *arg)
{
  run *r = arg;
  switch (r->c) {
  case S_COMPLEX:
    r->out.z = peer_struct_complex(r->dev, r->x, r->n);
    break;
  case S_WELFORD:
    r->out.w = peer_struct_welford(r->dev, r->x, r->n);
    break;
  case S_MINLOC:
    r->out.loc = peer_struct_minloc(r->dev, r->x, r->n);
    break;
  default:
    r->out.l = peer_struct_lanes64(r->dev, r->x, r->n);
    break;
  }
}

static void run_read(void *arg)
{
  run *r = arg;
  bench_read_kernel(r->dev, r->x, r->n * in_sizes[r->c], r->read_teams, r->read_threads);
}

/* Deterministic data with repeated values (ties for min-loc). */
static void fill(int dev, void *x, size_t n, struct_case c)
{
  size_t words = n * in_sizes[c] / sizeof(float);
  float *f = x;
  if (c == S_MINLOC) {
    particle *p = x;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(p)
    for (size_t i = 0; i < n; ++i)
      p[i] = (particle){(double)((i * 7919) % 100003) - 5e4, (int32_t)(i % 64), 1.0f};
  } else if (c == S_WELFORD) {
    double *d = x;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(d)
    for (size_t i = 0; i < n; ++i)
      d[i] = 1e3 + (double)((i * 2654435761u) % 1000) * 1e-3;
  } else {
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(f)
    for (size_t i = 0; i < words; ++i)
      f[i] = (float)((i * 2654435761u) % 1024) * 0.125f;
  }
}

/* |v - ref| within the bound of n additions in arithmetic of 2^-digits relative rounding:
 * n·2^-digits·mag (mag: the sum of the magnitudes), and one rounding of the result. */
static int near(double v, long double ref, long double mag, size_t n, int digits)
{
  long double tol = ldexpl((long double)n * mag, -digits);
  return fabsl((long double)v - ref) <= tol + ldexpl(fabsl(ref), -digits) + 1e-300L;
}

/* The host's answer for one case, accumulated over the data chunk by chunk. */
typedef struct expect {
  size_t n, at;                          /* elements seen; min-loc: the lowest's index */
  double lowest, shift;                  /* min-loc: its energy; Welford: the first sample */
  long double sum[64], mag[64], sq, dev; /* sums and magnitudes; Welford: Σ(x-shift)², Σ(x-shift) */
} expect;

static void expect_add(expect *e, struct_case c, const void *h, size_t k)
{
  for (size_t i = 0; i < k; ++i, ++e->n) {
    if (c == S_COMPLEX) {
      const cplx *x = (const cplx *)h + i;
      e->sum[0] += x->re, e->sum[1] += x->im, e->mag[0] += fabs(x->re), e->mag[1] += fabs(x->im);
    } else if (c == S_WELFORD) {
      double x = ((const double *)h)[i];
      if (e->n == 0)
        e->shift = x;
      /* Shifted by the first sample: the deviations stay small, so no cancellation. */
      long double d = (long double)x - e->shift;
      e->sum[0] += x, e->mag[0] += fabs(x), e->sq += d * d, e->dev += d;
    } else if (c == S_MINLOC) {
      double v = ((const particle *)h)[i].energy;
      if (e->n == 0 || v < e->lowest)
        e->lowest = v, e->at = e->n;
    } else {
      const lanes64 *x = (const lanes64 *)h + i;
      for (int l = 0; l < 64; ++l)
        e->sum[l] += x->v[l], e->mag[l] += fabsf(x->v[l]);
    }
  }
}

/* Whether libredu's result r is right, against the host's answer (the data read back in
 * 64 MiB chunks): the declared combiners' own arithmetic (double; float for the 256-byte
 * lanes) within its bound, min-loc exact. -1: no host memory to check with. */
static int correct(const run *r, size_t in_size)
{
  size_t chunk = ((size_t)64 << 20) / in_size, n = r->n;
  void *h = malloc(chunk * in_size);
  expect *e = calloc(1, sizeof *e);
  if (!h || !e) {
    free(h), free(e);
    return -1;
  }
  for (size_t i = 0; i < n; i += chunk) {
    size_t k = n - i < chunk ? n - i : chunk;
    omp_target_memcpy(h, r->x, k * in_size, 0, i * in_size, omp_get_initial_device(), r->dev);
    expect_add(e, r->c, h, k);
  }
  int ok = 1;
  if (r->c == S_COMPLEX) {
    ok = near(r->out.z.re, e->sum[0], e->mag[0], n, 53) &&
         near(r->out.z.im, e->sum[1], e->mag[1], n, 53);
  } else if (r->c == S_WELFORD) {
    long double mean = e->sum[0] / (long double)n;
    long double m2 = e->sq - e->dev * e->dev / (long double)n;
    ok = r->out.w.count == (double)n &&
         near(r->out.w.mean, mean, e->mag[0] / (long double)n, n, 53) &&
         near(r->out.w.m2, m2, m2, n, 53);
  } else if (r->c == S_MINLOC) {
    ok = r->out.loc.energy == e->lowest && r->out.loc.index == e->at;
  } else {
    for (int l = 0; l < 64; ++l)
      ok &= near(r->out.l.v[l], e->sum[l], e->mag[l], n, 24);
  }
  free(h), free(e);
  return ok;
}

int bench_structs(int dev, size_t n, const bench_timing *t)
{
  int mismatches = 0;
  printf("\n# struct reductions (user-declared; builtin = clang's declare reduction, same "
         "declaration)\n");
  printf("%-13s %4s %10s | %9s %8s %6s | %9s %9s | %9s %8s | %9s %9s | %7s %7s %s\n", "case",
         "accB", "n", "redu ms", "GB/s", "%ceil", "shfl ms", "tree ms", "builtin", "GB/s",
         "ceil ms", "redu/bnd", "x bltin", "x cub", "check");
  for (int c = 0; c < S_COUNT; ++c) {
    run r = {.c = (struct_case)c, .dev = dev, .n = n};
    /* Host memory is smaller than a GPU's: at most 1 GiB per case there. */
    while (t->on_host && r.n * in_sizes[c] > ((size_t)1 << 30))
      r.n /= 2;
    void *x = NULL;
    while (r.n >= 1024 && !(x = omp_target_alloc(r.n * in_sizes[c], dev)))
      r.n /= 2;
    if (!x)
      continue;
    r.x = x;
    fill(dev, x, r.n, r.c);
    size_t bytes = r.n * in_sizes[c];
    redu_plan_query(dev, bytes / 8, 8, &r.read_teams, &r.read_threads);
    double read_ms = bench_median(run_read, &r) * 1e3;
    double launch_ms = bench_launch_ms(t);
    double ceil_ms = read_ms > launch_ms ? read_ms - launch_ms : read_ms;
    double bound_ms = ceil_ms + launch_ms;
    double ms[3];
    static const unsigned modes[3] = {0, REDU_TEAM_SHUFFLE, REDU_TEAM_TREE};
    for (int m = 0; m < 3; ++m) {
      r.opts = (redu_options){.flags = modes[m]};
      ms[m] = bench_median(run_redu, &r) * 1e3;
      if (r.status != REDU_OK) {
        fprintf(stderr, "redu-bench: %s: %s\n", case_names[c], redu_last_error());
        return mismatches + 1;
      }
    }
    r.opts = (redu_options){0};
    run_redu(&r);
    int ok = correct(&r, in_sizes[c]); /* -1: unchecked */
    mismatches += ok == 0;
    double builtin_ms = bench_median(run_builtin, &r) * 1e3;
    double gbps = bytes / ms[0] * 1e-6, ceil_gbps = bytes / ceil_ms * 1e-6;
    /* x cub: CUB's time / ours (above 1: libredu faster); "-" where CUB has no figure. */
    double cub_ms = c == S_COMPLEX && cub_complex_n == r.n ? cub_complex_ms : NAN;
    printf("%-13s %4zu %10zu | %9.4f %8.1f %5.1f%% | %9.4f %9.4f | %9.4f %8s | %9.4f %9s | "
           "%7s %7s %s\n",
           case_names[c], acc_sizes[c], r.n, ms[0], gbps, 100.0 * gbps / ceil_gbps, ms[1], ms[2],
           builtin_ms, bench_cell("%.1f", bench_div(bytes * 1e-6, builtin_ms)), ceil_ms,
           bench_cell("%.3f", bench_div(ms[0], bound_ms)),
           bench_cell("%.2f", bench_div(builtin_ms, ms[0])),
           bench_cell("%.2f", bench_div(cub_ms, ms[0])),
           ok < 0 ? "-"
           : ok   ? "ok"
                  : "MISMATCH");
    fflush(stdout);
    static const char *const impls[5] = {"libredu", "libredu_shuffle", "libredu_tree", "builtin",
                                         "cub"};
    char type[16];
    snprintf(type, sizeof type, "struct%zuB", acc_sizes[c]);
    for (int m = 0; m < 5; ++m) {
      bench_row row = bench_row_blank(case_names[c], type, impls[m], r.n, (double)bytes);
      row.ms = bench_measured(m < 3 ? ms[m] : m == 3 ? builtin_ms : cub_ms);
      row.ceil_ms = ceil_ms;
      row.builtin_ms = builtin_ms;
      row.cub_ms = cub_ms;
      row.bound_ms = bound_ms;
      row.ok = m < 3 ? ok : -1;
      if (!isnan(row.ms))
        bench_csv_row(t, &row);
    }
    omp_target_free(x, dev);
  }
  return mismatches;
}

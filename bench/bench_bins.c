#include "bench_bins.h"

#include "bench_baselines.h"
#include "bench_check.h"
#include "redu_region.h"
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct peer_ref {
  char impl[8], op[16], type[8];
  size_t n;
  double ms;
} peer_ref;
enum { MAX_REFS = 96 };
static peer_ref refs[MAX_REFS];
static int nrefs;

void bench_bins_note(const char *impl, const char *op, const char *type, size_t n, double ms)
{
  if ((strcmp(impl, "cubhist") && strcmp(impl, "atomg") && strcmp(impl, "atoms")) ||
      nrefs == MAX_REFS || strlen(op) >= sizeof refs[0].op || strlen(type) >= sizeof refs[0].type)
    return;
  peer_ref *r = &refs[nrefs++];
  strcpy(r->impl, impl), strcpy(r->op, op), strcpy(r->type, type);
  r->n = n, r->ms = ms;
}

static double peer(const char *impl, const char *op, const char *type, size_t n)
{
  for (int i = 0; i < nrefs; ++i)
    if (!strcmp(refs[i].impl, impl) && !strcmp(refs[i].op, op) && !strcmp(refs[i].type, type) &&
        refs[i].n == n)
      return refs[i].ms;
  return NAN;
}

/* A declared reduction: doubles summed in index order per bin (the sorted path,
 * redu_bins_reduce_<name>), beside the built-in exact float sums of the same data. */
static inline double ordered_add(double a, double b) { return a + b; }
REDU_DECLARE_REDUCTION(ordered_sum, double, ordered_add, REDU_ORDERED, 0.0)

/* One case: counts (u32, x NULL) or a float sum, its bins, whether every key is equal,
 * whether it is the declared (ordered) sum, and whether its keys are size_t (redu_bins_wide;
 * the same key values). */
typedef struct bins_case {
  bench_type bt;
  const char *name, *type;
  size_t size; /* bytes of an element of x; 0: counts */
  size_t nbins;
  int same;
  int declared;
  int wide;
} bins_case;
static const bins_case cases[] = {
    {BENCH_I32, "count", "u32", 0, 256, 0, 0, 0},    {BENCH_I32, "count", "u32", 0, 1024, 0, 0, 0},
    {BENCH_I32, "count", "u32", 0, 65536, 0, 0, 0},  {BENCH_F32, "sum", "f32", 4, 256, 0, 0, 0},
    {BENCH_F32, "sum", "f32", 4, 65536, 0, 0, 0},    {BENCH_F64, "sum", "f64", 8, 256, 0, 0, 0},
    {BENCH_F64, "sum", "f64", 8, 1024, 0, 0, 0},     {BENCH_F64, "sum", "f64", 8, 65536, 0, 0, 0},
    {BENCH_F64, "sum", "f64", 8, 1u << 24, 0, 0, 0}, {BENCH_F64, "sum", "f64", 8, 256, 1, 0, 0},
    {BENCH_F64, "udr", "f64", 8, 1024, 0, 1, 0},     {BENCH_F64, "udr", "f64", 8, 65536, 0, 1, 0},
    {BENCH_I32, "count", "u32", 0, 256, 0, 0, 1},    {BENCH_F64, "sum", "f64", 8, 1024, 0, 0, 1},
};
/* The most bins of a case: out's size. */
enum { MAX_BINS = 1 << 24 };
static const int log2s[] = {20, 24, 27};

typedef struct bins_run {
  int dev;
  const bins_case *c;
  const void *keys; /* uint32_t, or size_t where c->wide */
  const void *x;    /* NULL: counts */
  size_t n;
  void *out, *host_out;
  int teams, threads;
  int status;
} bins_run;

static size_t bench_bins_key_bytes(const bins_case *c)
{
  return c->wide ? sizeof(size_t) : sizeof(uint32_t);
}

static void run_libredu(void *arg)
{
  bins_run *r = arg;
  if (r->c->wide) {
    r->status = redu_bins_wide(r->dev, REDU_SUM, r->c->size ? REDU_DOUBLE : REDU_UINT32, r->keys,
                               r->x, r->n, r->c->nbins, r->out, NULL, NULL);
    return;
  }
  r->status = r->c->declared ? redu_bins_reduce_ordered_sum(r->dev, r->keys, r->x, r->n,
                                                            r->c->nbins, r->out, NULL)
              : r->c->bt == BENCH_F64
                  ? redu_bins_sum_f64(r->dev, r->keys, r->x, r->n, r->c->nbins, r->out, NULL)
              : r->c->bt == BENCH_F32
                  ? redu_bins_sum_f32(r->dev, r->keys, r->x, r->n, r->c->nbins, r->out, NULL)
                  : redu_bins_sum_u32(r->dev, r->keys, NULL, r->n, r->c->nbins, r->out, NULL);
}

static void run_clause(void *arg)
{
  bins_run *r = arg;
  bench_bins_clause(r->dev, r->c->bt, r->keys, r->x, r->n, r->host_out);
}

static void run_read(void *arg)
{
  bins_run *r = arg;
  /* keys and x lie in one allocation, x right after the keys */
  bench_read_kernel(r->dev, r->keys, r->n * (bench_bins_key_bytes(r->c) + r->c->size), r->teams,
                    r->threads);
}

/* Keys on the device: i's hash modulo nbins (the formula of redu-bench-cub), or all 0; as
 * uint32_t, or as size_t into wide (when not NULL) too. */
static void fill_keys(int dev, uint32_t *keys, size_t *wide, size_t n, size_t nbins, int same)
{
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(keys, wide)
  for (size_t i = 0; i < n; ++i) {
    uint64_t h = i * 0x9e3779b97f4a7c15ull;
    h ^= h >> 29;
    keys[i] = same ? 0 : (uint32_t)(h % nbins);
    if (wide)
      wide[i] = keys[i];
  }
}

/* The device's bins against the host: counts exactly, sums correctly rounded (a compensated
 * long double sum per bin), the declared sums within their rounding bound. */
static int check(const bins_run *r, const uint32_t *hk, const void *hx, const void *got)
{
  size_t nb = r->c->nbins;
  if (r->c->declared) { /* any association in index order: within count * eps * sum |x| */
    long double *sum = calloc(nb, sizeof *sum), *mag = calloc(nb, sizeof *mag);
    size_t *cnt = calloc(nb, sizeof *cnt);
    for (size_t i = 0; i < r->n; ++i) {
      double v = ((const double *)hx)[i];
      sum[hk[i]] += v, mag[hk[i]] += fabs(v), ++cnt[hk[i]];
    }
    int ok = 1;
    for (size_t k = 0; k < nb; ++k)
      ok &= fabsl(((const double *)got)[k] - sum[k]) <= (long double)cnt[k] * 0x1p-52L * mag[k];
    free(sum), free(mag), free(cnt);
    return ok;
  }
  if (!r->c->size) {
    uint32_t *cnt = calloc(nb, sizeof *cnt);
    for (size_t i = 0; i < r->n; ++i)
      ++cnt[hk[i]];
    int ok = !memcmp(cnt, got, nb * sizeof *cnt);
    free(cnt);
    return ok;
  }
  long double *s = calloc(nb, sizeof *s), *c = calloc(nb, sizeof *c);
  for (size_t i = 0; i < r->n; ++i) {
    long double v = r->c->bt == BENCH_F64 ? ((const double *)hx)[i] : ((const float *)hx)[i];
    long double t = s[hk[i]] + v;
    c[hk[i]] += fabsl(s[hk[i]]) >= fabsl(v) ? (s[hk[i]] - t) + v : (v - t) + s[hk[i]];
    s[hk[i]] = t;
  }
  int ok = 1;
  for (size_t k = 0; k < nb; ++k) {
    double g = r->c->bt == BENCH_F64 ? ((const double *)got)[k] : ((const float *)got)[k];
    ok &= bench_correctly_rounded(r->c->bt, g, s[k] + c[k]);
  }
  free(s), free(c);
  return ok;
}

/* A bins reduction in a region beside a scalar one: REDU_FOR over keys and x with a total
 * and 1,024 bins (accumulating: each run adds into out), against the bins call alone. */
enum { REGION_BINS = 1024 };
static void run_region(void *arg)
{
  bins_run *r = arg;
  const uint32_t *keys = r->keys;
  const double *x = r->x;
  double *out = r->out, total = 0;
  redu_status st;
  REDU_FOR(st, r->dev, i, r->n, (keys, x), (sum_f64, total), (bins, sum_f64, out, REGION_BINS))
  {
    total += x[i];
    REDU_BIN(out, keys[i]) += x[i];
  }
  r->status = st;
}

/* The region's table: its time, the call's, their ratio and the region's bins checked (out
 * zeroed first, then one run). */
static int bench_bins_region(int dev, char *buf, size_t max_n, uint32_t *hk, double *hx, void *out,
                             void *got, const bench_timing *t)
{
  static const bins_case c = {BENCH_F64, "sum", "f64", 8, REGION_BINS, 0, 0, 0};
  printf("\n# bins in a region: REDU_FOR with (sum_f64, total) and (bins, sum_f64, out, 1024) "
         "over keys and x, beside redu_bins_sum_f64 alone on the same keys and x\n");
  printf("%-10s %7s %10s | %9s %9s %7s | %s\n", "case", "bins", "n", "region ms", "call ms",
         "x call", "check");
  int wrong = 0;
  for (size_t l = 0; l < sizeof log2s / sizeof *log2s; ++l) {
    size_t n = (size_t)1 << log2s[l];
    if (n > max_n)
      continue;
    uint32_t *keys = (uint32_t *)buf;
    double *x = (double *)(buf + n * 4);
    fill_keys(dev, keys, NULL, n, REGION_BINS, 0);
    bench_fill(dev, x, n, BENCH_F64);
    omp_target_memcpy(hk, keys, n * 4, 0, 0, omp_get_initial_device(), dev);
    omp_target_memcpy(hx, x, n * 8, 0, 0, omp_get_initial_device(), dev);
    bins_run r = {.dev = dev, .c = &c, .keys = keys, .x = x, .n = n, .out = out};
    double call = bench_median(run_libredu, &r) * 1e3;
    double ms = bench_median(run_region, &r) * 1e3;
    static const double zeros[REGION_BINS];
    omp_target_memcpy(out, zeros, sizeof zeros, 0, 0, dev, omp_get_initial_device());
    run_region(&r);
    if (r.status != REDU_OK) {
      fprintf(stderr, "redu-bench: bins region: %s\n", redu_last_error());
      return -1;
    }
    omp_target_memcpy(got, out, sizeof zeros, 0, 0, omp_get_initial_device(), dev);
    int ok = check(&r, hk, hx, got);
    wrong += !ok;
    printf("%-10s %7d %10zu | %9.4f %9.4f %7s | %s\n", "region_f64", REGION_BINS, n, ms, call,
           bench_cell("%.2f", bench_div(ms, call)), ok ? "ok" : "MISMATCH");
    fflush(stdout);
    const char *const impls[] = {"libredu_region", "libredu"};
    const double times[] = {ms, call};
    for (int k = 0; k < 2; ++k) {
      bench_row row = bench_row_blank("bins_region_b1024", "f64", impls[k], n, (double)n * 12);
      row.ms = times[k];
      row.ok = k == 0 ? ok : -1;
      bench_csv_row(t, &row);
    }
  }
  return wrong;
}

int bench_bins(int dev, size_t max_n, const bench_timing *t)
{
  size_t top = 0;
  for (size_t l = 0; l < sizeof log2s / sizeof *log2s; ++l)
    if (((size_t)1 << log2s[l]) <= max_n)
      top = (size_t)1 << log2s[l];
  if (!top)
    top = max_n;
  /* keys (4 or 8 bytes) then x (up to 8 bytes an element) in one allocation, for the read
   * ceiling; 32-bit keys after them where the call's are size_t (the host's copy for the
   * check) */
  char *buf = omp_target_alloc(top * 20, dev);
  void *out = omp_target_alloc((size_t)MAX_BINS * 8, dev), *got = malloc((size_t)MAX_BINS * 8),
       *host_out = malloc((size_t)MAX_BINS * 8);
  uint32_t *hk = malloc(top * sizeof *hk);
  void *hx = malloc(top * 8);
  if (!buf || !out || !got || !host_out || !hk || !hx) {
    fprintf(stderr, "redu-bench: bins: no memory for n=%zu\n", top);
    return -1;
  }
  int wrong = 0;
  const char *peer_name = t->on_host ? "-" : "cub/atm";
  printf("\n# bins: out[k] = the count or the sum of x[i] over keys[i] == k (256 / 1,024 / 65,536 "
         "/ 2^24 bins; 'same': every key 0; udr: a declared ordered sum, keys sorted; zk: size_t "
         "keys, redu_bins_wide)\n");
  printf("# peers: clause = reduction(+ : out[0:256]); %s; atm-sh = atomicAdd privatised in "
         "shared memory\n",
         t->on_host
             ? "no CUB on CPUs"
             : "cub/atm = CUB's HistogramEven (counts) or atomicAdd on global memory (sums)");
  printf("%-10s %7s %10s | %9s %8s %6s | %9s %7s | %9s %7s | %9s %7s | %s\n", "case", "bins", "n",
         "redu ms", "GB/s", "%ceil", "clause", "x cl", peer_name, "x peer", "atm-sh", "x sh",
         "check");
  for (size_t ci = 0; ci < sizeof cases / sizeof *cases; ++ci) {
    const bins_case *c = &cases[ci];
    for (size_t l = 0; l <= sizeof log2s / sizeof *log2s; ++l) {
      size_t n = l < sizeof log2s / sizeof *log2s ? (size_t)1 << log2s[l] : 0;
      if (l == sizeof log2s / sizeof *log2s)
        n = top < ((size_t)1 << log2s[0]) ? top : 0; /* --max-log2 below 20: one small size */
      if (!n || n > max_n)
        continue;
      size_t kb = bench_bins_key_bytes(c);
      void *keys = buf, *x = buf + n * kb;
      uint32_t *narrow = c->wide ? (uint32_t *)(buf + n * (kb + 8)) : (uint32_t *)buf;
      fill_keys(dev, narrow, c->wide ? (size_t *)buf : NULL, n, c->nbins, c->same);
      if (c->size)
        bench_fill(dev, x, n, c->bt);
      omp_target_memcpy(hk, narrow, n * 4, 0, 0, omp_get_initial_device(), dev);
      if (c->size)
        omp_target_memcpy(hx, x, n * c->size, 0, 0, omp_get_initial_device(), dev);
      bins_run r = {.dev = dev,
                    .c = c,
                    .keys = keys,
                    .x = c->size ? x : NULL,
                    .n = n,
                    .out = out,
                    .host_out = host_out};
      redu_plan_query(dev, n, 4, &r.teams, &r.threads);
      fprintf(stderr, "redu-bench: bins %s %s nbins=%zu%s n=%zu\n", c->name, c->type, c->nbins,
              c->same ? " same" : "", n);
      double ms = bench_median(run_libredu, &r) * 1e3;
      if (r.status != REDU_OK) {
        fprintf(stderr, "redu-bench: bins: %s\n", redu_last_error());
        return -1;
      }
      size_t ob = c->nbins * (c->size ? c->size : 4);
      omp_target_memcpy(got, out, ob, 0, 0, omp_get_initial_device(), dev);
      int ok = check(&r, hk, hx, got);
      wrong += !ok;
      double ceil = bench_median(run_read, &r) * 1e3;
      /* the peers take 32-bit keys: beside the rows of those */
      double clause =
          c->nbins == BENCH_CLAUSE_BINS && !c->wide ? bench_median(run_clause, &r) * 1e3 : NAN;
      char op[16];
      snprintf(op, sizeof op, "b%zu%s", c->nbins, c->same ? "s" : "");
      double other = c->wide ? NAN : peer(c->size ? "atomg" : "cubhist", op, c->type, n);
      double shared = c->size && !c->wide ? peer("atoms", op, c->type, n) : NAN;
      double bytes = (double)n * (double)(kb + c->size);
      printf("%-10s %7zu %10zu | %9.4f %8.1f %5.1f%% | %9s %7s | %9s %7s | %9s %7s | %s\n",
             c->declared ? "udr_f64"
             : c->same   ? "sum_f64_s"
             : c->wide   ? (c->size ? "sum_f64_zk" : "count_zk")
             : c->size   ? (c->bt == BENCH_F64 ? "sum_f64" : "sum_f32")
                         : "count_u32",
             c->nbins, n, ms, bytes / ms * 1e-6, 100.0 * ceil / ms, bench_cell("%.4f", clause),
             bench_cell("%.2f", bench_div(clause, ms)), bench_cell("%.4f", other),
             bench_cell("%.2f", bench_div(other, ms)), bench_cell("%.4f", shared),
             bench_cell("%.2f", bench_div(shared, ms)), ok ? "ok" : "MISMATCH");
      fflush(stdout);
      char csv_op[32];
      snprintf(csv_op, sizeof csv_op, "bins_%s_%s%s", c->name, op, c->wide ? "_zk" : "");
      const char *const impls[] = {"libredu", "clause",
                                   t->on_host ? "-"
                                   : c->size  ? "atomic_global"
                                              : "cub",
                                   "atomic_shared", "read_ceiling"};
      const double times[] = {ms, clause, other, shared, ceil};
      for (int k = 0; k < 5; ++k) {
        bench_row row = bench_row_blank(csv_op, c->type, impls[k], n, bytes);
        row.ms = bench_measured(times[k]);
        row.ceil_ms = ceil;
        row.builtin_ms = clause;
        row.cub_ms = other;
        row.bound_ms = ceil;
        row.ok = k == 0 ? ok : -1;
        if (!isnan(row.ms) && strcmp(impls[k], "-"))
          bench_csv_row(t, &row);
      }
    }
  }
  int region = bench_bins_region(dev, buf, max_n, hk, hx, out, got, t);
  omp_target_free(buf, dev), omp_target_free(out, dev);
  free(got), free(host_out), free(hk), free(hx);
  return region < 0 ? -1 : wrong + region;
}

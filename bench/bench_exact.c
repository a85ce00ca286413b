#include "bench_exact.h"

#include "bench_baselines.h"
#include "bench_check.h"
#include "redu.h"
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

typedef struct exact_type {
  bench_type type;
  const char *name;
  size_t size;
} exact_type;
static const exact_type types[] = {{BENCH_F64, "f64", 8}, {BENCH_F32, "f32", 4}};

typedef struct exact_op {
  const char *name;
  int dot; /* reads y as well as x */
} exact_op;
static const exact_op ops[] = {{"sum", 0}, {"dot", 1}};

/* ---- Timings from redu-bench-cub -------------------------------------------------------- */

typedef struct ext_ref {
  char impl[8], op[8], type[4];
  size_t n;
  double ms;
} ext_ref;
enum { MAX_REFS = 128 };
static ext_ref refs[MAX_REFS];
static int nrefs;

void bench_exact_note(const char *impl, const char *op, const char *type, size_t n, double ms)
{
  /* Only lines this section shows; the rest (min, max, integer types) belong to others. */
  if (nrefs == MAX_REFS || strlen(impl) >= sizeof refs[0].impl || strlen(op) >= sizeof refs[0].op ||
      (strcmp(type, "f64") && strcmp(type, "f32")))
    return;
  ext_ref *r = &refs[nrefs++];
  strcpy(r->impl, impl);
  strcpy(r->op, op);
  strcpy(r->type, type);
  r->n = n;
  r->ms = ms;
}

/* Milliseconds redu-bench-cub gave for this case, or NAN when it gave none. */
static double ext_ms(const char *impl, const char *op, const char *type, size_t n)
{
  for (int i = 0; i < nrefs; ++i)
    if (!strcmp(refs[i].impl, impl) && !strcmp(refs[i].op, op) && !strcmp(refs[i].type, type) &&
        refs[i].n == n)
      return refs[i].ms;
  return NAN;
}

/* ---- The runs ------------------------------------------------------------------------------ */

typedef struct exact_run {
  int dev;
  bench_type type;
  int dot;
  const void *x, *y;
  size_t n;
  unsigned flags;     /* libredu: 0 or REDU_EXACT */
  int teams, threads; /* the KBN kernel and the read ceiling */
  void *part;         /* the KBN kernel's per-team partials, device memory */
  double out;
  int status;
} exact_run;

static void run_libredu(void *arg)
{
  exact_run *r = arg;
  redu_options o = {.flags = r->flags};
  union {
    double f64;
    float f32;
  } v;
  if (!r->dot)
    r->status = redu_reduce(r->dev, REDU_SUM, r->type == BENCH_F64 ? REDU_DOUBLE : REDU_FLOAT, r->x,
                            r->n, &v, NULL, &o);
  else if (r->type == BENCH_F64)
    r->status = redu_dot_f64(r->dev, r->x, r->y, r->n, &v.f64, &o);
  else
    r->status = redu_dot_f32(r->dev, r->x, r->y, r->n, &v.f32, &o);
  r->out = r->type == BENCH_F64 ? v.f64 : v.f32;
}

static void run_read(void *arg)
{
  exact_run *r = arg;
  size_t elem = r->type == BENCH_F64 ? 8 : 4;
  bench_read_kernel(r->dev, r->x, (r->dot ? 2 : 1) * r->n * elem, r->teams, r->threads);
}

/* Naive compensated reference: every thread keeps a Kahan-Babuska-Neumaier pair (sum,
 * compensation) in the element type over its share of the team's block, the team merges
 * the pairs pairwise in team memory, and the host merges the teams' pairs. A reduction
 * clause cannot do this: it would add the sums and the compensations separately and lose
 * the error terms the merge of two sums produces. */
enum { KBN_MAX_THREADS = 1024 };

#define EXACT_PRAGMA(...) _Pragma(#__VA_ARGS__)

#pragma omp declare target
#define KBN_ADD(sfx, T, ABS)                                                                       \
  static inline void kbn_add_##sfx(T *s, T *c, T v)                                                \
  {                                                                                                \
    T t = *s + v;                                                                                  \
    *c += ABS(*s) >= ABS(v) ? (*s - t) + v : (v - t) + *s;                                         \
    *s = t;                                                                                        \
  }
KBN_ADD(f64, double, __builtin_fabs)
KBN_ADD(f32, float, __builtin_fabsf)
#pragma omp end declare target

#define KBN_RUN(sfx, T)                                                                            \
  static double kbn_##sfx(const exact_run *r)                                                      \
  {                                                                                                \
    const T *x = r->x, *y = r->y;                                                                  \
    T *part = r->part;                                                                             \
    size_t n = r->n;                                                                               \
    int teams = r->teams, threads = r->threads;                                                    \
    EXACT_PRAGMA(omp target teams device(r->dev) num_teams(teams) thread_limit(threads)            \
                     is_device_ptr(x, y, part))                                                    \
    {                                                                                              \
      T ps[KBN_MAX_THREADS], pc[KBN_MAX_THREADS];                                                  \
      /* Looping over the teams asked for keeps every partial written if fewer started. */         \
      for (int tm = omp_get_team_num(); tm < teams; tm += omp_get_num_teams()) {                   \
        size_t lo = n * (size_t)tm / (size_t)teams, hi = n * (size_t)(tm + 1) / (size_t)teams;     \
        _Pragma("omp parallel num_threads(threads)")                                               \
        {                                                                                          \
          int tid = omp_get_thread_num(), nth = omp_get_num_threads();                             \
          T s = 0, c = 0;                                                                          \
          for (size_t i = lo + (size_t)tid; i < hi; i += (size_t)nth)                              \
            kbn_add_##sfx(&s, &c, y ? x[i] * y[i] : x[i]);                                         \
          ps[tid] = s;                                                                             \
          pc[tid] = c;                                                                             \
          for (int w = 1; w < nth; w *= 2) {                                                       \
            _Pragma("omp barrier")                                                                 \
            if (tid % (2 * w) == 0 && tid + w < nth) {                                             \
              kbn_add_##sfx(&ps[tid], &pc[tid], ps[tid + w]);                                      \
              pc[tid] += pc[tid + w];                                                              \
            }                                                                                      \
          }                                                                                        \
          if (tid == 0) {                                                                          \
            part[2 * tm] = ps[0];                                                                  \
            part[2 * tm + 1] = pc[0];                                                              \
          }                                                                                        \
        }                                                                                          \
      }                                                                                            \
    }                                                                                              \
    T host[2 * REDU_MAX_TEAMS], s = 0, c = 0;                                                      \
    omp_target_memcpy(host, part, 2 * (size_t)teams * sizeof(T), 0, 0, omp_get_initial_device(),   \
                      r->dev);                                                                     \
    for (int tm = 0; tm < teams; ++tm) {                                                           \
      kbn_add_##sfx(&s, &c, host[2 * tm]);                                                         \
      c += host[2 * tm + 1];                                                                       \
    }                                                                                              \
    return (double)(s + c);                                                                        \
  }
KBN_RUN(f64, double)
KBN_RUN(f32, float)

static void run_kbn(void *arg)
{
  exact_run *r = arg;
  r->out = r->type == BENCH_F64 ? kbn_f64(r) : kbn_f32(r);
}

/* ---- The section --------------------------------------------------------------------------- */

int bench_exact(int dev, size_t max_n, const bench_timing *t)
{
  static const int log2s[] = {20, 24, 27};
  size_t sizes[3];
  int nsizes = 0;
  for (int k = 0; k < 3; ++k)
    if (((size_t)1 << log2s[k]) <= max_n)
      sizes[nsizes++] = (size_t)1 << log2s[k];
  if (!nsizes)
    sizes[nsizes++] = max_n;
  /* y is the data after x (same fill, indices max_n on), so that a dot product streams two
   * distinct arrays as it would in use; the read ceiling reads the same bytes from x on. */
  void *xy = omp_target_alloc(2 * max_n * 8, dev);
  void *part = omp_target_alloc(2 * REDU_MAX_TEAMS * sizeof(double), dev);
  void *host = malloc(2 * max_n * 8);
  if (!xy || !part || !host) {
    fprintf(stderr, "redu-bench: exact: cannot allocate %zu bytes\n", 2 * max_n * 8);
    omp_target_free(xy, dev);
    omp_target_free(part, dev);
    free(host);
    return 1;
  }
  printf("\n# correctly rounded (REDU_EXACT) against the default calls on the same data; kbn = "
         "naive compensated kernel\n");
  printf("%-4s %-4s %10s | %9s %8s %6s | %9s %8s %6s | %7s | %9s | %9s %8s | %9s %9s %9s | %8s "
         "%8s %s\n",
         "op", "type", "n", "fast ms", "GB/s", "%ceil", "exact ms", "GB/s", "%ceil", "ex/fast",
         "kbn ms", "ceil ms", "GB/s", "cub ms", "g2g ms", "cu-kbn ms", "fast ulp", "kbn ulp",
         "check");
  int bad = 0;
  double launch_ms = bench_launch_ms(t);
  for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ++ti) {
    const exact_type *ty = &types[ti];
    bench_fill(dev, xy, 2 * max_n, ty->type);
    omp_target_memcpy(host, xy, 2 * max_n * ty->size, 0, 0, omp_get_initial_device(), dev);
    for (size_t oi = 0; oi < sizeof ops / sizeof ops[0]; ++oi) {
      const exact_op *op = &ops[oi];
      const void *hy = op->dot ? (const char *)host + max_n * ty->size : NULL;
      bench_ref refs_n[3];
      bench_reference(ty->type, host, hy, sizes, nsizes, refs_n);
      for (int s = 0; s < nsizes; ++s) {
        size_t n = sizes[s], bytes = (op->dot ? 2 : 1) * n * ty->size;
        fprintf(stderr, "redu-bench: exact %s %s n=%zu\n", op->name, ty->name, n);
        exact_run r = {.dev = dev,
                       .type = ty->type,
                       .dot = op->dot,
                       .x = xy,
                       .y = op->dot ? (const char *)xy + max_n * ty->size : NULL,
                       .n = n,
                       .part = part};
        redu_plan_query(dev, bytes / 8, 8, &r.teams, &r.threads);
        double read_ms = bench_median(run_read, &r) * 1e3;
        double ceil_ms = read_ms > launch_ms ? read_ms - launch_ms : read_ms;
        double bound_ms = ceil_ms + launch_ms;

        double fast_ms = bench_median(run_libredu, &r) * 1e3, fast = r.out;
        int status = r.status;
        r.flags = REDU_EXACT;
        double exact_ms = bench_median(run_libredu, &r) * 1e3, exact = r.out;
        if (status != REDU_OK || r.status != REDU_OK) {
          fprintf(stderr, "redu-bench: exact %s %s: %s\n", op->name, ty->name, redu_last_error());
          ++bad;
          continue;
        }
        redu_plan_query(dev, n, ty->size, &r.teams, &r.threads);
        if (r.threads > KBN_MAX_THREADS)
          r.threads = KBN_MAX_THREADS;
        double kbn_ms = bench_median(run_kbn, &r) * 1e3, kbn = r.out;

        /* libredu only: exact is the reference rounded once, fast within its bound; kbn is
         * a peer, its error only printed. */
        const bench_ref *ref = &refs_n[s];
        int ok = bench_correctly_rounded(ty->type, exact, ref->sum) &&
                 bench_within_bound(ty->type, fast, ref, n, op->dot);
        bad += !ok;
        double cub_ms = ext_ms("cub", op->name, ty->name, n);
        double g2g_ms = op->dot ? NAN : ext_ms("cub", "sum_g2g", ty->name, n);
        double cukbn_ms = ext_ms("kbn", op->name, ty->name, n);
        printf("%-4s %-4s %10zu | %9.4f %8.1f %5.1f%% | %9.4f %8.1f %5.1f%% | %7s | %9.4f | "
               "%9.4f %8.1f | %9s %9s %9s | %8.2f %8.2f %s\n",
               op->name, ty->name, n, fast_ms, bytes / fast_ms * 1e-6, 100.0 * ceil_ms / fast_ms,
               exact_ms, bytes / exact_ms * 1e-6, 100.0 * ceil_ms / exact_ms,
               bench_cell("%.2f", bench_div(exact_ms, fast_ms)), kbn_ms, ceil_ms,
               bytes / ceil_ms * 1e-6, bench_cell("%.4f", cub_ms), bench_cell("%.4f", g2g_ms),
               bench_cell("%.4f", cukbn_ms), bench_ulps(ty->type, fast, ref->sum),
               bench_ulps(ty->type, kbn, ref->sum), ok ? "ok" : "WRONG");
        fflush(stdout);
        static const char *const impls[] = {"libredu_fast", "libredu_exact", "kbn",
                                            "read_ceiling", "cub",           "cub_gpu_to_gpu",
                                            "kbn_cuda"};
        const double ms[] = {fast_ms, exact_ms, kbn_ms, ceil_ms, cub_ms, g2g_ms, cukbn_ms};
        const double ulps[] = {bench_ulps(ty->type, fast, ref->sum),
                               bench_ulps(ty->type, exact, ref->sum),
                               bench_ulps(ty->type, kbn, ref->sum)};
        /* No builtin column: this section has no clause form to compare with. */
        for (size_t k = 0; k < sizeof ms / sizeof ms[0]; ++k) {
          bench_row row = bench_row_blank(op->name, ty->name, impls[k], n, (double)bytes);
          row.ms = bench_measured(ms[k]);
          row.ceil_ms = ceil_ms;
          row.cub_ms = cub_ms;
          row.bound_ms = bound_ms;
          row.ok = k < 2 ? ok : -1;
          row.ulps = k < 3 ? ulps[k] : NAN;
          if (!isnan(row.ms))
            bench_csv_row(t, &row);
        }
      }
    }
  }
  printf("# ex/fast: exact time / default time; fast ulp, kbn ulp: error in units of the last "
         "place of the exact sum (host reference);\n# check: exact is the host reference rounded "
         "once, default within (n+dot)*2^-53*sum|terms| + one rounding (docs/semantics.md)\n");
  omp_target_free(xy, dev);
  omp_target_free(part, dev);
  free(host);
  return bad;
}

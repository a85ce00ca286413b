/* Scanning regions (REDU_FOR_SCAN) against serial references: every prefix of inclusive and
 * exclusive variables side by side (built-in, declared ordered, exact), every n from 0, a
 * stream compaction, three kinds on every type, and bad input (status, variables and
 * outputs untouched, the bodies never run). */
#include "redu_region.h"
#include "redu_test.h"
#include "redu_test_region.h"
#include <math.h>

static void *device_alloc(size_t bytes, int dev)
{
  void *p = omp_target_alloc(bytes ? bytes : 1, dev);
  if (!p) {
    fprintf(stderr, "test_region_scan: omp_target_alloc(%zu) failed\n", bytes);
    exit(2);
  }
  return p;
}
static void to_host(void *h, const void *d, size_t bytes, int dev)
{
  if (bytes && omp_target_memcpy(h, d, bytes, 0, 0, omp_get_initial_device(), dev) != 0) {
    fprintf(stderr, "test_region_scan: omp_target_memcpy failed\n");
    exit(2);
  }
}

/* Four variables, two inclusive and two exclusive, each prefix written by the scan body. */
static void test_sizes(int dev)
{
  size_t nmax = sizes[NSIZES - 1];
  double *h = malloc(nmax * sizeof *h), *hs = malloc(nmax * sizeof *hs),
         *hm = malloc(nmax * sizeof *hm);
  int64_t *hp = malloc(nmax * sizeof *hp);
  affine *hc = malloc(nmax * sizeof *hc);
  for (size_t i = 0; i < nmax; ++i)
    h[i] = value(i);
  double *x = redu_test_to_device(h, nmax * sizeof *h, dev);
  double *ys = device_alloc(nmax * sizeof *ys, dev), *ym = device_alloc(nmax * sizeof *ym, dev);
  int64_t *yp = device_alloc(nmax * sizeof *yp, dev);
  affine *yc = device_alloc(nmax * sizeof *yc, dev);
  for (int s = 0; s < NSIZES; ++s) {
    size_t n = sizes[s];
    /* Values are integers: every order sums them exactly. Start values are combined in. */
    double sum = 0.5, mx = -INFINITY;
    int64_t pos = 10;
    affine chain = {3, 1};
    redu_status st;
    REDU_FOR_SCAN(st, dev, i, n, (x, ys, ym, yp, yc), (inclusive, sum_f64, sum),
                  (exclusive, max_f64, mx), (exclusive, sum_i64, pos),
                  (inclusive, affine_chain, chain))
    {
      sum += x[i];
      mx = redu_region_max_f64(mx, x[i]);
      pos += x[i] > 0;
      chain = affine_then(chain, map_at(i));
    }
    REDU_SCAN_PHASE
    {
      ys[i] = sum;
      ym[i] = mx;
      yp[i] = pos;
      yc[i] = chain;
    }
    CHECK(st == REDU_OK, "n=%zu: %s", n, redu_last_error());
    to_host(hs, ys, n * sizeof *hs, dev);
    to_host(hm, ym, n * sizeof *hm, dev);
    to_host(hp, yp, n * sizeof *hp, dev);
    to_host(hc, yc, n * sizeof *hc, dev);
    double rsum = 0.5, rmx = -INFINITY;
    int64_t rpos = 10;
    affine rchain = {3, 1};
    size_t bad = 0, first = n;
    for (size_t i = 0; i < n; ++i) {
      /* exclusive: the prefix before i */
      int wrong = hm[i] != rmx || hp[i] != rpos;
      rsum += h[i];
      rmx = fmax(rmx, h[i]);
      rpos += h[i] > 0;
      rchain = affine_then(rchain, map_at(i));
      /* inclusive: through i */
      wrong |= hs[i] != rsum || hc[i].a != rchain.a || hc[i].b != rchain.b;
      first = wrong && first == n ? i : first;
      bad += (size_t)wrong;
    }
    CHECK(bad == 0, "n=%zu: %zu wrong prefixes, the first at %zu", n, bad, first);
    CHECK(sum == rsum && mx == rmx && pos == rpos && chain.a == rchain.a && chain.b == rchain.b,
          "n=%zu: last prefixes: sum %.1f (want %.1f) max %.1f (%.1f) count %lld (%lld)", n, sum,
          rsum, mx, rmx, (long long)pos, (long long)rpos);
  }
  omp_target_free(x, dev);
  omp_target_free(ys, dev);
  omp_target_free(ym, dev);
  omp_target_free(yp, dev);
  omp_target_free(yc, dev);
  free(h), free(hs), free(hm), free(hp), free(hc);
}

/* Stream compaction: the exclusive count of kept elements is each one's place. */
static void test_compaction(int dev)
{
  enum { N = 100003 };
  double *h = malloc(N * sizeof *h), *got = malloc(N * sizeof *got);
  for (size_t i = 0; i < N; ++i)
    h[i] = value(i);
  double *x = redu_test_to_device(h, N * sizeof *h, dev), *out = device_alloc(N * sizeof *out, dev);
  int64_t at = 0;
  redu_status st;
  REDU_FOR_SCAN(st, dev, i, N, (x, out), (exclusive, sum_i64, at)) { at += x[i] > 0; }
  REDU_SCAN_PHASE
  {
    if (x[i] > 0)
      out[at] = x[i];
  }
  CHECK(st == REDU_OK, "compaction: %s", redu_last_error());
  to_host(got, out, (size_t)at * sizeof *got, dev);
  size_t kept = 0, bad = 0;
  for (size_t i = 0; i < N; ++i)
    if (h[i] > 0)
      bad += kept < (size_t)at && got[kept++] != h[i];
  CHECK(at == (int64_t)kept && bad == 0, "compaction: %lld kept (want %zu), %zu misplaced",
        (long long)at, kept, bad);
  omp_target_free(x, dev);
  omp_target_free(out, dev);
  free(h), free(got);
}

/* Exact kinds: every prefix correctly rounded, the bits of the exact typed scan (which
 * tests/test_scan_exact.c checks against MPFR) from the same start value; terms that
 * cancel, so that a plain double scan would lose them. */
static void test_exact(int dev)
{
  enum { N = 4099 };
  double *h = malloc(N * sizeof *h), *want = malloc(N * sizeof *want),
         *got = malloc(N * sizeof *got);
  float *hf = malloc(N * sizeof *hf), *wantf = malloc(N * sizeof *wantf),
        *gotf = malloc(N * sizeof *gotf);
  uint64_t rs = 0x5ca1ab1e;
  for (size_t i = 0; i < N; ++i) {
    double big = ldexp(1.0, 60 + (int)(redu_test_rand(&rs) % 40));
    h[i] = i % 3 == 0 ? big : i % 3 == 1 ? ldexp((double)(redu_test_rand(&rs) % 1000), -30) : -big;
    hf[i] = (float)h[i];
  }
  double *x = redu_test_to_device(h, N * sizeof *h, dev), *y = device_alloc(N * sizeof *y, dev);
  float *xf = redu_test_to_device(hf, N * sizeof *hf, dev), *yf = device_alloc(N * sizeof *yf, dev);
  const double before = 0.1;
  const float beforef = 0.3f;
  CHECK_OK(redu_inclusive_scan_sum_f64(dev, x, y, N,
                                       &(redu_options){.flags = REDU_EXACT, .init = &before}));
  to_host(want, y, N * sizeof *want, dev);
  CHECK_OK(redu_exclusive_scan_sum_f32(dev, xf, yf, N,
                                       &(redu_options){.flags = REDU_EXACT, .init = &beforef}));
  to_host(wantf, yf, N * sizeof *wantf, dev);
  double e = before;
  float ef = beforef;
  redu_status st;
  REDU_FOR_SCAN(st, dev, i, N, (x, y, xf, yf), (inclusive, sum_exact_f64, e),
                (exclusive, sum_exact_f32, ef))
  {
    e += x[i];
    ef += xf[i];
  }
  REDU_SCAN_PHASE
  {
    y[i] = e;
    yf[i] = ef;
  }
  CHECK(st == REDU_OK, "exact kinds: %s", redu_last_error());
  to_host(got, y, N * sizeof *got, dev);
  to_host(gotf, yf, N * sizeof *gotf, dev);
  CHECK(memcmp(got, want, N * sizeof *got) == 0, "exact f64 inclusive prefixes differ");
  CHECK(memcmp(gotf, wantf, N * sizeof *gotf) == 0, "exact f32 exclusive prefixes differ");
  CHECK(e == want[N - 1], "exact f64 last prefix %.17g, want %.17g", e, want[N - 1]);
  /* The f32 total: the exclusive scan's last prefix plus the last term, exactly: a one-term
   * exact sum from the last prefix. */
  float wantlast;
  CHECK_OK(redu_inclusive_scan_sum_f32(dev, xf, yf, N,
                                       &(redu_options){.flags = REDU_EXACT, .init = &beforef}));
  to_host(&wantlast, yf + N - 1, sizeof wantlast, dev);
  CHECK(ef == wantlast, "exact f32 last prefix %.9g, want %.9g", (double)ef, (double)wantlast);
  omp_target_free(x, dev), omp_target_free(y, dev), omp_target_free(xf, dev);
  omp_target_free(yf, dev);
  free(h), free(want), free(got), free(hf), free(wantf), free(gotf);
}

/* Three kinds on every type (integers wrap; small integer values, so float sums are exact):
 * an inclusive sum, an exclusive min and an inclusive max, against a serial loop. */
#define TEST_TYPE(sfx, T, E, K, SA, LO, HI)                                                        \
  static void test_type_##sfx(int dev, size_t n)                                                   \
  {                                                                                                \
    T *h = malloc(n * sizeof *h), *gs = malloc(n * sizeof *gs), *gm = malloc(n * sizeof *gm),      \
      *gx = malloc(n * sizeof *gx);                                                                \
    redu_test_fill_small(h, E, n, 0x1234 + n);                                                     \
    T *x = redu_test_to_device(h, n * sizeof *h, dev), *ys = device_alloc(n * sizeof *ys, dev),    \
      *ym = device_alloc(n * sizeof *ym, dev), *yx = device_alloc(n * sizeof *yx, dev);            \
    T s = (T)3, lo = (T)100, hi = (T)0;                                                            \
    redu_status st;                                                                                \
    REDU_FOR_SCAN(st, dev, i, n, (x, ys, ym, yx), (inclusive, sum_##sfx, s),                       \
                  (exclusive, min_##sfx, lo), (inclusive, max_##sfx, hi))                          \
    {                                                                                              \
      s += x[i];                                                                                   \
      lo = redu_region_min_##sfx(lo, x[i]);                                                        \
      hi = redu_region_max_##sfx(hi, x[i]);                                                        \
    }                                                                                              \
    REDU_SCAN_PHASE                                                                                \
    {                                                                                              \
      ys[i] = s;                                                                                   \
      ym[i] = lo;                                                                                  \
      yx[i] = hi;                                                                                  \
    }                                                                                              \
    CHECK(st == REDU_OK, #sfx " n=%zu: %s", n, redu_last_error());                                 \
    to_host(gs, ys, n * sizeof *gs, dev);                                                          \
    to_host(gm, ym, n * sizeof *gm, dev);                                                          \
    to_host(gx, yx, n * sizeof *gx, dev);                                                          \
    T rs = (T)3, rlo = (T)100, rhi = (T)0;                                                         \
    size_t bad = 0;                                                                                \
    for (size_t i = 0; i < n; ++i) {                                                               \
      bad += gm[i] != rlo;                                                                         \
      rs = (T)((SA)rs + (SA)h[i]); /* integers wrap; float values are small integers */            \
      rlo = h[i] < rlo ? h[i] : rlo;                                                               \
      rhi = h[i] > rhi ? h[i] : rhi;                                                               \
      bad += gs[i] != rs || gx[i] != rhi;                                                          \
    }                                                                                              \
    CHECK(bad == 0 && s == rs && lo == rlo && hi == rhi, #sfx " n=%zu: %zu wrong prefixes", n,     \
          bad);                                                                                    \
    omp_target_free(x, dev), omp_target_free(ys, dev), omp_target_free(ym, dev);                   \
    omp_target_free(yx, dev);                                                                      \
    free(h), free(gs), free(gm), free(gx);                                                         \
  }
REDU_FOR_EACH_TYPE(TEST_TYPE)
#undef TEST_TYPE
REDU_TEST_DEFINE_TYPES

/* Bad input: a status and a message; the variables, the outputs and the bodies untouched. */
static void test_errors(int dev)
{
  enum { N = 64 };
  double h[N] = {0};
  double *x = redu_test_to_device(h, sizeof h, dev), *none = NULL;
  double s = 7;
  redu_status st;
  struct {
    const char *what;
    int dev;
    double *ptr;
    size_t n;
    redu_status want;
  } cases[] = {
      {"NULL pointer", dev, NULL, N, REDU_ERR_NULL_ARG},
      {"unknown device", 1000, x, N, REDU_ERR_INVALID_DEVICE},
      {"n past PTRDIFF_MAX", dev, x, (size_t)-1, REDU_ERR_OVERFLOW},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
    none = cases[c].ptr;
    st = REDU_OK;
    REDU_FOR_SCAN(st, cases[c].dev, i, cases[c].n, (none), (inclusive, sum_f64, s))
    {
      s += none[i];
    }
    REDU_SCAN_PHASE { none[i] = s; }
    CHECK(st == cases[c].want && s == 7 && redu_last_error()[0],
          "%s: status %d (want %d), s = %g (want 7): %s", cases[c].what, (int)st,
          (int)cases[c].want, s, redu_last_error());
  }
  /* n = 0: REDU_OK, nothing runs (x keeps its zeros), the variable keeps its value. */
  REDU_FOR_SCAN(st, dev, i, 0, (x), (exclusive, sum_f64, s)) { s += 1; }
  REDU_SCAN_PHASE { x[i] = s; }
  double back[N];
  to_host(back, x, sizeof back, dev);
  CHECK(st == REDU_OK && s == 7 && back[0] == 0, "n = 0: status %d, s = %g", (int)st, s);
  omp_target_free(x, dev);
}

int main(void)
{
  int dev = omp_get_default_device();
  test_sizes(dev);
  test_compaction(dev);
  test_exact(dev);
  test_types(dev);
  test_errors(dev);
  return redu_test_finish("test_region_scan");
}

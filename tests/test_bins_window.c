/* The team windows of a region's float-sum bins (device/redu_region_bins.h), folded by the
 * teams and threads of a real target region on the default device: each team's private
 * bins (here in device memory, where a GPU region keeps them in team memory), the window's
 * placement from the team's first terms, terms outside it to the global words, the flush at
 * the end. Every bin's words must equal a serial deposit of the same terms into the global
 * words: the window may lie anywhere, the exact value may not move. Data: narrow (the
 * bench's 2^-52 steps), wide (40 binades of full mantissas), a tiny first term before large
 * ones, extremes and subnormals, zeros, infinities and NaN, exact cancellation; floats as
 * well as doubles; one key for every term; plans from one thread to several teams; windows
 * of two and three words a half. */
#include "redu_region.h"
#include "redu_test.h"
#include <math.h>
#include <stdlib.h>

enum { NBINS = 61, WORDS = 34, BASE = -1074, STRIDE = 2 * WORDS + 1 };

/* Term i of distribution `kind` (keys are set apart). */
static double term(int kind, size_t i, uint64_t *s)
{
  uint64_t r = redu_test_rand(s);
  double u = (double)(r >> 11) * 0x1p-53;
  switch (kind) {
  case 0: /* the bench's doubles: 2^-52 steps in (-1, 1) */
    return u * 2.0 - 1.0;
  case 1: /* wide: full mantissas over 40 binades, both signs */
    return ldexp(1.0 + u, -(int)(r % 40)) * (r & 1 ? -1.0 : 1.0);
  case 2: /* a tiny first term, then terms about 2^60 larger */
    return i == 0 ? 0x1p-60 * (1.0 + u) : (1.0 + u) * (r & 1 ? -1.0 : 1.0);
  case 3: /* extremes: subnormals, the largest binades, ordinary terms */
    return r % 3 == 0   ? ldexp(u, -1040)
           : r % 3 == 1 ? ldexp(1.0 + u, 1000 - (int)(r % 23))
                        : u - 0.5;
  case 4: /* zeros of both signs, infinities and NaN among ordinary terms */
    return r % 7 == 0    ? -0.0
           : r % 7 == 1  ? 0.0
           : r % 97 == 2 ? (r & 8 ? INFINITY : -INFINITY)
           : r % 89 == 3 ? NAN
                         : u;
  case 5: /* exact cancellation: each term then its negation */
  {
    uint64_t t = i / 2 + 1;
    double v = (double)(redu_test_rand(&t) >> 11) * 0x1p-40;
    return i % 2 ? -v : v;
  }
  default: /* floats: every term a float */
    return (double)(float)(u * 2.0 - 1.0);
  }
}

/* The terms folded by `teams` teams of `threads` threads: each team's private bins of pw
 * words a half (and the tail words) in its own slice of priv; then acc, the global words. */
static void fold(int dev, int teams, int threads, const uint32_t *keys, const double *x, size_t n,
                 uint64_t *acc, uint64_t *priv, size_t team_words, int pw, int prec)
{
  size_t nb = NBINS, words = WORDS, base = (size_t)(BASE + REDU__BINS_EXP_BIAS), w = (size_t)pw;
#pragma omp target teams num_teams(teams) thread_limit(threads) device(dev)                        \
    is_device_ptr(keys, x, acc, priv) firstprivate(n, nb, words, base, w, team_words, prec)
#pragma omp parallel num_threads(threads)
  {
    redu__region_fb f =
        redu__region_fb_start((size_t)acc, words, base, w, n, nb, 0, 0, prec); /* no team memory */
    f.priv = priv + (size_t)omp_get_team_num() * team_words;
    size_t nth = (size_t)omp_get_num_threads(), all = nth * (size_t)omp_get_num_teams();
    for (size_t i = (size_t)omp_get_team_num() * nth + (size_t)omp_get_thread_num(); i < n;
         i += all)
      redu__region_fb_fold(&f, nb, keys[i], x[i]);
    redu__region_fb_flush(&f, nb);
  }
}

static void case_of(int dev, int kind, size_t n, int one_key, int teams, int threads, int pw)
{
  uint32_t *keys = malloc(n * sizeof *keys);
  double *x = malloc(n * sizeof *x);
  uint64_t *ref = calloc(NBINS * STRIDE, sizeof *ref), *got = calloc(NBINS * STRIDE, sizeof *got);
  if (!keys || !x || !ref || !got) {
    fprintf(stderr, "test_bins_window: out of host memory\n");
    exit(2);
  }
  uint64_t s = 0x9e3779b97f4a7c15ull * (uint64_t)(kind + 1) + n;
  for (size_t i = 0; i < n; ++i) {
    keys[i] = one_key ? 7 : (uint32_t)(redu_test_rand(&s) % NBINS);
    x[i] = term(kind, i, &s);
    redu__bins_deposit(ref + (size_t)keys[i] * STRIDE, WORDS, BASE, x[i], 1);
  }
  /* each team's private bins, and room past them for the window's place and sample */
  size_t team_words = NBINS * (2 * (size_t)pw + 1) + 8;
  uint64_t *zeros = calloc((size_t)teams * team_words, sizeof *zeros);
  uint32_t *dk = redu_test_to_device(keys, n * sizeof *keys, dev);
  double *dx = redu_test_to_device(x, n * sizeof *x, dev);
  uint64_t *dacc = redu_test_to_device(got, NBINS * STRIDE * sizeof *got, dev);
  uint64_t *dpriv = redu_test_to_device(zeros, (size_t)teams * team_words * sizeof *zeros, dev);
  if (!zeros || !dk || !dx || !dacc || !dpriv) {
    fprintf(stderr, "test_bins_window: no device memory\n");
    exit(2);
  }
  fold(dev, teams, threads, dk, dx, n, dacc, dpriv, team_words, pw, kind == 6 ? 24 : 53);
  omp_target_memcpy(got, dacc, NBINS * STRIDE * sizeof *got, 0, 0, omp_get_initial_device(), dev);
  size_t bad = NBINS * STRIDE;
  for (size_t k = 0; k < NBINS * STRIDE && bad == NBINS * STRIDE; ++k)
    if (got[k] != ref[k])
      bad = k;
  CHECK(bad == NBINS * STRIDE,
        "data %d, n %zu%s, %d teams x %d threads, %d words a half: bin %zu word %zu is %#llx, "
        "serial %#llx",
        kind, n, one_key ? " (one key)" : "", teams, threads, pw, bad / STRIDE, bad % STRIDE,
        bad < NBINS * STRIDE ? (unsigned long long)got[bad] : 0ull,
        bad < NBINS * STRIDE ? (unsigned long long)ref[bad] : 0ull);
  omp_target_free(dk, dev), omp_target_free(dx, dev), omp_target_free(dacc, dev),
      omp_target_free(dpriv, dev);
  free(keys), free(x), free(ref), free(got), free(zeros);
}

int main(void)
{
  int dev = omp_get_default_device();
  /* CPUs: one team of several threads, or teams of one thread (libomp cuts a league of
   * teams of several threads, with a warning) */
  static const int gpu[][2] = {{1, 1}, {1, 32}, {4, 64}, {7, 33}};
  static const int cpu[][2] = {{1, 1}, {1, 32}, {2, 1}, {1, 7}};
  const int(*plans)[2] = redu_test_is_cuda(dev) ? gpu : cpu;
  static const size_t sizes[] = {1, 31, 32, 33, 1000, 100003};
  for (int kind = 0; kind <= 6; ++kind)
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; ++z)
      for (int p = 0; p < 4; ++p)
        for (int pw = 2; pw <= 3; ++pw)
          case_of(dev, kind, sizes[z], 0, plans[p][0], plans[p][1], pw);
  for (int kind = 0; kind <= 6; ++kind)
    case_of(dev, kind, 100003, 1, plans[2][0], plans[2][1], 2);
  return redu_test_finish("test_bins_window");
}

/* Bins reductions in regions (REDU_FOR's (bins, kind, hist, nbins)) against serial
 * references and the bins calls: beside scalar kinds at every n from 0 and nbins from 1 to
 * 65,536, iterations naming no bin, wide-range doubles (the same bits as redu_bins_sum_f64,
 * forwards and backwards, folded in the region's kernel and through records), a declared ordered
 * combiner per bin in index order, iterations naming two and three bins, sum and max on every type,
 * a region with an exact kind, REDU_FOR_NOWAIT and REDU_FOR_CLAUSES, and bad input (status and
 * message; bins and variables untouched). */
#include "redu_region.h"
#include "redu_test.h"
#include "redu_test_region.h"
#include <math.h>
#include <stdlib.h>

static void to_host(void *h, const void *d, size_t bytes, int dev)
{
  if (bytes && omp_target_memcpy(h, d, bytes, 0, 0, omp_get_initial_device(), dev) != 0) {
    fprintf(stderr, "test_region_bins: omp_target_memcpy failed\n");
    exit(2);
  }
}
static void *on_device(const void *h, size_t bytes, int dev)
{
  void *d = redu_test_to_device(h, bytes, dev);
  if (!d) {
    fprintf(stderr, "test_region_bins: omp_target_alloc(%zu) failed\n", bytes);
    exit(2);
  }
  return d;
}

/* Iteration i's bin among nbins, every fifth iteration none (nbins itself). */
static uint32_t key_of(size_t i, size_t nbins)
{
  uint64_t s = i;
  return i % 5 == 3 ? (uint32_t)nbins : (uint32_t)(redu_test_rand(&s) % nbins);
}

/* Beside three scalar kinds, integer-valued doubles (every order sums them exactly) into
 * bins that hold start values. */
static void test_sizes(int dev)
{
  static const size_t nbs[] = {1, 7, 1024, 65536};
  size_t nmax = sizes[NSIZES - 1], bmax = nbs[3];
  double *hx = malloc(nmax * sizeof *hx), *h0 = malloc(bmax * sizeof *h0),
         *ref = malloc(bmax * sizeof *ref), *got = malloc(bmax * sizeof *got);
  uint32_t *hk = malloc(nmax * sizeof *hk);
  for (size_t i = 0; i < nmax; ++i)
    hx[i] = value(i);
  double *x = on_device(hx, nmax * sizeof *hx, dev);
  for (size_t b = 0; b < sizeof nbs / sizeof nbs[0]; ++b) {
    size_t nb = nbs[b];
    for (size_t i = 0; i < nmax; ++i)
      hk[i] = key_of(i, nb);
    uint32_t *keys = on_device(hk, nmax * sizeof *hk, dev);
    for (int s = 0; s < NSIZES; ++s) {
      size_t n = sizes[s];
      for (size_t k = 0; k < nb; ++k)
        h0[k] = ref[k] = 0.25 * (double)(k % 9);
      double *hist = on_device(h0, nb * sizeof *h0, dev);
      double total = 0.5, rtotal = 0.5, amax = -INFINITY, ramax = -INFINITY;
      int64_t binned = 3, rbinned = 3;
      for (size_t i = 0; i < n; ++i) {
        rtotal += hx[i];
        ramax = fmax(ramax, hx[i]);
        if (hk[i] < nb)
          ref[hk[i]] += hx[i], ++rbinned;
      }
      redu_status st;
      REDU_FOR(st, dev, i, n, (x, keys), (sum_f64, total), (bins, sum_f64, hist, nb),
               (max_f64, amax), (sum_i64, binned))
      {
        total += x[i];
        amax = redu_region_max_f64(amax, x[i]);
        if (keys[i] < nb) {
          REDU_BIN(hist, keys[i]) += x[i];
          ++binned;
        }
      }
      to_host(got, hist, nb * sizeof *got, dev);
      size_t bad = 0;
      for (size_t k = 0; k < nb; ++k)
        bad += memcmp(&got[k], &ref[k], sizeof got[k]) != 0;
      CHECK(st == REDU_OK && bad == 0 && total == rtotal && amax == ramax && binned == rbinned,
            "nbins %zu n %zu: status %d (%s), %zu bins differ, total %g (%g), max %g (%g), "
            "binned %lld (%lld)",
            nb, n, (int)st, redu_last_error(), bad, total, rtotal, amax, ramax, (long long)binned,
            (long long)rbinned);
      omp_target_free(hist, dev);
    }
    omp_target_free(keys, dev);
  }
  omp_target_free(x, dev);
  free(hx), free(h0), free(ref), free(got), free(hk);
}

/* Doubles over 2^-60..2^60 of both signs: the region's bins have redu_bins_sum_f64's bits
 * (exact sums, rounded once), with the iterations run forwards and backwards. */
/* Wide-range doubles (2^-113 to 2^60, terms outside any team's window too) into 1,024 bins,
 * the bins call's bits forwards and backwards: folded in the region's kernel, and, with a
 * memory cap (REDU_BINS_MAX_BYTES, `cap`) below the whole range's words but above the
 * data's, through records and the bins call. */
static void test_exact_bits(int dev, const char *cap)
{
  enum { N = 100003, NB = 1024 };
  if (cap)
    setenv("REDU_BINS_MAX_BYTES", cap, 1);
  double *hx = malloc(N * sizeof *hx), h0[NB], want[NB], fwd[NB], bwd[NB];
  uint32_t *hk = malloc(N * sizeof *hk);
  uint64_t seed = 42;
  for (size_t i = 0; i < N; ++i) {
    uint64_t r = redu_test_rand(&seed);
    hx[i] = ldexp((double)(r >> 11) * 0x1p-53, (int)(r % 121) - 60) * (r & 1024 ? -1 : 1);
    hk[i] = (uint32_t)(redu_test_rand(&seed) % NB);
  }
  for (int k = 0; k < NB; ++k)
    h0[k] = k % 3 ? 0.1 * k : -0.0;
  double *x = on_device(hx, N * sizeof *hx, dev);
  uint32_t *keys = on_device(hk, N * sizeof *hk, dev);
  double *call = on_device(h0, sizeof h0, dev), *forwards = on_device(h0, sizeof h0, dev),
         *backwards = on_device(h0, sizeof h0, dev);
  CHECK_OK(
      redu_bins_sum_f64(dev, keys, x, N, NB, call, &(redu_options){.flags = REDU_BINS_ACCUMULATE}));
  redu_status st1, st2;
  REDU_FOR(st1, dev, i, N, (x, keys), (bins, sum_f64, forwards, NB))
  {
    REDU_BIN(forwards, keys[i]) += x[i];
  }
  REDU_FOR(st2, dev, i, N, (x, keys), (bins, sum_f64, backwards, NB))
  {
    REDU_BIN(backwards, keys[N - 1 - i]) += x[N - 1 - i];
  }
  to_host(want, call, sizeof want, dev);
  to_host(fwd, forwards, sizeof fwd, dev);
  to_host(bwd, backwards, sizeof bwd, dev);
  CHECK(st1 == REDU_OK && st2 == REDU_OK && !memcmp(want, fwd, sizeof want) &&
            !memcmp(want, bwd, sizeof want),
        "wide doubles (cap %s): status %d %d (%s); bin 0 %a %a %a", cap ? cap : "none", (int)st1,
        (int)st2, redu_last_error(), want[0], fwd[0], bwd[0]);
  if (cap)
    unsetenv("REDU_BINS_MAX_BYTES");
  omp_target_free(x, dev), omp_target_free(keys, dev), omp_target_free(call, dev);
  omp_target_free(forwards, dev), omp_target_free(backwards, dev);
  free(hx), free(hk);
}

/* Signed zeros, bit for bit as the bins call gives them: bins starting at -0.0 or +0.0 and
 * fed only -0.0, a -0.0 and a +0.0, or nothing (the iteration names the bin and adds
 * nothing). A slot that started at +0.0 made a bin of -0.0 terms +0.0. */
#define TEST_SIGNED_ZEROS(sfx, T)                                                                  \
  static void test_signed_zeros_##sfx(int dev)                                                     \
  {                                                                                                \
    enum { N = 4000, NB = 8 };                                                                     \
    T hx[N], h0[NB], want[NB], got[NB];                                                            \
    uint32_t hk[N];                                                                                \
    for (int i = 0; i < N; ++i) {                                                                  \
      hk[i] = (uint32_t)(i % NB);                                                                  \
      hx[i] = hk[i] == 2 && i == 2 + NB * 100 ? (T)0.0 : (T) - 0.0;                                \
    }                                                                                              \
    for (int k = 0; k < NB; ++k)                                                                   \
      h0[k] = k % 2 ? (T)0.0 : (T) - 0.0;                                                          \
    T *x = on_device(hx, sizeof hx, dev);                                                          \
    uint32_t *keys = on_device(hk, sizeof hk, dev);                                                \
    T *call = on_device(h0, sizeof h0, dev), *hist = on_device(h0, sizeof h0, dev);                \
    CHECK_OK(redu_bins_sum_##sfx(dev, keys, x, N, NB, call,                                        \
                                 &(redu_options){.flags = REDU_BINS_ACCUMULATE}));                 \
    redu_status st;                                                                                \
    REDU_FOR(st, dev, i, N, (x, keys), (bins, sum_##sfx, hist, NB))                                \
    {                                                                                              \
      if (keys[i] < NB - 2)                                                                        \
        REDU_BIN(hist, keys[i]) += x[i];                                                           \
      else                                                                                         \
        (void)REDU_BIN(hist, keys[i]);                                                             \
    }                                                                                              \
    to_host(want, call, sizeof want, dev);                                                         \
    to_host(got, hist, sizeof got, dev);                                                           \
    for (int k = 0; k < NB; ++k)                                                                   \
      CHECK(st == REDU_OK && signbit(got[k]) == signbit(want[k]) && got[k] == 0,                   \
            "signed zeros sum_" #sfx " bin %d: status %d, %g, the bins call %g", k, (int)st,       \
            (double)got[k], (double)want[k]);                                                      \
    CHECK(signbit(want[0]) && !signbit(want[1]) && !signbit(want[2]),                              \
          "signed zeros sum_" #sfx ": the bins call gave %g %g %g", (double)want[0],               \
          (double)want[1], (double)want[2]);                                                       \
    omp_target_free(x, dev), omp_target_free(keys, dev);                                           \
    omp_target_free(call, dev), omp_target_free(hist, dev);                                        \
  }
TEST_SIGNED_ZEROS(f32, float)
TEST_SIGNED_ZEROS(f64, double)

/* An ordered declared kind per bin: each bin composes its iterations' maps in index order
 * (an iteration may compose two into its one bin), after the bin's start value. */
static void test_ordered(int dev)
{
  static const size_t ns[] = {1, 33, 5000, (1u << 18) + 3};
  enum { NB = 37 };
  affine h0[NB], ref[NB], got[NB];
  for (size_t t = 0; t < sizeof ns / sizeof ns[0]; ++t) {
    size_t n = ns[t];
    for (int k = 0; k < NB; ++k)
      h0[k] = ref[k] = k % 4 ? (affine){1, 0} : (affine){3, (uint32_t)k};
    for (size_t i = 0; i < n; ++i) {
      uint32_t k = key_of(i, NB);
      if (k < NB)
        ref[k] = affine_then(affine_then(ref[k], map_at(i)), map_at(i + 1));
    }
    affine *chain = on_device(h0, sizeof h0, dev);
    redu_status st;
    REDU_FOR(st, dev, i, n, (), (bins, affine_chain, chain, NB))
    {
      uint32_t k = key_of(i, NB);
      if (k < NB) {
        REDU_BIN(chain, k) = affine_then(REDU_BIN(chain, k), map_at(i));
        REDU_BIN(chain, k) = affine_then(REDU_BIN(chain, k), map_at(i + 1));
      }
    }
    to_host(got, chain, sizeof got, dev);
    CHECK(st == REDU_OK && !memcmp(got, ref, sizeof got),
          "affine chains, n %zu: status %d (%s); bin 1 {%u, %u} want {%u, %u}", n, (int)st,
          redu_last_error(), got[1].a, got[1].b, ref[1].a, ref[1].b);
    omp_target_free(chain, dev);
  }
}

/* Iterations that name several bins (the fifth of the reduction): a cloud-in-cell deposit,
 * two shares a particle into two cells (the same bits as one bins call over every share;
 * shares an iteration gives one bin are added in the body's arithmetic first), and three
 * ordered maps an iteration, two of them into one bin (each bin composes them in program
 * order). */
static void test_per_iteration(int dev)
{
  enum { N = 30011, NB = 257 };
  double *hq = malloc(2 * N * sizeof *hq), h0[NB], want[NB], got[NB];
  uint32_t *hc = malloc(2 * N * sizeof *hc);
  uint64_t seed = 9;
  for (size_t i = 0; i < N; ++i) {
    uint64_t r = redu_test_rand(&seed);
    double w = (double)(r >> 11) * 0x1p-53, q = ldexp(1.0 + (double)(r % 1000), (int)(r % 40));
    hc[i] = (uint32_t)(r % (NB - 1)), hc[N + i] = hc[i] + 1;
    hq[i] = q * (1 - w), hq[N + i] = q * w;
  }
  for (int k = 0; k < NB; ++k)
    h0[k] = 0.5 * k;
  uint32_t *cell = on_device(hc, 2 * N * sizeof *hc, dev);
  double *share = on_device(hq, 2 * N * sizeof *hq, dev);
  double *call = on_device(h0, sizeof h0, dev), *mesh = on_device(h0, sizeof h0, dev);
  CHECK_OK(redu_bins_sum_f64(dev, cell, share, 2 * N, NB, call,
                             &(redu_options){.flags = REDU_BINS_ACCUMULATE}));
  redu_status st;
  REDU_FOR(st, dev, i, N, (cell, share), (bins, sum_f64, mesh, NB, 2))
  {
    REDU_BIN(mesh, cell[i]) += share[i];
    REDU_BIN(mesh, cell[N + i]) += share[N + i];
  }
  to_host(want, call, sizeof want, dev);
  to_host(got, mesh, sizeof got, dev);
  CHECK(st == REDU_OK && !memcmp(want, got, sizeof got),
        "two bins an iteration: status %d (%s); bin 1 %a want %a", (int)st, redu_last_error(),
        got[1], want[1]);
  omp_target_free(cell, dev), omp_target_free(share, dev);
  omp_target_free(call, dev), omp_target_free(mesh, dev);
  free(hq), free(hc);

  enum { M = 20000, MB = 11 };
  affine a0[MB], ref[MB], chain[MB];
  for (int k = 0; k < MB; ++k)
    a0[k] = ref[k] = (affine){(uint32_t)(2 * k + 1), (uint32_t)k};
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < 3; ++j) {
      size_t k = (i * 7 + (j == 1 ? 3 : 0)) % MB;
      ref[k] = affine_then(ref[k], map_at(3 * i + j));
    }
  affine *bins = on_device(a0, sizeof a0, dev);
  REDU_FOR(st, dev, i, M, (), (bins, affine_chain, bins, MB, 3))
  {
    for (size_t j = 0; j < 3; ++j) {
      size_t k = (i * 7 + (j == 1 ? 3 : 0)) % MB;
      REDU_BIN(bins, k) = affine_then(REDU_BIN(bins, k), map_at(3 * i + j));
    }
  }
  to_host(chain, bins, sizeof chain, dev);
  CHECK(st == REDU_OK && !memcmp(chain, ref, sizeof chain),
        "three ordered maps an iteration: status %d (%s); bin 0 {%u, %u} want {%u, %u}", (int)st,
        redu_last_error(), chain[0].a, chain[0].b, ref[0].a, ref[0].b);
  omp_target_free(bins, dev);
}

/* Sum and max into bins of every type, against the bins calls over the same keys and
 * values (accumulating into the same start values). */
#define TEST_TYPE(sfx, T, E, K, SA, LO, HI)                                                        \
  static void test_type_##sfx(int dev, size_t n)                                                   \
  {                                                                                                \
    enum { NB = 300 };                                                                             \
    T *hx = malloc(n * sizeof *hx), h0[NB], want[NB], got[NB];                                     \
    uint32_t *hk = malloc(n * sizeof *hk);                                                         \
    redu_test_fill_small(hx, E, n, 7);                                                             \
    redu_test_fill_small(h0, E, NB, 8);                                                            \
    for (size_t i = 0; i < n; ++i)                                                                 \
      hk[i] = (uint32_t)(i * 2654435761u % NB);                                                    \
    T *x = on_device(hx, n * sizeof *hx, dev);                                                     \
    uint32_t *keys = on_device(hk, n * sizeof *hk, dev);                                           \
    const redu_options acc = {.flags = REDU_BINS_ACCUMULATE};                                      \
    for (int op = 0; op < 2; ++op) {                                                               \
      T *call = on_device(h0, sizeof h0, dev), *bins = on_device(h0, sizeof h0, dev);              \
      redu_status st;                                                                              \
      if (op == 0) {                                                                               \
        CHECK_OK(redu_bins_sum_##sfx(dev, keys, x, n, NB, call, &acc));                            \
        REDU_FOR(st, dev, i, n, (x, keys), (bins, sum_##sfx, bins, NB))                            \
        {                                                                                          \
          REDU_BIN(bins, keys[i]) = redu_region_add_##sfx(REDU_BIN(bins, keys[i]), x[i]);          \
        }                                                                                          \
      } else {                                                                                     \
        CHECK_OK(redu_bins_max_##sfx(dev, keys, x, n, NB, call, &acc));                            \
        REDU_FOR(st, dev, i, n, (x, keys), (bins, max_##sfx, bins, NB))                            \
        {                                                                                          \
          REDU_BIN(bins, keys[i]) = redu_region_max_##sfx(REDU_BIN(bins, keys[i]), x[i]);          \
        }                                                                                          \
      }                                                                                            \
      to_host(want, call, sizeof want, dev);                                                       \
      to_host(got, bins, sizeof got, dev);                                                         \
      CHECK(st == REDU_OK && !memcmp(want, got, sizeof got), #sfx " %s, n %zu: status %d (%s)",    \
            op ? "max" : "sum", n, (int)st, redu_last_error());                                    \
      omp_target_free(call, dev), omp_target_free(bins, dev);                                      \
    }                                                                                              \
    omp_target_free(x, dev), omp_target_free(keys, dev);                                           \
    free(hx), free(hk);                                                                            \
  }
REDU_FOR_EACH_TYPE(TEST_TYPE)
#undef TEST_TYPE
REDU_TEST_DEFINE_TYPES

/* Beside an exact kind (whose loop is warp-uniform and takes terms per iteration). */
static void test_with_exact(int dev)
{
  enum { N = 70001, NB = 64 };
  double *hx = malloc(N * sizeof *hx), ref[NB] = {0}, got[NB], rsum = 0;
  for (size_t i = 0; i < N; ++i)
    hx[i] = value(i), rsum += hx[i];
  for (size_t i = 0; i < N; ++i)
    if (key_of(i, NB) < NB)
      ref[key_of(i, NB)] += hx[i];
  double zero[NB] = {0};
  double *x = on_device(hx, N * sizeof *hx, dev), *hist = on_device(zero, sizeof zero, dev);
  double sum = 0;
  redu_status st;
  REDU_FOR(st, dev, i, N, (x), (sum_exact_f64, sum), (bins, sum_f64, hist, NB))
  {
    sum += x[i];
    uint32_t k = key_of(i, NB);
    if (k < NB)
      REDU_BIN(hist, k) += x[i];
  }
  to_host(got, hist, sizeof got, dev);
  CHECK(st == REDU_OK && sum == rsum && !memcmp(got, ref, sizeof got),
        "beside sum_exact_f64: status %d (%s), sum %g (%g), bin 0 %g (%g)", (int)st,
        redu_last_error(), sum, rsum, got[0], ref[0]);
  omp_target_free(x, dev), omp_target_free(hist, dev);
  free(hx);
}

/* The other forms: asynchronous (the bins call runs in the host task after the region) and
 * with the user's own clauses. */
static void test_forms(int dev)
{
  enum { N = 50001, NB = 100 };
  int64_t *hx = malloc(N * sizeof *hx), ref[NB] = {0}, got[NB], zero[NB] = {0};
  for (size_t i = 0; i < N; ++i)
    hx[i] = (int64_t)(i * 7919 % 1001) - 500, ref[i % NB] += hx[i];
  int64_t *x = on_device(hx, N * sizeof *hx, dev);
  int64_t *hist = on_device(zero, sizeof zero, dev), *mapped = on_device(zero, sizeof zero, dev);
  redu_status ast = REDU_ERR_DEVICE, st;
  REDU_FOR_NOWAIT(ast, dev, i, N, (is_device_ptr(x)), (bins, sum_i64, hist, NB))
  {
    REDU_BIN(hist, i % NB) += x[i];
  }
#pragma omp taskwait
  to_host(got, hist, sizeof got, dev);
  CHECK(ast == REDU_OK && !memcmp(got, ref, sizeof got), "nowait: status %d (%s)", (int)ast,
        redu_last_error());
  REDU_FOR_CLAUSES(st, dev, i, N, (map(to : hx [0:N])), (bins, sum_i64, mapped, NB))
  {
    REDU_BIN(mapped, i % NB) += hx[i];
  }
  to_host(got, mapped, sizeof got, dev);
  CHECK(st == REDU_OK && !memcmp(got, ref, sizeof got), "mapped host array: status %d (%s)",
        (int)st, redu_last_error());
  omp_target_free(x, dev), omp_target_free(hist, dev), omp_target_free(mapped, dev);
  free(hx);
}

/* Bad input: a status and a message; the bins and the variables untouched. */
static void test_errors(int dev)
{
  enum { N = 1000, NB = 16 };
  double h[N], h0[NB], got[NB];
  for (int i = 0; i < N; ++i)
    h[i] = i;
  for (int k = 0; k < NB; ++k)
    h0[k] = k;
  double *x = on_device(h, sizeof h, dev);
  double *hist = on_device(h0, sizeof h0, dev);
  redu_status st;
  double s;
  /* A key past nbins at iteration 777, two bins at 500 (and later ones): the first named. */
  for (int c = 0; c < 3; ++c) {
    s = 5;
    REDU_FOR(st, dev, i, N, (x), (sum_f64, s), (bins, sum_f64, hist, NB))
    {
      s += x[i];
      if (c == 0)
        REDU_BIN(hist, i == 777 ? NB : i % NB) += x[i];
      else if (c == 1 || i != 123) {
        REDU_BIN(hist, i % NB) += x[i];
        if (i >= 500 && i % 100 == 0)
          REDU_BIN(hist, (i + 1) % NB) += x[i];
      } else
        REDU_BIN(hist, -1) += 1;
    }
    to_host(got, hist, sizeof got, dev);
    const char *want = c == 0   ? "iteration 777 named a bin not below nbins = 16"
                       : c == 1 ? "iteration 500 named more bins"
                                : "iteration 123 named a bin not below";
    CHECK(st == REDU_ERR_BAD_KEY && strstr(redu_last_error(), want) && s == 5 &&
              !memcmp(got, h0, sizeof got),
          "mistake %d: status %d (%s), s %g", c, (int)st, redu_last_error(), s);
  }
  /* Three bins at iteration 321 of a reduction that takes two an iteration. */
  s = 5;
  REDU_FOR(st, dev, i, N, (x), (sum_f64, s), (bins, sum_f64, hist, NB, 2))
  {
    s += x[i];
    REDU_BIN(hist, i % NB) += x[i];
    REDU_BIN(hist, (i + 1) % NB) += x[i];
    if (i == 321 || i == 700)
      REDU_BIN(hist, (i + 2) % NB) += x[i];
  }
  to_host(got, hist, sizeof got, dev);
  CHECK(st == REDU_ERR_BAD_KEY && strstr(redu_last_error(), "iteration 321 named more bins") &&
            s == 5 && !memcmp(got, h0, sizeof got),
        "three bins of two: status %d (%s), s %g", (int)st, redu_last_error(), s);
  /* The bins' array and nbins. */
  double *none = NULL, *odd = (double *)((char *)hist + 4);
  struct {
    const char *what;
    double *bins;
    size_t nbins;
    redu_status want;
  } cases[] = {
      {"NULL bins", none, NB, REDU_ERR_NULL_ARG},
      {"misaligned bins", odd, NB, REDU_ERR_MISALIGNED},
      {"nbins past 2^32 - 3", hist, (size_t)UINT32_MAX, REDU_ERR_OVERFLOW},
      {"nbins negative", hist, (size_t)-1, REDU_ERR_OVERFLOW},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
    double *b = cases[c].bins;
    s = 5;
    REDU_FOR(st, dev, i, N, (x), (sum_f64, s), (bins, sum_f64, b, cases[c].nbins))
    {
      s += x[i];
      REDU_BIN(b, 0) += 1;
    }
    to_host(got, hist, sizeof got, dev);
    CHECK(st == cases[c].want && s == 5 && redu_last_error()[0] && !memcmp(got, h0, sizeof got),
          "%s: status %d (want %d): %s", cases[c].what, (int)st, (int)cases[c].want,
          redu_last_error());
  }
  /* Float products have no bins: the bins call's status after the loop, all untouched. */
  s = 5;
  REDU_FOR(st, dev, i, N, (x), (sum_f64, s), (bins, prod_f64, hist, NB))
  {
    s += x[i];
    REDU_BIN(hist, i % NB) *= 2;
  }
  to_host(got, hist, sizeof got, dev);
  CHECK(st == REDU_ERR_UNSUPPORTED && s == 5 && !memcmp(got, h0, sizeof got),
        "prod_f64 bins: status %d (%s)", (int)st, redu_last_error());
  /* A body that names no bin (it compiles under -Wall -Werror): the other variables reduced,
   * the bins keep their values. */
  s = 5;
  REDU_FOR(st, dev, i, N, (x), (sum_f64, s), (bins, sum_f64, hist, NB)) { s += x[i]; }
  to_host(got, hist, sizeof got, dev);
  CHECK(st == REDU_OK && s == 5 + N * (N - 1) / 2.0 && !memcmp(got, h0, sizeof got),
        "no bin named: status %d (%s), s %g", (int)st, redu_last_error(), s);
  /* n = 0: REDU_OK, the bins and the variable keep their values. */
  s = 5;
  REDU_FOR(st, dev, i, 0, (x), (sum_f64, s), (bins, sum_f64, hist, NB))
  {
    s += x[i];
    REDU_BIN(hist, 0) += 1;
  }
  to_host(got, hist, sizeof got, dev);
  CHECK(st == REDU_OK && s == 5 && !memcmp(got, h0, sizeof got), "n = 0: status %d (%s)", (int)st,
        redu_last_error());
  omp_target_free(x, dev), omp_target_free(hist, dev);
}

int main(void)
{
  int dev = omp_get_default_device();
  test_sizes(dev);
  test_exact_bits(dev, NULL);
  test_exact_bits(dev, "200000");
  /* the host as the region's device, numbered after the offload devices: the folded bins'
   * words and status on a device other than device 0 */
  test_exact_bits(omp_get_initial_device(), NULL);
  test_signed_zeros_f32(dev);
  test_signed_zeros_f64(dev);
  test_ordered(dev);
  test_per_iteration(dev);
  test_types(dev);
  test_with_exact(dev);
  test_forms(dev);
  test_errors(dev);
  return redu_test_finish("test_region_bins");
}

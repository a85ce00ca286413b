/* Bins of declared reductions (REDU_DECLARE_REDUCTION's redu_bins_reduce_<name>): two
 * ordered, non-commutative combiners whose bins must come out in index order (2x2 matrix
 * products and compositions of affine maps modulo a prime, exact in any association), a
 * commutative pair sum and a 72-byte state; each bin checked bit for bit against a serial
 * loop for nbins from 1 to 2^20 + 1 and keys uniform, all equal and power-law, at n from 0
 * to 2^20 + 3; then under a forced plan, with host arrays, accumulating into out, skipping
 * bad keys, and failing on them (out untouched, the first bad position named). */
#include "redu_test.h"
#include "redu_test_ordered.h"
#include "redu_udr.h"
#include <math.h>
#include <stdint.h>

/* 72 bytes: nine wrapping sums. */
typedef struct {
  uint64_t v[9];
} wide;
static inline wide wide_add(wide a, wide b)
{
  for (int k = 0; k < 9; ++k)
    a.v[k] += b.v[k];
  return a;
}
REDU_DECLARE_REDUCTION(wide_sum, wide, wide_add, REDU_COMMUTATIVE, {{0}})

static const size_t bin_counts[] = {1, 7, 256, 4096, 65536, (1u << 20) + 1};
static const size_t sizes[] = {0, 1, 1000, 70001, (1u << 20) + 3};
enum { NBINS = sizeof bin_counts / sizeof bin_counts[0], NSIZES = sizeof sizes / sizeof sizes[0] };
/* The matrix's extent: all of it, or without its largest n and nbins for the forced plans
 * and the sanitized build (`test_bins_udr plans`: on a 2-core CPU the whole matrix under 1
 * team of 32 threads took 64 s, under the sanitizers 40 s, the largest cell nearly all of
 * it; the planner's unsanitized run covers that cell). */
static size_t nbins_used = NBINS, sizes_used = NSIZES;
enum { D_UNIFORM, D_EQUAL, D_POWER, NDISTS };
static const char *const dist_names[NDISTS] = {"uniform", "all equal", "power-law"};

static void fill_keys(uint32_t *k, size_t n, size_t nbins, int dist, uint64_t seed)
{
  for (size_t i = 0; i < n; ++i) {
    double u = (double)(redu_test_rand(&seed) >> 11) / 9007199254740992.0;
    k[i] = dist == D_EQUAL   ? (uint32_t)(nbins / 2)
           : dist == D_POWER ? (uint32_t)((double)nbins * pow(u, 6))
                             : (uint32_t)(redu_test_rand(&seed) % nbins);
    k[i] = k[i] < nbins ? k[i] : (uint32_t)(nbins - 1);
  }
}

/* The ways a call runs besides the planner's, at one n and nbins. */
enum { W_PLAN, W_TEAMS, W_HOST, W_ACCUMULATE, W_SKIP, W_BAD, NWAYS };
static const char *const way_names[NWAYS] = {"planner",    "7 teams",       "host arrays",
                                             "accumulate", "skip bad keys", "bad key"};

/* One type's check: every nbins, distribution and size under the planner, then every way at
 * n = 70001 and 4,096 bins. */
#define CHECK_TYPE(name, T, FILL)                                                                  \
  static void check_##name##_case(int dev, int warp, size_t n, size_t nbins, int dist, int way,    \
                                  T *xs, uint32_t *ks, T *want, T *got, T *x, uint32_t *keys,      \
                                  T *out)                                                          \
  {                                                                                                \
    uint64_t seed = 31 + n + nbins + (uint64_t)dist;                                               \
    for (size_t i = 0; i < n; ++i)                                                                 \
      FILL(xs[i], redu_test_rand(&seed));                                                          \
    fill_keys(ks, n, nbins, dist, seed);                                                           \
    size_t first_bad = n / 3;                                                                      \
    if ((way == W_SKIP || way == W_BAD) && n)                                                      \
      for (size_t i = first_bad; i < n; i += 97)                                                   \
        ks[i] = (uint32_t)(nbins + i % 5);                                                         \
    for (size_t k = 0; k < nbins; ++k) {                                                           \
      if (way == W_ACCUMULATE)                                                                     \
        FILL(got[k], redu_test_rand(&seed));                                                       \
      else                                                                                         \
        memset(&got[k], 0xA5, sizeof got[k]);                                                      \
      want[k] = way == W_ACCUMULATE ? got[k] : redu_identity_##name();                             \
    }                                                                                              \
    for (size_t i = 0; i < n; ++i)                                                                 \
      if (ks[i] < nbins)                                                                           \
        want[ks[i]] = redu_combine_##name(want[ks[i]], xs[i]);                                     \
    if (way == W_BAD)                                                                              \
      memcpy(want, got, nbins * sizeof *want);                                                     \
    redu_options o = {0};                                                                          \
    if (way == W_TEAMS)                                                                            \
      o.teams = 7, o.threads = warp;                                                               \
    o.flags = way == W_ACCUMULATE ? REDU_BINS_ACCUMULATE                                           \
              : way == W_SKIP     ? REDU_BINS_SKIP_BAD_KEYS                                        \
              : way == W_HOST     ? REDU_INPUT_HOST                                                \
                                  : 0u;                                                                \
    redu_status s;                                                                                 \
    if (way == W_HOST) {                                                                           \
      s = redu_bins_reduce_##name(dev, ks, xs, n, nbins, got, &o);                                 \
    } else {                                                                                       \
      int host = omp_get_initial_device();                                                         \
      if (n) {                                                                                     \
        omp_target_memcpy(x, xs, n * sizeof *x, 0, 0, dev, host);                                  \
        omp_target_memcpy(keys, ks, n * sizeof *keys, 0, 0, dev, host);                            \
      }                                                                                            \
      omp_target_memcpy(out, got, nbins * sizeof *out, 0, 0, dev, host);                           \
      s = redu_bins_reduce_##name(dev, keys, x, n, nbins, out, &o);                                \
      omp_target_memcpy(got, out, nbins * sizeof *got, 0, 0, host, dev);                           \
    }                                                                                              \
    if (way == W_BAD && n > first_bad) {                                                           \
      char pos[64];                                                                                \
      snprintf(pos, sizeof pos, "keys[%zu] =", first_bad);                                         \
      CHECK(s == REDU_ERR_BAD_KEY && strstr(redu_last_error(), pos),                               \
            #name " bad key n=%zu nbins=%zu: %s (%s), want %s", n, nbins, redu_status_string(s),   \
            redu_last_error(), pos);                                                               \
    } else {                                                                                       \
      CHECK(s == REDU_OK, #name " %s n=%zu nbins=%zu %s: %s (%s)", way_names[way], n, nbins,       \
            dist_names[dist], redu_status_string(s), redu_last_error());                           \
    }                                                                                              \
    size_t bad = 0, first = 0;                                                                     \
    for (size_t k = 0; k < nbins; ++k)                                                             \
      if (memcmp(&got[k], &want[k], sizeof want[k]) && bad++ == 0)                                 \
        first = k;                                                                                 \
    CHECK(bad == 0, #name " %s n=%zu nbins=%zu %s: %zu of the bins differ, the first %zu",         \
          way_names[way], n, nbins, dist_names[dist], bad, first);                                 \
  }                                                                                                \
  static void check_##name(int dev, int warp)                                                      \
  {                                                                                                \
    size_t most = sizes[NSIZES - 1], bins = bin_counts[NBINS - 1];                                 \
    T *xs = malloc(most * sizeof *xs), *want = malloc(bins * sizeof *xs),                          \
      *got = malloc(bins * sizeof *xs);                                                            \
    uint32_t *ks = malloc(most * sizeof *ks);                                                      \
    T *x = omp_target_alloc(most * sizeof *x, dev),                                                \
      *out = omp_target_alloc(bins * sizeof *x, dev);                                              \
    uint32_t *keys = omp_target_alloc(most * sizeof *keys, dev);                                   \
    for (size_t b = 0; b < nbins_used; ++b)                                                        \
      for (size_t si = 0; si < sizes_used; ++si)                                                   \
        for (int dist = 0; dist < NDISTS; ++dist)                                                  \
          check_##name##_case(dev, warp, sizes[si], bin_counts[b], dist, W_PLAN, xs, ks, want,     \
                              got, x, keys, out);                                                  \
    for (int way = W_TEAMS; way < NWAYS; ++way)                                                    \
      for (int dist = 0; dist < NDISTS; ++dist)                                                    \
        check_##name##_case(dev, warp, 70001, 4096, dist, way, xs, ks, want, got, x, keys, out);   \
    omp_target_free(x, dev), omp_target_free(out, dev), omp_target_free(keys, dev);                \
    free(xs), free(want), free(got), free(ks);                                                     \
  }

#define FILL_WIDE(w, r)                                                                            \
  do {                                                                                             \
    for (int l = 0; l < 9; ++l)                                                                    \
      (w).v[l] = (r) * (uint64_t)(2 * l + 1);                                                      \
  } while (0)
CHECK_TYPE(mat2_prod, mat2, FILL_MAT2)
CHECK_TYPE(affine_seq, affine, FILL_AFFINE)
CHECK_TYPE(pair_sum, pair, FILL_PAIR)
CHECK_TYPE(wide_sum, wide, FILL_WIDE)

/* Bad input: a status and a message, out untouched. */
static void check_errors(int dev)
{
  uint32_t keys[4] = {0, 1, 2, 3};
  pair xs[4] = {{1, 1}, {1, 4}, {1, 9}, {1, 16}}, out[4], before[4];
  memset(out, 0x5A, sizeof out);
  memcpy(before, out, sizeof out);
  redu_options host = {.flags = REDU_INPUT_HOST};
  const struct {
    redu_status want;
    redu_status got;
    const char *what;
  } cases[] = {
      {REDU_ERR_NULL_ARG, redu_bins_reduce_pair_sum(dev, NULL, xs, 4, 4, out, &host), "keys NULL"},
      {REDU_ERR_NULL_ARG, redu_bins_reduce_pair_sum(dev, keys, NULL, 4, 4, out, &host), "x NULL"},
      {REDU_ERR_NULL_ARG, redu_bins_reduce_pair_sum(dev, keys, xs, 4, 4, NULL, &host), "out NULL"},
      {REDU_ERR_MISALIGNED,
       redu_bins_reduce_pair_sum(dev, keys, (const pair *)((char *)xs + 2), 3, 4, out, &host),
       "x misaligned"},
      {REDU_ERR_OVERLAP, redu_bins_reduce_pair_sum(dev, keys, xs, 4, 4, xs + 1, &host),
       "out overlapping x"},
      {REDU_ERR_UNSUPPORTED,
       redu_bins_reduce_pair_sum(dev, keys, xs, 4, 4, out,
                                 &(redu_options){.flags = REDU_INPUT_HOST | REDU_EXACT}),
       "REDU_EXACT"},
      {REDU_ERR_BAD_KEY, redu_bins_reduce_pair_sum(dev, keys, xs, 4, 3, out, &host), "key 3 of 3"},
      {REDU_ERR_INVALID_DEVICE, redu_bins_reduce_pair_sum(12345, keys, xs, 4, 4, out, &host),
       "device 12345"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k)
    CHECK(cases[k].got == cases[k].want && *redu_last_error(), "%s: %s, want %s (%s)",
          cases[k].what, redu_status_string(cases[k].got), redu_status_string(cases[k].want),
          redu_last_error());
  CHECK(memcmp(out, before, sizeof out) == 0, "a refused bins call wrote out");
  /* nbins = 0 with no key: nothing to do, REDU_OK */
  CHECK(redu_bins_reduce_pair_sum(dev, keys, xs, 0, 0, out, &host) == REDU_OK, "n = nbins = 0: %s",
        redu_last_error());
}

int main(int argc, char **argv)
{
  if (argc > 1 && !strcmp(argv[1], "plans"))
    nbins_used = NBINS - 1, sizes_used = NSIZES - 1;
  int dev = omp_get_default_device();
  int warp = redu_test_is_cuda(dev) ? 32 : 1; /* CPU devices' warps are one thread */
  check_mat2_prod(dev, warp);
  check_affine_seq(dev, warp);
  check_pair_sum(dev, warp);
  check_wide_sum(dev, warp);
  check_errors(dev);
  return redu_test_finish("test_bins_udr");
}

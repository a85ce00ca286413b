/* Scans of declared reductions (REDU_DECLARE_REDUCTION's redu_inclusive_scan_<name> and
 * redu_exclusive_scan_<name>): two ordered, non-commutative combiners whose every prefix
 * must come out in index order (2x2 matrix products and compositions of affine maps, both
 * modulo a prime so that they are exact in any association), a commutative pair sum, and
 * "the later element wins", whose identity is a left identity only (as redu_udr.h asks: a
 * combiner that put it on the right of a value, or after init, would lose that value);
 * each checked bit for bit against a serial loop at n from 0 to 2^20 + 3, inclusive and
 * exclusive, under both passes (REDU_SCAN_PASS), small single-pass tiles, forced plans, in
 * place, with an initial value and with host arrays; a type past the scans' limit is
 * refused with y untouched. */
#include "redu_test.h"
#include "redu_test_ordered.h"
#include "redu_udr.h"
#include <stdint.h>

/* 40 bytes: past the scans' 32. */
typedef struct {
  double v[5];
} wide;
static inline wide wide_add(wide a, wide b)
{
  for (int k = 0; k < 5; ++k)
    a.v[k] += b.v[k];
  return a;
}
REDU_DECLARE_REDUCTION(wide_sum, wide, wide_add, REDU_COMMUTATIVE, {{0}})

/* combine(a, b) = b: associative, combine(identity, b) = b, but combine(a, identity) is the
 * identity, not a. */
typedef struct {
  uint32_t v, tag;
} later;
static inline later take_later(later a, later b)
{
  (void)a;
  return b;
}
REDU_DECLARE_REDUCTION(later_wins, later, take_later, REDU_ORDERED, {0xEEEE, 0xEEEE})
#define FILL_LATER(x, r) ((x) = (later){(uint32_t)(r), (uint32_t)((r) >> 32) | 1u})

static const size_t sizes[] = {0, 1, 31, 33, 1000, 4097, 70001, (1u << 20) + 3};
enum { NSIZES = sizeof sizes / sizeof sizes[0] };

/* The ways each scan runs; every one must give the serial loop's bits. */
enum { W_PLAN, W_ONE, W_TWO, W_TILES, W_TEAMS, W_IN_PLACE, W_INIT, W_HOST, NWAYS };
static const char *const way_names[NWAYS] = {
    "planner",          "single pass", "reduce-then-scan", "small tiles",
    "7 teams x 1 warp", "in place",    "initial value",    "host arrays"};

/* One type's check: fill, serial reference, every way, inclusive and exclusive. */
#define CHECK_TYPE(name, T, FILL)                                                                  \
  static void check_##name(int dev, int warp)                                                      \
  {                                                                                                \
    size_t most = sizes[NSIZES - 1];                                                               \
    T *xs = malloc(most * sizeof *xs), *want = malloc(most * sizeof *xs),                          \
      *got = malloc(most * sizeof *xs);                                                            \
    T *x = omp_target_alloc(most * sizeof *x, dev), *y = omp_target_alloc(most * sizeof *y, dev);  \
    for (size_t si = 0; si < NSIZES; ++si) {                                                       \
      size_t n = sizes[si];                                                                        \
      uint64_t seed = 17 + si;                                                                     \
      for (size_t i = 0; i < n; ++i)                                                               \
        FILL(xs[i], redu_test_rand(&seed));                                                        \
      for (int way = 0; way < NWAYS; ++way)                                                        \
        for (int excl = 0; excl < 2; ++excl) {                                                     \
          T init = redu_identity_##name();                                                         \
          if (way == W_INIT && n)                                                                  \
            init = xs[n / 2];                                                                      \
          T acc = init;                                                                            \
          for (size_t i = 0; i < n; ++i) {                                                         \
            if (excl)                                                                              \
              want[i] = acc;                                                                       \
            acc = redu_combine_##name(acc, xs[i]);                                                 \
            if (!excl)                                                                             \
              want[i] = acc;                                                                       \
          }                                                                                        \
          redu_options o = {0};                                                                    \
          if (way == W_ONE || way == W_TILES)                                                      \
            setenv("REDU_SCAN_PASS", "1", 1);                                                      \
          if (way == W_TWO)                                                                        \
            setenv("REDU_SCAN_PASS", "2", 1);                                                      \
          if (way == W_TILES)                                                                      \
            setenv("REDU_SCAN_TILE", n > 70001 ? "1000" : "5", 1);                                 \
          if (way == W_TEAMS)                                                                      \
            o.teams = 7, o.threads = warp;                                                         \
          if (way == W_INIT)                                                                       \
            o.init = &init;                                                                        \
          if (n)                                                                                   \
            omp_target_memcpy(x, xs, n * sizeof *x, 0, 0, dev, omp_get_initial_device());          \
          memset(got, 0xA5, most * sizeof *got);                                                   \
          redu_status s;                                                                           \
          if (way == W_HOST) {                                                                     \
            o.flags = REDU_INPUT_HOST;                                                             \
            s = (excl ? redu_exclusive_scan_##name : redu_inclusive_scan_##name)(dev, xs, got, n,  \
                                                                                 &o);              \
          } else {                                                                                 \
            T *out = way == W_IN_PLACE ? x : y;                                                    \
            s = (excl ? redu_exclusive_scan_##name : redu_inclusive_scan_##name)(dev, x, out, n,   \
                                                                                 &o);              \
            if (n)                                                                                 \
              omp_target_memcpy(got, out, n * sizeof *got, 0, 0, omp_get_initial_device(), dev);   \
          }                                                                                        \
          unsetenv("REDU_SCAN_PASS");                                                              \
          unsetenv("REDU_SCAN_TILE");                                                              \
          CHECK(s == REDU_OK, #name " %s n=%zu %s: %s (%s)", way_names[way], n,                    \
                excl ? "exclusive" : "inclusive", redu_status_string(s), redu_last_error());       \
          size_t bad = 0, first = 0;                                                               \
          for (size_t i = 0; i < n; ++i)                                                           \
            if (memcmp(&got[i], &want[i], sizeof want[i]) && bad++ == 0)                           \
              first = i;                                                                           \
          CHECK(bad == 0, #name " %s n=%zu %s: %zu of the prefixes differ, the first at %zu",      \
                way_names[way], n, excl ? "exclusive" : "inclusive", bad, first);                  \
        }                                                                                          \
    }                                                                                              \
    omp_target_free(x, dev), omp_target_free(y, dev);                                              \
    free(xs), free(want), free(got);                                                               \
  }

CHECK_TYPE(mat2_prod, mat2, FILL_MAT2)
CHECK_TYPE(affine_seq, affine, FILL_AFFINE)
CHECK_TYPE(pair_sum, pair, FILL_PAIR)
CHECK_TYPE(later_wins, later, FILL_LATER)

/* A type past the scans' limit: REDU_ERR_UNSUPPORTED with a message, y untouched. */
static void check_refused(int dev)
{
  wide xs[4] = {{{1}}, {{2}}, {{3}}, {{4}}}, ys[4];
  memset(ys, 0x5A, sizeof ys);
  unsigned char before[sizeof ys];
  memcpy(before, ys, sizeof ys);
  redu_options o = {.flags = REDU_INPUT_HOST};
  redu_status s = redu_inclusive_scan_wide_sum(dev, xs, ys, 4, &o);
  CHECK(s == REDU_ERR_UNSUPPORTED && strstr(redu_last_error(), "32 bytes"),
        "a 40-byte declared scan: %s (%s)", redu_status_string(s), redu_last_error());
  CHECK(memcmp(ys, before, sizeof ys) == 0, "a refused scan wrote y");
}

int main(void)
{
  int dev = omp_get_default_device();
  /* CPU devices' warps are one thread. */
  int warp = redu_test_is_cuda(dev) ? 32 : 1;
  check_mat2_prod(dev, warp);
  check_affine_seq(dev, warp);
  check_pair_sum(dev, warp);
  check_later_wins(dev, warp);
  check_refused(dev);
  return redu_test_finish("test_scan_udr");
}

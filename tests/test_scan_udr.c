/* Scans of declared reductions (REDU_DECLARE_REDUCTION's redu_inclusive_scan_<name> and
 * redu_exclusive_scan_<name>): two ordered, non-commutative combiners whose every prefix
 * must come out in index order (2x2 matrix products and compositions of affine maps, both
 * modulo a prime so that they are exact in any association), a commutative pair sum, and
 * "the later element wins", whose identity is a left identity only (as redu_udr.h asks: a
 * combiner that put it on the right of a value, or after init, would lose that value);
 * each checked bit for bit against a serial loop at n from 0 to 2^20 + 3, inclusive and
 * exclusive, under both passes (REDU_SCAN_PASS), small single-pass tiles, forced plans, in
 * place, with an initial value and with host arrays; a type past the scans' limit is
 * refused with y untouched. Their segmented and batched scans (redu_segmented_*_scan_<name>,
 * redu_batched_*_scan_<name>) over layouts with empty segments, a first offset past 0,
 * segments for a warp and for a team and few long ones (scanned one after another), with
 * device and host offsets and an initial value, against the serial loop per segment, with
 * every element outside the segments untouched; decreasing offsets are refused with y
 * untouched. */
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

/* want[b, e) = the serial scan of xs[b, e) from init: inclusive, or each prefix before its
 * element (exclusive). */
#define SERIAL_SCAN(name, T, xs, want, b, e, init, excl)                                           \
  do {                                                                                             \
    T acc_ = (init);                                                                               \
    for (size_t i_ = (b); i_ < (e); ++i_) {                                                        \
      if (excl)                                                                                    \
        (want)[i_] = acc_;                                                                         \
      acc_ = redu_combine_##name(acc_, (xs)[i_]);                                                  \
      if (!excl)                                                                                   \
        (want)[i_] = acc_;                                                                         \
    }                                                                                              \
  } while (0)

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
          SERIAL_SCAN(name, T, xs, want, 0, n, init, excl);                                        \
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

/* Segment layouts: nseg segments of len elements (batched), or with len 0 the offsets
 * at(g), g in [0, nseg]. */
typedef struct layout {
  const char *what;
  size_t nseg, len;
  size_t (*at)(size_t g);
} layout;
/* Empty segments, a first offset past 0, short and long ones (a warp's and a team's). */
static size_t at_mixed(size_t g)
{
  static const size_t o[] = {3, 3, 10, 10, 2000, 2100, 74000, 74001, 74001};
  return o[g];
}
/* 3000 segments of 0 to 199 elements, each a warp's. */
static size_t at_many(size_t g) { return 5 + 100 * g + (g ? g * 7919 % 100 : 0); }
/* Two long segments, scanned one after another as array scans. */
static size_t at_long(size_t g) { return 1 + 300000 * g; }
/* A long segment among 2000 short ones: on GPUs an array scan of its own, the others in the
 * one launch. */
static size_t at_hub(size_t g) { return 5 + 50 * g + (g > 1000 ? 300000 : 0); }
static const layout layouts[] = {{"mixed", 8, 0, at_mixed},
                                 {"one long among short", 2001, 0, at_hub},
                                 {"many short", 3000, 0, at_many},
                                 {"two long", 2, 0, at_long},
                                 {"batched 1000 x 77", 1000, 77, NULL},
                                 {"batched 3 x 100000", 3, 100000, NULL}};
enum { NLAYOUTS = sizeof layouts / sizeof layouts[0], SEG_MOST = 600001 };

/* One type's segmented and batched scans over every layout, inclusive and exclusive, with
 * device arrays, with host ones (REDU_INPUT_HOST: x, y and the offsets), and with an initial
 * value; y starts as a pattern, which every element outside the segments must keep. */
#define CHECK_SEG_TYPE(name, T, FILL)                                                              \
  static void check_seg_##name(int dev)                                                            \
  {                                                                                                \
    T *xs = malloc(SEG_MOST * sizeof *xs), *want = malloc(SEG_MOST * sizeof *xs),                  \
      *got = malloc(SEG_MOST * sizeof *xs);                                                        \
    size_t *offs = malloc(3001 * sizeof *offs);                                                    \
    T *x = omp_target_alloc(SEG_MOST * sizeof *x, dev);                                            \
    T *y = omp_target_alloc(SEG_MOST * sizeof *y, dev);                                            \
    size_t *offs_dev = omp_target_alloc(3001 * sizeof *offs, dev);                                 \
    uint64_t seed = 99;                                                                            \
    for (size_t i = 0; i < SEG_MOST; ++i)                                                          \
      FILL(xs[i], redu_test_rand(&seed));                                                          \
    omp_target_memcpy(x, xs, SEG_MOST * sizeof *x, 0, 0, dev, omp_get_initial_device());           \
    for (int li = 0; li < NLAYOUTS; ++li)                                                          \
      for (int way = 0; way < 3; ++way) /* device arrays, host arrays, an initial value */         \
        for (int excl = 0; excl < 2; ++excl) {                                                     \
          const layout *L = &layouts[li];                                                          \
          for (size_t g = 0; !L->len && g <= L->nseg; ++g)                                         \
            offs[g] = L->at(g);                                                                    \
          T init = way == 2 ? xs[7] : redu_identity_##name();                                      \
          memset(want, 0x5C, SEG_MOST * sizeof *want);                                             \
          memset(got, 0x5C, SEG_MOST * sizeof *got);                                               \
          for (size_t g = 0; g < L->nseg; ++g) {                                                   \
            size_t b = L->len ? g * L->len : offs[g], e = L->len ? b + L->len : offs[g + 1];       \
            SERIAL_SCAN(name, T, xs, want, b, e, init, excl);                                      \
          }                                                                                        \
          omp_target_memcpy(y, got, SEG_MOST * sizeof *y, 0, 0, dev, omp_get_initial_device());    \
          if (!L->len)                                                                             \
            omp_target_memcpy(offs_dev, offs, (L->nseg + 1) * sizeof *offs, 0, 0, dev,             \
                              omp_get_initial_device());                                           \
          redu_options o = {0};                                                                    \
          if (way == 1)                                                                            \
            o.flags = REDU_INPUT_HOST;                                                             \
          if (way == 2)                                                                            \
            o.init = &init;                                                                        \
          const T *in = way == 1 ? xs : x;                                                         \
          T *out = way == 1 ? got : y;                                                             \
          redu_status s =                                                                          \
              L->len                                                                               \
                  ? (excl ? redu_batched_exclusive_scan_##name                                     \
                          : redu_batched_inclusive_scan_##name)(dev, in, out, L->len, L->nseg, &o) \
                  : (excl ? redu_segmented_exclusive_scan_##name                                   \
                          : redu_segmented_inclusive_scan_##name)(                                 \
                        dev, in, out, way == 1 ? offs : offs_dev, L->nseg, &o);                    \
          if (way != 1)                                                                            \
            omp_target_memcpy(got, y, SEG_MOST * sizeof *got, 0, 0, omp_get_initial_device(),      \
                              dev);                                                                \
          CHECK(s == REDU_OK, #name " segmented, %s, way %d, %s: %s (%s)", L->what, way,           \
                excl ? "exclusive" : "inclusive", redu_status_string(s), redu_last_error());       \
          size_t bad = 0, first = 0;                                                               \
          for (size_t i = 0; i < SEG_MOST; ++i)                                                    \
            if (memcmp(&got[i], &want[i], sizeof want[i]) && bad++ == 0)                           \
              first = i;                                                                           \
          CHECK(bad == 0,                                                                          \
                #name " segmented, %s, way %d, %s: %zu elements differ, the first at %zu",         \
                L->what, way, excl ? "exclusive" : "inclusive", bad, first);                       \
        }                                                                                          \
    omp_target_free(x, dev), omp_target_free(y, dev), omp_target_free(offs_dev, dev);              \
    free(xs), free(want), free(got), free(offs);                                                   \
  }

CHECK_TYPE(mat2_prod, mat2, FILL_MAT2)
CHECK_TYPE(affine_seq, affine, FILL_AFFINE)
CHECK_TYPE(pair_sum, pair, FILL_PAIR)
CHECK_TYPE(later_wins, later, FILL_LATER)
CHECK_SEG_TYPE(mat2_prod, mat2, FILL_MAT2)
CHECK_SEG_TYPE(affine_seq, affine, FILL_AFFINE)
CHECK_SEG_TYPE(pair_sum, pair, FILL_PAIR)
CHECK_SEG_TYPE(later_wins, later, FILL_LATER)

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
  size_t offs[3] = {0, 2, 4};
  s = redu_segmented_inclusive_scan_wide_sum(dev, xs, ys, offs, 2, &o);
  CHECK(s == REDU_ERR_UNSUPPORTED && strstr(redu_last_error(), "32 bytes"),
        "a 40-byte declared segmented scan: %s (%s)", redu_status_string(s), redu_last_error());
  CHECK(memcmp(ys, before, sizeof ys) == 0, "a refused segmented scan wrote y");
}

/* Decreasing offsets (device and host): REDU_ERR_BAD_OFFSETS naming the position, y
 * untouched. */
static void check_bad_offsets(int dev)
{
  affine xs[8] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}, {1, 1}, {2, 2}, {3, 3}, {4, 4}}, ys[8];
  memset(ys, 0x5A, sizeof ys);
  size_t offs[4] = {0, 5, 3, 8};
  affine *x = omp_target_alloc(sizeof xs, dev), *y = omp_target_alloc(sizeof ys, dev);
  size_t *od = omp_target_alloc(sizeof offs, dev);
  omp_target_memcpy(x, xs, sizeof xs, 0, 0, dev, omp_get_initial_device());
  omp_target_memcpy(y, ys, sizeof ys, 0, 0, dev, omp_get_initial_device());
  omp_target_memcpy(od, offs, sizeof offs, 0, 0, dev, omp_get_initial_device());
  redu_status s = redu_segmented_exclusive_scan_affine_seq(dev, x, y, od, 3, NULL);
  CHECK(s == REDU_ERR_BAD_OFFSETS && strstr(redu_last_error(), "offsets"),
        "decreasing device offsets: %s (%s)", redu_status_string(s), redu_last_error());
  affine got[8];
  omp_target_memcpy(got, y, sizeof got, 0, 0, omp_get_initial_device(), dev);
  CHECK(memcmp(got, ys, sizeof ys) == 0, "a segmented scan with bad device offsets wrote y");
  s = redu_segmented_inclusive_scan_affine_seq(dev, xs, got, offs, 3,
                                               &(redu_options){.flags = REDU_INPUT_HOST});
  CHECK(s == REDU_ERR_BAD_OFFSETS && strstr(redu_last_error(), "offsets"),
        "decreasing host offsets: %s (%s)", redu_status_string(s), redu_last_error());
  CHECK(memcmp(got, ys, sizeof ys) == 0, "a segmented scan with bad host offsets wrote y");
  omp_target_free(x, dev), omp_target_free(y, dev), omp_target_free(od, dev);
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
  check_seg_mat2_prod(dev);
  check_seg_affine_seq(dev);
  check_seg_pair_sum(dev);
  check_seg_later_wins(dev);
  check_refused(dev);
  check_bad_offsets(dev);
  return redu_test_finish("test_scan_udr");
}

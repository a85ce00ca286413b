/* User-declared reductions over every size class of T (4 .. 256 bytes): a commutative
 * lane-wise sum and a non-commutative composition of affine maps, each checked exactly
 * against a serial reference for every n, every team combine (planner, shuffles, tree,
 * team scratch forced into device memory), host-array input, a user scratchpad, and
 * against OpenMP's own reduction clause with the same declaration; and the segmented and
 * batched forms per segment. */
#include "redu_test.h"
#include "redu_test_udr.h"

static const size_t sizes[] = {0, 1, 31, 33, 1000, (1u << 20) + 7};
enum { NSIZES = sizeof sizes / sizeof sizes[0] };

/* Modes a call runs under; each must give the reference result exactly. */
enum { M_PLAN, M_SHUFFLE, M_TREE, M_SPILL, M_TEAMS, M_HOST_INPUT, M_PAD, NMODES };
static const char *const mode_names[NMODES] = {"planner", "shuffle",    "tree",      "spill",
                                               "7 teams", "host input", "scratchpad"};

/* Options for mode m for an accumulator of acc bytes; *pad gets device memory to free. */
static redu_options mode_options(int m, int dev, size_t n, size_t acc, void **pad)
{
  redu_options o = {0};
  int teams = 0, threads = 0;
  *pad = NULL;
  if (m == M_SHUFFLE)
    o.flags = REDU_TEAM_SHUFFLE;
  if (m == M_TREE)
    o.flags = REDU_TEAM_TREE;
  if (m == M_SPILL && redu_plan_query(dev, n, acc, &teams, &threads) == REDU_OK) {
    /* GPUs: 4x the threads the planner gives (at most 1024) with a tree: from 48-byte
     * accumulators on, more team scratch than team memory holds, so it moves to device
     * memory. CPU teams (1 thread) always keep team scratch in device memory. */
    o.flags = REDU_TEAM_TREE;
    /* redu.h: accumulators up to 32 bytes run at most 512 threads per team on a GPU. */
    int most = acc <= 32 ? 512 : 1024;
    o.threads = threads > 1 ? (4 * threads < most ? 4 * threads : most) : 0;
  }
  if (m == M_TEAMS)
    o.teams = 7; /* an odd league: ordered results must not depend on it */
  if (m == M_HOST_INPUT)
    o.flags = REDU_INPUT_HOST;
  if (m == M_PAD) {
    size_t team_bytes, dev_bytes;
    if (redu_scratch_query(dev, n, acc, acc, &o, &team_bytes, &dev_bytes) == REDU_OK) {
      o.scratchpad = *pad = omp_target_alloc(dev_bytes ? dev_bytes : 1, dev);
      o.scratchpad_bytes = dev_bytes;
    }
  }
  return o;
}

/* clang 19's own reduction clause with a 12-byte struct faults on sm_90 ("misaligned
 * address", reproduced with a plain OpenMP loop; docs/user-reductions.md): skip that one
 * comparison there. */
static int clause_works(size_t bytes)
{
  int on_gpu = 0;
#pragma omp target map(from : on_gpu)
  on_gpu = !omp_is_initial_device();
  return !on_gpu || bytes % 8 == 0 || bytes < 8;
}

/* Offsets over [0, n): empty, short, middle-sized and long segments (one of n / 4). */
static size_t *segment_offsets(size_t n, size_t *nseg)
{
  enum { SEGS = 400 };
  size_t *o = malloc((SEGS + 1) * sizeof *o);
  uint64_t seed = 99;
  o[0] = 3;
  for (size_t k = 0; k < SEGS; ++k) {
    uint64_t r = redu_test_rand(&seed);
    size_t len = k == SEGS / 2 ? n / 4 : r % 5 == 0 ? 0 : (size_t)1 << (r >> 8) % 12;
    o[k + 1] = o[k] + len < n ? o[k] + len : n;
  }
  *nseg = SEGS;
  return o;
}

/* P pairs of 16-bit words: sizeof = 4P bytes. */
#define DEFINE_SIZE_CLASS(P)                                                                       \
  typedef struct {                                                                                 \
    uint32_t w[P];                                                                                 \
  } lanes##P;                                                                                      \
  typedef struct {                                                                                 \
    uint16_t a[P], b[P];                                                                           \
  } affine##P;                                                                                     \
  static inline lanes##P lanes##P##_add(lanes##P x, lanes##P y)                                    \
  {                                                                                                \
    for (int k = 0; k < P; ++k)                                                                    \
      x.w[k] += y.w[k];                                                                            \
    return x;                                                                                      \
  }                                                                                                \
  /* v -> a v + b (mod 2^16); then(f, g) applies f first: not commutative. */                      \
  static inline affine##P affine##P##_then(affine##P f, affine##P g)                               \
  {                                                                                                \
    for (int k = 0; k < P; ++k) {                                                                  \
      /* uint16_t operands promote to int: multiply as uint32_t (no signed overflow). */           \
      f.b[k] = (uint16_t)((uint32_t)g.a[k] * f.b[k] + g.b[k]);                                     \
      f.a[k] = (uint16_t)((uint32_t)g.a[k] * f.a[k]);                                              \
    }                                                                                              \
    return f;                                                                                      \
  }                                                                                                \
  REDU_DECLARE_REDUCTION(lanes##P##_sum, lanes##P, lanes##P##_add, REDU_COMMUTATIVE, {{0}})        \
  REDU_DECLARE_REDUCTION(affine##P##_chain, affine##P, affine##P##_then, REDU_ORDERED,             \
                         {.a = {[0 ... P - 1] = 1}})                                               \
                                                                                                   \
  static void fill##P(lanes##P *l, affine##P *f, size_t n, uint64_t seed)                          \
  {                                                                                                \
    for (size_t i = 0; i < n; ++i)                                                                 \
      for (int k = 0; k < P; ++k) {                                                                \
        uint64_t r = redu_test_rand(&seed);                                                        \
        l[i].w[k] = (uint32_t)r;                                                                   \
        f[i].a[k] = (uint16_t)((r >> 32) | 1); /* odd: invertible, nothing cancels */              \
        f[i].b[k] = (uint16_t)(r >> 48);                                                           \
      }                                                                                            \
  }                                                                                                \
                                                                                                   \
  /* Segmented and batched: every segment against the serial reference (ordered chains in          \
   * index order within each segment), device arrays and host arrays. */                           \
  static void test_segments##P(int dev, const lanes##P *l, const affine##P *f, const lanes##P *dl, \
                               const affine##P *df, size_t nmax)                                   \
  {                                                                                                \
    size_t nseg, *offs = segment_offsets(nmax, &nseg);                                             \
    size_t *doffs = redu_test_to_device(offs, (nseg + 1) * sizeof *offs, dev);                     \
    size_t most = nseg > nmax / 777 ? nseg : nmax / 777;                                           \
    lanes##P *gl = malloc(most * sizeof *gl), *dgl = omp_target_alloc(most * sizeof *gl, dev);     \
    affine##P *gf = malloc(most * sizeof *gf), *dgf = omp_target_alloc(most * sizeof *gf, dev);    \
    redu_options host = {.flags = REDU_INPUT_HOST};                                                \
    for (int form = 0; form < 4; ++form) {                                                         \
      size_t len = 777, ns = form < 2 ? nseg : nmax / len;                                         \
      if (form == 0) {                                                                             \
        CHECK_OK(redu_segmented_reduce_lanes##P##_sum(dev, dl, doffs, ns, dgl, NULL));             \
        CHECK_OK(redu_segmented_reduce_affine##P##_chain(dev, df, doffs, ns, dgf, NULL));          \
      } else if (form == 1) {                                                                      \
        CHECK_OK(redu_segmented_reduce_lanes##P##_sum(dev, l, offs, ns, gl, &host));               \
        CHECK_OK(redu_segmented_reduce_affine##P##_chain(dev, f, offs, ns, gf, &host));            \
      } else if (form == 2) {                                                                      \
        CHECK_OK(redu_batched_reduce_lanes##P##_sum(dev, dl, len, ns, dgl, NULL));                 \
        CHECK_OK(redu_batched_reduce_affine##P##_chain(dev, df, len, ns, dgf, NULL));              \
      } else {                                                                                     \
        CHECK_OK(redu_batched_reduce_lanes##P##_sum(dev, l, len, ns, gl, &host));                  \
        CHECK_OK(redu_batched_reduce_affine##P##_chain(dev, f, len, ns, gf, &host));               \
      }                                                                                            \
      if (form % 2 == 0) {                                                                         \
        omp_target_memcpy(gl, dgl, ns * sizeof *gl, 0, 0, omp_get_initial_device(), dev);          \
        omp_target_memcpy(gf, dgf, ns * sizeof *gf, 0, 0, omp_get_initial_device(), dev);          \
      }                                                                                            \
      int bad = 0;                                                                                 \
      for (size_t k = 0; k < ns && bad < 3; ++k) {                                                 \
        size_t lo = form < 2 ? offs[k] : k * len, hi = form < 2 ? offs[k + 1] : (k + 1) * len;     \
        lanes##P rl = redu_identity_lanes##P##_sum();                                              \
        affine##P rf = redu_identity_affine##P##_chain();                                          \
        for (size_t i = lo; i < hi; ++i) {                                                         \
          rl = lanes##P##_add(rl, l[i]);                                                           \
          rf = affine##P##_then(rf, f[i]);                                                         \
        }                                                                                          \
        int ok = !memcmp(&gl[k], &rl, sizeof rl) && !memcmp(&gf[k], &rf, sizeof rf);               \
        bad += !ok;                                                                                \
        CHECK(ok, "%d-byte segmented (form %d) segment %zu [%zu, %zu): wrong result",              \
              (int)sizeof rf, form, k, lo, hi);                                                    \
      }                                                                                            \
    }                                                                                              \
    omp_target_free(doffs, dev), omp_target_free(dgl, dev), omp_target_free(dgf, dev);             \
    free(offs), free(gl), free(gf);                                                                \
  }                                                                                                \
                                                                                                   \
  static void test##P(int dev)                                                                     \
  {                                                                                                \
    size_t nmax = sizes[NSIZES - 1];                                                               \
    lanes##P *l = malloc(nmax * sizeof *l);                                                        \
    affine##P *f = malloc(nmax * sizeof *f);                                                       \
    fill##P(l, f, nmax, 7 * P);                                                                    \
    lanes##P *dl = redu_test_to_device(l, nmax * sizeof *l, dev);                                  \
    affine##P *df = redu_test_to_device(f, nmax * sizeof *f, dev);                                 \
    for (int si = 0; si < NSIZES; ++si) {                                                          \
      size_t n = sizes[si];                                                                        \
      lanes##P rl = redu_identity_lanes##P##_sum();                                                \
      affine##P rf = redu_identity_affine##P##_chain();                                            \
      for (size_t i = 0; i < n; ++i) {                                                             \
        rl = lanes##P##_add(rl, l[i]);                                                             \
        rf = affine##P##_then(rf, f[i]);                                                           \
      }                                                                                            \
      for (int m = 0; m < NMODES; ++m) {                                                           \
        void *pad;                                                                                 \
        redu_options o = mode_options(m, dev, n, sizeof(affine##P), &pad);                         \
        const lanes##P *xl = m == M_HOST_INPUT ? l : dl;                                           \
        const affine##P *xf = m == M_HOST_INPUT ? f : df;                                          \
        lanes##P gl;                                                                               \
        affine##P gf;                                                                              \
        CHECK_OK(redu_reduce_lanes##P##_sum(dev, xl, n, &gl, &o));                                 \
        CHECK_OK(redu_reduce_affine##P##_chain(dev, xf, n, &gf, &o));                              \
        CHECK(!memcmp(&gl, &rl, sizeof gl), "%d-byte sum, n=%zu, %s: wrong result",                \
              (int)sizeof gl, n, mode_names[m]);                                                   \
        CHECK(!memcmp(&gf, &rf, sizeof gf),                                                        \
              "%d-byte ordered chain, n=%zu, %s: wrong "                                           \
              "result",                                                                            \
              (int)sizeof gf, n, mode_names[m]);                                                   \
        omp_target_free(pad, dev);                                                                 \
      }                                                                                            \
      if (!clause_works(sizeof(lanes##P)))                                                         \
        continue;                                                                                  \
      lanes##P cl = redu_identity_lanes##P##_sum();                                                \
      REDU__PRAGMA(omp target teams distribute parallel for device(dev) is_device_ptr(dl)   \
                  reduction(lanes##P##_sum : cl) map(tofrom : cl))                                 \
      for (size_t i = 0; i < n; ++i)                                                               \
        cl = lanes##P##_add(cl, dl[i]);                                                            \
      CHECK(!memcmp(&cl, &rl, sizeof cl),                                                          \
            "%d-byte sum, n=%zu: OpenMP reduction clause "                                         \
            "with the same declaration disagrees",                                                 \
            (int)sizeof cl, n);                                                                    \
    }                                                                                              \
    test_segments##P(dev, l, f, dl, df, nmax);                                                     \
    omp_target_free(dl, dev);                                                                      \
    omp_target_free(df, dev);                                                                      \
    free(l);                                                                                       \
    free(f);                                                                                       \
  }

DEFINE_SIZE_CLASS(1)
DEFINE_SIZE_CLASS(2)
DEFINE_SIZE_CLASS(3)
DEFINE_SIZE_CLASS(4)
DEFINE_SIZE_CLASS(6)
DEFINE_SIZE_CLASS(8)
DEFINE_SIZE_CLASS(16)
DEFINE_SIZE_CLASS(64)

/* A transform reduction whose lift uses the index, over 8-byte (double) and 4-byte (float)
 * elements: the first index of the largest value. GPUs read such inputs a 16-byte word at a
 * time when x is 16-byte aligned (device/redu_index_kernel.h), so each case runs on x and on
 * x + 1 (element by element), with many ties, against a serial scan. */
typedef struct {
  double v;
  size_t i;
} first_max;
static inline first_max first_max_pick(first_max a, first_max b)
{
  return b.v > a.v || (b.v == a.v && b.i < a.i) ? b : a;
}
static inline first_max first_max_of_f64(double v, size_t i) { return (first_max){v, i}; }
static inline first_max first_max_of_f32(float v, size_t i) { return (first_max){v, i}; }
REDU_DECLARE_REDUCTION(first_max_at, first_max, first_max_pick, REDU_COMMUTATIVE,
                       {-__builtin_inf(), SIZE_MAX})
REDU_DEFINE_TRANSFORM_REDUCTION(first_max_f64, first_max_at, double, first_max_of_f64)
REDU_DEFINE_TRANSFORM_REDUCTION(first_max_f32, first_max_at, float, first_max_of_f32)

#define DEFINE_FIRST_MAX_TEST(sfx, T)                                                              \
  static void test_first_max_##sfx(int dev)                                                        \
  {                                                                                                \
    size_t nmax = sizes[NSIZES - 1] + 1;                                                           \
    T *h = malloc(nmax * sizeof *h);                                                               \
    for (int si = 0; si < NSIZES; ++si)                                                            \
      for (size_t off = 0; off < 2; ++off) {                                                       \
        size_t n = sizes[si], top = ((n / 2) & ~(size_t)3) + 1;                                    \
        uint64_t seed = 11;                                                                        \
        for (size_t i = 0; i < nmax; ++i)                                                          \
          h[i] = (T)(redu_test_rand(&seed) % 97);                                                  \
        /* The first maximum at an index 1 mod 4, a tie 0 mod 4 after it: a word path that         \
         * dropped or misplaced an element of a word gets either wrong. */                         \
        if (top + 3 < n)                                                                           \
          h[off + top] = h[off + top + 3] = (T)200;                                                \
        T *d = redu_test_to_device(h, nmax * sizeof *h, dev);                                      \
        first_max want = redu_identity_first_max_at(), got;                                        \
        for (size_t i = 0; i < n; ++i)                                                             \
          want = first_max_pick(want, first_max_of_##sfx(h[off + i], i));                          \
        /* The planner's league, and 7 teams: threads then take many rounds of four words. */      \
        for (int teams = 0; teams <= 7; teams += 7) {                                              \
          redu_options o = {.teams = teams};                                                       \
          CHECK_OK(first_max_##sfx(dev, d + off, n, &got, &o));                                    \
          CHECK(got.v == want.v && got.i == want.i,                                                \
                "first max of " #T ", n=%zu, offset %zu, teams %d: %g@%zu, want %g@%zu", n, off,   \
                teams, got.v, got.i, want.v, want.i);                                              \
        }                                                                                          \
        omp_target_free(d, dev);                                                                   \
      }                                                                                            \
    free(h);                                                                                       \
  }
DEFINE_FIRST_MAX_TEST(f64, double)
DEFINE_FIRST_MAX_TEST(f32, float)

/* Types over 256 bytes or over-aligned fail to compile (tests/compile_fail/). */
static void test_errors(int dev)
{
  lanes4 *l = omp_target_alloc(1000 * sizeof *l, dev), r = {{7}};
  size_t team_bytes, dev_bytes;
  CHECK_OK(redu_scratch_query(dev, 1000, sizeof *l, sizeof *l, NULL, &team_bytes, &dev_bytes));
  CHECK(dev_bytes > 0, "scratch query gives no device bytes");
  void *pad = omp_target_alloc(dev_bytes, dev);
  redu_options small = {.scratchpad = pad, .scratchpad_bytes = dev_bytes - 1};
  CHECK(redu_reduce_lanes4_sum(dev, l, 1000, &r, &small) == REDU_ERR_SCRATCH_TOO_SMALL &&
            r.w[0] == 7,
        "scratchpad one byte short: %s", redu_last_error());
  printf("too small scratchpad: %s\n", redu_last_error());
  redu_options both = {.flags = REDU_TEAM_TREE | REDU_TEAM_SHUFFLE};
  CHECK(redu_reduce_lanes4_sum(dev, l, 1000, &r, &both) == REDU_ERR_BAD_OPTION && r.w[0] == 7,
        "tree and shuffle together: %s", redu_last_error());
  CHECK(redu_reduce_lanes4_sum(dev, l, 1000, NULL, NULL) == REDU_ERR_NULL_ARG, "NULL result: %s",
        redu_last_error());
  CHECK(redu_reduce_lanes4_sum(dev, NULL, 1000, &r, NULL) == REDU_ERR_NULL_ARG && r.w[0] == 7,
        "NULL x: %s", redu_last_error());
  CHECK(redu_reduce_lanes4_sum(dev, l, SIZE_MAX / 8, &r, NULL) == REDU_ERR_OVERFLOW && r.w[0] == 7,
        "n overflows: %s", redu_last_error());
  CHECK(redu_reduce_lanes4_sum(9999, l, 1000, &r, NULL) == REDU_ERR_INVALID_DEVICE && r.w[0] == 7,
        "unknown device: %s", redu_last_error());
  CHECK(redu_reduce_lanes4_sum(dev, (const lanes4 *)((char *)l + 2), 100, &r, NULL) ==
                REDU_ERR_MISALIGNED &&
            r.w[0] == 7,
        "x 2 bytes into a 4-byte-aligned type: %s", redu_last_error());
  /* redu.h: a declared reduction's accumulator of at most 32 bytes runs at most 512 threads
   * per team on a GPU (its kernel's launch bounds); the planner's threads tell a GPU. */
  int plan_teams = 0, plan_threads = 0;
  CHECK_OK(redu_plan_query(dev, 1000, sizeof *l, &plan_teams, &plan_threads));
  if (plan_threads > 1) {
    redu_options wide = {.threads = 1024};
    CHECK(redu_reduce_lanes4_sum(dev, l, 1000, &r, &wide) == REDU_ERR_BAD_OPTION && r.w[0] == 7 &&
              strstr(redu_last_error(), "at most 512"),
          "1024 threads, 16-byte accumulator: %s", redu_last_error());
    printf("too many threads: %s\n", redu_last_error());
  }
  redu_options skew = {.scratchpad = (char *)pad + 2, .scratchpad_bytes = dev_bytes - 2};
  CHECK(redu_reduce_lanes4_sum(dev, l, 1000, &r, &skew) == REDU_ERR_MISALIGNED && r.w[0] == 7,
        "scratchpad 2 bytes off: %s", redu_last_error());
  omp_target_free(pad, dev);
  omp_target_free(l, dev);
}

int main(void)
{
  int dev = omp_get_default_device();
  test1(dev);
  test2(dev);
  test3(dev);
  test4(dev);
  test6(dev);
  test8(dev);
  test16(dev);
  test64(dev);
  test_first_max_f64(dev);
  test_first_max_f32(dev);
  test_errors(dev);
  return redu_test_finish("test_udr");
}

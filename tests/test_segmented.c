/* Segmented and batched reductions: every op x type on segment-length distributions
 * (all empty, all length 1, uniform, power-law, one giant segment among many tiny ones,
 * offsets not starting at 0), each segment against a serial reference written here:
 * exact for integers, min/max/arg and logical ops, and for float sums (the data are small
 * integers, whose sums are exact in double in any order); float products within
 * len * 2^-52 relative. Device memory through the generic call, the typed calls (which
 * must agree bit for bit), host arrays (REDU_INPUT_HOST), and bad offsets: the status,
 * the first bad position in the message, and outputs untouched. `test_segmented plans`: the
 * same with power-law segments up to 2^12 elements instead of 2^17 (the forced plans' and the
 * sanitized runs). */
#include "redu_test.h"
#include <math.h>

enum { DIST_EMPTY, DIST_ONES, DIST_UNIFORM, DIST_POWER, DIST_GIANT, DIST_SHIFTED, DIST_COUNT };
static const char *const dist_names[] = {"all empty", "all length 1", "uniform 1000",
                                         "power-law", "one giant",    "start at 7"};

/* Power-law segments up to 2^power_bits elements: 2^17, or 2^12 for the forced plans and the
 * sanitized build (`test_segmented plans`, tests/CMakeLists.txt): the longest segments took
 * most of the test's time under one team of 32 threads on a 2-core CPU, and the planner's own
 * run has them. */
static int power_bits = 17;

/* Offsets of distribution d: *nseg segments, offsets[0 .. nseg]. */
static size_t *make_offsets(int d, size_t *nseg)
{
  uint64_t seed = 77 + (uint64_t)d;
  size_t n = d == DIST_EMPTY     ? 100
             : d == DIST_ONES    ? 5000
             : d == DIST_UNIFORM ? 200
             : d == DIST_POWER   ? 300
             : d == DIST_GIANT   ? 2001
                                 : 150;
  size_t *o = malloc((n + 1) * sizeof *o);
  o[0] = d == DIST_EMPTY ? 5 : d == DIST_SHIFTED ? 7 : 0;
  for (size_t k = 0; k < n; ++k) {
    uint64_t r = redu_test_rand(&seed);
    size_t len = d == DIST_EMPTY     ? 0
                 : d == DIST_ONES    ? 1
                 : d == DIST_UNIFORM ? 1000
                 : d == DIST_POWER
                     ? (size_t)ldexp(1.0, (int)(r % (uint64_t)(power_bits + 1))) + r % 7
                 : d == DIST_GIANT ? (k == n / 2 ? (1u << 20) + 3 : r % 4)
                                   : r % 3000;
    o[k + 1] = o[k] + len;
  }
  *nseg = n;
  return o;
}

/* The reference of one segment, per type: every op the type has. */
#define DEFINE_REF(sfx, T, E, K, SA, LO, HI)                                                       \
  static int ref_##sfx(redu_op op, const T *x, size_t lo, size_t hi, T *val, size_t *idx)          \
  {                                                                                                \
    long double acc = op == REDU_PROD;                                                             \
    uint64_t w = op == REDU_PROD;                                                                  \
    T best = op == REDU_MIN || op == REDU_ARGMIN ? (T)(HI) : (T)(LO);                              \
    T bits = REF_BITS_INIT_##K(T, op);                                                             \
    int all = 1, any = 0;                                                                          \
    *idx = REDU_NO_INDEX;                                                                          \
    for (size_t i = lo; i < hi; ++i) {                                                             \
      acc = op == REDU_PROD ? acc * (long double)x[i] : acc + (long double)x[i];                   \
      w = op == REDU_PROD ? w * (uint64_t)(int64_t)x[i] : w + (uint64_t)(int64_t)x[i];             \
      if ((op == REDU_MIN || op == REDU_ARGMIN) && (*idx == REDU_NO_INDEX || x[i] < best))         \
        best = x[i], *idx = i - lo;                                                                \
      if ((op == REDU_MAX || op == REDU_ARGMAX) && (*idx == REDU_NO_INDEX || x[i] > best))         \
        best = x[i], *idx = i - lo;                                                                \
      all &= x[i] != 0, any |= x[i] != 0;                                                          \
      REF_BITS_##K(op, bits, x[i]);                                                                \
    }                                                                                              \
    switch (op) {                                                                                  \
    case REDU_SUM:                                                                                 \
    case REDU_PROD:                                                                                \
      *val = REF_ARITH_##K(T, acc, w);                                                             \
      return op == REDU_PROD && K##_IS_FLOAT;                                                      \
    case REDU_LAND:                                                                                \
      *val = (T)all;                                                                               \
      return 0;                                                                                    \
    case REDU_LOR:                                                                                 \
      *val = (T)any;                                                                               \
      return 0;                                                                                    \
    case REDU_BAND:                                                                                \
    case REDU_BOR:                                                                                 \
    case REDU_BXOR:                                                                                \
      *val = bits;                                                                                 \
      return 0;                                                                                    \
    default:                                                                                       \
      *val = best;                                                                                 \
      return 0;                                                                                    \
    }                                                                                              \
  }
#define INT_IS_FLOAT 0
#define UINT_IS_FLOAT 0
#define FLT_IS_FLOAT 1
#define REF_ARITH_INT(T, acc, w) ((T)(w))
#define REF_ARITH_UINT REF_ARITH_INT
#define REF_ARITH_FLT(T, acc, w) ((T)(acc))
#define REF_BITS_INT(op, bits, v)                                                                  \
  (bits = op == REDU_BAND ? (bits & (v)) : op == REDU_BOR ? (bits | (v)) : (bits ^ (v)))
#define REF_BITS_UINT REF_BITS_INT
#define REF_BITS_FLT(op, bits, v) ((void)0)
#define REF_BITS_INIT_INT(T, op) (op == REDU_BAND ? (T) ~(T)0 : (T)0)
#define REF_BITS_INIT_UINT REF_BITS_INIT_INT
#define REF_BITS_INIT_FLT(T, op) ((T)0)
REDU_FOR_EACH_TYPE(DEFINE_REF)
#undef DEFINE_REF

#define GEN_INT(T, r) ((T)(r))
#define GEN_UINT(T, r) ((T)(r))
#define GEN_FLT(T, r) ((T)((int)((r) % 7) - 3))

/* Checks one op over every segment: the generic call on device arrays, the same through
 * host arrays, and the outputs against the reference. */
#define DEFINE_TYPE_TEST(sfx, T, E, K, SA, LO, HI)                                                 \
  static void check_op_##sfx(int dev, redu_op op, const T *xs, const T *xd, const size_t *offs,    \
                             const size_t *offd, size_t seg_len, size_t nseg, const char *where)   \
  {                                                                                                \
    int arg = op == REDU_ARGMIN || op == REDU_ARGMAX;                                              \
    T *vals = malloc(nseg * sizeof *vals), *hv = malloc(nseg * sizeof *hv);                        \
    size_t *idx = malloc(nseg * sizeof *idx), *hi = malloc(nseg * sizeof *hi);                     \
    T *dv = omp_target_alloc(nseg * sizeof *dv, dev);                                              \
    size_t *di = omp_target_alloc(nseg * sizeof *di, dev);                                         \
    redu_options host = {.flags = REDU_INPUT_HOST};                                                \
    redu_status s, sh;                                                                             \
    if (offs) {                                                                                    \
      s = redu_segmented_reduce(dev, op, E, xd, offd, nseg, dv, arg ? di : NULL, NULL);            \
      sh = redu_segmented_reduce(dev, op, E, xs, offs, nseg, hv, arg ? hi : NULL, &host);          \
    } else {                                                                                       \
      s = redu_batched_reduce(dev, op, E, xd, seg_len, nseg, dv, arg ? di : NULL, NULL);           \
      sh = redu_batched_reduce(dev, op, E, xs, seg_len, nseg, hv, arg ? hi : NULL, &host);         \
    }                                                                                              \
    if (K##_IS_FLOAT && (op == REDU_BAND || op == REDU_BOR || op == REDU_BXOR)) {                  \
      CHECK(s == REDU_ERR_UNSUPPORTED && sh == s, "%s op %d on " #sfx ": %d, %d", where, (int)op,  \
            (int)s, (int)sh);                                                                      \
      goto done;                                                                                   \
    }                                                                                              \
    CHECK(s == REDU_OK && sh == REDU_OK, "%s op %d " #sfx ": %d, %d (%s)", where, (int)op, (int)s, \
          (int)sh, redu_last_error());                                                             \
    if (s != REDU_OK || sh != REDU_OK)                                                             \
      goto done;                                                                                   \
    omp_target_memcpy(vals, dv, nseg * sizeof *vals, 0, 0, omp_get_initial_device(), dev);         \
    omp_target_memcpy(idx, di, nseg * sizeof *idx, 0, 0, omp_get_initial_device(), dev);           \
    int bad = 0;                                                                                   \
    for (size_t k = 0; k < nseg && bad < 5; ++k) {                                                 \
      size_t lo = offs ? offs[k] : k * seg_len, hiend = offs ? offs[k + 1] : (k + 1) * seg_len;    \
      T want;                                                                                      \
      size_t wi;                                                                                   \
      int rel = ref_##sfx(op, xs, lo, hiend, &want, &wi);                                          \
      int ok = rel ? (isinf((double)want) ? (double)vals[k] == (double)want                        \
                                          : fabs((double)vals[k] - (double)want) <=                \
                                                fabs((double)want) * (double)(hiend - lo + 1) *    \
                                                    (sizeof(T) == 4 ? 0x1p-23 : 0x1p-52))          \
                   : memcmp(&vals[k], &want, sizeof want) == 0;                                    \
      ok = ok && (!arg || idx[k] == wi);                                                           \
      ok = ok && memcmp(&vals[k], &hv[k], sizeof want) == 0 && (!arg || hi[k] == idx[k]);          \
      if (!ok)                                                                                     \
        ++bad;                                                                                     \
      CHECK(ok,                                                                                    \
            "%s op %d " #sfx " segment %zu [%zu, %zu): got %Lg@%zu (host arrays %Lg@%zu), "        \
            "want %Lg@%zu",                                                                        \
            where, (int)op, k, lo, hiend, (long double)vals[k], arg ? idx[k] : 0,                  \
            (long double)hv[k], arg ? hi[k] : 0, (long double)want, arg ? wi : 0);                 \
    }                                                                                              \
  done:                                                                                            \
    omp_target_free(dv, dev);                                                                      \
    omp_target_free(di, dev);                                                                      \
    free(vals), free(hv), free(idx), free(hi);                                                     \
  }                                                                                                \
                                                                                                   \
  /* The typed calls are the generic ones' entries: the same bits. */                              \
  static void check_typed_##sfx(int dev, const T *xd, const size_t *offd, size_t nseg)             \
  {                                                                                                \
    T *a = omp_target_alloc(2 * nseg * sizeof *a, dev);                                            \
    size_t *i = omp_target_alloc(2 * nseg * sizeof *i, dev);                                       \
    T *ha = malloc(2 * nseg * sizeof *ha);                                                         \
    size_t *hi = malloc(2 * nseg * sizeof *hi);                                                    \
    CHECK_OK(redu_segmented_sum_##sfx(dev, xd, offd, nseg, a, NULL));                              \
    CHECK_OK(redu_segmented_reduce(dev, REDU_SUM, E, xd, offd, nseg, a + nseg, NULL, NULL));       \
    CHECK_OK(redu_segmented_argmax_##sfx(dev, xd, offd, nseg, a, i, NULL));                        \
    CHECK_OK(                                                                                      \
        redu_segmented_reduce(dev, REDU_ARGMAX, E, xd, offd, nseg, a + nseg, i + nseg, NULL));     \
    omp_target_memcpy(ha, a, 2 * nseg * sizeof *a, 0, 0, omp_get_initial_device(), dev);           \
    omp_target_memcpy(hi, i, 2 * nseg * sizeof *i, 0, 0, omp_get_initial_device(), dev);           \
    CHECK(!memcmp(ha, ha + nseg, nseg * sizeof *ha) && !memcmp(hi, hi + nseg, nseg * sizeof *hi),  \
          "typed argmax_" #sfx " differs from the generic call");                                  \
    CHECK_OK(redu_batched_min_##sfx(dev, xd, 3, nseg, a, NULL));                                   \
    CHECK_OK(redu_batched_reduce(dev, REDU_MIN, E, xd, 3, nseg, a + nseg, NULL, NULL));            \
    CHECK_OK(redu_batched_argmin_##sfx(dev, xd, 3, nseg, a, i, NULL));                             \
    omp_target_memcpy(ha, a, 2 * nseg * sizeof *a, 0, 0, omp_get_initial_device(), dev);           \
    CHECK(!memcmp(ha, ha + nseg, nseg * sizeof *ha), "typed batched min_" #sfx " differs");        \
    omp_target_free(a, dev), omp_target_free(i, dev);                                              \
    free(ha), free(hi);                                                                            \
  }                                                                                                \
                                                                                                   \
  static void test_##sfx(int dev)                                                                  \
  {                                                                                                \
    for (int d = 0; d < DIST_COUNT; ++d) {                                                         \
      size_t nseg, *offs = make_offsets(d, &nseg), n = offs[nseg] + 1;                             \
      uint64_t seed = 5 + (uint64_t)d * 31 + sizeof(T);                                            \
      T *xs = malloc(n * sizeof *xs);                                                              \
      for (size_t i = 0; i < n; ++i)                                                               \
        xs[i] = GEN_##K(T, redu_test_rand(&seed));                                                 \
      T *xd = redu_test_to_device(xs, n * sizeof *xs, dev);                                        \
      size_t *offd = redu_test_to_device(offs, (nseg + 1) * sizeof *offs, dev);                    \
      char where[80];                                                                              \
      snprintf(where, sizeof where, "[%s]", dist_names[d]);                                        \
      for (int op = 0; op < REDU_OP_COUNT; ++op)                                                   \
        check_op_##sfx(dev, (redu_op)op, xs, xd, offs, offd, 0, nseg, where);                      \
      if (d == DIST_UNIFORM)                                                                       \
        check_typed_##sfx(dev, xd, offd, nseg);                                                    \
      static const size_t lens[] = {0, 1, 33, 1000};                                               \
      if (d == DIST_POWER)                                                                         \
        for (size_t l = 0; l < sizeof lens / sizeof lens[0]; ++l) {                                \
          snprintf(where, sizeof where, "[batched, length %zu]", lens[l]);                         \
          for (int op = 0; op < REDU_OP_COUNT; ++op)                                               \
            check_op_##sfx(dev, (redu_op)op, xs, xd, NULL, NULL, lens[l],                          \
                           n / (lens[l] + 1) < 3000 ? n / (lens[l] + 1) : 3000, where);            \
        }                                                                                          \
      omp_target_free(xd, dev), omp_target_free(offd, dev);                                        \
      free(xs), free(offs);                                                                        \
    }                                                                                              \
  }
REDU_FOR_EACH_TYPE(DEFINE_TYPE_TEST)
#undef DEFINE_TYPE_TEST

/* Bad offsets: the status, the position in the message, nothing written. */
static void test_bad_offsets(int dev)
{
  size_t nseg = 4000, n = 4000 * 10;
  double *xs = calloc(n, sizeof *xs), *res = malloc(nseg * sizeof *res);
  size_t *offs = malloc((nseg + 1) * sizeof *offs);
  for (size_t k = 0; k <= nseg; ++k)
    offs[k] = 10 * k;
  double *xd = redu_test_to_device(xs, n * sizeof *xs, dev);
  double *rd = omp_target_alloc(nseg * sizeof *rd, dev);
  static const size_t at[] = {1, 2, 1999, 3999, 4000};
  size_t *bad = malloc((nseg + 1) * sizeof *bad);
  for (size_t c = 0; c < sizeof at / sizeof at[0]; ++c) {
    size_t k = at[c];
    memcpy(bad, offs, (nseg + 1) * sizeof *bad);
    if (k == 1)
      bad[0] = 5, bad[1] = 4;
    else
      bad[k] = bad[k - 1] - 1;
    for (size_t j = 0; j < nseg; ++j)
      res[j] = -7.0;
    size_t *offd = redu_test_to_device(bad, (nseg + 1) * sizeof *bad, dev);
    omp_target_memcpy(rd, res, nseg * sizeof *res, 0, 0, dev, omp_get_initial_device());
    char want[48];
    snprintf(want, sizeof want, "offsets[%zu] =", k);
    redu_status s = redu_segmented_sum_f64(dev, xd, offd, nseg, rd, NULL);
    CHECK(s == REDU_ERR_BAD_OFFSETS && strstr(redu_last_error(), want),
          "device offsets bad at %zu: status %d, message '%s'", k, (int)s, redu_last_error());
    omp_target_memcpy(res, rd, nseg * sizeof *res, 0, 0, omp_get_initial_device(), dev);
    int untouched = 1;
    for (size_t j = 0; j < nseg; ++j)
      untouched &= res[j] == -7.0;
    CHECK(untouched, "device offsets bad at %zu: results were written", k);
    redu_options host = {.flags = REDU_INPUT_HOST};
    s = redu_segmented_sum_f64(dev, xs, bad, nseg, res, &host);
    CHECK(s == REDU_ERR_BAD_OFFSETS && strstr(redu_last_error(), want),
          "host offsets bad at %zu: status %d, message '%s'", k, (int)s, redu_last_error());
    untouched = 1;
    for (size_t j = 0; j < nseg; ++j)
      untouched &= res[j] == -7.0;
    CHECK(untouched, "host offsets bad at %zu: results were written", k);
    omp_target_free(offd, dev);
  }
  free(bad);
  /* Past x's allocation: only a GPU knows the allocation's end. */
  if (redu_test_is_cuda(dev)) {
    offs[nseg] = n + 1;
    size_t *offd = redu_test_to_device(offs, (nseg + 1) * sizeof *offs, dev);
    redu_status s = redu_segmented_sum_f64(dev, xd, offd, nseg, rd, NULL);
    CHECK(s == REDU_ERR_BAD_OFFSETS && strstr(redu_last_error(), "past x's allocation"),
          "offsets past the allocation: status %d, '%s'", (int)s, redu_last_error());
    omp_target_free(offd, dev);
  }
  omp_target_free(xd, dev), omp_target_free(rd, dev);
  free(xs), free(res), free(offs);
}

/* Arguments: clear statuses, nothing written. */
static void test_arguments(int dev)
{
  double x[8] = {1, 2, 3, 4, 5, 6, 7, 8}, r[4] = {-1, -1, -1, -1};
  size_t offs[5] = {0, 2, 4, 6, 8}, idx[4];
  redu_options host = {.flags = REDU_INPUT_HOST};
  CHECK_OK(redu_segmented_sum_f64(dev, NULL, NULL, 0, NULL, NULL));
  CHECK_OK(redu_batched_sum_f64(dev, NULL, 5, 0, NULL, NULL));
  CHECK(redu_segmented_sum_f64(dev, x, NULL, 4, r, &host) == REDU_ERR_NULL_ARG, "NULL offsets");
  CHECK(redu_segmented_sum_f64(dev, NULL, offs, 4, r, &host) == REDU_ERR_NULL_ARG, "NULL x");
  CHECK(redu_segmented_sum_f64(dev, x, offs, 4, NULL, &host) == REDU_ERR_NULL_ARG, "NULL results");
  CHECK(redu_segmented_argmin_f64(dev, x, offs, 4, r, NULL, &host) == REDU_ERR_NULL_ARG,
        "NULL indices");
  CHECK(redu_segmented_reduce(dev, REDU_BAND, REDU_DOUBLE, x, offs, 4, r, NULL, &host) ==
            REDU_ERR_UNSUPPORTED,
        "band on double");
  CHECK(redu_segmented_reduce(dev, REDU_OP_COUNT, REDU_DOUBLE, x, offs, 4, r, NULL, &host) ==
            REDU_ERR_UNSUPPORTED,
        "unknown op");
  CHECK(redu_segmented_sum_f64(dev, (const double *)((char *)x + 1), offs, 4, r, &host) ==
            REDU_ERR_MISALIGNED,
        "misaligned x");
  CHECK(redu_segmented_sum_f64(dev, x, (const size_t *)((char *)offs + 4), 3, r, &host) ==
            REDU_ERR_MISALIGNED,
        "misaligned offsets");
  CHECK(redu_batched_sum_f64(dev, x, SIZE_MAX / 4, 8, r, &host) == REDU_ERR_OVERFLOW,
        "batched overflow");
  CHECK(redu_segmented_sum_f64(dev, x, offs, SIZE_MAX / 2, r, &host) == REDU_ERR_OVERFLOW,
        "nsegments overflow");
  redu_options exact = {.flags = REDU_EXACT | REDU_INPUT_HOST};
  CHECK(redu_segmented_sum_f64(dev, x, offs, 4, r, &exact) == REDU_ERR_UNSUPPORTED, "REDU_EXACT");
  char pad[256];
  redu_options scratch = {.flags = REDU_INPUT_HOST, .scratchpad = pad, .scratchpad_bytes = 256};
  CHECK(redu_segmented_sum_f64(dev, x, offs, 4, r, &scratch) == REDU_ERR_UNSUPPORTED, "scratchpad");
  CHECK(redu_segmented_sum_f64(-5, x, offs, 4, r, &host) == REDU_ERR_INVALID_DEVICE, "device");
  CHECK(r[0] == -1 && r[3] == -1, "outputs written by a failed call");
  if (redu_test_is_cuda(dev))
    CHECK(redu_segmented_sum_f64(dev, x, offs, 4, r, NULL) == REDU_ERR_NOT_DEVICE_PTR,
          "host arrays without REDU_INPUT_HOST");
  if (redu_test_is_cuda(dev)) {
    /* Segmented kernels are compiled for at most 512 threads per team (their launch
     * bounds): a plan asking for more is refused, not run with fewer threads. */
    redu_options wide = {.flags = REDU_INPUT_HOST, .threads = 1024};
    CHECK(redu_segmented_sum_f64(dev, x, offs, 4, r, &wide) == REDU_ERR_BAD_OPTION &&
              strstr(redu_last_error(), "at most 512 threads") != NULL,
          "1,024 threads per team: %s", redu_last_error());
    CHECK(r[0] == -1 && r[3] == -1, "outputs written by a refused plan");
    wide.threads = 512;
    CHECK_OK(redu_segmented_sum_f64(dev, x, offs, 4, r, &wide));
    CHECK(r[0] == 3 && r[3] == 15, "512 threads per team: %g %g", r[0], r[3]);
  }
  CHECK_OK(redu_segmented_argmin_f64(dev, x, offs, 4, r, idx, &host));
  CHECK(r[0] == 1 && r[3] == 7 && idx[0] == 0 && idx[3] == 0, "small argmin: %g %g %zu %zu", r[0],
        r[3], idx[0], idx[3]);
}

int main(int argc, char **argv)
{
  if (argc > 1 && !strcmp(argv[1], "plans"))
    power_bits = 12;
  int dev = omp_get_default_device();
  printf("test_segmented: default device %d of %d (host is %d)\n", dev, omp_get_num_devices(),
         omp_get_initial_device());
#define RUN_TYPE_TEST(sfx, T, E, K, SA, LO, HI) test_##sfx(dev);
  REDU_FOR_EACH_TYPE(RUN_TYPE_TEST)
#undef RUN_TYPE_TEST
  test_bad_offsets(dev);
  test_arguments(dev);
  return redu_test_finish("test_segmented");
}

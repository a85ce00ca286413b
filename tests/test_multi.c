/* Several devices in one call (redu_multi.h): every op x type over splits of one array into
 * parts on different devices (empty parts, one part, the same device twice), against the
 * one-device call over the whole array (itself checked against serial references by
 * test_ops); exact sums bitwise equal for every split; declared reductions, ordered ones
 * included; bad arguments -> statuses, outputs untouched. */
#include "redu_test.h"
#include "redu_udr.h"
#include <math.h>

/* An ordered combiner: composition of affine maps x -> a x + b (integer wrap), so the
 * result shows whether parts were combined in order. */
typedef struct affine {
  uint64_t a, b;
} affine;
/* first then second: x -> s.a (f.a x + f.b) + s.b */
#define AFFINE_THEN(f, s) ((affine){(s).a * (f).a, (s).a * (f).b + (s).b})
REDU_DECLARE_REDUCTION(affine_seq, affine, AFFINE_THEN, REDU_ORDERED, {1, 0})

enum { NMAX = 40000, SPLITS = 6 };

static int ndevices; /* devices to spread over: the GPUs, or the host-offload devices */

static int device_of(int k) { return ndevices ? k % ndevices : omp_get_initial_device(); }

/* The splits of n elements into parts: sizes as fractions of n (in 64ths), 0 = empty. */
static const int split_64ths[SPLITS][5] = {{64, -1},       {32, 32, -1},        {0, 64, 0, -1},
                                           {1, 62, 1, -1}, {10, 0, 20, 34, -1}, {63, 1, -1}};

static int split(size_t n, int s, size_t *ns)
{
  int k = 0;
  size_t used = 0;
  for (; split_64ths[s][k] >= 0; ++k) {
    ns[k] = split_64ths[s][k + 1] < 0 ? n - used : n * (size_t)split_64ths[s][k] / 64;
    used += ns[k];
  }
  return k;
}

/* Split s of n host elements of es bytes: the parts' sizes (ns), devices and device
 * copies (xs); returns the number of parts. */
static int place_parts(const void *host, size_t es, size_t n, int s, size_t *ns, int *devs,
                       const void **xs)
{
  int parts = split(n, s, ns);
  size_t off = 0;
  for (int k = 0; k < parts; ++k) {
    devs[k] = device_of(k);
    xs[k] = redu_test_to_device((const char *)host + off * es, ns[k] * es, devs[k]);
    off += ns[k];
  }
  return parts;
}

static void free_parts(int parts, const int *devs, const void **xs)
{
  for (int k = 0; k < parts; ++k)
    omp_target_free((void *)xs[k], devs[k]);
}

/* Every op x type, every split: the multi call equals the one-device call, bitwise. */
static void check_matrix(size_t n)
{
  static unsigned char host[NMAX * 8];
  for (int t = 0; t < REDU_TYPE_COUNT; ++t) {
    size_t es = redu_test_type_size((redu_type)t);
    redu_test_fill_small(host, (redu_type)t, n, 7 + (uint64_t)t);
    void *whole = redu_test_to_device(host, n * es, device_of(0));
    for (int s = 0; s < SPLITS; ++s) {
      size_t ns[5];
      int devs[5];
      const void *xs[5];
      int parts = place_parts(host, es, n, s, ns, devs, xs);
      for (int op = 0; op < REDU_OP_COUNT; ++op) {
        if (redu_accumulator_size((redu_op)op, (redu_type)t) == 0)
          continue;
        unsigned char want[8] = {0}, got[8] = {0};
        size_t wi = 0, gi = 1;
        CHECK_OK(redu_reduce(device_of(0), (redu_op)op, (redu_type)t, whole, n, want, &wi, NULL));
        CHECK_OK(redu_multi_reduce(parts, devs, (redu_op)op, (redu_type)t, xs, ns, got, &gi, NULL));
        int arg = op == REDU_ARGMIN || op == REDU_ARGMAX;
        /* Float products over- and underflow differently per grouping (inf * 0): only the
         * status is compared. */
        if (op == REDU_PROD && (t == REDU_FLOAT || t == REDU_DOUBLE))
          continue;
        CHECK(!memcmp(want, got, es) && (!arg || wi == gi),
              "op %d type %d n %zu split %d: multi differs from one device (index %zu vs %zu)", op,
              t, n, s, gi, wi);
      }
      free_parts(parts, devs, xs);
    }
    omp_target_free(whole, device_of(0));
  }
}

/* The typed calls: one per op family on every type, against the generic multi call. */
static void check_typed(void)
{
  enum { N = 1000 };
  static unsigned char host[N * 8];
  size_t ns[2] = {N / 3, N - N / 3};
  int devs[2] = {device_of(0), device_of(1)};
#define TYPED(sfx, T, E, K, SA, LO, HI)                                                            \
  {                                                                                                \
    redu_test_fill_small(host, E, N, 99);                                                          \
    const T *xs[2] = {redu_test_to_device(host, ns[0] * sizeof(T), devs[0]),                       \
                      redu_test_to_device(host + ns[0] * sizeof(T), ns[1] * sizeof(T), devs[1])};  \
    T a, b, v;                                                                                     \
    size_t i, j;                                                                                   \
    CHECK_OK(redu_multi_sum_##sfx(2, devs, xs, ns, &a, NULL));                                     \
    CHECK_OK(                                                                                      \
        redu_multi_reduce(2, devs, REDU_SUM, E, (const void *const *)xs, ns, &b, NULL, NULL));     \
    CHECK(!memcmp(&a, &b, sizeof a), "redu_multi_sum_" #sfx);                                      \
    CHECK_OK(redu_multi_argmax_##sfx(2, devs, xs, ns, &v, &i, NULL));                              \
    CHECK_OK(                                                                                      \
        redu_multi_reduce(2, devs, REDU_ARGMAX, E, (const void *const *)xs, ns, &b, &j, NULL));    \
    CHECK(!memcmp(&v, &b, sizeof v) && i == j, "redu_multi_argmax_" #sfx);                         \
    CHECK_OK(redu_multi_min_##sfx(2, devs, xs, ns, &a, NULL));                                     \
    CHECK_OK(redu_multi_lor_##sfx(2, devs, xs, ns, &a, NULL));                                     \
    CHECK_OK(redu_multi_prod_##sfx(2, devs, xs, ns, &a, NULL));                                    \
    omp_target_free((void *)xs[0], devs[0]);                                                       \
    omp_target_free((void *)xs[1], devs[1]);                                                       \
  }
  REDU_FOR_EACH_TYPE(TYPED)
#undef TYPED
}

/* Exact sums and dots: the same bits as one device for every split (values over the whole
 * exponent range, cancellation, -0 with empty parts). */
static void check_exact(void)
{
  enum { N = 30001 };
  static double h[N], hy[N];
  uint64_t seed = 5;
  for (size_t i = 0; i < N; ++i) {
    int e = (int)(redu_test_rand(&seed) % 2000) - 1000;
    h[i] = ldexp((double)(redu_test_rand(&seed) >> 11), e - 53) * (i % 2 ? -1 : 1);
    hy[i] = ldexp(1.0 + (double)(i % 7), (int)(i % 40) - 20);
  }
  redu_options x = {.flags = REDU_EXACT};
  double *whole = redu_test_to_device(h, sizeof h, device_of(0));
  double *wy = redu_test_to_device(hy, sizeof hy, device_of(0));
  for (int s = 0; s < SPLITS; ++s) {
    size_t ns[5];
    int parts = split(N, s, ns), devs[5];
    const double *xs[5], *ys[5];
    size_t off = 0;
    for (int k = 0; k < parts; ++k) {
      devs[k] = device_of(k);
      xs[k] = redu_test_to_device(h + off, ns[k] * sizeof *h, devs[k]);
      ys[k] = redu_test_to_device(hy + off, ns[k] * sizeof *h, devs[k]);
      off += ns[k];
    }
    double want, got;
    CHECK_OK(redu_sum_f64(device_of(0), whole, N, &want, &x));
    CHECK_OK(redu_multi_sum_f64(parts, devs, xs, ns, &got, &x));
    CHECK(!memcmp(&want, &got, sizeof got), "exact sum, split %d: %a vs %a", s, got, want);
    CHECK_OK(redu_dot_f64(device_of(0), whole, wy, N, &want, &x));
    CHECK_OK(redu_multi_dot_f64(parts, devs, xs, ys, ns, &got, &x));
    CHECK(!memcmp(&want, &got, sizeof got), "exact dot, split %d: %a vs %a", s, got, want);
    for (int k = 0; k < parts; ++k) {
      omp_target_free((void *)xs[k], devs[k]);
      omp_target_free((void *)ys[k], devs[k]);
    }
  }
  /* -0 terms only, an empty part beside them: -0, as one call gives; no terms at all: +0. */
  double negz[3] = {-0.0, -0.0, -0.0}, r;
  const double *zs[2] = {redu_test_to_device(negz, sizeof negz, device_of(0)), NULL};
  size_t zn[2] = {3, 0};
  int zd[2] = {device_of(0), device_of(1)};
  CHECK_OK(redu_multi_sum_f64(2, zd, zs, zn, &r, &x));
  CHECK(r == 0 && signbit(r), "exact sum of -0 and an empty part: %g", r);
  zn[0] = 0;
  CHECK_OK(redu_multi_sum_f64(2, zd, zs, zn, &r, &x));
  CHECK(r == 0 && !signbit(r), "exact sum of no terms: %g", r);
  float f;
  CHECK(redu_multi_sum_f32(2, zd, (const float *const *)zs, zn, &f, &x) == REDU_OK, "f32 exact");
  omp_target_free((void *)zs[0], device_of(0));
  omp_target_free(whole, device_of(0));
  omp_target_free(wy, device_of(0));
}

/* A declared ordered reduction: parts combine in order, as the one-device call does. */
static void check_declared(void)
{
  enum { N = 5003 };
  static affine h[N];
  uint64_t seed = 11;
  for (size_t i = 0; i < N; ++i)
    h[i] = (affine){redu_test_rand(&seed) | 1, redu_test_rand(&seed)};
  affine *whole = redu_test_to_device(h, sizeof h, device_of(0)), want, got;
  CHECK_OK(redu_reduce_affine_seq(device_of(0), whole, N, &want, NULL));
  for (int s = 0; s < SPLITS; ++s) {
    size_t ns[5];
    int devs[5];
    const void *xs[5];
    int parts = place_parts(h, sizeof *h, N, s, ns, devs, xs);
    CHECK_OK(redu_multi_reduce_affine_seq(parts, devs, (const affine *const *)xs, ns, &got, NULL));
    CHECK(want.a == got.a && want.b == got.b, "declared ordered, split %d", s);
    free_parts(parts, devs, xs);
  }
  omp_target_free(whole, device_of(0));
}

/* Bad arguments: the status, a message, the output untouched. */
static void check_errors(void)
{
  double h[4] = {1, 2, 3, 4}, r = 42.0;
  double *d0 = redu_test_to_device(h, sizeof h, device_of(0));
  const double *xs[2] = {d0, d0};
  size_t ns[2] = {4, 4}, idx = 7;
  int devs[2] = {device_of(0), device_of(1)};
#define EXPECT(st, call)                                                                           \
  do {                                                                                             \
    redu_status s_ = (call);                                                                       \
    CHECK(s_ == (st) && r == 42.0 && idx == 7 && redu_last_error()[0],                             \
          "%s -> %d, want %d (r %g, message '%s')", #call, (int)s_, (int)(st), r,                  \
          redu_last_error());                                                                      \
  } while (0)
  EXPECT(REDU_ERR_INVALID_DEVICE, redu_multi_sum_f64(0, devs, xs, ns, &r, NULL));
  EXPECT(REDU_ERR_INVALID_DEVICE, redu_multi_sum_f64(REDU_MULTI_MAX + 1, devs, xs, ns, &r, NULL));
  EXPECT(REDU_ERR_NULL_ARG, redu_multi_sum_f64(2, NULL, xs, ns, &r, NULL));
  EXPECT(REDU_ERR_NULL_ARG, redu_multi_sum_f64(2, devs, NULL, ns, &r, NULL));
  EXPECT(REDU_ERR_NULL_ARG, redu_multi_sum_f64(2, devs, xs, NULL, &r, NULL));
  EXPECT(REDU_ERR_NULL_ARG, redu_multi_sum_f64(2, devs, xs, ns, NULL, NULL));
  EXPECT(REDU_ERR_NULL_ARG, redu_multi_argmin_f64(2, devs, xs, ns, &r, NULL, NULL));
  EXPECT(REDU_ERR_NULL_ARG, redu_multi_dot_f64(2, devs, xs, NULL, ns, &r, NULL));
  const double *with_null[2] = {d0, NULL};
  EXPECT(REDU_ERR_NULL_ARG, redu_multi_max_f64(2, devs, with_null, ns, &r, NULL));
  int bad_devs[2] = {device_of(0), 9999};
  EXPECT(REDU_ERR_INVALID_DEVICE, redu_multi_sum_f64(2, bad_devs, xs, ns, &r, NULL));
  CHECK(strstr(redu_last_error(), "part 1"), "message names the part: %s", redu_last_error());
  const double *misaligned[2] = {d0, (const double *)((const char *)d0 + 1)};
  EXPECT(REDU_ERR_MISALIGNED, redu_multi_sum_f64(2, devs, misaligned, ns, &r, NULL));
  size_t huge[2] = {SIZE_MAX / 2 + 1, SIZE_MAX / 2 + 1};
  EXPECT(REDU_ERR_OVERFLOW, redu_multi_sum_f64(2, devs, xs, huge, &r, NULL));
  unsigned char pad[1024] __attribute__((aligned(16)));
  redu_options o = {.scratchpad = pad, .scratchpad_bytes = sizeof pad};
  EXPECT(REDU_ERR_BAD_OPTION, redu_multi_sum_f64(2, devs, xs, ns, &r, &o));
  redu_options ex = {.flags = REDU_EXACT};
  EXPECT(REDU_ERR_UNSUPPORTED, redu_multi_max_f64(2, devs, xs, ns, &r, &ex));
  EXPECT(REDU_ERR_UNSUPPORTED, redu_multi_reduce(2, devs, REDU_BAND, REDU_DOUBLE,
                                                 (const void *const *)xs, ns, &r, NULL, NULL));
  EXPECT(REDU_ERR_UNSUPPORTED, redu_multi_reduce(2, devs, (redu_op)99, REDU_DOUBLE,
                                                 (const void *const *)xs, ns, &r, NULL, NULL));
#undef EXPECT
  /* Host arrays with REDU_INPUT_HOST, and n = 0 everywhere: the identity. */
  const double *hs[2] = {h, h + 2};
  size_t hn[2] = {2, 2};
  redu_options in_host = {.flags = REDU_INPUT_HOST};
  CHECK_OK(redu_multi_sum_f64(2, devs, hs, hn, &r, &in_host));
  CHECK(r == 10.0, "host arrays: %g", r);
  size_t zero[2] = {0, 0};
  const double *none[2] = {NULL, NULL};
  CHECK_OK(redu_multi_argmin_f64(2, devs, none, zero, &r, &idx, NULL));
  CHECK(idx == REDU_NO_INDEX && r == INFINITY, "empty argmin: %g at %zu", r, idx);
  omp_target_free(d0, device_of(0));
}

int main(void)
{
  /* All devices but the host: on a GPU machine its GPUs, under host-offload the plugin's;
   * under host fallback the same numbers, run on the host. */
  ndevices = omp_get_num_devices();
  printf("test_multi: %d devices\n", ndevices);
  check_matrix(NMAX);
  check_matrix(37);
  check_typed();
  check_exact();
  check_declared();
  check_errors();
  return redu_test_finish("test_multi");
}

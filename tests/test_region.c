/* Wrapped regions against serial references: one to three reductions of different kinds
 * and types (built-in and declared, commutative and ordered) for every n, every built-in
 * kind on every type, the asynchronous form, the clauses form with a mapped host array,
 * and bad input. */
#include "redu_region.h"
#include "redu_test.h"
#include "redu_test_region.h"
#include "redu_test_udr.h"
#include <math.h>

static void test_sizes(int dev)
{
  size_t nmax = sizes[NSIZES - 1];
  double *h = malloc(nmax * sizeof *h);
  for (size_t i = 0; i < nmax; ++i)
    h[i] = value(i);
  double *x = redu_test_to_device(h, nmax * sizeof *h, dev);
  for (int s = 0; s < NSIZES; ++s) {
    size_t n = sizes[s];
    double ref_sum = 0, ref_max = -INFINITY;
    int64_t ref_pos = 0;
    affine ref_chain = {1, 0};
    double ref_psum = 0;
    for (size_t i = 0; i < n; ++i) {
      ref_psum += h[i] > 0 ? h[i] : 0;
      ref_sum += h[i];
      ref_max = fmax(ref_max, h[i]);
      ref_pos += h[i] > 0;
      ref_chain = affine_then(ref_chain, map_at(i));
    }
    /* Values are integers: every order sums them exactly. Start values are combined in. */
    double sum = 0.5, mx = -INFINITY;
    int64_t pos = 10;
    affine chain = {1, 0};
    redu_status st;
    REDU_FOR(st, dev, i, n, (x), (sum_f64, sum), (max_f64, mx), (sum_i64, pos),
             (affine_chain, chain))
    {
      sum += x[i];
      mx = redu_region_max_f64(mx, x[i]);
      pos += x[i] > 0;
      chain = affine_then(chain, map_at(i));
    }
    CHECK(st == REDU_OK, "n=%zu: %s", n, redu_last_error());
    CHECK(sum == ref_sum + 0.5 && mx == ref_max && pos == ref_pos + 10,
          "n=%zu: sum %.1f (want %.1f) max %.1f (%.1f) count %lld (%lld)", n, sum, ref_sum + 0.5,
          mx, ref_max, (long long)pos, (long long)ref_pos + 10);
    CHECK(chain.a == ref_chain.a && chain.b == ref_chain.b, "n=%zu: ordered chain wrong", n);

    /* A body that leaves iterations with `continue`: what it added before stays (on CPUs
     * the lanes' store-back is the step `continue` goes to). */
    double psum = 0;
    int64_t seen = 0;
    REDU_FOR(st, dev, i, n, (x), (sum_f64, psum), (sum_i64, seen))
    {
      seen += 1;
      if (x[i] <= 0)
        continue;
      psum += x[i];
    }
    CHECK(st == REDU_OK && psum == ref_psum && seen == (int64_t)n,
          "n=%zu continue: %s, sum %.1f (want %.1f), %lld iterations", n, redu_last_error(), psum,
          ref_psum, (long long)seen);

    /* Pointers of any element type or none: the CPU loop prefetches along each (a void
     * pointer a byte an iteration); the same x read as doubles, as 16-byte pairs and
     * through a void pointer. */
    typedef struct {
      double v[2];
    } pair16;
    const void *raw = x;
    const pair16 *pairs = raw;
    double raw_sum = 0, pair_sum = 0;
    REDU_FOR(st, dev, i, n / 2, (raw, pairs, x), (sum_f64, raw_sum), (sum_f64, pair_sum))
    {
      raw_sum += ((const double *)raw)[2 * i] + x[2 * i + 1];
      pair_sum += pairs[i].v[0] + pairs[i].v[1];
    }
    double ref_even = 0;
    for (size_t k = 0; k < n / 2 * 2; ++k)
      ref_even += h[k];
    CHECK(st == REDU_OK && raw_sum == ref_even && pair_sum == ref_even,
          "n=%zu void and struct pointers: %s, %.1f and %.1f (want %.1f)", n, redu_last_error(),
          raw_sum, pair_sum, ref_even);

    /* One reduction, asynchronous, then wait. */
    float fsum = 0;
    redu_status ast;
    REDU_FOR_NOWAIT(ast, dev, i, n, (is_device_ptr(x) depend(in : x[0])), (sum_f32, fsum))
    {
      fsum += (float)x[i];
    }
#pragma omp taskwait
    CHECK(ast == REDU_OK && fabs(fsum - ref_sum) <= 1e-4 * (fabs(ref_sum) + n),
          "n=%zu nowait: %s, %f vs %f", n, redu_last_error(), fsum, ref_sum);

    /* A host array mapped by the user's own clause. */
    int64_t hsum = 0;
    REDU_FOR_CLAUSES(st, dev, i, n, (map(to : h [0:n])), (sum_i64, hsum)) { hsum += (int64_t)h[i]; }
    CHECK(st == REDU_OK && hsum == (int64_t)ref_sum, "n=%zu mapped host array: %s", n,
          redu_last_error());
  }
  omp_target_free(x, dev);
  free(h);
}

/* The built-in kinds follow the typed calls' rules: a NaN wins min and max, -0.0 orders
 * before +0.0 whatever the combine order. */
static void test_nan_and_zeros(int dev)
{
  enum { N = 1000 };
  double h[N];
  for (int i = 0; i < N; ++i)
    h[i] = i % 2 ? 0.0 : -0.0;
  double *z = redu_test_to_device(h, sizeof h, dev);
  h[517] = NAN;
  h[800] = -NAN;
  double *w = redu_test_to_device(h, sizeof h, dev);
  double zmin = INFINITY, zmax = -INFINITY, wmin = INFINITY, wmax = -INFINITY;
  redu_status st;
  REDU_FOR(st, dev, i, N, (z, w), (min_f64, zmin), (max_f64, zmax), (min_f64, wmin),
           (max_f64, wmax))
  {
    zmin = redu_region_min_f64(zmin, z[i]);
    zmax = redu_region_max_f64(zmax, z[i]);
    wmin = redu_region_min_f64(wmin, w[i]);
    wmax = redu_region_max_f64(wmax, w[i]);
  }
  CHECK(st == REDU_OK, "NaN/zeros region: %s", redu_last_error());
  CHECK(zmin == 0.0 && signbit(zmin) && zmax == 0.0 && !signbit(zmax),
        "min of +-0 should be -0.0 and max +0.0: %g %g", zmin, zmax);
  CHECK(isnan(wmin) && isnan(wmax), "a NaN must win min and max: %g %g", wmin, wmax);
  /* Arg kinds: the first -0.0 (index 0) and +0.0 (index 1); the first NaN, canonical. */
  double zlo = INFINITY, zhi = -INFINITY, wlo = INFINITY, whi = -INFINITY;
  size_t zlo_at = REDU_NO_INDEX, zhi_at = REDU_NO_INDEX, wlo_at = REDU_NO_INDEX,
         whi_at = REDU_NO_INDEX;
  REDU_FOR(st, dev, i, N, (z, w), (argmin_f64, zlo, zlo_at), (argmax_f64, zhi, zhi_at),
           (argmin_f64, wlo, wlo_at), (argmax_f64, whi, whi_at))
  {
    if (redu_region_argmin_wins_f64(z[i], i, zlo, zlo_at)) {
      zlo = z[i];
      zlo_at = i;
    }
    if (redu_region_argmax_wins_f64(z[i], i, zhi, zhi_at)) {
      zhi = z[i];
      zhi_at = i;
    }
    if (redu_region_argmin_wins_f64(w[i], i, wlo, wlo_at)) {
      wlo = w[i];
      wlo_at = i;
    }
    if (redu_region_argmax_wins_f64(w[i], i, whi, whi_at)) {
      whi = w[i];
      whi_at = i;
    }
  }
  CHECK(st == REDU_OK, "arg kinds, NaN/zeros region: %s", redu_last_error());
  CHECK(zlo == 0.0 && signbit(zlo) && zlo_at == 0 && zhi == 0.0 && !signbit(zhi) && zhi_at == 1,
        "argmin/argmax of +-0: %g@%zu %g@%zu, want -0@0 +0@1", zlo, zlo_at, zhi, zhi_at);
  CHECK(isnan(wlo) && !signbit(wlo) && wlo_at == 517 && isnan(whi) && whi_at == 517,
        "argmin/argmax with NaNs at 517 and 800: %g@%zu %g@%zu, want the first NaN", wlo, wlo_at,
        whi, whi_at);
  /* Asynchronous: both variables of an arg kind are ready after the taskwait. */
  redu_status ast = REDU_ERR_DEVICE;
  double alo = INFINITY;
  size_t alo_at = REDU_NO_INDEX;
  REDU_FOR_NOWAIT(ast, dev, i, N, (is_device_ptr(z)), (argmin_f64, alo, alo_at))
  {
    if (redu_region_argmin_wins_f64(z[N - 1 - i], i, alo, alo_at))
      alo = z[N - 1 - i], alo_at = i;
  }
#pragma omp taskwait
  CHECK(ast == REDU_OK && alo == 0.0 && signbit(alo) && alo_at == 1,
        "argmin nowait over reversed +-0: %s, %g@%zu, want -0@1", redu_last_error(), alo, alo_at);
  omp_target_free(z, dev);
  omp_target_free(w, dev);
}

/* Every built-in kind on every type against a serial reference in the same arithmetic:
 * values computed from i in the body (small integers, exact in any order for floats; a
 * few 2s and -1s for products), two regions per type (at most 8 reductions each). */
#define KIND_VALUE(T, i) ((T)((int)((i) % 7) - 3))
#define KIND_FACTOR(T, i) ((T)(((i) < 40 && (i) % 3 == 0 ? 2 : 1) * ((i) % 97 == 5 ? -1 : 1)))
#define KIND_BITS(T, i) ((T)(((i) * 2654435761u) >> ((i) % 5)))
#define DEFINE_KIND_TEST(sfx, T, E, K, SA, LO, HI)                                                 \
  static void kinds_##sfx(int dev, size_t n)                                                       \
  {                                                                                                \
    T rs = 0, rp = 1, rmin = HI, rmax = LO, rland = 1, rlor = 0;                                   \
    for (size_t i = 0; i < n; ++i) {                                                               \
      rs = redu_region_add_##sfx(rs, KIND_VALUE(T, i));                                            \
      rp = redu_region_mul_##sfx(rp, KIND_FACTOR(T, i));                                           \
      rmin = KIND_VALUE(T, i) < rmin ? KIND_VALUE(T, i) : rmin;                                    \
      rmax = KIND_VALUE(T, i) > rmax ? KIND_VALUE(T, i) : rmax;                                    \
      rland = rland && KIND_VALUE(T, i) != 0;                                                      \
      rlor = rlor || (i + 1 == n / 2);                                                             \
    }                                                                                              \
    T s = 0, p = 1, mn = HI, mx = LO, la = 1, lo = 0;                                              \
    redu_status st;                                                                                \
    REDU_FOR(st, dev, i, n, (), (sum_##sfx, s), (prod_##sfx, p), (min_##sfx, mn), (max_##sfx, mx), \
             (land_##sfx, la), (lor_##sfx, lo))                                                    \
    {                                                                                              \
      s = redu_region_add_##sfx(s, KIND_VALUE(T, i));                                              \
      p = redu_region_mul_##sfx(p, KIND_FACTOR(T, i));                                             \
      mn = redu_region_min_##sfx(mn, KIND_VALUE(T, i));                                            \
      mx = redu_region_max_##sfx(mx, KIND_VALUE(T, i));                                            \
      la = redu_region_land_##sfx(la, KIND_VALUE(T, i));                                           \
      lo = redu_region_lor_##sfx(lo, (T)(i + 1 == n / 2));                                         \
    }                                                                                              \
    CHECK(st == REDU_OK, #sfx " kinds n=%zu: %s", n, redu_last_error());                           \
    CHECK(s == rs && p == rp && mn == rmin && mx == rmax && la == rland && lo == rlor,             \
          #sfx " kinds n=%zu: sum %g/%g prod %g/%g min %g/%g max %g/%g land %d/%d lor %d/%d", n,   \
          (double)s, (double)rs, (double)p, (double)rp, (double)mn, (double)rmin, (double)mx,      \
          (double)rmax, (int)la, (int)rland, (int)lo, (int)rlor);                                  \
  }
#define DEFINE_BITWISE_KIND_TEST(sfx, T, E, K, SA, LO, HI)                                         \
  static void bitwise_kinds_##sfx(int dev, size_t n)                                               \
  {                                                                                                \
    T rand_ = (T) ~(T)0, ror = 0, rxor = 0;                                                        \
    for (size_t i = 0; i < n; ++i) {                                                               \
      rand_ &= (T)(KIND_BITS(T, i) | (T)1);                                                        \
      ror |= (T)(KIND_BITS(T, i) & (T)0x70);                                                       \
      rxor ^= KIND_BITS(T, i);                                                                     \
    }                                                                                              \
    T a = (T) ~(T)0, o = 0, x = 0;                                                                 \
    redu_status st;                                                                                \
    REDU_FOR(st, dev, i, n, (), (band_##sfx, a), (bor_##sfx, o), (bxor_##sfx, x))                  \
    {                                                                                              \
      a &= (T)(KIND_BITS(T, i) | (T)1);                                                            \
      o |= (T)(KIND_BITS(T, i) & (T)0x70);                                                         \
      x ^= KIND_BITS(T, i);                                                                        \
    }                                                                                              \
    CHECK(st == REDU_OK && a == rand_ && o == ror && x == rxor,                                    \
          #sfx " bitwise kinds n=%zu: %s; band %llx/%llx bor %llx/%llx bxor %llx/%llx", n,         \
          redu_last_error(), (unsigned long long)a, (unsigned long long)rand_,                     \
          (unsigned long long)o, (unsigned long long)ror, (unsigned long long)x,                   \
          (unsigned long long)rxor);                                                               \
  }
/* Arg kinds: many ties, the extremes first reached in the middle of the range (a later
 * team's), against the serial loop that keeps the first of equal values. The second region
 * starts from a value (the minimum, at index 3) that ties with the data's: index 3 stays. */
#define ARG_VALUE(T, i, n) ((T)((int)((i) * 37 % 11) - 5 + ((i) < (n) / 3)))
#define DEFINE_ARG_KIND_TEST(sfx, T, E, K, SA, LO, HI)                                             \
  static void arg_kinds_##sfx(int dev, size_t n)                                                   \
  {                                                                                                \
    T rlo = HI, rhi = LO;                                                                          \
    size_t rlo_at = REDU_NO_INDEX, rhi_at = REDU_NO_INDEX;                                         \
    for (size_t i = 0; i < n; ++i) {                                                               \
      T v = ARG_VALUE(T, i, n);                                                                    \
      if (v < rlo || rlo_at == REDU_NO_INDEX)                                                      \
        rlo = v, rlo_at = i;                                                                       \
      if (v > rhi || rhi_at == REDU_NO_INDEX)                                                      \
        rhi = v, rhi_at = i;                                                                       \
    }                                                                                              \
    T lo = HI, hi = LO;                                                                            \
    size_t lo_at = REDU_NO_INDEX, hi_at = REDU_NO_INDEX;                                           \
    redu_status st;                                                                                \
    REDU_FOR(st, dev, i, n, (), (argmin_##sfx, lo, lo_at), (argmax_##sfx, hi, hi_at))              \
    {                                                                                              \
      T v = ARG_VALUE(T, i, n);                                                                    \
      if (redu_region_argmin_wins_##sfx(v, i, lo, lo_at))                                          \
        lo = v, lo_at = i;                                                                         \
      if (redu_region_argmax_wins_##sfx(v, i, hi, hi_at))                                          \
        hi = v, hi_at = i;                                                                         \
    }                                                                                              \
    CHECK(st == REDU_OK && lo == rlo && lo_at == rlo_at && hi == rhi && hi_at == rhi_at,           \
          #sfx " arg kinds n=%zu: %s; argmin %g@%zu/%g@%zu argmax %g@%zu/%g@%zu", n,               \
          redu_last_error(), (double)lo, lo_at, (double)rlo, rlo_at, (double)hi, hi_at,            \
          (double)rhi, rhi_at);                                                                    \
    if (n == 0)                                                                                    \
      return;                                                                                      \
    lo = rlo, lo_at = 3;                                                                           \
    REDU_FOR(st, dev, i, n, (), (argmin_##sfx, lo, lo_at))                                         \
    {                                                                                              \
      if (redu_region_argmin_wins_##sfx(ARG_VALUE(T, i, n), i, lo, lo_at))                         \
        lo = ARG_VALUE(T, i, n), lo_at = i;                                                        \
    }                                                                                              \
    CHECK(st == REDU_OK && lo == rlo && lo_at == (rlo_at < 3 ? rlo_at : 3),                        \
          #sfx " argmin from a tying value n=%zu: %s; %g@%zu", n, redu_last_error(), (double)lo,   \
          lo_at);                                                                                  \
  }
REDU_FOR_EACH_TYPE(DEFINE_KIND_TEST)
REDU_FOR_EACH_INT_TYPE(DEFINE_BITWISE_KIND_TEST)
REDU_FOR_EACH_TYPE(DEFINE_ARG_KIND_TEST)
#undef DEFINE_KIND_TEST
#undef DEFINE_BITWISE_KIND_TEST
#undef DEFINE_ARG_KIND_TEST

static void test_every_kind(int dev)
{
  static const size_t kind_sizes[] = {0, 1, 33, 1000, (1u << 20) + 7};
  for (size_t k = 0; k < sizeof kind_sizes / sizeof kind_sizes[0]; ++k) {
#define RUN_KIND_TEST(sfx, T, E, K, SA, LO, HI) kinds_##sfx(dev, kind_sizes[k]);
#define RUN_BITWISE_KIND_TEST(sfx, T, E, K, SA, LO, HI) bitwise_kinds_##sfx(dev, kind_sizes[k]);
#define RUN_ARG_KIND_TEST(sfx, T, E, K, SA, LO, HI) arg_kinds_##sfx(dev, kind_sizes[k]);
    REDU_FOR_EACH_TYPE(RUN_KIND_TEST)
    REDU_FOR_EACH_INT_TYPE(RUN_BITWISE_KIND_TEST)
    REDU_FOR_EACH_TYPE(RUN_ARG_KIND_TEST)
#undef RUN_KIND_TEST
#undef RUN_BITWISE_KIND_TEST
#undef RUN_ARG_KIND_TEST
  }
}

static void test_errors(int dev)
{
  double *none = NULL, out = 7;
  redu_status st = REDU_OK;
  int ran = 0;
  REDU_FOR(st, dev, i, 10, (none), (sum_f64, out)) { out += none[i]; }
  CHECK(st == REDU_ERR_NULL_ARG && out == 7, "NULL device pointer: %d %s", st, redu_last_error());
  printf("NULL pointer: %s\n", redu_last_error());
  double *x = omp_target_alloc(16 * sizeof *x, dev);
  size_t negative = (size_t)-5;
  REDU_FOR(st, dev, i, negative, (x), (sum_f64, out)) { out += x[i]; }
  CHECK(st == REDU_ERR_OVERFLOW && out == 7, "n = (size_t)-5: %d %s", st, redu_last_error());
  printf("n overflow: %s\n", redu_last_error());
  REDU_FOR(st, 4242, i, 16, (x), (sum_f64, out)) { out += x[i]; }
  CHECK(st == REDU_ERR_INVALID_DEVICE && out == 7, "bad device: %s", redu_last_error());
  REDU_FOR_CLAUSES(st, dev, i, 0, (is_device_ptr(x)), (sum_f64, out)) { ++ran; }
  CHECK(st == REDU_OK && out == 7 && !ran, "n = 0 ran the body or changed the variable");
  omp_target_free(x, dev);
}

/* Every argument of the region macros that may be an expression (st, dev, n) is evaluated
 * once, as a function's argument would be: counted through side effects. */
static size_t counted(size_t *calls, size_t v)
{
  ++*calls;
  return v;
}

static void test_arguments_once(int dev)
{
  enum { N = 1000 };
  double *x = redu_test_to_device((double[N]){0}, N * sizeof(double), dev);
  redu_status sts[4] = {REDU_ERR_DEVICE, REDU_ERR_DEVICE, REDU_ERR_DEVICE, REDU_ERR_DEVICE};
  size_t n_calls = 0, dev_calls = 0, k = 0;
  double sum = 0;
  REDU_FOR(sts[k++], (int)counted(&dev_calls, (size_t)dev), i, counted(&n_calls, N), (x),
           (sum_f64, sum))
  {
    sum += x[i] + 1.0;
  }
  CHECK(n_calls == 1 && dev_calls == 1 && k == 1 && sts[0] == REDU_OK && sum == N,
        "REDU_FOR: n evaluated %zu times, dev %zu, st %zu (want 1 each); status %d, sum %g",
        n_calls, dev_calls, k, sts[0], sum);
  n_calls = dev_calls = k = 0;
  int64_t count = 0;
  REDU_FOR_CLAUSES(sts[k++], (int)counted(&dev_calls, (size_t)dev), i, counted(&n_calls, N),
                   (is_device_ptr(x)), (sum_i64, count))
  {
    count += x[i] == 0;
  }
  CHECK(n_calls == 1 && dev_calls == 1 && k == 1 && sts[0] == REDU_OK && count == N,
        "REDU_FOR_CLAUSES: n evaluated %zu times, dev %zu, st %zu (want 1 each); count %lld",
        n_calls, dev_calls, k, (long long)count);
  /* A failing call evaluates them once too, and writes its status through the same lvalue. */
  n_calls = dev_calls = k = 0;
  REDU_FOR(sts[k++], (int)counted(&dev_calls, 4242), i, counted(&n_calls, N), (x), (sum_f64, sum))
  {
    sum += x[i];
  }
  CHECK(n_calls == 1 && dev_calls == 1 && k == 1 && sts[0] == REDU_ERR_INVALID_DEVICE &&
            sts[1] == REDU_ERR_DEVICE,
        "REDU_FOR, bad device: n %zu, dev %zu, st %zu evaluations; statuses %d %d", n_calls,
        dev_calls, k, sts[0], sts[1]);
  redu_status ast = REDU_ERR_DEVICE;
  n_calls = dev_calls = 0;
  sum = 0;
  REDU_FOR_NOWAIT(ast, (int)counted(&dev_calls, (size_t)dev), i, counted(&n_calls, N),
                  (is_device_ptr(x)), (sum_f64, sum))
  {
    sum += x[i] + 2.0;
  }
#pragma omp taskwait
  CHECK(n_calls == 1 && dev_calls == 1 && ast == REDU_OK && sum == 2.0 * N,
        "REDU_FOR_NOWAIT: n evaluated %zu times, dev %zu; status %d, sum %g", n_calls, dev_calls,
        ast, sum);
  omp_target_free(x, dev);
}

/* Declared struct kinds too large together: 2 x 160 bytes > 256. */
REDU_TEST_DOUBLE_LANES(wide_sum, 20)

static void test_too_wide(int dev)
{
  wide_sum_t a = {{1}}, b = {{2}};
  redu_status st;
  REDU_FOR(st, dev, i, 100, (), (wide_sum, a), (wide_sum, b))
  {
    a.v[0] += (double)i;
    b.v[1] += (double)i;
  }
  CHECK(st == REDU_ERR_UNSUPPORTED && a.v[0] == 1 && b.v[0] == 2, "320 bytes: %s",
        redu_last_error());
  printf("too wide: %s\n", redu_last_error());
  REDU_FOR(st, dev, i, 100, (), (wide_sum, a)) { a.v[3] += (double)i; }
  CHECK(st == REDU_OK && a.v[3] == 4950.0 && a.v[0] == 1, "one 160-byte struct: %s",
        redu_last_error());
}

/* The GPUs' iteration order of a region (device/redu_region_thread.h): pairs of adjacent
 * indices over each thread's pairs, the odd last index to the thread of pair n / 2. Every
 * index in [0, n) exactly once over the threads, for n and thread counts around the edges;
 * checked here on the host, since only GPUs take the pairs. The one-index order too. */
static void test_iteration_partition(void)
{
  enum { NMAX = 1100 };
  static const size_t strides[] = {1, 2, 3, 7, 32, 96, 1024};
  static unsigned char seen[NMAX];
  for (int pairs = 0; pairs < 2; ++pairs)
    for (size_t s = 0; s < sizeof strides / sizeof *strides; ++s)
      for (size_t n = 0; n < NMAX; n += n < 80 ? 1 : 73) {
        memset(seen, 0, sizeof seen);
        size_t total = 0, bad = 0;
        for (size_t g = 0; g < strides[s]; ++g) {
          redu__region_thread c = {.first = g < n ? g : n, .step = strides[s], .end = n};
          size_t count = redu__region_count(c, pairs);
          for (size_t k = 0; k < count; ++k) {
            size_t i = redu__region_index(c, k, pairs);
            bad += i >= n || seen[i]++;
          }
          total += count;
        }
        CHECK(total == n && !bad,
              "iterations, pairs %d, %zu threads, n = %zu: %zu of them, %zu "
              "outside [0, n) or repeated",
              pairs, strides[s], n, total, bad);
      }
}

int main(void)
{
  int dev = omp_get_default_device();
  test_iteration_partition();
  test_sizes(dev);
  test_nan_and_zeros(dev);
  test_every_kind(dev);
  test_errors(dev);
  test_arguments_once(dev);
  test_too_wide(dev);
  return redu_test_finish("test_region");
}

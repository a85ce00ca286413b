/* Host arrays (REDU_INPUT_HOST) shared between threads and arrays the program has mapped
 * itself: many threads reduce overlapping ranges of one host array at once (built-in,
 * exact, dot, segmented, batched, declared and multi-device calls), and ranges the program mapped
 * in part, in whole or around them are reduced; every answer against a serial reference,
 * and the program's own mapping still present and its device copy unchanged afterwards. */
#include "redu_test.h"
#include "redu_udr.h"
#include <pthread.h>

/* A declared reduction: the smallest and largest value, over int64_t elements. */
typedef struct {
  int64_t lo, hi;
} span;
static inline span span_join(span a, span b)
{
  return (span){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
}
static inline span span_of(int64_t v, size_t i)
{
  (void)i;
  return (span){v, v};
}
REDU_DECLARE_REDUCTION(span_of_i64, span, span_join, REDU_COMMUTATIVE, {INT64_MAX, INT64_MIN})
REDU_DEFINE_TRANSFORM_REDUCTION(redu_span_i64, span_of_i64, int64_t, span_of)

enum { THREADS = 8, CALLS = 120, N = 6000, RANGES = 8, SEGS = 5 };

/* The ranges the threads reduce: the quarters, the whole array, a prefix, a suffix and a
 * middle part, all overlapping one another. */
static const size_t range_lo[RANGES] = {0, N / 4, N / 2, 3 * N / 4, 0, 0, N / 3, N / 5};
static const size_t range_n[RANGES] = {N / 4, N / 4, N / 4, N / 4, N, N / 3, N - N / 3, N / 2};

static int64_t xi[N];
static double xf[N];
static int dev;
static const redu_options host_in = {.flags = REDU_INPUT_HOST};
static const redu_options host_exact = {.flags = REDU_INPUT_HOST | REDU_EXACT};

static int64_t sum_i(const int64_t *x, size_t n)
{
  int64_t s = 0;
  for (size_t i = 0; i < n; ++i)
    s += x[i];
  return s;
}

/* Values are small integers, so every float sum below is exact in any order. */
static double sum_f(const double *x, size_t n)
{
  double s = 0;
  for (size_t i = 0; i < n; ++i)
    s += x[i];
  return s;
}

static double dot_f(const double *x, const double *y, size_t n)
{
  double s = 0;
  for (size_t i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

/* One call of kind `kind` over range r; the number of wrong answers. */
static int one_call(int kind, int r)
{
  size_t lo = range_lo[r], n = range_n[r];
  const int64_t *x = xi + lo;
  const double *f = xf + lo;
  switch (kind) {
  case 0: {
    int64_t got = 0;
    return redu_sum_i64(dev, x, n, &got, &host_in) != REDU_OK || got != sum_i(x, n);
  }
  case 1: {
    double got = 0;
    return redu_sum_f64(dev, f, n, &got, &host_exact) != REDU_OK || got != sum_f(f, n);
  }
  case 2: {
    /* y overlaps x: the other half of the range, shifted. */
    double got = 0;
    size_t m = n / 2;
    return redu_dot_f64(dev, f, f + m, m, &got, &host_in) != REDU_OK || got != dot_f(f, f + m, m);
  }
  case 3: {
    size_t offs[SEGS + 1];
    int64_t got[SEGS], want[SEGS];
    for (int k = 0; k <= SEGS; ++k)
      offs[k] = lo + n * (size_t)k / SEGS;
    for (int k = 0; k < SEGS; ++k)
      want[k] = sum_i(xi + offs[k], offs[k + 1] - offs[k]);
    return redu_segmented_sum_i64(dev, xi, offs, SEGS, got, &host_in) != REDU_OK ||
           memcmp(got, want, sizeof got) != 0;
  }
  case 4: {
    /* Batched argmin over the range: values and indices into host arrays. */
    size_t len = n / SEGS, at[SEGS];
    int64_t got[SEGS], want[SEGS];
    size_t want_at[SEGS];
    for (int k = 0; k < SEGS; ++k) {
      want[k] = INT64_MAX, want_at[k] = 0;
      for (size_t i = 0; i < len; ++i)
        if (x[k * len + i] < want[k])
          want[k] = x[k * len + i], want_at[k] = i;
    }
    return redu_batched_argmin_i64(dev, x, len, SEGS, got, at, &host_in) != REDU_OK ||
           memcmp(got, want, sizeof got) != 0 || memcmp(at, want_at, sizeof at) != 0;
  }
  default: {
    span got = {0, 0}, want = {INT64_MAX, INT64_MIN};
    for (size_t i = 0; i < n; ++i)
      want = span_join(want, span_of(x[i], i));
    return redu_span_i64(dev, x, n, &got, &host_in) != REDU_OK || got.lo != want.lo ||
           got.hi != want.hi;
  }
  }
}

typedef struct {
  int id, bad;
} job;

static void *worker(void *arg)
{
  job *j = arg;
  for (int c = 0; c < CALLS; ++c)
    j->bad += one_call((j->id + c) % 6, (j->id * 3 + c) % RANGES);
  return NULL;
}

static void test_threads(void)
{
  pthread_t t[THREADS];
  job jobs[THREADS];
  for (int i = 0; i < THREADS; ++i) {
    jobs[i] = (job){i, 0};
    pthread_create(&t[i], NULL, worker, &jobs[i]);
  }
  for (int i = 0; i < THREADS; ++i) {
    pthread_join(t[i], NULL);
    CHECK(jobs[i].bad == 0, "thread %d: %d wrong results or statuses", i, jobs[i].bad);
  }
  /* Several parts of one host array on the same device: one worker thread each. */
  const int devs[3] = {dev, dev, dev};
  const int64_t *xs[3] = {xi, xi + N / 4, xi};
  size_t ns[3] = {N / 2, N / 2, N};
  int64_t got = 0;
  CHECK_OK(redu_multi_sum_i64(3, devs, xs, ns, &got, &host_in));
  CHECK(got == sum_i(xi, N / 2) + sum_i(xi + N / 4, N / 2) + sum_i(xi, N),
        "multi over overlapping parts: %lld", (long long)got);
}

/* Whether a kernel on dev runs elsewhere than the host (not host fallback). */
static int offloaded(void)
{
  int off = 0;
#pragma omp target device(dev) map(from : off)
  off = !omp_is_initial_device();
  return off;
}

/* The program maps m[mlo, mlo + mn) itself, then changes the host array: a range the
 * mapping covers whole is read from the device copy (in place), any other from the host.
 * Afterwards the mapping is still there, with the device copy as it was. */
static void test_mapped_case(size_t mlo, size_t mn, size_t lo, size_t n, int off)
{
  int64_t *m = malloc(N * sizeof *m), *old = malloc(N * sizeof *old);
  for (size_t i = 0; i < N; ++i)
    old[i] = m[i] = (int64_t)(i % 13);
#pragma omp target enter data device(dev) map(to : m[mlo : mn])
  for (size_t i = 0; i < N; ++i)
    m[i] = (int64_t)(i % 7) + 100;
  int in_place = off && lo >= mlo && lo + n <= mlo + mn;
  int64_t want = sum_i(in_place ? old + lo : m + lo, n), got = -1;
  CHECK_OK(redu_sum_i64(dev, m + lo, n, &got, &host_in));
  CHECK(got == want, "mapped [%zu, %zu), reduced [%zu, %zu): %lld, want %lld", mlo, mlo + mn, lo,
        lo + n, (long long)got, (long long)want);
  /* Segmented and declared calls over the same range, results into a host array the
   * program has mapped too: the host array gets them, the device copy stays. */
  int64_t vals[2] = {-1, -1};
  size_t offs[3] = {lo, lo + n / 2, lo + n};
#pragma omp target enter data device(dev) map(to : vals[0 : 2])
  CHECK_OK(redu_segmented_sum_i64(dev, m, offs, 2, vals, &host_in));
  const int64_t *src = in_place ? old : m;
  CHECK(vals[0] == sum_i(src + lo, n / 2) && vals[1] == sum_i(src + lo + n / 2, n - n / 2),
        "segmented over [%zu, %zu) mapped [%zu, %zu): %lld %lld", lo, lo + n, mlo, mlo + mn,
        (long long)vals[0], (long long)vals[1]);
  span sp = {0, 0}, want_sp = {INT64_MAX, INT64_MIN};
  for (size_t i = lo; i < lo + n; ++i)
    want_sp = span_join(want_sp, span_of(src[i], i));
  CHECK_OK(redu_span_i64(dev, m + lo, n, &sp, &host_in));
  CHECK(sp.lo == want_sp.lo && sp.hi == want_sp.hi,
        "declared over [%zu, %zu) mapped [%zu, %zu): [%lld, %lld]", lo, lo + n, mlo, mlo + mn,
        (long long)sp.lo, (long long)sp.hi);
  if (off) {
    int64_t dvals[2] = {0, 0};
    CHECK(omp_target_is_present(vals, dev) &&
              omp_target_memcpy(dvals, omp_get_mapped_ptr(vals, dev), sizeof dvals, 0, 0,
                                omp_get_initial_device(), dev) == 0 &&
              dvals[0] == -1 && dvals[1] == -1,
          "the program's device copy of the results changed: %lld %lld", (long long)dvals[0],
          (long long)dvals[1]);
    int64_t *back = malloc(mn * sizeof *back);
    CHECK(omp_target_is_present(m + mlo, dev) && omp_target_is_present(m + mlo + mn - 1, dev),
          "the mapping of [%zu, %zu) is gone", mlo, mlo + mn);
    CHECK(omp_target_memcpy(back, omp_get_mapped_ptr(m + mlo, dev), mn * sizeof *back, 0, 0,
                            omp_get_initial_device(), dev) == 0 &&
              memcmp(back, old + mlo, mn * sizeof *back) == 0,
          "the device copy of [%zu, %zu) changed", mlo, mlo + mn);
    /* Only what the program mapped: nothing around it was added. */
    CHECK((mlo == 0 || !omp_target_is_present(m + mlo - 1, dev)) &&
              (mlo + mn == N || !omp_target_is_present(m + mlo + mn, dev)),
          "the mapping of [%zu, %zu) was extended", mlo, mlo + mn);
    free(back);
  }
#pragma omp target exit data device(dev) map(delete : m[mlo : mn], vals[0 : 2])
  free(m), free(old);
}

static void test_mapped(void)
{
  int off = offloaded();
  /* A prefix mapped: a larger range, the prefix itself, a range inside it. */
  test_mapped_case(0, 10, 0, 100, off);
  test_mapped_case(0, 10, 0, 10, off);
  test_mapped_case(0, 10, 2, 6, off);
  /* The whole array mapped: the whole range and a middle part. */
  test_mapped_case(0, N, 0, N, off);
  test_mapped_case(0, N, N / 3, N / 3, off);
  /* A middle part mapped: the whole array, a range over its start, one inside it. */
  test_mapped_case(N / 4, N / 4, 0, N, off);
  test_mapped_case(N / 4, N / 4, N / 8, N / 4, off);
  test_mapped_case(N / 4, N / 4, N / 4 + 1, N / 8, off);
}

/* A call with the program's scratchpad takes libredu's staging for its host arrays: both
 * the copy and the in-place read. */
static void test_scratchpad(void)
{
  size_t team_bytes = 0, pad_bytes = 0;
  CHECK_OK(
      redu_scratch_query(dev, N, sizeof(int64_t), sizeof(int64_t), NULL, &team_bytes, &pad_bytes));
  void *pad = omp_target_alloc(pad_bytes, dev);
  redu_options o = {.flags = REDU_INPUT_HOST, .scratchpad = pad, .scratchpad_bytes = pad_bytes};
  for (int mapped = 0; mapped < 2; ++mapped) {
    if (mapped) {
#pragma omp target enter data device(dev) map(to : xi[0 : N])
    }
    int64_t got = 0;
    CHECK_OK(redu_sum_i64(dev, xi, N, &got, &o));
    CHECK(got == sum_i(xi, N), "scratchpad, host array %s: %lld", mapped ? "mapped" : "copied",
          (long long)got);
  }
#pragma omp target exit data device(dev) map(delete : xi[0 : N])
  omp_target_free(pad, dev);
}

/* A host array too large to copy to the device: REDU_ERR_OUT_OF_MEMORY, result untouched.
 * Only where the array is copied (host fallback would read it: it is far shorter). */
static void test_too_large(void)
{
  if (!offloaded())
    return;
  int64_t got = 42;
  redu_status s = redu_sum_i64(dev, xi, (size_t)1 << 58, &got, &host_in);
  CHECK(s == REDU_ERR_OUT_OF_MEMORY && got == 42, "2^61 bytes of host array: status %d (%s)",
        (int)s, redu_last_error());
}

int main(void)
{
  dev = omp_get_default_device();
  for (size_t i = 0; i < N; ++i) {
    xi[i] = (int64_t)(i * 7919 % 1000) - 500;
    xf[i] = (double)((int)(i * 31 % 17) - 8);
  }
  test_threads();
  test_mapped();
  test_scratchpad();
  test_too_large();
  return redu_test_finish("test_host_arrays");
}

/* Bins over size_t keys (redu_bins_wide, libredu/redu.h): for every op x type the generic
 * redu_bins takes, the same bits as redu_bins over the keys held as uint32_t (which
 * test_bins checks against its serial reference), with keys past nbins as large as 2^32 + 3
 * and SIZE_MAX skipped (never folded into bin 3 or the last bin) or named by
 * REDU_ERR_BAD_KEY with their own value; x NULL counts, REDU_BINS_ACCUMULATE, host arrays,
 * several host threads at once, and bad input (a status, a message, out untouched). */
#include "redu_test.h"

/* A key past every nbins here that a cut to 32 bits would turn into bin 3. */
#define ALIAS_OF_3 (((size_t)1 << 32) + 3)

static int is_arg(redu_op op) { return op == REDU_ARGMIN || op == REDU_ARGMAX; }

/* n keys for nbins bins: uniform, every 97th past nbins (2^32 + 3, SIZE_MAX, nbins in turn);
 * narrow: the same keys as uint32_t, those past nbins as nbins (below 2^32 here). */
static void make_keys(size_t *keys, uint32_t *narrow, size_t n, size_t nbins, uint64_t seed)
{
  static const size_t past[] = {ALIAS_OF_3, SIZE_MAX, 0};
  for (size_t i = 0; i < n; ++i) {
    size_t k = redu_test_rand(&seed) % nbins;
    if (i % 97 == 41)
      k = past[i / 97 % 3] ? past[i / 97 % 3] : nbins;
    keys[i] = k;
    narrow[i] = k < nbins ? (uint32_t)k : (uint32_t)nbins;
  }
}

/* One op x type, n elements into nbins bins (skipping the keys past nbins): redu_bins_wide
 * against redu_bins over the narrowed keys, out and index bit for bit. */
static void check_case(int dev, redu_op op, redu_type type, size_t n, size_t nbins, int counts,
                       int accumulate, uint64_t seed)
{
  size_t es = redu_test_type_size(type), ib = nbins * sizeof(size_t);
  size_t *keys = malloc((n ? n : 1) * sizeof *keys);
  uint32_t *narrow = malloc((n ? n : 1) * sizeof *narrow);
  void *x = malloc(n ? n * es : 1), *start = malloc(nbins * es), *got = malloc(nbins * es),
       *want = malloc(nbins * es);
  size_t *gi = malloc(ib), *wi = malloc(ib);
  make_keys(keys, narrow, n, nbins, seed);
  redu_test_fill_small(x, type, n, seed + 1);
  redu_test_fill_small(start, type, nbins, seed + 2);
  size_t *dk = redu_test_to_device(keys, n * sizeof *keys, dev);
  uint32_t *dn = redu_test_to_device(narrow, n * sizeof *narrow, dev);
  void *dx = redu_test_to_device(x, n * es, dev);
  void *dgot = redu_test_to_device(start, nbins * es, dev),
       *dwant = redu_test_to_device(start, nbins * es, dev);
  size_t *dgi = omp_target_alloc(ib, dev), *dwi = omp_target_alloc(ib, dev);
  redu_options o = {.flags = REDU_BINS_SKIP_BAD_KEYS | (accumulate ? REDU_BINS_ACCUMULATE : 0)};
  if (accumulate && is_arg(op)) { /* the same positions in both */
    for (size_t k = 0; k < nbins; ++k)
      gi[k] = k;
    omp_target_memcpy(dgi, gi, ib, 0, 0, dev, omp_get_initial_device());
    omp_target_memcpy(dwi, gi, ib, 0, 0, dev, omp_get_initial_device());
  }
  const void *xs = counts ? NULL : dx;
  redu_status s = redu_bins_wide(dev, op, type, dk, xs, n, nbins, dgot, dgi, &o);
  redu_status r = redu_bins(dev, op, type, dn, xs, n, nbins, dwant, dwi, &o);
  CHECK(s == REDU_OK && r == REDU_OK, "op %d type %d n %zu nbins %zu: %d / %d (%s)", (int)op,
        (int)type, n, nbins, (int)s, (int)r, redu_last_error());
  omp_target_memcpy(got, dgot, nbins * es, 0, 0, omp_get_initial_device(), dev);
  omp_target_memcpy(want, dwant, nbins * es, 0, 0, omp_get_initial_device(), dev);
  CHECK(!memcmp(got, want, nbins * es), "op %d type %d n %zu nbins %zu counts %d acc %d: out",
        (int)op, (int)type, n, nbins, counts, accumulate);
  if (is_arg(op)) {
    omp_target_memcpy(gi, dgi, ib, 0, 0, omp_get_initial_device(), dev);
    omp_target_memcpy(wi, dwi, ib, 0, 0, omp_get_initial_device(), dev);
    CHECK(!memcmp(gi, wi, ib), "op %d type %d n %zu nbins %zu: index", (int)op, (int)type, n,
          nbins);
  }
  omp_target_free(dk, dev), omp_target_free(dn, dev), omp_target_free(dx, dev);
  omp_target_free(dgot, dev), omp_target_free(dwant, dev);
  omp_target_free(dgi, dev), omp_target_free(dwi, dev);
  free(keys), free(narrow), free(x), free(start), free(got), free(want), free(gi), free(wi);
}

/* Keys past nbins not skipped: REDU_ERR_BAD_KEY naming the first with its own value, out
 * untouched; several host threads at once, each with its own first bad key. */
static void check_bad_keys(int dev)
{
  enum { N = 1000, B = 10, THREADS = 4 };
  size_t keys[THREADS][N];
  double x[N];
  for (size_t i = 0; i < N; ++i)
    x[i] = (double)i * 0.5;
  for (int t = 0; t < THREADS; ++t)
    for (size_t i = 0; i < N; ++i)
      keys[t][i] = i == 517 + (size_t)t ? ALIAS_OF_3 + (size_t)t : i == 900 ? SIZE_MAX : i % B;
  double *dx = redu_test_to_device(x, sizeof x, dev);
  int failures = 0;
#pragma omp parallel for num_threads(THREADS) reduction(+ : failures)
  for (int t = 0; t < THREADS; ++t) {
    double sentinel[B], got[B];
    for (size_t k = 0; k < B; ++k)
      sentinel[k] = -7.5;
    size_t *dk = redu_test_to_device(keys[t], sizeof keys[t], dev);
    double *dout = redu_test_to_device(sentinel, sizeof sentinel, dev);
    char want[96];
    snprintf(want, sizeof want, "keys[%zu] = %zu", 517 + (size_t)t, ALIAS_OF_3 + (size_t)t);
    for (int round = 0; round < 20; ++round) {
      redu_status s = redu_bins_wide(dev, REDU_SUM, REDU_DOUBLE, dk, dx, N, B, dout, NULL, NULL);
      failures += s != REDU_ERR_BAD_KEY || !strstr(redu_last_error(), want);
      if (s != REDU_ERR_BAD_KEY || !strstr(redu_last_error(), want))
        fprintf(stderr, "thread %d: %d (%s), want %s\n", t, (int)s, redu_last_error(), want);
    }
    omp_target_memcpy(got, dout, sizeof got, 0, 0, omp_get_initial_device(), dev);
    failures += memcmp(got, sentinel, sizeof got) != 0;
    omp_target_free(dk, dev), omp_target_free(dout, dev);
  }
  CHECK(!failures, "bad keys from %d threads: %d failures", THREADS, failures);
  omp_target_free(dx, dev);
}

/* Bad input: a status and a message, out untouched; host arrays. */
static void check_errors(int dev, int is_cuda)
{
  enum { N = 64, B = 4 };
  size_t keys[N + 1];
  float x[N], sentinel[B] = {5, 5, 5, 5};
  for (size_t i = 0; i <= N; ++i)
    keys[i] = i % B;
  for (size_t i = 0; i < N; ++i)
    x[i] = (float)i;
  size_t *dk = redu_test_to_device(keys, sizeof keys, dev);
  float *dx = redu_test_to_device(x, sizeof x, dev),
        *dout = redu_test_to_device(sentinel, sizeof sentinel, dev);
  const size_t *odd = (const size_t *)((const char *)dk + 4);
  struct {
    redu_status got, want;
    const char *what;
  } cases[] = {
      {redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, NULL, dx, N, B, dout, NULL, NULL),
       REDU_ERR_NULL_ARG, "keys NULL"},
      {redu_bins_wide(dev, REDU_MAX, REDU_FLOAT, dk, NULL, N, B, dout, NULL, NULL),
       REDU_ERR_NULL_ARG, "x NULL (max)"},
      {redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, dk, dx, N, B, NULL, NULL, NULL), REDU_ERR_NULL_ARG,
       "out NULL"},
      {redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, odd, dx, N, B, dout, NULL, NULL),
       REDU_ERR_MISALIGNED, "keys misaligned"},
      {redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, dk, dx, N, (size_t)UINT32_MAX + 1, dout, NULL,
                      NULL),
       REDU_ERR_OVERFLOW, "nbins past 2^32 - 1"},
      {redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, dk, dx, SIZE_MAX / 4, B, dout, NULL, NULL),
       REDU_ERR_OVERFLOW, "n huge"},
      {redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, dk, dx, N, B, (float *)dk + 2, NULL, NULL),
       REDU_ERR_OVERLAP, "out over keys"},
      {redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, dk, dx, N, B, dx, NULL, NULL), REDU_ERR_OVERLAP,
       "out over x"},
      {redu_bins_wide(12345, REDU_SUM, REDU_FLOAT, dk, dx, N, B, dout, NULL, NULL),
       REDU_ERR_INVALID_DEVICE, "device"},
      {redu_bins_wide(dev, REDU_PROD, REDU_FLOAT, dk, dx, N, B, dout, NULL, NULL),
       REDU_ERR_UNSUPPORTED, "float prod"},
      {redu_bins_wide(dev, (redu_op)99, REDU_FLOAT, dk, dx, N, B, dout, NULL, NULL),
       REDU_ERR_UNSUPPORTED, "unknown op"},
      {redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, dk, dx, N, B, dout, NULL,
                      &(redu_options){.flags = 1u << 20}),
       REDU_ERR_BAD_OPTION, "unknown flag"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c)
    CHECK(cases[c].got == cases[c].want && *redu_last_error(), "%s: %d, want %d (%s)",
          cases[c].what, (int)cases[c].got, (int)cases[c].want, redu_last_error());
  if (is_cuda) {
    redu_status s = redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, keys, dx, N, B, dout, NULL, NULL);
    CHECK(s == REDU_ERR_NOT_DEVICE_PTR, "host keys: %d (%s)", (int)s, redu_last_error());
  }
  float got[B];
  omp_target_memcpy(got, dout, sizeof got, 0, 0, omp_get_initial_device(), dev);
  CHECK(!memcmp(got, sentinel, sizeof got), "a failed call wrote out");
  /* n = 0: empty bins get the identity; host arrays, accumulating */
  CHECK_OK(redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, NULL, NULL, 0, B, dout, NULL, NULL));
  float hout[B] = {1, 2, 3, 4}, want[B] = {1, 2, 3, 4};
  for (size_t i = 0; i < N; ++i)
    want[keys[i]] += x[i];
  CHECK_OK(redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, keys, x, N, B, hout, NULL,
                          &(redu_options){.flags = REDU_INPUT_HOST | REDU_BINS_ACCUMULATE}));
  CHECK(!memcmp(hout, want, sizeof hout), "host arrays, accumulating: %g %g %g %g", (double)hout[0],
        (double)hout[1], (double)hout[2], (double)hout[3]);
  keys[9] = ALIAS_OF_3;
  redu_status s = redu_bins_wide(dev, REDU_SUM, REDU_FLOAT, keys, x, N, B, hout, NULL,
                                 &(redu_options){.flags = REDU_INPUT_HOST});
  CHECK(s == REDU_ERR_BAD_KEY && strstr(redu_last_error(), "keys[9] = 4294967299"),
        "host keys, bad: %d (%s)", (int)s, redu_last_error());
  CHECK(!memcmp(hout, want, sizeof hout), "host arrays: out written by a failed call");
  omp_target_free(dk, dev), omp_target_free(dx, dev), omp_target_free(dout, dev);
}

int main(void)
{
  int dev = omp_get_default_device();
  static const size_t ns[] = {0, 1, 1000, 70001};
  static const size_t bs[] = {1, 7, 300, 4096};
  uint64_t seed = 7;
  for (int op = 0; op < REDU_OP_COUNT; ++op)
    for (int type = 0; type < REDU_TYPE_COUNT; ++type) {
      /* the pairs the generic form takes */
      if (redu_bins(dev, (redu_op)op, (redu_type)type, NULL, NULL, 0, 0, NULL, NULL, NULL) !=
          REDU_OK)
        continue;
      for (size_t a = 0; a < sizeof ns / sizeof ns[0]; ++a)
        for (size_t b = 0; b < sizeof bs / sizeof bs[0]; ++b)
          check_case(dev, (redu_op)op, (redu_type)type, ns[a], bs[b],
                     op == REDU_SUM && (a + b) % 3 == 2, (a + b) % 2, seed++);
    }
  check_bad_keys(dev);
  check_errors(dev, redu_test_is_cuda(dev));
  return redu_test_finish("test_bins_wide");
}

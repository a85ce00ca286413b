/* Bins (libredu/redu_bins.h): every op x type the table gives bins (device/redu_op_table.h),
 * typed calls, against a serial reference written here: integers, min/max, logical ops and
 * arg ops exactly (NaN as NaN, -0.0 below +0.0, lowest index on ties); float sums bit for bit
 * against MPFR's correctly rounded sum of each bin. Bins B in {1, 7, 256, 4096} over n in
 * {0, 1, 1000, 65537}, uniform keys; for a few entries B = 65,536 and 2^20 over 2^20 + 3
 * elements with all keys equal, uniform and power-law keys. Also: a permuted input gives the
 * same bits (float sums), x NULL counts, REDU_BINS_ACCUMULATE, bad keys (REDU_ERR_BAD_KEY
 * naming the first, out untouched; REDU_BINS_SKIP_BAD_KEYS), float-sum specials (NaN, both
 * infinities, signed zeros, overflow, subnormal results, cancellation), a range past the
 * window's memory cap (REDU_EXACT refuses it, without it the same bits every time), host
 * arrays, the generic redu_bins, and every bad input (a status, a message, out untouched).
 * `test_bins plans`: a sparser matrix for the forced plans' and the sanitized runs (main says
 * which). */
#include "device/redu_op_table.h"
#include "redu_test_exact.h"
#include <math.h>
#include <stdlib.h>

static int is_cuda;

typedef redu_status (*bins_fn)(int, const uint32_t *, const void *, size_t, size_t, void *,
                               size_t *, const redu_options *);
typedef struct entry {
  redu_op op;
  redu_type type;
  const char *name;
  bins_fn fn;
} entry;

/* Each typed call through one signature (float products: the generic form, which refuses). */
#define WRAP_TYPED(op, sfx, T)                                                                     \
  static redu_status call_##op##_##sfx(int d, const uint32_t *k, const void *x, size_t n,          \
                                       size_t nb, void *out, size_t *index, const redu_options *o) \
  {                                                                                                \
    (void)index;                                                                                   \
    return redu_bins_##op##_##sfx(d, k, x, n, nb, out, o);                                         \
  }
#define WRAP_VALUE_INT(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)             \
  WRAP_TYPED(op, sfx, T)
#define WRAP_VALUE_UINT WRAP_VALUE_INT
#define WRAP_VALUE_FLT(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)             \
  WRAP_FLT_##op(op, sfx, T)
#define WRAP_FLT_sum WRAP_TYPED
#define WRAP_FLT_min WRAP_TYPED
#define WRAP_FLT_max WRAP_TYPED
#define WRAP_FLT_land WRAP_TYPED
#define WRAP_FLT_lor WRAP_TYPED
#define WRAP_FLT_prod(op, sfx, T)
#define WRAP_ARG(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)                     \
  static redu_status call_##op##_##sfx(int d, const uint32_t *k, const void *x, size_t n,          \
                                       size_t nb, void *out, size_t *index, const redu_options *o) \
  {                                                                                                \
    return redu_bins_##op##_##sfx(d, k, x, n, nb, out, index, o);                                  \
  }
#define WRAPS(sfx, T, E, K, SA, LO, HI)                                                            \
  REDU__OPS_OF_TYPE(WRAP_VALUE_##K, WRAP_ARG, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(WRAPS)

#define ENTRY_TYPED(op, OP, sfx, E) {OP, E, #op "_" #sfx, call_##op##_##sfx},
#define ENTRY_VALUE_INT(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)            \
  ENTRY_TYPED(op, OP, sfx, E)
#define ENTRY_VALUE_UINT ENTRY_VALUE_INT
#define ENTRY_VALUE_FLT(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)            \
  ENTRY_FLT_##op(op, OP, sfx, E)
#define ENTRY_FLT_sum ENTRY_TYPED
#define ENTRY_FLT_min ENTRY_TYPED
#define ENTRY_FLT_max ENTRY_TYPED
#define ENTRY_FLT_land ENTRY_TYPED
#define ENTRY_FLT_lor ENTRY_TYPED
#define ENTRY_FLT_prod(op, OP, sfx, E)
#define ENTRY_ARG(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)                    \
  ENTRY_TYPED(op, OP, sfx, E)
#define ENTRIES(sfx, T, E, K, SA, LO, HI)                                                          \
  REDU__OPS_OF_TYPE(ENTRY_VALUE_##K, ENTRY_ARG, sfx, T, E, K, SA, LO, HI)
static const entry entries[] = {REDU_FOR_EACH_TYPE(ENTRIES)};
enum { NENTRIES = sizeof entries / sizeof entries[0] };

static int is_float(redu_type t) { return t == REDU_FLOAT || t == REDU_DOUBLE; }
static int is_arg(redu_op op) { return op == REDU_ARGMIN || op == REDU_ARGMAX; }

/* Element i of x (of type t) as a double (exact for floats), and as 64 bits (integers,
 * sign-extended). */
static double get_d(redu_type t, const void *x, size_t i)
{
  return t == REDU_FLOAT ? (double)((const float *)x)[i] : ((const double *)x)[i];
}
static uint64_t get_u(redu_type t, const void *x, size_t i)
{
  switch (t) {
#define GET_CASE(sfx, T, E, K, SA, LO, HI)                                                         \
  case E:                                                                                          \
    return (uint64_t)(int64_t)((const T *)x)[i];
    REDU_FOR_EACH_INT_TYPE(GET_CASE)
#undef GET_CASE
  default:
    return 0;
  }
}
static int is_signed(redu_type t)
{
  return t == REDU_INT8 || t == REDU_INT16 || t == REDU_INT32 || t == REDU_INT64;
}
/* Stores v (64 bits, narrowed; or a double for floats) as element i of out. */
static void put(redu_type t, void *out, size_t i, uint64_t u, double d)
{
  switch (t) {
#define PUT_CASE(sfx, T, E, K, SA, LO, HI)                                                         \
  case E:                                                                                          \
    ((T *)out)[i] = (T)u;                                                                          \
    break;
    REDU_FOR_EACH_INT_TYPE(PUT_CASE)
#undef PUT_CASE
  case REDU_FLOAT:
    ((float *)out)[i] = (float)d;
    break;
  default:
    ((double *)out)[i] = d;
  }
}

/* Order of two elements for min (-1: a first), floats with NaN first and -0.0 below +0.0. */
static int order(redu_type t, const void *x, size_t a, size_t b)
{
  if (is_float(t)) {
    double u = get_d(t, x, a), v = get_d(t, x, b);
    if (isnan(u) || isnan(v))
      return isnan(u) && isnan(v) ? 0 : isnan(u) ? -1 : 1;
    if (u == v && u == 0)
      return signbit(u) == signbit(v) ? 0 : signbit(u) ? -1 : 1;
    return u < v ? -1 : u > v;
  }
  uint64_t u = get_u(t, x, a), v = get_u(t, x, b);
  if (is_signed(t))
    return (int64_t)u<(int64_t)v ? -1 : (int64_t)u>(int64_t) v;
  /* unsigned: get_u sign-extended the narrow type's bits; compare the type's bits */
  size_t bits = 8 * redu_test_type_size(t);
  uint64_t m = bits == 64 ? ~0ull : (1ull << bits) - 1;
  return (u & m)<(v & m) ? -1 : (u & m)>(v & m);
}

/* The reference: out (nbins elements of t) and index, serially, from the bins' members in
 * index order; accumulate: out's values join as members before every element. */
static void reference_bins(const entry *e, const uint32_t *keys, const void *x, size_t n,
                           size_t nbins, void *out, size_t *index, int accumulate)
{
  redu_type t = e->type;
  size_t es = redu_test_type_size(t);
  size_t *count = calloc(nbins + 1, sizeof *count), *start = calloc(nbins + 1, sizeof *start);
  size_t *members = malloc((n + 1) * sizeof *members);
  for (size_t i = 0; i < n; ++i)
    if (keys[i] < nbins)
      ++count[keys[i]];
  for (size_t k = 0; k < nbins; ++k)
    start[k + 1] = start[k] + count[k];
  memset(count, 0, nbins * sizeof *count);
  for (size_t i = 0; i < n; ++i)
    if (keys[i] < nbins)
      members[start[keys[i]] + count[keys[i]]++] = i;
  /* Members as one array: out's value first when accumulating (position SIZE_MAX - 1). */
  char *vals = malloc((n + 1) * es + 8);
  size_t *pos = malloc((n + 1) * sizeof *pos);
  double *dv = malloc((n + 1) * sizeof *dv);
  for (size_t k = 0; k < nbins; ++k) {
    size_t m = 0;
    if (accumulate) {
      memcpy(vals, (char *)out + k * es, es);
      pos[m++] = index ? index[k] : SIZE_MAX;
    }
    for (size_t j = start[k]; j < start[k + 1]; ++j, ++m) {
      memcpy(vals + m * es, x ? (const char *)x + members[j] * es : NULL, x ? es : 0);
      if (!x) /* counting: each element is 1 */
        put(t, vals, m, 1, 1.0);
      pos[m] = members[j];
    }
    switch (e->op) {
    case REDU_SUM:
      if (is_float(t)) {
        for (size_t j = 0; j < m; ++j)
          dv[j] = get_d(t, vals, j);
        put(t, out, k, 0, reference(t == REDU_FLOAT ? K_SUM32 : K_SUM64, dv, NULL, m));
      } else {
        uint64_t s = 0;
        for (size_t j = 0; j < m; ++j)
          s += get_u(t, vals, j);
        put(t, out, k, s, 0);
      }
      break;
    case REDU_PROD: {
      uint64_t s = 1;
      for (size_t j = 0; j < m; ++j)
        s *= get_u(t, vals, j);
      put(t, out, k, s, 0);
      break;
    }
    case REDU_BAND:
    case REDU_BOR:
    case REDU_BXOR: {
      uint64_t s = e->op == REDU_BAND ? ~0ull : 0;
      for (size_t j = 0; j < m; ++j)
        s = e->op == REDU_BAND  ? s & get_u(t, vals, j)
            : e->op == REDU_BOR ? s | get_u(t, vals, j)
                                : s ^ get_u(t, vals, j);
      put(t, out, k, s, 0);
      break;
    }
    case REDU_LAND:
    case REDU_LOR: {
      int s = e->op == REDU_LAND;
      for (size_t j = 0; j < m; ++j) {
        int truth = is_float(t) ? get_d(t, vals, j) != 0 : get_u(t, vals, j) != 0;
        s = e->op == REDU_LAND ? s && truth : s || truth;
      }
      put(t, out, k, (uint64_t)s, s);
      break;
    }
    case REDU_OP_COUNT: /* no op; every op has its case, so a new one stops the build here */
      abort();
    case REDU_MIN:
    case REDU_MAX:
    case REDU_ARGMIN:
    case REDU_ARGMAX: {
      int lo = e->op == REDU_MIN || e->op == REDU_ARGMIN;
      size_t best = SIZE_MAX;
      for (size_t j = 0; j < m; ++j) {
        if (best == SIZE_MAX) {
          best = j;
          continue;
        }
        int c = order(t, vals, j, best);
        int nan_j = is_float(t) && isnan(get_d(t, vals, j)),
            nan_b = is_float(t) && isnan(get_d(t, vals, best));
        int wins = nan_j || nan_b ? nan_j && !nan_b : lo ? c < 0 : c > 0;
        if (wins || ((nan_j == nan_b) && c == 0 && pos[j] < pos[best]))
          best = j;
      }
      if (best == SIZE_MAX) { /* empty: the identity */
        if (is_float(t))
          put(t, out, k, 0, lo ? INFINITY : -INFINITY);
        else {
          size_t bits = 8 * es;
          uint64_t top = bits == 64 ? ~0ull : (1ull << bits) - 1;
          uint64_t v = is_signed(t) ? (lo ? top >> 1 : ~(top >> 1)) : (lo ? top : 0);
          put(t, out, k, v, 0);
        }
        if (index)
          index[k] = REDU_NO_INDEX;
      } else {
        memcpy((char *)out + k * es, vals + best * es, es);
        if (is_float(t) && isnan(get_d(t, vals, best)))
          put(t, out, k, 0, NAN);
        if (index)
          index[k] = pos[best];
      }
    }
    }
  }
  free(count), free(start), free(members), free(vals), free(pos), free(dv);
}

/* The same results: bit for bit, any NaN alike. */
static int same_results(redu_type t, const void *a, const void *b, size_t nbins, size_t *bad)
{
  size_t es = redu_test_type_size(t);
  for (size_t k = 0; k < nbins; ++k) {
    if (is_float(t) && isnan(get_d(t, a, k)) && isnan(get_d(t, b, k)))
      continue;
    if (memcmp((const char *)a + k * es, (const char *)b + k * es, es)) {
      *bad = k;
      return 0;
    }
  }
  return 1;
}

/* Data for an entry: float sums wide terms (2^-40..2^40, some zeros); min/max/arg ops small
 * values with ties, NaNs and signed zeros now and then; logical ops many zeros; the rest
 * random bits. */
static void fill(const entry *e, void *x, size_t n, uint64_t seed)
{
  redu_type t = e->type;
  for (size_t i = 0; i < n; ++i) {
    uint64_t r = redu_test_rand(&seed);
    if (is_float(t)) {
      double v;
      if (e->op == REDU_SUM)
        v = r % 17 == 0 ? 0.0 : draw_term(&seed, t == REDU_FLOAT, -40, 40);
      else if (e->op == REDU_LAND || e->op == REDU_LOR)
        v = r % 4 == 0 ? 0.0 : r % 4 == 1 ? -0.0 : r % 4 == 2 ? 1.5 : (r % 97 ? 2.0 : NAN);
      else
        v = r % 4999 == 0 ? NAN : r % 13 == 0 ? -0.0 : (double)((int)(r >> 8) % 13 - 6);
      put(t, x, i, 0, v);
    } else if (e->op == REDU_LAND || e->op == REDU_LOR) {
      put(t, x, i, r % 3 == 0 ? 0 : r % 7 + 1, 0);
    } else if (e->op == REDU_MIN || e->op == REDU_MAX || is_arg(e->op)) {
      put(t, x, i, (uint64_t)((int)(r >> 8) % 13 - 6), 0);
    } else if (e->op == REDU_PROD) {
      put(t, x, i, r % 5 == 0 ? (uint64_t)-1 : (r >> 8) % 4 + 1, 0);
    } else {
      put(t, x, i, r >> 3, 0);
    }
  }
}

enum { UNIFORM, ALL_EQUAL, POWER_LAW };
static void make_keys(uint32_t *keys, size_t n, size_t nbins, int dist, uint64_t seed)
{
  for (size_t i = 0; i < n; ++i) {
    double u = (double)(redu_test_rand(&seed) >> 11) * 0x1p-53;
    keys[i] = dist == ALL_EQUAL   ? (uint32_t)(nbins / 2)
              : dist == POWER_LAW ? (uint32_t)((double)nbins * u * u * u * u)
                                  : (uint32_t)(redu_test_rand(&seed) % nbins);
  }
}

/* One entry over n elements into nbins bins: the device's results against the reference. */
static void check_case(int dev, const entry *e, size_t n, size_t nbins, int dist, int accumulate,
                       uint64_t seed)
{
  size_t es = redu_test_type_size(e->type);
  uint32_t *keys = malloc((n ? n : 1) * sizeof *keys);
  void *x = malloc((n ? n : 1) * es), *init = malloc(nbins * es), *got = malloc(nbins * es),
       *want = malloc(nbins * es);
  size_t *idx = malloc(nbins * sizeof *idx), *want_idx = malloc(nbins * sizeof *idx);
  make_keys(keys, n, nbins, dist, seed);
  fill(e, x, n, seed + 1);
  fill(e, init, nbins, seed + 2);
  for (size_t k = 0; k < nbins; ++k)
    idx[k] = want_idx[k] = k + 7 * n; /* accumulated indices: positions past every element */
  memcpy(want, init, nbins * es);
  reference_bins(e, keys, x, n, nbins, want, is_arg(e->op) ? want_idx : NULL, accumulate);
  uint32_t *dk = redu_test_to_device(keys, n * sizeof *keys, dev);
  void *dx = redu_test_to_device(x, n * es, dev),
       *dout = redu_test_to_device(init, nbins * es, dev);
  size_t *di = redu_test_to_device(idx, nbins * sizeof *idx, dev);
  redu_options o = {.flags = accumulate ? REDU_BINS_ACCUMULATE : 0};
  redu_status s = e->fn(dev, dk, dx, n, nbins, dout, di, &o);
  CHECK(s == REDU_OK, "%s n=%zu nbins=%zu: %d (%s)", e->name, n, nbins, (int)s, redu_last_error());
  omp_target_memcpy(got, dout, nbins * es, 0, 0, omp_get_initial_device(), dev);
  omp_target_memcpy(idx, di, nbins * sizeof *idx, 0, 0, omp_get_initial_device(), dev);
  size_t bad = 0;
  CHECK(same_results(e->type, got, want, nbins, &bad),
        "%s n=%zu nbins=%zu dist=%d acc=%d: bin %zu differs from the reference", e->name, n, nbins,
        dist, accumulate, bad);
  if (is_arg(e->op)) {
    size_t k = 0;
    while (k < nbins && idx[k] == want_idx[k])
      ++k;
    CHECK(k == nbins, "%s n=%zu nbins=%zu: index of bin %zu %zu, want %zu", e->name, n, nbins, k,
          k < nbins ? idx[k] : 0, k < nbins ? want_idx[k] : 0);
  }
  omp_target_free(dk, dev), omp_target_free(dx, dev), omp_target_free(dout, dev);
  omp_target_free(di, dev);
  free(keys), free(x), free(init), free(got), free(want), free(idx), free(want_idx);
}

/* perm = a random permutation of 0 .. n-1 (Fisher-Yates, from *st). */
static void shuffle(size_t *perm, size_t n, uint64_t *st)
{
  for (size_t i = 0; i < n; ++i)
    perm[i] = i;
  for (size_t i = n; i-- > 1;) {
    size_t j = redu_test_rand(st) % (i + 1), t = perm[i];
    perm[i] = perm[j], perm[j] = t;
  }
}

/* Float sums of a permuted input, and a second run: the same bits. Counting (x NULL). */
static void check_order(int dev)
{
  enum { N = 200003, B = 333 };
  uint64_t st = 5;
  uint32_t *keys = malloc(N * sizeof *keys), *pk = malloc(N * sizeof *pk);
  double *x = malloc(N * sizeof *x), *px = malloc(N * sizeof *px);
  for (size_t i = 0; i < N; ++i) {
    keys[i] = (uint32_t)(redu_test_rand(&st) % B);
    x[i] = draw_term(&st, 0, -300, 300); /* far past one double-word */
  }
  size_t *perm = malloc(N * sizeof *perm);
  shuffle(perm, N, &st);
  for (size_t i = 0; i < N; ++i)
    pk[i] = keys[perm[i]], px[i] = x[perm[i]];
  uint32_t *dk = redu_test_to_device(keys, sizeof(uint32_t) * N, dev),
           *dpk = redu_test_to_device(pk, sizeof(uint32_t) * N, dev);
  double *dx = redu_test_to_device(x, sizeof(double) * N, dev),
         *dpx = redu_test_to_device(px, sizeof(double) * N, dev);
  double *d1 = omp_target_alloc(B * sizeof(double), dev),
         *d2 = omp_target_alloc(B * sizeof(double), dev);
  double a[B], b[B], want[B];
  CHECK_OK(redu_bins_sum_f64(dev, dk, dx, N, B, d1, &(redu_options){.flags = REDU_EXACT}));
  CHECK_OK(redu_bins_sum_f64(dev, dpk, dpx, N, B, d2, NULL));
  omp_target_memcpy(a, d1, sizeof a, 0, 0, omp_get_initial_device(), dev);
  omp_target_memcpy(b, d2, sizeof b, 0, 0, omp_get_initial_device(), dev);
  CHECK(!memcmp(a, b, sizeof a), "sum_f64: a permuted input gave other bits");
  entry e = {REDU_SUM, REDU_DOUBLE, "sum_f64", NULL};
  reference_bins(&e, keys, x, N, B, want, NULL, 0);
  CHECK(!memcmp(a, want, sizeof a), "sum_f64 over 2^-300..2^300: not MPFR's bits");
  /* counting: x NULL */
  uint32_t *dc = omp_target_alloc(B * sizeof(uint32_t), dev), c[B], wc[B] = {0};
  CHECK_OK(redu_bins_sum_u32(dev, dk, NULL, N, B, dc, NULL));
  omp_target_memcpy(c, dc, sizeof c, 0, 0, omp_get_initial_device(), dev);
  for (size_t i = 0; i < N; ++i)
    ++wc[keys[i]];
  CHECK(!memcmp(c, wc, sizeof c), "sum_u32 with x NULL: not the counts");
  /* a 64-bit count (GPUs: private 32-bit words below 2^32 elements), and accumulating */
  uint64_t *dc64 = omp_target_alloc(B * sizeof(uint64_t), dev), c64[B];
  for (size_t j = 0; j < B; ++j)
    c64[j] = ((uint64_t)1 << 40) + j; /* past 32 bits: the flush must carry into them */
  omp_target_memcpy(dc64, c64, sizeof c64, 0, 0, dev, omp_get_initial_device());
  CHECK_OK(
      redu_bins_sum_u64(dev, dk, NULL, N, B, dc64, &(redu_options){.flags = REDU_BINS_ACCUMULATE}));
  omp_target_memcpy(c64, dc64, sizeof c64, 0, 0, omp_get_initial_device(), dev);
  size_t j = 0;
  while (j < B && c64[j] == ((uint64_t)1 << 40) + j + wc[j])
    ++j;
  CHECK(j == B, "sum_u64 with x NULL, accumulating: bin %zu wrong", j);
  omp_target_free(dc64, dev);
  CHECK_OK(redu_bins_sum_f64(dev, dk, NULL, N, B, d1, NULL));
  omp_target_memcpy(a, d1, sizeof a, 0, 0, omp_get_initial_device(), dev);
  size_t k = 0;
  while (k < B && a[k] == (double)wc[k])
    ++k;
  CHECK(k == B, "sum_f64 with x NULL: bin %zu %g, want %u", k, k < B ? a[k] : 0, k < B ? wc[k] : 0);
  omp_target_free(dk, dev), omp_target_free(dpk, dev), omp_target_free(dx, dev);
  omp_target_free(dpx, dev), omp_target_free(d1, dev), omp_target_free(d2, dev);
  omp_target_free(dc, dev);
  free(keys), free(pk), free(x), free(px), free(perm);
}

/* Team windows (float sums into up to 1,024 bins: each team's private bins a window placed
 * from a sample of its terms, the rest straight to the global bins): data the sample
 * describes well, data it does not (magnitudes rising along the array, rare terms far
 * above and below it, subnormals, a last term near the top of the range), with signs mixed;
 * MPFR's bits, and the same bits for a shuffled input, per type and data. */
static void check_team_windows(int dev)
{
  enum { N = (1 << 19) + 3, B = 1024 };
  uint32_t *keys = malloc(N * sizeof *keys), *pk = malloc(N * sizeof *pk);
  double *x = malloc(N * sizeof *x), *px = malloc(N * sizeof *px), *got = malloc(B * 8),
         *again = malloc(B * 8), *want = malloc(B * 8);
  size_t *perm = malloc(N * sizeof *perm);
  uint64_t st = 11;
  for (int f32 = 0; f32 <= 1; ++f32)
    for (int data = 0; data < 3; ++data) {
      size_t es = f32 ? sizeof(float) : sizeof(double);
      for (size_t i = 0; i < N; ++i) {
        uint64_t r = redu_test_rand(&st);
        double u = (double)(r >> 11) * 0x1p-53, sign = r & 1 ? -1.0 : 1.0, v;
        keys[i] = (uint32_t)(redu_test_rand(&st) % B);
        if (data == 0) /* the sample's range: (-1, 1) */
          v = sign * u;
        else if (data == 1) /* rising: 2^-60 to 2^60 (floats 2^-30 to 2^30) along the array */
          v = sign * (1 + u) *
              ldexp(1.0, (int)((f32 ? 60 : 120) * (i / (double)N)) - (f32 ? 30 : 60));
        else /* (-1, 1) with one term in 4,099 far above or below, subnormal, or the top */
          v = i == N - 1      ? (f32 ? 0x1p127 : 0x1p1023)
              : r % 4099 == 0 ? sign * ldexp(1 + u, f32 ? (r % 3 ? 60 : -60) : (r % 3 ? 200 : -200))
              : r % 4099 == 1 ? sign * (f32 ? 0x1p-149 : 0x1p-1074) * (double)(r >> 40)
                              : sign * u;
        if (f32)
          ((float *)x)[i] = (float)v;
        else
          x[i] = v;
      }
      shuffle(perm, N, &st);
      for (size_t i = 0; i < N; ++i) {
        pk[i] = keys[perm[i]];
        memcpy((char *)px + i * es, (char *)x + perm[i] * es, es);
      }
      uint32_t *dk = redu_test_to_device(keys, N * sizeof *keys, dev),
               *dpk = redu_test_to_device(pk, N * sizeof *pk, dev);
      void *dx = redu_test_to_device(x, N * es, dev), *dpx = redu_test_to_device(px, N * es, dev);
      void *dout = omp_target_alloc(B * es, dev);
      entry e = {REDU_SUM, f32 ? REDU_FLOAT : REDU_DOUBLE, f32 ? "sum_f32" : "sum_f64", NULL};
      redu_options o = {.flags = REDU_EXACT};
      CHECK_OK(redu_bins(dev, REDU_SUM, e.type, dk, dx, N, B, dout, NULL, &o));
      omp_target_memcpy(got, dout, B * es, 0, 0, omp_get_initial_device(), dev);
      CHECK_OK(redu_bins(dev, REDU_SUM, e.type, dpk, dpx, N, B, dout, NULL, &o));
      omp_target_memcpy(again, dout, B * es, 0, 0, omp_get_initial_device(), dev);
      reference_bins(&e, keys, x, N, B, want, NULL, 0);
      size_t bad = 0;
      CHECK(same_results(e.type, got, want, B, &bad),
            "%s team windows, data %d: bin %zu differs from MPFR's", e.name, data, bad);
      CHECK(!memcmp(got, again, B * es),
            "%s team windows, data %d: a shuffled input gave other bits", e.name, data);
      omp_target_free(dk, dev), omp_target_free(dpk, dev), omp_target_free(dx, dev);
      omp_target_free(dpx, dev), omp_target_free(dout, dev);
    }
  free(keys), free(pk), free(x), free(px), free(got), free(again), free(want), free(perm);
}

/* Float sums whose words carry far: 7 bins over the whole range (a term's bits from 2^13 to
 * 2^66 sit across a word boundary there, and 2^16 of them carry out of the word above), and
 * 65,536 bins of small integers (the range pass's windows of one word a half). Against
 * MPFR, each sign apart and mixed, and the same bits for the input reversed. */
static void check_carries(int dev)
{
  enum { N = 1 << 17 };
  static const size_t nbins[] = {7, 65536};
  uint32_t *keys = malloc(N * sizeof *keys), *rk = malloc(N * sizeof *rk);
  double *x = malloc(N * sizeof *x), *rx = malloc(N * sizeof *rx);
  double *got = malloc(65536 * 8), *again = malloc(65536 * 8), *want = malloc(65536 * 8);
  uint64_t st = 5;
  entry e = {REDU_SUM, REDU_DOUBLE, "sum_f64", NULL};
  for (size_t c = 0; c < 2; ++c)
    for (int signs = 0; signs < 3; ++signs) {
      size_t B = nbins[c];
      for (size_t i = 0; i < N; ++i) {
        uint64_t r = redu_test_rand(&st);
        double sign = signs == 0 ? 1 : signs == 1 ? -1 : r & 1 ? -1 : 1;
        keys[i] = c ? (uint32_t)(r >> 8) % (uint32_t)B : i % 2 ? 3 : (uint32_t)(r >> 8) % 7;
        x[i] = sign * (c ? (double)(r >> 40 & 255) : 0x1.fffffffffffffp52 * 0x1p13);
        rk[N - 1 - i] = keys[i], rx[N - 1 - i] = x[i];
      }
      uint32_t *dk = redu_test_to_device(keys, N * sizeof *keys, dev),
               *drk = redu_test_to_device(rk, N * sizeof *rk, dev);
      double *dx = redu_test_to_device(x, N * sizeof *x, dev),
             *drx = redu_test_to_device(rx, N * sizeof *rx, dev),
             *dout = omp_target_alloc(B * 8, dev);
      CHECK_OK(redu_bins_sum_f64(dev, dk, dx, N, B, dout, NULL));
      omp_target_memcpy(got, dout, B * 8, 0, 0, omp_get_initial_device(), dev);
      CHECK_OK(redu_bins_sum_f64(dev, drk, drx, N, B, dout, NULL));
      omp_target_memcpy(again, dout, B * 8, 0, 0, omp_get_initial_device(), dev);
      reference_bins(&e, keys, x, N, B, want, NULL, 0);
      size_t bad = 0;
      CHECK(same_results(e.type, got, want, B, &bad),
            "sum_f64 carries, %zu bins, signs %d: bin %zu is %a, MPFR's %a", B, signs, bad,
            got[bad], want[bad]);
      CHECK(!memcmp(got, again, B * 8), "sum_f64 carries, %zu bins, signs %d: reversed input", B,
            signs);
      omp_target_free(dk, dev), omp_target_free(drk, dev), omp_target_free(dx, dev);
      omp_target_free(drx, dev), omp_target_free(dout, dev);
    }
  free(keys), free(rk), free(x), free(rx), free(got), free(again), free(want);
}

/* Float-sum specials, each its own bin, against MPFR's rules. */
static void check_specials(int dev)
{
  static const double cases[][4] = {
      {NAN, 1, 2, 3},
      {INFINITY, -INFINITY, 1, 2},
      {INFINITY, 1, 2, 3},
      {-INFINITY, -1, 2, 3},
      {-0.0, -0.0, -0.0, -0.0},
      {-0.0, 0.0, -0.0, -0.0},
      {1e300, 1, -1e300, 0x1p-1074},
      {0x1.fffffffffffffp1023, 0x1.fffffffffffffp1023, -0x1p970, 0},
      {0x1p-1074, 0x1p-1074, 0x1p-1070, -0x1p-1073},
      {0x1p-1022, -0x1p-1074, 0, 0},
      {1, 0x1p-53, 0x1p-106, 0},
      {1, 0x1p-53, 0, 0},
      {3, 0x1p-52, 0x1p-53, 0x1p-1074},
      {-1e308, -1e308, 1e307, 0},
  };
  enum { C = sizeof cases / sizeof cases[0] };
  uint32_t keys[4 * C];
  double x[4 * C], got[C];
  float xf[4 * C], gotf[C];
  for (size_t c = 0; c < C; ++c)
    for (size_t j = 0; j < 4; ++j)
      keys[4 * c + j] = (uint32_t)c, x[4 * c + j] = cases[c][j], xf[4 * c + j] = (float)cases[c][j];
  uint32_t *dk = redu_test_to_device(keys, sizeof keys, dev);
  double *dx = redu_test_to_device(x, sizeof x, dev), *dout = omp_target_alloc(sizeof got, dev);
  float *dxf = redu_test_to_device(xf, sizeof xf, dev), *doutf = omp_target_alloc(sizeof gotf, dev);
  CHECK_OK(redu_bins_sum_f64(dev, dk, dx, 4 * C, C, dout, NULL));
  CHECK_OK(redu_bins_sum_f32(dev, dk, dxf, 4 * C, C, doutf, NULL));
  omp_target_memcpy(got, dout, sizeof got, 0, 0, omp_get_initial_device(), dev);
  omp_target_memcpy(gotf, doutf, sizeof gotf, 0, 0, omp_get_initial_device(), dev);
  for (size_t c = 0; c < C; ++c) {
    double w = reference(K_SUM64, cases[c], NULL, 4), xd[4];
    CHECK(same_bits(got[c], w), "sum_f64 specials case %zu: %a, want %a", c, got[c], w);
    for (size_t j = 0; j < 4; ++j)
      xd[j] = xf[4 * c + j];
    double wf = reference(K_SUM32, xd, NULL, 4);
    CHECK(same_bits(gotf[c], wf), "sum_f32 specials case %zu: %a, want %a", c, (double)gotf[c], wf);
  }
  omp_target_free(dk, dev), omp_target_free(dx, dev), omp_target_free(dout, dev);
  omp_target_free(dxf, dev), omp_target_free(doutf, dev);
}

/* A range whose exact window passes the memory cap (REDU_BINS_MAX_BYTES, set here to
 * 1 MiB): the keys are sorted instead and every bin is MPFR's correctly rounded sum, with
 * REDU_EXACT and without, on a permuted input too. With REDU_BINS_SORT=0 the fixed-point words
 * stay: REDU_EXACT refuses (out untouched); without it the same bits on a second run and on
 * a permuted input, each bin within the cut's bound. Floats whose whole range's window passes
 * the cap take the range pass instead, still exact. */
static void check_cap(int dev)
{
  enum { N = 4096, B = 1 << 14 }; /* 2^14 bins x 67 words would be 8.8 MB */
  uint32_t keys[N], pk[N];
  double x[N], px[N];
  uint64_t st = 9;
  for (size_t i = 0; i < N; ++i) {
    keys[i] = (uint32_t)(i % 64);
    x[i] = i == 0 ? 0x1p-1074 : draw_term(&st, 0, -1000, 1000);
  }
  for (size_t i = 0; i < N; ++i) /* a permutation: reversed */
    pk[i] = keys[N - 1 - i], px[i] = x[N - 1 - i];
  const char *forced = getenv("REDU_BINS_SORT"); /* the test_bins_sorted variant's */
  char was[8] = "";
  if (forced)
    snprintf(was, sizeof was, "%s", forced);
  setenv("REDU_BINS_MAX_BYTES", "1048576", 1);
  uint32_t *dk = redu_test_to_device(keys, sizeof keys, dev),
           *dpk = redu_test_to_device(pk, sizeof pk, dev);
  double *dx = redu_test_to_device(x, sizeof x, dev),
         *dpx = redu_test_to_device(px, sizeof px, dev);
  double *h = calloc(B, 8), first[64], again[64];
  double *dout = redu_test_to_device(h, B * 8, dev);
  entry e = {REDU_SUM, REDU_DOUBLE, "sum_f64", NULL};
  double want[64];
  reference_bins(&e, keys, x, N, 64, want, NULL, 0);
  /* sorted past the cap: exact */
  unsetenv("REDU_BINS_SORT");
  for (int v = 0; v < 3; ++v) {
    CHECK_OK(redu_bins_sum_f64(dev, v == 2 ? dpk : dk, v == 2 ? dpx : dx, N, B, dout,
                               &(redu_options){.flags = v == 1 ? REDU_EXACT : 0}));
    omp_target_memcpy(first, dout, sizeof first, 0, 0, omp_get_initial_device(), dev);
    int k = 0;
    while (k < 64 && same_bits(first[k], want[k]))
      ++k;
    CHECK(k == 64, "sorted past the cap (%s): bin %d %a, MPFR %a",
          v == 0   ? "plain"
          : v == 1 ? "REDU_EXACT"
                   : "permuted",
          k, k < 64 ? first[k] : 0, k < 64 ? want[k] : 0);
  }
  setenv("REDU_BINS_SORT", "0", 1);
  omp_target_memcpy(dout, h, B * 8, 0, 0, dev, omp_get_initial_device());
  redu_status s = redu_bins_sum_f64(dev, dk, dx, N, B, dout, &(redu_options){.flags = REDU_EXACT});
  CHECK(s == REDU_ERR_OUT_OF_MEMORY, "REDU_EXACT past the cap: %d (%s)", (int)s, redu_last_error());
  omp_target_memcpy(first, dout, sizeof first, 0, 0, omp_get_initial_device(), dev);
  CHECK(!memcmp(first, h, sizeof first), "REDU_EXACT past the cap wrote out");
  CHECK_OK(redu_bins_sum_f64(dev, dk, dx, N, B, dout, NULL));
  omp_target_memcpy(first, dout, sizeof first, 0, 0, omp_get_initial_device(), dev);
  CHECK_OK(redu_bins_sum_f64(dev, dpk, dpx, N, B, dout, NULL));
  omp_target_memcpy(again, dout, sizeof again, 0, 0, omp_get_initial_device(), dev);
  CHECK(!memcmp(first, again, sizeof first), "past the cap: a permuted input gave other bits");
  /* The cut keeps 3 words below the top (2^1014 here: terms below 2^1001, 2^13 of them):
   * terms truncated below 2^822, 64 per bin, so each bin within 2^828 and half an ulp of
   * MPFR's sum. */
  int k = 0;
  while (k < 64 && fabs(first[k] - want[k]) <= 0x1p828 + 0.5 * fabs(want[k]) * 0x1p-52)
    ++k;
  CHECK(k == 64, "past the cap: bin %d %a, MPFR %a", k, k < 64 ? first[k] : 0,
        k < 64 ? want[k] : 0);
  if (forced)
    setenv("REDU_BINS_SORT", was, 1);
  else
    unsetenv("REDU_BINS_SORT");
  /* floats past the cap of their whole range (13 words a bin) take the range pass: exact */
  float xf[N], gf[64], wf[64];
  for (size_t i = 0; i < N; ++i)
    xf[i] = (float)draw_term(&st, 1, -30, 30);
  float *dxf = redu_test_to_device(xf, sizeof xf, dev), *doutf = (float *)dout;
  CHECK_OK(redu_bins_sum_f32(dev, dk, dxf, N, B, doutf, &(redu_options){.flags = REDU_EXACT}));
  omp_target_memcpy(gf, doutf, sizeof gf, 0, 0, omp_get_initial_device(), dev);
  entry ef = {REDU_SUM, REDU_FLOAT, "sum_f32", NULL};
  reference_bins(&ef, keys, xf, N, 64, wf, NULL, 0);
  CHECK(!memcmp(gf, wf, sizeof gf), "sum_f32 past its whole window's cap: not MPFR's bits");
  omp_target_free(dxf, dev);
  unsetenv("REDU_BINS_MAX_BYTES");
  omp_target_free(dk, dev), omp_target_free(dx, dev), omp_target_free(dout, dev);
  omp_target_free(dpk, dev), omp_target_free(dpx, dev);
  free(h);
}

/* Keys past nbins: the error names the first, out untouched; skipped with the flag. */
static void check_bad_keys(int dev)
{
  enum { N = 1000, B = 10 };
  uint32_t keys[N];
  int32_t x[N], out[B], want[B] = {0};
  for (size_t i = 0; i < N; ++i) {
    keys[i] = i == 517 || i == 700 ? B + (uint32_t)i : (uint32_t)(i % B);
    x[i] = (int32_t)i;
    if (keys[i] < B)
      want[keys[i]] += x[i];
  }
  uint32_t *dk = redu_test_to_device(keys, sizeof keys, dev);
  int32_t *dx = redu_test_to_device(x, sizeof x, dev), sentinel[B];
  for (size_t k = 0; k < B; ++k)
    sentinel[k] = -77;
  int32_t *dout = redu_test_to_device(sentinel, sizeof sentinel, dev);
  double *dxd = omp_target_alloc(N * sizeof(double), dev), *doutd = omp_target_alloc(B * 8, dev);
  size_t *di = omp_target_alloc(B * sizeof(size_t), dev);
  redu_status s = redu_bins_sum_i32(dev, dk, dx, N, B, dout, NULL);
  CHECK(s == REDU_ERR_BAD_KEY && strstr(redu_last_error(), "keys[517] = 527"), "bad key: %d (%s)",
        (int)s, redu_last_error());
  s = redu_bins_argmax_i32(dev, dk, dx, N, B, dout, di, NULL);
  CHECK(s == REDU_ERR_BAD_KEY && strstr(redu_last_error(), "keys[517] = 527"),
        "bad key, argmax: %d", (int)s);
  omp_target_memcpy(out, dout, sizeof out, 0, 0, omp_get_initial_device(), dev);
  CHECK(!memcmp(out, sentinel, sizeof out), "bad key: out written");
  double dsent[B], dgot[B];
  for (size_t k = 0; k < B; ++k)
    dsent[k] = -7.5;
  omp_target_memcpy(doutd, dsent, sizeof dsent, 0, 0, dev, omp_get_initial_device());
  double xd[N];
  for (size_t i = 0; i < N; ++i)
    xd[i] = (double)i * 0.25;
  omp_target_memcpy(dxd, xd, sizeof xd, 0, 0, dev, omp_get_initial_device());
  s = redu_bins_sum_f64(dev, dk, dxd, N, B, doutd, NULL);
  CHECK(s == REDU_ERR_BAD_KEY && strstr(redu_last_error(), "keys[517] = 527"),
        "bad key, sum_f64: %d (%s)", (int)s, redu_last_error());
  omp_target_memcpy(dgot, doutd, sizeof dgot, 0, 0, omp_get_initial_device(), dev);
  CHECK(!memcmp(dgot, dsent, sizeof dgot), "bad key, sum_f64: out written");
  s = redu_bins_sum_f32(dev, dk, (const float *)dxd, N, B, (float *)doutd, NULL);
  CHECK(s == REDU_ERR_BAD_KEY, "bad key, sum_f32: %d (%s)", (int)s, redu_last_error());
  omp_target_memcpy(dgot, doutd, sizeof dgot, 0, 0, omp_get_initial_device(), dev);
  CHECK(!memcmp(dgot, dsent, sizeof dgot), "bad key, sum_f32: out written");
  CHECK_OK(redu_bins_sum_i32(dev, dk, dx, N, B, dout,
                             &(redu_options){.flags = REDU_BINS_SKIP_BAD_KEYS}));
  omp_target_memcpy(out, dout, sizeof out, 0, 0, omp_get_initial_device(), dev);
  CHECK(!memcmp(out, want, sizeof out), "skipped bad keys: wrong sums");
  /* the next call after a failed one starts clean */
  CHECK_OK(redu_bins_sum_i32(dev, dk, dx, 500, B, dout, NULL));
  /* nbins = 0: every key is bad unless skipped */
  s = redu_bins_sum_i32(dev, dk, dx, N, 0, NULL, NULL);
  CHECK(s == REDU_ERR_BAD_KEY, "nbins 0: %d", (int)s);
  CHECK_OK(redu_bins_sum_i32(dev, dk, dx, N, 0, NULL,
                             &(redu_options){.flags = REDU_BINS_SKIP_BAD_KEYS}));
  omp_target_free(dk, dev), omp_target_free(dx, dev), omp_target_free(dout, dev);
  omp_target_free(dxd, dev), omp_target_free(doutd, dev), omp_target_free(di, dev);
}

/* Bad input: a status and a message, out untouched; host arrays; the generic form. */
static void check_errors(int dev)
{
  enum { N = 64, B = 4 };
  uint32_t keys[N];
  float x[N], out[B], sentinel[B] = {5, 5, 5, 5};
  for (size_t i = 0; i < N; ++i)
    keys[i] = (uint32_t)(i % B), x[i] = (float)i;
  uint32_t *dk = redu_test_to_device(keys, sizeof keys, dev);
  float *dx = redu_test_to_device(x, sizeof x, dev),
        *dout = redu_test_to_device(sentinel, sizeof sentinel, dev);
  size_t *di = omp_target_alloc(B * sizeof(size_t), dev);
  struct {
    redu_status got, want;
    const char *what;
  } cases[] = {
      {redu_bins_sum_f32(dev, NULL, dx, N, B, dout, NULL), REDU_ERR_NULL_ARG, "keys NULL"},
      {redu_bins_max_f32(dev, dk, NULL, N, B, dout, NULL), REDU_ERR_NULL_ARG, "x NULL (max)"},
      {redu_bins_sum_f32(dev, dk, dx, N, B, NULL, NULL), REDU_ERR_NULL_ARG, "out NULL"},
      {redu_bins_argmin_f32(dev, dk, dx, N, B, dout, NULL, NULL), REDU_ERR_NULL_ARG, "index NULL"},
      {redu_bins_sum_f32(dev, (const uint32_t *)((char *)dk + 2), dx, N - 1, B, dout, NULL),
       REDU_ERR_MISALIGNED, "keys misaligned"},
      {redu_bins_sum_f32(dev, dk, (const float *)((char *)dx + 1), N - 1, B, dout, NULL),
       REDU_ERR_MISALIGNED, "x misaligned"},
      {redu_bins_sum_f32(dev, dk, dx, N, B, dx, NULL), REDU_ERR_OVERLAP, "out over x"},
      {redu_bins_sum_f32(dev, dk, dx, SIZE_MAX / 2, B, dout, NULL), REDU_ERR_OVERFLOW, "n huge"},
      {redu_bins_sum_f32(dev, dk, dx, N, B, dout, &(redu_options){.flags = 1u << 20}),
       REDU_ERR_BAD_OPTION, "unknown flag"},
      {redu_bins_max_f32(dev, dk, dx, N, B, dout, &(redu_options){.flags = REDU_EXACT}),
       REDU_ERR_UNSUPPORTED, "REDU_EXACT on max"},
      {redu_bins_sum_f32(dev, dk, dx, N, B, dout, &(redu_options){.scratchpad = di}),
       REDU_ERR_UNSUPPORTED, "scratchpad"},
      {redu_bins_sum_f32(12345, dk, dx, N, B, dout, NULL), REDU_ERR_INVALID_DEVICE, "device"},
      {redu_bins(dev, REDU_PROD, REDU_FLOAT, dk, dx, N, B, dout, NULL, NULL), REDU_ERR_UNSUPPORTED,
       "float prod"},
      {redu_bins(dev, REDU_BAND, REDU_DOUBLE, dk, dx, N, B, dout, NULL, NULL), REDU_ERR_UNSUPPORTED,
       "band on double"},
      {redu_bins(dev, (redu_op)99, REDU_FLOAT, dk, dx, N, B, dout, NULL, NULL),
       REDU_ERR_UNSUPPORTED, "unknown op"},
      {redu_sum_f32(dev, dx, N, out, &(redu_options){.flags = REDU_BINS_ACCUMULATE}),
       REDU_ERR_BAD_OPTION, "bins flag on a reduction"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c)
    CHECK(cases[c].got == cases[c].want && *redu_last_error(), "%s: %d, want %d (%s)",
          cases[c].what, (int)cases[c].got, (int)cases[c].want, redu_last_error());
  if (is_cuda) {
    float host_out[B];
    redu_status s = redu_bins_sum_f32(dev, keys, dx, N, B, dout, NULL);
    CHECK(s == REDU_ERR_NOT_DEVICE_PTR, "host keys: %d", (int)s);
    (void)host_out;
  }
  float got[B];
  omp_target_memcpy(got, dout, sizeof got, 0, 0, omp_get_initial_device(), dev);
  CHECK(!memcmp(got, sentinel, sizeof got), "a failed call wrote out");
  /* n = 0: empty bins get the identity */
  CHECK_OK(redu_bins_min_f32(dev, NULL, NULL, 0, B, dout, NULL));
  omp_target_memcpy(got, dout, sizeof got, 0, 0, omp_get_initial_device(), dev);
  CHECK(got[0] == INFINITY && got[3] == INFINITY, "n = 0 min: %g", (double)got[0]);
  /* host arrays, accumulating, and the generic form */
  float hout[B] = {1, 2, 3, 4}, want[B] = {1, 2, 3, 4};
  for (size_t i = 0; i < N; ++i)
    want[keys[i]] += x[i];
  CHECK_OK(redu_bins(dev, REDU_SUM, REDU_FLOAT, keys, x, N, B, hout, NULL,
                     &(redu_options){.flags = REDU_INPUT_HOST | REDU_BINS_ACCUMULATE}));
  CHECK(!memcmp(hout, want, sizeof hout), "host arrays, accumulating: %g %g %g %g", (double)hout[0],
        (double)hout[1], (double)hout[2], (double)hout[3]);
  size_t hidx[B];
  float hmin[B];
  CHECK_OK(redu_bins(dev, REDU_ARGMIN, REDU_FLOAT, keys, x, N, B, hmin, hidx,
                     &(redu_options){.flags = REDU_INPUT_HOST}));
  CHECK(hmin[1] == 1 && hidx[1] == 1 && hidx[3] == 3, "host arrays argmin: %g at %zu",
        (double)hmin[1], hidx[1]);
  omp_target_free(dk, dev), omp_target_free(dx, dev), omp_target_free(dout, dev);
  omp_target_free(di, dev);
}

int main(int argc, char **argv)
{
  /* The forced plans and the sanitized build (`test_bins plans`, tests/CMakeLists.txt): n = 65,537
   * on every fourth entry, the large B on the first two of big[] (on a 2-core CPU those cases took
   * most of the test's time under one team of 32 threads; the planner's own run has them all). */
  int plans = argc > 1 && !strcmp(argv[1], "plans");
  int dev = omp_get_default_device();
  is_cuda = redu_test_is_cuda(dev);
  static const size_t ns[] = {0, 1, 1000, 65537};
  static const size_t bs[] = {1, 7, 256, 4096};
  uint64_t seed = 1;
  for (size_t e = 0; e < NENTRIES; ++e)
    for (size_t a = 0; a < sizeof ns / sizeof ns[0]; ++a)
      for (size_t b = 0; b < sizeof bs / sizeof bs[0]; ++b) {
        if (entries[e].op == REDU_SUM && is_float(entries[e].type) && ns[a] * bs[b] > 65537 * 7)
          continue; /* MPFR per bin: the largest cases below */
        if (plans && ns[a] == 65537 && e % 4)
          continue;
        check_case(dev, &entries[e], ns[a], bs[b], UNIFORM, (a + b) % 3 == 1, seed++);
      }
  /* Large B and skewed keys, for a few entries. */
  static const char *const big[] = {"sum_f64",    "sum_i32",  "min_f32",
                                    "argmin_f64", "bxor_u64", "sum_f32"};
  for (size_t e = 0; e < NENTRIES; ++e)
    for (size_t g = 0; g < (plans ? 2 : sizeof big / sizeof big[0]); ++g)
      if (!strcmp(entries[e].name, big[g]))
        for (int dist = UNIFORM; dist <= POWER_LAW; ++dist) {
          check_case(dev, &entries[e], (1u << 20) + 3, 65536, dist, dist == POWER_LAW, seed++);
          if (entries[e].op != REDU_SUM || !is_float(entries[e].type) || dist != UNIFORM)
            check_case(dev, &entries[e], (1u << 20) + 3, 1u << 20, dist, 0, seed++);
        }
  check_order(dev);
  check_team_windows(dev);
  check_carries(dev);
  check_specials(dev);
  check_cap(dev);
  check_bad_keys(dev);
  check_errors(dev);
  return redu_test_finish("test_bins");
}

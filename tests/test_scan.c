/* Scans (libredu/redu_scan.h): every value op x every type of the op table
 * (device/redu_op_table.h), inclusive and exclusive, against a serial reference written here
 * independently of the library, at n in {0, 1, 2, 31, 32, 33, 1000, 4097, 2^20+3}. The data
 * keep every float result exact (small integers for sums, +-1 and powers of two for
 * products), so every result must equal the reference bit for bit (NaNs as NaN); a float sum
 * of wide values is checked within the bound of double accumulation in any order. Also: the
 * generic forms, in place (y == x), an initial value (opts->init), host arrays
 * (REDU_INPUT_HOST; a mapped one read in place, its device copy left as it was), forced plans,
 * both passes forced (REDU_SCAN_PASS=1 single pass, =2 reduce-then-scan), the same bits on a
 * second run, arrays off a 16-byte boundary, and every bad input (a status, a message, y
 * untouched). Segmented and batched
 * scans (libredu/redu_segmented_scan.h) of every entry over segment layouts (empty segments,
 * a start past 0, elements outside every segment left untouched, segments for a warp, for a
 * team, and few long ones scanned one after another), against the reference per segment,
 * and their bad input; array scans between segmented, batched and reduce-then-scan ones.
 * `test_scan large`: in-place sum scans of 2^31 + 77 elements, u8 and (GPUs) i32 (label
 * large); `test_scan plans`: all of the above but the cases past 70,001 elements (the forced
 * plans' and the sanitized runs). */
#include "device/redu_op_table.h"
#include "redu_test.h"
#include <math.h>

static const size_t sizes[] = {0, 1, 2, 31, 32, 33, 1000, 4097, (1u << 20) + 3};
/* The largest n a case may have: all of them, or 70,001 for the forced plans and the sanitized
 * build (`test_scan plans`, tests/CMakeLists.txt): under one team of 32 threads on a 2-core CPU the
 * cases past it took most of the test's time, and the planner's own run has them. */
static size_t n_most = SIZE_MAX;
static int is_cuda;

/* One (op, type) of the table: its typed calls. */
typedef redu_status (*scan_fn)(int, const void *, void *, size_t, const redu_options *);
/* Segmented (offsets, nsegments) and batched (NULL, segment_length, nsegments) alike. */
typedef redu_status (*seg_fn)(int, const void *, void *, const size_t *, size_t, size_t,
                              const redu_options *);
typedef struct entry {
  redu_op op;
  redu_type type;
  const char *name;
  scan_fn incl, excl;
  seg_fn seg_incl, seg_excl;
} entry;

/* Each typed call through one signature, and the table of them. */
#define WRAP_VALUE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)                 \
  static redu_status incl_##op##_##sfx(int d, const void *x, void *y, size_t n,                    \
                                       const redu_options *o)                                      \
  {                                                                                                \
    return redu_inclusive_scan_##op##_##sfx(d, x, y, n, o);                                        \
  }                                                                                                \
  static redu_status excl_##op##_##sfx(int d, const void *x, void *y, size_t n,                    \
                                       const redu_options *o)                                      \
  {                                                                                                \
    return redu_exclusive_scan_##op##_##sfx(d, x, y, n, o);                                        \
  }                                                                                                \
  WRAP_SEG(inclusive, op, sfx, T)                                                                  \
  WRAP_SEG(exclusive, op, sfx, T)
/* The typed segmented call with offsets, the batched one with offsets NULL. */
#define WRAP_SEG(KIND, op, sfx, T)                                                                 \
  static redu_status seg_##KIND##_##op##_##sfx(int d, const void *x, void *y, const size_t *off,   \
                                               size_t len, size_t nseg, const redu_options *o)     \
  {                                                                                                \
    return off ? redu_segmented_##KIND##_scan_##op##_##sfx(d, x, y, off, nseg, o)                  \
               : redu_batched_##KIND##_scan_##op##_##sfx(d, x, y, len, nseg, o);                   \
  }
#define ENTRY_VALUE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)                \
  {OP,                                                                                             \
   E,                                                                                              \
   #op "_" #sfx,                                                                                   \
   incl_##op##_##sfx,                                                                              \
   excl_##op##_##sfx,                                                                              \
   seg_inclusive_##op##_##sfx,                                                                     \
   seg_exclusive_##op##_##sfx},
#define NO_ROW(...)
#define WRAPS(sfx, T, E, K, SA, LO, HI)                                                            \
  REDU__OPS_OF_TYPE(WRAP_VALUE, NO_ROW, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(WRAPS)
#define ENTRIES(sfx, T, E, K, SA, LO, HI)                                                          \
  REDU__OPS_OF_TYPE(ENTRY_VALUE, NO_ROW, sfx, T, E, K, SA, LO, HI)
static const entry entries[] = {REDU_FOR_EACH_TYPE(ENTRIES)};

/* Float order for min/max as the library has it: NaN wins, -0.0 below +0.0. */
#define FLT_BELOW(a, b)                                                                            \
  (isnan(a) || (!isnan(b) && ((a) < (b) || ((a) == (b) && !!signbit(a) > !!signbit(b)))))
#define INT_BELOW(a, b) ((a) < (b))
#define BELOW_INT INT_BELOW
#define BELOW_UINT INT_BELOW
#define BELOW_FLT FLT_BELOW
#define FLT_ABOVE(a, b)                                                                            \
  (isnan(a) || (!isnan(b) && ((a) > (b) || ((a) == (b) && !!signbit(a) < !!signbit(b)))))
#define ABOVE_INT(a, b) ((a) > (b))
#define ABOVE_UINT ABOVE_INT
#define ABOVE_FLT FLT_ABOVE
/* Bitwise ops exist on integers only; float rows never reach them. */
#define BITS_INT(T, a, b, OPER) ((T)((a)OPER(b)))
#define BITS_UINT BITS_INT
#define BITS_FLT(T, a, b, OPER) (a)
/* Sums and products: integers wrap (unsigned arithmetic), floats in long double (exact for
 * this test's data, as the library's double is). */
#define ACC_INT uint64_t
#define ACC_UINT uint64_t
#define ACC_FLT long double
#define SAME_INT(a, b) ((a) == (b))
#define SAME_UINT SAME_INT
#define SAME_FLT(a, b) ((isnan(a) && isnan(b)) || ((a) == (b) && !!signbit(a) == !!signbit(b)))

/* The serial reference, the values of the data patterns and comparisons, per type. */
#define DEFINE_TYPE(sfx, T, E, K, SA, LO, HI)                                                      \
  static void ref_##sfx(redu_op op, int exclusive, const void *xv, void *yv, size_t n,             \
                        const void *initv)                                                         \
  {                                                                                                \
    const T *x = xv, *init = initv;                                                                \
    T *y = yv;                                                                                     \
    ACC_##K s = op == REDU_PROD ? 1 : 0;                                                           \
    T m = op == REDU_MIN ? (T)(HI) : (T)(LO), b = op == REDU_BAND ? (T) ~(uint64_t)0 : 0;          \
    int f = op == REDU_LAND;                                                                       \
    if (init)                                                                                      \
      s = (ACC_##K)(SA) * init, m = *init, b = *init, f = *init != 0;                              \
    for (size_t i = 0; i <= n; ++i) {                                                              \
      T out = 0;                                                                                   \
      switch (op) {                                                                                \
      case REDU_SUM:                                                                               \
      case REDU_PROD:                                                                              \
        out = (T)(SA)s;                                                                            \
        break;                                                                                     \
      case REDU_MIN:                                                                               \
      case REDU_MAX:                                                                               \
        out = m;                                                                                   \
        break;                                                                                     \
      case REDU_BAND:                                                                              \
      case REDU_BOR:                                                                               \
      case REDU_BXOR:                                                                              \
        out = b;                                                                                   \
        break;                                                                                     \
      default:                                                                                     \
        out = (T)f;                                                                                \
      }                                                                                            \
      if (exclusive && i < n)                                                                      \
        y[i] = out;                                                                                \
      if (!exclusive && i > 0)                                                                     \
        y[i - 1] = out;                                                                            \
      if (i == n)                                                                                  \
        break;                                                                                     \
      T v = x[i];                                                                                  \
      switch (op) {                                                                                \
      case REDU_SUM:                                                                               \
        s = (ACC_##K)(SA)(s + (ACC_##K)(SA)v);                                                     \
        break;                                                                                     \
      case REDU_PROD:                                                                              \
        s = (ACC_##K)(SA)(s * (ACC_##K)(SA)v);                                                     \
        break;                                                                                     \
      case REDU_MIN:                                                                               \
        m = BELOW_##K(v, m) ? v : m;                                                               \
        break;                                                                                     \
      case REDU_MAX:                                                                               \
        m = ABOVE_##K(v, m) ? v : m;                                                               \
        break;                                                                                     \
      case REDU_BAND:                                                                              \
        b = BITS_##K(T, b, v, &);                                                                  \
        break;                                                                                     \
      case REDU_BOR:                                                                               \
        b = BITS_##K(T, b, v, |);                                                                  \
        break;                                                                                     \
      case REDU_BXOR:                                                                              \
        b = BITS_##K(T, b, v, ^);                                                                  \
        break;                                                                                     \
      case REDU_LAND:                                                                              \
        f = f && v != 0;                                                                           \
        break;                                                                                     \
      default:                                                                                     \
        f = f || v != 0;                                                                           \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
  /* Data for op: sums small integers, products +-1 and (floats) rare 2 and 0.5 or (integers)      \
   * small integers, min/max wide values with signed zeros (and a NaN for floats at i = 777),      \
   * logical ops mostly true. */                                                                   \
  static void fill_##sfx(redu_op op, void *xv, size_t n, uint64_t seed)                            \
  {                                                                                                \
    T *x = xv;                                                                                     \
    int flt = (E) == REDU_FLOAT || (E) == REDU_DOUBLE;                                             \
    for (size_t i = 0; i < n; ++i) {                                                               \
      uint64_t r = redu_test_rand(&seed);                                                          \
      T v;                                                                                         \
      if (op == REDU_SUM)                                                                          \
        v = (T)((int)(r % 13) - 6);                                                                \
      else if (op == REDU_PROD)                                                                    \
        v = flt ? (T)(r % 64 == 0   ? 2.0                                                          \
                      : r % 64 == 1 ? 0.5                                                          \
                      : r % 2       ? 1.0                                                          \
                                    : -1.0)                                                              \
                : (T)((int)(r % 7) - 3);                                                           \
      else if (op == REDU_MIN || op == REDU_MAX)                                                   \
        v = flt ? (T)((double)(int64_t)r * 0x1p-40) : (T)r;                                        \
      else if (op == REDU_LAND || op == REDU_LOR)                                                  \
        v = (T)(r % 512 == 0 ? 0 : (r >> 9) % 5 + 1);                                              \
      else                                                                                         \
        v = (T)r;                                                                                  \
      if (flt && (op == REDU_MIN || op == REDU_MAX) && r % 97 == 0)                                \
        v = (T)(r % 2 ? -0.0 : 0.0);                                                               \
      if (flt && (op == REDU_MIN || op == REDU_MAX) && i == 777)                                   \
        v = (T)NAN;                                                                                \
      x[i] = v;                                                                                    \
    }                                                                                              \
  }                                                                                                \
  /* The first position where got and want differ, or n. */                                        \
  static size_t differ_##sfx(const void *gv, const void *wv, size_t n)                             \
  {                                                                                                \
    const T *got = gv, *want = wv;                                                                 \
    for (size_t i = 0; i < n; ++i)                                                                 \
      if (!SAME_##K(got[i], want[i]))                                                              \
        return i;                                                                                  \
    return n;                                                                                      \
  }                                                                                                \
  static void print_##sfx(const char *what, const void *p, size_t i)                               \
  {                                                                                                \
    fprintf(stderr, "  %s[%zu] = %.17Lg\n", what, i, (long double)((const T *)p)[i]);              \
  }
REDU_FOR_EACH_TYPE(DEFINE_TYPE)

typedef struct type_fns {
  void (*ref)(redu_op, int, const void *, void *, size_t, const void *);
  void (*fill)(redu_op, void *, size_t, uint64_t);
  size_t (*differ)(const void *, const void *, size_t);
  void (*print)(const char *, const void *, size_t);
  size_t size;
} type_fns;
#define TYPE_FNS(sfx, T, E, K, SA, LO, HI)                                                         \
  [E] = {ref_##sfx, fill_##sfx, differ_##sfx, print_##sfx, sizeof(T)},
static const type_fns types[REDU_TYPE_COUNT] = {REDU_FOR_EACH_TYPE(TYPE_FNS)};

/* A sentinel byte pattern for outputs that must stay untouched. */
enum { SENTINEL = 0xA5 };

static int all_sentinel(const void *p, size_t bytes)
{
  for (size_t i = 0; i < bytes; ++i)
    if (((const unsigned char *)p)[i] != SENTINEL)
      return 0;
  return 1;
}

/* got (n elements) against want: reports the first difference. */
static void compare(const entry *e, const char *what, size_t n, const void *got, const void *want)
{
  const type_fns *t = &types[e->type];
  size_t at = t->differ(got, want, n);
  CHECK(at == n, "%s %s n=%zu: first difference at %zu", what, e->name, n, at);
  if (at < n) {
    t->print("got", got, at);
    t->print("want", want, at);
  }
}

/* After a run: y's bytes into got, x and y (unless in place) freed, host or device. */
static void finish_run(int dev, int host, int in_place, void *x, void *y, void *got, size_t bytes)
{
  if (host)
    memcpy(got, y, bytes);
  else if (bytes)
    omp_target_memcpy(got, y, bytes, 0, 0, omp_get_initial_device(), dev);
  if (host) {
    free(x);
    if (!in_place)
      free(y);
  } else {
    omp_target_free(x, dev);
    if (!in_place)
      omp_target_free(y, dev);
  }
}

/* One scan through `form` (0 typed inclusive, 1 typed exclusive, 2 generic inclusive,
 * 3 generic exclusive) of the host data xs on device dev: x on the device, or a host array
 * with REDU_INPUT_HOST in o; in place when in_place. Leaves the result in got. */
static void run_scan(int dev, const entry *e, int form, const void *xs, void *got, size_t n,
                     redu_options o, int in_place)
{
  size_t bytes = n * types[e->type].size;
  int host = (o.flags & REDU_INPUT_HOST) != 0;
  void *x = host ? malloc(bytes ? bytes : 1) : redu_test_to_device(xs, bytes, dev);
  void *y = in_place ? x
            : host   ? malloc(bytes ? bytes : 1)
                     : omp_target_alloc(bytes ? bytes : 1, dev);
  if (host)
    memcpy(x, xs, bytes);
  int excl = form & 1;
  redu_status s = form < 2 ? (excl ? e->excl : e->incl)(dev, x, y, n, &o)
                           : (excl ? redu_exclusive_scan : redu_inclusive_scan)(dev, e->op, e->type,
                                                                                x, y, n, &o);
  CHECK(s == REDU_OK, "%s form %d n=%zu: %s", e->name, form, n, redu_last_error());
  finish_run(dev, host, in_place, x, y, got, bytes);
}

/* Every entry at every size, inclusive and exclusive, typed; the generic forms, in place, an
 * initial value and host arrays at some sizes. */
static void check_entries(int dev)
{
  size_t most = sizes[sizeof sizes / sizeof *sizes - 1] * 8;
  void *xs = malloc(most), *want = malloc(most), *got = malloc(most);
  for (size_t k = 0; k < sizeof entries / sizeof *entries; ++k) {
    const entry *e = &entries[k];
    const type_fns *t = &types[e->type];
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; ++si) {
      size_t n = sizes[si], bytes = n * t->size;
      if (n > n_most)
        continue;
      t->fill(e->op, xs, n, 1000 * k + si);
      for (int excl = 0; excl < 2; ++excl) {
        const char *what = excl ? "exclusive" : "inclusive";
        t->ref(e->op, excl, xs, want, n, NULL);
        memset(got, SENTINEL, bytes);
        run_scan(dev, e, excl, xs, got, n, (redu_options){0}, 0);
        compare(e, what, n, got, want);
        if (n != 1000 && n != 4097)
          continue;
        run_scan(dev, e, 2 + excl, xs, got, n, (redu_options){0}, 0);
        compare(e, excl ? "generic exclusive" : "generic inclusive", n, got, want);
        run_scan(dev, e, excl, xs, got, n, (redu_options){0}, 1);
        compare(e, excl ? "in-place exclusive" : "in-place inclusive", n, got, want);
        run_scan(dev, e, excl, xs, got, n, (redu_options){.flags = REDU_INPUT_HOST}, 0);
        compare(e, excl ? "host-array exclusive" : "host-array inclusive", n, got, want);
        run_scan(dev, e, excl, xs, got, n, (redu_options){.flags = REDU_INPUT_HOST}, 1);
        compare(e, excl ? "in-place host-array exclusive" : "in-place host-array inclusive", n, got,
                want);
        /* The initial value: the data's element 5 (nonzero for the logical ops, a NaN-free
         * value for min/max). */
        const void *init = (const char *)xs + 5 * t->size;
        t->ref(e->op, excl, xs, want, n, init);
        run_scan(dev, e, excl, xs, got, n, (redu_options){.init = init}, 0);
        compare(e, excl ? "exclusive with init" : "inclusive with init", n, got, want);
      }
    }
  }
  free(xs), free(want), free(got);
}

/* A float sum over wide values, whose order matters: within the bound of double
 * accumulation in any order plus one rounding to the type, the same bits on a second run,
 * and under forced plans; and over many small single-pass tiles (whose look-backs see
 * other tiles finished on every run), the same bits on three runs. */
#define CHECK_WIDE_SUM(sfx, T, EPS)                                                                \
  do {                                                                                             \
    size_t n = (1u << 20) + 3;                                                                     \
    T *xs = malloc(n * sizeof *xs), *g1 = malloc(n * sizeof *xs), *g2 = malloc(n * sizeof *xs);    \
    uint64_t seed = 42;                                                                            \
    for (size_t i = 0; i < n; ++i)                                                                 \
      xs[i] = (T)((double)(redu_test_rand(&seed) >> 11) * 0x1p-53 * 2000.0 - 1000.0);              \
    T *x = redu_test_to_device(xs, n * sizeof *xs, dev),                                           \
      *y = omp_target_alloc(n * sizeof *y, dev);                                                   \
    const redu_options plans[] = {{0},                                                             \
                                  {.teams = 1, .threads = warp},                                   \
                                  {.teams = 3, .threads = warp},                                   \
                                  {.teams = 7},                                                    \
                                  {.teams = 13, .threads = 2 * warp}};                             \
    for (size_t p = 0; p < sizeof plans / sizeof *plans; ++p) {                                    \
      CHECK_OK(redu_inclusive_scan_sum_##sfx(dev, x, y, n, &plans[p]));                            \
      omp_target_memcpy(g1, y, n * sizeof *y, 0, 0, omp_get_initial_device(), dev);                \
      CHECK_OK(redu_inclusive_scan_sum_##sfx(dev, x, y, n, &plans[p]));                            \
      omp_target_memcpy(g2, y, n * sizeof *y, 0, 0, omp_get_initial_device(), dev);                \
      CHECK(memcmp(g1, g2, n * sizeof *g1) == 0, "sum_" #sfx " plan %zu: two runs differ", p);     \
      setenv("REDU_SCAN_PASS", "1", 1);                                                            \
      setenv("REDU_SCAN_TILE", p % 2 ? "333" : "2000", 1);                                         \
      for (int run = 0; run < 3; ++run) {                                                          \
        CHECK_OK(redu_inclusive_scan_sum_##sfx(dev, x, y, n, &plans[p]));                          \
        omp_target_memcpy(run ? g2 : g1, y, n * sizeof *y, 0, 0, omp_get_initial_device(), dev);   \
        CHECK(run == 0 || memcmp(g1, g2, n * sizeof *g1) == 0,                                     \
              "sum_" #sfx " plan %zu, small tiles: run %d differs from the first", p, run);        \
      }                                                                                            \
      unsetenv("REDU_SCAN_PASS");                                                                  \
      unsetenv("REDU_SCAN_TILE");                                                                  \
      long double ref = 0, mag = 0;                                                                \
      size_t bad = 0;                                                                              \
      for (size_t i = 0; i < n; ++i) {                                                             \
        ref += xs[i], mag += fabsl((long double)xs[i]);                                            \
        long double tol = (long double)(i + 1) * 0x1p-53L * mag + fabsl(ref) * (EPS);              \
        if (fabsl((long double)g1[i] - ref) > tol && bad++ == 0)                                   \
          fprintf(stderr, "  sum_" #sfx " plan %zu: y[%zu] = %.17g, want %.17Lg (tol %Lg)\n", p,   \
                  i, (double)g1[i], ref, tol);                                                     \
      }                                                                                            \
      CHECK(bad == 0, "wide sum_" #sfx " plan %zu: %zu results outside the bound", p, bad);        \
    }                                                                                              \
    omp_target_free(x, dev), omp_target_free(y, dev);                                              \
    free(xs), free(g1), free(g2);                                                                  \
  } while (0)

static void check_wide_sums(int dev, int warp)
{
  CHECK_WIDE_SUM(f32, float, 0x1p-24L);
  CHECK_WIDE_SUM(f64, double, 0x1p-53L);
}

/* Exact ops under forced plans: one block, few blocks, more blocks than teams' worth of
 * elements, and more threads. */
static void check_plans(int dev, int warp)
{
  const redu_options plans[] = {{.teams = 1, .threads = warp},
                                {.teams = 3, .threads = warp},
                                {.teams = 7},
                                {.teams = 13, .threads = 2 * warp},
                                {.teams = 64, .threads = warp},
                                {.teams = 2, .threads = 16 * warp}};
  static const size_t ns[] = {1, 33, 4097, (1u << 20) + 3};
  size_t most = ((1u << 20) + 3) * 8;
  void *xs = malloc(most), *want = malloc(most), *got = malloc(most);
  for (size_t k = 0; k < sizeof entries / sizeof *entries; ++k) {
    const entry *e = &entries[k];
    /* A few rows: each type once, each op once. */
    if (!((e->op == REDU_SUM && e->type == REDU_INT32) ||
          (e->op == REDU_MAX && e->type == REDU_DOUBLE) ||
          (e->op == REDU_PROD && e->type == REDU_FLOAT) ||
          (e->op == REDU_BXOR && e->type == REDU_UINT64) ||
          (e->op == REDU_LAND && e->type == REDU_INT8) ||
          (e->op == REDU_MIN && e->type == REDU_UINT16)))
      continue;
    const type_fns *t = &types[e->type];
    for (size_t ni = 0; ni < sizeof ns / sizeof *ns; ++ni)
      for (size_t p = 0; p < sizeof plans / sizeof *plans; ++p)
        for (int excl = 0; excl < 2; ++excl) {
          size_t n = ns[ni];
          t->fill(e->op, xs, n, 7 * k + ni);
          t->ref(e->op, excl, xs, want, n, NULL);
          run_scan(dev, e, excl, xs, got, n, plans[p], p % 2);
          char what[64];
          snprintf(what, sizeof what, "%s plan %zu", excl ? "exclusive" : "inclusive", p);
          compare(e, what, n, got, want);
        }
  }
  free(xs), free(want), free(got);
}

/* The single pass and reduce-then-scan (REDU_SCAN_PASS=1 and =2) on every entry, under the
 * default plan and a forced one: the reference's bits from both, and the same bits on a
 * single pass over small tiles (REDU_SCAN_TILE; many tiles and look-backs, whose depth varies
 * with timing but the result may not). The largest n only on a few rows, to keep the test
 * short. */
static void check_passes(int dev, int warp)
{
  static const size_t ns[] = {33, 4097, 70001, (1u << 20) + 3};
  const redu_options plans[] = {{0}, {.teams = 13, .threads = 2 * warp}};
  size_t most = ((1u << 20) + 3) * 8;
  void *xs = malloc(most), *want = malloc(most), *got = malloc(most), *again = malloc(most);
  for (size_t k = 0; k < sizeof entries / sizeof *entries; ++k) {
    const entry *e = &entries[k];
    const type_fns *t = &types[e->type];
    for (size_t ni = 0; ni < sizeof ns / sizeof *ns; ++ni) {
      size_t n = ns[ni], bytes = n * t->size;
      if (n > n_most || (n > 70001 && !((e->op == REDU_SUM && e->type == REDU_INT32) ||
                                        (e->op == REDU_MAX && e->type == REDU_INT64) ||
                                        (e->op == REDU_BXOR && e->type == REDU_UINT8))))
        continue;
      t->fill(e->op, xs, n, 31 * k + ni);
      for (int excl = 0; excl < 2; ++excl)
        for (size_t p = 0; p < sizeof plans / sizeof *plans; ++p) {
          /* The forced plan with an initial value (as in check_entries). */
          redu_options o = plans[p];
          if (p)
            o.init = (const char *)xs + 5 * t->size;
          t->ref(e->op, excl, xs, want, n, o.init);
          for (int pass = 1; pass <= 2; ++pass) {
            char what[64];
            snprintf(what, sizeof what, "%s REDU_SCAN_PASS=%d plan %zu",
                     excl ? "exclusive" : "inclusive", pass, p);
            setenv("REDU_SCAN_PASS", pass == 1 ? "1" : "2", 1);
            run_scan(dev, e, excl, xs, got, n, o, 0);
            compare(e, what, n, got, want);
            if (pass == 2)
              continue;
            /* Many small tiles: long look-backs, tiles shorter than a team (fewer at the
             * larger n, to keep the test short under 32-thread plans on 2 cores). */
            setenv("REDU_SCAN_TILE", n > 70001 ? "4096" : n > 4097 ? "1000" : p ? "7" : "64", 1);
            run_scan(dev, e, excl, xs, again, n, o, 1);
            unsetenv("REDU_SCAN_TILE");
            CHECK(memcmp(got, again, bytes) == 0,
                  "%s %s n=%zu: a run with other tiles (in place) differs", what, e->name, n);
          }
        }
    }
  }
  unsetenv("REDU_SCAN_PASS");
  free(xs), free(want), free(got), free(again);
}

/* Arrays that start off a 16-byte boundary (x and y one element past one; in place too),
 * over several GPU tiles and a partial last one: the element-wise loads and stores of rows
 * that are not aligned, against the reference. */
static void check_unaligned(int dev)
{
  enum { N = 70001 };
  size_t most = (N + 1) * 8;
  void *xs = malloc(most), *want = malloc(most), *got = malloc(most);
  for (size_t k = 0; k < sizeof entries / sizeof *entries; ++k) {
    const entry *e = &entries[k];
    const type_fns *t = &types[e->type];
    size_t z = t->size, bytes = N * z;
    if (N > n_most)
      continue;
    t->fill(e->op, xs, N, 77 * k);
    char *x = omp_target_alloc(bytes + z, dev), *y = omp_target_alloc(bytes + z, dev);
    for (int excl = 0; excl < 2; ++excl) {
      t->ref(e->op, excl, xs, want, N, NULL);
      for (int in_place = 0; in_place < 2; ++in_place) {
        char *out = in_place ? x + z : y + z;
        omp_target_memcpy(x + z, xs, bytes, 0, 0, dev, omp_get_initial_device());
        CHECK_OK((excl ? e->excl : e->incl)(dev, x + z, out, N, NULL));
        omp_target_memcpy(got, out, bytes, 0, 0, omp_get_initial_device(), dev);
        compare(e, in_place ? "unaligned in-place" : "unaligned", N, got, want);
      }
    }
    omp_target_free(x, dev), omp_target_free(y, dev);
  }
  free(xs), free(want), free(got);
}

/* A host array the program mapped whole: x is read in place, and y (here x itself) is
 * written into the host array only; the program's device copy keeps the input. */
static void check_mapped(int dev)
{
  enum { N = 5000 };
  int64_t *h = malloc(N * sizeof *h), *want = malloc(N * sizeof *h);
  for (size_t i = 0; i < N; ++i)
    h[i] = (int64_t)(i % 7) - 3;
  const entry *e = NULL;
  for (size_t k = 0; k < sizeof entries / sizeof *entries; ++k)
    if (entries[k].op == REDU_SUM && entries[k].type == REDU_INT64)
      e = &entries[k];
  types[REDU_INT64].ref(REDU_SUM, 1, h, want, N, NULL);
#pragma omp target enter data map(to : h[0 : N]) device(dev)
  CHECK_OK(e->excl(dev, h, h, N, &(redu_options){.flags = REDU_INPUT_HOST}));
  compare(e, "mapped in-place exclusive", N, h, want);
  /* Only where the mapping is a separate copy (not under host fallback). */
  void *copy = omp_get_mapped_ptr(h, dev);
  if (copy && copy != (void *)h) {
#pragma omp target update from(h[0 : N]) device(dev)
    size_t bad = 0;
    for (size_t i = 0; i < N; ++i)
      bad += h[i] != (int64_t)(i % 7) - 3;
    CHECK(bad == 0, "the program's device copy of y changed in %zu places", bad);
  }
#pragma omp target exit data map(delete : h[0 : N]) device(dev)
  free(h), free(want);
}

/* Bad input: a status, a message naming the call, y untouched. */
static void expect_fail(redu_status got, redu_status want, const void *y, size_t bytes,
                        const char *what)
{
  CHECK(got == want, "%s: status %d (%s), want %d", what, (int)got, redu_last_error(), (int)want);
  CHECK(strstr(redu_last_error(), "scan") != NULL, "%s: message \"%s\" does not name the call",
        what, redu_last_error());
  unsigned char *back = malloc(bytes);
  omp_target_memcpy(back, y, bytes, 0, 0, omp_get_initial_device(), omp_get_default_device());
  CHECK(all_sentinel(back, bytes), "%s: y was written", what);
  free(back);
}

static void check_errors(int dev)
{
  enum { N = 64 };
  int32_t h[N + 2];
  for (int i = 0; i < N + 2; ++i)
    h[i] = i;
  int32_t *x = redu_test_to_device(h, sizeof h, dev), *y = omp_target_alloc(sizeof h, dev);
  unsigned char sent[sizeof h];
  memset(sent, SENTINEL, sizeof sent);
  omp_target_memcpy(y, sent, sizeof sent, 0, 0, dev, omp_get_initial_device());
  size_t yb = N * sizeof *y;
  expect_fail(redu_inclusive_scan_sum_i32(dev, NULL, y, N, NULL), REDU_ERR_NULL_ARG, y, yb,
              "NULL x");
  expect_fail(redu_exclusive_scan_sum_i32(dev, x, NULL, N, NULL), REDU_ERR_NULL_ARG, y, yb,
              "NULL y");
  expect_fail(redu_inclusive_scan_sum_i32(dev, (const int32_t *)((char *)x + 2), y, N, NULL),
              REDU_ERR_MISALIGNED, y, yb, "misaligned x");
  expect_fail(redu_inclusive_scan_max_i32(dev, x, (int32_t *)((char *)y + 1), N, NULL),
              REDU_ERR_MISALIGNED, y, yb, "misaligned y");
  /* Partial overlap, either way round (y then lies in x's allocation: x is rewritten below). */
  expect_fail(redu_inclusive_scan_sum_i32(dev, y, y + 1, N, NULL), REDU_ERR_OVERLAP, y, yb,
              "y = x + 1");
  expect_fail(redu_exclusive_scan_sum_i32(dev, y + 1, y, N, NULL), REDU_ERR_OVERLAP, y, yb,
              "y = x - 1");
  expect_fail(redu_inclusive_scan_sum_i32(dev, x, y, N, &(redu_options){.flags = REDU_EXACT}),
              REDU_ERR_UNSUPPORTED, y, yb, "REDU_EXACT");
  CHECK(strstr(redu_last_error(), "float and double") != NULL, "REDU_EXACT message: %s",
        redu_last_error());
  expect_fail(redu_inclusive_scan_max_f64(dev, (const double *)x, (double *)y, N / 2,
                                          &(redu_options){.flags = REDU_EXACT}),
              REDU_ERR_UNSUPPORTED, y, yb, "REDU_EXACT max");
  expect_fail(redu_inclusive_scan(dev, REDU_ARGMIN, REDU_INT32, x, y, N, NULL),
              REDU_ERR_UNSUPPORTED, y, yb, "argmin");
  expect_fail(redu_exclusive_scan(dev, REDU_BAND, REDU_FLOAT, x, y, N, NULL), REDU_ERR_UNSUPPORTED,
              y, yb, "band on float");
  expect_fail(redu_inclusive_scan(dev, (redu_op)99, REDU_INT32, x, y, N, NULL),
              REDU_ERR_UNSUPPORTED, y, yb, "unknown op");
  expect_fail(redu_inclusive_scan(dev, REDU_SUM, (redu_type)99, x, y, N, NULL),
              REDU_ERR_UNSUPPORTED, y, yb, "unknown type");
  expect_fail(redu_inclusive_scan_sum_i32(dev, x, y, N, &(redu_options){.teams = -1}),
              REDU_ERR_BAD_OPTION, y, yb, "negative teams");
  expect_fail(
      redu_inclusive_scan_sum_i32(dev, x, y, N, &(redu_options){.teams = REDU_MAX_TEAMS + 1}),
      REDU_ERR_BAD_OPTION, y, yb, "too many teams");
  expect_fail(redu_inclusive_scan_sum_i32(dev, x, y, N, &(redu_options){.flags = 1u << 20}),
              REDU_ERR_BAD_OPTION, y, yb, "unknown flag");
  setenv("REDU_SCAN_PASS", "3", 1);
  expect_fail(redu_inclusive_scan_sum_i32(dev, x, y, N, NULL), REDU_ERR_BAD_OPTION, y, yb,
              "REDU_SCAN_PASS=3");
  unsetenv("REDU_SCAN_PASS");
  setenv("REDU_SCAN_TILE", "-4", 1);
  expect_fail(redu_inclusive_scan_sum_i32(dev, x, y, N, NULL), REDU_ERR_BAD_OPTION, y, yb,
              "REDU_SCAN_TILE=-4");
  unsetenv("REDU_SCAN_TILE");
  expect_fail(redu_inclusive_scan_sum_i32(dev, x, y, N, &(redu_options){.scratchpad = y}),
              REDU_ERR_UNSUPPORTED, y, yb, "scratchpad");
  expect_fail(redu_inclusive_scan_sum_i32(9999, x, y, N, NULL), REDU_ERR_INVALID_DEVICE, y, yb,
              "no such device");
  expect_fail(redu_inclusive_scan_sum_i32(dev, x, y, SIZE_MAX / 2, NULL), REDU_ERR_OVERFLOW, y, yb,
              "n past the address space");
  /* n = 0 writes nothing, NULLs included, but judges the options. */
  CHECK_OK(redu_inclusive_scan_sum_i32(dev, NULL, NULL, 0, NULL));
  CHECK_OK(redu_exclusive_scan_sum_i32(dev, x, y, 0, NULL));
  expect_fail(redu_exclusive_scan_sum_i32(dev, x, y, 0, &(redu_options){.teams = -1}),
              REDU_ERR_BAD_OPTION, y, yb, "n = 0, negative teams");
  if (is_cuda) {
    /* Only the CUDA driver tells host memory from device memory. */
    int32_t hy[N];
    memset(hy, SENTINEL, sizeof hy);
    CHECK(redu_inclusive_scan_sum_i32(dev, h, y, N, NULL) == REDU_ERR_NOT_DEVICE_PTR,
          "host x as a device pointer: %s", redu_last_error());
    CHECK(redu_inclusive_scan_sum_i32(dev, x, hy, N, NULL) == REDU_ERR_NOT_DEVICE_PTR &&
              all_sentinel(hy, sizeof hy),
          "host y as a device pointer: %s", redu_last_error());
    CHECK(redu_inclusive_scan_sum_i32(dev, x, y + 3, N, NULL) == REDU_ERR_NOT_DEVICE_PTR,
          "y past its allocation: %s", redu_last_error());
  }
  omp_target_free(x, dev);
  omp_target_free(y, dev);
}

/* Segmented and batched scans (libredu/redu_segmented_scan.h): every entry over segment
 * layouts with empty segments, segments not starting at 0 and elements outside every
 * segment (which must stay untouched), against the array reference per segment; in place,
 * with an initial value, host arrays and the generic forms on some; few long segments
 * (which GPUs scan one after another with the whole device), alone or among short ones, on a
 * few entries. */
typedef struct seg_layout {
  const char *name;
  size_t n, nseg, len; /* len: batched (offsets NULL) */
  size_t *offsets;     /* host, nseg + 1 */
} seg_layout;

/* The reference: y (n elements, the sentinel where no segment is) as the scans write it. */
static void seg_reference(const entry *e, int excl, const seg_layout *L, const void *xs, void *want,
                          const void *init)
{
  const type_fns *t = &types[e->type];
  memset(want, SENTINEL, L->n * t->size);
  for (size_t g = 0; g < L->nseg; ++g) {
    size_t b = L->offsets ? L->offsets[g] : g * L->len;
    size_t end = L->offsets ? L->offsets[g + 1] : b + L->len;
    t->ref(e->op, excl, (const char *)xs + b * t->size, (char *)want + b * t->size, end - b, init);
  }
}

/* form: 0 typed, 1 generic; host: REDU_INPUT_HOST (offsets on the host too); in place. */
static void run_seg(int dev, const entry *e, int excl, int form, const seg_layout *L,
                    const void *xs, void *got, redu_options o, int in_place)
{
  const type_fns *t = &types[e->type];
  size_t bytes = L->n * t->size, obytes = L->offsets ? (L->nseg + 1) * sizeof(size_t) : 0;
  int host = (o.flags & REDU_INPUT_HOST) != 0;
  void *x = host ? malloc(bytes ? bytes : 1) : redu_test_to_device(xs, bytes, dev);
  memset(got, SENTINEL, bytes);
  void *y = in_place ? x : host ? malloc(bytes ? bytes : 1) : redu_test_to_device(got, bytes, dev);
  if (host) {
    memcpy(x, xs, bytes);
    if (!in_place)
      memcpy(y, got, bytes);
  }
  const size_t *off = !L->offsets ? NULL
                      : host      ? L->offsets
                                  : redu_test_to_device(L->offsets, obytes, dev);
  redu_status s;
  if (form == 0)
    s = (excl ? e->seg_excl : e->seg_incl)(dev, x, y, off, L->len, L->nseg, &o);
  else if (L->offsets)
    s = (excl ? redu_segmented_exclusive_scan
              : redu_segmented_inclusive_scan)(dev, e->op, e->type, x, y, off, L->nseg, &o);
  else
    s = (excl ? redu_batched_exclusive_scan : redu_batched_inclusive_scan)(dev, e->op, e->type, x,
                                                                           y, L->len, L->nseg, &o);
  CHECK(s == REDU_OK, "%s segmented %s form %d: %s", e->name, L->name, form, redu_last_error());
  if (off && !host)
    omp_target_free((void *)off, dev);
  finish_run(dev, host, in_place, x, y, got, bytes);
}

/* got against the reference (for in place, where no segment is y is x). */
static void check_seg(const entry *e, const char *what, const seg_layout *L, const void *xs,
                      const void *got, void *want, int in_place)
{
  const type_fns *t = &types[e->type];
  if (in_place) {
    size_t first = L->offsets ? L->offsets[0] : 0;
    size_t last = L->offsets ? L->offsets[L->nseg] : L->nseg * L->len;
    memcpy(want, xs, first * t->size);
    memcpy((char *)want + last * t->size, (const char *)xs + last * t->size,
           (L->n - last) * t->size);
  }
  char label[160];
  snprintf(label, sizeof label, "%s %s", what, L->name);
  compare(e, label, L->n, got, want);
}

static void check_segmented(int dev)
{
  /* Empty segments first, inside and last; a start past 0; elements past the last. */
  size_t o1[] = {3, 3, 10, 10, 1003, 1003, 5000, 5001, 5001};
  size_t o2[2001];
  o2[0] = 0;
  for (size_t g = 0; g < 2000; ++g)
    o2[g + 1] = o2[g] + (g * 7) % 13;
  /* Segments past a warp's share on GPUs (8,192 elements for 1-byte types), a team's each. */
  size_t o4[] = {0, 9000, 9001, 30000};
  size_t o3[] = {0, 300000, 600003};
  /* A long segment among short ones: on GPUs (and with 16 teams everywhere) an array scan of
   * its own, the others in the one launch. */
  size_t o5[602];
  o5[0] = 2;
  for (size_t g = 0; g < 601; ++g)
    o5[g + 1] = o5[g] + (g == 300 ? 400000 : (g * 7) % 13);
  seg_layout layouts[] = {
      {"mixed", 5010, 8, 0, o1},
      {"2000 short", o2[2000], 2000, 0, o2},
      {"batched 37 x 129", 37 * 129 + 5, 37, 129, NULL},
      {"batched 5 x 0", 7, 5, 0, NULL},
      {"team-sized", 30000, 3, 0, o4},
      {"2 long", 600003, 2, 0, o3},
      {"1 long among 600 short", o5[601] + 3, 601, 0, o5},
  };
  size_t most = 600003 * 8;
  void *xs = malloc(most), *want = malloc(most), *got = malloc(most);
  for (size_t k = 0; k < sizeof entries / sizeof *entries; ++k) {
    const entry *e = &entries[k];
    const type_fns *t = &types[e->type];
    /* The long segments on one entry per op. */
    int some = e->type == (e->op == REDU_SUM ? REDU_DOUBLE : REDU_INT32) || k % 17 == 0;
    for (size_t li = 0; li < sizeof layouts / sizeof *layouts; ++li) {
      const seg_layout *L = &layouts[li];
      if (L->n > 100000 && !some)
        continue;
      t->fill(e->op, xs, L->n, 77 * k + li);
      for (int excl = 0; excl < 2; ++excl) {
        seg_reference(e, excl, L, xs, want, NULL);
        run_seg(dev, e, excl, 0, L, xs, got, (redu_options){0}, 0);
        check_seg(e, excl ? "segmented exclusive" : "segmented inclusive", L, xs, got, want, 0);
        if (L->n > 100000) { /* 16 teams: the segments one after another on every device */
          run_seg(dev, e, excl, 0, L, xs, got, (redu_options){.teams = 16}, 0);
          check_seg(e, "16 teams", L, xs, got, want, 0);
        }
        if (li != 0 && li != 2)
          continue;
        run_seg(dev, e, excl, 1, L, xs, got, (redu_options){0}, 0);
        check_seg(e, "generic", L, xs, got, want, 0);
        run_seg(dev, e, excl, 0, L, xs, got, (redu_options){.flags = REDU_INPUT_HOST}, 0);
        check_seg(e, "host arrays", L, xs, got, want, 0);
        seg_reference(e, excl, L, xs, want, NULL);
        run_seg(dev, e, excl, 0, L, xs, got, (redu_options){0}, 1);
        check_seg(e, "in place", L, xs, got, want, 1);
        const void *init = (const char *)xs + 5 * t->size;
        seg_reference(e, excl, L, xs, want, init);
        run_seg(dev, e, excl, 0, L, xs, got, (redu_options){.init = init}, 0);
        check_seg(e, "with init", L, xs, got, want, 0);
      }
    }
  }
  free(xs), free(want), free(got);
}

/* Bad segmented input: a status, y untouched, the offsets' first bad position named. */
static void check_segmented_errors(int dev)
{
  enum { N = 64 };
  int32_t h[N];
  for (int i = 0; i < N; ++i)
    h[i] = i;
  int32_t *x = redu_test_to_device(h, sizeof h, dev), *y = omp_target_alloc(sizeof h, dev);
  unsigned char sent[sizeof h];
  memset(sent, SENTINEL, sizeof sent);
  omp_target_memcpy(y, sent, sizeof sent, 0, 0, dev, omp_get_initial_device());
  size_t hoff[] = {0, 10, 20, 15, 30}, good[] = {0, 10, 20, 30, 40};
  size_t *off = redu_test_to_device(hoff, sizeof hoff, dev);
  size_t *goff = redu_test_to_device(good, sizeof good, dev);
  size_t yb = sizeof h;
  expect_fail(redu_segmented_inclusive_scan_sum_i32(dev, x, y, off, 4, NULL), REDU_ERR_BAD_OFFSETS,
              y, yb, "decreasing device offsets");
  CHECK(strstr(redu_last_error(), "offsets[3] = 15") != NULL, "message: %s", redu_last_error());
  int32_t hy[N];
  memset(hy, SENTINEL, sizeof hy);
  CHECK(redu_segmented_exclusive_scan_sum_i32(dev, h, hy, hoff, 4,
                                              &(redu_options){.flags = REDU_INPUT_HOST}) ==
                REDU_ERR_BAD_OFFSETS &&
            all_sentinel(hy, sizeof hy) && strstr(redu_last_error(), "offsets[3] = 15"),
        "decreasing host offsets: %s", redu_last_error());
  /* Many segments (the check's launch: several teams, many warps): the first decrease named
   * where another team's share holds a later one, and one in the last position alone. */
  enum { M = 5000 };
  size_t *hm = malloc((M + 1) * sizeof *hm);
  for (int bad = 0; bad < 2; ++bad) {
    for (size_t k = 0; k <= M; ++k)
      hm[k] = 3 + k / 100; /* within x and y: at most 53 */
    if (bad == 0)
      hm[4500] = 0, hm[3100] = 1;
    else
      hm[M] = 2;
    size_t *moff = redu_test_to_device(hm, (M + 1) * sizeof *hm, dev);
    expect_fail(redu_segmented_inclusive_scan_sum_i32(dev, x, y, moff, M, NULL),
                REDU_ERR_BAD_OFFSETS, y, yb, "decreasing device offsets, many segments");
    CHECK(strstr(redu_last_error(), bad ? "offsets[5000] = 2" : "offsets[3100] = 1") != NULL,
          "message: %s", redu_last_error());
    omp_target_free(moff, dev);
  }
  free(hm);
  expect_fail(redu_segmented_inclusive_scan_sum_i32(dev, x, y, NULL, 4, NULL), REDU_ERR_NULL_ARG, y,
              yb, "NULL offsets");
  expect_fail(
      redu_segmented_inclusive_scan_sum_i32(dev, x, y, (const size_t *)((char *)goff + 4), 3, NULL),
      REDU_ERR_MISALIGNED, y, yb, "misaligned offsets");
  expect_fail(redu_batched_inclusive_scan_sum_i32(dev, NULL, y, 4, 4, NULL), REDU_ERR_NULL_ARG, y,
              yb, "batched NULL x");
  /* Over y itself, shifted by one: the sections overlap. */
  size_t small[] = {0, 5, 9}, *soff = redu_test_to_device(small, sizeof small, dev);
  expect_fail(redu_segmented_inclusive_scan_sum_i32(dev, y, y + 1, soff, 2, NULL), REDU_ERR_OVERLAP,
              y, yb, "y = x + 1 (segmented)");
  omp_target_free(soff, dev);
  /* Offsets past PTRDIFF_MAX / sizeof(int32_t) (2^61 - 1), device and host alike: refused as
   * the offsets, not read (device offsets crashed on CPU devices), and not an overlap. */
  const size_t far[][2] = {{((size_t)1 << 61) - 10, ((size_t)1 << 61) + 5},
                           {0, ((size_t)1 << 61) + 1}};
  for (int k = 0; k < 2; ++k) {
    size_t *foff = redu_test_to_device(far[k], sizeof far[k], dev);
    expect_fail(redu_segmented_inclusive_scan_sum_i32(dev, x, y, foff, 1, NULL),
                REDU_ERR_BAD_OFFSETS, y, yb, "device offsets past PTRDIFF_MAX bytes");
    memset(hy, SENTINEL, sizeof hy);
    CHECK(redu_segmented_inclusive_scan_sum_i32(dev, h, hy, far[k], 1,
                                                &(redu_options){.flags = REDU_INPUT_HOST}) ==
                  REDU_ERR_BAD_OFFSETS &&
              all_sentinel(hy, sizeof hy),
          "host offsets past PTRDIFF_MAX bytes: %s", redu_last_error());
    omp_target_free(foff, dev);
  }
  expect_fail(redu_segmented_inclusive_scan(dev, REDU_ARGMAX, REDU_INT32, x, y, goff, 4, NULL),
              REDU_ERR_UNSUPPORTED, y, yb, "segmented argmax");
  expect_fail(
      redu_batched_exclusive_scan_sum_i32(dev, x, y, 8, 4, &(redu_options){.flags = REDU_EXACT}),
      REDU_ERR_UNSUPPORTED, y, yb, "batched REDU_EXACT");
  expect_fail(redu_batched_inclusive_scan_sum_i32(dev, x, y, SIZE_MAX / 4, 8, NULL),
              REDU_ERR_OVERFLOW, y, yb, "batched past the address space");
  expect_fail(
      redu_segmented_inclusive_scan_sum_i32(dev, x, y, goff, 4, &(redu_options){.teams = -1}),
      REDU_ERR_BAD_OPTION, y, yb, "segmented negative teams");
  /* No segments: nothing read or written, NULLs included; the options still judged. */
  CHECK_OK(redu_segmented_inclusive_scan_sum_i32(dev, NULL, NULL, NULL, 0, NULL));
  CHECK_OK(redu_batched_exclusive_scan_sum_i32(dev, NULL, NULL, 5, 0, NULL));
  expect_fail(
      redu_segmented_inclusive_scan_sum_i32(dev, x, y, goff, 0, &(redu_options){.teams = -1}),
      REDU_ERR_BAD_OPTION, y, yb, "no segments, negative teams");
  if (is_cuda) {
    /* offsets[4] = 40 past a 32-element y: the offsets are what is wrong. */
    int32_t *y32 = omp_target_alloc(32 * sizeof *y32, dev);
    CHECK(redu_segmented_inclusive_scan_sum_i32(dev, x, y32, goff, 4, NULL) ==
                  REDU_ERR_BAD_OFFSETS &&
              strstr(redu_last_error(), "runs past"),
          "offsets past y's allocation: %s", redu_last_error());
    CHECK(redu_segmented_inclusive_scan_sum_i32(dev, x, y, good, 4, NULL) ==
              REDU_ERR_NOT_DEVICE_PTR,
          "host offsets as a device pointer: %s", redu_last_error());
    omp_target_free(y32, dev);
  }
  omp_target_free(x, dev);
  omp_target_free(y, dev);
  omp_target_free(off, dev);
  omp_target_free(goff, dev);
}

/* 2^31 + 77 bytes, x[i] = i % 5, scanned in place as u8 sums: y[i] = (10 (i / 5) + r (r + 1) / 2)
 * mod 256 for r = i % 5, every position checked on the device. */
static int check_large(int dev)
{
  size_t n = (1ull << 31) + 77;
  uint8_t *d = omp_target_alloc(n, dev);
  if (!d) {
    printf("test_scan: cannot allocate %zu bytes on device %d; skipped\n", n, dev);
    return 77;
  }
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(d)
  for (size_t i = 0; i < n; ++i)
    d[i] = (uint8_t)(i % 5);
  CHECK_OK(redu_inclusive_scan_sum_u8(dev, d, d, n, NULL));
  size_t bad = 0;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(d) reduction(+ : bad)
  for (size_t i = 0; i < n; ++i) {
    size_t r = i % 5;
    bad += d[i] != (uint8_t)(10 * (i / 5) + r * (r + 1) / 2);
  }
  CHECK(bad == 0, "in-place inclusive sum_u8 over 2^31+77: %zu results wrong", bad);
  uint8_t last;
  omp_target_memcpy(&last, d, 1, 0, n - 1, omp_get_initial_device(), dev);
  size_t r = (n - 1) % 5;
  CHECK(last == (uint8_t)(10 * ((n - 1) / 5) + r * (r + 1) / 2), "y[n - 1] = %u", last);
  omp_target_free(d, dev);
  /* GPUs: an in-place int32 sum past 2^31 elements (8 GiB): a 4-byte scan's block and
   * element offsets past 32 bits. */
  int32_t *w = is_cuda ? omp_target_alloc(n * sizeof *w, dev) : NULL;
  if (w) {
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(w)
    for (size_t i = 0; i < n; ++i)
      w[i] = (int32_t)(i % 3) - 1;
    CHECK_OK(redu_inclusive_scan_sum_i32(dev, w, w, n, NULL));
    bad = 0;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(w) reduction(+ : bad)
    for (size_t i = 0; i < n; ++i)
      bad += w[i] != (i % 3 == 2 ? 0 : -1);
    CHECK(bad == 0, "in-place inclusive sum_i32 over 2^31+77: %zu results wrong", bad);
    omp_target_free(w, dev);
  }
  return redu_test_finish("test_scan large");
}

/* Array scans between segmented, batched and reduce-then-scan ones, each kind after each: a
 * single pass finds the tile-claim counter its epoch's parity names at zero only where every
 * epoch taken before it was launched, so a call that takes none (a segmented scan, a
 * reduce-then-scan) must leave the next single pass its counter. */
static void check_interleaved(int dev)
{
  enum { LEN = 5000, NSEG = 3, N = LEN * NSEG };
  int32_t *h = malloc(N * sizeof *h), *got = malloc(N * sizeof *got), want[LEN];
  for (int i = 0; i < N; ++i)
    h[i] = (int32_t)(i * 37 % 101) - 50;
  int32_t *x = redu_test_to_device(h, N * sizeof *h, dev),
          *y = omp_target_alloc(N * sizeof *h, dev), *a = omp_target_alloc(LEN * sizeof *h, dev);
  size_t hoff[] = {0, 7, LEN, N};
  size_t *off = redu_test_to_device(hoff, sizeof hoff, dev);
  want[0] = h[0];
  for (int i = 1; i < LEN; ++i)
    want[i] = want[i - 1] + h[i];
  /* Tiles of 64 elements: a scan of LEN claims 79 tiles. */
  setenv("REDU_SCAN_TILE", "64", 1);
  for (int r = 0; r < 12; ++r) {
    const char *between = r % 3 == 0 ? "batched" : r % 3 == 1 ? "segmented" : "reduce-then-scan";
    if (r % 3 == 0)
      CHECK_OK(redu_batched_inclusive_scan_sum_i32(dev, x, y, LEN, NSEG, NULL));
    else if (r % 3 == 1)
      CHECK_OK(redu_segmented_exclusive_scan_sum_i32(dev, x, y, off, NSEG, NULL));
    else {
      setenv("REDU_SCAN_PASS", "2", 1);
      CHECK_OK(redu_inclusive_scan_sum_i32(dev, x, y, N, NULL));
    }
    setenv("REDU_SCAN_PASS", "1", 1);
    for (int k = 0; k < 2; ++k) {
      unsigned char sent[LEN * sizeof(int32_t)];
      memset(sent, SENTINEL, sizeof sent);
      omp_target_memcpy(a, sent, sizeof sent, 0, 0, dev, omp_get_initial_device());
      CHECK_OK(redu_inclusive_scan_sum_i32(dev, x, a, LEN, NULL));
      omp_target_memcpy(got, a, sizeof sent, 0, 0, omp_get_initial_device(), dev);
      CHECK(memcmp(got, want, sizeof want) == 0,
            "round %d: single-pass scan %d after a %s scan: y[1] = %d, want %d", r, k, between,
            got[1], want[1]);
    }
    unsetenv("REDU_SCAN_PASS");
  }
  unsetenv("REDU_SCAN_TILE");
  omp_target_free(x, dev), omp_target_free(y, dev), omp_target_free(a, dev);
  omp_target_free(off, dev);
  free(h), free(got);
}

/* Signed zeros of float sum scans, bit for bit: x all -0.0 but a 1 and a -1 side by side at
 * n / 2 (whose prefixes are +0.0 from there on: an exact zero sum is -0.0 only when every term
 * is, in any association), with no initial value (inclusive: x[0 .. i] alone, so -0.0;
 * exclusive: y[0] = +0.0, the op's identity), with -0.0 and with +0.0; under the planner,
 * the single pass over small tiles and reduce-then-scan, where every block, tile and thread
 * edge used to turn a -0.0 prefix into +0.0 and an exclusive y[0] into init + 0. */
#define CHECK_SIGNED_ZEROS(sfx, T)                                                                 \
  static void check_signed_zeros_##sfx(int dev)                                                    \
  {                                                                                                \
    static const size_t ns[] = {1, 2, 5000, 70001};                                                \
    enum { MOST = 70001 };                                                                         \
    T *xs = malloc(MOST * sizeof *xs), *want = malloc(MOST * sizeof *xs),                          \
      *got = malloc(MOST * sizeof *xs);                                                            \
    T *x = omp_target_alloc(MOST * sizeof *x, dev), *y = omp_target_alloc(MOST * sizeof *y, dev);  \
    const T inits[] = {(T) - 0.0, (T)0.0};                                                         \
    for (size_t k = 0; k < sizeof ns / sizeof *ns; ++k)                                            \
      for (int way = 0; way < 3; ++way)                                                            \
        for (int ini = -1; ini < 2; ++ini)                                                         \
          for (int excl = 0; excl < 2; ++excl) {                                                   \
            size_t n = ns[k];                                                                      \
            for (size_t i = 0; i < n; ++i)                                                         \
              xs[i] = n > 2 && i == n / 2 ? (T)1 : n > 2 && i == n / 2 + 1 ? (T) - 1 : (T) - 0.0;  \
            T acc = ini >= 0 ? inits[ini] : excl ? (T)0.0 : (T) - 0.0;                             \
            for (size_t i = 0; i < n; ++i) {                                                       \
              if (excl)                                                                            \
                want[i] = acc;                                                                     \
              acc += xs[i];                                                                        \
              if (!excl)                                                                           \
                want[i] = acc;                                                                     \
            }                                                                                      \
            omp_target_memcpy(x, xs, n * sizeof *x, 0, 0, dev, omp_get_initial_device());          \
            if (way)                                                                               \
              setenv("REDU_SCAN_PASS", way == 1 ? "1" : "2", 1);                                   \
            if (way == 1)                                                                          \
              setenv("REDU_SCAN_TILE", "64", 1);                                                   \
            redu_options o = {.init = ini >= 0 ? &inits[ini] : NULL};                              \
            redu_status s = (excl ? redu_exclusive_scan_sum_##sfx                                  \
                                  : redu_inclusive_scan_sum_##sfx)(dev, x, y, n, &o);              \
            unsetenv("REDU_SCAN_PASS");                                                            \
            unsetenv("REDU_SCAN_TILE");                                                            \
            omp_target_memcpy(got, y, n * sizeof *y, 0, 0, omp_get_initial_device(), dev);         \
            size_t bad = 0, first = 0;                                                             \
            for (size_t i = 0; i < n; ++i)                                                         \
              if (memcmp(&got[i], &want[i], sizeof *got) && bad++ == 0)                            \
                first = i;                                                                         \
            CHECK(s == REDU_OK && bad == 0,                                                        \
                  "signed zeros sum_" #sfx " n %zu way %d init %d %s: status %d, %zu differ, "     \
                  "the first y[%zu] = %g, want %g",                                                \
                  n, way, ini, excl ? "exclusive" : "inclusive", (int)s, bad, first,               \
                  (double)got[first], (double)want[first]);                                        \
          }                                                                                        \
    omp_target_free(x, dev), omp_target_free(y, dev);                                              \
    free(xs), free(want), free(got);                                                               \
  }
CHECK_SIGNED_ZEROS(f32, float)
CHECK_SIGNED_ZEROS(f64, double)

int main(int argc, char **argv)
{
  int dev = omp_get_default_device();
  is_cuda = redu_test_is_cuda(dev);
  if (argc > 1 && strcmp(argv[1], "large") == 0)
    return check_large(dev);
  if (argc > 1 && strcmp(argv[1], "plans") == 0)
    n_most = 70001;
  /* CPU devices' warps are one thread (their teams at most 32). */
  int warp = is_cuda ? 32 : 1;
  check_entries(dev);
  check_wide_sums(dev, warp);
  check_plans(dev, warp);
  check_passes(dev, warp);
  check_unaligned(dev);
  check_mapped(dev);
  check_errors(dev);
  check_segmented(dev);
  check_segmented_errors(dev);
  check_interleaved(dev);
  check_signed_zeros_f32(dev);
  check_signed_zeros_f64(dev);
  return redu_test_finish("test_scan");
}

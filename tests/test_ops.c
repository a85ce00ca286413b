/* Every operation x every element type x n in {0, 1, 31, 32, 33, 1000, 2^20+7} against a
 * serial reference written independently of the library: exact for integers, and for
 * float sums/products within n * 2^-53 * sum|x| (double accumulation in any order) plus
 * one rounding to the element type. Each case runs on device memory, on device memory
 * one element off 16-byte alignment, on a host array (REDU_INPUT_HOST), and through the
 * generic redu_reduce; all must agree. */
#include "redu_test.h"
#include <float.h>
#include <math.h>

static const size_t sizes[] = {0, 1, 31, 32, 33, 1000, (1u << 20) + 7};
enum { PATTERN_WIDE, PATTERN_SMALL, PATTERN_NONZERO, PATTERN_COUNT };
static const char *const pattern_names[] = {"wide", "small", "nonzero"};

#define GEN_INT(T, r, p)                                                                           \
  ((p) == PATTERN_WIDE    ? (T)(r)                                                                 \
   : (p) == PATTERN_SMALL ? (T)((T)((r) % 7) - (T)3)                                               \
                          : (T)(1 + (r) % 5))
#define GEN_UINT(T, r, p)                                                                          \
  ((p) == PATTERN_WIDE ? (T)(r) : (p) == PATTERN_SMALL ? (T)((r) % 7) : (T)(1 + (r) % 5))
#define GEN_FLT(T, r, p)                                                                           \
  ((p) == PATTERN_WIDE    ? (T)((double)((r) >> 11) / 9007199254740992.0 * 2000.0 - 1000.0)        \
   : (p) == PATTERN_SMALL ? (T)((int)((r) % 7) - 3)                                                \
                          : (T)(1.0 + ((double)((r) % 2001) - 1000.0) * 1e-6))

/* Integer sum/prod wrap modulo 2^bits; compared exactly. */
#define CHECK_ARITH_INT(T, SA, name, got, xs, n, op0, OP)                                          \
  do {                                                                                             \
    SA ref = (SA)(op0);                                                                            \
    for (size_t i = 0; i < (n); ++i)                                                               \
      ref = (SA)((uint64_t)ref OP(uint64_t)(SA)(xs)[i]);                                           \
    CHECK((got) == (T)ref, "%s n=%zu: got %lld want %lld", name, (size_t)(n), (long long)(got),    \
          (long long)(T)ref);                                                                      \
  } while (0)
#define CHECK_ARITH_UINT CHECK_ARITH_INT
#define CHECK_ARITH_FLT(T, SA, name, got, xs, n, op0, OP)                                          \
  do {                                                                                             \
    long double ref = (op0), mag = (op0);                                                          \
    for (size_t i = 0; i < (n); ++i) {                                                             \
      ref = ref OP(long double)(xs)[i];                                                            \
      mag = mag OP fabsl((long double)(xs)[i]);                                                    \
    }                                                                                              \
    long double tol = (long double)(n) * 0x1p-53L * mag +                                          \
                      fabsl(ref) * (sizeof(T) == 4 ? 0x1p-24L : 0x1p-53L) + 1e-300L;               \
    long double top = sizeof(T) == 4 ? FLT_MAX : DBL_MAX;                                          \
    if (isinf(ref) || fabsl(ref) - tol > top) /* beyond T: the signed infinity */                  \
      CHECK(isinf(got) && !signbit(got) == !signbit(ref), "%s n=%zu: got %g want %cinf", name,     \
            (size_t)(n), (double)(got), signbit(ref) ? '-' : '+');                                 \
    else                                                                                           \
      CHECK(fabsl((long double)(got) - ref) <= tol, "%s n=%zu: got %.17Lg want %.17Lg (tol %Lg)",  \
            name, (size_t)(n), (long double)(got), ref, tol);                                      \
  } while (0)

#define PRINT_ARG(v) ((long double)(v))

#define DEFINE_TYPE_TEST(sfx, T, E, K, SA, LO, HI)                                                 \
  static void check_##sfx(int dev, const T *xs, const T *x, size_t n, unsigned flags,              \
                          const char *where)                                                       \
  {                                                                                                \
    redu_options o = {.flags = flags};                                                             \
    char name[96];                                                                                 \
    T got = 0, g2 = 0;                                                                             \
    size_t idx = 0, i2 = 0;                                                                        \
    snprintf(name, sizeof name, "sum_" #sfx " %s", where);                                         \
    CHECK_OK(redu_sum_##sfx(dev, x, n, &got, &o));                                                 \
    CHECK_ARITH_##K(T, SA, name, got, xs, n, 0, +);                                                \
    snprintf(name, sizeof name, "prod_" #sfx " %s", where);                                        \
    CHECK_OK(redu_prod_##sfx(dev, x, n, &got, &o));                                                \
    CHECK_ARITH_##K(T, SA, name, got, xs, n, 1, *);                                                \
    T mn = (T)(HI), mx = (T)(LO);                                                                  \
    size_t imn = REDU_NO_INDEX, imx = REDU_NO_INDEX;                                               \
    int all = 1, any = 0;                                                                          \
    for (size_t i = 0; i < n; ++i) {                                                               \
      if (imn == REDU_NO_INDEX || xs[i] < mn)                                                      \
        mn = xs[i], imn = i;                                                                       \
      if (imx == REDU_NO_INDEX || xs[i] > mx)                                                      \
        mx = xs[i], imx = i;                                                                       \
      all &= xs[i] != 0;                                                                           \
      any |= xs[i] != 0;                                                                           \
    }                                                                                              \
    CHECK_OK(redu_min_##sfx(dev, x, n, &got, &o));                                                 \
    CHECK(got == mn, "min_" #sfx " %s n=%zu: got %Lg want %Lg", where, n, PRINT_ARG(got),          \
          PRINT_ARG(mn));                                                                          \
    CHECK_OK(redu_max_##sfx(dev, x, n, &got, &o));                                                 \
    CHECK(got == mx, "max_" #sfx " %s n=%zu: got %Lg want %Lg", where, n, PRINT_ARG(got),          \
          PRINT_ARG(mx));                                                                          \
    CHECK_OK(redu_argmin_##sfx(dev, x, n, &got, &idx, &o));                                        \
    CHECK(got == mn && idx == imn, "argmin_" #sfx " %s n=%zu: got %Lg@%zu want %Lg@%zu", where, n, \
          PRINT_ARG(got), idx, PRINT_ARG(mn), imn);                                                \
    CHECK_OK(redu_argmax_##sfx(dev, x, n, &got, &idx, &o));                                        \
    CHECK(got == mx && idx == imx, "argmax_" #sfx " %s n=%zu: got %Lg@%zu want %Lg@%zu", where, n, \
          PRINT_ARG(got), idx, PRINT_ARG(mx), imx);                                                \
    CHECK_OK(redu_reduce(dev, REDU_ARGMAX, E, x, n, &g2, &i2, &o));                                \
    CHECK(g2 == got && i2 == idx, "generic argmax_" #sfx " %s n=%zu differs", where, n);           \
    CHECK_OK(redu_land_##sfx(dev, x, n, &got, &o));                                                \
    CHECK(got == (T)all, "land_" #sfx " %s n=%zu: got %d want %d", where, n, (int)got, all);       \
    CHECK_OK(redu_lor_##sfx(dev, x, n, &got, &o));                                                 \
    CHECK(got == (T)any, "lor_" #sfx " %s n=%zu: got %d want %d", where, n, (int)got, any);        \
    CHECK_OK(redu_reduce(dev, REDU_LOR, E, x, n, &g2, NULL, &o));                                  \
    CHECK(g2 == got, "generic lor_" #sfx " %s n=%zu differs", where, n);                           \
    check_bitwise_##sfx(dev, xs, x, n, &o, where);                                                 \
  }                                                                                                \
                                                                                                   \
  static void test_##sfx(int dev)                                                                  \
  {                                                                                                \
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si)                                 \
      for (int p = 0; p < PATTERN_COUNT; ++p) {                                                    \
        size_t n = sizes[si];                                                                      \
        uint64_t seed = 1000 * si + (uint64_t)p + sizeof(T);                                       \
        T *h = malloc((n + 1) * sizeof *h);                                                        \
        for (size_t i = 0; i < n + 1; ++i) {                                                       \
          uint64_t r = redu_test_rand(&seed);                                                      \
          h[i] = GEN_##K(T, r, p);                                                                 \
        }                                                                                          \
        T *d = redu_test_to_device(h, (n + 1) * sizeof *h, dev);                                   \
        char where[64];                                                                            \
        snprintf(where, sizeof where, "[%s, device]", pattern_names[p]);                           \
        check_##sfx(dev, h, d, n, 0, where);                                                       \
        snprintf(where, sizeof where, "[%s, device+1]", pattern_names[p]);                         \
        check_##sfx(dev, h + 1, d + 1, n, 0, where);                                               \
        snprintf(where, sizeof where, "[%s, host array]", pattern_names[p]);                       \
        check_##sfx(dev, h, h, n, REDU_INPUT_HOST, where);                                         \
        omp_target_free(d, dev);                                                                   \
        free(h);                                                                                   \
      }                                                                                            \
  }

#define DEFINE_BITWISE_TEST(sfx, T, E, K, SA, LO, HI)                                              \
  static void check_bitwise_##sfx(int dev, const T *xs, const T *x, size_t n,                      \
                                  const redu_options *o, const char *where)                        \
  {                                                                                                \
    T a = (T) ~(T)0, b = 0, c = 0, got = 0;                                                        \
    for (size_t i = 0; i < n; ++i)                                                                 \
      a &= xs[i], b |= xs[i], c ^= xs[i];                                                          \
    CHECK_OK(redu_band_##sfx(dev, x, n, &got, o));                                                 \
    CHECK(got == a, "band_" #sfx " %s n=%zu", where, n);                                           \
    CHECK_OK(redu_bor_##sfx(dev, x, n, &got, o));                                                  \
    CHECK(got == b, "bor_" #sfx " %s n=%zu", where, n);                                            \
    CHECK_OK(redu_bxor_##sfx(dev, x, n, &got, o));                                                 \
    CHECK(got == c, "bxor_" #sfx " %s n=%zu", where, n);                                           \
  }
#define DEFINE_NO_BITWISE(sfx, T, E, K, SA, LO, HI)                                                \
  static void check_bitwise_##sfx(int dev, const T *xs, const T *x, size_t n,                      \
                                  const redu_options *o, const char *where)                        \
  {                                                                                                \
    T got = 0;                                                                                     \
    (void)xs;                                                                                      \
    CHECK(redu_reduce(dev, REDU_BAND, E, x, n, &got, NULL, o) == REDU_ERR_UNSUPPORTED,             \
          "band on " #sfx " %s must be unsupported", where);                                       \
  }

REDU_FOR_EACH_INT_TYPE(DEFINE_BITWISE_TEST)
REDU_FOR_EACH_FLOAT_TYPE(DEFINE_NO_BITWISE)
REDU_FOR_EACH_TYPE(DEFINE_TYPE_TEST)
#undef DEFINE_BITWISE_TEST
#undef DEFINE_NO_BITWISE
#undef DEFINE_TYPE_TEST

int main(void)
{
  int dev = omp_get_default_device();
  printf("test_ops: default device %d of %d (host is %d)\n", dev, omp_get_num_devices(),
         omp_get_initial_device());
#define RUN_TYPE_TEST(sfx, T, E, K, SA, LO, HI) test_##sfx(dev);
  REDU_FOR_EACH_TYPE(RUN_TYPE_TEST)
#undef RUN_TYPE_TEST
  return redu_test_finish("test_ops");
}

#include "bench_baselines.h"

#include <omp.h>
#include <stdint.h>

#define BENCH_PRAGMA(...) BENCH_PRAGMA_(__VA_ARGS__)
#define BENCH_PRAGMA_(...) _Pragma(#__VA_ARGS__)

/* Element i of the benchmark data: the same formula as bench/cub_reference.cu. */
#pragma omp declare target
static inline uint64_t bench_hash(uint64_t i)
{
  i = (i ^ (i >> 33)) * 0xff51afd7ed558ccdull;
  i = (i ^ (i >> 33)) * 0xc4ceb9fe1a85ec53ull;
  return i ^ (i >> 33);
}
#pragma omp end declare target

#define BENCH_FILL(T, EXPR)                                                                        \
  do {                                                                                             \
    T *p = x;                                                                                      \
    _Pragma("omp target teams distribute parallel for device(dev) is_device_ptr(p)")               \
    for (size_t i = 0; i < n; ++i) {                                                               \
      uint64_t h = bench_hash(i);                                                                  \
      p[i] = (T)(EXPR);                                                                            \
    }                                                                                              \
  } while (0)

void bench_fill(int dev, void *x, size_t n, bench_type t)
{
  switch (t) {
  case BENCH_F64:
    BENCH_FILL(double, (double)(h >> 11) * 0x1p-53 * 2.0 - 1.0);
    break;
  case BENCH_F32:
    BENCH_FILL(float, (float)((double)(h >> 11) * 0x1p-53 * 2.0 - 1.0));
    break;
  case BENCH_I32:
    BENCH_FILL(int32_t, (int32_t)(h % 2000001) - 1000000);
    break;
  case BENCH_I64:
    BENCH_FILL(int64_t, (int64_t)(h % 2000000001) - 1000000000);
    break;
  default:
    break;
  }
}

#define BENCH_LOC(sfx, T)                                                                          \
  typedef struct bench_loc_##sfx {                                                                 \
    T v;                                                                                           \
    size_t i;                                                                                      \
  } bench_loc_##sfx;                                                                               \
  BENCH_PRAGMA(omp declare reduction(                                                              \
      argmin_##sfx : bench_loc_##sfx : omp_out =                                                   \
          (omp_in.v < omp_out.v || (omp_in.v == omp_out.v && omp_in.i < omp_out.i)) ? omp_in       \
                                                                                    : omp_out)     \
                   initializer(omp_priv = omp_orig))

BENCH_LOC(f64, double)
BENCH_LOC(f32, float)
BENCH_LOC(i32, int32_t)
BENCH_LOC(i64, int64_t)

/* The four builtin forms over one element type, as a target region or a host loop. */
#define BENCH_BUILTIN(sfx, T, HI, PFX, TARGET)                                                     \
  static bench_value PFX##_##sfx(int dev, bench_op op, const T *x, size_t n)                       \
  {                                                                                                \
    bench_value r = {0, 0};                                                                        \
    (void)dev;                                                                                     \
    if (op == BENCH_SUM) {                                                                         \
      T s = 0;                                                                                     \
      BENCH_PRAGMA(TARGET reduction(+ : s))                                                        \
      for (size_t i = 0; i < n; ++i)                                                               \
        s += x[i];                                                                                 \
      r.v = (double)s;                                                                             \
    } else if (op == BENCH_MIN) {                                                                  \
      T s = HI;                                                                                    \
      BENCH_PRAGMA(TARGET reduction(min : s))                                                      \
      for (size_t i = 0; i < n; ++i)                                                               \
        s = x[i] < s ? x[i] : s;                                                                   \
      r.v = (double)s;                                                                             \
    } else if (op == BENCH_MAX) {                                                                  \
      T s = -HI;                                                                                   \
      BENCH_PRAGMA(TARGET reduction(max : s))                                                      \
      for (size_t i = 0; i < n; ++i)                                                               \
        s = x[i] > s ? x[i] : s;                                                                   \
      r.v = (double)s;                                                                             \
    } else {                                                                                       \
      bench_loc_##sfx s = {HI, SIZE_MAX};                                                          \
      BENCH_PRAGMA(TARGET reduction(argmin_##sfx : s))                                             \
      for (size_t i = 0; i < n; ++i)                                                               \
        if (x[i] < s.v || (x[i] == s.v && i < s.i))                                                \
          s.v = x[i], s.i = i;                                                                     \
      r.v = (double)s.v;                                                                           \
      r.index = s.i;                                                                               \
    }                                                                                              \
    return r;                                                                                      \
  }

#define BENCH_TARGET                                                                               \
  omp target teams distribute parallel for device(dev) is_device_ptr(x) map(tofrom : s)
#define BENCH_HOST omp parallel for
#define BENCH_BOTH(sfx, T, HI)                                                                     \
  BENCH_BUILTIN(sfx, T, HI, bench_target, BENCH_TARGET)                                            \
  BENCH_BUILTIN(sfx, T, HI, bench_host, BENCH_HOST)
BENCH_BOTH(f64, double, __builtin_inf())
BENCH_BOTH(f32, float, __builtin_inff())
BENCH_BOTH(i32, int32_t, INT32_MAX)
BENCH_BOTH(i64, int64_t, INT64_MAX)

#define BENCH_DISPATCH(PFX)                                                                        \
  switch (t) {                                                                                     \
  case BENCH_F64:                                                                                  \
    return PFX##_f64(dev, op, x, n);                                                               \
  case BENCH_F32:                                                                                  \
    return PFX##_f32(dev, op, x, n);                                                               \
  case BENCH_I32:                                                                                  \
    return PFX##_i32(dev, op, x, n);                                                               \
  default:                                                                                         \
    return PFX##_i64(dev, op, x, n);                                                               \
  }

bench_value bench_builtin(int dev, bench_op op, bench_type t, const void *x,
                          size_t n){BENCH_DISPATCH(bench_target)}

bench_value bench_host_parallel_for(bench_op op, bench_type t, const void *x, size_t n)
{
  int dev = 0;
  BENCH_DISPATCH(bench_host)
}

typedef uint32_t bench_word __attribute__((ext_vector_type(4)));

void bench_read_kernel(int dev, const void *x, size_t bytes, int teams, int threads)
{
  const bench_word *w = x;
  size_t nw = bytes / sizeof(bench_word);
  static unsigned *sink;
  if (!sink)
    sink = omp_target_alloc(sizeof *sink, dev);
  /* Grid-strided, four 16-byte loads in flight per thread, no combine tree: what the
   * reduction kernels do minus the reduction. */
#pragma omp target teams device(dev) num_teams(teams) thread_limit(threads) is_device_ptr(w, sink)
#pragma omp parallel num_threads(threads)
  {
    size_t stride = (size_t)omp_get_num_teams() * omp_get_num_threads();
    size_t k = (size_t)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num();
    bench_word acc = 0;
    for (; k + 3 * stride < nw; k += 4 * stride) {
      bench_word a = w[k], b = w[k + stride], c = w[k + 2 * stride], d = w[k + 3 * stride];
      acc ^= a ^ b ^ c ^ d;
    }
    for (; k < nw; k += stride)
      acc ^= w[k];
    /* Never true for the benchmark data; keeps the loads alive without a reduction. */
    if ((acc.x & acc.y & acc.z & acc.w) == 0xffffffffu)
      *sink = 1;
  }
}

void bench_host_read(const void *x, size_t bytes)
{
  const bench_word *w = x;
  size_t nw = bytes / sizeof(bench_word);
  static volatile unsigned sink;
  /* A contiguous chunk per core (grid-striding would share cache lines between cores), four
   * independent accumulators so that loads, not the xor chain, set the pace. */
#pragma omp parallel
  {
    size_t nt = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num();
    size_t k = nw / nt * t + (t < nw % nt ? t : nw % nt);
    size_t end = k + nw / nt + (t < nw % nt);
    bench_word a = 0, b = 0, c = 0, d = 0;
    for (; k + 3 < end; k += 4) {
      a ^= w[k];
      b ^= w[k + 1];
      c ^= w[k + 2];
      d ^= w[k + 3];
    }
    for (; k < end; ++k)
      a ^= w[k];
    a ^= b ^ c ^ d;
    if ((a.x & a.y & a.z & a.w) == 0xffffffffu)
      sink = 1;
  }
  (void)sink;
}

void bench_empty_region(int dev)
{
#pragma omp target device(dev)
  {
  }
}

/* The benchmark data, written on the device by a plain loop (no reduction). */
#include "bench_baselines.h"

#include <omp.h>
#include <stdint.h>

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

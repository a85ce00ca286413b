/* Peer on CPUs for scans: the two-pass `omp parallel` inclusive sum a C user writes over
 * host memory, no target region: each thread sums its contiguous chunk, one thread scans
 * the chunks' totals, each thread scans its chunk from its total. Float sums accumulate in
 * double, as libredu's do. */
#include "bench_baselines.h"
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

#define PEER_HOST_SCAN(name, T, ACC)                                                               \
  static void name(const T *x, T *y, size_t n)                                                     \
  {                                                                                                \
    ACC *part = NULL;                                                                              \
    _Pragma("omp parallel")                                                                        \
    {                                                                                              \
      size_t nt = (size_t)omp_get_num_threads(), t = (size_t)omp_get_thread_num();                 \
      _Pragma("omp single")                                                                        \
      part = calloc(nt + 1, sizeof *part);                                                         \
      size_t per = n / nt + (n % nt != 0), b = t * per < n ? t * per : n;                          \
      size_t e = n - b > per ? b + per : n;                                                        \
      ACC s = 0;                                                                                   \
      for (size_t i = b; i < e; ++i)                                                               \
        s += (ACC)x[i];                                                                            \
      part[t + 1] = s;                                                                             \
      _Pragma("omp barrier")                                                                       \
      _Pragma("omp single")                                                                        \
      for (size_t k = 1; k <= nt; ++k)                                                             \
        part[k] += part[k - 1];                                                                    \
      ACC acc = part[t];                                                                           \
      for (size_t i = b; i < e; ++i) {                                                             \
        acc += (ACC)x[i];                                                                          \
        y[i] = (T)acc;                                                                             \
      }                                                                                            \
    }                                                                                              \
    free(part);                                                                                    \
  }
/* Integer sums wrap as libredu's do: accumulate in the unsigned type of the width. */
PEER_HOST_SCAN(scan_i32, int32_t, uint32_t)
PEER_HOST_SCAN(scan_i64, int64_t, uint64_t)
PEER_HOST_SCAN(scan_f32, float, double)
PEER_HOST_SCAN(scan_f64, double, double)

void bench_host_scan(bench_type t, const void *x, void *y, size_t n)
{
  switch (t) {
  case BENCH_I32:
    scan_i32(x, y, n);
    break;
  case BENCH_I64:
    scan_i64(x, y, n);
    break;
  case BENCH_F32:
    scan_f32(x, y, n);
    break;
  default:
    scan_f64(x, y, n);
  }
}

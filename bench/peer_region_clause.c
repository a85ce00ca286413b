/* Peer of the regions section: its loops with clang's reduction clauses, alone in their file
 * (peer_clause.h says why). */
#include "bench_baselines.h"

#include <math.h>
#include <stdint.h>

void bench_region_clause(int dev, bench_region_loop loop, const double *x, const double *y,
                         size_t n, double v[3])
{
  double a = 0, b = -INFINITY;
  int64_t cnt = 0;
  if (loop == BENCH_REGION_DOT) {
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(x, y) reduction(+ : a)  \
    map(tofrom : a)
    for (size_t i = 0; i < n; ++i)
      a += x[i] * y[i];
  } else if (loop == BENCH_REGION_THREE) {
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(x)                      \
    reduction(+ : a, cnt) reduction(max : b) map(tofrom : a, b, cnt)
    for (size_t i = 0; i < n; ++i) {
      a += x[i];
      b = fmax(b, x[i]);
      cnt += x[i] > 0.5;
    }
  } else {
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(x) reduction(+ : a)     \
    map(tofrom : a)
    for (size_t i = 0; i < n; ++i)
      a += x[i];
  }
  v[0] = a, v[1] = b, v[2] = (double)cnt;
}

/* The bins' clause peer: OpenMP's array-section reduction, `reduction(+ : out[0:256])`,
 * as a user writes a histogram or a scatter-add, in a file of its own (README.md). clang
 * gives every thread a private copy of the section and combines them at the end; on GPUs
 * only a section of constant length compiles (clang 19: "cannot generate code for reduction
 * on array section, which requires a variable length array"), so this peer has 256 bins. */
#include "bench_baselines.h"

#include <stdint.h>

void bench_bins_clause(int dev, bench_type t, const uint32_t *keys, const void *x, size_t n,
                       void *out)
{
  if (t == BENCH_F64) {
    const double *xd = x;
    double *o = out;
    for (size_t k = 0; k < BENCH_CLAUSE_BINS; ++k)
      o[k] = 0;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(keys, xd)               \
    map(tofrom : o[0 : BENCH_CLAUSE_BINS]) reduction(+ : o[0 : BENCH_CLAUSE_BINS])
    for (size_t i = 0; i < n; ++i)
      o[keys[i]] += xd[i];
  } else if (t == BENCH_F32) {
    const float *xf = x;
    float *o = out;
    for (size_t k = 0; k < BENCH_CLAUSE_BINS; ++k)
      o[k] = 0;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(keys, xf)               \
    map(tofrom : o[0 : BENCH_CLAUSE_BINS]) reduction(+ : o[0 : BENCH_CLAUSE_BINS])
    for (size_t i = 0; i < n; ++i)
      o[keys[i]] += xf[i];
  } else {
    uint32_t *o = out;
    for (size_t k = 0; k < BENCH_CLAUSE_BINS; ++k)
      o[k] = 0;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(keys)                   \
    map(tofrom : o[0 : BENCH_CLAUSE_BINS]) reduction(+ : o[0 : BENCH_CLAUSE_BINS])
    for (size_t i = 0; i < n; ++i)
      o[keys[i]] += 1;
  }
}

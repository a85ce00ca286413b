/* The bins' clause peer: OpenMP's array-section reduction, `reduction(+ : out[0:256])`,
 * as a user writes a histogram or a scatter-add, in a file of its own (README.md). clang
 * gives every thread a private copy of the section and combines them at the end; on GPUs
 * only a section of constant length compiles (clang 19: "cannot generate code for reduction
 * on array section, which requires a variable length array"), so this peer has 256 bins. */
#include "bench_baselines.h"

#include <stdint.h>

#define BENCH_PRAGMA(x) _Pragma(#x)
/* out[0:256] zeroed, then each element's TERM added into its bin by the clause; the device
 * pointers the loop reads are the rest of the arguments. */
#define BENCH_BINS_CLAUSE(T, TERM, ...)                                                            \
  do {                                                                                             \
    const T *xt = x;                                                                               \
    (void)xt;                                                                                      \
    T *o = out;                                                                                    \
    for (size_t k = 0; k < BENCH_CLAUSE_BINS; ++k)                                                 \
      o[k] = 0;                                                                                    \
    BENCH_PRAGMA(omp target teams distribute parallel for device(dev) is_device_ptr(__VA_ARGS__)     \
                     map(tofrom : o[0 : BENCH_CLAUSE_BINS])                                        \
                         reduction(+ : o[0 : BENCH_CLAUSE_BINS]))                                  \
    for (size_t i = 0; i < n; ++i)                                                                 \
      o[keys[i]] += (TERM);                                                                        \
  } while (0)

void bench_bins_clause(int dev, bench_type t, const uint32_t *keys, const void *x, size_t n,
                       void *out)
{
  if (t == BENCH_F64)
    BENCH_BINS_CLAUSE(double, xt[i], keys, xt);
  else if (t == BENCH_F32)
    BENCH_BINS_CLAUSE(float, xt[i], keys, xt);
  else
    BENCH_BINS_CLAUSE(uint32_t, 1u, keys);
}

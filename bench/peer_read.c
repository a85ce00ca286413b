/* The bandwidth ceilings: a read of the same bytes with no reduction, on the device and on
 * the host, and a copy (the scans' ceiling). */
#include "bench_baselines.h"

#include <omp.h>
#include <stdint.h>

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

void bench_copy_kernel(int dev, const void *x, void *y, size_t bytes, int teams, int threads)
{
  const bench_word *w = x;
  bench_word *o = y;
  size_t nw = bytes / sizeof(bench_word);
  /* Grid-strided 16-byte words, each thread one load and one store per step (bytes is a
   * multiple of 16 in every case). */
#pragma omp target teams device(dev) num_teams(teams) thread_limit(threads) is_device_ptr(w, o)
#pragma omp parallel num_threads(threads)
  {
    size_t stride = (size_t)omp_get_num_teams() * omp_get_num_threads();
    for (size_t k = (size_t)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num();
         k < nw; k += stride)
      o[k] = w[k];
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

/* The bandwidth ceilings: a read of the same bytes with no reduction, on the device and on
 * the host, and a copy (the scans' ceiling). */
#include "bench_baselines.h"

#include <omp.h>
#include <stdint.h>

typedef uint32_t bench_word __attribute__((ext_vector_type(4)));

/* The 16-byte words [first, end) a CPU thread of the ceiling kernels takes: a contiguous
 * chunk per thread, as libredu's CPU paths take, prefetched 2 KiB ahead as they are
 * (device/redu_target.h); GPUs grid-stride instead (a warp's loads coalesce). Grid-striding
 * made both cores pull every cache line, and without the prefetch this VM's cores kept few
 * lines in flight (2-core x86-64 VM, 1 GiB: 71-84 ms grid-strided, 44-46 contiguous, 39-40
 * with the prefetch, where libredu's array sum reads it in 39-40). */
typedef struct {
  size_t first, end;
} bench_words;
#pragma omp begin declare target
static inline bench_words bench_cpu_words(size_t nw)
{
  size_t nt = (size_t)omp_get_num_teams() * (size_t)omp_get_num_threads();
  size_t t =
      (size_t)omp_get_team_num() * (size_t)omp_get_num_threads() + (size_t)omp_get_thread_num();
  size_t first = nw / nt * t + (t < nw % nt ? t : nw % nt);
  return (bench_words){first, first + nw / nt + (t < nw % nt)};
}
#pragma omp end declare target
#if defined(__NVPTX__) || defined(__AMDGCN__)
#define BENCH_PREFETCH(p) ((void)0)
/* A GPU thread's first word, end and stride: grid-stride. */
#define BENCH_THREAD_WORDS(nw)                                                                     \
  size_t stride = (size_t)omp_get_num_teams() * omp_get_num_threads();                             \
  size_t k = (size_t)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num(), end = nw
#else
#define BENCH_PREFETCH(p) __builtin_prefetch((const void *)((uintptr_t)(p) + 2048))
#define BENCH_THREAD_WORDS(nw)                                                                     \
  bench_words r = bench_cpu_words(nw);                                                             \
  size_t stride = 1, k = r.first, end = r.end
#endif

void bench_read_kernel(int dev, const void *x, size_t bytes, int teams, int threads)
{
  const bench_word *w = x;
  size_t nw = bytes / sizeof(bench_word);
  static unsigned *sink;
  if (!sink)
    sink = omp_target_alloc(sizeof *sink, dev);
  /* Four 16-byte loads in flight per thread, no combine tree: what the reduction kernels do
   * minus the reduction. */
#pragma omp target teams device(dev) num_teams(teams) thread_limit(threads) is_device_ptr(w, sink)
#pragma omp parallel num_threads(threads)
  {
    BENCH_THREAD_WORDS(nw);
    bench_word acc = 0;
    for (; k + 3 * stride < end; k += 4 * stride) {
      BENCH_PREFETCH(w + k);
      bench_word a = w[k], b = w[k + stride], c = w[k + 2 * stride], d = w[k + 3 * stride];
      acc ^= a ^ b ^ c ^ d;
    }
    for (; k < end; k += stride)
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
  /* 16-byte words, each thread one load and one store per step (bytes is a multiple of 16 in
   * every case). */
#pragma omp target teams device(dev) num_teams(teams) thread_limit(threads) is_device_ptr(w, o)
#pragma omp parallel num_threads(threads)
  {
    BENCH_THREAD_WORDS(nw);
    for (; k < end; k += stride) {
      BENCH_PREFETCH(w + k);
      o[k] = w[k];
    }
  }
}

void bench_host_read(const void *x, size_t bytes)
{
  const bench_word *w = x;
  size_t nw = bytes / sizeof(bench_word);
  static volatile unsigned sink;
  /* A contiguous chunk per core (bench_cpu_words), four independent accumulators so that
   * loads, not the xor chain, set the pace. */
#pragma omp parallel
  {
    bench_words r = bench_cpu_words(nw);
    size_t k = r.first, end = r.end;
    bench_word a = 0, b = 0, c = 0, d = 0;
    for (; k + 3 < end; k += 4) {
      BENCH_PREFETCH(w + k);
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

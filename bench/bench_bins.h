/* Bins in redu-bench: counts (redu_bins_sum_u32 with x NULL) and float sums
 * (redu_bins_sum_f32/f64) of n = 2^20, 2^24 and 2^27 (those up to --max-log2) elements into
 * 256, 1,024 (counts, f64) and 65,536 bins, uniform keys, and the f64 sums with every key
 * equal (the worst contention); beside OpenMP's clause `reduction(+ : out[0:256])` (256 bins only),
 * CUB's DeviceHistogram::HistogramEven over the same keys (counts), and two atomicAdd kernels
 * (float sums: on global memory, and privatised in shared memory where the bins fit) from
 * redu-bench-cub, and a read kernel over keys and x (the ceiling). GB/s count the bytes of
 * keys and x; each result is checked on the host (counts exactly, sums correctly rounded).
 * Then a region with a total and 1,024 f64 bins (REDU_FOR's bins reduction) beside the bins
 * call alone on the same keys and x. */
#ifndef BENCH_BINS_H
#define BENCH_BINS_H

#include "bench_util.h"
#include <stddef.h>

/* Keeps one "cubhist,b<B>,u32,<n>,<ms>" (atomg / atoms,b<B>,<type>: the atomicAdd kernels;
 * b<B>s: every key equal) line of redu-bench-cub for the tables. */
void bench_bins_note(const char *impl, const char *op, const char *type, size_t n, double ms);

/* The cases up to max_n elements; returns the number of wrong results, or -1 when a call
 * failed. */
int bench_bins(int dev, size_t max_n, const bench_timing *t);

#endif

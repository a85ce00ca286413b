/* Segmented reductions in redu-bench: one redu_segmented_sum_f64 call over uniform segments
 * (1K, 64K and 1M elements), a power-law mix and 10,000 segments of 1,000, beside CUB's
 * DeviceSegmentedReduce::Sum on the same offsets (what redu-bench-cub measured), the read
 * ceiling for the same bytes, the empty target region, and for the 10,000 segments a loop
 * of single redu_sum_f64 calls. */
#ifndef BENCH_SEGMENTED_H
#define BENCH_SEGMENTED_H

#include "bench_util.h"
#include <stddef.h>

/* Keeps one "cubseg,<case>,f64,<n>,<ms>" line of redu-bench-cub for the table. */
void bench_segmented_note(const char *impl, const char *scase, size_t n, double ms);

/* The cases over max_n doubles (those that fit); returns the number of results that
 * differ from the reference beyond rounding. */
int bench_segmented(int dev, size_t max_n, const bench_timing *t);

#endif

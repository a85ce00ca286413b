/* Several GPUs in one call (redu_multi.h) in redu-bench: every device of the node reduces
 * its own 2^max-log2 doubles at once, against device 0 alone over all of them (the same
 * total) and against each device alone over its part, in the same run. */
#ifndef BENCH_MULTI_H
#define BENCH_MULTI_H

#include "bench_util.h"
#include <stddef.h>

/* ndev devices 0..ndev-1 (at least 2), part_n doubles each; returns the number of results
 * that differ from device 0's over the whole (exact sums: bitwise; the rest: beyond the
 * rounding of a different grouping). */
int bench_multi(int ndev, size_t part_n, const bench_timing *t);

#endif

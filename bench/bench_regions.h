/* Wrapped regions in redu-bench: a dot product, three reductions in one pass against one,
 * and a trivial body against the array API, each against clang's reduction clauses on
 * the same loop and the read ceiling for the same bytes. */
#ifndef BENCH_REGIONS_H
#define BENCH_REGIONS_H

#include "bench_util.h"
#include <stddef.h>

/* n doubles per array; returns the number of results that differ from the builtin's. */
int bench_regions(int dev, size_t n, const bench_timing *t);

#endif

/* The arrays section of redu-bench: every built-in op and type at n = 2^10 ... 2^27 against
 * clang's clause (plain and dist_schedule(static)), the read ceiling, CUB (GPU) or `parallel
 * for reduction` (host), the whole table measured `repeat` times. */
#ifndef BENCH_ARRAYS_H
#define BENCH_ARRAYS_H

#include "bench_util.h"
#include <stddef.h>

enum { BENCH_MAX_SIZES = 8 };

typedef struct bench_arrays_cfg {
  const size_t *sizes; /* element counts, ascending, at most BENCH_MAX_SIZES */
  int nsizes;
  const char *ops, *types; /* comma-separated filters, NULL for all */
  int repeat;              /* how many times the whole table is measured (>= 1) */
  double peak_gbps;        /* the device memory's peak (0: unknown); faster figures get a ! */
} bench_arrays_cfg;

/* Takes one line of redu-bench-cub's output ("cub", op, type, n, ms); others are ignored. */
void bench_arrays_note(const char *impl, const char *op, const char *type, size_t n, double ms);

/* Measures and prints the table and the float sums' errors in ulps (x: device memory of
 * dev for the largest size, in elements of 8 bytes); returns how many of libredu's results
 * were wrong against the host (bench_check.h), or -1 when a libredu call failed. */
int bench_arrays(int dev, void *x, const bench_arrays_cfg *cfg, const bench_timing *bt);

#endif

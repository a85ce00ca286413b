/* What libredu is measured against, in the same run and on the same data:
 *   clang's built-in reduction clause (a declare reduction on a value/index struct for
 *   argmin: OpenMP C has no built-in min-loc), as written plainly and with
 *   dist_schedule(static), a plain read kernel as the bandwidth ceiling (on the host: a
 *   vectorised read by every core), a copy kernel as the scans' ceiling, an empty target region as
 * the per-call floor, and on the host a plain `parallel for reduction`. Each peer is built in a
 * file of its own (peer_*.c; bench/README.md says why). */
#ifndef BENCH_BASELINES_H
#define BENCH_BASELINES_H

#include <stddef.h>
#include <stdint.h>

typedef enum { BENCH_SUM, BENCH_MIN, BENCH_MAX, BENCH_ARGMIN, BENCH_OP_COUNT } bench_op;
typedef enum { BENCH_F64, BENCH_F32, BENCH_I32, BENCH_I64, BENCH_TYPE_COUNT } bench_type;

typedef struct bench_value {
  double v;     /* the reduced value, as double */
  size_t index; /* argmin only */
} bench_value;

/* Fills x (device memory of dev) with n pseudo-random elements of type t. */
void bench_fill(int dev, void *x, size_t n, bench_type t);
/* `target teams distribute parallel for reduction(...)` (peer_clause.c). */
bench_value bench_builtin(int dev, bench_op op, bench_type t, const void *x, size_t n);
/* The same with dist_schedule(static) (peer_clause_static.c). */
bench_value bench_builtin_static(int dev, bench_op op, bench_type t, const void *x, size_t n);
/* `parallel for reduction(...)` on the host (peer_host.c). */
bench_value bench_host_parallel_for(bench_op op, bench_type t, const void *x, size_t n);
/* The two-pass `omp parallel` inclusive sum scan of x into y on the host (peer_host_scan.c). */
void bench_host_scan(bench_type t, const void *x, void *y, size_t n);
/* Reads `bytes` of device memory with 16-byte loads and no reduction tree. */
void bench_read_kernel(int dev, const void *x, size_t bytes, int teams, int threads);
/* Copies `bytes` (a multiple of 16) of device memory x to y with 16-byte words: the ceiling
 * of a scan, which reads n elements and writes n. */
void bench_copy_kernel(int dev, const void *x, void *y, size_t bytes, int teams, int threads);
/* The host's read ceiling: `bytes` of host memory read by every core of the OpenMP team,
 * one contiguous chunk each, four 16-byte accumulators (vectorised), no reduction tree. */
void bench_host_read(const void *x, size_t bytes);
void bench_empty_region(int dev);
/* out[k] = the sum of x[i] (BENCH_F64, BENCH_F32) or the count (any other t: out uint32_t)
 * over keys[i] == k, k < BENCH_CLAUSE_BINS, through `reduction(+ : out[0:256])` on the
 * device; out on the host. */
enum { BENCH_CLAUSE_BINS = 256 };
void bench_bins_clause(int dev, bench_type t, const uint32_t *keys, const void *x, size_t n,
                       void *out);

/* The regions section's loops with clang's clauses (peer_region_clause.c): sum of x, dot
 * product of x and y, or sum, max and count of x > 0.5 in one loop; v[0] the sum, v[1] the
 * max, v[2] the count. */
typedef enum { BENCH_REGION_SUM, BENCH_REGION_DOT, BENCH_REGION_THREE } bench_region_loop;
void bench_region_clause(int dev, bench_region_loop loop, const double *x, const double *y,
                         size_t n, double v[3]);

#endif

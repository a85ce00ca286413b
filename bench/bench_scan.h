/* Scans in redu-bench: inclusive sum scans of i32, i64, f32 and f64 and the max scan of i32
 * at n = 2^10, 2^16, 2^20, 2^24 and 2^27 (those up to --max-log2): libredu with the
 * planner's choice, and forced to the single pass (REDU_SCAN_PASS=1, where the op allows it)
 * and to reduce-then-scan (REDU_SCAN_PASS=2), beside CUB's DeviceScan::InclusiveSum (what
 * redu-bench-cub measured) and a copy kernel, the ceiling of a scan (read n elements, write
 * n). GB/s count the bytes read and written; each result is checked against a serial host
 * scan (integers exactly, floats' last element within libredu's sum bound). */
#ifndef BENCH_SCAN_H
#define BENCH_SCAN_H

#include "bench_util.h"
#include <stddef.h>

/* Keeps one "cubscan,sum,<type>,<n>,<ms>" (cubscanx: exclusive; cubsegscan,len<len>: within
 * segments of len) line of redu-bench-cub for the tables. */
void bench_scan_note(const char *impl, const char *op, const char *type, size_t n, double ms);

/* The cases up to max_n elements; returns the number of wrong results, or -1 when a call
 * failed. */
int bench_scan(int dev, size_t max_n, const bench_timing *t);

#endif

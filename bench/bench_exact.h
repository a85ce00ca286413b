/* Correctly rounded reductions in redu-bench: REDU_EXACT sums and redu_dot_f32/f64 against
 * the same calls without the flag, a naive compensated (Kahan-Babuska-Neumaier) kernel,
 * the read ceiling for the same bytes and, on a GPU, what redu-bench-cub measured. */
#ifndef BENCH_EXACT_H
#define BENCH_EXACT_H

#include "bench_util.h"
#include <stddef.h>

/* Keeps one timing line of redu-bench-cub ("<impl>,<op>,<type>,<n>,<ms>") for the table. */
void bench_exact_note(const char *impl, const char *op, const char *type, size_t n, double ms);

/* Sum and dot of f64 and f32 at 2^20, 2^24 and 2^27 elements, those up to max_n (max_n
 * alone when none is); returns the number of exact results that are not correctly rounded
 * against a host reference. */
int bench_exact(int dev, size_t max_n, const bench_timing *t);

#endif

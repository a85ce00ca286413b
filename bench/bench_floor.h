/* The per-call floor in redu-bench (--only floor): where a small call's
 * time goes. Medians in one process of
 *   empty       the empty `target` region (libomptarget's floor: one launch, one sync)
 *   shape_<n>   a region shaped as libredu's launch for n doubles: `target teams` +
 *               `parallel` (SPMD), its five device pointers and four scalars, the plan
 *               libredu picks for n, an empty body
 *   entry       redu_sum_f64 with n = 0: libredu's entry checks, no launch
 *   checked     redu_sum_f64 at n = 1 stopped by its plan (too many teams asked): all the
 *               host work before the launch, the device pointer check included
 *   redu_<n>    redu_sum_f64 at n = 1, 2^10, 2^16, 2^20 (data on the device)
 * and, from redu-bench-cub, CUDA's empty kernel + stream sync, the same plus an 8-byte
 * copy back, and CUB's DeviceReduce::Sum at the same n. redu_<n> - shape_<n> is what
 * libredu adds to the launch it needs (host work and the kernel's own time).
 * `--floor-case NAME` repeats one case 2,000 times and prints nothing else, for a
 * profiler (nsys, LIBOMPTARGET_PROFILE, perf) to see that case alone. */
#ifndef BENCH_FLOOR_H
#define BENCH_FLOOR_H

#include "bench_util.h"
#include <stddef.h>

/* The sizes the section measures (for redu-bench-cub). */
enum { BENCH_FLOOR_SIZES = 4 };
extern const size_t bench_floor_sizes[BENCH_FLOOR_SIZES];

/* Keeps redu-bench-cub's "floor,<what>,-,0,<ms>" and "cub,sum,f64,<n>,<ms>" lines. */
void bench_floor_note(const char *impl, const char *op, const char *type, size_t n, double ms);

/* The table (and CSV rows); only_case non-NULL: that case repeated, nothing printed.
 * Returns the number of wrong results (redu_sum_f64 against the host's sum), or -1 when
 * only_case names no case. */
int bench_floor(int dev, const bench_timing *t, const char *only_case);

#endif

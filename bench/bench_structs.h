/* Struct reductions in redu-bench: libredu's user-declared path (planner's choice, and
 * each team combine forced) against clang's built-in `declare reduction` with the same
 * declaration, the read ceiling for the same bytes, the empty region and, for the complex
 * sum on a GPU, CUB's DeviceReduce::Reduce over the same struct (redu-bench-cub). */
#ifndef BENCH_STRUCTS_H
#define BENCH_STRUCTS_H

#include "bench_util.h"
#include <stddef.h>

/* Runs the struct cases with n elements each (fewer where memory runs out); returns the
 * number of results that differ from the builtin's. */
int bench_structs(int dev, size_t n, const bench_timing *t);

/* Keeps redu-bench-cub's "cubstruct,<case>,<type>,<n>,<ms>" line for the table. */
void bench_structs_note(const char *impl, const char *scase, size_t n, double ms);

#endif

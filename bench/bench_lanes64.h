/* The structs section's 256-byte type: 64 float lanes summed lane by lane, declared once for
 * libredu (bench_structs.c) and for clang's clause (peer_struct_clause.c). */
#ifndef BENCH_LANES64_H
#define BENCH_LANES64_H

#include "redu_udr.h"

typedef struct {
  float v[64];
} lanes64;
/* Unrolled, so that a and b stay in registers (a loop left rolled over a struct's array
 * keeps it in local memory on GPUs: 3x slower here). */
static inline lanes64 lanes64_add(lanes64 a, lanes64 b)
{
#pragma unroll
  for (int k = 0; k < 64; ++k)
    a.v[k] += b.v[k];
  return a;
}
REDU_DECLARE_REDUCTION(lanes64_sum, lanes64, lanes64_add, REDU_COMMUTATIVE, {{0}})

#endif

/* Declared reductions the scan and bins tests share: two ordered, non-commutative combiners
 * (2x2 matrix products and compositions of affine maps modulo a prime, exact in any
 * association, so every grouping in index order gives the serial loop's bits) and a
 * commutative pair sum, with FILL_<TYPE>(v, r) making an element from a random word r. */
#ifndef REDU_TEST_ORDERED_H
#define REDU_TEST_ORDERED_H

#include "redu_udr.h"
#include <stdint.h>

#define P 1000003

/* A 2x2 matrix modulo P; combine(a, b) = a * b (a holds the earlier elements). 32 bytes. */
typedef struct {
  int64_t m00, m01, m10, m11;
} mat2;
static inline mat2 mat2_mul(mat2 a, mat2 b)
{
  return (mat2){(a.m00 * b.m00 + a.m01 * b.m10) % P, (a.m00 * b.m01 + a.m01 * b.m11) % P,
                (a.m10 * b.m00 + a.m11 * b.m10) % P, (a.m10 * b.m01 + a.m11 * b.m11) % P};
}
REDU_DECLARE_REDUCTION(mat2_prod, mat2, mat2_mul, REDU_ORDERED, {1, 0, 0, 1})

/* x -> m x + c modulo P; combine(f, g) = g after f: the recurrence x_i = m_i x_{i-1} + c_i
 * composed from the left. 16 bytes. */
typedef struct {
  int64_t m, c;
} affine;
static inline affine affine_then(affine f, affine g)
{
  return (affine){g.m * f.m % P, (g.m * f.c + g.c) % P};
}
REDU_DECLARE_REDUCTION(affine_seq, affine, affine_then, REDU_ORDERED, {1, 0})

/* A commutative pair: a count and a sum of squares. 8 bytes. */
typedef struct {
  uint32_t count, squares;
} pair;
static inline pair pair_add(pair a, pair b)
{
  return (pair){a.count + b.count, a.squares + b.squares};
}
REDU_DECLARE_REDUCTION(pair_sum, pair, pair_add, REDU_COMMUTATIVE, {0, 0})

#define FILL_MAT2(v, r)                                                                            \
  (v) = (mat2)                                                                                     \
  {                                                                                                \
    (int64_t)((r) % P), (int64_t)((r) >> 20) % P, (int64_t)((r) >> 40) % P, (int64_t)((r) % 7)     \
  }
#define FILL_AFFINE(v, r)                                                                          \
  (v) = (affine) { (int64_t)((r) % P), (int64_t)((r) >> 24) % P }
#define FILL_PAIR(v, r)                                                                            \
  (v) = (pair) { 1u, (uint32_t)((r) % 1000) * (uint32_t)((r) % 1000) }
#endif

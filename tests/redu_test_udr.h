/* Test support for user-declared reductions: a struct of N doubles (optionally
 * over-aligned) summed lane by lane, declared as reduction `name` of type name_t. */
#ifndef REDU_TEST_UDR_H
#define REDU_TEST_UDR_H

#include "redu_udr.h"

#define REDU_TEST_DOUBLE_LANES(name, N, ...)                                                       \
  typedef struct {                                                                                 \
    __VA_ARGS__ double v[N];                                                                       \
  } name##_t;                                                                                      \
  static inline name##_t name##_add(name##_t a, name##_t b)                                        \
  {                                                                                                \
    for (int k = 0; k < N; ++k)                                                                    \
      a.v[k] += b.v[k];                                                                            \
    return a;                                                                                      \
  }                                                                                                \
  REDU_DECLARE_REDUCTION(name, name##_t, name##_add, REDU_COMMUTATIVE, {{0}})

#endif

/* Test support for wrapped regions (tests/test_region.c, tests/test_region_scan.c,
 * tests/test_region_bins.c): the sizes they run, an ordered declared kind (affine maps
 * v -> a v + b mod 2^32, composed in index order), the values and maps of iteration i, and
 * the loop over types. */
#ifndef REDU_TEST_REGION_H
#define REDU_TEST_REGION_H

#include "redu_region.h"
#include <stdint.h>

static const size_t sizes[] = {0, 1, 31, 32, 33, 1000, (1u << 20) + 7};
enum { NSIZES = sizeof sizes / sizeof sizes[0] };

typedef struct {
  uint32_t a, b;
} affine;
static inline affine affine_then(affine f, affine g)
{
  return (affine){g.a * f.a, g.a * f.b + g.b};
}
REDU_DECLARE_REDUCTION(affine_chain, affine, affine_then, REDU_ORDERED, {1, 0})

/* Integers: every order sums them exactly. */
static inline double value(size_t i) { return (double)((i * 7919) % 1001) - 500.0; }
static inline affine map_at(size_t i)
{
  return (affine){(uint32_t)(2 * i + 1), (uint32_t)(i ^ 0x5bd1)};
}

/* static void test_types(int dev): test_type_<t>(dev, n), which the test defines for every
 * type, at n = 1, 777 and 65,537. */
#define REDU_TEST_CALL_TYPE(sfx, T, E, K, SA, LO, HI) test_type_##sfx(dev, n),
#define REDU_TEST_DEFINE_TYPES                                                                     \
  static void test_types(int dev)                                                                  \
  {                                                                                                \
    static const size_t ns[] = {1, 777, 65537};                                                    \
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; ++k) {                                        \
      size_t n = ns[k];                                                                            \
      REDU_FOR_EACH_TYPE(REDU_TEST_CALL_TYPE)(void) 0;                                             \
    }                                                                                              \
  }

#endif

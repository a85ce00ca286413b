/* Minimal test support: checks that count failures and say where, deterministic data. */
#ifndef REDU_TEST_H
#define REDU_TEST_H

#include "redu.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int redu_test_failures, redu_test_checks;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    ++redu_test_checks;                                                                            \
    if (!(cond)) {                                                                                 \
      ++redu_test_failures;                                                                        \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                         \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fprintf(stderr, "\n");                                                                       \
    }                                                                                              \
  } while (0)

#define CHECK_OK(call)                                                                             \
  do {                                                                                             \
    redu_status s_ = (call);                                                                       \
    CHECK(s_ == REDU_OK, "%s -> %d (%s)", #call, (int)s_, redu_last_error());                      \
  } while (0)

/* 1 when dev is a GPU that the CUDA driver drives (its plan's description names it; under
 * forced plans too): what tells apart the checks only the CUDA driver makes possible
 * (host pointers, an allocation's end) and a GPU's warp size. */
static inline int redu_test_is_cuda(int dev)
{
  char plan[512] = "";
  return redu_describe_plan(dev, 1 << 20, 8, plan, sizeof plan) == REDU_OK &&
         strstr(plan, "CUDA driver") != NULL;
}

static inline int redu_test_finish(const char *name)
{
  printf("%s: %d checks, %d failed\n", name, redu_test_checks, redu_test_failures);
  return redu_test_failures ? 1 : 0;
}

/* splitmix64: the same stream on every machine. */
static inline uint64_t redu_test_rand(uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Copies host data to a fresh allocation on device dev (the host itself when dev is the
 * initial device). */
static inline void *redu_test_to_device(const void *h, size_t bytes, int dev)
{
  void *d = omp_target_alloc(bytes ? bytes : 1, dev);
  if (d && bytes)
    omp_target_memcpy(d, h, bytes, 0, 0, dev, omp_get_initial_device());
  return d;
}

/* Bytes of one element of type t. */
static inline size_t redu_test_type_size(redu_type t)
{
  switch (t) {
#define REDU_TEST_SIZE_CASE(sfx, T, E, K, SA, LO, HI)                                              \
  case E:                                                                                          \
    return sizeof(T);
    REDU_FOR_EACH_TYPE(REDU_TEST_SIZE_CASE)
#undef REDU_TEST_SIZE_CASE
  default:
    return 0;
  }
}

/* n elements of type with small values in [-6, 6] (unsigned types: their magnitude), so
 * that every value occurs many times (ties) and float sums are exact. */
static inline void redu_test_fill_small(void *x, redu_type type, size_t n, uint64_t seed)
{
  for (size_t i = 0; i < n; ++i) {
    int v = (int)(redu_test_rand(&seed) % 13) - 6;
    switch (type) {
#define REDU_TEST_FILL_CASE(sfx, T, E, K, SA, LO, HI)                                              \
  case E:                                                                                          \
    ((T *)x)[i] = (T)((E) == REDU_FLOAT || (E) == REDU_DOUBLE || v >= 0 ? v : -v);                 \
    break;
      REDU_FOR_EACH_TYPE(REDU_TEST_FILL_CASE)
#undef REDU_TEST_FILL_CASE
    default:
      break;
    }
  }
}

#endif

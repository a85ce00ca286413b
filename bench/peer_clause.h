/* The clause forms every built-in peer is made of, stamped once per element type by
 * PEER_FORMS(PFX, PRAGMA): PFX##_f64 ... PFX##_i64(dev, op, x, n), each one `PRAGMA
 * reduction(...)` loop per op (sum, min, max, argmin: a declare reduction on a value/index
 * struct, as OpenMP C has no built-in min-loc). Included by one .c file per peer, each of
 * which holds nothing else: clang 19 compiles a file's clause kernels worse when the same
 * file also holds another kind of target region (bench/README.md). */
#ifndef PEER_CLAUSE_H
#define PEER_CLAUSE_H

#include "bench_baselines.h"
#include <stdint.h>

#define PEER_PRAGMA(...) _Pragma(#__VA_ARGS__)

#define PEER_LOC(sfx, T)                                                                           \
  typedef struct peer_loc_##sfx {                                                                  \
    T v;                                                                                           \
    size_t i;                                                                                      \
  } peer_loc_##sfx;                                                                                \
  PEER_PRAGMA(omp declare reduction(                                                               \
      argmin_##sfx : peer_loc_##sfx : omp_out =                                                    \
          (omp_in.v < omp_out.v || (omp_in.v == omp_out.v && omp_in.i < omp_out.i)) ? omp_in       \
                                                                                    : omp_out)     \
                  initializer(omp_priv = omp_orig))

#define PEER_FORM(sfx, T, HI, PFX, PRAGMA)                                                         \
  static bench_value PFX##_##sfx(int dev, bench_op op, const T *x, size_t n)                       \
  {                                                                                                \
    bench_value r = {0, 0};                                                                        \
    (void)dev;                                                                                     \
    if (op == BENCH_SUM) {                                                                         \
      T s = 0;                                                                                     \
      PEER_PRAGMA(PRAGMA reduction(+ : s))                                                         \
      for (size_t i = 0; i < n; ++i)                                                               \
        s += x[i];                                                                                 \
      r.v = (double)s;                                                                             \
    } else if (op == BENCH_MIN) {                                                                  \
      T s = HI;                                                                                    \
      PEER_PRAGMA(PRAGMA reduction(min : s))                                                       \
      for (size_t i = 0; i < n; ++i)                                                               \
        s = x[i] < s ? x[i] : s;                                                                   \
      r.v = (double)s;                                                                             \
    } else if (op == BENCH_MAX) {                                                                  \
      T s = -HI;                                                                                   \
      PEER_PRAGMA(PRAGMA reduction(max : s))                                                       \
      for (size_t i = 0; i < n; ++i)                                                               \
        s = x[i] > s ? x[i] : s;                                                                   \
      r.v = (double)s;                                                                             \
    } else {                                                                                       \
      peer_loc_##sfx s = {HI, SIZE_MAX};                                                           \
      PEER_PRAGMA(PRAGMA reduction(argmin_##sfx : s))                                              \
      for (size_t i = 0; i < n; ++i)                                                               \
        if (x[i] < s.v || (x[i] == s.v && i < s.i))                                                \
          s.v = x[i], s.i = i;                                                                     \
      r.v = (double)s.v;                                                                           \
      r.index = s.i;                                                                               \
    }                                                                                              \
    return r;                                                                                      \
  }

/* The four element types, and the dispatch over them (the body of a peer's entry point). */
#define PEER_FORMS(PFX, PRAGMA)                                                                    \
  PEER_LOC(f64, double)                                                                            \
  PEER_LOC(f32, float)                                                                             \
  PEER_LOC(i32, int32_t)                                                                           \
  PEER_LOC(i64, int64_t)                                                                           \
  PEER_FORM(f64, double, __builtin_inf(), PFX, PRAGMA)                                             \
  PEER_FORM(f32, float, __builtin_inff(), PFX, PRAGMA)                                             \
  PEER_FORM(i32, int32_t, INT32_MAX, PFX, PRAGMA)                                                  \
  PEER_FORM(i64, int64_t, INT64_MAX, PFX, PRAGMA)

#define PEER_DISPATCH(PFX)                                                                         \
  switch (t) {                                                                                     \
  case BENCH_F64:                                                                                  \
    return PFX##_f64(dev, op, x, n);                                                               \
  case BENCH_F32:                                                                                  \
    return PFX##_f32(dev, op, x, n);                                                               \
  case BENCH_I32:                                                                                  \
    return PFX##_i32(dev, op, x, n);                                                               \
  default:                                                                                         \
    return PFX##_i64(dev, op, x, n);                                                               \
  }

#endif

/* Exact sums on CPUs (redu__dev_vector_chunks): a thread's contiguous elements taken eight at a
 * time into eight two-double expansions held as vectors, so that one vector instruction does
 * a step of TwoSum for eight terms (docs/design.md, "Exact sums").
 *
 * A block of 16 elements goes through two sets of eight expansions by branch-free vector
 * steps, then one check: a lane whose step left something the expansion cannot hold (a
 * nonzero remainder; for floats (EARLY) any error of the first level), or whose term the
 * vector step may not take (huge, infinite, NaN; a product that could underflow or
 * overflow), makes the thread drop the block's vector results and take the block again term
 * by term through the kernel's scalar path, which handles every case. At the end the
 * vectors' expansions join the scalar expansion as terms. The result is the same exact sum
 * whatever path a term took.
 *
 * REDU__DEFINE_EXACT_VEC(PFX, T, NIN, EARLY, VTERMS, LIMBS, BIAS), inside
 * REDU__DEFINE_EXACT_REDUCE, defines
 *   redu__x_lane PFX_vec(redu__x_lane s, const T *x, const T *y, size_t i, size_t end,
 *                        int64_t *acc, unsigned lane)
 * adding elements [i, end) of x (and y) into s and the warp's accumulator acc. VTERMS(v)
 * gives a kind's vector terms (redu__x_vterms) from eight elements of each input widened to
 * double (redu__x_vpair). One
 * clone per vector instruction set, chosen when the library loads (REDU__DEV_SIMD_CLONES);
 * its arguments are scalars and pointers, the same in every clone. */
#ifndef REDU_EXACT_VEC_H
#define REDU_EXACT_VEC_H

#include "device/redu_internal.h"

#include "device/redu_exact_acc.h"
#include "device/redu_exact_team.h"
#include "device/redu_target.h"
#include <stddef.h>
#include <stdint.h>

#pragma omp begin declare target

typedef double redu__x_d8 __attribute__((ext_vector_type(8)));
typedef int64_t redu__x_q8 __attribute__((ext_vector_type(8)));

/* Eight expansions: lane k is hi[k] + lo[k]. */
typedef struct redu__x_vfpe {
  redu__x_d8 hi, lo;
} redu__x_vfpe;

/* Eight elements of each input, widened to double (y: x again for sums). The helpers take and
 * return vectors only inside structs of 128 bytes or more, which every clone passes in memory:
 * a bare 8-double vector argument would travel in a register only in the AVX-512 clone, and
 * clang rejects such calls from the others, even to always-inlined functions. */
typedef struct redu__x_vpair {
  redu__x_d8 x, y;
} redu__x_vpair;

/* A kind's eight terms: p for the expansions of terms, e for those of a double dot's product
 * errors (zero for other kinds), ok the lanes (-1) whose terms a vector step may take. */
typedef struct redu__x_vterms {
  redu__x_d8 p, e;
  redu__x_q8 ok;
} redu__x_vterms;

/* A vector step's expansions and its lanes (-1) that left what the expansion cannot hold. */
typedef struct redu__x_vstep {
  redu__x_vfpe f;
  redu__x_q8 bad;
} redu__x_vstep;

/* Lanes (-1) where |v| < limit: false for NaN. */
#define REDU__X_VBELOW(v, limit) (__builtin_elementwise_abs(v) < (limit))

static inline __attribute__((always_inline)) redu__x_vfpe redu__x_vfpe_init(void)
{
  redu__x_vfpe f = {(redu__x_d8)(-0.0), (redu__x_d8)(0.0)};
  return f;
}

/* a * one + b with one == 1 (so a + b rounded, or b - a with -one), as a fused multiply-add in
 * the clones that have one: Zen 4 issues additions on two pipes and fused multiply-adds on two
 * others, and the double sum's vector steps are bound by additions (docs/performance.md). one
 * must come from somewhere the compiler cannot see, or it folds a * 1 away. The other clones
 * multiply, then add: the same bits. */
#define REDU__X_VFMA1(a, one, b)                                                                   \
  __extension__({                                                                                  \
    _Pragma("clang fp contract(on)")                                                               \
    (a) * (one) + (b);                                                                             \
  })
#define REDU__X_VSUB_FUSED(x, y) REDU__X_VFMA1((y), -redu__one, (x))
#define REDU__X_VADD_FUSED(x, y) REDU__X_VFMA1((x), redu__one, (y))

/* Adds t's terms (errors: its product errors) to f: TwoSum into hi, hi's error by TwoSum into
 * lo (lo's error must be zero); early (floats): hi only, its error must be zero. Half the
 * additions fused (REDU__X_VFMA1; redu__one is 1.0), none on the chains from one block to the
 * next (hi + u, lo + e). */
static inline __attribute__((always_inline)) redu__x_vstep redu__x_vadd(redu__x_vfpe f,
                                                                        redu__x_vterms t,
                                                                        int errors, int early,
                                                                        double redu__one)
{
#pragma clang fp contract(off)
  redu__x_vstep r;
  redu__x_d8 u = errors ? t.e : t.p;
  redu__x_d8 s = f.hi + u;
  redu__x_d8 e = REDU__X_TWO_SUM_ERR_BY(f.hi, u, s, REDU__X_VSUB_FUSED, REDU__X_VADD_FUSED);
  r.f.hi = s, r.f.lo = f.lo;
  if (early) {
    r.bad = e != 0;
  } else {
    redu__x_d8 s2 = f.lo + e;
    redu__x_d8 e2 = REDU__X_TWO_SUM_ERR_BY(f.lo, e, s2, REDU__X_VSUB_FUSED, REDU__X_VADD_FUSED);
    r.f.lo = s2;
    r.bad = e2 != 0;
  }
  return r;
}

/* A sum's terms: floats and doubles. */
static inline __attribute__((always_inline)) redu__x_vterms redu__x_vterms_sum(redu__x_vpair v)
{
  redu__x_vterms r = {v.x, (redu__x_d8)(0.0), REDU__X_VBELOW(v.x, REDU__X_BIG)};
  return r;
}

/* A float dot's terms: products of floats, exact in double. */
static inline __attribute__((always_inline)) redu__x_vterms redu__x_vterms_dot32(redu__x_vpair v)
{
#pragma clang fp contract(off)
  redu__x_d8 p = v.x * v.y;
  redu__x_vterms r = {p, (redu__x_d8)(0.0), REDU__X_VBELOW(p, REDU__X_BIG)};
  return r;
}

/* A double dot's terms: each product split exactly into p and e = x * y - p where
 * redu__x_dot_ok holds, e by Veltkamp's split (REDU__DEV_SPLIT_PROD_ERR: a clone cannot count on
 * a fused multiply-add, the baseline one has none). */
static inline __attribute__((always_inline)) redu__x_vterms redu__x_vterms_dot64(redu__x_vpair v)
{
#pragma clang fp contract(off)
  redu__x_d8 a = v.x, b = v.y, p = a * b;
  redu__x_vterms r;
  r.p = p;
  r.e = REDU__DEV_SPLIT_PROD_ERR(a, b, p);
  r.ok = (~REDU__X_VBELOW(p, 0x1p-960) | (a == 0) | (b == 0)) & REDU__X_VBELOW(p, REDU__X_BIG) &
         REDU__X_VBELOW(a, 0x1p995) & REDU__X_VBELOW(b, 0x1p995);
  return r;
}

#pragma omp end declare target

/* Needs PFX_elements (the scalar path) from REDU__DEFINE_EXACT_REDUCE. */
#define REDU__DEFINE_EXACT_VEC(PFX, T, NIN, EARLY, VTERMS, LIMBS, BIAS)                            \
  /* An expansion's parts as terms of s: a zero lo (and a zero hi of a product-error expansion)    \
   * adds -0.0, which keeps an all -0.0 sum -0.0. */                                               \
  REDU__INLINE redu__x_lane PFX##_vfold(redu__x_lane s, double hi, double lo, int64_t *acc,        \
                                        unsigned lane)                                             \
  {                                                                                                \
    s = redu__x_lane_take(s, redu__x_sum_elem(s.f, s.g, hi), acc, lane, (BIAS), (LIMBS));          \
    return redu__x_lane_take(s, redu__x_sum_elem(s.f, s.g, lo != 0 ? lo : -0.0), acc, lane,        \
                             (BIAS), (LIMBS));                                                     \
  }                                                                                                \
                                                                                                   \
  REDU__DEV_SIMD_CLONES static redu__x_lane PFX##_vec(                                             \
      redu__x_lane s, const T *x, const T *y, size_t i, size_t end, int64_t *acc, unsigned lane)   \
  {                                                                                                \
    typedef T elems8 __attribute__((ext_vector_type(8), aligned(sizeof(T)), __may_alias__));       \
    /* A dot of doubles puts its product errors in expansions of their own, as the scalar path */  \
    enum { SPLIT = (NIN) == 2 && sizeof(T) == 8 };                                                 \
    redu__x_vfpe f0 = redu__x_vfpe_init(), f1 = f0, g0 = f0, g1 = f0;                              \
    volatile double one_unseen = 1.0; /* REDU__X_VFMA1 */                                          \
    double one = one_unseen;                                                                       \
    for (; end - i >= 16; i += 16) {                                                               \
      redu__dev_prefetch_ahead(x + i, 16 * sizeof(T));                                             \
      if ((NIN) == 2)                                                                              \
        redu__dev_prefetch_ahead(y + i, 16 * sizeof(T));                                           \
      redu__x_vpair v0, v1;                                                                        \
      v0.x = __builtin_convertvector(*(const elems8 *)(x + i), redu__x_d8);                        \
      v1.x = __builtin_convertvector(*(const elems8 *)(x + i + 8), redu__x_d8);                    \
      v0.y = v0.x, v1.y = v1.x;                                                                    \
      if ((NIN) == 2) {                                                                            \
        v0.y = __builtin_convertvector(*(const elems8 *)(y + i), redu__x_d8);                      \
        v1.y = __builtin_convertvector(*(const elems8 *)(y + i + 8), redu__x_d8);                  \
      }                                                                                            \
      redu__x_vterms t0 = VTERMS(v0), t1 = VTERMS(v1);                                             \
      redu__x_vstep a0 = redu__x_vadd(f0, t0, 0, (EARLY), one);                                    \
      redu__x_vstep a1 = redu__x_vadd(f1, t1, 0, (EARLY), one);                                    \
      redu__x_q8 bad = a0.bad | a1.bad | ~t0.ok | ~t1.ok;                                          \
      redu__x_vstep b0 = a0, b1 = a1;                                                              \
      if (SPLIT) {                                                                                 \
        b0 = redu__x_vadd(g0, t0, 1, 0, one), b1 = redu__x_vadd(g1, t1, 1, 0, one);                \
        bad |= b0.bad | b1.bad;                                                                    \
      }                                                                                            \
      if (__builtin_expect(__builtin_reduce_or(bad) != 0, 0)) {                                    \
        s = PFX##_elements(s, x, y, i, i + 16, 1, acc, lane);                                      \
        continue;                                                                                  \
      }                                                                                            \
      f0 = a0.f, f1 = a1.f;                                                                        \
      if (SPLIT)                                                                                   \
        g0 = b0.f, g1 = b1.f;                                                                      \
    }                                                                                              \
    s = PFX##_elements(s, x, y, i, end, 1, acc, lane);                                             \
    for (int k = 0; k < 8; ++k) {                                                                  \
      s = PFX##_vfold(s, f0.hi[k], f0.lo[k], acc, lane);                                           \
      s = PFX##_vfold(s, f1.hi[k], f1.lo[k], acc, lane);                                           \
      if (SPLIT) {                                                                                 \
        s = PFX##_vfold(s, g0.hi[k] != 0 ? g0.hi[k] : -0.0, g0.lo[k], acc, lane);                  \
        s = PFX##_vfold(s, g1.hi[k] != 0 ? g1.hi[k] : -0.0, g1.lo[k], acc, lane);                  \
      }                                                                                            \
    }                                                                                              \
    return s;                                                                                      \
  }

#endif

/* Exact sums: the long accumulator and the two-double expansion that feeds it
 * (docs/design.md, "Exact sums").
 *
 * A long accumulator holds a sum of doubles exactly as an integer count of 2^-bias:
 * `limbs` signed 64-bit limbs, limb j weighing 2^(32 j - bias), each fed 32-bit digits so
 * that billions of additions fit before a carry is due, and one more word of flags
 * (NaN, +inf, -inf seen; a term other than -0 seen). Two formats:
 *   sum  (float and double terms)    bias 1074 (the lowest bit of a subnormal double),
 *                                    72 limbs: up to 2^1024 * 2^64 with room to spare
 *   dot  (exact products of doubles) bias 2148 (2^-1074 squared), 136 limbs
 * Adding two accumulators is adding limbs: associative and commutative, so any plan, order
 * or machine count gives the same bits. Rounding to the result type happens once, on the
 * host (host/redu_exact_round.c).
 *
 * The hot loop does not touch limbs: each thread keeps a two-double expansion (hi, lo)
 * updated with Knuth's error-free TwoSum, and only what does not fit (a nonzero error of
 * the second level, a term of magnitude >= REDU__X_BIG) goes to the accumulator of its
 * warp, in team memory, which the warp's lanes update together (lane l owns the limbs
 * j = l mod warp size: no atomics, no races). */
#ifndef REDU_EXACT_ACC_H
#define REDU_EXACT_ACC_H

#include "device/redu_internal.h"

#include "device/redu_target.h"
#include <stdint.h>

enum {
  REDU__X_SUM_BIAS = 1074,
  REDU__X_SUM_LIMBS = 72,
  REDU__X_DOT_BIAS = 2148,
  REDU__X_DOT_LIMBS = 136,
  /* Bytes of a sum-format record and of the largest record (limbs and the flags word). */
  REDU__X_SUM_RECORD_BYTES = (REDU__X_SUM_LIMBS + 1) * 8,
  REDU__X_MAX_RECORD_BYTES = (REDU__X_DOT_LIMBS + 1) * 8,
};

/* Threads per team of the exact kernels: their launch bounds (device/redu_launch.h), so at most
 * 128 registers. Without a bound ptxas gave them 254 (one 256-thread team per SM): 2.65x
 * the fast sum of 2^27 doubles on the H100; 64 registers (a bound of 1024) spilled: 3.1x;
 * 128 with one 512-thread team per SM: 1.19x (docs/performance.md, exact sums). */
enum { REDU__X_MAX_THREADS = 512 };

/* The flags word (the record's last word). */
enum { REDU__X_NAN = 1, REDU__X_PINF = 2, REDU__X_NINF = 4, REDU__X_NOT_NEGZERO = 8 };

/* Terms at least this large skip the expansion (its TwoSum could overflow: a sum of up to
 * 2^64 terms below 2^950 stays below 2^1014) and go to the accumulator directly. */
#define REDU__X_BIG 0x1p950
/* Warp deposits between two normalisations of a warp's accumulator: each adds a digit
 * below 2^32 to a limb, so limbs stay below 2^60. */
#define REDU__X_RENORM_EVERY (1u << 27)

#pragma omp begin declare target

/* The two-double expansion: hi + lo is, exactly, what this thread has added so far (less
 * what it handed to its warp's accumulator). hi starts at -0.0: it stays -0.0 exactly when
 * every term was -0.0 (IEEE: -0 + -0 = -0, every other exact zero sum is +0). */
typedef struct redu__x_fpe {
  double hi, lo;
} redu__x_fpe;

/* One step of the expansion: the new expansion and the remainder it could not hold
 * (zero almost always). */
typedef struct redu__x_step {
  redu__x_fpe f;
  double rem;
} redu__x_step;

static inline redu__x_fpe redu__x_fpe_init(void)
{
  redu__x_fpe f = {-0.0, 0.0};
  return f;
}

/* TwoSum (Knuth): for s = a + b rounded, the error e with s + e == a + b exactly, for finite a,
 * b whose sum does not overflow. A macro over doubles and vectors of doubles alike (CPUs' vector
 * steps, device/redu_exact_vec.h); a and s are read more than once. _BY takes how two of its
 * subtractions, SUB(x, y) = x - y, and its last addition, ADD(x, y) = x + y, are issued: the
 * vector steps issue them as fused multiply-adds by +-1 (the same bits). */
#define REDU__X_TWO_SUM_ERR_BY(a, b, s, SUB, ADD)                                                  \
  __extension__({                                                                                  \
    __typeof__(s) redu__z = (s) - (a);                                                             \
    ADD((a) - SUB((s), redu__z), SUB((b), redu__z));                                               \
  })
#define REDU__X_SUB(x, y) ((x) - (y))
#define REDU__X_ADD(x, y) ((x) + (y))
#define REDU__X_TWO_SUM_ERR(a, b, s) REDU__X_TWO_SUM_ERR_BY(a, b, s, REDU__X_SUB, REDU__X_ADD)

static inline double redu__x_two_sum_err(double a, double b, double s)
{
  return REDU__X_TWO_SUM_ERR(a, b, s);
}

/* Adds t (|t| < REDU__X_BIG) to f: into hi, hi's error into lo, lo's error out. */
static inline redu__x_step redu__x_add(redu__x_fpe f, double t)
{
  double s = f.hi + t, e = redu__x_two_sum_err(f.hi, t, s);
  double s2 = f.lo + e, e2 = redu__x_two_sum_err(f.lo, e, s2);
  redu__x_step r = {{s, s2}, e2};
  return r;
}

/* Adds t, already small against hi (a product's error term), into lo only. */
static inline redu__x_step redu__x_add_lo(redu__x_fpe f, double t)
{
  double s2 = f.lo + t;
  redu__x_step r = {{f.hi, s2}, redu__x_two_sum_err(f.lo, t, s2)};
  return r;
}

static inline uint64_t redu__x_bits(double d)
{
  union {
    double d;
    uint64_t u;
  } v = {d};
  return v.u;
}

/* The flag of a term that is not finite. */
static inline unsigned redu__x_special(double t)
{
  return t != t ? REDU__X_NAN : t > 0 ? REDU__X_PINF : REDU__X_NINF;
}

/* A finite double times 2^shift, placed in a format: its 53-bit integer mantissa m, its sign
 * and the offset o of m's lowest bit above 2^-bias (m's low bits below 2^-bias, if any, are
 * zero by the format's construction and are dropped). */
typedef struct redu__x_term {
  uint64_t m;
  int o, neg;
} redu__x_term;

static inline redu__x_term redu__x_split(double d, int bias_shift)
{
  uint64_t u = redu__x_bits(d);
  int ex = (int)((u >> 52) & 0x7ff);
  redu__x_term t;
  t.m = (u & ((1ull << 52) - 1)) | (ex ? 1ull << 52 : 0);
  t.neg = (int)(u >> 63);
  t.o = (ex ? ex - 1075 : -1074) + bias_shift;
  if (t.o < 0) {
    t.m = -t.o < 64 ? t.m >> -t.o : 0;
    t.o = 0;
  }
  return t;
}

/* The signed 32-bit digit term t adds to limb j: t spans limbs o/32 .. o/32 + 2. */
static inline int64_t redu__x_digit(redu__x_term t, int j)
{
  int k = j - (t.o >> 5), s = t.o & 31;
  uint64_t p = k == 0   ? (t.m << s) & 0xffffffffu
               : k == 1 ? (t.m >> (32 - s)) & 0xffffffffu
               : k == 2 ? (s ? t.m >> (64 - s) : 0)
                        : 0;
  return t.neg ? -(int64_t)p : (int64_t)p;
}

/* A double d (nonzero, finite) as d = m * 2^e with m in [1, 2): what a product's slow path
 * multiplies, so that the product of two mantissas neither underflows nor overflows. */
typedef struct redu__x_scaled {
  double m;
  int e;
} redu__x_scaled;

static inline redu__x_scaled redu__x_scale(double d)
{
  int adj = 0;
  if (((redu__x_bits(d) >> 52) & 0x7ff) == 0) /* subnormal: make it normal first */
    d *= 0x1p64, adj = 64;
  uint64_t u = redu__x_bits(d);
  int ex = (int)((u >> 52) & 0x7ff);
  union {
    uint64_t u;
    double d;
  } v = {(u & ~(0x7ffull << 52)) | (1023ull << 52)};
  redu__x_scaled r = {v.d, ex - 1023 - adj};
  return r;
}

/* Every lane: the 64-bit value of lane `from`. */
static inline int64_t redu__x_bcast(int64_t v, unsigned from)
{
  uint64_t u = (uint64_t)v;
  uint64_t lo = redu__dev_shfl_idx_u32((uint32_t)u, from);
  uint64_t hi = redu__dev_shfl_idx_u32((uint32_t)(u >> 32), from);
  return (int64_t)(lo | hi << 32);
}

static inline double redu__x_bcast_d(double d, unsigned from)
{
  union {
    int64_t i;
    double d;
  } v = {redu__x_bcast((int64_t)redu__x_bits(d), from)};
  return v.d;
}

/* Every lane: the warp's sum of v (exact: int64 limbs far from overflow). */
static inline int64_t redu__x_warp_sum(int64_t v)
{
  for (unsigned d = 1; d < redu__dev_warp_size(); d <<= 1) {
    uint64_t u = (uint64_t)v;
    uint64_t lo = redu__dev_shfl_down_u32((uint32_t)u, d);
    uint64_t hi = redu__dev_shfl_down_u32((uint32_t)(u >> 32), d);
    v += (int64_t)(lo | hi << 32);
  }
  return redu__x_bcast(v, 0);
}

/* Every lane: the warp's minimum, maximum, OR of v. A lane folds in only what comes from
 * a lane that exists (lane + d < warp size). */
static inline int redu__x_warp_min(int v, unsigned lane)
{
  for (unsigned d = 1; d < redu__dev_warp_size(); d <<= 1) {
    int o = (int)redu__dev_shfl_down_u32((uint32_t)v, d);
    if (lane + d < redu__dev_warp_size() && o < v)
      v = o;
  }
  return (int)redu__dev_shfl_idx_u32((uint32_t)v, 0);
}

static inline int redu__x_warp_max(int v, unsigned lane) { return -redu__x_warp_min(-v, lane); }

static inline unsigned redu__x_warp_or(unsigned v, unsigned lane)
{
  for (unsigned d = 1; d < redu__dev_warp_size(); d <<= 1) {
    unsigned o = redu__dev_shfl_down_u32(v, d);
    if (lane + d < redu__dev_warp_size())
      v |= o;
  }
  return redu__dev_shfl_idx_u32(v, 0);
}

/* Every lane calls it with the same term: each adds the digits that fall in its limbs. */
static inline void redu__x_deposit(int64_t *acc, redu__x_term t, unsigned lane)
{
  int b = t.o >> 5;
  unsigned ws = redu__dev_warp_size();
  for (int k = 0; k < 3; ++k)
    if ((unsigned)(b + k) % ws == lane)
      acc[b + k] += redu__x_digit(t, b + k);
}

/* Every lane: one carry pass over the warp's accumulator, leaving every limb but the top
 * one within +-2^32 (the top one never carries out). */
static inline void redu__x_normalise(int64_t *acc, int limbs, unsigned lane)
{
  unsigned ws = redu__dev_warp_size();
  int64_t cprev = 0;
  for (int k = 0; k * (int)ws < limbs; ++k) {
    int j = k * (int)ws + (int)lane;
    int64_t v = j < limbs ? acc[j] : 0;
    int64_t c = j < limbs - 1 ? (v + (1ll << 31)) >> 32 : 0;
    v -= c * (1ll << 32);
    int64_t from_left = redu__x_bcast(c, lane ? lane - 1 : 0);
    if (j < limbs)
      acc[j] = v + (lane ? from_left : cprev);
    cprev = redu__x_bcast(c, ws - 1);
  }
}

/* Up to 8 terms of one lane, as vectors (element access takes no address: a local array
 * would be "globalized", device/redu_team_scratch.h). */
typedef uint64_t redu__x_m8 __attribute__((ext_vector_type(8)));
typedef int redu__x_i8 __attribute__((ext_vector_type(8)));
typedef struct redu__x_terms8 {
  redu__x_m8 m;
  redu__x_i8 o, neg;
} redu__x_terms8;

static inline redu__x_term redu__x_term_at(redu__x_terms8 t, int k)
{
  redu__x_term r = {t.m[k], t.o[k], t.neg[k]};
  return r;
}

/* Every lane: limbs [lo, hi] of the warp's accumulator receive the warp's sum of the digits
 * that every lane's 8 terms put there: the end of a thread's loop, one warp sum per limb
 * instead of one deposit per term and lane. */
static inline void redu__x_deposit_columns(int64_t *acc, redu__x_terms8 t, int lo, int hi,
                                           unsigned lane)
{
  unsigned ws = redu__dev_warp_size();
  for (int j = lo; j <= hi; ++j) {
    int64_t c = 0;
    for (int k = 0; k < 8; ++k)
      c += redu__x_digit(redu__x_term_at(t, k), j);
    c = redu__x_warp_sum(c);
    if ((unsigned)j % ws == lane)
      acc[j] += c;
  }
}

#pragma omp end declare target

#endif

/* Correctly rounded sums and dot products: one target region, finished on the device into a
 * long accumulator (device/redu_exact_acc.h) that the host rounds once.
 *
 * REDU__DEFINE_EXACT_REDUCE(PFX, T, NIN, ELEM, LIMBS, BIAS) defines
 *   void PFX_launch(const redu__launch *L, const T *x, const T *y, size_t n)
 * which leaves in L->result the LIMBS limbs and the flags word of the exact sum of
 * ELEM's terms over x[0, n) (NIN 1; y is NULL) or over pairs x[i], y[i] (NIN 2).
 *   ELEM(f, g, xv, yv)  adds element i's terms to the expansions f, g: a redu__x_elem
 * Each thread reads 16-byte words, four in flight, into four expansions, as the array
 * kernel does; its lanes vote after every element whether any has a remainder for the
 * warp's accumulator (rare), so every loop runs a warp-uniform number of times and pads
 * missing elements with terms that add nothing (-0.0, which keeps an all -0.0 sum -0.0).
 * At the end each warp adds its lanes' expansions to its accumulator limb by limb, the team
 * adds its warps' accumulators, and the last team to arrive adds the teams'. Integer
 * additions all: the limbs are the same for every plan and every order. */
#ifndef REDU_EXACT_KERNEL_H
#define REDU_EXACT_KERNEL_H

#include "device/redu_internal.h"

#include "device/redu_exact_acc.h"
#include "device/redu_launch.h"
#include "device/redu_reducers.h"
#include "device/redu_team_scratch.h"
#include "device/redu_thread_range.h"
#include <omp.h>
#include <stdint.h>

#pragma omp begin declare target

/* One element's outcome: the expansions (f for the terms, g for a dot's product errors), up
 * to two remainders for the warp's accumulator (r1, r2, both times 2^sh) and the flags of
 * non-finite terms. */
typedef struct redu__x_elem {
  redu__x_fpe f, g;
  double r1, r2;
  int sh;
  unsigned flags;
} redu__x_elem;

/* A sum's term t (a double, or a float or a product of floats widened exactly). */
static inline redu__x_elem redu__x_sum_elem(redu__x_fpe f, redu__x_fpe g, double t)
{
  redu__x_elem r = {f, g, 0.0, 0.0, 0, 0};
  if (__builtin_expect(__builtin_fabs(t) < REDU__X_BIG, 1)) {
    redu__x_step s = redu__x_add(f, t);
    r.f = s.f, r.r1 = s.rem;
  } else if (t - t == 0) {
    r.r1 = t; /* huge but finite: straight to the accumulator */
  } else {
    r.flags = redu__x_special(t);
  }
  return r;
}

/* The term x * y of a double dot product, split exactly into p + e (e = x * y - p, by the
 * target's fused multiply-add) when neither part can underflow or overflow, p into f and e
 * into g (in one expansion, e's bits, 2^-53 below p's, overlapped f.lo's rounding errors and
 * left a remainder at nearly every element: 18x the fast dot on the H100); else, for nonzero
 * finite x and y, the product of their mantissas times 2^(their exponents' sum). */
static inline redu__x_elem redu__x_dot_elem(redu__x_fpe f, redu__x_fpe g, double x, double y)
{
  redu__x_elem r = {f, g, 0.0, 0.0, 0, 0};
  double p = x * y, ap = __builtin_fabs(p);
  if (__builtin_expect(ap >= 0x1p-960 && ap < REDU__X_BIG && __builtin_fabs(x) < 0x1p995 &&
                           __builtin_fabs(y) < 0x1p995,
                       1)) {
    redu__x_step s = redu__x_add(f, p), s2 = redu__x_add(g, redu__dev_prod_err(x, y, p));
    r.f = s.f, r.g = s2.f, r.r1 = s.rem, r.r2 = s2.rem;
  } else if (x != x || y != y || ((x - x != 0 || y - y != 0) && (x == 0 || y == 0))) {
    r.flags = REDU__X_NAN; /* NaN, or infinity times zero */
  } else if (x - x != 0 || y - y != 0) {
    r.flags = (x < 0) != (y < 0) ? REDU__X_NINF : REDU__X_PINF;
  } else if (x == 0 || y == 0) {
    r.f = redu__x_add(f, p).f; /* an exact zero of the product's sign */
  } else {
    redu__x_scaled a = redu__x_scale(x), b = redu__x_scale(y);
    r.r1 = a.m * b.m;
    r.r2 = redu__dev_prod_err(a.m, b.m, r.r1);
    r.sh = a.e + b.e;
  }
  return r;
}

/* Every lane: if any lane has remainders, all lanes add them, lane by lane, to the warp's
 * accumulator; every REDU__X_RENORM_EVERY deposits, one carry pass. deps: the deposits since
 * the last pass (the same on every lane); returns the new count. Not inlined: the hot loop
 * only votes and calls it (inlined eight times per round it took the kernel to 251
 * registers on the H100, one 256-thread team per SM). */
__attribute__((noinline)) static unsigned redu__x_flush(int64_t *acc, int bias, int limbs,
                                                        double r1, double r2, int sh, unsigned lane,
                                                        unsigned deps)
{
  int mine = r1 != 0 || r2 != 0;
  unsigned ws = redu__dev_warp_size();
  while (redu__dev_warp_any(mine)) {
    unsigned from = (unsigned)redu__x_warp_min(mine ? (int)lane : (int)ws, lane);
    double b1 = redu__x_bcast_d(r1, from), b2 = redu__x_bcast_d(r2, from);
    int bsh = (int)redu__dev_shfl_idx_u32((uint32_t)sh, from);
    if (b1 != 0)
      redu__x_deposit(acc, redu__x_split(b1, bias + bsh), lane);
    if (b2 != 0)
      redu__x_deposit(acc, redu__x_split(b2, bias + bsh), lane);
    if (lane == from)
      mine = 0;
    deps += 2;
  }
  if (deps >= REDU__X_RENORM_EVERY) {
    redu__x_normalise(acc, limbs, lane);
    deps = 0;
  }
  return deps;
}

/* A lane's expansion and what it tells the team: flags, and the deposits into its warp's
 * accumulator since the last normalisation (warp-uniform). */
typedef struct redu__x_lane {
  redu__x_fpe f, g;
  unsigned flags, deps;
} redu__x_lane;

/* A lane's end: its expansions' 8 doubles as terms, and the limbs they span (lo > hi: none). */
typedef struct redu__x_tail {
  redu__x_terms8 t;
  int lo, hi;
} redu__x_tail;

static inline redu__x_tail redu__x_tail_of(redu__x_lane s0, redu__x_lane s1, redu__x_lane s2,
                                           redu__x_lane s3, int bias, int limbs)
{
  redu__x_tail r;
  r.lo = limbs, r.hi = -1;
  for (int k = 0; k < 8; ++k) {
    redu__x_lane s = k / 2 == 0 ? s0 : k / 2 == 1 ? s1 : k / 2 == 2 ? s2 : s3;
    redu__x_term t = redu__x_split(k % 2 ? s.f.lo : s.f.hi, bias);
    r.t.m[k] = t.m, r.t.o[k] = t.o, r.t.neg[k] = t.neg;
    if (t.m) {
      r.lo = t.o / 32 < r.lo ? t.o / 32 : r.lo;
      r.hi = t.o / 32 + 2 > r.hi ? t.o / 32 + 2 : r.hi;
    }
  }
  return r;
}

static inline int redu__x_negzero(double d) { return redu__x_bits(d) == 1ull << 63; }

/* Every lane, after the loop: the lanes' expansions into the warp's limbs, the warp's flags
 * (with "a term other than -0" unless every hi is -0.0) into its flags word, one carry pass.
 * Not inlined, for the hot loop's registers (see redu__x_flush). */
__attribute__((noinline)) static void redu__x_finish_warp(int64_t *acc, int bias, int limbs,
                                                          redu__x_lane s0, redu__x_lane s1,
                                                          redu__x_lane s2, redu__x_lane s3,
                                                          unsigned lane)
{
  redu__x_tail t = redu__x_tail_of(s0, s1, s2, s3, bias, limbs);
  int lo = redu__x_warp_min(t.lo, lane), hi = redu__x_warp_max(t.hi, lane);
  redu__x_deposit_columns(acc, t.t, lo, hi, lane);
  unsigned flags = s0.flags | s1.flags | s2.flags | s3.flags;
  if (!redu__x_negzero(s0.f.hi) || !redu__x_negzero(s1.f.hi) || !redu__x_negzero(s2.f.hi) ||
      !redu__x_negzero(s3.f.hi))
    flags |= REDU__X_NOT_NEGZERO;
  flags = redu__x_warp_or(flags, lane);
  if ((unsigned)limbs % redu__dev_warp_size() == lane)
    acc[limbs] |= (int64_t)flags;
  redu__x_normalise(acc, limbs, lane);
}

#pragma omp end declare target

#define REDU__DEFINE_EXACT_REDUCE(PFX, T, NIN, ELEM, LIMBS, BIAS)                                  \
  _Pragma("omp begin declare target")                                                              \
  REDU__INLINE redu__x_lane PFX##_elem(redu__x_lane s, T xv, T yv, int64_t *acc, unsigned lane)    \
  {                                                                                                \
    (void)yv;                                                                                      \
    redu__x_elem e = ELEM(s.f, s.g, xv, yv);                                                       \
    int rem = e.r1 != 0 || e.r2 != 0;                                                              \
    s.f = e.f, s.g = e.g;                                                                          \
    s.flags |= e.flags | (rem ? (unsigned)REDU__X_NOT_NEGZERO : 0u);                               \
    if (redu__dev_warp_any(rem))                                                                   \
      s.deps = redu__x_flush(acc, (BIAS), (LIMBS), e.r1, e.r2, e.sh, lane, s.deps);                \
    return s;                                                                                      \
  }                                                                                                \
                                                                                                   \
  /* A dot's product errors (g) into its terms' expansion (f): every lane. A zero part adds        \
   * -0.0, which keeps an all -0.0 sum -0.0 (+0.0 would not). */                                   \
  REDU__INLINE redu__x_lane PFX##_fold(redu__x_lane s, int64_t *acc, unsigned lane)                \
  {                                                                                                \
    double gh = s.g.hi != 0 ? s.g.hi : -0.0, gl = s.g.lo != 0 ? s.g.lo : -0.0;                     \
    redu__x_step a = redu__x_add(s.f, gh), b = redu__x_add(a.f, gl);                               \
    s.f = b.f, s.g = redu__x_fpe_init();                                                           \
    s.flags |= a.rem != 0 || b.rem != 0 ? (unsigned)REDU__X_NOT_NEGZERO : 0u;                      \
    if (redu__dev_warp_any(a.rem != 0 || b.rem != 0))                                              \
      s.deps = redu__x_flush(acc, (BIAS), (LIMBS), a.rem, b.rem, 0, lane, s.deps);                 \
    return s;                                                                                      \
  }                                                                                                \
                                                                                                   \
  /* The word's elements through vector views (no array: see redu_reducers.h). */                  \
  REDU__INLINE redu__x_lane PFX##_word(redu__x_lane s, redu__word16 wx, redu__word16 wy,           \
                                       int64_t *acc, unsigned lane)                                \
  {                                                                                                \
    typedef T lanes __attribute__((ext_vector_type(16 / sizeof(T))));                              \
    lanes ex = (lanes)wx, ey = (lanes)wy;                                                          \
    for (int j = 0; j < (int)(16 / sizeof(T)); ++j)                                                \
      s = PFX##_elem(s, ex[j], ey[j], acc, lane);                                                  \
    return s;                                                                                      \
  }                                                                                                \
                                                                                                   \
  /* Elements [first, end) of this thread's stride, one by one, warp-uniformly. */                 \
  REDU__INLINE redu__x_lane PFX##_elements(redu__x_lane s, const T *x, const T *y, size_t first,   \
                                           size_t end, size_t stride, int64_t *acc, unsigned lane) \
  {                                                                                                \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t i = first; redu__dev_warp_any(i < end); i += stride) {                             \
      int v = i < end;                                                                             \
      T xv = v ? x[i] : (T) - 0.0, yv = (NIN) == 2 && v ? y[i] : (T)1;                             \
      s = PFX##_elem(s, xv, yv, acc, lane);                                                        \
    }                                                                                              \
    return s;                                                                                      \
  }                                                                                                \
                                                                                                   \
  static inline __attribute__((flatten)) void PFX##_team(                                          \
      const T *x, const T *y, size_t n, size_t slots, size_t team_mem, void *spill,                \
      void *partials, unsigned *counter, void *result)                                             \
  {                                                                                                \
    enum { V = 16 / sizeof(T), REC = (LIMBS) + 1 };                                                \
    typedef T lanes __attribute__((ext_vector_type(V)));                                           \
    unsigned tid = (unsigned)omp_get_thread_num(), nth = (unsigned)omp_get_num_threads();          \
    unsigned team = (unsigned)omp_get_team_num(), nteams = (unsigned)omp_get_num_teams();          \
    unsigned ws = redu__dev_warp_size(), lane = tid % ws, nwarps = nth / ws;                       \
    char *scratch = redu__dev_team_scratch(team_mem, spill, slots, REC * 8);                       \
    unsigned *last = (unsigned *)(scratch + redu__team_last_offset(slots, REC * 8));               \
    int64_t *accs = (int64_t *)scratch, *acc = accs + (size_t)(tid / ws) * REC;                    \
    for (unsigned j = lane; j < REC; j += ws)                                                      \
      acc[j] = 0;                                                                                  \
    size_t g = (size_t)team * nth + tid, stride = (size_t)nteams * nth;                            \
    uintptr_t ax = (uintptr_t)x, ay = (NIN) == 2 ? (uintptr_t)y : ax;                              \
    /* Words only when x and y lie alike against 16 bytes. */                                      \
    size_t head = ax % 16 != ay % 16 ? n : ((16 - ax % 16) % 16) / sizeof(T);                      \
    if (head > n)                                                                                  \
      head = n;                                                                                    \
    size_t nw = (n - head) / V;                                                                    \
    const redu__word16 *xw = (const redu__word16 *)(x + head);                                     \
    const redu__word16 *yw = (NIN) == 2 ? (const redu__word16 *)(y + head) : xw;                   \
    redu__word16 padx = (redu__word16)(lanes)((T) - 0.0), pady = (redu__word16)(lanes)((T)1);      \
    redu__x_lane s0 = {redu__x_fpe_init(), redu__x_fpe_init(), 0, 0}, s1 = s0, s2 = s0, s3 = s0;   \
    s0 = PFX##_elements(s0, x, y, g, head, stride, acc, lane);                                     \
    redu__range r = redu__dev_thread_range(nw, 0, g, stride);                                      \
    size_t step = r.step, end = r.end;                                                             \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t k = r.first; redu__dev_warp_any(k < end); k += 4 * step) {                         \
      size_t k1 = k + step, k2 = k + 2 * step, k3 = k + 3 * step;                                  \
      redu__word16 x0 = k < end ? redu__dev_load16(xw + k) : padx;                                 \
      redu__word16 x1 = k1 < end ? redu__dev_load16(xw + k1) : padx;                               \
      redu__word16 x2 = k2 < end ? redu__dev_load16(xw + k2) : padx;                               \
      redu__word16 x3 = k3 < end ? redu__dev_load16(xw + k3) : padx;                               \
      redu__word16 y0 = x0, y1 = x1, y2 = x2, y3 = x3;                                             \
      if ((NIN) == 2) {                                                                            \
        y0 = k < end ? redu__dev_load16(yw + k) : pady;                                            \
        y1 = k1 < end ? redu__dev_load16(yw + k1) : pady;                                          \
        y2 = k2 < end ? redu__dev_load16(yw + k2) : pady;                                          \
        y3 = k3 < end ? redu__dev_load16(yw + k3) : pady;                                          \
      }                                                                                            \
      s0 = PFX##_word(s0, x0, y0, acc, lane);                                                      \
      s1 = PFX##_word(s1, x1, y1, acc, lane);                                                      \
      s2 = PFX##_word(s2, x2, y2, acc, lane);                                                      \
      s3 = PFX##_word(s3, x3, y3, acc, lane);                                                      \
    }                                                                                              \
    s1 = PFX##_elements(s1, x, y, head + nw * V + g, n, stride, acc, lane);                        \
    s0 = PFX##_fold(s0, acc, lane), s1 = PFX##_fold(s1, acc, lane);                                \
    s2 = PFX##_fold(s2, acc, lane), s3 = PFX##_fold(s3, acc, lane);                                \
    redu__x_finish_warp(acc, (BIAS), (LIMBS), s0, s1, s2, s3, lane);                               \
    _Pragma("omp barrier")                                                                         \
    /* The team's warps, then (last team) the teams: limb j by thread j mod nth. */                \
    int64_t *part = (int64_t *)partials;                                                           \
    for (unsigned j = tid; j < REC; j += nth) {                                                    \
      int64_t v = 0;                                                                               \
      for (unsigned w = 0; w < nwarps; ++w)                                                        \
        v = j < (LIMBS) ? v + accs[(size_t)w * REC + j] : v | accs[(size_t)w * REC + j];           \
      part[(size_t)team * REC + j] = v;                                                            \
    }                                                                                              \
    redu__dev_fence_device();                                                                      \
    _Pragma("omp barrier")                                                                         \
    if (!redu__dev_grid_ticket(tid, nteams, counter, last))                                        \
      return;                                                                                      \
    /* The last team: G groups of REC threads, group g adding teams g, g + G, ... (the warps'      \
     * accumulators, read before the ticket's barrier, hold the group sums), then REC threads      \
     * adding the groups. */                                                                       \
    unsigned groups = nth >= REC ? nth / REC : 1;                                                  \
    for (unsigned t = tid; t < groups * REC; t += nth) {                                           \
      unsigned j = t % REC;                                                                        \
      int64_t v = 0;                                                                               \
      _Pragma("clang loop unroll_count(4)")                                                        \
      for (unsigned k = t / REC; k < nteams; k += groups) {                                        \
        int64_t p = ((const volatile int64_t *)part)[(size_t)k * REC + j];                         \
        v = j < (LIMBS) ? v + p : v | p;                                                           \
      }                                                                                            \
      accs[t] = v;                                                                                 \
    }                                                                                              \
    _Pragma("omp barrier")                                                                         \
    for (unsigned j = tid; j < REC; j += nth) {                                                    \
      int64_t v = 0;                                                                               \
      for (unsigned g = 0; g < groups; ++g)                                                        \
        v = j < (LIMBS) ? v + accs[(size_t)g * REC + j] : v | accs[(size_t)g * REC + j];           \
      ((int64_t *)result)[j] = v;                                                                  \
    }                                                                                              \
    if (tid == 0)                                                                                  \
      *counter = 0;                                                                                \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_PAIR_LAUNCH(PFX, T, NIN, REDU__X_MAX_THREADS)

#endif

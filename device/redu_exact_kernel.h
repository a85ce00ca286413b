/* Correctly rounded sums and dot products: one target region, finished on the device into a
 * long accumulator (device/redu_exact_acc.h) that the host rounds once.
 *
 * REDU__DEFINE_EXACT_REDUCE(PFX, T, NIN, ELEM, EARLY, VTERMS, LIMBS, BIAS) defines
 *   void PFX_launch(const redu__launch *L, const T *x, const T *y, size_t n)
 * which leaves in L->result the LIMBS limbs and the flags word of the exact sum of
 * ELEM's terms over x[0, n) (NIN 1; y is NULL) or over pairs x[i], y[i] (NIN 2).
 *   ELEM(f, g, xv, yv)  adds element i's terms to the expansions f, g: a redu__x_elem
 *   EARLY               0, or 1 when ELEM adds to f.hi only and leaves the error for f.lo
 *                       in r1 (redu__x_sum_elem_early): the warp then votes whether any
 *                       lane has one before taking the second level
 *   VTERMS(v)           the kind's terms of eight elements of each input widened to double,
 *                       for CPUs' vector steps (device/redu_exact_vec.h)
 * Each thread reads rounds of 16-byte words into up to four expansions, as the array kernel
 * does; on GPUs the next round's words are loaded before this round's terms are added (the
 * loads stay in flight during the additions), and its lanes vote after every element whether
 * any has a remainder for the warp's accumulator (rare); CPUs take their contiguous chunk
 * eight terms at a time in vectors (redu__dev_vector_chunks, device/redu_exact_vec.h). Every loop
 * runs a warp-uniform number of times and pads missing elements with terms that add nothing (-0.0,
 * which keeps an all -0.0 sum -0.0). At the end each warp adds its lanes' expansions to its
 * accumulator limb by limb, the team adds its warps' accumulators, and the last team to arrive adds
 * the teams'. Integer additions all: the limbs are the same for every plan and every order. */
#ifndef REDU_EXACT_KERNEL_H
#define REDU_EXACT_KERNEL_H

#include "device/redu_internal.h"

#include "device/redu_exact_acc.h"
#include "device/redu_exact_team.h"
#include "device/redu_exact_vec.h"
#include "device/redu_launch.h"
#include "device/redu_reducers.h"
#include "device/redu_team_scratch.h"
#include "device/redu_thread_range.h"
#include <omp.h>
#include <stdint.h>

#pragma omp begin declare target

/* Whether x * y = p splits exactly into p and fma's error: neither part can underflow or
 * overflow. A zero factor's product is an exact zero with no error; a zero p of nonzero
 * factors is a product below half the least subnormal, rounded away, for the scaled path. */
static inline int redu__x_dot_ok(double x, double y, double p)
{
  double ap = __builtin_fabs(p);
  return (ap >= 0x1p-960 || x == 0 || y == 0) && ap < REDU__X_BIG && __builtin_fabs(x) < 0x1p995 &&
         __builtin_fabs(y) < 0x1p995;
}

/* The term x * y of a double dot product, split exactly into p + e (e = x * y - p, by the
 * target's fused multiply-add) when neither part can underflow or overflow, p into f and e
 * into g (in one expansion, e's bits, 2^-53 below p's, overlapped f.lo's rounding errors and
 * left a remainder at nearly every element: 18x the fast dot on the H100); else, for nonzero
 * finite x and y, the product of their mantissas times 2^(their exponents' sum). Out of line on
 * CPUs (REDU__DEV_CPU_OUTLINED: an LLVM 19 miscompile). */
REDU__DEV_CPU_OUTLINED redu__x_elem redu__x_dot_elem(redu__x_fpe f, redu__x_fpe g, double x,
                                                     double y)
{
  redu__x_elem r = {f, g, 0.0, 0.0, 0, 0};
  double p = x * y;
  if (__builtin_expect(redu__x_dot_ok(x, y, p), 1)) {
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

/* A thread's words k, k + step, ... (count of them: 2 or 4) of one input, pad past end. */
typedef struct redu__x_words {
  redu__word16 w0, w1, w2, w3;
} redu__x_words;

static inline redu__x_words redu__x_load_words(const redu__word16 *p, size_t k, size_t step,
                                               size_t end, redu__word16 pad, unsigned count)
{
  redu__x_words r = {pad, pad, pad, pad};
  r.w0 = k < end ? redu__dev_load16(p + k) : pad;
  r.w1 = k + step < end ? redu__dev_load16(p + k + step) : pad;
  if (count == 4) {
    r.w2 = k + 2 * step < end ? redu__dev_load16(p + k + 2 * step) : pad;
    r.w3 = k + 3 * step < end ? redu__dev_load16(p + k + 3 * step) : pad;
  }
  return r;
}

#pragma omp end declare target

#define REDU__DEFINE_EXACT_REDUCE(PFX, T, NIN, ELEM, EARLY, VTERMS, LIMBS, BIAS)                   \
  _Pragma("omp begin declare target")                                                              \
  REDU__INLINE redu__x_lane PFX##_elem(redu__x_lane s, T xv, T yv, int64_t *acc, unsigned lane)    \
  {                                                                                                \
    (void)yv;                                                                                      \
    redu__x_elem e = ELEM(s.f, s.g, xv, yv);                                                       \
    if ((EARLY) && !redu__dev_warp_any(e.r1 != 0)) {                                               \
      s.f = e.f, s.flags |= e.flags;                                                               \
      return s;                                                                                    \
    }                                                                                              \
    if (EARLY) {                                                                                   \
      redu__x_step l = redu__x_add_lo(e.f, e.r1);                                                  \
      e.f = l.f, e.r1 = l.rem;                                                                     \
    }                                                                                              \
    return redu__x_lane_take(s, e, acc, lane, (BIAS), (LIMBS));                                    \
  }                                                                                                \
                                                                                                   \
  /* A dot's product errors (g) into its terms' expansion (f): every lane. A zero part adds        \
   * -0.0, which keeps an all -0.0 sum -0.0 (+0.0 would not). */                                   \
  REDU__INLINE redu__x_lane PFX##_fold(redu__x_lane s, int64_t *acc, unsigned lane)                \
  {                                                                                                \
    double gh = s.g.hi != 0 ? s.g.hi : -0.0, gl = s.g.lo != 0 ? s.g.lo : -0.0;                     \
    redu__x_step a = redu__x_add(s.f, gh), b = redu__x_add(a.f, gl);                               \
    redu__x_elem e = {b.f, redu__x_fpe_init(), a.rem, b.rem, 0, 0};                                \
    return redu__x_lane_take(s, e, acc, lane, (BIAS), (LIMBS));                                    \
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
  REDU__DEFINE_EXACT_VEC(PFX, T, NIN, EARLY, VTERMS, LIMBS, BIAS)                                  \
                                                                                                   \
  /* Inlined into the kernel: as a function of its own it saved and restored about 600 bytes of    \
   * callee-saved registers a thread in local memory (H100, 2^20 doubles: 0.055 -> 0.028 ms). */   \
  static inline __attribute__((always_inline, flatten)) void PFX##_team(                           \
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
    redu__x_warp_clear(acc, (LIMBS), lane);                                                        \
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
    redu__x_lane s0 = redu__x_lane_init(), s1 = s0, s2 = s0, s3 = s0;                              \
    s0 = PFX##_elements(s0, x, y, g, head, stride, acc, lane);                                     \
    redu__range r = redu__dev_thread_range(nw, 0, g, stride);                                      \
    size_t step = r.step, end = r.end;                                                             \
    if (redu__dev_vector_chunks()) {                                                               \
      /* CPUs: one contiguous chunk of words per thread (redu__dev_thread_range). */               \
      s2 = PFX##_vec(s2, x + head, (NIN) == 2 ? y + head : y, r.first * V, r.end * V, acc, lane);  \
    } else {                                                                                       \
      /* Rounds of W words per input, the next round's loads issued before this round's terms      \
       * are added (docs/performance.md, exact sums: 1.27x -> 1.06x the fast f64 sum at 2^27 on    \
       * the H100, with the team routine inlined). A dot's rounds take two words of each input:    \
       * four spill at 128 registers. */                                                           \
      const unsigned W = (NIN) == 2 ? 2 : 4;                                                       \
      size_t k = r.first;                                                                          \
      redu__x_words cx = redu__x_load_words(xw, k, step, end, padx, W), cy = cx;                   \
      if ((NIN) == 2)                                                                              \
        cy = redu__x_load_words(yw, k, step, end, pady, W);                                        \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (; redu__dev_warp_any(k < end); k += W * step) {                                         \
        redu__x_words nx = redu__x_load_words(xw, k + W * step, step, end, padx, W), ny = nx;      \
        if ((NIN) == 2)                                                                            \
          ny = redu__x_load_words(yw, k + W * step, step, end, pady, W);                           \
        s0 = PFX##_word(s0, cx.w0, cy.w0, acc, lane);                                              \
        s1 = PFX##_word(s1, cx.w1, cy.w1, acc, lane);                                              \
        if (W == 4) {                                                                              \
          s2 = PFX##_word(s2, cx.w2, cy.w2, acc, lane);                                            \
          s3 = PFX##_word(s3, cx.w3, cy.w3, acc, lane);                                            \
        }                                                                                          \
        cx = nx, cy = ny;                                                                          \
      }                                                                                            \
    }                                                                                              \
    s1 = PFX##_elements(s1, x, y, head + nw * V + g, n, stride, acc, lane);                        \
    s0 = PFX##_fold(s0, acc, lane), s1 = PFX##_fold(s1, acc, lane);                                \
    s2 = PFX##_fold(s2, acc, lane), s3 = PFX##_fold(s3, acc, lane);                                \
    redu__x_finish_warp(acc, (BIAS), (LIMBS), s0, s1, s2, s3, lane);                               \
    int64_t *part = (int64_t *)partials;                                                           \
    redu__x_team_store(accs, (LIMBS), nwarps, part + (size_t)team * REC, tid, nth);                \
    if (!redu__dev_grid_ticket(tid, nteams, counter, last))                                        \
      return;                                                                                      \
    redu__x_grid_sum(part, nteams, (LIMBS), accs, (int64_t *)result, tid, nth);                    \
    if (tid == 0)                                                                                  \
      *counter = 0;                                                                                \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_PAIR_LAUNCH(PFX, T, REDU__X_MAX_THREADS)

#endif

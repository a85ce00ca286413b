/* Correctly rounded sums and dot products: one target region, finished on the device into a
 * long accumulator (device/redu_exact_acc.h) that the host rounds once.
 *
 * REDU__DEFINE_EXACT_REDUCE(PFX, T, NIN, ELEM, EARLY, FULL, FAST, LIMBS, BIAS) defines
 *   void PFX_launch(const redu__launch *L, const T *x, const T *y, size_t n)
 * which leaves in L->result the LIMBS limbs and the flags word of the exact sum of
 * ELEM's terms over x[0, n) (NIN 1; y is NULL) or over pairs x[i], y[i] (NIN 2).
 *   ELEM(f, g, xv, yv)  adds element i's terms to the expansions f, g: a redu__x_elem
 *   EARLY               0, or 1 when ELEM adds to f.hi only and leaves the error for f.lo
 *                       in r1 (redu__x_sum_elem_early): the warp then votes whether any
 *                       lane has one before taking the second level
 *   FULL                the full step (both levels), for terms a fast step leaves out
 *   FAST                the fast step of batched rounds (redu__x_fast; hi only when EARLY)
 * Each thread reads rounds of 16-byte words into up to four expansions, as the array kernel
 * does; on GPUs the next round's words are loaded before this round's terms are added (the
 * loads stay in flight during the additions), and its lanes vote after every element whether
 * any has a remainder for the warp's accumulator (rare); CPUs take a round as batched
 * straight-line code (redu__dev_batch_terms). Every loop runs a warp-uniform number of times and
 * pads missing elements with terms that add nothing (-0.0, which keeps an all -0.0 sum -0.0). At
 * the end each warp adds its lanes' expansions to its accumulator limb by limb, the team adds its
 * warps' accumulators, and the last team to arrive adds the teams'. Integer additions all: the
 * limbs are the same for every plan and every order. */
#ifndef REDU_EXACT_KERNEL_H
#define REDU_EXACT_KERNEL_H

#include "device/redu_internal.h"

#include "device/redu_exact_acc.h"
#include "device/redu_exact_team.h"
#include "device/redu_launch.h"
#include "device/redu_reducers.h"
#include "device/redu_team_scratch.h"
#include "device/redu_thread_range.h"
#include <omp.h>
#include <stdint.h>

#pragma omp begin declare target

/* Whether x * y = p splits exactly into p and fma's error: neither part can underflow or
 * overflow (an exact zero product has no error either). */
static inline int redu__x_dot_ok(double x, double y, double p)
{
  double ap = __builtin_fabs(p);
  return (ap >= 0x1p-960 || ap == 0) && ap < REDU__X_BIG && __builtin_fabs(x) < 0x1p995 &&
         __builtin_fabs(y) < 0x1p995;
}

/* The term x * y of a double dot product, split exactly into p + e (e = x * y - p, by the
 * target's fused multiply-add) when neither part can underflow or overflow, p into f and e
 * into g (in one expansion, e's bits, 2^-53 below p's, overlapped f.lo's rounding errors and
 * left a remainder at nearly every element: 18x the fast dot on the H100); else, for nonzero
 * finite x and y, the product of their mantissas times 2^(their exponents' sum). */
static inline redu__x_elem redu__x_dot_elem(redu__x_fpe f, redu__x_fpe g, double x, double y)
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

/* Batched rounds (CPUs, redu__dev_batch_terms): a fast step takes the common case without a
 * branch, so that a round's four expansions run as straight-line code the compiler can
 * interleave and vectorise. A term the fast step cannot take (huge, infinite, NaN; a product
 * that could underflow or overflow) becomes -0.0, which leaves the expansion as it was, and
 * is marked `special` for the full step.
 *   redu__x_sum_fast    a sum's term: both levels, as redu__x_sum_elem
 *   redu__x_sum_fast_hi a float's term: hi only, r1 the error still owed to lo (EARLY)
 *   redu__x_dot_fast    a double product split exactly, as redu__x_dot_elem's common path */
typedef struct redu__x_fast {
  redu__x_elem e;
  int special;
} redu__x_fast;

static inline redu__x_fast redu__x_sum_fast(redu__x_fpe f, redu__x_fpe g, double t)
{
  int ok = __builtin_fabs(t) < REDU__X_BIG; /* false for NaN */
  redu__x_step s = redu__x_add(f, ok ? t : -0.0);
  redu__x_fast r = {{s.f, g, s.rem, 0.0, 0, 0}, !ok};
  return r;
}

static inline redu__x_fast redu__x_sum_fast_hi(redu__x_fpe f, redu__x_fpe g, double t)
{
  int ok = t - t == 0;
  double u = ok ? t : -0.0, hi = f.hi + u;
  redu__x_fast r = {{{hi, f.lo}, g, redu__x_two_sum_err(f.hi, u, hi), 0.0, 0, 0}, !ok};
  return r;
}

static inline redu__x_fast redu__x_dot_fast(redu__x_fpe f, redu__x_fpe g, double x, double y)
{
  int ok = redu__x_dot_ok(x, y, x * y);
  double u = ok ? x : -0.0, v = ok ? y : 1.0, p = u * v;
  redu__x_step s = redu__x_add(f, p), s2 = redu__x_add(g, redu__dev_prod_err(u, v, p));
  redu__x_fast r = {{s.f, s2.f, s.rem, s2.rem, 0, 0}, !ok};
  return r;
}

/* A thread's four expansions, one per word of a round. */
typedef struct redu__x_quad {
  redu__x_lane s0, s1, s2, s3;
} redu__x_quad;

/* Whether a fast step left work for the full one: a remainder or a special term. */
static inline int redu__x_owes(redu__x_fast e) { return (e.e.r1 != 0) | (e.e.r2 != 0) | e.special; }

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

#define REDU__DEFINE_EXACT_REDUCE(PFX, T, NIN, ELEM, EARLY, FULL, FAST, LIMBS, BIAS)               \
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
  /* Every lane, after a fast step e of element (xv, yv) found work in the warp: its remainders    \
   * into the warp's accumulator, or the element again by the full step. */                        \
  REDU__INLINE redu__x_lane PFX##_settle(redu__x_lane s, redu__x_fast e, T xv, T yv, int64_t *acc, \
                                         unsigned lane)                                            \
  {                                                                                                \
    (void)yv;                                                                                      \
    redu__x_elem r = {s.f, s.g, e.e.r1, e.e.r2, 0, 0};                                             \
    return redu__x_lane_take(s, e.special ? FULL(s.f, s.g, xv, yv) : r, acc, lane, (BIAS),         \
                             (LIMBS));                                                             \
  }                                                                                                \
                                                                                                   \
  /* A batched round (redu__dev_batch_terms: CPUs): element j of four words, one per expansion,    \
   * as four fast steps of straight-line code, then one check whether any of them owes a second    \
   * level (EARLY), a remainder or a special term. */                                              \
  REDU__INLINE redu__x_quad PFX##_round(redu__x_quad q, redu__word16 w0, redu__word16 w1,          \
                                        redu__word16 w2, redu__word16 w3, redu__word16 v0,         \
                                        redu__word16 v1, redu__word16 v2, redu__word16 v3,         \
                                        int64_t *acc, unsigned lane)                               \
  {                                                                                                \
    typedef T lanes __attribute__((ext_vector_type(16 / sizeof(T))));                              \
    lanes a0 = (lanes)w0, a1 = (lanes)w1, a2 = (lanes)w2, a3 = (lanes)w3;                          \
    lanes b0 = (lanes)v0, b1 = (lanes)v1, b2 = (lanes)v2, b3 = (lanes)v3;                          \
    for (int j = 0; j < (int)(16 / sizeof(T)); ++j) {                                              \
      redu__x_fast e0 = FAST(q.s0.f, q.s0.g, a0[j], b0[j]);                                        \
      redu__x_fast e1 = FAST(q.s1.f, q.s1.g, a1[j], b1[j]);                                        \
      redu__x_fast e2 = FAST(q.s2.f, q.s2.g, a2[j], b2[j]);                                        \
      redu__x_fast e3 = FAST(q.s3.f, q.s3.g, a3[j], b3[j]);                                        \
      if ((EARLY) &&                                                                               \
          redu__dev_warp_any((e0.e.r1 != 0) | (e1.e.r1 != 0) | (e2.e.r1 != 0) | (e3.e.r1 != 0))) { \
        redu__x_step l0 = redu__x_add_lo(e0.e.f, e0.e.r1), l1 = redu__x_add_lo(e1.e.f, e1.e.r1);   \
        redu__x_step l2 = redu__x_add_lo(e2.e.f, e2.e.r1), l3 = redu__x_add_lo(e3.e.f, e3.e.r1);   \
        e0.e.f = l0.f, e0.e.r1 = l0.rem, e1.e.f = l1.f, e1.e.r1 = l1.rem;                          \
        e2.e.f = l2.f, e2.e.r1 = l2.rem, e3.e.f = l3.f, e3.e.r1 = l3.rem;                          \
      }                                                                                            \
      q.s0.f = e0.e.f, q.s0.g = e0.e.g, q.s1.f = e1.e.f, q.s1.g = e1.e.g;                          \
      q.s2.f = e2.e.f, q.s2.g = e2.e.g, q.s3.f = e3.e.f, q.s3.g = e3.e.g;                          \
      if (redu__dev_warp_any(redu__x_owes(e0) | redu__x_owes(e1) | redu__x_owes(e2) |              \
                             redu__x_owes(e3))) {                                                  \
        q.s0 = PFX##_settle(q.s0, e0, a0[j], b0[j], acc, lane);                                    \
        q.s1 = PFX##_settle(q.s1, e1, a1[j], b1[j], acc, lane);                                    \
        q.s2 = PFX##_settle(q.s2, e2, a2[j], b2[j], acc, lane);                                    \
        q.s3 = PFX##_settle(q.s3, e3, a3[j], b3[j], acc, lane);                                    \
      }                                                                                            \
    }                                                                                              \
    return q;                                                                                      \
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
    size_t k = r.first;                                                                            \
    if (redu__dev_batch_terms()) {                                                                 \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (; redu__dev_warp_any(k < end); k += 4 * step) {                                         \
        redu__x_words cx = redu__x_load_words(xw, k, step, end, padx, 4), cy = cx;                 \
        if ((NIN) == 2)                                                                            \
          cy = redu__x_load_words(yw, k, step, end, pady, 4);                                      \
        redu__x_quad q = {s0, s1, s2, s3};                                                         \
        q = PFX##_round(q, cx.w0, cx.w1, cx.w2, cx.w3, cy.w0, cy.w1, cy.w2, cy.w3, acc, lane);     \
        s0 = q.s0, s1 = q.s1, s2 = q.s2, s3 = q.s3;                                                \
      }                                                                                            \
    } else {                                                                                       \
      /* Rounds of W words per input, the next round's loads issued before this round's terms      \
       * are added (docs/performance.md, exact sums: 1.27x -> 1.06x the fast f64 sum at 2^27 on    \
       * the H100, with the team routine inlined). A dot's rounds take two words of each input:    \
       * four spill at 128 registers. */                                                           \
      const unsigned W = (NIN) == 2 ? 2 : 4;                                                       \
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
  REDU__DEFINE_PAIR_LAUNCH(PFX, T, NIN, REDU__X_MAX_THREADS)

#endif

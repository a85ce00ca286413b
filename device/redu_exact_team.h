/* Exact sums: what a lane, a warp, a team and the grid do with the long accumulators of
 * device/redu_exact_acc.h. Shared by the exact kernels (device/redu_exact_kernel.h) and by
 * wrapped regions' exact kinds (libredu/redu_region.h), so both finish the same way:
 *   lane   a two-double expansion per term stream (redu__x_lane); a term that leaves a
 *          remainder makes the warp vote and deposit it (redu__x_lane_take)
 *   warp   its lanes' expansions into its accumulator, one warp sum per limb
 *          (redu__x_finish_warp)
 *   team   thread j adds limb j of the team's warps into the team's partial
 *          (redu__x_team_store)
 *   grid   the last team adds the partials (redu__x_grid_sum)
 * Warp accumulators live in team scratch, one record (limbs + flags word) per warp; lane l
 * owns the limbs j = l mod warp size, so no step needs an atomic. Every step must be reached
 * by all lanes of a warp together (the votes and shuffles). */
#ifndef REDU_EXACT_TEAM_H
#define REDU_EXACT_TEAM_H

#include "device/redu_internal.h"

#include "device/redu_exact_acc.h"
#include "device/redu_target.h"
#include <omp.h>
#include <stddef.h>
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

/* A float's term t (widened exactly) into f.hi only: r1 is the error still owed to f.lo,
 * zero as a rule for floats (t's last bit lies at or above hi's until hi grows 2^29 times
 * past t), so that the warp takes the second level only when a lane needs it (EARLY in
 * redu_exact_kernel.h): 6 additions per float instead of 12. */
static inline redu__x_elem redu__x_sum_elem_early(redu__x_fpe f, redu__x_fpe g, double t)
{
  redu__x_elem r = {f, g, 0.0, 0.0, 0, 0};
  if (__builtin_expect(t - t == 0, 1)) {
    double s = f.hi + t;
    r.r1 = redu__x_two_sum_err(f.hi, t, s);
    r.f.hi = s;
  } else {
    r.flags = redu__x_special(t);
  }
  return r;
}

/* Every lane: if any lane has remainders, all lanes add them, lane by lane, to the warp's
 * accumulator; every REDU__X_RENORM_EVERY deposits, one carry pass. deps: the deposits since
 * the last pass (the same on every lane); returns the new count. Not inlined: the hot loop
 * only votes and calls it (inlined eight times per round it took the kernel to 251
 * registers on the H100, one 256-thread team per SM). */
__attribute__((noinline, unused)) static unsigned redu__x_flush(int64_t *acc, int bias, int limbs,
                                                                double r1, double r2, int sh,
                                                                unsigned lane, unsigned deps)
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
 * Inlined into the exact kernels: out of line, its four lanes went through local memory and it
 * saved its callee-saved registers there (H100, exact f64 sum of 2^27: 0.438 -> 0.424 ms). */
__attribute__((always_inline, unused)) static inline void
redu__x_finish_warp(int64_t *acc, int bias, int limbs, redu__x_lane s0, redu__x_lane s1,
                    redu__x_lane s2, redu__x_lane s3, unsigned lane)
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

/* The same, out of line: wrapped regions' exact kinds (device/redu_region_exact.h), whose kernels
 * are stamped into users' files beside their bodies' registers; inlining it there is not
 * measured yet. */
__attribute__((noinline, unused)) static void
redu__x_finish_warp_outlined(int64_t *acc, int bias, int limbs, redu__x_lane s0, redu__x_lane s1,
                             redu__x_lane s2, redu__x_lane s3, unsigned lane)
{
  redu__x_finish_warp(acc, bias, limbs, s0, s1, s2, s3, lane);
}

/* Every lane, with the same (warp-uniform) state: the lane's outcome e of one element taken
 * into its state; a remainder anywhere in the warp is deposited by all lanes together. */
static inline redu__x_lane redu__x_lane_take(redu__x_lane s, redu__x_elem e, int64_t *acc,
                                             unsigned lane, int bias, int limbs)
{
  int rem = e.r1 != 0 || e.r2 != 0;
  s.f = e.f, s.g = e.g;
  s.flags |= e.flags | (rem ? (unsigned)REDU__X_NOT_NEGZERO : 0u);
  if (redu__dev_warp_any(rem))
    s.deps = redu__x_flush(acc, bias, limbs, e.r1, e.r2, e.sh, lane, s.deps);
  return s;
}

static inline redu__x_lane redu__x_lane_init(void)
{
  redu__x_lane s = {redu__x_fpe_init(), redu__x_fpe_init(), 0, 0};
  return s;
}

/* Every lane, before its first term: clear its limbs (and the flags word) of its warp's
 * accumulator. */
static inline void redu__x_warp_clear(int64_t *acc, int limbs, unsigned lane)
{
  for (unsigned j = lane; j < (unsigned)limbs + 1; j += redu__dev_warp_size())
    acc[j] = 0;
}

/* Word j of the sum of `count` records (limbs + 1 words each) at recs: limbs add, the flags
 * word ORs. */
static inline int64_t redu__x_word_sum(const int64_t *recs, unsigned count, int limbs, unsigned j)
{
  unsigned rec = (unsigned)limbs + 1;
  int64_t v = 0;
  for (unsigned w = 0; w < count; ++w)
    v = j < (unsigned)limbs ? v + recs[(size_t)w * rec + j] : v | recs[(size_t)w * rec + j];
  return v;
}

/* Every thread of the team, after each warp's finish: thread j adds limb j (OR for the
 * flags word) over the team's nwarps accumulators `accs` into the team's partial `part`;
 * then all threads make their stores visible to the grid and meet. */
static inline void redu__x_team_store(const int64_t *accs, int limbs, unsigned nwarps,
                                      int64_t *part, unsigned tid, unsigned nth)
{
  unsigned rec = (unsigned)limbs + 1;
#pragma omp barrier
  for (unsigned j = tid; j < rec; j += nth)
    part[j] = redu__x_word_sum(accs, nwarps, limbs, j);
  redu__dev_fence_device();
#pragma omp barrier
}

/* Every thread of the last team: the grid's partials part[0, nteams) (records of limbs + 1
 * words) added into *result. G groups of records' worth of threads, group g adding teams
 * g, g + G, ... into accs (team scratch, room for max(1, nth / (limbs + 1)) records: the
 * warps' accumulators, read before the grid's ticket), then one thread per word adding the
 * groups. */
static inline void redu__x_grid_sum(const int64_t *part, unsigned nteams, int limbs, int64_t *accs,
                                    int64_t *result, unsigned tid, unsigned nth)
{
  unsigned rec = (unsigned)limbs + 1;
  unsigned groups = nth >= rec ? nth / rec : 1;
  for (unsigned t = tid; t < groups * rec; t += nth) {
    unsigned j = t % rec;
    int64_t v = 0;
#pragma clang loop unroll_count(4)
    for (unsigned k = t / rec; k < nteams; k += groups) {
      int64_t p = ((const volatile int64_t *)part)[(size_t)k * rec + j];
      v = j < (unsigned)limbs ? v + p : v | p;
    }
    accs[t] = v;
  }
#pragma omp barrier
  for (unsigned j = tid; j < rec; j += nth)
    result[j] = redu__x_word_sum(accs, groups, limbs, j);
}

#pragma omp end declare target

#endif

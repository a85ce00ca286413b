/* The device side of wrapped regions' exact kinds (sum_exact_f64, sum_exact_f32 in
 * libredu/redu_region.h): the body adds into a double (float) variable; after every
 * iteration the variable's value joins the thread's two-double expansion as one term and
 * the variable starts again from -0.0, so each iteration's contribution is summed exactly
 * (docs/regions.md, "Exact sums in regions"). The finish is the exact kernels'
 * (device/redu_exact_team.h): warp accumulators in the kind's team scratch (one record per
 * warp: regions with an exact kind combine with warp shuffles, so a kind's scratch holds
 * one entry per warp), team partials, the last team's sum; the host rounds once.
 * The steps that take terms are reached by a warp's lanes together: a region with an exact
 * kind runs its loop warp-uniformly (REDU__FOR_IMPL). */
#ifndef REDU_REGION_EXACT_H
#define REDU_REGION_EXACT_H

#include "device/redu_internal.h"

#include "device/redu_exact_team.h"
#include "device/redu_region_thread.h"
#include <stdint.h>

#pragma omp begin declare target
/* Kind k's team scratch: one record per warp (slots = warps). */
static inline int64_t *redu__x_region_accs(redu__region_thread c, int k)
{
  return (int64_t *)(c.scratch + c.slots * c.off[k]);
}

/* Kind k's warp accumulator for this thread. */
static inline int64_t *redu__x_region_acc(redu__region_thread c, int k)
{
  return redu__x_region_accs(c, k) +
         (size_t)(c.tid / redu__dev_warp_size()) * (REDU__X_SUM_LIMBS + 1);
}

/* Before the loop: this lane's limbs of its warp's accumulator cleared, an empty expansion. */
static inline redu__x_lane redu__x_region_start(redu__region_thread c, int k)
{
  redu__x_warp_clear(redu__x_region_acc(c, k), REDU__X_SUM_LIMBS, c.tid % redu__dev_warp_size());
  return redu__x_lane_init();
}

/* After every iteration: the variable's value v, one term. */
static inline redu__x_lane redu__x_region_take(redu__x_lane s, double v, redu__region_thread c,
                                               int k)
{
  return redu__x_lane_take(s, redu__x_sum_elem(s.f, s.g, v), redu__x_region_acc(c, k),
                           c.tid % redu__dev_warp_size(), REDU__X_SUM_BIAS, REDU__X_SUM_LIMBS);
}

/* One round's terms: an exact kind's variable after each of up to REDU__X_ROUND_MAX iterations
 * of the thread, held until the round's takes (REDU__LOOP_x in device/redu_region_for.h). A
 * vector, not an array: an array indexed in a target region, or passed to a function, has
 * its address taken, and clang globalizes such locals on GPUs. It crosses calls as four
 * 16-byte quarters: as one argument it would change x86-64's ABI without AVX-512 (-Wpsabi). */
enum { REDU__X_ROUND_MAX = 8 };
typedef double redu__x_terms __attribute__((ext_vector_type(REDU__X_ROUND_MAX)));
typedef double redu__x_term_pair __attribute__((ext_vector_type(2)));
#define REDU__X_TERMS_NONE ((redu__x_terms)(-0.0))

/* After a round: its first `count` terms (4 or 8, a constant where the loop is expanded).
 * Always inlined: called, it returned the lane state through memory, and under host fallback
 * (2-core x86-64 VM, 2^27 doubles) the exact region took 435-590 ms instead of 250-350. */
static inline __attribute__((always_inline)) redu__x_lane redu__x_region_take_round(
    redu__x_lane s, redu__x_term_pair t01, redu__x_term_pair t23, redu__x_term_pair t45,
    redu__x_term_pair t67, size_t count, redu__region_thread c, int k)
{
  s = redu__x_region_take(redu__x_region_take(s, t01.x, c, k), t01.y, c, k);
  s = redu__x_region_take(redu__x_region_take(s, t23.x, c, k), t23.y, c, k);
  if (count > 4) {
    s = redu__x_region_take(redu__x_region_take(s, t45.x, c, k), t45.y, c, k);
    s = redu__x_region_take(redu__x_region_take(s, t67.x, c, k), t67.y, c, k);
  }
  return s;
}
#define REDU__X_TAKE_ROUND(s, t, count, c, k)                                                      \
  redu__x_region_take_round(s, (t).lo.lo, (t).lo.hi, (t).hi.lo, (t).hi.hi, count, c, k)

/* The team step: the warp's lanes into its accumulator, the team's warps into its partial. */
static inline int redu__x_region_team(redu__x_lane s, redu__region_thread c, int k)
{
  unsigned ws = redu__dev_warp_size();
  redu__x_lane none = redu__x_lane_init();
  redu__x_finish_warp_outlined(redu__x_region_acc(c, k), REDU__X_SUM_BIAS, REDU__X_SUM_LIMBS, s,
                               none, none, none, c.tid % ws);
  int64_t *part = (int64_t *)(c.partials + c.teams_alloc * c.off[k]);
  redu__x_team_store(redu__x_region_accs(c, k), REDU__X_SUM_LIMBS, c.nth / ws,
                     part + (size_t)c.team * (REDU__X_SUM_LIMBS + 1), c.tid, c.nth);
  return 0;
}

/* The final step (the last team): the teams' partials into the result record. */
static inline int redu__x_region_final(redu__region_thread c, int k)
{
  redu__x_grid_sum((const int64_t *)(c.partials + c.teams_alloc * c.off[k]), c.nteams,
                   REDU__X_SUM_LIMBS, redu__x_region_accs(c, k), (int64_t *)(c.result + c.off[k]),
                   c.tid, c.nth);
  return 0;
}
#pragma omp end declare target

#endif

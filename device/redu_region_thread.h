/* The device side of a wrapped region (libredu/redu_region.h): what each thread knows
 * about the launch, its indices, and the finish shared by all its reductions. */
#ifndef REDU_REGION_THREAD_H
#define REDU_REGION_THREAD_H

#include "device/redu_internal.h"

#include "device/redu_index_kernel.h"
#include "device/redu_region_layout.h"
#include <omp.h>
#include <stddef.h>
#include <stdint.h>

typedef struct redu__region_thread {
  int go;
  unsigned tid, nth, team, nteams;
  size_t first, step, end; /* this thread's indices: first, first + step, ... below end */
  size_t teams_alloc;      /* stride of the partials arrays */
  size_t slots;            /* team scratch entries per reduction */
  int tree;
  char *scratch; /* this team's scratch */
  char *partials, *result;
  unsigned *counter, *last;
  redu__region_offsets off; /* reduction k's offset in a record */
} redu__region_thread;

#pragma omp begin declare target
/* The launch values arrive as size_t scalars (passed by value into the region). */
static inline redu__region_thread
redu__region_thread_make(size_t n, size_t teams, size_t slots, size_t tree, size_t team_mem,
                         size_t spill, size_t partials, size_t counter, size_t result,
                         const size_t *sizes, const size_t *aligns, int count, int ordered)
{
  redu__region_thread c;
  c.go = 1;
  c.tid = (unsigned)omp_get_thread_num();
  c.nth = (unsigned)omp_get_num_threads();
  c.team = (unsigned)omp_get_team_num();
  c.nteams = (unsigned)omp_get_num_teams();
  redu__range r =
      redu__dev_thread_range(n, ordered, (size_t)c.team * c.nth + c.tid, (size_t)c.nteams * c.nth);
  c.first = r.first, c.step = r.step, c.end = r.end;
  redu__region_shape L = redu__region_layout(sizes, aligns, count);
  size_t rec = L.rec;
  c.off = L.off;
  c.teams_alloc = teams;
  c.slots = slots;
  c.tree = (int)tree;
  c.scratch = redu__dev_team_scratch(team_mem, (void *)spill, slots, rec);
  c.last = (unsigned *)(c.scratch + redu__team_last_offset(slots, rec));
  c.partials = (char *)partials;
  c.counter = (unsigned *)counter;
  c.result = (char *)result;
  return c;
}

/* The thread context travels by value everywhere: passing its address would globalize
 * it (redu_team_scratch.h). */

/* Between the reductions' team steps and their final steps: 1 in the last team. */
static inline int redu__region_last_team(redu__region_thread c)
{
  return redu__dev_grid_ticket(c.tid, c.nteams, c.counter, c.last);
}

/* The iterations of a thread in the user's loop (REDU__LOOP_). pairs (targets that
 * interleave, unordered regions): the adjacent indices 2p and 2p + 1 of the thread's pairs
 * p = first, first + step, ... (the last, odd index n - 1 goes to the thread of pair n / 2),
 * so that a warp's two loads of a pair of iterations span 512 bytes, as a 16-byte word per
 * lane does, and the second should find the first's sectors in L1 (H100, trivial body at 2^27:
 * 1.08-1.10x the array API with one index per step, 1.00-1.01x in pairs;
 * docs/performance.md); else first, first + step, ... below end. Checked for every index
 * exactly once in tests/test_region.c. */
static inline size_t redu__region_count(redu__region_thread c, int pairs)
{
  if (!pairs)
    return c.first < c.end ? (c.end - c.first - 1) / c.step + 1 : 0;
  size_t np = c.end / 2, full = c.first < np ? (np - 1 - c.first) / c.step + 1 : 0;
  int tail = (c.end & 1) && np >= c.first && (np - c.first) % c.step == 0;
  return 2 * full + (size_t)tail;
}

static inline size_t redu__region_index(redu__region_thread c, size_t k, int pairs)
{
  return pairs ? 2 * (c.first + (k >> 1) * c.step) + (k & 1) : c.first + k * c.step;
}

static inline int redu__region_reset(redu__region_thread c)
{
  if (c.tid == 0)
    *c.counter = 0;
  return 0;
}
#pragma omp end declare target

/* The team step (fold the thread's lanes into v, combine the team, thread 0 stores the
 * partial) and the final step (the last team combines the partials and writes the result)
 * of reduction number k of a region, as TEAM(params..., v, lanes, nlanes, c, k) and
 * FINAL(params..., c, k) over PFX's reducers (REDU__DEFINE_REDUCERS_OF,
 * device/redu_reducers.h), whose own arguments come first, and COMBINE(params..., a, b).
 * Lanes are the CPU loop's further private accumulators (device/cpu/redu_cpu_region.h);
 * GPUs pass none. */
#define REDU__DEFINE_REGION_STEPS_OF(TEAM, FINAL, A, PFX, COMBINE, IDENT, OPP, OPA)                \
  _Pragma("omp begin declare target")                                                              \
  static inline __attribute__((unused)) int TEAM(REDU__UNPAREN OPP A v, const A *lanes,            \
                                                 unsigned nlanes, redu__region_thread c, int k)    \
  {                                                                                                \
    for (unsigned u = 0; u < nlanes; ++u)                                                          \
      v = COMBINE(REDU__UNPAREN OPA v, lanes[u]);                                                  \
    A *scratch = (A *)(c.scratch + c.slots * c.off[k]);                                            \
    v = PFX##_team_reduce(REDU__UNPAREN OPA v, IDENT, scratch, c.tid, c.nth, c.tree);              \
    if (c.tid == 0)                                                                                \
      ((A *)(c.partials + c.teams_alloc * c.off[k]))[c.team] = v;                                  \
    return 0;                                                                                      \
  }                                                                                                \
  static inline __attribute__((unused)) int FINAL(REDU__UNPAREN OPP redu__region_thread c, int k)  \
  {                                                                                                \
    A *scratch = (A *)(c.scratch + c.slots * c.off[k]);                                            \
    A r = PFX##_combine_partials(REDU__UNPAREN OPA IDENT,                                          \
                                 (const A *)(c.partials + c.teams_alloc * c.off[k]), c.nteams,     \
                                 scratch, c.tid, c.nth, c.tree);                                   \
    if (c.tid == 0)                                                                                \
      *(A *)(c.result + c.off[k]) = r; /* aligned: the record's layout */                          \
    return 0;                                                                                      \
  }                                                                                                \
  _Pragma("omp end declare target")

/* Per declared reduction `name` (stamped by REDU_DECLARE_REDUCTION): its steps,
 * redu__region_team_<name>(v, lanes, nlanes, c, k) and redu__region_final_<name>(c, k). */
#define REDU__DEFINE_REGION_STEPS(name, A, PFX)                                                    \
  REDU__DEFINE_REGION_STEPS_OF(redu__region_team_##name, redu__region_final_##name, A, PFX,        \
                               redu_combine_##name, redu_identity_##name(), (), ())

#endif

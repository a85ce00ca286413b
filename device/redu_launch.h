/* What every kernel is handed by the host besides its inputs, and how it is launched: the
 * launch records (redu__launch for a kernel over arrays or a wrapped region, redu__seg_launch
 * for a segmented one), which the host fills (host/redu_call.c, host/redu_segmented.c) from
 * the plan and its scratch, and the team routine and launch the kernel templates stamp. The
 * kernels know nothing else of the host. Every pointer a launch takes, its inputs included,
 * is a device address: host arrays are the host's business (host/redu_host_arrays.h), and
 * no launch maps anything. */
#ifndef REDU_LAUNCH_H
#define REDU_LAUNCH_H

#include "device/redu_internal.h"

#include "device/redu_reducers.h"
#include "device/redu_team_scratch.h"
#include <stddef.h>
#include <stdint.h>

typedef struct redu__launch {
  int device;        /* OpenMP device number */
  int teams;         /* teams in the league */
  int threads;       /* threads per team, a multiple of the device's warp size */
  int tree;          /* team combine through scratch (1) or warp shuffles (0) */
  size_t team_slots; /* accumulators of team scratch each team needs (redu_team_scratch.h) */
  size_t team_mem;   /* bytes of dynamic team memory per team; 0: use team_spill */
  void *team_spill;  /* device memory, redu__team_scratch_bytes() per team, when team_mem is 0 */
  void *partials;    /* device memory, room for `teams` accumulators */
  unsigned *counter; /* device memory, zero between launches */
  void *result;      /* memory the device writes and the host reads after the region */
} redu__launch;

/* A segmented call's launch (redu_segmented_kernel.h): the plan and scratch as above, with
 * `result` receiving the first bad offset position (REDU__SEG_ALL_GOOD when none), and
 * `partials` holding the per-team records (redu__seg_recs). */
typedef struct redu__seg_launch {
  redu__launch base;
  const size_t *offsets; /* nseg + 1 offsets (device memory), or NULL: segment k is
                            [k, k + 1) * seg_len */
  size_t seg_len;
  size_t nseg;
  size_t limit;    /* offsets[nseg] may not pass it: the elements x's allocation holds */
  void *accs;      /* device memory: nseg accumulators */
  void *values;    /* nseg output values (device memory) */
  size_t *indices; /* nseg output indices (arg ops, device memory), or NULL */
} redu__seg_launch;

/* Segments up to REDU__SEG_THREAD_MAX elements take one thread; up to REDU__SEG_WARP_MAX
 * times the team's threads one warp; longer ones the team. */
#define REDU__SEG_THREAD_MAX 16
#define REDU__SEG_WARP_MAX 4
/* "No bad offset": the status a segmented launch leaves when the offsets were valid. */
#define REDU__SEG_ALL_GOOD SIZE_MAX
/* Team scratch a segmented launch takes past the reducers': one ballot word per warp and
 * the team's first bad offset. */
#define REDU__SEG_TEAM_EXTRA (REDU__MAX_WARPS * 8 + 16)
/* The last team finishes a chain over at most this many teams' partials in one thread,
 * longer ones with the whole team. */
#define REDU__SEG_CHAIN_MAX 8
/* The most threads per team a segmented kernel is compiled for (its launch bounds): 512
 * for accumulators up to 32 bytes, whose plans take 512, 256 for larger ones (their plans
 * take 256 or 128). Without bounds the kernels took 96-253 registers (cuobjdump, sm_90),
 * which CUDA can only run with fewer threads than the plan asked for; with them, 128 at
 * most, so one 512-thread team fits each multiprocessor (docs/performance.md). */
#define REDU__SEG_MAX_THREADS(acc_size) ((acc_size) <= 32 ? 512 : 256)
/* The most threads per team a user-declared reduction's kernel (device/redu_index_kernel.h)
 * is compiled for: 512 for accumulators up to 32 bytes (launch bounds, so at most 128
 * registers: Welford's kernel took 132 unbounded, which CUDA ran as 384-thread teams, and
 * its loads of the next round need more), 0 (no bound) for larger ones, which take 256 or
 * 128 threads and up to 255 registers (docs/performance.md, tuning log). */
#define REDU__INDEX_MAX_THREADS(acc_size) ((acc_size) <= 32 ? 512 : 0)

/* What each team of a segmented launch leaves for the last one: the segment that ran past
 * its range (REDU__SEG_ALL_GOOD: none) and the first bad offset it saw. */
typedef struct redu__seg_team_rec {
  size_t straddler, bad;
} redu__seg_team_rec;

/* The records follow the teams' carry-in and out partials (2 * nteams accumulators), at a
 * 16-byte boundary; REDU__SEG_PARTIAL_BYTES: the bytes of `partials` a launch of nteams needs. */
#define REDU__SEG_RECS_OFFSET(nteams, acc_size) ((2 * (size_t)(nteams) * (acc_size) + 15) / 16 * 16)
#define REDU__SEG_PARTIAL_BYTES(nteams, acc_size)                                                  \
  (REDU__SEG_RECS_OFFSET(nteams, acc_size) + (size_t)(nteams) * sizeof(redu__seg_team_rec))

#pragma omp begin declare target
static inline redu__seg_team_rec *redu__seg_recs(void *partials, unsigned nteams, size_t acc_size)
{
  return (redu__seg_team_rec *)((char *)partials + REDU__SEG_RECS_OFFSET(nteams, acc_size));
}
#pragma omp end declare target

/* The team routine and the launch that both kernel templates (redu_array_kernel.h,
 * redu_index_kernel.h) stamp once they have defined PFX_thread (one thread's accumulator
 * over its share of [0, n)) and the reducers (redu_reducers.h):
 *   PFX_team(x, n, tree, ...)  each thread's accumulator, then the team and grid finish
 *   PFX_launch(L, x, n)        the region: `target teams` directly followed by `parallel`
 *                              (SPMD by construction: nothing in between,
 *                              device/redu_team_scratch.h); x a device address
 * TREE is what the launch passes as the team combine: `tree` (the plan's choice, from the
 * launch record) or 0 (shuffles; the built-in kernels, whose plans never take the tree,
 * so their device code has no tree path). flatten: inline everything below into the team
 * routine (argmin 64-bit: 0.85 -> 0.68 ms at 1 GiB on the H100), but not the team routine
 * itself into the parallel region (see REDU__INLINE). MAXT: the most threads per team the
 * kernel is compiled for (CUDA's launch bounds; 0: none). */
#define REDU__DEFINE_TEAM_LAUNCH(PFX, S, A, IDENT, TREE, MAXT)                                     \
  _Pragma("omp begin declare target")                                                              \
  static inline __attribute__((flatten)) void PFX##_team(                                          \
      const S *x, size_t n, int tree, size_t slots, size_t team_mem, void *spill, A *partials,     \
      unsigned *counter, A *result)                                                                \
  {                                                                                                \
    unsigned tid = (unsigned)omp_get_thread_num(), nth = (unsigned)omp_get_num_threads();          \
    unsigned team = (unsigned)omp_get_team_num(), nteams = (unsigned)omp_get_num_teams();          \
    char *scratch = redu__dev_team_scratch(team_mem, spill, slots, sizeof(A));                     \
    unsigned *last = (unsigned *)(scratch + redu__team_last_offset(slots, sizeof(A)));             \
    A v = PFX##_thread(x, n, (size_t)team * nth + tid, (size_t)nteams * nth);                      \
    PFX##_grid_finish(v, (IDENT), (A *)scratch, tree, last, tid, nth, team, nteams, partials,      \
                      counter, result);                                                            \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
                                                                                                   \
  static void PFX##_launch(const redu__launch *L, const S *x, size_t n)                            \
  {                                                                                                \
    A *partials = (A *)L->partials, *result = (A *)L->result;                                      \
    void *spill = L->team_spill;                                                                   \
    unsigned *counter = L->counter;                                                                \
    int threads = L->threads, tree = L->tree;                                                      \
    size_t slots = L->team_slots, team_mem = L->team_mem;                                          \
    (void)tree; /* unused where TREE is 0 */                                                       \
    REDU__PRAGMA(omp target teams device(L->device) num_teams(L->teams) thread_limit(threads)      \
                     is_device_ptr(x, partials, counter, result, spill)                            \
                         ompx_dyn_cgroup_mem(team_mem)                                             \
                             ompx_attribute(__attribute__((launch_bounds(MAXT)))))                 \
    REDU__PRAGMA(omp parallel num_threads(threads))                                                \
    PFX##_team(x, n, (TREE), slots, team_mem, spill, partials, counter, result);                   \
  }

/* The launch of a kernel over one array x (y NULL) or two, x and y, each
 * n elements (redu_exact_kernel.h, redu_dot_kernel.h): as above, with PFX_team(x, y, n,
 * slots, team_mem, spill, partials, counter, result) taking untyped scratch pointers.
 * MAXT: the most threads per team the kernel is compiled for (CUDA's launch bounds, which
 * cap its registers at 64K / MAXT); the plan must not ask for more. */
#define REDU__DEFINE_PAIR_LAUNCH(PFX, T, MAXT)                                                     \
  static void PFX##_launch(const redu__launch *L, const T *x, const T *y, size_t n)                \
  {                                                                                                \
    void *partials = L->partials, *result = L->result, *spill = L->team_spill;                     \
    unsigned *counter = L->counter;                                                                \
    int threads = L->threads;                                                                      \
    size_t slots = L->team_slots, team_mem = L->team_mem;                                          \
    REDU__PRAGMA(omp target teams device(L->device) num_teams(L->teams) thread_limit(threads)      \
                     is_device_ptr(x, y, partials, counter, result, spill)                         \
                         ompx_dyn_cgroup_mem(team_mem)                                             \
                             ompx_attribute(__attribute__((launch_bounds(MAXT)))))                 \
    REDU__PRAGMA(omp parallel num_threads(threads))                                                \
    PFX##_team(x, y, n, slots, team_mem, spill, partials, counter, result);                        \
  }

#endif

/* The launch record: all that a kernel template (redu_array_kernel.h, redu_index_kernel.h)
 * is handed by the host. The host fills it (host/redu_call.c) from the plan and its
 * scratch; the kernels know nothing else of the host. */
#ifndef REDU_LAUNCH_H
#define REDU_LAUNCH_H

#include "device/redu_internal.h"

#include "device/redu_team_scratch.h"
#include <stddef.h>

typedef struct redu__launch {
  int device;        /* OpenMP device number */
  int teams;         /* teams in the league */
  int threads;       /* threads per team, a multiple of the device's warp size */
  int input_on_host; /* x is a host array: map it (no copy if already present) */
  int tree;          /* team combine through scratch (1) or warp shuffles (0) */
  size_t team_slots; /* accumulators of team scratch each team needs (redu_team_scratch.h) */
  size_t team_mem;   /* bytes of dynamic team memory per team; 0: use team_spill */
  void *team_spill;  /* device memory, redu__team_scratch_bytes() per team, when team_mem is 0 */
  void *partials;    /* device memory, room for `teams` accumulators */
  unsigned *counter; /* device memory, zero between launches */
  void *result;      /* memory the device writes and the host reads after the region */
} redu__launch;

/* Runs TEAM_CALL on every thread of L's league: `target teams` directly followed by
 * `parallel` (SPMD by construction: nothing in between, device/redu_team_scratch.h), with
 * x[0, n) mapped when it is a host array. TEAM_CALL sees the launch record's fields as
 * locals: x, n, tree, slots, team_mem, spill, partials, counter, result. The one launch of
 * both kernel templates (redu_array_kernel.h, redu_index_kernel.h). */
#define REDU__LAUNCH_TEAMS(L, x, n, TEAM_CALL)                                                     \
  {                                                                                                \
    void *partials = (L)->partials, *result = (L)->result, *spill = (L)->team_spill;               \
    unsigned *counter = (L)->counter;                                                              \
    int threads = (L)->threads, tree = (L)->tree;                                                  \
    size_t slots = (L)->team_slots, team_mem = (L)->team_mem;                                      \
    (void)tree; /* not taken by built-in kernels, which always shuffle */                          \
    if ((L)->input_on_host) {                                                                      \
      REDU__PRAGMA(omp target teams device((L)->device) num_teams((L)->teams)                      \
                       thread_limit(threads) map(to : x [0:n])                                     \
                           is_device_ptr(partials, counter, result, spill)                         \
                               ompx_dyn_cgroup_mem(team_mem))                                      \
      REDU__PRAGMA(omp parallel num_threads(threads))                                              \
      TEAM_CALL;                                                                                   \
    } else {                                                                                       \
      REDU__PRAGMA(omp target teams device((L)->device) num_teams((L)->teams)                      \
                       thread_limit(threads) is_device_ptr(x, partials, counter, result, spill)    \
                           ompx_dyn_cgroup_mem(team_mem))                                          \
      REDU__PRAGMA(omp parallel num_threads(threads))                                              \
      TEAM_CALL;                                                                                   \
    }                                                                                              \
  }

#endif

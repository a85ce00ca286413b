/* Team scratch: the one way every kernel gets memory shared by its team.
 *
 * A team's scratch holds `slots` accumulators (one per warp for shuffles, one per thread
 * for a tree), then the team's "last" flag, 16-byte aligned. It lives in dynamic team
 * memory (ompx_dyn_cgroup_mem) when the plan puts it there (GPUs, when it fits), else in
 * device memory, one slice of redu__team_scratch_bytes() per team (CPUs, where a team is
 * one host thread; GPUs when it is too large). Host and device use the same layout.
 *
 * Why no team-shared variables (`omp allocate(..) allocator(omp_pteam_mem_alloc)`) and
 * no code between `target teams` and `parallel`: clang then emits a generic-mode kernel
 * whose teams-level variables are "globalized" (__kmpc_alloc_shared), and only LLVM's
 * OpenMPOpt pass turns that back into SPMD code and static memory. OpenMPOpt analyses the
 * whole device module at once, with an iteration cap: one large kernel elsewhere in the
 * file (a 257-byte type) made it give up, every kernel of the module fell back to the
 * device runtime's malloc, and the CUDA heap ran out at 2^18 elements (docs/design.md,
 * "Kernels that do not depend on OpenMPOpt"). */
#ifndef REDU_TEAM_SCRATCH_H
#define REDU_TEAM_SCRATCH_H

#include "device/redu_internal.h"

#include "device/redu_target.h"
#include <omp.h>
#include <stddef.h>

#define REDU__PRAGMA(x) _Pragma(#x)

#pragma omp begin declare target
/* Bytes before the team's "last" flag. */
static inline size_t redu__team_last_offset(size_t slots, size_t acc_size)
{
  return (slots * acc_size + 15) / 16 * 16;
}

/* Bytes of one team's scratch. */
static inline size_t redu__team_scratch_bytes(size_t slots, size_t acc_size)
{
  return redu__team_last_offset(slots, acc_size) + 16;
}

/* This team's scratch: its dynamic team memory when team_mem is nonzero, else its slice
 * of `spill`, per_team bytes for each team. */
static inline char *redu__dev_team_slice(size_t team_mem, void *spill, size_t per_team)
{
  if (team_mem)
    return (char *)redu__dev_team_mem();
  return (char *)spill + (size_t)omp_get_team_num() * per_team;
}

/* The same for a team scratch of `slots` accumulators. */
static inline char *redu__dev_team_scratch(size_t team_mem, void *spill, size_t slots,
                                           size_t acc_size)
{
  return redu__dev_team_slice(team_mem, spill, redu__team_scratch_bytes(slots, acc_size));
}
#pragma omp end declare target

#endif

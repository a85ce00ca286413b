/* The launch record: all that a kernel template (redu_array_kernel.h, redu_index_kernel.h)
 * is handed by the host. The host fills it (host/redu_call.c) from the plan and its
 * scratch; the kernels know nothing else of the host. */
#ifndef REDU_LAUNCH_H
#define REDU_LAUNCH_H

#include "device/redu_internal.h"

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

#endif

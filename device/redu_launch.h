/* What the host hands a kernel: the plan and one scratch slot (see host/redu_scratch.h). */
#ifndef REDU_LAUNCH_H
#define REDU_LAUNCH_H

typedef struct redu_launch {
  int device;          /* OpenMP device number */
  int teams;           /* teams in the league */
  int threads;         /* threads per team, a multiple of the device's warp size */
  int input_on_host;   /* x is a host array: map it (no copy if already present) */
  void *partials;      /* device memory, room for `teams` accumulators */
  unsigned *counter;   /* device memory, zero between launches */
  void *result;        /* memory the device writes and the host reads after the region */
  struct redu_device *owner; /* host bookkeeping: whose scratch pool the slot returns to */
} redu_launch;

#endif

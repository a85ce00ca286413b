/* What the host hands a kernel: the plan and its scratch (see host/redu_scratch.h), and
 * the host half of a call around it. Kernels stamped in user code (libredu/redu_udr.h)
 * use these too, so this header is installed with the public ones. */
#ifndef REDU_LAUNCH_H
#define REDU_LAUNCH_H

#include <stddef.h>
#include "redu.h"

typedef struct redu_launch {
  int device;          /* OpenMP device number */
  int teams;           /* teams in the league */
  int threads;         /* threads per team, a multiple of the device's warp size */
  int input_on_host;   /* x is a host array: map it (no copy if already present) */
  int tree;            /* team combine through scratch (1) or warp shuffles (0) */
  size_t team_slots;   /* accumulators of team scratch each team needs */
  size_t team_mem;     /* bytes of dynamic team memory per team; 0: use team_spill */
  void *team_spill;    /* device memory, team_slots accumulators per team, when team_mem is 0 */
  void *partials;      /* device memory, room for `teams` accumulators */
  unsigned *counter;   /* device memory, zero between launches */
  void *result;        /* memory the device writes and the host reads after the region */
  struct redu_device *owner; /* host bookkeeping: whose scratch pool the slot returns to */
} redu_launch;

/* The part of a launch the device's threads read, built inside the teams region. */
typedef struct redu_launch_dev {
  int tree;
  size_t team_slots;
  size_t team_mem;
  void *team_spill;
  void *partials;
  unsigned *counter;
  void *result;
  unsigned *last;      /* team-shared: this team arrived last */
} redu_launch_dev;

/* One call's host side: redu_call_begin validates, plans and takes scratch; the caller
 * launches a kernel with c->launch unless c->empty; redu_call_end copies the result out
 * and gives the scratch back. */
typedef struct redu_call {
  redu_launch launch;
  int empty;             /* n == 0: no launch; the result is the identity */
  int result_on_device;  /* the result lies in the user's scratchpad (device memory) */
  struct redu_slot *slot;
} redu_call;

/* What kind of accumulator a call reduces into. */
typedef struct redu_call_shape {
  const char *fn;      /* the public call's name, for error messages */
  size_t elem_size;    /* bytes per input element (x[i]) */
  size_t acc_size;     /* sizeof the accumulator */
  size_t acc_align;    /* _Alignof the accumulator */
  int ordered;         /* combiner not commutative: index order everywhere */
  int builtin;         /* kernel with static team scratch (built-in ops): no tree mode */
} redu_call_shape;

/* out1 and out2 are the caller's outputs (both must be non-NULL). On REDU_OK with
 * !c->empty the caller launches and then must call redu_call_end. */
redu_status redu_call_begin(redu_call *c, const redu_call_shape *shape, int device,
                            const void *x, size_t n, const void *out1, const void *out2,
                            const redu_options *opts);
/* Copies acc_size bytes of result into acc, releases the scratch. */
redu_status redu_call_end(redu_call *c, void *acc, size_t acc_size);

#endif

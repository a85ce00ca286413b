/* Device scratch, allocated once per device and reused: each in-flight call holds one
 * slot (partials, counter, result), so concurrent host threads never share one. The pool
 * grows to the number of calls ever in flight at once on that device. */
#ifndef REDU_SCRATCH_H
#define REDU_SCRATCH_H

#include "redu_device.h"

/* Largest league a slot's partials hold, and the largest accumulator. */
#define REDU_MAX_TEAMS 8192
#define REDU_MAX_ACC_BYTES 64

typedef struct redu_slot {
  struct redu_slot *next;
  void *partials;      /* device: REDU_MAX_TEAMS * REDU_MAX_ACC_BYTES */
  unsigned *counter;   /* device: teams arrived, zero between calls */
  void *result;        /* pinned host memory the GPU writes (host memory on a CPU device) */
} redu_slot;

/* A slot for d, or NULL when device memory runs out. */
redu_slot *redu_scratch_acquire(redu_device *d);
void redu_scratch_release(redu_device *d, redu_slot *s);
/* Frees d's idle slots. */
void redu_scratch_free_all(redu_device *d);

#endif

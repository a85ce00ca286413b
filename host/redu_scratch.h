/* Device scratch, allocated once per device and reused: each in-flight call holds one
 * slot (partials, counter, result, team spill), so concurrent host threads never share
 * one. The pool grows to the number of calls ever in flight at once on that device. */
#ifndef REDU_SCRATCH_H
#define REDU_SCRATCH_H

#include "redu_device.h"

/* Largest league a slot's partials hold (each partial up to REDU_MAX_ACC_BYTES). */
#define REDU_MAX_TEAMS 8192

typedef struct redu_slot {
  struct redu_slot *next;
  void *partials;      /* device: REDU_MAX_TEAMS * REDU_MAX_ACC_BYTES */
  unsigned *counter;   /* device: teams arrived, zero between calls */
  void *result;        /* pinned host memory the GPU writes (host memory on a CPU device) */
  void *spill;         /* device: team scratch that did not fit in team memory, or NULL */
  size_t spill_bytes;
} redu_slot;

/* A slot for d, or NULL when device memory runs out. */
redu_slot *redu_scratch_acquire(redu_device *d);
void redu_scratch_release(redu_device *d, redu_slot *s);
/* Grows s's team spill to at least bytes; -1 when device memory runs out. */
int redu_scratch_spill(redu_device *d, redu_slot *s, size_t bytes);
/* Frees d's idle slots. */
void redu_scratch_free_all(redu_device *d);

#endif

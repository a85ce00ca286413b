/* Device scratch, allocated once per device and reused: each in-flight call holds one
 * slot (partials, counter, result, team spill, staging of host arrays), so concurrent host threads
 * never share one. The pool grows to the number of calls ever in flight at once on that device. */
#ifndef REDU_SCRATCH_H
#define REDU_SCRATCH_H

#include "host/redu_device.h"

typedef struct redu__slot {
  struct redu__slot *next;
  void *partials;    /* device: REDU_MAX_TEAMS of the largest record a call reduces into
                        (host/redu_scratch.c), which also hold a segmented launch's */
  unsigned *counter; /* device: teams arrived, zero between calls */
  void *result;      /* pinned host memory the GPU writes (host memory on a CPU device) */
  void *spill;       /* device: team scratch that did not fit in team memory, or NULL */
  size_t spill_bytes;
  void *accs; /* device: one accumulator per segment of a segmented call, or NULL */
  size_t accs_bytes;
  void *stage; /* device: copies of a call's host arrays (host/redu_host_arrays.h), or a
                  scanning region's buffers (host/redu_call.h), or NULL */
  size_t stage_bytes;
  void *scan;        /* device: a single-pass scan's status (device/redu_scan_kernel.h), or NULL;
                        no other call writes it */
  size_t scan_bytes; /* its bytes */
  unsigned epoch;    /* and the last epoch a scan tagged its records with */
  void *bins;        /* device: a bins call's status words and bins (host/redu_bins.h), or NULL */
  size_t bins_bytes;
  void *records; /* device: a region's bins records (host/redu_region.c), or redu_bins_wide's
                    narrowed keys, or NULL; kept, unlike a large stage: a region in a time
                    loop reuses them (H100, 2^27 iterations: allocating and freeing them per
                    region took the region from about 1.8x to 3.2x the bins call alone);
                    redu_finalize frees them */
  size_t records_bytes;
} redu__slot;

/* A slot keeps a staging buffer (and a bins call's words) up to this size for the next call;
 * a larger one is freed when the call gives the slot back, so one call over a huge host array
 * does not hold that much device memory for the rest of the program (its copy costs far more
 * than the allocation anyway: 64 MiB take milliseconds over PCIe). */
#define REDU__STAGE_KEEP_BYTES ((size_t)64 << 20)
/* The same rule on CPU devices, at this size: there a buffer freed is given back to the
 * kernel, and the next call's first touch of each 4 KiB page is a page fault (2-core VMs:
 * 2^24 doubles into 1,024 declared bins, 512 MiB of sort words, about 130,000 faults a call,
 * most of its time; a scanning region of 2^24 doubles, a 128 MiB buffer, 300 ms at 2^24
 * freed each time and 20 ms kept; docs/performance.md, tuning log). */
#define REDU__CPU_KEEP_BYTES ((size_t)1 << 30)

/* A slot for d, or NULL when device memory runs out. */
redu__slot *redu__scratch_acquire(redu__device *d);
void redu__scratch_release(redu__device *d, redu__slot *s);
/* Grows s's team spill to at least bytes; -1 when device memory runs out. */
int redu__scratch_spill(redu__device *d, redu__slot *s, size_t bytes);
/* Grows s's segment accumulators to at least bytes; -1 when device memory runs out. */
int redu__scratch_accs(redu__device *d, redu__slot *s, size_t bytes);
/* Grows s's bins records to at least bytes; -1 when device memory runs out. */
int redu__scratch_records(redu__device *d, redu__slot *s, size_t bytes);
/* Grows s's staging buffer to at least bytes; -1 when device memory runs out. */
int redu__scratch_stage(redu__device *d, redu__slot *s, size_t bytes);
/* Grows s's bins buffer to at least bytes: 0 when it was large enough (its contents kept),
 * 1 when it was allocated afresh (contents undefined), -1 when device memory runs out. */
int redu__scratch_bins(redu__device *d, redu__slot *s, size_t bytes);
/* Frees d's idle slots. */
void redu__scratch_free_all(redu__device *d);

#endif

/* The launch plan: how many teams of how many threads reduce n elements on a device, how
 * each team combines its threads, and where its scratch lives. */
#ifndef REDU_PLAN_H
#define REDU_PLAN_H

#include "host/redu_device.h"
#include "host/redu_shape.h"
#include <stddef.h>

typedef struct redu__plan {
  int teams;
  int threads;
  int tree;               /* team combine through scratch instead of shuffles */
  size_t team_slots;      /* accumulators of team scratch per team */
  size_t team_mem;        /* bytes of dynamic team memory per team, 0: scratch in device memory */
  size_t spill_bytes;     /* device memory for team scratch (teams * slots * acc), or 0 */
  int pad_teams;          /* teams a scratchpad is laid out for (redu_scratch_query): the full
                             league of a built-in call of the same sizes, also where a declared
                             reduction runs fewer teams, so that one query serves both */
  size_t pad_spill_bytes; /* team scratch in a scratchpad: pad_teams * slots * acc, or 0 */
  const char *set_by;     /* "REDU_TEAMS", "REDU_THREADS", "redu_options", or NULL: the planner */
  int teams_per_unit;     /* the planner's teams per SM (GPU) when the grid is full */
  size_t cpu_team_elems;  /* CPU scans: the planner's elements per team (0: by bytes) */
} redu__plan;

/* Why p has its teams and threads, in words (verbose output, redu_describe_plan): formatted
 * only when printed, not on every call. */
void redu__plan_reason(const redu__device *d, const redu__plan *p, char *buf, size_t len);

/* The opening of every call (host/redu_call.c; redu__call_begin, redu__seg_call_begin), in
 * one order: redu_options and the shape (unknown flags, REDU_EXACT where it does not apply,
 * negative teams/threads, accumulator sizes, a scratchpad given to a segmented call), then
 * REDU_ERR_NULL_ARG when no_result says the call's result pointer is NULL (a segmented call's
 * outputs are arrays, checked with its others), then the device into *d. A call with nothing
 * to reduce (count 0) sets *empty and plans one element, so that its options are judged as
 * for any count. */
redu_status redu__call_open(const redu__call_shape *shape, int device, size_t count, int no_result,
                            const redu_options *opts, redu__device **d, int *empty);

/* p[0, bytes) must be memory device d reads (checked on NVIDIA; REDU_ERR_NOT_DEVICE_PTR
 * naming `what` and the call fn); *left (if not NULL) gets the bytes from p to the end of
 * its allocation, or of the address space where nothing can be checked. */
redu_status redu__check_device_range(const redu__device *d, const void *p, size_t bytes,
                                     const char *what, const char *fn, size_t *left);

/* Whether REDU_VERBOSE asks for plans on stderr (read once). */
int redu__verbose(void);

/* Fills p for n elements of the given shape; per-call opts override REDU_TEAMS /
 * REDU_THREADS, which override the planner. REDU_ERR_BAD_OPTION for values the device
 * cannot run. */
redu_status redu__plan_make(const redu__device *d, size_t n, const redu__call_shape *shape,
                            const redu_options *opts, redu__plan *p);

#endif

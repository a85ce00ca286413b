/* The launch plan: how many teams of how many threads reduce n elements on a device. */
#ifndef REDU_PLAN_H
#define REDU_PLAN_H

#include <stddef.h>
#include "redu_device.h"

typedef struct redu_plan {
  int teams;
  int threads;
  char reason[160];
} redu_plan;

/* Fills p for n elements of elem_size bytes; per-call opts override REDU_TEAMS/REDU_THREADS,
 * which override the planner. REDU_ERR_BAD_OPTION for values the device cannot run. */
redu_status redu_plan_make(const redu_device *d, size_t n, size_t elem_size,
                           const redu_options *opts, redu_plan *p, const char *fn);

#endif

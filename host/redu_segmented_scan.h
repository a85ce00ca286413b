/* The host half of segmented and batched scans (host/redu_scan_calls.c stamps the calls):
 * the checks of the offsets, x and y, the plan, and where the segments lie on the device. */
#ifndef REDU_SEGSCAN_CALL_H
#define REDU_SEGSCAN_CALL_H

#include "host/redu_call.h"

/* Segments g in [0, nseg) cover elements [first, last) of x and y, which scan (an array
 * scan's call over that section) finds on the device; segment g is [offsets[g] - base,
 * offsets[g + 1] - base) of the section, or with offsets NULL (batched) [g len, (g + 1) len). */
typedef struct redu__segscan_call {
  redu__scan_call scan;
  const size_t *offsets; /* device: the caller's offsets or a copy of host ones; NULL batched */
  size_t base;           /* offsets[0] (0 batched) */
  size_t count;          /* elements of the section the segments cover */
  size_t len, nseg;
  size_t longest;     /* the longest segment's elements */
  size_t *owned;      /* the device copy of host offsets, freed by redu__segscan_end */
  size_t *one_by_one; /* host: the offsets (from base) of segments scanned one after another */
} redu__segscan_call;

/* Validates and plans a segmented (batched = 0: offsets, nseg + 1 of them) or batched
 * (batched = 1: nseg segments of len) scan of elements of elem_size bytes into accumulators
 * of acc_size; nothing to launch when c->scan.empty. With c->one_by_one, the caller scans
 * segment g as an array of one_by_one[g + 1] - one_by_one[g] elements from one_by_one[g]
 * (few long segments: each with the whole device); else it launches one team per segment. */
redu_status redu__segscan_begin(redu__segscan_call *c, const char *fn, size_t elem_size,
                                size_t elem_align, size_t acc_size, size_t acc_align, int batched,
                                int device, const void *x, void *y, const size_t *offsets,
                                size_t len, size_t nseg, const redu_options *opts);
/* Copies a host output back and gives everything back. */
redu_status redu__segscan_end(redu__segscan_call *c);
/* Gives back what begin took, copying nothing back (a call that fails after begin writes
 * nothing). */
void redu__segscan_abandon(redu__segscan_call *c);

#endif

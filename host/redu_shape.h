/* What a call reduces into: its shape (the input element, the accumulator, the kind of
 * call), which the checks, the planner and the scratch pool go by, and the largest record.
 * Installed with host/redu_call.h, which includes it: calls stamped in users' files fill
 * shapes. */
#ifndef REDU_SHAPE_H
#define REDU_SHAPE_H

#include "device/redu_internal.h"

#include "device/redu_exact_acc.h"
#include "device/redu_region_layout.h"
#include "redu.h"
#include <stddef.h>

/* What kind of accumulator a call reduces into. */
typedef struct redu__call_shape {
  const char *fn;    /* the public call's name, for error messages */
  size_t elem_size;  /* bytes per input element (x[i]) */
  size_t elem_align; /* _Alignof the input element: x must be aligned to it */
  size_t acc_size;   /* sizeof the accumulator */
  size_t acc_align;  /* _Alignof the accumulator */
  int ordered;       /* combiner not commutative: index order everywhere */
  int builtin;       /* a built-in op's kernel: warp shuffles only, no tree mode */
  int exact;         /* an exact sum: acc_size is a long accumulator's record
                        (device/redu_exact_acc.h), up to REDU_EXACT_ACC_BYTES;
                        the only calls that take REDU_EXACT */
  int dot;           /* a dot product: y is its second input (checked as x) */
  const void *y;
  const void *const *ptrs; /* wrapped regions: device pointers the body reads, or NULL */
  size_t nptrs;            /* (x is then unused and may be NULL) */
  int region_exact;        /* wrapped regions: exact kinds among the reductions, whose
                              records (REDU__X_SUM_RECORD_BYTES each) are part of acc_size */
  int segmented;           /* many segments per call (redu__seg_call_begin): */
  int batched;             /* fixed-length segments, no offsets array */
  int arg;                 /* outputs include indices within segments (arg ops) */
  size_t out_size;         /* bytes of one output value */
  size_t out_align;
  /* Last, so that the fields above keep their offsets for code stamped by an older header
   * (a field added in the middle made such a test binary pass garbage alignments). */
  int query;      /* redu_scratch_query: sizes any call of these sizes, so no one kind of call's
                     own limits apply */
  int scan;       /* a scan: team scratch of REDU__SCAN_TEAM_SLOTS (device/redu_scan_kernel.h) */
  int bins;       /* a bins call: takes REDU_BINS_ACCUMULATE and REDU_BINS_SKIP_BAD_KEYS */
  int bins_exact; /* a float sum's bins: takes REDU_EXACT too */
} redu__call_shape;

/* The largest record of a region: REDU_MAX_ACC_BYTES of accumulators, its exact kinds' long
 * accumulators (device/redu_region_layout.h), and alignment between them. */
enum {
  REDU__REGION_MAX_RECORD =
      REDU_MAX_ACC_BYTES + REDU__REGION_MAX_EXACT * REDU__X_SUM_RECORD_BYTES + 16
};

#endif

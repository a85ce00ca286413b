/* The host half of a scan (libredu/redu_scan.h; the kernel is device/redu_scan_kernel.h):
 * redu__scan_begin validates the arrays and options, plans, takes scratch and finds x and y
 * on the device; the caller launches over c->x_dev and c->y_dev unless c->empty;
 * redu__scan_end copies a host output back and gives the scratch back. A scan reads the
 * options and arrays as a reduction does (host/redu_call.c), with y an output of n
 * elements that may be x itself but may not overlap it otherwise. */
#ifndef REDU_SCAN_CALL_H
#define REDU_SCAN_CALL_H

#include "device/redu_launch.h"
#include "redu.h"
#include <stddef.h>

typedef struct redu__scan_call {
  redu__launch launch;
  const void *x_dev; /* x's device address: the caller's, or where a host array was found */
  void *y_dev;       /* y's device address: the caller's, or its staged copy */
  void *y_host;      /* a host array y (REDU_INPUT_HOST): copied back after the launch */
  size_t y_bytes;
  size_t tile; /* elements per tile of the single pass; 0: reduce-then-scan */
  int empty;   /* n == 0: nothing to launch or write */
  const char *fn;
  struct redu__device *owner;
  struct redu__slot *slot;
} redu__scan_call;

/* Scans of at least this many elements take the single pass where the op allows it
 * (one_pass_ok), smaller ones reduce-then-scan. H100, redu-bench --only scan (one run, ms,
 * single pass / reduce-then-scan): sum_i32 2^20 0.083 / 0.047, 2^24 0.283 / 0.290, 2^27
 * 1.698 / 1.864; sum_i64 2^24 0.336 / 0.358, 2^27 2.260 / 2.215; max_i32 as sum_i32. The
 * single pass pays for its clearing launch and serial look-back below 2^24 and wins at most
 * 10% above (docs/performance.md, "Scans"). */
#define REDU__SCAN_ONE_PASS_MIN ((size_t)1 << 24)

/* One scan over n elements of elem_size bytes (aligned to elem_align) into accumulators
 * of acc_size bytes; one_pass_ok: the op's bits do not depend on association, so the
 * single pass may run it. fn names the public call in messages. On REDU_OK with !c->empty the
 * caller launches and then must call redu__scan_end. */
redu_status redu__scan_begin(redu__scan_call *c, const char *fn, size_t elem_size,
                             size_t elem_align, size_t acc_size, size_t acc_align, int one_pass_ok,
                             int device, const void *x, void *y, size_t n,
                             const redu_options *opts);
redu_status redu__scan_end(redu__scan_call *c);

#endif

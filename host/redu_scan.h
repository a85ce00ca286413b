/* The host half of a scan (libredu/redu_scan.h; the kernel is device/redu_scan_kernel.h):
 * redu__scan_begin validates the arrays and options, plans, takes scratch and finds x and y
 * on the device; the caller launches over c->x_dev and c->y_dev unless c->empty;
 * redu__scan_end copies a host output back and gives the scratch back. A scan reads the
 * options and arrays as a reduction does (host/redu_call.c), with y an output of n
 * elements that may be x itself but may not overlap it otherwise. */
#ifndef REDU_SCAN_CALL_H
#define REDU_SCAN_CALL_H

#include "device/redu_launch.h"
#include "device/redu_scan_kernel.h"
#include "redu.h"
#include <stddef.h>

typedef struct redu__scan_call {
  redu__launch launch;
  const void *x_dev; /* x's device address: the caller's, or where a host array was found */
  void *y_dev;       /* y's device address: the caller's, or its staged copy */
  void *y_host;      /* a host array y (REDU_INPUT_HOST): copied back after the launch */
  size_t y_bytes;
  redu__scan_pass pass;       /* the single pass's status and tiles */
  const redu__scan_pass *one; /* &pass for the single pass, NULL for reduce-then-scan */
  int empty;                  /* n == 0: nothing to launch or write */
  const char *fn;
  struct redu__device *owner;
  struct redu__slot *slot;
} redu__scan_call;

/* Scans of up to this many bytes of elements take the single pass, larger ones
 * reduce-then-scan (REDU_SCAN_PASS overrides). H100, ms (single / reduce-then-scan, 256 x
 * 1,056 teams): i32 2^20 0.050 / 0.076, 2^24 0.194 / 0.297, 2^27 1.27 / 0.97; f64 2^20
 * 0.062 / 0.118, 2^24 0.435 / 0.479, 2^27 3.12 / 1.80. The single pass saves a launch and a
 * read; from about 2^25 elements its look-back waits cost more (docs/performance.md). */
#define REDU__SCAN_ONE_PASS_MAX_BYTES ((size_t)64 << 20)

/* One scan over n elements of elem_size bytes (aligned to elem_align) into accumulators
 * of acc_size bytes. fn names the public call in messages. On REDU_OK with !c->empty the
 * caller launches and then must call redu__scan_end. */
redu_status redu__scan_begin(redu__scan_call *c, const char *fn, size_t elem_size,
                             size_t elem_align, size_t acc_size, size_t acc_align, int device,
                             const void *x, void *y, size_t n, const redu_options *opts);
redu_status redu__scan_end(redu__scan_call *c);

#endif

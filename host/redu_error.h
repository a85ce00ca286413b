/* Failing a call: the status goes back to the caller, the detail into a per-thread buffer
 * that redu_last_error() returns. */
#ifndef REDU_ERROR_H
#define REDU_ERROR_H

#include "redu.h"

/* Formats the detail message (printf-style) for this thread and returns s. Exported for
 * libredu_mpi (host/mpi/), whose messages redu_last_error() returns too. */
REDU_API redu_status redu__fail(redu_status s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* REDU_ERR_BAD_OFFSETS for bad position k of segment offsets: offsets[k] = at after
 * offsets[k - 1] = before, or offsets[nseg] = at past `limit` elements from x. One text for
 * every segmented call (reductions and scans) and target. */
redu_status redu__seg_bad(const char *fn, size_t k, size_t nseg, size_t before, size_t at,
                          size_t limit);

struct redu__device;
/* An array p of `bytes` bytes that a segmented call reads or writes, named `what`: present,
 * within the address space, aligned to `align`, and (unless on_host) device memory, whose
 * bytes from p to its allocation's end go to *left. One check for segmented reductions and
 * scans (host/redu_segmented.c). */
redu_status redu__seg_check_ptr(const struct redu__device *d, const char *fn, const char *what,
                                const void *p, size_t bytes, size_t align, int on_host,
                                size_t *left);

#endif

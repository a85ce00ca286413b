/* Host arrays (REDU_INPUT_HOST) on a device other than the host, in one place for every
 * call: each kernel is launched with device addresses only (docs/semantics.md, "Host
 * arrays"). An input the program has mapped whole, in one mapping, is read there in place;
 * any other input, and every output, lies in the calling slot's staging buffer for the
 * call. Nothing is mapped, so the program's own mappings are never extended or changed,
 * and calls of many threads over overlapping host arrays never meet in libomptarget's
 * table of mappings. */
#ifndef REDU_HOST_ARRAYS_H
#define REDU_HOST_ARRAYS_H

#include "host/redu_scratch.h"
#include <stddef.h>

/* One host array of a call. */
typedef struct redu__host_array {
  const void *host; /* the program's array */
  size_t bytes;     /* its extent; 0: nothing to move (dev is then host) */
  int out;          /* the kernel writes it: staged, never read in place; the caller copies
                       it back (redu__host_copy_back) once the kernel succeeded */
  const void *dev;  /* set by redu__host_arrays_in: where the kernel finds it */
} redu__host_array;

/* The most arrays one call moves: a segmented call's x, offsets, values and indices. */
#define REDU__HOST_ARRAYS_MAX 4

/* Sets a[k].dev for k in [0, count): the program's mapping of an input when it covers the
 * input whole, else a copy in s's staging buffer on device d (inputs copied there now).
 * A staged copy keeps its host array's address modulo 256, so it is aligned as the host
 * array is (the kernels' loads, and so float results, depend on x's alignment).
 * Returns REDU_OK; REDU_ERR_OUT_OF_MEMORY when the staging buffer cannot grow to hold the
 * copies; REDU_ERR_DEVICE when a copy fails. The message names fn. */
redu_status redu__host_arrays_in(redu__device *d, redu__slot *s, redu__host_array *a, int count,
                                 const char *fn);

/* Copies bytes from src on device src_dev to dst on device dst_dev (either may be the
 * host's number): REDU_OK (also for 0 bytes), or REDU_ERR_DEVICE naming fn. */
redu_status redu__copy(int dst_dev, int src_dev, void *dst, const void *src, size_t bytes,
                       const char *fn);

/* Copies bytes of an output from dev (its staged copy on device) back into host. */
redu_status redu__host_copy_back(int device, void *host, const void *dev, size_t bytes,
                                 const char *fn);

#endif

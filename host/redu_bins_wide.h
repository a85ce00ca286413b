/* size_t keys behind a bins call's 32-bit ones (redu_bins_wide, host/redu_bins_wide.c):
 * where redu__bins_bad_key reads a bad key's own value for its message, which the narrowed
 * keys no longer hold (a key past nbins is UINT32_MAX there, device/redu_bins_keys.h). */
#ifndef REDU_HOST_BINS_WIDE_H
#define REDU_HOST_BINS_WIDE_H

#include <stddef.h>

typedef struct redu__bins_wide_keys {
  const size_t *keys; /* NULL outside redu_bins_wide */
  int device;         /* the device whose memory holds them (the host's number for host keys) */
} redu__bins_wide_keys;

/* The calling thread's, set for the length of its bins call. */
extern _Thread_local redu__bins_wide_keys redu__bins_wide_source;

#endif

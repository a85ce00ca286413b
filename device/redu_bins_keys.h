/* Bins over size_t keys (redu_bins_wide, libredu/redu.h): the keys narrowed to the 32-bit
 * keys every bins kernel reads, in one pass before the bins call. A key below nbins (at most
 * UINT32_MAX) stays itself; any other becomes UINT32_MAX, which is never below nbins, so a
 * key of 2^32 + 3 is a bad key, never bin 3. One pass and 4 bytes a key of device memory,
 * instead of a second set of every bins kernel for 8-byte keys (docs/bins.md). */
#ifndef REDU_BINS_KEYS_H
#define REDU_BINS_KEYS_H

#include "device/redu_team_scratch.h"
#include "device/redu_thread_range.h"
#include <stddef.h>
#include <stdint.h>

#pragma omp begin declare target
static inline uint32_t redu__bins_narrow_key(size_t key, size_t nbins)
{
  return key < nbins ? (uint32_t)key : UINT32_MAX;
}

/* keys[i] for i in r (the host's loop: all of them, one step at a time). */
static inline void redu__bins_narrow_share(const size_t *wide, uint32_t *keys, redu__range r,
                                           size_t nbins)
{
  for (size_t i = r.first; i < r.end; i += r.step)
    keys[i] = redu__bins_narrow_key(wide[i], nbins);
}
#pragma omp end declare target

/* keys[i] = the narrowed wide[i] for i in [0, n), both in device memory, by `teams` x
 * `threads` of the device: grid-stride on GPUs, a chunk a thread on CPUs. */
static inline void redu__bins_narrow_keys(int device, int teams, int threads, const size_t *wide,
                                          uint32_t *keys, size_t n, size_t nbins)
{
  REDU__PRAGMA(omp target teams device(device) num_teams(teams) thread_limit(threads)
                   is_device_ptr(wide, keys))
  REDU__PRAGMA(omp parallel num_threads(threads))
  redu__bins_narrow_share(
      wide, keys,
      redu__dev_thread_range(n, 0,
                             (size_t)omp_get_team_num() * (size_t)omp_get_num_threads() +
                                 (size_t)omp_get_thread_num(),
                             (size_t)omp_get_num_teams() * (size_t)omp_get_num_threads()),
      nbins);
}

#endif

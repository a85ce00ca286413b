/* redu_bins_wide (libredu/redu.h): bins over size_t keys. The keys are checked as the bins
 * calls check theirs, narrowed into 32-bit keys (device/redu_bins_keys.h: on the device into
 * the calling slot's records, which it keeps for the next call as a region keeps its bins
 * records; on the host into memory of the call's own where they are a GPU call's host
 * arrays), and the generic redu_bins reduces over those: the same kernels,
 * plans and bits as a call over the same keys as uint32_t. */
#include "host/redu_bins_wide.h"
#include "device/redu_bins_keys.h"
#include "host/redu_array_checks.h"
#include "host/redu_bins.h"
#include "host/redu_device.h"
#include "host/redu_error.h"
#include "host/redu_plan.h"
#include "host/redu_scratch.h"
#include "redu.h"
#include <stdint.h>
#include <stdlib.h>

_Thread_local redu__bins_wide_keys redu__bins_wide_source;

/* Bytes of an element of each type (out's, for its overlap with the keys). */
static const size_t redu__bins_wide_elem[REDU_TYPE_COUNT] = {
#define REDU__BINS_WIDE_ELEM(sfx, T, E, K, SA, LO, HI) [E] = sizeof(T),
    REDU_FOR_EACH_TYPE(REDU__BINS_WIDE_ELEM)
#undef REDU__BINS_WIDE_ELEM
};

/* keys (n of them, on device d's memory unless host_keys) narrowed into *narrow: a host
 * buffer the caller frees, or the records of a slot (*slot, which the caller releases). */
static redu_status redu__bins_wide_narrow(const char *fn, redu__device *d, int host_keys,
                                          const size_t *keys, size_t n, size_t nbins,
                                          uint32_t **narrow, redu__slot **slot)
{
  *narrow = NULL, *slot = NULL;
  if (!n)
    return REDU_OK;
  if (host_keys) {
    if (!(*narrow = malloc(n * sizeof **narrow)))
      return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                        "%s: no host memory for %zu narrowed keys (%zu bytes)", fn, n,
                        n * sizeof **narrow);
    redu__bins_narrow_share(keys, *narrow, (redu__range){0, 1, n}, nbins);
    return REDU_OK;
  }
  redu_status s = redu__check_device_range(d, keys, n * sizeof *keys, "keys", fn, NULL);
  if (s != REDU_OK)
    return s;
  /* The narrowing is ours to plan: a reduction's shape over the 8-byte keys. */
  const redu__call_shape sh = {.fn = fn,
                               .elem_size = sizeof *keys,
                               .elem_align = _Alignof(size_t),
                               .acc_size = sizeof(uint64_t),
                               .acc_align = _Alignof(uint64_t),
                               .builtin = 1};
  redu__plan p;
  if ((s = redu__plan_make(d, n, &sh, NULL, &p)) != REDU_OK)
    return s;
  if (!(*slot = redu__scratch_acquire(d)) ||
      redu__scratch_records(d, *slot, n * sizeof **narrow) != 0)
    return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                      "%s: no device memory for %zu narrowed keys (%zu bytes) on device %d", fn, n,
                      n * sizeof **narrow, d->number);
  *narrow = (uint32_t *)(*slot)->records;
  redu__bins_narrow_keys(d->number, p.teams, p.threads, keys, *narrow, n, nbins);
  return REDU_OK;
}

redu_status redu_bins_wide(int device, redu_op op, redu_type type, const size_t *keys,
                           const void *x, size_t n, size_t nbins, void *out, size_t *index,
                           const redu_options *opts)
{
  static const char fn[] = "redu_bins_wide";
  /* The generic call over nothing judges op, type, device and options as the call will. */
  redu_status s = redu_bins(device, op, type, NULL, NULL, 0, 0, NULL, NULL, opts);
  if (s != REDU_OK)
    return s;
  if (n && !keys)
    return redu__fail(REDU_ERR_NULL_ARG, "%s: keys is NULL with n = %zu", fn, n);
  if (nbins > UINT32_MAX)
    return redu__fail(REDU_ERR_OVERFLOW,
                      "%s: nbins = %zu; size_t keys take at most 2^32 - 1 bins (their keys are "
                      "narrowed to 32 bits); split the bins over several calls",
                      fn, nbins);
  size_t kb = n * sizeof *keys, ob = nbins * redu__bins_wide_elem[type];
  size_t ib = op == REDU_ARGMIN || op == REDU_ARGMAX ? nbins * sizeof *index : 0;
  if ((s = redu__check_span(fn, "keys", keys, n, sizeof *keys, _Alignof(size_t))) != REDU_OK ||
      (s = redu__check_apart(fn, "out", out, ob, "keys", keys, kb, REDU__BINS_APART)) != REDU_OK ||
      (s = redu__check_apart(fn, "index", index, ib, "keys", keys, kb, REDU__BINS_APART)) !=
          REDU_OK)
    return s;
  redu__device *d;
  if ((s = redu__device_get(device, &d, fn)) != REDU_OK)
    return s;
  /* host keys of a device narrowed on the host (then staged by the bins call); the host's
   * own keys as any device's, into the slot's records, kept between calls: a fresh
   * allocation a call faulted on every page on CPUs (2-core VM, 2^20 keys, 1.1 ms a call),
   * and on the H100 a staging buffer past its 64 MiB, allocated and freed each call, took
   * 2^27 counts into 256 bins from 0.25 ms to 1.33 (the narrowing pass itself: 0.08 ms at
   * 2^24) */
  int host_keys = !d->is_initial && opts && (opts->flags & REDU_INPUT_HOST);
  uint32_t *narrow;
  redu__slot *slot;
  s = redu__bins_wide_narrow(fn, d, host_keys, keys, n, nbins, &narrow, &slot);
  if (s == REDU_OK) {
    redu__bins_wide_source = (redu__bins_wide_keys){
        .keys = keys, .device = host_keys ? redu__initial_device() : d->number};
    s = redu_bins(device, op, type, narrow, x, n, nbins, out, index, opts);
    redu__bins_wide_source = (redu__bins_wide_keys){0};
  }
  if (slot)
    redu__scratch_release(d, slot);
  if (host_keys)
    free(narrow);
  return s;
}

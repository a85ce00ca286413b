#include "host/redu_host_arrays.h"

#include "host/redu_device.h"
#include "host/redu_error.h"
#include <omp.h>
#include <stdint.h>

/* The device address of host memory [p, p + bytes) when the program has mapped all of it:
 * its first and last bytes present, as far apart on the device as on the host (one
 * mapping; two mappings side by side on the host lie apart on the device). Else NULL. */
static const void *redu__mapped(int dev, const void *p, size_t bytes)
{
  const char *first = p, *last = first + bytes - 1;
  if (!omp_target_is_present(first, dev) || !omp_target_is_present(last, dev))
    return NULL;
  const char *df = omp_get_mapped_ptr(first, dev), *dl = omp_get_mapped_ptr(last, dev);
  return df && dl && (uintptr_t)dl - (uintptr_t)df == bytes - 1 ? df : NULL;
}

enum { REDU__STAGE_ALIGN = 256 };

redu_status redu__host_arrays_in(redu__device *d, redu__slot *s, redu__host_array *a, int count,
                                 const char *fn)
{
  /* at[k]: where a[k]'s copy lies in the staging buffer; SIZE_MAX: none (empty, or read in
   * place). */
  size_t at[REDU__HOST_ARRAYS_MAX], total = 0;
  for (int k = 0; k < count; ++k) {
    at[k] = SIZE_MAX;
    a[k].dev = a[k].host;
    if (!a[k].bytes || (!a[k].out && (a[k].dev = redu__mapped(d->number, a[k].host, a[k].bytes))))
      continue;
    size_t mis = (uintptr_t)a[k].host % REDU__STAGE_ALIGN;
    if (a[k].bytes > SIZE_MAX - 2 * REDU__STAGE_ALIGN - total)
      return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                        "%s: the host arrays take more bytes than a device allocation can hold",
                        fn);
    at[k] = (total + REDU__STAGE_ALIGN - 1) / REDU__STAGE_ALIGN * REDU__STAGE_ALIGN + mis;
    total = at[k] + a[k].bytes;
  }
  if (total && redu__scratch_stage(d, s, total) != 0)
    return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                      "%s: no device memory on device %d for a %zu-byte copy of the host "
                      "arrays; map them to the device first (target enter data: they are then "
                      "read in place) or reduce them in parts",
                      fn, d->number, total);
  for (int k = 0; k < count; ++k) {
    if (at[k] == SIZE_MAX)
      continue;
    char *dst = (char *)s->stage + at[k];
    a[k].dev = dst;
    if (!a[k].out &&
        omp_target_memcpy(dst, a[k].host, a[k].bytes, 0, 0, d->number, redu__initial_device()) != 0)
      return redu__fail(REDU_ERR_DEVICE,
                        "%s: could not copy %zu bytes of a host array to device %d", fn, a[k].bytes,
                        d->number);
  }
  return REDU_OK;
}

redu_status redu__copy(int dst_dev, int src_dev, void *dst, const void *src, size_t bytes,
                       const char *fn)
{
  if (!bytes || omp_target_memcpy(dst, src, bytes, 0, 0, dst_dev, src_dev) == 0)
    return REDU_OK;
  return redu__fail(REDU_ERR_DEVICE, "%s: could not copy %zu bytes from device %d to device %d", fn,
                    bytes, src_dev, dst_dev);
}

redu_status redu__host_copy_back(int device, void *host, const void *dev, size_t bytes,
                                 const char *fn)
{
  return redu__copy(redu__initial_device(), device, host, dev, bytes, fn);
}

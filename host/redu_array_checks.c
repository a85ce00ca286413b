#include "host/redu_array_checks.h"
#include "host/redu_error.h"
#include <stdint.h>

redu_status redu__check_span(const char *fn, const char *what, const void *p, size_t count,
                             size_t size, size_t align)
{
  if (count > SIZE_MAX / size || (p && (uintptr_t)p > UINTPTR_MAX - count * size))
    return redu__fail(REDU_ERR_OVERFLOW,
                      "%s: %zu elements of %zu bytes starting at %s = %p exceed the address "
                      "space",
                      fn, count, size, what, p);
  if ((uintptr_t)p % align)
    return redu__fail(REDU_ERR_MISALIGNED,
                      "%s: %s = %p is not aligned to its %zu-byte element type; pass the start "
                      "of an array of that type",
                      fn, what, p, size);
  return REDU_OK;
}

redu_status redu__check_apart(const char *fn, const char *out_name, const void *o, size_t ob,
                              const char *name, const void *p, size_t pb, const char *advice)
{
  uintptr_t a = (uintptr_t)o, b = (uintptr_t)p;
  if (!o || !p || !ob || !pb || a >= b + pb || b >= a + ob)
    return REDU_OK;
  return redu__fail(REDU_ERR_OVERLAP, "%s: %s = %p (%zu bytes) overlaps %s = %p (%zu bytes); %s",
                    fn, out_name, o, ob, name, p, pb, advice);
}

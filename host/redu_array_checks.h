/* The checks every call makes of the arrays it is given, in one place, with one wording:
 * an array's span within the address space and aligned to its elements, and an output
 * apart from another array. */
#ifndef REDU_ARRAY_CHECKS_H
#define REDU_ARRAY_CHECKS_H

#include "redu.h"
#include <stddef.h>

/* count elements of `size` bytes from p (`what` in messages; p may be NULL when count is 0)
 * lie inside the address space (else REDU_ERR_OVERFLOW) and p is aligned to `align` (else
 * REDU_ERR_MISALIGNED: a GPU faults on a misaligned access, so every target refuses it). */
redu_status redu__check_span(const char *fn, const char *what, const void *p, size_t count,
                             size_t size, size_t align);

/* The output [o, o + ob) apart from the array [p, p + pb) (either empty or NULL: apart),
 * else REDU_ERR_OVERLAP with `advice` ending the message. */
redu_status redu__check_apart(const char *fn, const char *out_name, const void *o, size_t ob,
                              const char *name, const void *p, size_t pb, const char *advice);

#endif

/* The host half of exact sums and dot products (host/redu_exact_calls.c) and the one
 * rounding of a long accumulator (host/redu_exact_round.c). */
#ifndef REDU_EXACT_H
#define REDU_EXACT_H

#include "redu.h"
#include <stdint.h>

/* The exact value of a record (limbs[0, nlimbs), limb j weighing 2^(32 j - bias), then the
 * flags word; device/redu_exact_acc.h) rounded once to nearest-even with `prec` bits of
 * precision and least normal exponent emin (53, -1022: double; 24, -126: float), returned
 * as a double that holds the rounded value exactly (a float's converts without change).
 * NaN for a NaN term or both infinities, +-inf for one infinity or a rounded overflow, -0.0
 * when every term was -0.0. */
double redu__x_round(const int64_t *rec, int nlimbs, int bias, int prec, int emin);

/* Adds the double d to a record (limbs[0, nlimbs) and the flags word, as above) as one term
 * of a sum: its flags when it is NaN, an infinity or other than -0.0, its digits else. */
void redu__x_record_add(int64_t *rec, int nlimbs, int bias, double d);

/* acc := acc + later, two records of nlimbs limbs and a flags word (the flags or-ed). */
void redu__x_record_combine(int64_t *acc, const int64_t *later, int nlimbs);

/* The partial forms (host/redu_partial.h) of exact sums (type REDU_FLOAT or REDU_DOUBLE),
 * and the exact and dot partials by code (NULL for a code that is none of them). */
const struct redu__partial *redu__partial_exact_sum(redu_type type);
const struct redu__partial *redu__partial_exact_by_code(int code);

/* REDU_SUM with REDU_EXACT of float (type REDU_FLOAT) or double x[0, n) into *result. */
redu_status redu__exact_sum(redu_type type, int device, const void *x, size_t n, void *result,
                            const redu_options *opts);

/* REDU_SUM array scans of float (type REDU_FLOAT) or double with REDU_EXACT
 * (host/redu_exact_scan.c): every prefix the exact sum rounded once; REDU_ERR_UNSUPPORTED for other
 * types. The rest as the typed scans (libredu/redu_scan.h), fn naming the public call. */
redu_status redu__exact_scan(redu_type type, int device, const void *x, void *y, size_t n,
                             const redu_options *opts, int exclusive, const char *fn);
/* The same for segmented (batched = 0: offsets, nseg + 1 of them) and batched (batched = 1: nseg
 * segments of len) scans (libredu/redu_segmented_scan.h). */
redu_status redu__exact_segscan(redu_type type, int device, const void *x, void *y,
                                const size_t *offsets, size_t len, size_t nseg,
                                const redu_options *opts, int exclusive, int batched,
                                const char *fn);

#endif

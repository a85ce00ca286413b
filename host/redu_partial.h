/* A reduction split into parts, each reduced on its own device (redu_multi_*, several GPUs
 * of a node) or its own process (redu_mpi_*, MPI ranks): every part is reduced to an
 * accumulator (not the rounded result), the accumulators are combined in part order on the
 * host, and the result is finished once. Float sums thus round once, exact sums add long
 * accumulators (the same bits for any number of parts), and arg ops count their indices
 * through the parts before them.
 * These functions are exported for libredu_mpi (host/mpi/) and for the multi-device and MPI
 * calls stamped in users' files by redu_udr.h and redu_mpi.h. */
#ifndef REDU_PARTIAL_H
#define REDU_PARTIAL_H

#include "device/redu_internal.h"

#include "redu.h"
#include <stddef.h>

/* The largest accumulator a partial carries: an exact dot's long accumulator
 * (REDU_EXACT_ACC_BYTES), which is more than a declared type's (REDU_MAX_ACC_BYTES). */
#define REDU__PARTIAL_MAX_ACC REDU_EXACT_ACC_BYTES
_Static_assert(REDU_MAX_ACC_BYTES <= REDU__PARTIAL_MAX_ACC, "a declared type fits a partial");

typedef struct redu__partial redu__partial;
struct redu__partial {
  const char *fn; /* the one-device call it splits, for messages ("redu_sum_f64") */
  size_t acc_size;
  /* Reduces x[0, n) (and y[0, n) for dot products) on device into acc. */
  redu_status (*reduce)(int device, const void *x, const void *y, size_t n, void *acc,
                        const redu_options *opts);
  /* acc := acc . later, where acc covers the `before` elements preceding later's. */
  void (*combine)(void *acc, const void *later, size_t before);
  /* The result (and index, for arg ops) from a combined accumulator. */
  void (*finish)(const void *acc, void *result, size_t *index);
  int arg;  /* finish writes an index: the call needs an index output */
  int code; /* the entry in redu__partial_by_code, for the MPI combiner; -1 for declared
               reductions (their combiner is stamped in the user's file) */
};

/* The partial form of redu_reduce(op, type) with opts->flags' REDU_EXACT, or NULL (with the
 * message set for `fn`) when that op/type/flag mix is not a reduction: *st is then
 * REDU_ERR_UNSUPPORTED. */
REDU_API const redu__partial *redu__partial_builtin(const char *fn, redu_op op, redu_type type,
                                                    unsigned flags, redu_status *st);
/* The partial form of redu_dot_f32 (type REDU_FLOAT) or redu_dot_f64, fast or exact. */
REDU_API const redu__partial *redu__partial_dot(redu_type type, unsigned flags);
/* The built-in partial with this code (the same build on every rank), or NULL. */
REDU_API const redu__partial *redu__partial_by_code(int code);

/* The body of every multi-device call (libredu/redu_multi.h; declared reductions' are stamped
 * by redu_udr.h): checks the outputs (result, and index when p->arg) and the parts, reduces
 * part k = xs[k][0, ns[k]) (and ys[k] for dot products; ys NULL else) on devices[k] for k in
 * [0, nparts), all at once from one host thread each (bound near its GPU by hwloc), combines
 * the accumulators in part order and finishes the result. fn names the public call.
 * Returns: the statuses of libredu/redu_multi.h. */
REDU_API redu_status redu__multi_call(const char *fn, const redu__partial *p, int nparts,
                                      const int *devices, const void *const *xs,
                                      const void *const *ys, const size_t *ns, void *result,
                                      size_t *index, const redu_options *opts);

#endif

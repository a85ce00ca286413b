/* User-declared reductions: one declaration of a reduction over a type T serves OpenMP's
 * own `reduction(name : x)` clauses (GPU and host) and libredu's fast path, whose kernel
 * is stamped in the including file with the combiner inlined.
 *
 *   typedef struct { double re, im; } cplx;
 *   static inline cplx cplx_add(cplx a, cplx b) { return (cplx){a.re + b.re, a.im + b.im}; }
 *   REDU_DECLARE_REDUCTION(cplx_sum, cplx, cplx_add, REDU_COMMUTATIVE, {0.0, 0.0})
 *
 *   cplx s;
 *   redu_reduce_cplx_sum(dev, x, n, &s, NULL);            // libredu, x on the device
 *   #pragma omp target teams distribute parallel for reduction(cplx_sum : s) ...
 *
 * Compile such files with the offload flags libredu's CMake target / pkg-config carries.
 * docs/user-reductions.md has the rules and more examples. */
#ifndef REDU_UDR_H
#define REDU_UDR_H

#include "redu.h"
#include <string.h>

/* libredu's internals that the macros below stamp (device/redu_internal.h): the stamping
 * machinery (device/redu_udr_stamp.h) and the host half of a call, which it names. */
#define REDU__INSIDE
#include "device/redu_udr_stamp.h"
#include "host/redu_call.h"
#include "host/redu_partial.h"
#undef REDU__INSIDE

/* The `order` argument: may the combine order change (commutative), or must every
 * combine see its operands in index order (the result is as if reduced left to right). */
#define REDU_COMMUTATIVE 0
#define REDU_ORDERED 1

/* REDU_DECLARE_REDUCTION(name, T, combine, order, identity...)
 *   name      identifier: OpenMP reduction identifier and stem of the names below
 *   T         any trivially copyable type of 1..256 bytes, aligned to at most 16 (every
 *             fundamental C type); a larger or over-aligned T fails to compile
 *             (_Static_assert naming REDU_MAX_ACC_BYTES / REDU_MAX_ACC_ALIGN)
 *   combine   T combine(T a, T b), function or function-like macro, associative, with a
 *             holding earlier elements than b; inlined everywhere, declare-target-safe
 *   order     REDU_COMMUTATIVE or REDU_ORDERED
 *   identity  initializer of T with combine(identity, b) == b: a value, a compound
 *             literal, a braced list or a call (an "initializer function")
 * defines, at file scope:
 *   #pragma omp declare reduction(name : T) with that combiner and initializer
 *   T redu_identity_<name>(void), T redu_combine_<name>(T, T)    host and device
 *   redu_status redu_reduce_<name>(int device, const T *x, size_t n, T *result,
 *                                  const redu_options *opts)
 *       reduces x[0, n) like the typed calls of redu.h (same device, host-array, options
 *       and error rules); n = 0 gives the identity. On a GPU, a T of at most 32 bytes
 *       runs at most 512 threads per team (redu_options.threads above: REDU_ERR_BAD_OPTION).
 *       Returns: the statuses of the typed calls (redu_typed.h): REDU_OK;
 *       REDU_ERR_NULL_ARG; REDU_ERR_INVALID_DEVICE; REDU_ERR_OVERFLOW;
 *       REDU_ERR_MISALIGNED; REDU_ERR_NOT_DEVICE_PTR; REDU_ERR_BAD_OPTION;
 *       REDU_ERR_SCRATCH_TOO_SMALL; REDU_ERR_OUT_OF_MEMORY; REDU_ERR_DEVICE.
 *   redu_status redu_segmented_reduce_<name>(int device, const T *x, const size_t *offsets,
 *                                            size_t nsegments, T *results,
 *                                            const redu_options *opts)
 *   redu_status redu_batched_reduce_<name>(int device, const T *x, size_t segment_length,
 *                                          size_t nsegments, T *results,
 *                                          const redu_options *opts)
 *       one reduction per segment, in one call, with the rules of the segmented typed calls
 *       (redu_segmented.h): empty segments give the identity, REDU_ORDERED combines each
 *       segment's elements in index order.
 *   redu_status redu_bins_reduce_<name>(int device, const uint32_t *keys, const T *x,
 *                                       size_t n, size_t nbins, T *out,
 *                                       const redu_options *opts)
 *       out[k] = combine over {x[i] : keys[i] == k} in index order, k in [0, nbins), with the
 *       rules and statuses of the bins calls (libredu/redu_bins.h): the identity in empty
 *       bins, REDU_BINS_ACCUMULATE (out[k] enters first), keys >= nbins REDU_ERR_BAD_KEY
 *       (out untouched) or skipped with REDU_BINS_SKIP_BAD_KEYS, host arrays; REDU_EXACT
 *       gives REDU_ERR_UNSUPPORTED. The keys are sorted stably and each bin reduced as a
 *       segment: the same bits on every run of a plan, whatever `order` says. Device scratch:
 *       about (26 + sizeof(T)) bytes an element and 8 a bin (docs/bins.md).
 *   redu_status redu_multi_reduce_<name>(int ndev, const int *devices, const T *const *xs,
 *                                        const size_t *ns, T *result, const redu_options *opts)
 *       device devices[k] reduces xs[k][0, ns[k]), all at once, and the parts are combined
 *       in order (libredu/redu_multi.h has the rules and statuses); lifts that take the
 *       index see positions within a part.
 *   redu_status redu_inclusive_scan_<name>(int device, const T *x, T *y, size_t n,
 *                                          const redu_options *opts)
 *   redu_status redu_exclusive_scan_<name>(...same...)
 *       y[i] = init . x[0] . ... . x[i] (inclusive) or init . x[0] . ... . x[i - 1]
 *       (exclusive), `.` the combiner in index order whatever `order` says, init the
 *       identity or *(const T *)opts->init; the rules and statuses of the typed scans
 *       (libredu/redu_scan.h: in place, host arrays, the same bits on every run). T of at
 *       most 32 bytes: larger ones give REDU_ERR_UNSUPPORTED.
 *   redu_status redu_segmented_inclusive_scan_<name>(int device, const T *x, T *y,
 *                                                    const size_t *offsets, size_t nsegments,
 *                                                    const redu_options *opts)
 *   redu_status redu_batched_inclusive_scan_<name>(int device, const T *x, T *y,
 *                                                  size_t segment_length, size_t nsegments,
 *                                                  const redu_options *opts)
 *   and their exclusive forms (redu_segmented_exclusive_scan_<name>, ...)
 *       one scan per segment, each from init in index order, with the rules and statuses of
 *       the typed segmented scans (libredu/redu_segmented_scan.h: offsets checked before
 *       anything is written, REDU_ERR_BAD_OFFSETS; y outside every segment untouched);
 *       T of at most 32 bytes.
 *   and what wrapped regions (libredu/redu_region.h) need to carry `name`. The kernels are
 *   stamped in the including file (device/redu_udr_stamp.h). */
#define REDU_DECLARE_REDUCTION(name, T, combine, order, ...)                                       \
  REDU__DECLARE_REDUCTION(name, T, combine, order, __VA_ARGS__)

/* REDU_DEFINE_TRANSFORM_REDUCTION(func, name, In, lift) (In: any type up to 64 KiB) defines
 *   redu_status func(int device, const In *x, size_t n, T *result, const redu_options *opts)
 * reducing lift(x[i], i) over i in [0, n) with the declared reduction `name` (T its type):
 * lift is T lift(In v, size_t i), function or function-like macro, e.g. a double into a
 * Welford state, or a record at index i into a (value, index, payload) struct.
 * Returns: as redu_reduce_<name> (x must be aligned to In). */
#define REDU_DEFINE_TRANSFORM_REDUCTION(func, name, In, lift)                                      \
  REDU__DEFINE_TRANSFORM_REDUCTION(func, name, In, lift)

#endif

/* libredu: fast, deterministic reductions for OpenMP target-offload programs.
 *
 * This header is the whole C API of the library. Sections:
 *   1. Version                 REDU_VERSION_*, redu_version()
 *   2. Statuses and errors     redu_status (one table: names and texts), redu_status_string,
 *                              redu_last_error
 *   3. Operations and types    redu_op, redu_type, limits
 *   4. Options                 redu_options and its flags
 *   5. Reductions              redu_reduce, redu_dot_f32/f64, and the typed calls in
 *                              redu_typed.h; redu_segmented_reduce, redu_batched_reduce
 *                              and the typed ones in redu_segmented.h; several devices in
 *                              one call: redu_multi.h; scans: redu_inclusive_scan,
 *                              redu_exclusive_scan and the typed ones in redu_scan.h;
 *                              segmented and batched scans: redu_segmented_inclusive_scan,
 *                              ... and the typed ones in redu_segmented_scan.h
 *   6. Plans and scratch       redu_describe_plan, redu_plan_query, redu_scratch_query,
 *                              redu_accumulator_size
 *   7. Shutdown                redu_finalize
 * Declared reductions over your own types: redu_udr.h. Wrapped loops: redu_region.h.
 * Across MPI ranks: redu_mpi.h (library redu::redu_mpi).
 *
 * Conventions of every reduction call:
 *   device   an OpenMP device number (0 .. omp_get_num_devices()-1), the initial device
 *            (omp_get_initial_device(), i.e. the host), or REDU_DEFAULT_DEVICE for
 *            omp_get_default_device() (the host under OMP_TARGET_OFFLOAD=DISABLED).
 *   x        by default a pointer to memory of that device (omp_target_alloc, or any
 *            host memory when the device is the host), aligned to its element type.
 *            With REDU_INPUT_HOST in opts->flags, a host array: read in place when the
 *            program has mapped all of [x, x+n) to the device in one mapping (target data /
 *            enter data), else copied there for this call; the program's mappings are
 *            never extended or changed, and threads may share host arrays
 *            (docs/semantics.md, "Host arrays").
 *   n        element count (size_t; any size the memory holds, past 2^31 included).
 *            n = 0 is valid: the result is the operation's identity (docs/semantics.md),
 *            and x may then be NULL.
 *   opts     NULL for defaults, or a redu_options.
 *   Returns  a redu_status; on any status but REDU_OK nothing is written to the outputs,
 *            and redu_last_error() says what was wrong and what to do.
 * Calls are thread-safe: many host threads may reduce at once, on one device or several.
 * Semantics (NaN, ties, overflow, empty input) are in docs/semantics.md. */
#ifndef REDU_H
#define REDU_H

#include "redu_types.h"
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks what libredu.so exports: this API, and the redu__ functions that code stamped in
 * users' files and libredu_mpi call (host/redu_call.h, host/redu_partial.h,
 * host/redu_error.h; tests/check_exports.sh lists them). Everything else is hidden. */
#define REDU_API __attribute__((visibility("default")))

/* ---- 1. Version ------------------------------------------------------------------------ */

#define REDU_VERSION_MAJOR 0
#define REDU_VERSION_MINOR 6
#define REDU_VERSION_PATCH 0
/* One number that grows with every release: major * 10000 + minor * 100 + patch. */
#define REDU_VERSION (REDU_VERSION_MAJOR * 10000 + REDU_VERSION_MINOR * 100 + REDU_VERSION_PATCH)

/* REDU_VERSION of the library loaded at run time; compare it with the REDU_VERSION of
 * the headers a program was compiled with (kernels stamped from declared reductions and
 * regions need both to match). */
REDU_API unsigned redu_version(void);

/* ---- 2. Statuses and errors ------------------------------------------------------------ */

/* X(name, text): every status, and the fixed text redu_status_string returns for it (what
 * went wrong and what to do). The enum and the texts are both made from this table. */
#define REDU_FOR_EACH_STATUS(X)                                                                    \
  X(REDU_OK, "success")                                                                            \
  X(REDU_ERR_NULL_ARG, "a required pointer argument is NULL: pass valid input and output "         \
                       "pointers (x may be NULL only when n is 0)")                                \
  X(REDU_ERR_INVALID_DEVICE, "no such OpenMP device: pass 0..omp_get_num_devices()-1, "            \
                             "omp_get_initial_device() or REDU_DEFAULT_DEVICE")                    \
  X(REDU_ERR_OVERFLOW, "n elements of this type do not fit in the address space: check n")         \
  X(REDU_ERR_UNSUPPORTED, "this operation is not defined for this element type (bitwise "          \
                          "ops take integers only), or the op/type value is unknown")              \
  X(REDU_ERR_NOT_DEVICE_PTR, "x is not memory of the chosen device, or x[0, n) runs past "         \
                             "its allocation: allocate it with omp_target_alloc on that "          \
                             "device, or pass a host array with REDU_INPUT_HOST")                  \
  X(REDU_ERR_BAD_OPTION, "invalid launch option (redu_options or REDU_TEAMS/REDU_THREADS): "       \
                         "threads must be a multiple of the warp size and within the "             \
                         "device's limit; teams within 1..REDU_MAX_TEAMS")                         \
  X(REDU_ERR_OUT_OF_MEMORY, "device scratch memory could not be allocated: free device "           \
                            "memory or reduce concurrency")                                        \
  X(REDU_ERR_DEVICE, "the OpenMP device runtime failed: check that libomptarget finds the "        \
                     "device (LIBOMPTARGET_INFO=1) and REDU_VERBOSE=1 output")                     \
  X(REDU_ERR_SCRATCH_TOO_SMALL, "the scratchpad in redu_options is too small for this "            \
                                "call: size it with redu_scratch_query, or pass NULL to "          \
                                "use libredu's own scratch")                                       \
  X(REDU_ERR_MISALIGNED, "a pointer is not aligned to its element type (x to the "                 \
                         "element, the scratchpad to REDU_SCRATCHPAD_ALIGN): pass the "            \
                         "start of an array of that type, as omp_target_alloc returns it")         \
  X(REDU_ERR_BAD_OFFSETS, "segment offsets are invalid: offsets[k + 1] must not be less "          \
                          "than offsets[k], and offsets[nsegments] must lie inside x's "           \
                          "allocation; redu_last_error names the first bad position")              \
  X(REDU_ERR_BAD_COMM, "the MPI communicator cannot carry this call (redu_mpi.h): pass an "        \
                       "intracommunicator other than MPI_COMM_NULL, between MPI_Init and "         \
                       "MPI_Finalize, the same on every rank")                                     \
  X(REDU_ERR_MPI, "an MPI call failed, or the ranks called different reductions (op, type, "       \
                  "flags or declared reduction): every rank must make the same call")              \
  X(REDU_ERR_OVERLAP, "the output array overlaps the input without being it: work in place "       \
                      "(the same pointer) or into a separate array")                               \
  X(REDU_ERR_BAD_KEY, "a bin key is not below nbins (redu_bins.h): redu_last_error names the "     \
                      "first such position; fix the keys, or skip them with "                      \
                      "REDU_BINS_SKIP_BAD_KEYS")

#define REDU__STATUS_ENUM(name, text) name,
typedef enum redu_status { REDU_FOR_EACH_STATUS(REDU__STATUS_ENUM) REDU_STATUS_COUNT } redu_status;
#undef REDU__STATUS_ENUM

/* The fixed text of a status (the table above); "unknown redu_status value" for any other
 * number. Never NULL. */
REDU_API const char *redu_status_string(redu_status status);

/* The detailed message of this host thread's last failed call: names the call and the
 * offending value. "" if none failed yet. Valid until this thread's next call. */
REDU_API const char *redu_last_error(void);

/* ---- 3. Operations, types and limits --------------------------------------------------- */

typedef enum redu_op {
  REDU_SUM,    /* all types; integers wrap modulo 2^bits, float sums in double */
  REDU_PROD,   /* all types; as REDU_SUM */
  REDU_MIN,    /* all types; a NaN anywhere gives NaN, -0.0 < +0.0 */
  REDU_MAX,    /* all types; as REDU_MIN */
  REDU_BAND,   /* integer types */
  REDU_BOR,    /* integer types */
  REDU_BXOR,   /* integer types */
  REDU_LAND,   /* all types; result 1 or 0 (nonzero is true, NaN is true) */
  REDU_LOR,    /* all types; as REDU_LAND */
  REDU_ARGMIN, /* all types; the value and the lowest index among equal values */
  REDU_ARGMAX, /* all types; as REDU_ARGMIN */
  REDU_OP_COUNT
} redu_op;

/* The element types, in the order of the table in redu_types.h. */
typedef enum redu_type {
  REDU_INT8,
  REDU_INT16,
  REDU_INT32,
  REDU_INT64,
  REDU_UINT8,
  REDU_UINT16,
  REDU_UINT32,
  REDU_UINT64,
  REDU_FLOAT,
  REDU_DOUBLE,
  REDU_TYPE_COUNT
} redu_type;

/* The device argument that means omp_get_default_device(). */
#define REDU_DEFAULT_DEVICE (-1)
/* Index written by argmin/argmax for empty input. */
#define REDU_NO_INDEX SIZE_MAX
/* The largest accumulator libredu reduces into, in bytes (a declared type, redu_udr.h, or
 * all of a region's reductions together), and its largest alignment: what every allocator
 * and team memory guarantee. Declaring a larger or over-aligned type fails to compile. */
#define REDU_MAX_ACC_BYTES 256
#define REDU_MAX_ACC_ALIGN 16
/* The most teams a call may ask for (redu_options.teams, REDU_TEAMS). */
#define REDU_MAX_TEAMS 8192
/* The most reductions one wrapped region carries (redu_region.h). */
#define REDU_REGION_MAX 8

/* ---- 4. Options ------------------------------------------------------------------------ */

/* redu_options.flags, or-ed: */
/* x is a host array (see the conventions above). */
#define REDU_INPUT_HOST 1u
/* How a team combines its threads' accumulators (declared reductions; built-in ops always
 * shuffle). Neither: shuffles for accumulators up to 32 bytes, which measured faster at
 * every size on the H100, the tree above that (docs/user-reductions.md). */
#define REDU_TEAM_SHUFFLE 2u /* warp shuffles word by word, one value per warp in scratch */
#define REDU_TEAM_TREE 4u    /* every thread's value in team scratch, pairwise tree there */
/* Correctly rounded: for REDU_SUM of float and double (typed calls and redu_reduce), for
 * redu_dot_f32/f64, and for the sum scans of float and double (redu_inclusive_scan_sum_f64,
 * segmented and batched ones too: every prefix), the exact real sum rounded once to nearest-even in
 * the result type: the same bits on every device, plan, team count and data order
 * (docs/semantics.md). Any other op, type or form with REDU_EXACT: REDU_ERR_UNSUPPORTED. On a GPU
 * exact calls run at most 512 threads per team (more: REDU_ERR_BAD_OPTION). */
#define REDU_EXACT 8u
/* Bins calls only (redu_bins.h): out's values (and an arg op's indices) enter their bins
 * instead of being overwritten, as OpenMP's array reduction combines with the original. */
#define REDU_BINS_ACCUMULATE 16u
/* Bins calls only: elements whose key is not below nbins are skipped instead of failing the
 * call with REDU_ERR_BAD_KEY. */
#define REDU_BINS_SKIP_BAD_KEYS 32u
/* The scratch of an exact call (acc_size for redu_scratch_query with REDU_EXACT). */
#define REDU_EXACT_ACC_BYTES 1096

/* Alignment, in bytes, that redu_options.scratchpad must have. */
#define REDU_SCRATCHPAD_ALIGN 16

/* Per-call overrides of the launch plan; zero fields mean "the planner decides". */
typedef struct redu_options {
  int teams;        /* teams in the league, 1..REDU_MAX_TEAMS */
  int threads;      /* threads per team: a multiple of the device's warp size (32 on
                       NVIDIA), within its limit; on a GPU at most 512 for REDU_EXACT and
                       for declared reductions (redu_udr.h) of types up to 32 bytes
                       (else REDU_ERR_BAD_OPTION) */
  unsigned flags;   /* REDU_INPUT_HOST, REDU_TEAM_SHUFFLE, REDU_TEAM_TREE, REDU_EXACT,
                       REDU_BINS_ACCUMULATE, REDU_BINS_SKIP_BAD_KEYS */
  void *scratchpad; /* NULL: libredu's cached scratch. Else device memory (omp_target_alloc)
                       of scratchpad_bytes that the call uses for all its device scratch;
                       size it with redu_scratch_query; aligned to REDU_SCRATCHPAD_ALIGN
                       (else REDU_ERR_MISALIGNED); on NVIDIA it must be device memory
                       (else REDU_ERR_NOT_DEVICE_PTR) */
  size_t scratchpad_bytes;
  const void *init; /* scans only (redu_scan.h): NULL for the op's identity, else one
                       element of the scan's type on the host, the initial value of
                       exclusive and inclusive scans alike (y[0] = init for exclusive,
                       init . x[0] for inclusive, as C++'s inclusive_scan with init);
                       ignored by every other call. Last, so that positional initialisers
                       of the fields above keep their meaning */
} redu_options;

/* ---- 5. Reductions --------------------------------------------------------------------- */

/* Reduces x[0, n) of `type` with `op` on `device` (the conventions above): the generic
 * form of every typed call in redu_typed.h. result points to one element of `type`;
 * index (argmin/argmax only, else ignored and may be NULL) receives the position.
 * Returns: REDU_OK; REDU_ERR_UNSUPPORTED (op not defined on type, unknown op or type);
 *          REDU_ERR_NULL_ARG (result, index for arg ops, or x with n > 0);
 *          REDU_ERR_INVALID_DEVICE; REDU_ERR_OVERFLOW; REDU_ERR_MISALIGNED;
 *          REDU_ERR_NOT_DEVICE_PTR; REDU_ERR_BAD_OPTION; REDU_ERR_SCRATCH_TOO_SMALL;
 *          REDU_ERR_OUT_OF_MEMORY; REDU_ERR_DEVICE. */
REDU_API redu_status redu_reduce(int device, redu_op op, redu_type type, const void *x, size_t n,
                                 void *result, size_t *index, const redu_options *opts);

/* Dot product: the sum of x[i] * y[i] over [0, n) into *result; x and y as x in the
 * conventions above (both device memory, or both host arrays with REDU_INPUT_HOST), each
 * aligned to its element type. By default products and sums are taken in double (float
 * products are exact in double) and the result rounded once to the element type; with
 * REDU_EXACT in opts->flags the result is the exact dot product rounded once (products
 * taken exactly). n = 0 gives +0.
 * Returns: as redu_reduce (REDU_ERR_NULL_ARG: result, or x or y with n > 0). */
REDU_API redu_status redu_dot_f32(int device, const float *x, const float *y, size_t n,
                                  float *result, const redu_options *opts);
REDU_API redu_status redu_dot_f64(int device, const double *x, const double *y, size_t n,
                                  double *result, const redu_options *opts);

/* Many reductions in one call (every segmented and batched typed call is listed in
 * redu_segmented.h, with the rules): segment k of x is [offsets[k], offsets[k + 1])
 * (redu_segmented_reduce) or [k, k + 1) * segment_length (redu_batched_reduce), for k in
 * [0, nsegments); results points to nsegments elements of `type`; indices (argmin/argmax
 * only, else ignored and may be NULL) to nsegments positions within the segments.
 * Returns: as the typed calls of redu_segmented.h, and REDU_ERR_UNSUPPORTED for an op not
 *          defined on the type or an unknown op or type. */
REDU_API redu_status redu_segmented_reduce(int device, redu_op op, redu_type type, const void *x,
                                           const size_t *offsets, size_t nsegments, void *results,
                                           size_t *indices, const redu_options *opts);
REDU_API redu_status redu_batched_reduce(int device, redu_op op, redu_type type, const void *x,
                                         size_t segment_length, size_t nsegments, void *results,
                                         size_t *indices, const redu_options *opts);

/* Scans: y[i] = init . x[0] . ... . x[i] (redu_inclusive_scan) or init . x[0] . ... .
 * x[i - 1] (redu_exclusive_scan, y[0] = init) for i in [0, n), with `op` over elements of
 * `type`, init being opts->init or the op's identity: the generic form of every typed scan
 * in redu_scan.h, with its rules (y == x in place, float accumulation, determinism). x and
 * y point to n elements of `type` each.
 * Returns: as the typed scans of redu_scan.h, and REDU_ERR_UNSUPPORTED for argmin/argmax
 *          (not scanned), an op not defined on the type, or an unknown op or type. */
REDU_API redu_status redu_inclusive_scan(int device, redu_op op, redu_type type, const void *x,
                                         void *y, size_t n, const redu_options *opts);
REDU_API redu_status redu_exclusive_scan(int device, redu_op op, redu_type type, const void *x,
                                         void *y, size_t n, const redu_options *opts);

/* Bins: out[k] = op over {x[i] : keys[i] == k} for k in [0, nbins): the generic form of every
 * typed call in redu_bins.h, with its rules (keys past nbins, REDU_BINS_ACCUMULATE, x NULL
 * counting for REDU_SUM). x and out point to elements of `type`; index (argmin/argmax only,
 * else ignored and may be NULL) to nbins positions.
 * Returns: as the typed calls of redu_bins.h, and REDU_ERR_UNSUPPORTED for an op not defined
 *          on the type (REDU_PROD of float and double included), or an unknown op or type. */
REDU_API redu_status redu_bins(int device, redu_op op, redu_type type, const uint32_t *keys,
                               const void *x, size_t n, size_t nbins, void *out, size_t *index,
                               const redu_options *opts);

/* redu_bins over size_t keys (cell numbers computed as size_t, keys past 2^32): the same
 * rules and the same bits as redu_bins over the same keys held as uint32_t; a key not below
 * nbins is a bad key however large (2^32 + 3 is never bin 3). keys: n of them, 8-byte
 * aligned, device memory (or host with REDU_INPUT_HOST). The keys are narrowed to 32 bits in
 * a pass of their own first (8 bytes read and 4 written a key, into 4n bytes of device
 * memory kept for the next call until redu_finalize: docs/bins.md).
 * Returns: as redu_bins, and REDU_ERR_OVERFLOW for nbins past 2^32 - 1; a bad key's message
 *          names its position and value. */
REDU_API redu_status redu_bins_wide(int device, redu_op op, redu_type type, const size_t *keys,
                                    const void *x, size_t n, size_t nbins, void *out, size_t *index,
                                    const redu_options *opts);

/* Segmented and batched scans: within every segment k of x (x[offsets[k], offsets[k + 1]),
 * or x[k * segment_length, (k + 1) * segment_length)), the scan of redu_inclusive_scan /
 * redu_exclusive_scan from init, into the same positions of y: the generic form of every
 * typed call in redu_segmented_scan.h, with its rules (offsets as the segmented
 * reductions take them, checked before anything is written; elements outside every segment
 * untouched).
 * Returns: as the typed calls of redu_segmented_scan.h, and REDU_ERR_UNSUPPORTED for
 *          argmin/argmax, an op not defined on the type, or an unknown op or type. */
REDU_API redu_status redu_segmented_inclusive_scan(int device, redu_op op, redu_type type,
                                                   const void *x, void *y, const size_t *offsets,
                                                   size_t nsegments, const redu_options *opts);
REDU_API redu_status redu_segmented_exclusive_scan(int device, redu_op op, redu_type type,
                                                   const void *x, void *y, const size_t *offsets,
                                                   size_t nsegments, const redu_options *opts);
REDU_API redu_status redu_batched_inclusive_scan(int device, redu_op op, redu_type type,
                                                 const void *x, void *y, size_t segment_length,
                                                 size_t nsegments, const redu_options *opts);
REDU_API redu_status redu_batched_exclusive_scan(int device, redu_op op, redu_type type,
                                                 const void *x, void *y, size_t segment_length,
                                                 size_t nsegments, const redu_options *opts);

/* ---- 6. Plans and scratch -------------------------------------------------------------- */

/* Describes how the device was set up and what plan a call of n elements of elem_size
 * bytes would get, into buf (at most len bytes, always NUL-terminated): the same text
 * REDU_VERBOSE=1 prints.
 * Returns: REDU_OK; REDU_ERR_NULL_ARG (buf NULL or len 0); REDU_ERR_UNSUPPORTED
 *          (elem_size 0 or over REDU_MAX_ACC_BYTES); REDU_ERR_OVERFLOW;
 *          REDU_ERR_INVALID_DEVICE; REDU_ERR_BAD_OPTION (REDU_TEAMS/REDU_THREADS);
 *          REDU_ERR_DEVICE. */
REDU_API redu_status redu_describe_plan(int device, size_t n, size_t elem_size, char *buf,
                                        size_t len);

/* The plan (teams, threads per team) a call of n elements of elem_size bytes would get on
 * device, with REDU_TEAMS/REDU_THREADS applied.
 * Returns: as redu_describe_plan (REDU_ERR_NULL_ARG: teams or threads NULL). */
REDU_API redu_status redu_plan_query(int device, size_t n, size_t elem_size, int *teams,
                                     int *threads);

/* The peak bandwidth of device's memory in GB/s (10^9 bytes per second), as its driver
 * gives it (NVIDIA: memory clock x bus width x 2): what no read can beat, for reporting a
 * measured rate as a share of the peak. Unknown for CPU devices (the host, host-offload,
 * host fallback) and for GPUs without a driver query here.
 * Returns: REDU_OK; REDU_ERR_NULL_ARG (gbps NULL); REDU_ERR_UNSUPPORTED (unknown: *gbps
 *          untouched); REDU_ERR_INVALID_DEVICE; REDU_ERR_DEVICE. */
REDU_API redu_status redu_device_peak_bandwidth(int device, double *gbps);

/* The scratch a reduction into an accumulator of acc_size bytes (sizeof the declared type
 * for redu_udr.h reductions; redu_accumulator_size(op, type) for built-in ops) over n
 * elements of elem_size bytes needs on device with opts (NULL: defaults), in bytes:
 * team_bytes of team memory per team (0 when the plan keeps team scratch in device memory
 * instead: too large, or a CPU), and device_bytes of device memory, the least
 * opts->scratchpad_bytes may be: the same call accepts device_bytes and refuses one byte
 * less (REDU_ERR_SCRATCH_TOO_SMALL). Both 0 for n = 0. With REDU_EXACT in opts->flags the
 * query sizes an exact call (sum or dot, f32 or f64: one answer for all four), whose
 * accumulator is its long record: pass acc_size = REDU_EXACT_ACC_BYTES (any size from 1 to
 * it gives the same answer).
 * Returns: REDU_OK; REDU_ERR_NULL_ARG (team_bytes or device_bytes NULL);
 *          REDU_ERR_UNSUPPORTED (elem_size 0, acc_size 0, acc_size over REDU_MAX_ACC_BYTES
 *          without REDU_EXACT or over REDU_EXACT_ACC_BYTES with it);
 *          REDU_ERR_OVERFLOW; REDU_ERR_INVALID_DEVICE; REDU_ERR_BAD_OPTION; REDU_ERR_DEVICE. */
REDU_API redu_status redu_scratch_query(int device, size_t n, size_t elem_size, size_t acc_size,
                                        const redu_options *opts, size_t *team_bytes,
                                        size_t *device_bytes);

/* Bytes of the accumulator a built-in op reduces `type` into (wider than the element for
 * argmin/argmax, which carry an index, and for float sums and products, which accumulate
 * in double): the acc_size to give redu_scratch_query. 0 for an op not defined on the
 * type, or an unknown op or type. */
REDU_API size_t redu_accumulator_size(redu_op op, redu_type type);

/* ---- 7. Shutdown ----------------------------------------------------------------------- */

/* Frees every device's cached scratch. Optional (at exit nothing leaks that matters); no
 * other call may be in flight. Calls after it allocate afresh. */
REDU_API void redu_finalize(void);

#ifdef __cplusplus
}
#endif

/* Section 5 continued: every typed call, listed; every segmented and batched call; the
 * multi-device calls; every typed scan; every bins call. */
#include "redu_bins.h"
#include "redu_multi.h"
#include "redu_scan.h"
#include "redu_segmented.h"
#include "redu_segmented_scan.h"
#include "redu_typed.h"

#endif

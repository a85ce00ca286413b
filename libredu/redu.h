/* libredu: fast, deterministic reductions for OpenMP target-offload programs.
 *
 * Every call reduces x[0, n) on one OpenMP device in one target region and returns a
 * redu_status; on any status but REDU_OK nothing is written to the outputs.
 *
 *   device   an OpenMP device number (0 .. omp_get_num_devices()-1), the initial device
 *            (omp_get_initial_device(), i.e. the host), or REDU_DEFAULT_DEVICE for
 *            omp_get_default_device() (the host under OMP_TARGET_OFFLOAD=DISABLED).
 *   x        by default a pointer to memory of that device (omp_target_alloc, or any
 *            host memory when the device is the host), aligned to its element type
 *            (REDU_ERR_MISALIGNED otherwise, on every target). With REDU_INPUT_HOST in
 *            opts->flags, a host array: used in place when it is already mapped to the
 *            device (target data / enter data), else copied there for this call.
 *   n        element count (size_t; any size the memory holds, past 2^31 included).
 *            n = 0 is valid: the result is the operation's identity (docs/semantics.md),
 *            and x may then be NULL.
 *   opts     NULL for defaults, or a redu_options.
 *
 * Calls are thread-safe: many host threads may reduce at once, on one device or several.
 * Semantics (NaN, ties, overflow, empty input) are in docs/semantics.md. */
#ifndef REDU_H
#define REDU_H

#include <stddef.h>
#include <stdint.h>
#include "redu_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum redu_status {
  REDU_OK = 0,
  REDU_ERR_NULL_ARG,        /* a required pointer is NULL */
  REDU_ERR_INVALID_DEVICE,  /* no such OpenMP device */
  REDU_ERR_OVERFLOW,        /* n * element size does not fit in size_t */
  REDU_ERR_UNSUPPORTED,     /* operation not defined for this type, or unknown op/type */
  REDU_ERR_NOT_DEVICE_PTR,  /* x is not memory of that device (or the range runs past it) */
  REDU_ERR_BAD_OPTION,      /* teams/threads/flags in opts or REDU_TEAMS/REDU_THREADS invalid */
  REDU_ERR_OUT_OF_MEMORY,   /* device scratch could not be allocated */
  REDU_ERR_DEVICE,          /* the device runtime failed */
  REDU_ERR_SCRATCH_TOO_SMALL, /* opts->scratchpad holds fewer bytes than the call needs */
  REDU_ERR_MISALIGNED,      /* x (or opts->scratchpad) is not aligned to its element type */
  REDU_STATUS_COUNT
} redu_status;

typedef enum redu_op {
  REDU_SUM, REDU_PROD, REDU_MIN, REDU_MAX, REDU_BAND, REDU_BOR, REDU_BXOR,
  REDU_LAND, REDU_LOR, REDU_ARGMIN, REDU_ARGMAX, REDU_OP_COUNT
} redu_op;

typedef enum redu_type {
  REDU_INT8, REDU_INT16, REDU_INT32, REDU_INT64,
  REDU_UINT8, REDU_UINT16, REDU_UINT32, REDU_UINT64,
  REDU_FLOAT, REDU_DOUBLE, REDU_TYPE_COUNT
} redu_type;

#define REDU_DEFAULT_DEVICE (-1)
/* The largest accumulator (a declared type, libredu/redu_udr.h) libredu reduces into, in
 * bytes, and its largest alignment: what every allocator and team memory guarantee.
 * Declaring a larger or over-aligned type fails to compile. */
#define REDU_MAX_ACC_BYTES 256
#define REDU_MAX_ACC_ALIGN 16
/* Index written by argmin/argmax for empty input. */
#define REDU_NO_INDEX SIZE_MAX
/* redu_options.flags */
#define REDU_INPUT_HOST 1u
/* How a team combines its threads' accumulators (user-declared reductions; built-in ops
 * always shuffle). Neither: shuffles, which measured faster at every size on the H100
 * (docs/user-reductions.md). */
#define REDU_TEAM_SHUFFLE 2u /* warp shuffles word by word, one value per warp in scratch */
#define REDU_TEAM_TREE 4u    /* every thread's value in team scratch, pairwise tree there */

/* Per-call overrides of the launch plan; zero fields mean "planner decides".
 * threads must be a multiple of the device's warp size (32 on NVIDIA).
 * scratchpad: device memory (omp_target_alloc) of scratchpad_bytes that the call uses
 * for all its device scratch instead of libredu's cached buffers (size it with
 * redu_scratch_query; aligned to REDU_SCRATCHPAD_ALIGN bytes, else REDU_ERR_MISALIGNED;
 * on NVIDIA it must be device memory, else REDU_ERR_NOT_DEVICE_PTR); NULL for the cache. */
#define REDU_SCRATCHPAD_ALIGN 16
typedef struct redu_options {
  int teams;
  int threads;
  unsigned flags;
  void *scratchpad;
  size_t scratchpad_bytes;
} redu_options;

/* A fixed text for a status: what went wrong and what to do. Never NULL. */
const char *redu_status_string(redu_status status);

/* The detailed message of this host thread's last failed call (names the call and the
 * offending value), or "" if none failed yet. Valid until this thread's next call. */
const char *redu_last_error(void);

/* Generic form of every typed call below. result points to one element of `type`;
 * index (argmin/argmax only, else ignored and may be NULL) receives the position. */
redu_status redu_reduce(int device, redu_op op, redu_type type, const void *x, size_t n,
                        void *result, size_t *index, const redu_options *opts);

/* Typed calls, redu_<op>_<suffix> with suffix i8 i16 i32 i64 u8 u16 u32 u64 f32 f64:
 *   sum, prod            all types; integers wrap modulo 2^bits, floats in double
 *   min, max             all types; a NaN anywhere gives NaN
 *   band, bor, bxor      integer types
 *   land, lor            all types; result 1 or 0 (nonzero = true; NaN is true)
 *   argmin, argmax       all types; value and lowest index among equal values */
#define REDU_DECLARE_VALUE_CALL(op, sfx, T)                                                \
  redu_status redu_##op##_##sfx(int device, const T *x, size_t n, T *result,               \
                                const redu_options *opts);
#define REDU_DECLARE_ARG_CALL(op, sfx, T)                                                  \
  redu_status redu_##op##_##sfx(int device, const T *x, size_t n, T *value, size_t *index, \
                                const redu_options *opts);

#define REDU_DECLARE_ALL_OPS(sfx, T, E, K, SA, LO, HI)                                             \
  REDU_DECLARE_VALUE_CALL(sum, sfx, T)                                                     \
  REDU_DECLARE_VALUE_CALL(prod, sfx, T)                                                    \
  REDU_DECLARE_VALUE_CALL(min, sfx, T)                                                     \
  REDU_DECLARE_VALUE_CALL(max, sfx, T)                                                     \
  REDU_DECLARE_VALUE_CALL(land, sfx, T)                                                    \
  REDU_DECLARE_VALUE_CALL(lor, sfx, T)                                                     \
  REDU_DECLARE_ARG_CALL(argmin, sfx, T)                                                    \
  REDU_DECLARE_ARG_CALL(argmax, sfx, T)
#define REDU_DECLARE_BITWISE_OPS(sfx, T, E, K, SA, LO, HI)                                         \
  REDU_DECLARE_VALUE_CALL(band, sfx, T)                                                    \
  REDU_DECLARE_VALUE_CALL(bor, sfx, T)                                                     \
  REDU_DECLARE_VALUE_CALL(bxor, sfx, T)

REDU_FOR_EACH_TYPE(REDU_DECLARE_ALL_OPS)
REDU_FOR_EACH_INT_TYPE(REDU_DECLARE_BITWISE_OPS)

/* Describes how the device was set up and what plan a call of n elements of elem_size
 * bytes would get, into buf (at most len bytes, always NUL-terminated). Same text as
 * REDU_VERBOSE=1 prints. */
redu_status redu_describe_plan(int device, size_t n, size_t elem_size, char *buf, size_t len);

/* The plan (teams, threads per team) a call of n elements of elem_size bytes would get on
 * device, with REDU_TEAMS/REDU_THREADS applied. */
redu_status redu_plan_query(int device, size_t n, size_t elem_size, int *teams, int *threads);

/* Scratch a reduction into an accumulator of acc_size bytes (sizeof the declared type
 * for libredu/redu_udr.h reductions; redu_accumulator_size(op, type) for built-in ops)
 * over n elements of elem_size bytes needs on device with opts (NULL: defaults):
 * team_bytes of team memory per team (0 when the plan keeps team scratch in device memory
 * instead: too large, or a CPU), and device_bytes of device memory, the least
 * opts->scratchpad_bytes may be. */
redu_status redu_scratch_query(int device, size_t n, size_t elem_size, size_t acc_size,
                               const redu_options *opts, size_t *team_bytes,
                               size_t *device_bytes);

/* Bytes of the accumulator a built-in op reduces `type` into (wider than the element for
 * argmin/argmax, which carry an index, and for float sums and products, which accumulate
 * in double): the acc_size to give redu_scratch_query. 0 for an op not defined on the
 * type or an unknown op/type. */
size_t redu_accumulator_size(redu_op op, redu_type type);

/* Frees every device's cached scratch. Optional (at exit nothing leaks that matters);
 * no other call may be in flight. */
void redu_finalize(void);

#ifdef __cplusplus
}
#endif

#endif

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

/* libredu's internals that the macros below stamp (device/redu_internal.h). */
#define REDU__INSIDE
#include "device/redu_index_kernel.h"
#include "device/redu_region_thread.h"
#include "device/redu_segmented_kernel.h"
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
 *   redu_status redu_multi_reduce_<name>(int ndev, const int *devices, const T *const *xs,
 *                                        const size_t *ns, T *result, const redu_options *opts)
 *       device devices[k] reduces xs[k][0, ns[k]), all at once, and the parts are combined
 *       in order (libredu/redu_multi.h has the rules and statuses); lifts that take the
 *       index see positions within a part.
 *   and what wrapped regions (libredu/redu_region.h) need to carry `name`. */
#define REDU_DECLARE_REDUCTION(name, T, combine, order, ...)                                       \
  REDU__DECLARE_REDUCTION(name, T, combine, order, 1, __VA_ARGS__)
/* arity: how many variables a region pair of this kind names, (kind, var) or, for the
 * built-in arg kinds (libredu/redu_region.h), (kind, value, index). */
#define REDU__DECLARE_REDUCTION(name, T, combine, order, arity, ...)                               \
  typedef T redu__type_##name;                                                                     \
  /* Refused here, not at run time: a kernel is never stamped for a type libredu cannot            \
   * reduce (docs/design.md, "Kernels that do not depend on OpenMPOpt"). */                        \
  _Static_assert(sizeof(T) <= REDU_MAX_ACC_BYTES,                                                  \
                 "REDU_DECLARE_REDUCTION(" #name "): the type is larger than "                     \
                 "REDU_MAX_ACC_BYTES (256 bytes); reduce a smaller state, or split it "            \
                 "over several reductions");                                                       \
  _Static_assert(_Alignof(T) <= REDU_MAX_ACC_ALIGN,                                                \
                 "REDU_DECLARE_REDUCTION(" #name "): the type is aligned to more than "            \
                 "REDU_MAX_ACC_ALIGN (16 bytes), which device allocations and team "               \
                 "memory do not guarantee; drop the _Alignas");                                    \
  /* redu__kind_<name>: what a region names first, so an unknown kind is reported as               \
   * "undeclared identifier 'redu__kind_<kind>'" (libredu/redu_region.h). */                       \
  enum { redu__order_##name = (order), redu__kind_##name = 1, redu__arity_##name = (arity) };      \
  _Pragma("omp begin declare target")                                                              \
  static inline T redu_identity_##name(void)                                                       \
  {                                                                                                \
    T v = __VA_ARGS__;                                                                             \
    return v;                                                                                      \
  }                                                                                                \
  static inline T redu_combine_##name(T a, T b) { return combine(a, b); }                          \
  _Pragma("omp end declare target")                                                                \
  REDU__PRAGMA(omp declare reduction(name:T : omp_out = redu_combine_##name(omp_out, omp_in))      \
                   initializer(omp_priv = redu_identity_##name()))                                 \
  REDU_DEFINE_TRANSFORM_REDUCTION(redu_reduce_##name, name, T, redu__self)                         \
  REDU__DEFINE_SEGMENTED_UDR(name, T)                                                              \
  REDU__DEFINE_MULTI_UDR(name, T)                                                                  \
  REDU__DEFINE_REGION_STEPS(name, T, redu__k_redu_reduce_##name)                                   \
  static inline __attribute__((unused)) T redu__region_get_##name(const redu__region *R, int k)    \
  {                                                                                                \
    T v;                                                                                           \
    memcpy(&v, R->host_result + R->off[k], sizeof v);                                              \
    return v;                                                                                      \
  }

/* REDU_DEFINE_TRANSFORM_REDUCTION(func, name, In, lift) (In: any type up to 64 KiB) defines
 *   redu_status func(int device, const In *x, size_t n, T *result, const redu_options *opts)
 * reducing lift(x[i], i) over i in [0, n) with the declared reduction `name` (T its type):
 * lift is T lift(In v, size_t i), function or function-like macro, e.g. a double into a
 * Welford state, or a record at index i into a (value, index, payload) struct.
 * Returns: as redu_reduce_<name> (x must be aligned to In). */
#define REDU_DEFINE_TRANSFORM_REDUCTION(func, name, In, lift)                                      \
  _Static_assert(sizeof(In) <= 65536, #func ": input elements of at most 64 KiB");                 \
  REDU__DEFINE_ELEMENT_LOAD(redu__load_##func, In)                                                 \
  _Pragma("omp begin declare target")                                                              \
  static inline redu__type_##name redu__lift_##func(In v, size_t i)                                \
  {                                                                                                \
    (void)i; /* a lift may ignore it */                                                            \
    return lift(v, i);                                                                             \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_INDEX_REDUCE(redu__k_##func, In, redu__type_##name, redu_identity_##name(),         \
                            redu__load_##func, redu__lift_##func, redu_combine_##name,             \
                            redu__order_##name)                                                    \
  static inline __attribute__((unused)) redu_status func(                                          \
      int device, const In *x, size_t n, redu__type_##name *result, const redu_options *opts)      \
  {                                                                                                \
    const redu__call_shape sh = {REDU__SHAPE_OF(#func, In, redu__type_##name),                     \
                                 .ordered = redu__order_##name};                                   \
    redu__type_##name acc = redu_identity_##name();                                                \
    redu_status s;                                                                                 \
    REDU__RUN_CALL(s, acc, sh, device, x, n, result, result, opts, redu__k_##func##_launch);       \
    if (s == REDU_OK)                                                                              \
      memcpy(result, &acc, sizeof acc);                                                            \
    return s;                                                                                      \
  }

/* redu_segmented_reduce_<name> and redu_batched_reduce_<name> (REDU_DECLARE_REDUCTION):
 * the segmented kernel over elements read as redu_reduce_<name> reads them. */
#define REDU__DEFINE_SEGMENTED_UDR(name, T)                                                        \
  _Pragma("omp begin declare target")                                                              \
  static inline T redu__sgl_##name(const T *x, size_t i)                                           \
  {                                                                                                \
    return redu__load_redu_reduce_##name(x + i);                                                   \
  }                                                                                                \
  static inline void redu__sgw_##name(T *values, size_t *indices, size_t k, T acc, size_t start)   \
  {                                                                                                \
    (void)indices, (void)start;                                                                    \
    values[k] = acc;                                                                               \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_SEGMENTED_REDUCE(redu__s_##name, T, T, redu_identity_##name(), redu__sgl_##name,    \
                                redu_combine_##name, redu__order_##name, T, redu__sgw_##name)      \
  static inline __attribute__((unused)) redu_status redu__sg_##name(                               \
      int device, const T *x, const size_t *offsets, size_t seg_len, size_t nseg, int batched,     \
      T *results, const redu_options *opts)                                                        \
  {                                                                                                \
    const redu__call_shape sh = {                                                                  \
        REDU__SHAPE_OF(batched ? "redu_batched_reduce_" #name : "redu_segmented_reduce_" #name, T, \
                       T),                                                                         \
        .ordered = redu__order_##name,                                                             \
        .segmented = 1,                                                                            \
        .batched = batched,                                                                        \
        .out_size = sizeof(T),                                                                     \
        .out_align = _Alignof(T)};                                                                 \
    redu_status s;                                                                                 \
    REDU__RUN_SEG_CALL(s, sh, device, x, offsets, seg_len, nseg, results, NULL, opts,              \
                       redu__s_##name##_launch);                                                   \
    return s;                                                                                      \
  }                                                                                                \
  static inline __attribute__((unused)) redu_status redu_segmented_reduce_##name(                  \
      int device, const T *x, const size_t *offsets, size_t nsegments, T *results,                 \
      const redu_options *opts)                                                                    \
  {                                                                                                \
    return redu__sg_##name(device, x, offsets, 0, nsegments, 0, results, opts);                    \
  }                                                                                                \
  static inline __attribute__((unused)) redu_status redu_batched_reduce_##name(                    \
      int device, const T *x, size_t segment_length, size_t nsegments, T *results,                 \
      const redu_options *opts)                                                                    \
  {                                                                                                \
    return redu__sg_##name(device, x, NULL, segment_length, nsegments, 1, results, opts);          \
  }

/* redu_multi_reduce_<name> (REDU_DECLARE_REDUCTION) and the partial form that
 * libredu_mpi's redu_mpi_reduce_<name> (redu_mpi.h) shares: each part through
 * redu_reduce_<name>, the parts combined with the declared combiner (host/redu_partial.h). */
#define REDU__DEFINE_MULTI_UDR(name, T)                                                            \
  static inline redu_status redu__pr_##name(int device, const void *x, const void *y, size_t n,    \
                                            void *acc, const redu_options *opts)                   \
  {                                                                                                \
    (void)y;                                                                                       \
    T r;                                                                                           \
    redu_status s = redu_reduce_##name(device, (const T *)x, n, &r, opts);                         \
    if (s == REDU_OK)                                                                              \
      memcpy(acc, &r, sizeof r);                                                                   \
    return s;                                                                                      \
  }                                                                                                \
  static inline void redu__pc_##name(void *acc, const void *later, size_t before)                  \
  {                                                                                                \
    (void)before;                                                                                  \
    T a, b;                                                                                        \
    memcpy(&a, acc, sizeof a);                                                                     \
    memcpy(&b, later, sizeof b);                                                                   \
    a = redu_combine_##name(a, b);                                                                 \
    memcpy(acc, &a, sizeof a);                                                                     \
  }                                                                                                \
  static inline void redu__pf_##name(const void *acc, void *result, size_t *index)                 \
  {                                                                                                \
    (void)index;                                                                                   \
    memcpy(result, acc, sizeof(T));                                                                \
  }                                                                                                \
  static inline __attribute__((unused)) const redu__partial *redu__partial_##name(void)            \
  {                                                                                                \
    static const redu__partial p = {"redu_reduce_" #name,                                          \
                                    sizeof(T),                                                     \
                                    redu__pr_##name,                                               \
                                    redu__pc_##name,                                               \
                                    redu__pf_##name,                                               \
                                    0,                                                             \
                                    -1};                                                           \
    return &p;                                                                                     \
  }                                                                                                \
  static inline __attribute__((unused)) redu_status redu_multi_reduce_##name(                      \
      int ndev, const int *devices, const T *const *xs, const size_t *ns, T *result,               \
      const redu_options *opts)                                                                    \
  {                                                                                                \
    return redu__multi_call("redu_multi_reduce_" #name, redu__partial_##name(), ndev, devices,     \
                            (const void *const *)xs, NULL, ns, result, NULL, opts);                \
  }

/* The identity lift: reduce the elements themselves. */
#define redu__self(v, i) (v)

#endif

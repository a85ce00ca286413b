/* The stamping machinery of user-declared reductions (libredu/redu_udr.h) and of the
 * wrapped regions' kinds (libredu/redu_region.h). Two declarations:
 *   REDU__DECLARE_REDUCTION      everything REDU_DECLARE_REDUCTION documents: the OpenMP
 *                                declare reduction, the array, segmented, batched,
 *                                multi-device and scan calls and their kernels, and a region
 *                                kind
 *   REDU__DECLARE_REGION_KIND    a region kind alone: what REDU__FOR_IMPL
 *                                (device/redu_region_for.h) names, no kernel of its own,
 *                                its steps a reducer set's shared with other kinds;
 *                                the built-in kinds (device/redu_region_kinds.h), which
 *                                have the typed calls for arrays
 * The stamped calls run through host/redu_call.h and host/redu_partial.h, which
 * libredu/redu_udr.h includes before this header. */
#ifndef REDU_UDR_STAMP_H
#define REDU_UDR_STAMP_H

#include "device/redu_internal.h"

#include "device/redu_index_kernel.h"
#include "device/redu_reducers.h"
#include "device/redu_region_thread.h"
#include "device/redu_scan_kernel.h"
#include "device/redu_segmented_kernel.h"
#include <string.h>

/* A kind's declarations, host and device: its type, order and arity (how many variables a
 * region pair of it names: (kind, var), or for the built-in arg kinds (kind, value,
 * index)), its identity and combine. redu__kind_<name> is what a region names first, so an
 * unknown kind is reported as "undeclared identifier 'redu__kind_<kind>'". */
#define REDU__DECLARE_KIND_CORE(name, T, combine, order, arity, ...)                               \
  typedef T redu__type_##name;                                                                     \
  enum { redu__order_##name = (order), redu__kind_##name = 1, redu__arity_##name = (arity) };      \
  _Pragma("omp begin declare target")                                                              \
  static inline T redu_identity_##name(void)                                                       \
  {                                                                                                \
    T v = __VA_ARGS__;                                                                             \
    return v;                                                                                      \
  }                                                                                                \
  static inline T redu_combine_##name(T a, T b) { return combine(a, b); }                          \
  _Pragma("omp end declare target")

/* REDU__DECLARE_REGION_KIND(name, T, combine, order, arity, STEM, OP, identity...): a kind for
 * regions only, whose steps are a reducer set's shared by several kinds:
 * redu__region_team_<STEM> and redu__region_final_<STEM>, which take the kind's op code OP
 * and identity first (device/redu_region_kinds.h stamps them per type). */
#define REDU__DECLARE_REGION_KIND(name, T, combine, order, arity, STEM, OP, ...)                   \
  REDU__DECLARE_KIND_CORE(name, T, combine, order, arity, __VA_ARGS__)                             \
  _Pragma("omp begin declare target")                                                              \
  static inline __attribute__((unused)) int redu__region_team_##name(                              \
      T v, const T *lanes, unsigned nlanes, redu__region_thread c, int k)                          \
  {                                                                                                \
    return redu__region_team_##STEM(OP, redu_identity_##name(), v, lanes, nlanes, c, k);           \
  }                                                                                                \
  static inline                                                                                    \
      __attribute__((unused)) int redu__region_final_##name(redu__region_thread c, int k)          \
  {                                                                                                \
    return redu__region_final_##STEM(OP, redu_identity_##name(), c, k);                            \
  }                                                                                                \
  _Pragma("omp end declare target")

/* REDU_DECLARE_REDUCTION (libredu/redu_udr.h): the region steps share the array kernel's
 * reducers (stem redu__kernel_redu_reduce_<name>). */
#define REDU__DECLARE_REDUCTION(name, T, combine, order, ...)                                      \
  REDU__DECLARE_KIND_CORE(name, T, combine, order, 1, __VA_ARGS__)                                 \
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
  REDU__PRAGMA(omp declare reduction(name:T : omp_out = redu_combine_##name(omp_out, omp_in))      \
                   initializer(omp_priv = redu_identity_##name()))                                 \
  /* The kernels name the type through its typedef: a local of theirs named like the user's        \
   * type (say `step`) would otherwise hide the type inside them. */                               \
  REDU__DEFINE_TRANSFORM_REDUCTION(redu_reduce_##name, name, redu__type_##name, redu__self)        \
  REDU__DEFINE_SEGMENTED_UDR(name, redu__type_##name)                                              \
  REDU__DEFINE_BINS_UDR(name, redu__type_##name)                                                   \
  REDU__DEFINE_REGION_BINS_UDR(name, redu__type_##name)                                            \
  REDU__DEFINE_MULTI_UDR(name, redu__type_##name)                                                  \
  REDU__DEFINE_SCAN_UDR(name, redu__type_##name)                                                   \
  REDU__DEFINE_REGION_STEPS(name, redu__type_##name, redu__kernel_redu_reduce_##name)

/* REDU_DEFINE_TRANSFORM_REDUCTION (libredu/redu_udr.h). */
#define REDU__DEFINE_TRANSFORM_REDUCTION(func, name, In, lift)                                     \
  _Static_assert(sizeof(In) <= 65536, #func ": input elements of at most 64 KiB");                 \
  REDU__DEFINE_ELEMENT_LOAD(redu__load_##func, In)                                                 \
  _Pragma("omp begin declare target")                                                              \
  static inline redu__type_##name redu__lift_##func(In v, size_t i)                                \
  {                                                                                                \
    (void)i; /* a lift may ignore it */                                                            \
    return lift(v, i);                                                                             \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_INDEX_REDUCE(redu__kernel_##func, In, redu__type_##name, redu_identity_##name(),    \
                            redu__load_##func, redu__lift_##func, redu_combine_##name,             \
                            redu__order_##name)                                                    \
  static inline __attribute__((unused)) redu_status func(                                          \
      int device, const In *x, size_t n, redu__type_##name *result, const redu_options *opts)      \
  {                                                                                                \
    const redu__call_shape sh = {REDU__SHAPE_OF(#func, In, redu__type_##name),                     \
                                 .ordered = redu__order_##name};                                   \
    redu__type_##name acc = redu_identity_##name();                                                \
    redu_status s;                                                                                 \
    REDU__RUN_CALL(s, acc, sh, device, x, n, result, result, opts, redu__kernel_##func##_launch);  \
    if (s == REDU_OK)                                                                              \
      memcpy(result, &acc, sizeof acc);                                                            \
    return s;                                                                                      \
  }

/* redu_segmented_reduce_<name> and redu_batched_reduce_<name> (REDU_DECLARE_REDUCTION):
 * the segmented kernel over elements read as redu_reduce_<name> reads them. */
#define REDU__DEFINE_SEGMENTED_UDR(name, T)                                                        \
  _Pragma("omp begin declare target")                                                              \
  static inline T redu__seg_load_##name(const T *x, size_t i)                                      \
  {                                                                                                \
    return redu__load_redu_reduce_##name(x + i);                                                   \
  }                                                                                                \
  static inline void redu__seg_write_##name(T *values, size_t *indices, size_t k, T acc,           \
                                            size_t start)                                          \
  {                                                                                                \
    (void)indices, (void)start;                                                                    \
    values[k] = acc;                                                                               \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_SEGMENTED_REDUCE(redu__seg_kernel_##name, T, T, redu_identity_##name(),             \
                                redu__seg_load_##name, redu_combine_##name, redu__order_##name, T, \
                                redu__seg_write_##name)                                            \
  static inline __attribute__((unused)) redu_status redu__seg_call_##name(                         \
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
                       redu__seg_kernel_##name##_launch);                                          \
    return s;                                                                                      \
  }                                                                                                \
  static inline __attribute__((unused)) redu_status redu_segmented_reduce_##name(                  \
      int device, const T *x, const size_t *offsets, size_t nsegments, T *results,                 \
      const redu_options *opts)                                                                    \
  {                                                                                                \
    return redu__seg_call_##name(device, x, offsets, 0, nsegments, 0, results, opts);              \
  }                                                                                                \
  static inline __attribute__((unused)) redu_status redu_batched_reduce_##name(                    \
      int device, const T *x, size_t segment_length, size_t nsegments, T *results,                 \
      const redu_options *opts)                                                                    \
  {                                                                                                \
    return redu__seg_call_##name(device, x, NULL, segment_length, nsegments, 1, results, opts);    \
  }

/* redu_bins_reduce_<name> (REDU_DECLARE_REDUCTION): the keys sorted stably by the library
 * (redu__bins_sorted_begin), each bin then one segment of the segmented kernel above, its
 * elements in index order. */
#define REDU__DEFINE_BINS_UDR(name, T)                                                             \
  static inline __attribute__((unused)) redu_status redu_bins_reduce_##name(                       \
      int device, const uint32_t *keys, const T *x, size_t n, size_t nbins, T *out,                \
      const redu_options *opts)                                                                    \
  {                                                                                                \
    redu__bins_sorted b;                                                                           \
    redu_status s = redu__bins_sorted_begin(&b, "redu_bins_reduce_" #name, sizeof(T), _Alignof(T), \
                                            device, keys, x, n, nbins, out, opts);                 \
    if (s != REDU_OK || b.empty)                                                                   \
      return s;                                                                                    \
    const redu__call_shape sh = {REDU__SHAPE_OF("redu_bins_reduce_" #name, T, T),                  \
                                 .ordered = redu__order_##name, .segmented = 1,                    \
                                 .out_size = sizeof(T), .out_align = _Alignof(T)};                 \
    REDU__RUN_SEG_CALL(s, sh, device, (const T *)b.values, b.offsets, 0, nbins, (T *)b.out, NULL,  \
                       &b.seg_opts, redu__seg_kernel_##name##_launch);                             \
    return redu__bins_sorted_end(&b, s);                                                           \
  }

/* redu_multi_reduce_<name> (REDU_DECLARE_REDUCTION) and the partial form that
 * libredu_mpi's redu_mpi_reduce_<name> (redu_mpi.h) shares: each part through
 * redu_reduce_<name>, the parts combined with the declared combiner (host/redu_partial.h). */
#define REDU__DEFINE_MULTI_UDR(name, T)                                                            \
  static inline redu_status redu__part_reduce_##name(                                              \
      int device, const void *x, const void *y, size_t n, void *acc, const redu_options *opts)     \
  {                                                                                                \
    (void)y;                                                                                       \
    T r;                                                                                           \
    redu_status s = redu_reduce_##name(device, (const T *)x, n, &r, opts);                         \
    if (s == REDU_OK)                                                                              \
      memcpy(acc, &r, sizeof r);                                                                   \
    return s;                                                                                      \
  }                                                                                                \
  static inline void redu__part_combine_##name(void *acc, const void *later, size_t before)        \
  {                                                                                                \
    (void)before;                                                                                  \
    T a, b;                                                                                        \
    memcpy(&a, acc, sizeof a);                                                                     \
    memcpy(&b, later, sizeof b);                                                                   \
    a = redu_combine_##name(a, b);                                                                 \
    memcpy(acc, &a, sizeof a);                                                                     \
  }                                                                                                \
  static inline void redu__part_finish_##name(const void *acc, void *result, size_t *index)        \
  {                                                                                                \
    (void)index;                                                                                   \
    memcpy(result, acc, sizeof(T));                                                                \
  }                                                                                                \
  static inline __attribute__((unused)) const redu__partial *redu__partial_##name(void)            \
  {                                                                                                \
    static const redu__partial p = {"redu_reduce_" #name,                                          \
                                    sizeof(T),                                                     \
                                    redu__part_reduce_##name,                                      \
                                    redu__part_combine_##name,                                     \
                                    redu__part_finish_##name,                                      \
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

/* redu_inclusive_scan_<name> and redu_exclusive_scan_<name> (REDU_DECLARE_REDUCTION): the
 * scan kernel with the declared combiner, through the built-in scans' host half. Its warp
 * scans move values through shuffles, which LLVM 19 miscompiled for large accumulators
 * (device/redu_reducers.h, REDU__SHUFFLE_MAX_BYTES): redu__scan_begin refuses larger types
 * (their kernel is stamped but never launched). */
/* A declared kind's bins call for regions' bins reductions (device/redu_region_bins.h),
 * with x and out untyped. */
#define REDU__DEFINE_REGION_BINS_UDR(name, T)                                                      \
  static inline __attribute__((unused)) redu_status redu__region_bins_##name(                      \
      int device, const uint32_t *keys, const void *x, size_t n, size_t nbins, void *out,          \
      const redu_options *opts)                                                                    \
  {                                                                                                \
    return redu_bins_reduce_##name(device, keys, (const T *)x, n, nbins, (T *)out, opts);          \
  }

#define REDU__DEFINE_SCAN_UDR(name, T)                                                             \
  REDU__DEFINE_SCAN(redu__scan_kernel_##name, T, T, redu_identity_##name(), redu__self,            \
                    redu_combine_##name, redu__same, 0)                                            \
  static inline redu_status redu__scan_call_##name(int device, const T *x, T *y, size_t n,         \
                                                   const redu_options *opts, int exclusive,        \
                                                   const char *fn)                                 \
  {                                                                                                \
    redu__scan_call c;                                                                             \
    redu_status s = redu__scan_begin(&c, fn, sizeof(T), _Alignof(T), sizeof(T), _Alignof(T), 0,    \
                                     device, x, y, n, opts);                                       \
    if (s != REDU_OK || c.empty)                                                                   \
      return s;                                                                                    \
    T init = redu_identity_##name();                                                               \
    if (opts && opts->init)                                                                        \
      memcpy(&init, opts->init, sizeof init);                                                      \
    redu__scan_kernel_##name##_launch(&c.launch, (const T *)c.x_dev, (T *)c.y_dev, n, init,        \
                                      exclusive, c.one);                                           \
    return redu__scan_end(&c);                                                                     \
  }                                                                                                \
  static inline __attribute__((unused)) redu_status redu_inclusive_scan_##name(                    \
      int device, const T *x, T *y, size_t n, const redu_options *opts)                            \
  {                                                                                                \
    return redu__scan_call_##name(device, x, y, n, opts, 0, "redu_inclusive_scan_" #name);         \
  }                                                                                                \
  static inline __attribute__((unused)) redu_status redu_exclusive_scan_##name(                    \
      int device, const T *x, T *y, size_t n, const redu_options *opts)                            \
  {                                                                                                \
    return redu__scan_call_##name(device, x, y, n, opts, 1, "redu_exclusive_scan_" #name);         \
  }                                                                                                \
  REDU__DEFINE_SEGMENTED_SCAN_UDR(name, T)

/* A declared kind's segmented and batched scans (libredu/redu_udr.h), over the same kernels'
 * segmented launch: offsets (nseg + 1 of them) or segments of len (batched). As the built-in
 * calls (host/redu_scan_calls.c): few long segments run one after another as array scans. */
#define REDU__DEFINE_SEGMENTED_SCAN_UDR(name, T)                                                   \
  REDU__DEFINE_SEGMENTED_SCAN(redu__scan_kernel_##name, T, T, redu_identity_##name(), redu__self,  \
                              redu_combine_##name, redu__same)                                     \
  static inline redu_status redu__segscan_call_##name(                                             \
      int device, const T *x, T *y, const size_t *offsets, size_t len, size_t nseg,                \
      const redu_options *opts, int exclusive, int batched, const char *fn)                        \
  {                                                                                                \
    redu__segscan_call c;                                                                          \
    redu_status s = redu__segscan_begin(&c, fn, sizeof(T), _Alignof(T), sizeof(T), _Alignof(T), 0, \
                                        batched, device, x, y, offsets, len, nseg, opts);          \
    if (s != REDU_OK || c.scan.empty)                                                              \
      return s;                                                                                    \
    T init = redu_identity_##name();                                                               \
    if (opts && opts->init)                                                                        \
      memcpy(&init, opts->init, sizeof init);                                                      \
    redu__scan_kernel_##name##_seg_run(&c.scan.launch, (const T *)c.scan.x_dev, (T *)c.scan.y_dev, \
                                       &c.plan, init, exclusive);                                  \
    return redu__segscan_end(&c);                                                                  \
  }                                                                                                \
  REDU__SEGSCAN_UDR_KIND(name, T, inclusive, 0)                                                    \
  REDU__SEGSCAN_UDR_KIND(name, T, exclusive, 1)
/* A declared kind's segmented and batched scans of one kind (KIND inclusive or exclusive,
 * EXCL 0 or 1). */
#define REDU__SEGSCAN_UDR_KIND(name, T, KIND, EXCL)                                                \
  static inline __attribute__((unused)) redu_status redu_segmented_##KIND##_scan_##name(           \
      int device, const T *x, T *y, const size_t *offsets, size_t nsegments,                       \
      const redu_options *opts)                                                                    \
  {                                                                                                \
    return redu__segscan_call_##name(device, x, y, offsets, 0, nsegments, opts, EXCL, 0,           \
                                     "redu_segmented_" #KIND "_scan_" #name);                      \
  }                                                                                                \
  static inline __attribute__((unused)) redu_status redu_batched_##KIND##_scan_##name(             \
      int device, const T *x, T *y, size_t segment_length, size_t nsegments,                       \
      const redu_options *opts)                                                                    \
  {                                                                                                \
    return redu__segscan_call_##name(device, x, y, NULL, segment_length, nsegments, opts, EXCL, 1, \
                                     "redu_batched_" #KIND "_scan_" #name);                        \
  }

/* The identity lift: reduce the elements themselves; the identity finish. */
#define redu__self(v, i) (v)
#define redu__same(a) (a)

#endif

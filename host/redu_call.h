/* The host half of a call, which every kernel launch sits inside: the built-in calls
 * (host/redu_builtin_calls.c), declared reductions and wrapped regions, whose kernels are
 * stamped in the user's file (libredu/redu_udr.h, libredu/redu_region.h) and call the
 * functions below (redu__call_*, redu__seg_call_*, redu__scan_*, redu__region_*): the only
 * internal symbols libredu exports (redu__ prefix). */
#ifndef REDU_CALL_H
#define REDU_CALL_H

#include "device/redu_internal.h"

#include "device/redu_launch.h"
#include "device/redu_region_layout.h"
#include "device/redu_scan_kernel.h"
#include "host/redu_shape.h"
#include "redu.h"
#include <stddef.h>

/* One call's host side: redu__call_begin validates, plans, takes scratch and finds the
 * inputs on the device; the caller launches a kernel with c->launch over c->x_dev (and c->y_dev)
 * unless c->empty; redu__call_end copies the result out and gives the scratch back. */
typedef struct redu__call {
  redu__launch launch;
  const void *x_dev, *y_dev;  /* the inputs' device addresses: the caller's, or where host
                                 arrays were found mapped or staged (host/redu_host_arrays.h) */
  int empty;                  /* n == 0: no launch; the result is the identity */
  int result_on_device;       /* the result lies in the user's scratchpad (device memory) */
  struct redu__device *owner; /* whose scratch pool the slot returns to */
  struct redu__slot *slot;
} redu__call;

/* out1 and out2 are the caller's outputs (both must be non-NULL). On REDU_OK with
 * !c->empty the caller launches and then must call redu__call_end. */
REDU_API redu_status redu__call_begin(redu__call *c, const redu__call_shape *shape, int device,
                                      const void *x, size_t n, const void *out1, const void *out2,
                                      const redu_options *opts);
/* Copies acc_size bytes of result into acc, releases the scratch. */
REDU_API redu_status redu__call_end(redu__call *c, void *acc, size_t acc_size);

/* The shape fields every call fills the same way: its name, input element In, accumulator A. */
#define REDU__SHAPE_OF(name, In, A)                                                                \
  .fn = (name), .elem_size = sizeof(In), .elem_align = _Alignof(In), .acc_size = sizeof(A),        \
  .acc_align = _Alignof(A)

/* The body of every reduction call (typed, generic and declared): acc holds the identity,
 * the result for n = 0. Begins the call (validate, plan, scratch, x on the device), runs
 * LAUNCH(&launch, x's device address, n), copies the result into acc and ends the call; sets s. */
#define REDU__RUN_CALL(s, acc, shape, device, x, n, out1, out2, opts, LAUNCH)                      \
  do {                                                                                             \
    redu__call redu__call_;                                                                        \
    (s) = redu__call_begin(&redu__call_, &(shape), (device), (x), (n), (out1), (out2), (opts));    \
    if ((s) == REDU_OK && !redu__call_.empty) {                                                    \
      LAUNCH(&redu__call_.launch, redu__call_.x_dev, (n));                                         \
      (s) = redu__call_end(&redu__call_, &(acc), sizeof(acc));                                     \
    }                                                                                              \
  } while (0)

/* REDU__RUN_CALL for kernels over two inputs (device/redu_launch.h, REDU__DEFINE_PAIR_LAUNCH):
 * LAUNCH(&launch, x, y, n) with their device addresses; shape.y must be y when y is not
 * NULL. */
#define REDU__RUN_PAIR_CALL(s, acc, shape, device, x, y, n, out, opts, LAUNCH)                     \
  do {                                                                                             \
    redu__call redu__call_;                                                                        \
    (s) = redu__call_begin(&redu__call_, &(shape), (device), (x), (n), (out), (out), (opts));      \
    if ((s) == REDU_OK && !redu__call_.empty) {                                                    \
      LAUNCH(&redu__call_.launch, redu__call_.x_dev, redu__call_.y_dev, (n));                      \
      (s) = redu__call_end(&redu__call_, (acc), sizeof(acc));                                      \
    }                                                                                              \
  } while (0)

/* A segmented or batched call's host side (host/redu_segmented.c): begin validates the
 * arguments (the offsets too when they are host arrays), plans, takes scratch and finds
 * the arrays on the device; the caller launches with c->launch over c->x_dev unless c->empty;
 * end reads the kernel's verdict on the offsets, copies results into host arrays and
 * gives the scratch back. */
typedef struct redu__seg_call {
  redu__seg_launch launch;
  const void *x_dev; /* x's device address, as in redu__call */
  int empty;         /* no segments: nothing to launch or write */
  void *host_values; /* host arrays the results go to after the kernel, or NULL */
  size_t *host_indices;
  size_t values_bytes;
  const char *fn;
  struct redu__device *owner;
  struct redu__slot *slot;
} redu__seg_call;

/* x: the input; offsets (nseg + 1 of them) unless shape->batched, else seg_len; values and
 * indices (shape->arg) the outputs. */
REDU_API redu_status redu__seg_call_begin(redu__seg_call *c, const redu__call_shape *shape,
                                          int device, const void *x, const size_t *offsets,
                                          size_t seg_len, size_t nseg, void *values,
                                          size_t *indices, const redu_options *opts);
REDU_API redu_status redu__seg_call_end(redu__seg_call *c);

/* The body of every segmented and batched call; sets s. LAUNCH(&launch, x's device
 * address). */
#define REDU__RUN_SEG_CALL(s, shape, device, x, offsets, seg_len, nseg, values, indices, opts,     \
                           LAUNCH)                                                                 \
  do {                                                                                             \
    redu__seg_call redu__seg_;                                                                     \
    (s) = redu__seg_call_begin(&redu__seg_, &(shape), (device), (x), (offsets), (seg_len), (nseg), \
                               (values), (indices), (opts));                                       \
    if ((s) == REDU_OK && !redu__seg_.empty) {                                                     \
      LAUNCH(&redu__seg_.launch, redu__seg_.x_dev);                                                \
      (s) = redu__seg_call_end(&redu__seg_);                                                       \
    }                                                                                              \
  } while (0)

/* A bins reduction of a wrapped region (device/redu_region_bins.h): its kind's bins call
 * with x and out as untyped pointers (redu__region_bins_<kind>, stamped per kind). */
typedef redu_status (*redu__region_bins_fn)(int device, const uint32_t *keys, const void *x,
                                            size_t n, size_t nbins, void *out,
                                            const redu_options *opts);
/* What a region's reduction k tells of its bins: pair = its number k, or -1 for a reduction without
 * bins. */
typedef struct redu__region_bins {
  int pair;
  size_t nbins;
  size_t size, align; /* of one bin */
  size_t per;         /* bins an iteration may name: records an iteration */
  void *out;          /* the user's bins: device memory of nbins elements */
  redu__region_bins_fn fn;
  int prec; /* float sums (sum_f32, sum_f64): the type's significant bits; 0 for other kinds */
} redu__region_bins;

/* A region's float-sum bins folded in its own kernel (device/redu_region_bins.h), where
 * their exact words fit the bins' memory cap: acc, the bins' words (nbins of 2 words + 1,
 * `words` words a half from 2^base, in a scratch slot of their own); on GPUs each team's
 * window over its private bins (pw words a half, `count` terms a bin at most) in team_bytes
 * of team memory after the region's own (0: none, every term to acc). */
typedef struct redu__region_fbins {
  uint64_t *acc;
  int words, base, pw;
  size_t count, team_bytes;
  int teams, threads; /* the shape of the launches that clear and round the words */
  struct redu__device *owner;
  struct redu__slot *slot;
} redu__region_fbins;

/* A wrapped region's host side: the call, and its reductions' layout
 * (device/redu_region_layout.h) and results. */
typedef struct redu__region {
  int go;                      /* launch the region (no error, n > 0) */
  int count;                   /* reductions */
  size_t rec;                  /* bytes of one record of all accumulators */
  size_t off[REDU_REGION_MAX]; /* offset of reduction k in a record */
  redu__call call;
  unsigned char host_result[REDU__REGION_MAX_RECORD];
  /* REDU_FOR's n and &st, each evaluated once, where the macro reads them again (named
   * unlike the macro's parameters, which would replace them). */
  size_t iters;
  redu_status *status;
  /* The bins reduction, if any (bins.pair >= 0): float sums' words folded in the kernel
   * (fbins.acc set), else the iterations' keys and values (n each, device memory), a second
   * scratch slot's records (host/redu_scratch.h), held until the bins call. */
  redu__region_bins bins;
  redu__region_fbins fbins;
  void *bin_keys, *bin_values;
  struct redu__device *bins_owner;
  struct redu__slot *bins_slot;
} redu__region;

/* Validates and plans a region of n iterations over `count` reductions of the given
 * sizes and alignments, `exact` of them exact kinds, bins[k] for each (at most one a bins
 * reduction), and takes scratch (and a bins reduction's buffers); ptrs (nptrs of them) must
 * be device memory. Sets *st; the returned region has go = 1 when the caller must launch. */
REDU_API redu__region redu__region_begin(redu_status *st, const char *fn, int device, size_t n,
                                         const void *const *ptrs, size_t nptrs, const size_t *sizes,
                                         const size_t *aligns, int count, int ordered, int exact,
                                         const redu__region_bins *bins, const redu_options *opts);
/* After the launch: copies the results into R->host_result, releases the scratch; with a
 * bins reduction, fails on an iteration's mistake (a key not below nbins, two bins) or
 * rounds its words (float sums folded in the kernel) or runs its bins call into the user's
 * array, then gives its buffers back. */
REDU_API redu_status redu__region_end(redu__region *R);
/* Exact kind k's result: `before` plus the sum its record holds, rounded once to prec bits
 * with least normal exponent emin (53, -1022: double; 24, -126: float). */
REDU_API double redu__region_exact_result(const redu__region *R, int k, double before, int prec,
                                          int emin);

/* A scanning region's host side (REDU_FOR_SCAN, libredu/redu_region.h): the checks and the
 * plan of a region, and one device buffer of n elements per scanned variable, which the
 * input phase fills, the variable's own scan call (redu_inclusive_scan_<kind>, in place)
 * scans and the scan phase reads. The buffers are a scratch slot's staging memory
 * (host/redu_scratch.h), held from begin to end: reused by the next call when they are
 * small, freed at the end when they are not. */
typedef struct redu__scan_region {
  int go; /* launch the phases (no error, n > 0) */
  int count;
  int device, teams, threads;
  void *buf[REDU_REGION_MAX]; /* variable k's buffer: n elements (device memory) */
  size_t size[REDU_REGION_MAX];
  size_t iters;
  redu_status *status;
  struct redu__device *owner; /* whose scratch pool the slot returns to */
  struct redu__slot *slot;
} redu__scan_region;

/* Validates and plans a scanning region of n iterations over `count` variables of the
 * given sizes, and allocates their buffers; ptrs (nptrs of them) must be device memory.
 * Sets *st; the returned region has go = 1 when the caller must run the phases. */
REDU_API redu__scan_region redu__scan_region_begin(redu_status *st, const char *fn, int device,
                                                   size_t n, const void *const *ptrs, size_t nptrs,
                                                   const size_t *sizes, int count);
/* After the phases: when *S->status is REDU_OK, copies variable k's last prefix (the
 * combine of its value before the region and every iteration's) into vars[k]; gives the
 * buffers back. */
REDU_API void redu__scan_region_end(redu__scan_region *S, void *const *vars);

/* A scan's host side (libredu/redu_scan.h; the kernel is device/redu_scan_kernel.h):
 * redu__scan_begin validates the arrays and options, plans, takes scratch and finds x and y
 * on the device; the caller launches over c->x_dev and c->y_dev unless c->empty, with
 * c->one (the single pass, or NULL for reduce-then-scan); redu__scan_end copies a host
 * output back and gives the scratch back. A scan reads the options and arrays as a
 * reduction does, with y an output of n elements that may be x itself but may not overlap
 * it otherwise. The built-in scans (host/redu_scan_calls.c) and declared ones
 * (libredu/redu_udr.h) share it. */
typedef struct redu__scan_call {
  redu__launch launch;
  const void *x_dev; /* x's device address: the caller's, or where a host array was found */
  void *y_dev;       /* y's device address: the caller's, or its staged copy */
  void *y_host;      /* a host array y (REDU_INPUT_HOST): copied back after the launch */
  size_t y_bytes;
  redu__scan_pass pass;       /* the single pass's status and tiles */
  const redu__scan_pass *one; /* &pass for the single pass, NULL for reduce-then-scan */
  int empty;                  /* n == 0: nothing to launch or write */
  const char *fn;
  struct redu__device *owner;
  struct redu__slot *slot;
} redu__scan_call;

/* One scan over n elements of elem_size bytes (aligned to elem_align) into accumulators of
 * acc_size bytes; builtin: a built-in op's (1) or a declared reduction's (0). fn names the
 * public call in messages. On REDU_OK with !c->empty the caller launches and then must call
 * redu__scan_end. */
REDU_API redu_status redu__scan_begin(redu__scan_call *c, const char *fn, size_t elem_size,
                                      size_t elem_align, size_t acc_size, size_t acc_align,
                                      int builtin, int device, const void *x, void *y, size_t n,
                                      const redu_options *opts);
REDU_API redu_status redu__scan_end(redu__scan_call *c);
/* redu__scan_begin, with single 0 for callers that never launch the single pass over
 * c->one (the segmented scans): c->one is then NULL and no epoch is taken. Each epoch a
 * call takes must be launched, or given back by redu__scan_abandon: the single pass claims
 * tiles through a counter of the epoch's parity that only the previous epoch's launch zeroes.
 * units: the work the plan spreads over teams, n for array scans; segmented scans pass the
 * larger of n and their segments, which their warps take in turn (2^24 mostly empty
 * segments over 65,536 elements, planned by n alone: 104 ms on the H100). */
redu_status redu__scan_open(redu__scan_call *c, const char *fn, size_t elem_size, size_t elem_align,
                            size_t acc_size, size_t acc_align, int builtin, int single, int device,
                            const void *x, void *y, size_t n, size_t units,
                            const redu_options *opts);
/* After redu__scan_begin, without a launch (a later check failed): releases what begin took,
 * copying nothing back. */
void redu__scan_abandon(redu__scan_call *c);

/* Segmented and batched scans (host/redu_segmented_scan.c): the checks of the offsets, x
 * and y, the plan, and where the segments lie on the device; the built-in calls
 * (host/redu_scan_calls.c) and declared ones (libredu/redu_udr.h) share it, and launch
 * through PFX_seg_run (device/redu_scan_kernel.h). Segments g in [0, nseg) cover elements [first,
 * last) of x and y, which scan (an array scan's call over that section) finds on the device;
 * segment g is [offsets[g] - base, offsets[g + 1] - base) of the section, or with offsets NULL
 * (batched) [g len, (g + 1) len). */
typedef struct redu__segscan_call {
  redu__scan_call scan;
  redu__segscan_plan plan; /* offsets: the caller's or a device copy of host ones; runs owned */
  size_t count;            /* elements of the section the segments cover */
  size_t *owned;           /* the device copy of host offsets, freed by redu__segscan_end */
} redu__segscan_call;

/* Validates and plans a segmented (batched = 0: offsets, nseg + 1 of them) or batched
 * (batched = 1: nseg segments of len) scan of elements of elem_size bytes into accumulators
 * of acc_size; builtin: a built-in op's (1) or a declared reduction's (0), as
 * redu__scan_begin; nothing to launch when c->scan.empty. The caller launches through
 * PFX_seg_run with c->plan: segments shorter than plan.skip a warp or a team each, the
 * plan's runs (few long segments) each as an array scan with the whole device. */
REDU_API redu_status redu__segscan_begin(redu__segscan_call *c, const char *fn, size_t elem_size,
                                         size_t elem_align, size_t acc_size, size_t acc_align,
                                         int builtin, int batched, int device, const void *x,
                                         void *y, const size_t *offsets, size_t len, size_t nseg,
                                         const redu_options *opts);
/* Copies a host output back and gives everything back. */
REDU_API redu_status redu__segscan_end(redu__segscan_call *c);

/* A declared reduction's bins (redu_bins_reduce_<name>, libredu/redu_udr.h; kernels in
 * device/redu_bins_sort.h): redu__bins_sorted_begin checks the call as every bins call
 * (host/redu_bins.h), sorts the keys stably (a bad key fails the call here unless skipped),
 * and gathers x's elements bin by bin into b->values, out's value first in each bin when
 * accumulating; the caller reduces segment k = [offsets[k], offsets[k + 1]) into b->out[k]
 * with the segmented call under b->seg_opts unless b->empty, then calls
 * redu__bins_sorted_end. On a status other than REDU_OK nothing is held. */
typedef struct redu__bins_sorted {
  void *call;            /* the bins call's record (host/redu_bins.h) */
  int empty;             /* nbins 0: nothing to do */
  const void *values;    /* device memory: the elements bin by bin */
  const size_t *offsets; /* device memory: nbins + 1 offsets into values */
  void *out;             /* out's device address: the caller's, or its staged copy */
  redu_options seg_opts; /* the caller's options less the bins and host-array flags */
} redu__bins_sorted;

REDU_API redu_status redu__bins_sorted_begin(redu__bins_sorted *b, const char *fn, size_t elem_size,
                                             size_t elem_align, int device, const uint32_t *keys,
                                             const void *x, size_t n, size_t nbins, void *out,
                                             const redu_options *opts);
/* s: the segmented call's status; returns it, or a failed copy back of a host array out. */
REDU_API redu_status redu__bins_sorted_end(redu__bins_sorted *b, redu_status s);

#endif

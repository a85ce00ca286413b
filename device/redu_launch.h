/* What the host hands a kernel: the plan and its scratch (see host/redu_scratch.h), and
 * the host half of a call around it. Kernels stamped in user code (libredu/redu_udr.h)
 * use these too, so this header is installed with the public ones. */
#ifndef REDU_LAUNCH_H
#define REDU_LAUNCH_H

#include <stddef.h>
#include "redu.h"
#include "redu_region_layout.h"

typedef struct redu_launch {
  int device;          /* OpenMP device number */
  int teams;           /* teams in the league */
  int threads;         /* threads per team, a multiple of the device's warp size */
  int input_on_host;   /* x is a host array: map it (no copy if already present) */
  int tree;            /* team combine through scratch (1) or warp shuffles (0) */
  size_t team_slots;   /* accumulators of team scratch each team needs (redu_team_scratch.h) */
  size_t team_mem;     /* bytes of dynamic team memory per team; 0: use team_spill */
  void *team_spill;    /* device memory, redu_team_scratch_bytes() per team, when team_mem is 0 */
  void *partials;      /* device memory, room for `teams` accumulators */
  unsigned *counter;   /* device memory, zero between launches */
  void *result;        /* memory the device writes and the host reads after the region */
  struct redu_device *owner; /* host bookkeeping: whose scratch pool the slot returns to */
} redu_launch;

/* One call's host side: redu_call_begin validates, plans and takes scratch; the caller
 * launches a kernel with c->launch unless c->empty; redu_call_end copies the result out
 * and gives the scratch back. */
typedef struct redu_call {
  redu_launch launch;
  int empty;             /* n == 0: no launch; the result is the identity */
  int result_on_device;  /* the result lies in the user's scratchpad (device memory) */
  struct redu_slot *slot;
} redu_call;

/* What kind of accumulator a call reduces into. */
typedef struct redu_call_shape {
  const char *fn;      /* the public call's name, for error messages */
  size_t elem_size;    /* bytes per input element (x[i]) */
  size_t elem_align;   /* _Alignof the input element: x must be aligned to it */
  size_t acc_size;     /* sizeof the accumulator */
  size_t acc_align;    /* _Alignof the accumulator */
  int ordered;         /* combiner not commutative: index order everywhere */
  int builtin;         /* a built-in op's kernel: warp shuffles only, no tree mode */
  const void *const *ptrs; /* wrapped regions: device pointers the body reads, or NULL */
  size_t nptrs;        /* (x is then unused and may be NULL) */
} redu_call_shape;

/* out1 and out2 are the caller's outputs (both must be non-NULL). On REDU_OK with
 * !c->empty the caller launches and then must call redu_call_end. */
redu_status redu_call_begin(redu_call *c, const redu_call_shape *shape, int device,
                            const void *x, size_t n, const void *out1, const void *out2,
                            const redu_options *opts);
/* Copies acc_size bytes of result into acc, releases the scratch. */
redu_status redu_call_end(redu_call *c, void *acc, size_t acc_size);

/* A wrapped region's host side (libredu/redu_region.h): the call, and its reductions'
 * layout (device/redu_region_layout.h) and results. */
typedef struct redu_region {
  int go;              /* launch the region (no error, n > 0) */
  int count;           /* reductions */
  size_t rec;          /* bytes of one record of all accumulators */
  size_t off[REDU_REGION_MAX]; /* offset of reduction k in a record */
  redu_call call;
  unsigned char host_result[256];
} redu_region;

/* Validates and plans a region of n iterations over `count` reductions of the given
 * sizes and alignments, and takes scratch; ptrs (nptrs of them) must be device memory.
 * Sets *st; the returned region has go = 1 when the caller must launch. */
redu_region redu_region_begin(redu_status *st, const char *fn, int device, size_t n,
                              const void *const *ptrs, size_t nptrs, const size_t *sizes,
                              const size_t *aligns, int count, int ordered,
                              const redu_options *opts);
/* After the launch: copies the results into R->host_result, releases the scratch. */
redu_status redu_region_end(redu_region *R);

#endif

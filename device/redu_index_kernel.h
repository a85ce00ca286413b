/* One reduction over the indices [0, n) = one target region, finished on the device;
 * the value at index i comes from the caller's inlined LIFT. Serves user-declared
 * reductions (libredu/redu_udr.h) over any trivially copyable accumulator up to 256 B.
 *
 * REDU_DEFINE_INDEX_REDUCE(PFX, S, A, IDENT, LIFT, COMBINE, ORDERED) defines
 *   void PFX_launch(const redu_launch *L, const S *x, size_t n)
 * which leaves COMBINE over i in [0, n) of LIFT(x, i) (an A) in L->result.
 *   IDENT            an expression of type A, the identity of COMBINE
 *   LIFT(x, i)       the A for index i; reads x (S is any type, x[0, n) is what is mapped
 *                    when the input is a host array)
 *   COMBINE(a, b)    associative, inlined (redu_reducers.h)
 *   ORDERED          1 when COMBINE is not commutative: every thread takes one contiguous
 *                    chunk of indices and every step combines in index order. 0: threads
 *                    take the target's fastest order (grid-stride on GPUs).
 * The team combine (shuffles or a tree) and its scratch (dynamic team memory or a slice of
 * device memory per team) are the plan's choice, passed in L. For a given plan and target
 * the combine order is fixed, so results are reproducible. */
#ifndef REDU_INDEX_KERNEL_H
#define REDU_INDEX_KERNEL_H

#include <omp.h>
#include <stdint.h>
#include "redu_reducers.h"
#include "redu_launch.h"
#include "redu_team_scratch.h"

/* Elements a thread lifts and combines per round (a power of two): enough loads in flight
 * for small accumulators without spilling registers for large ones. */
#define REDU_INDEX_GROUP(bytes) ((bytes) <= 32 ? 4 : (bytes) <= 128 ? 2 : 1)

#pragma omp begin declare target
/* The indices this thread visits: first, first + step, ... below end. */
static inline void redu_dev_thread_range(size_t n, int ordered, size_t g, size_t stride,
                                         size_t *first, size_t *step, size_t *end)
{
  if (!ordered && redu_dev_interleave_words()) {
    *first = g, *step = stride, *end = n;
    return;
  }
  size_t chunk = n / stride + (n % stride != 0);
  *first = g * chunk < n ? g * chunk : n;
  *end = n - *first < chunk ? n : *first + chunk;
  *step = 1;
}

/* Copies one input element of `size` bytes (a constant after inlining) through the
 * target's read-only 16-byte loads when size is a multiple of 16 and src is 16-byte
 * aligned, and returns 1; else returns 0 and the caller loads the element as its type
 * (which keeps the type's alignment: a byte-wise copy would split the loads). */
static inline int redu_dev_load_words(void *dst, const void *src, size_t size)
{
  if (size % 16 != 0 || (uintptr_t)src % 16 != 0)
    return 0;
  for (size_t k = 0; k < size / 16; ++k) {
    redu_word16 w = redu_dev_load16((const redu_word16 *)src + k);
    __builtin_memcpy((char *)dst + 16 * k, &w, 16);
  }
  return 1;
}
#pragma omp end declare target

#define REDU_DEFINE_INDEX_REDUCE(PFX, S, A, IDENT, LIFT, COMBINE, ORDERED)                 \
  REDU_DEFINE_REDUCERS(PFX, A, COMBINE)                                                    \
  _Pragma("omp begin declare target")                                                      \
  /* Each round lifts U elements, combines them pairwise (a tree: adjacent first), and     \
   * then into the one accumulator: one combine per U elements on the serial chain, and    \
   * the tree's combines see constant-folded inputs when LIFT makes them (Welford: a       \
   * count of 1 + 1 needs no division). Valid for ordered combiners: in ordered mode the   \
   * U elements are consecutive. */                                                        \
  REDU_INLINE A PFX##_thread(const S *x, size_t n, size_t g, size_t stride)                \
  {                                                                                        \
    enum { U = REDU_INDEX_GROUP(sizeof(A)) };                                              \
    size_t i, step, end;                                                                   \
    redu_dev_thread_range(n, (ORDERED), g, stride, &i, &step, &end);                       \
    A acc = (IDENT);                                                                       \
    _Pragma("clang loop unroll(disable)")                                                  \
    for (; i + (U - 1) * step < end; i += U * step) {                                      \
      A v[U];                                                                              \
      for (int u = 0; u < U; ++u)                                                          \
        v[u] = LIFT(x, i + u * step);                                                      \
      for (int w = 1; w < U; w <<= 1)                                                      \
        for (int u = 0; u + w < U; u += 2 * w)                                             \
          v[u] = COMBINE(v[u], v[u + w]);                                                  \
      acc = COMBINE(acc, v[0]);                                                            \
    }                                                                                      \
    _Pragma("clang loop unroll(disable)")                                                  \
    for (; i < end; i += step)                                                             \
      acc = COMBINE(acc, LIFT(x, i));                                                      \
    return acc;                                                                            \
  }                                                                                        \
                                                                                           \
  /* flatten: see redu_array_kernel.h. */                                                  \
  static inline __attribute__((flatten)) void PFX##_team(const S *x, size_t n, int tree,   \
                                                         size_t slots, size_t team_mem,    \
                                                         void *spill, A *partials,         \
                                                         unsigned *counter, A *result)     \
  {                                                                                        \
    unsigned tid = (unsigned)omp_get_thread_num(), nth = (unsigned)omp_get_num_threads();  \
    unsigned team = (unsigned)omp_get_team_num(), nteams = (unsigned)omp_get_num_teams();  \
    char *scratch = redu_dev_team_scratch(team_mem, spill, slots, sizeof(A));              \
    unsigned *last = (unsigned *)(scratch + redu_team_last_offset(slots, sizeof(A)));      \
    A v = PFX##_thread(x, n, (size_t)team * nth + tid, (size_t)nteams * nth);              \
    PFX##_grid_finish(v, (IDENT), (A *)scratch, tree, last, tid, nth, team, nteams,        \
                      partials, counter, result);                                          \
  }                                                                                        \
  _Pragma("omp end declare target")                                                        \
                                                                                           \
  /* SPMD by construction: nothing between `target teams` and `parallel` (see           \
   * redu_team_scratch.h). */                                                              \
  static void PFX##_launch(const redu_launch *L, const S *x, size_t n)                     \
  {                                                                                        \
    A *partials = (A *)L->partials, *result = (A *)L->result;                              \
    unsigned *counter = L->counter;                                                        \
    void *spill = L->team_spill;                                                           \
    int threads = L->threads, tree = L->tree;                                              \
    size_t slots = L->team_slots, team_mem = L->team_mem;                                  \
    if (L->input_on_host) {                                                                \
      _Pragma("omp target teams device(L->device) num_teams(L->teams) thread_limit(threads) \
               map(to: x[0:n]) is_device_ptr(partials, counter, result, spill)             \
               ompx_dyn_cgroup_mem(team_mem)")                                             \
      _Pragma("omp parallel num_threads(threads)")                                         \
      PFX##_team(x, n, tree, slots, team_mem, spill, partials, counter, result);           \
    } else {                                                                               \
      _Pragma("omp target teams device(L->device) num_teams(L->teams) thread_limit(threads) \
               is_device_ptr(x, partials, counter, result, spill) ompx_dyn_cgroup_mem(team_mem)") \
      _Pragma("omp parallel num_threads(threads)")                                         \
      PFX##_team(x, n, tree, slots, team_mem, spill, partials, counter, result);           \
    }                                                                                      \
  }

#endif

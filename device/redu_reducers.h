/* Warp -> block -> grid reducers, stamped for one accumulator type A and one combiner.
 *
 * REDU__DEFINE_REDUCERS(PFX, A, COMBINE) defines, for device code:
 *   PFX_warp_reduce(v)     lane 0 gets v(lane 0) + v(lane 1) + ... in lane order
 *   PFX_block_reduce(...)  thread 0 gets the team's values combined in thread order
 *   PFX_grid_finish(...)   every team stores its partial; the last team to arrive
 *                          combines all partials in team order and writes *result,
 *                          all within the one kernel launch
 * COMBINE(a, b) must be associative and b = COMBINE(identity, b). Every step combines
 * a lower-ordered value on the left with the next higher-ordered one on the right, and
 * the tree's shape depends only on (teams, threads, warp size): for a given plan the
 * result is bitwise reproducible, and a non-commutative combiner sees index order.
 * Two ways to combine a team (`tree` argument of grid_finish, uniform across the launch):
 *   0  warp shuffles word by word, then one value per warp through `scratch`
 *      (room for REDU__MAX_WARPS values of A)
 *   1  every thread's value through `scratch` (room for one A per thread) and a
 *      pairwise tree there: no shuffles (measured 0-5% slower than shuffles on the H100
 *      for 16-256 byte A; kept as an option, docs/user-reductions.md)
 * Contract: the team's thread count is a multiple of the warp size, and `scratch` is
 * shared by the team (team memory, or a slice of device memory that only this team
 * uses).
 * REDU__DEFINE_REDUCERS_OF(PFX, A, COMBINE, (params...,), (args...,)) is the same set for
 * one A and several combiners: every routine takes the params first, and calls
 * COMBINE(args..., a, b) (the region kinds' per-type reducers, whose first argument picks
 * the op: device/redu_region_kinds.h). */
#ifndef REDU_REDUCERS_H
#define REDU_REDUCERS_H

#include "device/redu_internal.h"

#include "device/redu_target.h"
#include <stddef.h>

/* Plain `static inline`: forcing always_inline on these routines (barriers inside a
 * parallel region) made LLVM 19 emit kernels that fault on sm_90 (docs/performance.md). */
#define REDU__INLINE static inline

/* The largest accumulator a team combines with warp shuffles; larger ones always go
 * through team scratch (the tree). Shuffling a 136-byte, 8-byte-aligned value through a
 * vector view made LLVM 19's NVPTX backend emit a 16-byte local-memory load at an
 * 8-byte-aligned address (sm_90 "misaligned address" in every plan; found by tests/stress,
 * stress_b; compute-sanitizer: redu_reduce_l136_k_team_reduce). Up to 32 bytes the stress
 * matrix ran clean on the H100, and the tree measured within 0-6% of shuffles at 16-256
 * bytes (docs/user-reductions.md). */
#define REDU__SHUFFLE_MAX_BYTES 32

/* 32-bit words for `bytes` bytes (at most 64 KiB), rounded up to a power of two (vector
 * views of values: accumulators up to 256 bytes, input elements up to 64 KiB). */
#define REDU__POW2_WORDS(b)                                                                        \
  ((b) <= 4       ? 1                                                                              \
   : (b) <= 8     ? 2                                                                              \
   : (b) <= 16    ? 4                                                                              \
   : (b) <= 32    ? 8                                                                              \
   : (b) <= 64    ? 16                                                                             \
   : (b) <= 128   ? 32                                                                             \
   : (b) <= 256   ? 64                                                                             \
   : (b) <= 512   ? 128                                                                            \
   : (b) <= 1024  ? 256                                                                            \
   : (b) <= 2048  ? 512                                                                            \
   : (b) <= 4096  ? 1024                                                                           \
   : (b) <= 8192  ? 2048                                                                           \
   : (b) <= 16384 ? 4096                                                                           \
   : (b) <= 32768 ? 8192                                                                           \
                  : 16384)

/* 1024 threads / 32 lanes on NVIDIA; a CPU team (warp size 1) may have up to this many. */
#define REDU__MAX_WARPS 32

#pragma omp begin declare target
/* After thread 0 stored its team's partial(s): takes the team's ticket, and tells every
 * thread of the team (through the team-shared *last) whether this team arrived last, in
 * which case all partials are visible to it. */
static inline int redu__dev_grid_ticket(unsigned tid, unsigned nteams, unsigned *counter,
                                        unsigned *last)
{
  if (tid == 0) {
    unsigned ticket;
    redu__dev_fence_device();
#pragma omp atomic capture
    {
      ticket = *counter;
      *counter += 1;
    }
    *last = ticket == nteams - 1;
    redu__dev_fence_device();
  }
#pragma omp barrier
  return (int)*(volatile unsigned *)last;
}
#pragma omp end declare target

/* The body of a shuffle of the value v of type A: its words one by one through
 * SHFL(word, arg), every lane calling (the target's redu__dev_shfl_*_u32). */
#define REDU__SHFL_WORDS(A, SHFL, arg)                                                             \
  typedef uint32_t words __attribute__((ext_vector_type(REDU__POW2_WORDS(sizeof(A)))));            \
  union {                                                                                          \
    A v;                                                                                           \
    words w;                                                                                       \
  } u = {v};                                                                                       \
  _Pragma("clang loop unroll(full)")                                                               \
  for (unsigned k = 0; k < (sizeof(A) + 3) / 4; ++k)                                               \
    u.w[k] = SHFL(u.w[k], arg);                                                                    \
  return u.v;

/* A parenthesised list without its parentheses. */
#define REDU__UNPAREN(...) __VA_ARGS__

#define REDU__DEFINE_REDUCERS(PFX, A, COMBINE) REDU__DEFINE_REDUCERS_OF(PFX, A, COMBINE, (), ())
#define REDU__DEFINE_REDUCERS_OF(PFX, A, COMBINE, OPP, OPA)                                        \
  _Pragma("omp begin declare target")                                                              \
  /* The value's bits as a vector of 32-bit words: element access on a vector takes no             \
   * address, so the local is never "globalized" (redu_team_scratch.h, docs/design.md);            \
   * an array member or memcpy through &v would be. A power-of-two lane count, and only            \
   * values up to REDU__SHUFFLE_MAX_BYTES (PFX_team_reduce): see there. */                         \
  REDU__INLINE A PFX##_shfl_down(A v, unsigned delta){                                             \
      REDU__SHFL_WORDS(A, redu__dev_shfl_down_u32, delta)}                                         \
                                                                                                   \
  REDU__INLINE A PFX##_warp_reduce(REDU__UNPAREN OPP A v)                                          \
  {                                                                                                \
    for (unsigned d = 1; d < redu__dev_warp_size(); d <<= 1)                                       \
      v = COMBINE(REDU__UNPAREN OPA v, PFX##_shfl_down(v, d));                                     \
    return v;                                                                                      \
  }                                                                                                \
                                                                                                   \
  REDU__INLINE A PFX##_block_reduce(REDU__UNPAREN OPP A v, A ident, A *scratch, unsigned tid,      \
                                    unsigned nthreads)                                             \
  {                                                                                                \
    unsigned ws = redu__dev_warp_size();                                                           \
    unsigned lane = tid % ws, warp = tid / ws, nwarps = nthreads / ws;                             \
    v = PFX##_warp_reduce(REDU__UNPAREN OPA v);                                                    \
    if (lane == 0)                                                                                 \
      scratch[warp] = v;                                                                           \
    _Pragma("omp barrier")                                                                         \
    if (warp == 0) {                                                                               \
      unsigned per = (nwarps + ws - 1) / ws;                                                       \
      A r = ident;                                                                                 \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (unsigned k = lane * per; k < (lane + 1) * per && k < nwarps; ++k)                       \
        r = COMBINE(REDU__UNPAREN OPA r, scratch[k]);                                              \
      v = PFX##_warp_reduce(REDU__UNPAREN OPA r);                                                  \
    }                                                                                              \
    return v;                                                                                      \
  }                                                                                                \
                                                                                                   \
  /* Pairs (k, k + d) for k a multiple of 2d: lower index on the left at every level. */           \
  REDU__INLINE A PFX##_block_reduce_tree(REDU__UNPAREN OPP A v, A *scratch, unsigned tid,          \
                                         unsigned nthreads)                                        \
  {                                                                                                \
    scratch[tid] = v;                                                                              \
    for (unsigned d = 1; d < nthreads; d <<= 1) {                                                  \
      _Pragma("omp barrier")                                                                       \
      if (tid % (2 * d) == 0 && tid + d < nthreads)                                                \
        scratch[tid] = COMBINE(REDU__UNPAREN OPA scratch[tid], scratch[tid + d]);                  \
    }                                                                                              \
    return tid == 0 ? scratch[0] : v; /* thread 0 made the last combine itself */                  \
  }                                                                                                \
                                                                                                   \
  REDU__INLINE A PFX##_team_reduce(REDU__UNPAREN OPP A v, A ident, A *scratch, unsigned tid,       \
                                   unsigned nthreads, int tree)                                    \
  {                                                                                                \
    /* Over REDU__SHUFFLE_MAX_BYTES always the tree (a constant: the shuffle code of a             \
     * large A is never emitted). */                                                               \
    return tree || sizeof(A) > REDU__SHUFFLE_MAX_BYTES                                             \
               ? PFX##_block_reduce_tree(REDU__UNPAREN OPA v, scratch, tid, nthreads)              \
               : PFX##_block_reduce(REDU__UNPAREN OPA v, ident, scratch, tid, nthreads);           \
  }                                                                                                \
                                                                                                   \
  /* Every thread of the team combines a run of partials[0, nteams) in order, then the             \
   * team combines the runs: thread 0 gets the grid's value. */                                    \
  REDU__INLINE A PFX##_combine_partials(REDU__UNPAREN OPP A ident, const A *partials,              \
                                        unsigned nteams, A *scratch, unsigned tid,                 \
                                        unsigned nthreads, int tree)                               \
  {                                                                                                \
    unsigned per = (nteams + nthreads - 1) / nthreads;                                             \
    A r = ident;                                                                                   \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (unsigned k = tid * per; k < (tid + 1) * per && k < nteams; ++k)                           \
      r = COMBINE(REDU__UNPAREN OPA r, ((const volatile A *)partials)[k]);                         \
    return PFX##_team_reduce(REDU__UNPAREN OPA r, ident, scratch, tid, nthreads, tree);            \
  }                                                                                                \
                                                                                                   \
  /* Unused by the segmented kernel, which finishes its own way. */                                \
  REDU__INLINE __attribute__((unused)) void PFX##_grid_finish(                                     \
      REDU__UNPAREN OPP A v, A ident, A *scratch, int tree, unsigned *last, unsigned tid,          \
      unsigned nthreads, unsigned team, unsigned nteams, A *partials, unsigned *counter,           \
      A *result)                                                                                   \
  {                                                                                                \
    v = PFX##_team_reduce(REDU__UNPAREN OPA v, ident, scratch, tid, nthreads, tree);               \
    /* One team (small n) has the grid's value already: no ticket, fences or second pass. */       \
    if (nteams == 1) {                                                                             \
      if (tid == 0)                                                                                \
        *result = v;                                                                               \
      return;                                                                                      \
    }                                                                                              \
    if (tid == 0)                                                                                  \
      partials[team] = v;                                                                          \
    if (!redu__dev_grid_ticket(tid, nteams, counter, last))                                        \
      return;                                                                                      \
    A r = PFX##_combine_partials(REDU__UNPAREN OPA ident, partials, nteams, scratch, tid,          \
                                 nthreads, tree);                                                  \
    if (tid == 0) {                                                                                \
      *result = r;                                                                                 \
      *counter = 0;                                                                                \
    }                                                                                              \
  }                                                                                                \
  _Pragma("omp end declare target")

#endif

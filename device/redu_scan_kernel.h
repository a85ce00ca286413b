/* Array scans (prefix combines): reduce-then-scan in two launches of one kernel, or a single
 * pass with decoupled look-back (below).
 *
 * REDU__DEFINE_SCAN(PFX, T, A, IDENT, LIFT, COMBINE, FINISH) defines
 *   void PFX_launch(const redu__launch *L, const T *x, T *y, size_t n, A init, int exclusive,
 *                   size_t tile)
 * which writes y[i] = FINISH(init . x[0] . ... . x[i]) (inclusive) or
 * FINISH(init . x[0] . ... . x[i - 1]) (exclusive) for i in [0, n), `.` being COMBINE over
 * LIFTed elements (the op table's columns, device/redu_op_table.h). x and y are device
 * addresses; y may be x (each element is read before its own result is written, by the
 * thread that writes it), but may not overlap it otherwise.
 *
 * The plan's L->teams blocks of x, contiguous and in order, are scanned independently:
 *   phase 0 (only with more than one block): each block's total into partials[block];
 *   phase 1: each block starts from init . partials[0] . ... . partials[block - 1] and
 *            scans its elements in tiles of (threads x k): each thread folds k contiguous
 *            elements, the team scans the threads' totals (warp scans through shuffles,
 *            then the warps' totals through team scratch, one slot per warp), and each
 *            thread walks its elements again from its exclusive prefix, writing y.
 * Phase 0 runs the same tiles without writing. Launches do not overlap (no nowait), so
 * phase 1 sees every partial without fences. A team takes blocks team, team + nteams, ...:
 * the blocks, and so every combine's order, depend only on the plan (L->teams, threads)
 * and the target, never on how many teams the runtime ran: the same bits on every run.
 * k: GPUs 32 bytes of elements per thread and tile (a warp's first pass reads 1 KiB
 * contiguous, its second pass hits the cache); CPUs (redu__dev_vector_chunks) one tile per
 * block, each thread one contiguous run of it.
 * Loads are plain (never the read-only path of redu__dev_load16): y may be x.
 *
 * The single pass (decoupled look-back; PFX_launch with tile > 0) reads x once from memory:
 * a reset launch zeroes the status words (the tile counter and one state per tile, in the
 * slot's partials, which other calls overwrite, so they are cleared for every call), then
 * each team claims tiles of `tile` elements in order through the counter (a team only ever
 * waits on tiles claimed before its own, by teams that are running: no deadlock on GPUs, nor
 * where teams run one after another on a CPU), folds its tile, publishes the aggregate
 * (value, device fence, state 1), looks back over tiles t-1, t-2, ... until one shows its
 * inclusive prefix (state 2), combining aggregates in tile order on the way, publishes its
 * own inclusive prefix (value, fence, state 2), and scans the tile again (from cache)
 * writing y. A reader fences after seeing a state and before reading the value. How deep
 * the look-back goes depends on timing, so the association of the prefixes does too: the
 * host takes the single pass only for ops whose combine gives the same bits in any
 * association (every op but float sum and product; host/redu_scan.c). */
#ifndef REDU_SCAN_KERNEL_H
#define REDU_SCAN_KERNEL_H

#include "device/redu_internal.h"

#include "device/redu_launch.h"
#include "device/redu_reducers.h"
#include "device/redu_target.h"
#include "device/redu_team_scratch.h"
#include <omp.h>
#include <stddef.h>

/* Bytes of elements a GPU thread takes per tile. */
#define REDU__SCAN_GPU_TILE_BYTES 32
/* A single-pass tile on GPUs: this many of those tiles (8 KiB per 256 threads each), so
 * that its second read hits the cache; on CPUs this many bytes (a core's L2 holds it). */
#define REDU__SCAN_ONE_PASS_ROUNDS 8
#define REDU__SCAN_CPU_TILE_BYTES ((size_t)256 << 10)

#pragma omp begin declare target
/* The first element of block b of nblocks over [0, n): the first n % nblocks blocks take
 * one element more. No product of two sizes: n may be past 2^32. */
static inline size_t redu__scan_block_start(size_t n, size_t nblocks, size_t b)
{
  size_t q = n / nblocks, r = n % nblocks;
  return b * q + (b < r ? b : r);
}

/* The single pass's status in the slot's partials: unsigned word 0 the tile counter, word
 * 1 + t tile t's state (REDU__SCAN_*), then from redu__scan_lb_values(ntiles) bytes on the
 * tiles' aggregates, then their inclusive prefixes (one accumulator each). */
#define REDU__SCAN_NOTHING 0u   /* tile t published nothing yet */
#define REDU__SCAN_AGGREGATE 1u /* its aggregate is readable */
#define REDU__SCAN_INCLUSIVE 2u /* its inclusive prefix is readable */
static inline size_t redu__scan_lb_values(size_t ntiles)
{
  return ((ntiles + 1) * sizeof(unsigned) + 15) / 16 * 16;
}

/* Each thread of the reset launch zeroes its share of the counter and states. */
static inline void redu__scan_lb_clear(unsigned *words, size_t nwords)
{
  size_t nth = (size_t)omp_get_num_threads();
  size_t stride = (size_t)omp_get_num_teams() * nth;
  _Pragma("clang loop unroll(disable)")
  for (size_t i = (size_t)omp_get_team_num() * nth + (size_t)omp_get_thread_num(); i < nwords;
       i += stride)
    words[i] = 0;
}
#pragma omp end declare target

/* Bytes of status a single pass over ntiles tiles of accumulators of acc_size bytes takes. */
static inline size_t redu__scan_lb_bytes(size_t ntiles, size_t acc_size)
{
  return redu__scan_lb_values(ntiles) + 2 * ntiles * acc_size;
}

/* The reset launch: the counter and ntiles states to zero. */
static inline void redu__scan_lb_reset(const redu__launch *L, size_t ntiles)
{
  unsigned *words = (unsigned *)L->partials;
  size_t nwords = ntiles + 1;
  int threads = L->threads;
  size_t want = (nwords + (size_t)threads - 1) / (size_t)threads;
  int teams = want < (size_t)L->teams ? (int)want : L->teams;
  REDU__PRAGMA(omp target teams device(L->device) num_teams(teams) thread_limit(threads)
                   is_device_ptr(words))
  REDU__PRAGMA(omp parallel num_threads(threads))
  redu__scan_lb_clear(words, nwords);
}

#define REDU__DEFINE_SCAN(PFX, T, A, IDENT, LIFT, COMBINE, FINISH)                                 \
  _Pragma("omp begin declare target")                                                              \
  /* The value lane `src` holds (every lane calls): a vector view of its words, as                 \
   * PFX_shfl_down in redu_reducers.h, so that no local's address is taken. */                     \
  REDU__INLINE A PFX##_shfl_idx(A v,                                                               \
                                unsigned src){REDU__SHFL_WORDS(A, redu__dev_shfl_idx_u32, src)}    \
                                                                                                   \
  /* Lane l gets v(0) . v(1) . ... . v(l) (Hillis-Steele; every lane calls). */                    \
  REDU__INLINE A PFX##_warp_scan(A v, unsigned lane)                                               \
  {                                                                                                \
    for (unsigned d = 1; d < redu__dev_warp_size(); d <<= 1) {                                     \
      A o = PFX##_shfl_idx(v, lane >= d ? lane - d : lane);                                        \
      if (lane >= d)                                                                               \
        v = COMBINE(o, v);                                                                         \
    }                                                                                              \
    return v;                                                                                      \
  }                                                                                                \
                                                                                                   \
  /* One tile [t0, t1), k elements per thread, after `carry` (the elements before it): the         \
   * carry after the tile, the same value on every thread. With `write`, y gets the tile's         \
   * results. slots: one A per warp, shared by the team. */                                        \
  REDU__INLINE A PFX##_tile(const T *x, T *y, size_t t0, size_t t1, size_t k, A carry, int write,  \
                            int exclusive, A *slots, unsigned tid, unsigned nth)                   \
  {                                                                                                \
    unsigned ws = redu__dev_warp_size(), lane = tid % ws, warp = tid / ws, nwarps = nth / ws;      \
    size_t b = t1 - t0 > tid * k ? t0 + tid * k : t1;                                              \
    size_t e = t1 - b > k ? b + k : t1;                                                            \
    A own = (IDENT);                                                                               \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t i = b; i < e; ++i)                                                                 \
      own = COMBINE(own, LIFT(x[i], i));                                                           \
    A incl = PFX##_warp_scan(own, lane);                                                           \
    A excl = PFX##_shfl_idx(incl, lane ? lane - 1 : 0);                                            \
    if (lane == 0)                                                                                 \
      excl = (IDENT);                                                                              \
    if (lane == ws - 1)                                                                            \
      slots[warp] = incl;                                                                          \
    _Pragma("omp barrier")                                                                         \
    /* Every thread combines the warps' totals in order: its own warp's prefix on the way. */      \
    A mine = carry;                                                                                \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (unsigned w = 0; w < nwarps; ++w) {                                                        \
      if (w == warp)                                                                               \
        mine = carry;                                                                              \
      carry = COMBINE(carry, slots[w]);                                                            \
    }                                                                                              \
    _Pragma("omp barrier") /* the slots are free for the next tile */                              \
    if (write) {                                                                                   \
      A acc = COMBINE(mine, excl);                                                                 \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t i = b; i < e; ++i) {                                                             \
        A v = LIFT(x[i], i);                                                                       \
        if (exclusive) {                                                                           \
          y[i] = FINISH(acc);                                                                      \
          acc = COMBINE(acc, v);                                                                   \
        } else {                                                                                   \
          acc = COMBINE(acc, v);                                                                   \
          y[i] = FINISH(acc);                                                                      \
        }                                                                                          \
      }                                                                                            \
    }                                                                                              \
    return carry;                                                                                  \
  }                                                                                                \
                                                                                                   \
  /* One block [b0, b1) from `carry`: the carry after it. */                                       \
  REDU__INLINE A PFX##_block(const T *x, T *y, size_t b0, size_t b1, A carry, int write,           \
                             int exclusive, A *slots, unsigned tid, unsigned nth)                  \
  {                                                                                                \
    size_t k = redu__dev_vector_chunks() ? (b1 - b0) / nth + ((b1 - b0) % nth != 0)                \
                                         : REDU__SCAN_GPU_TILE_BYTES / sizeof(T);                  \
    if (k == 0)                                                                                    \
      k = 1;                                                                                       \
    size_t tile = k * nth;                                                                         \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t t0 = b0; t0 < b1; t0 += b1 - t0 < tile ? b1 - t0 : tile)                           \
      carry = PFX##_tile(x, y, t0, b1 - t0 < tile ? b1 : t0 + tile, k, carry, write, exclusive,    \
                         slots, tid, nth);                                                         \
    return carry;                                                                                  \
  }                                                                                                \
                                                                                                   \
  static inline __attribute__((flatten)) void PFX##_team(                                          \
      const T *x, T *y, size_t n, size_t nblocks, A init, int exclusive, int phase, size_t slots,  \
      size_t team_mem, void *spill, A *partials)                                                   \
  {                                                                                                \
    unsigned tid = (unsigned)omp_get_thread_num(), nth = (unsigned)omp_get_num_threads();          \
    size_t team = (size_t)omp_get_team_num(), nteams = (size_t)omp_get_num_teams();                \
    A *scratch = (A *)redu__dev_team_scratch(team_mem, spill, slots, sizeof(A));                   \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t blk = team; blk < nblocks; blk += nteams) {                                        \
      size_t b0 = redu__scan_block_start(n, nblocks, blk);                                         \
      size_t b1 = redu__scan_block_start(n, nblocks, blk + 1);                                     \
      if (phase == 0) {                                                                            \
        A total = PFX##_block(x, y, b0, b1, (IDENT), 0, 0, scratch, tid, nth);                     \
        if (tid == 0)                                                                              \
          partials[blk] = total;                                                                   \
      } else {                                                                                     \
        A carry = init;                                                                            \
        _Pragma("clang loop unroll(disable)")                                                      \
        for (size_t p = 0; p < blk; ++p)                                                           \
          carry = COMBINE(carry, partials[p]);                                                     \
        PFX##_block(x, y, b0, b1, carry, 1, exclusive, scratch, tid, nth);                         \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
                                                                                                   \
  /* Tile t's exclusive prefix (thread 0): publishes its aggregate, looks back to the first        \
   * inclusive prefix, publishes its own. The aggregates between are combined in tile order. */    \
  REDU__INLINE A PFX##_look_back(size_t t, A agg, A init, unsigned *words, A *aggs, A *incls)      \
  {                                                                                                \
    volatile unsigned *state = (volatile unsigned *)words + 1;                                     \
    A excl = init;                                                                                 \
    if (t > 0) {                                                                                   \
      ((volatile A *)aggs)[t] = agg;                                                               \
      redu__dev_fence_device(); /* the aggregate before its state */                               \
      state[t] = REDU__SCAN_AGGREGATE;                                                             \
      A run = (IDENT); /* aggregates of tiles j + 1 .. t - 1 */                                    \
      size_t j = t;                                                                                \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (;;) {                                                                                   \
        unsigned st;                                                                               \
        --j;                                                                                       \
        _Pragma("clang loop unroll(disable)")                                                      \
        while ((st = state[j]) == REDU__SCAN_NOTHING)                                              \
          ;                                                                                        \
        redu__dev_fence_device(); /* the value after its state */                                  \
        if (st == REDU__SCAN_INCLUSIVE) {                                                          \
          excl = COMBINE(((const volatile A *)incls)[j], run);                                     \
          break;                                                                                   \
        }                                                                                          \
        run = COMBINE(((const volatile A *)aggs)[j], run);                                         \
      }                                                                                            \
    }                                                                                              \
    ((volatile A *)incls)[t] = COMBINE(excl, agg);                                                 \
    redu__dev_fence_device();                                                                      \
    state[t] = REDU__SCAN_INCLUSIVE;                                                               \
    return excl;                                                                                   \
  }                                                                                                \
                                                                                                   \
  /* The single pass: tiles claimed in order until none is left. */                                \
  static inline __attribute__((flatten)) void PFX##_team1(                                         \
      const T *x, T *y, size_t n, size_t tile, size_t ntiles, A init, int exclusive, size_t slots, \
      size_t team_mem, void *spill, void *status)                                                  \
  {                                                                                                \
    unsigned tid = (unsigned)omp_get_thread_num(), nth = (unsigned)omp_get_num_threads();          \
    char *ts = redu__dev_team_scratch(team_mem, spill, slots, sizeof(A));                          \
    A *scratch = (A *)ts;                                                                          \
    volatile unsigned *claim =                                                                     \
        (volatile unsigned *)(ts + redu__team_last_offset(slots, sizeof(A)));                      \
    unsigned *words = (unsigned *)status;                                                          \
    A *aggs = (A *)((char *)status + redu__scan_lb_values(ntiles)), *incls = aggs + ntiles;        \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (;;) {                                                                                     \
      if (tid == 0) {                                                                              \
        unsigned c;                                                                                \
        _Pragma("omp atomic capture")                                                              \
        {                                                                                          \
          c = words[0];                                                                            \
          words[0] += 1;                                                                           \
        }                                                                                          \
        *claim = c;                                                                                \
      }                                                                                            \
      _Pragma("omp barrier")                                                                       \
      size_t t = *claim;                                                                           \
      if (t >= ntiles)                                                                             \
        break;                                                                                     \
      size_t b0 = t * tile, b1 = n - b0 > tile ? b0 + tile : n;                                    \
      /* Its barriers also keep thread 0 from claiming again before every thread read t. */        \
      A agg = PFX##_block(x, y, b0, b1, (IDENT), 0, 0, scratch, tid, nth);                         \
      if (tid == 0)                                                                                \
        scratch[0] = PFX##_look_back(t, agg, init, words, aggs, incls);                            \
      _Pragma("omp barrier")                                                                       \
      A carry = ((volatile A *)scratch)[0];                                                        \
      _Pragma("omp barrier") /* read before the tiles below reuse the slot */                      \
      PFX##_block(x, y, b0, b1, carry, 1, exclusive, scratch, tid, nth);                           \
    }                                                                                              \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
                                                                                                   \
  /* tile 0: reduce-then-scan; else the single pass over tiles of `tile` elements, its status      \
   * (redu__scan_lb_bytes) in L->partials. */                                                      \
  static void PFX##_launch(const redu__launch *L, const T *x, T *y, size_t n, A init,              \
                           int exclusive, size_t tile)                                             \
  {                                                                                                \
    A *partials = (A *)L->partials;                                                                \
    void *spill = L->team_spill;                                                                   \
    int threads = L->threads;                                                                      \
    size_t slots = L->team_slots, team_mem = L->team_mem, nblocks = (size_t)L->teams;              \
    if (tile) {                                                                                    \
      size_t ntiles = n / tile + (n % tile != 0);                                                  \
      redu__scan_lb_reset(L, ntiles);                                                              \
      REDU__PRAGMA(omp target teams device(L->device) num_teams(L->teams) thread_limit(threads)    \
                       is_device_ptr(x, y, partials, spill) ompx_dyn_cgroup_mem(team_mem))         \
      REDU__PRAGMA(omp parallel num_threads(threads))                                              \
      PFX##_team1(x, y, n, tile, ntiles, init, exclusive, slots, team_mem, spill, partials);       \
      return;                                                                                      \
    }                                                                                              \
    for (int phase = nblocks > 1 ? 0 : 1; phase < 2; ++phase) {                                    \
      REDU__PRAGMA(omp target teams device(L->device) num_teams(L->teams) thread_limit(threads)    \
                       is_device_ptr(x, y, partials, spill) ompx_dyn_cgroup_mem(team_mem))         \
      REDU__PRAGMA(omp parallel num_threads(threads))                                              \
      PFX##_team(x, y, n, nblocks, init, exclusive, phase, slots, team_mem, spill, partials);      \
    }                                                                                              \
  }

#endif

/* Array scans (prefix combines), reduce-then-scan in two launches of one kernel.
 *
 * REDU__DEFINE_SCAN(PFX, T, A, IDENT, LIFT, COMBINE, FINISH) defines
 *   void PFX_launch(const redu__launch *L, const T *x, T *y, size_t n, A init, int exclusive)
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
 * Loads are plain (never the read-only path of redu__dev_load16): y may be x. */
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

#pragma omp begin declare target
/* The first element of block b of nblocks over [0, n): the first n % nblocks blocks take
 * one element more. No product of two sizes: n may be past 2^32. */
static inline size_t redu__scan_block_start(size_t n, size_t nblocks, size_t b)
{
  size_t q = n / nblocks, r = n % nblocks;
  return b * q + (b < r ? b : r);
}
#pragma omp end declare target

#define REDU__DEFINE_SCAN(PFX, T, A, IDENT, LIFT, COMBINE, FINISH)                                 \
  _Pragma("omp begin declare target")                                                              \
  /* The value lane `src` holds (every lane calls): a vector view of its words, as                 \
   * PFX_shfl_down in redu_reducers.h, so that no local's address is taken. */                     \
  REDU__INLINE A PFX##_shfl_idx(A v, unsigned src)                                                 \
  {                                                                                                \
    typedef uint32_t words __attribute__((ext_vector_type(REDU__POW2_WORDS(sizeof(A)))));          \
    union {                                                                                        \
      A v;                                                                                         \
      words w;                                                                                     \
    } u = {v};                                                                                     \
    _Pragma("clang loop unroll(full)")                                                             \
    for (unsigned k = 0; k < (sizeof(A) + 3) / 4; ++k)                                             \
      u.w[k] = redu__dev_shfl_idx_u32(u.w[k], src);                                                \
    return u.v;                                                                                    \
  }                                                                                                \
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
  _Pragma("omp end declare target")                                                                \
                                                                                                   \
  static void PFX##_launch(const redu__launch *L, const T *x, T *y, size_t n, A init,              \
                           int exclusive)                                                          \
  {                                                                                                \
    A *partials = (A *)L->partials;                                                                \
    void *spill = L->team_spill;                                                                   \
    int threads = L->threads;                                                                      \
    size_t slots = L->team_slots, team_mem = L->team_mem, nblocks = (size_t)L->teams;              \
    for (int phase = nblocks > 1 ? 0 : 1; phase < 2; ++phase) {                                    \
      REDU__PRAGMA(omp target teams device(L->device) num_teams(L->teams) thread_limit(threads)    \
                       is_device_ptr(x, y, partials, spill) ompx_dyn_cgroup_mem(team_mem))         \
      REDU__PRAGMA(omp parallel num_threads(threads))                                              \
      PFX##_team(x, y, n, nblocks, init, exclusive, phase, slots, team_mem, spill, partials);      \
    }                                                                                              \
  }

#endif

/* Array scans (prefix combines): one pass with a deterministic look-back, or reduce-then-scan
 * in two launches of one kernel.
 *
 * REDU__DEFINE_SCAN(PFX, T, A, IDENT, LIFT, COMBINE, FINISH, COMMUTES) defines
 *   void PFX_launch(const redu__launch *L, const T *x, T *y, size_t n, A init, int exclusive,
 *                   const redu__scan_pass *one)
 * which writes y[i] = FINISH(init . x[0] . ... . x[i]) (inclusive) or
 * FINISH(init . x[0] . ... . x[i - 1]) (exclusive) for i in [0, n), `.` being COMBINE over
 * LIFTed elements (the op table's columns, device/redu_op_table.h). FINISH may name
 * `redu__unsure`, the launch's L->counter (a word the device writes): exact scans' finish marks
 * there a prefix it could not round (device/redu_exact_scan.h); other finishes ignore it. COMMUTES:
 * 1 where COMBINE(a, b) = COMBINE(b, a) (the built-in value ops, exact sums), so that
 * reduce-then-scan's first launch may fold a warp's elements out of index order; 0 for
 * declared combiners, which it folds in order (PFX_warp_total). x and y are
 * device addresses; y may be x (each element is read before its own result is written, by the
 * thread that writes it), but may not overlap it otherwise.
 *
 * Tiles. A team scans a tile in one step: each thread folds its run of the tile, the team
 * scans the threads' totals (warp scans through shuffles, then the warps' totals through
 * team scratch, one slot per warp), and each thread walks its run again from its exclusive
 * prefix, writing y. On GPUs a thread holds its run in registers (REDU__SCAN_ITEMS), laid out
 * in rows so that a warp's loads and stores are contiguous (exact scans: one row, 64 bytes a
 * lane, REDU__SCAN_LANE_VEC), and x is read once; on CPUs
 * (redu__dev_vector_chunks) the tile is split evenly between the threads and each reads its
 * run twice (the second time from its cache).
 *
 * The single pass (PFX_launch with `one`): teams claim tiles in order through a counter
 * (a team only ever waits on tiles claimed before its own, by teams that are running: no
 * deadlock on GPUs, nor where teams run one after another on a CPU). Each tile s publishes
 * its aggregate a(s) and then its inclusive prefix P(s) = E(s) . a(s), where its exclusive
 * prefix E(s) is the fold, in index order and in a fixed tree, of P(s - K) (init where s < K)
 * and the aggregates a(s - K + 1) .. a(s - 1): a window of K = warp size x
 * REDU__SCAN_LB_PER_LANE(sizeof(A)) tiles that one warp reads in one trip to memory. Which
 * values a prefix combines, and in which association, depends only on s and the tiling:
 * unlike a classic decoupled look-back, which folds back to whichever inclusive prefix it
 * finds first (so that its association depends on timing), the result has the same bits on
 * every run for every op, float sums included. A tile waits on its own window only, read in
 * one trip, and the prefixes form chains K tiles apart: a chain advances K tiles per
 * look-back while the H100 finishes some 75 16-KiB tiles a microsecond. A tree of nodes
 * instead (blocks of 32 aggregates folded by their last tile into nodes a level up, a tile
 * reading one node per level, level after level) took longer: H100, 2^27, i32 0.89 -> 0.79 ms,
 * f64 2.57 -> 1.98 (tuning log).
 * Records carry the call's epoch (redu__scan_pass), so that nothing is cleared between
 * calls; the tile counter is one of two, the call zeroing the other one for the next call.
 *
 * Reduce-then-scan (PFX_launch without `one`): the plan's L->teams blocks of x, contiguous
 * and in order: phase 0 (only with more than one block) writes each block's total into
 * partials[block]; phase 1 scans each block from init . partials[0] . ... . partials[block
 * - 1]. Launches do not overlap, so phase 1 sees every partial without fences. A team takes
 * blocks team, team + nteams, ...: the association depends only on the plan. */
#ifndef REDU_SCAN_KERNEL_H
#define REDU_SCAN_KERNEL_H

#include "device/redu_internal.h"

#include "device/redu_launch.h"
#include "device/redu_reducers.h"
#include "device/redu_target.h"
#include "device/redu_team_scratch.h"
#include <omp.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes of elements a GPU thread holds in registers per tile. */
#define REDU__SCAN_ITEM_BYTES 64
/* Elements of `size` bytes a lane loads at once (16 bytes of them where the size allows),
 * rows of those per thread, and elements per thread. */
#define REDU__SCAN_VEC(size) ((size) < 16 && 16 % (size) == 0 ? 16 / (size) : 1)
#define REDU__SCAN_ROWS(size)                                                                      \
  (REDU__SCAN_ITEM_BYTES / (REDU__SCAN_VEC(size) * (size))                                         \
       ? REDU__SCAN_ITEM_BYTES / (REDU__SCAN_VEC(size) * (size))                                   \
       : 1)
#define REDU__SCAN_ITEMS(size) (REDU__SCAN_VEC(size) * REDU__SCAN_ROWS(size))
/* A GPU lane's contiguous elements of a tile's row, and the rows, for elements of `size`
 * bytes into accumulators of `acc` bytes: 16 bytes of them in REDU__SCAN_ROWS rows, or, for
 * accumulators over 16 bytes (exact scans' double-words with a bound), all of the lane's
 * REDU__SCAN_ITEMS in one row. Such combines are chains of FP64 additions that bound the
 * kernel (docs/performance.md, "Scans"), and every row costs a warp scan (five combines) and
 * two more: with one row an element takes about three combines, not six and a half. */
#define REDU__SCAN_LANE_VEC(size, acc)                                                             \
  ((acc) > 16 && (size) <= 8 ? REDU__SCAN_ITEMS(size) : REDU__SCAN_VEC(size))
#define REDU__SCAN_LANE_ROWS(size, acc) (REDU__SCAN_ITEMS(size) / REDU__SCAN_LANE_VEC(size, acc))
/* A GPU lane's shape of a tile for elements T into accumulators A, as enum constants
 * redu__vec (REDU__SCAN_LANE_VEC) and redu__rows (REDU__SCAN_LANE_ROWS). */
#define REDU__SCAN_LANE_SHAPE(T, A)                                                                \
  enum {                                                                                           \
    redu__vec = REDU__SCAN_LANE_VEC(sizeof(T), sizeof(A)),                                         \
    redu__rows = REDU__SCAN_LANE_ROWS(sizeof(T), sizeof(A))                                        \
  }
/* Whether a GPU thread's 16 bytes of a row move as one vector load and store (element by
 * element clang emitted one load and one store per element). H100, redu-bench --only scan,
 * old and new libredu alternated, 2^27: sums of i32 0.610-0.624 -> 0.586-0.594 ms (single
 * pass 0.985-1.008 -> 0.891-0.914), i64 1.199-1.219 -> 1.145-1.163, max of i32 0.661-0.670
 * -> 0.587-0.597, exact f32 5.06-5.15 -> 4.54-4.61; but where the accumulator is a double
 * (f32 and f64 sums) reduce-then-scan took 6-9% longer (f64 1.211-1.221 -> 1.317-1.319 ms,
 * with the ordinary path or the read-only one alike; not explained), so those move element by
 * element. A compound literal, so that declared structs take the vector path too. */
#define REDU__SCAN_VECTOR_IO(A) _Generic((A){0}, double: 0, float: 0, long double: 0, default: 1)
/* REDU__SCAN_FROM_MEMORY: an accumulator in memory (team slots, partials, a row's prefix behind
 * a pointer) is copied into a local before COMBINE takes it. Passed straight from memory to a
 * combine that takes a struct by value, it is copied by LLVM's inliner with a memcpy marked
 * 1-byte aligned, which NVPTX lowers to a load per byte: an exact scan's 32-byte prefix took 28
 * byte loads and 30 shifts and ors for each warp total a thread combined in every tile. H100,
 * median of 9 calls, old and new libredu alternated on two machines, 2^27: exact f64 3.23-3.32
 * -> 2.76-2.80 ms, exact f32 2.88-3.00 -> 2.64-2.68; fast scans the same (docs/performance.md,
 * tuning log). */
/* 16-byte moves of a lane's row of `bytes` (one where a row is shorter: never taken there). */
#define REDU__SCAN_CHUNKS(bytes) ((bytes) > 16 ? (bytes) / 16 : 1)
/* The team routines of both algorithms and of segmented scans: always inlined on GPUs (left to
 * the inliner, the single pass's stayed out of line for 4- and 8-byte sums with 184-200 bytes
 * of spills, reduce-then-scan's for 1- and 2-byte ones, and the segmented one's for 4-byte
 * sums with 120-352; docs/targets.md), as on CPUs left to it. */
#if defined(__NVPTX__) || defined(__AMDGPU__)
#define REDU__SCAN_TEAM_INLINE __attribute__((flatten, always_inline))
#else
#define REDU__SCAN_TEAM_INLINE __attribute__((flatten))
#endif
/* The most threads per team a scan kernel is compiled for (its launch bounds): without them
 * CUDA ran 512-thread plans with fewer threads, whose tiles then lost rows. GPU plans take
 * 256 threads, 8 teams per multiprocessor (H100, 2^27 elements: 256 x 1,056 teams 0.97 ms
 * for reduce-then-scan of i32, 512 x 528 1.11 ms; the single pass alike). */
#define REDU__SCAN_MAX_THREADS 512
#define REDU__SCAN_GPU_THREADS 256
#define REDU__SCAN_TEAMS_PER_UNIT 8
/* A CPU tile: this many bytes (a core's L2 holds its run twice over), or an even share of
 * the scan between the plan's teams where that is shorter. */
#define REDU__SCAN_CPU_TILE_BYTES ((size_t)256 << 10)
/* A CPU walk's group (PFX_cpu_walk), and the accumulators it groups: floating ones, whose
 * add waits four cycles on the one before in a walk element by element (2-core Zen 3, host
 * offload, inclusive sums at 2^20: f32 0.70 -> 0.38-0.43 ms, f64 0.51 -> 0.34-0.36, now past
 * the two-pass `omp parallel` scan's 0.72 and 0.59). An integer's add takes one cycle, below
 * what each element costs anyway; structs (exact sums, declared combiners) walk one chain,
 * each combine once. */
#define REDU__SCAN_CPU_GROUP 8
#define REDU__SCAN_CPU_GROUPED(A) _Generic((A){0}, double: 1, float: 1, default: 0)
/* CPU teams for a scan: one per this many elements, up to the cores (host/redu_plan.c): a
 * thread's walk is a chain of dependent combines, up to four cycles an element whatever
 * its size (2-core Zen 3, 2^16 4-byte sums, one team: 0.51-0.71x the two-pass `omp
 * parallel` scan; two teams of 32 Ki elements: 0.94-1.25x). */
#define REDU__SCAN_CPU_TEAM_ELEMS ((size_t)32 << 10)
/* A CPU walk's elements between two prefetches (REDU__DEV_PREFETCH_AHEAD bytes on, a block's
 * lines at once): 1 KiB, so that the loop over a block keeps no test of its own. */
#define REDU__SCAN_CPU_BLOCK(size) ((size) < 1024 ? 1024 / (size) : 1)
/* Team scratch slots a scan takes: two sets (tiles alternate) of one per warp and the carry.
 * The next tile's number goes in the team scratch's "last" word. */
#define REDU__SCAN_TEAM_SLOTS(nwarps) (2 * ((size_t)(nwarps) + 1))

/* The single pass's status: 128 bytes of tile counters, then two regions of ntiles records,
 * the tiles' aggregates and their inclusive prefixes. A record holds an accumulator as
 * 32-bit words, each beside a copy of the call's epoch in one 64-bit word. A 64-bit store is
 * seen whole or not at all, so a reader that finds the epoch beside every word has the
 * record: no fence on either side, and one trip to memory per poll. Every 64-bit word of the
 * status is zero or was written whole by some call, so its upper half is an epoch, never an
 * accumulator's word, whatever accumulators earlier calls wrote where. Records sit
 * REDU__SCAN_RECORD_BYTES apart, so that the polls of many warps spread over the device's
 * memory slices (H100, single pass i32 2^27: 0.95 ms with a window's records side by side,
 * 0.79 with them 128 bytes apart).
 * epoch: this call's tag, never 0 and never one an earlier call over the same status left
 * (the host zeroes the status when it allocates it and when epochs wrap). */
#define REDU__SCAN_RECORD_BYTES 128
/* The largest accumulator a record holds; larger ones take reduce-then-scan. */
#define REDU__SCAN_RECORD_MAX_ACC (REDU__SCAN_RECORD_BYTES / 2)
/* 32-bit words of an accumulator of `size` bytes. */
#define REDU__SCAN_WORDS(size) (((size) + 3) / 4)
/* Tiles of a look-back window each lane reads (the window: warp size times this): at most 16
 * 64-bit words a lane in one trip. */
#define REDU__SCAN_LB_PER_LANE(size)                                                               \
  (REDU__SCAN_WORDS(size) <= 2   ? 8                                                               \
   : REDU__SCAN_WORDS(size) <= 4 ? 4                                                               \
   : REDU__SCAN_WORDS(size) <= 8 ? 2                                                               \
                                 : 1)
/* A segmented scan's plan (host/redu_segmented_scan.c), for PFX_seg_run below. */
typedef struct redu__segscan_plan {
  const size_t *offsets; /* device: nseg + 1 of them; NULL: batched, segments of len */
  size_t base;           /* offsets[0] (0 batched): segment g starts at offsets[g] - base */
  size_t len, nseg;
  size_t skip;    /* the one launch leaves segments of this many elements or more to runs */
  size_t longest; /* elements of the longest segment the one launch scans */
  size_t *runs;   /* host: nruns [start, end) pairs from the section's start, in order */
  size_t nruns;
} redu__segscan_plan;

typedef struct redu__scan_pass {
  void *status;
  size_t tile;   /* elements per tile */
  size_t ntiles; /* at most UINT32_MAX */
  unsigned epoch;
} redu__scan_pass;

/* What a launch takes into its target region goes in as scalars, which clang passes by value:
 * an aggregate there is copied to the device before the launch (firstprivate) or to it and
 * back after it (mapped, an aggregate's default). On the H100 a region with a 32-byte
 * firstprivate struct took 15.0 µs end to end against 11.9 with its fields as scalars (medians
 * of 301; an empty region 10.0). So a single pass's tile records go in field by field, and the
 * initial value (an exact scan's 32-byte accumulator, a declared type's) as REDU__SCAN_INIT_WORDS
 * 64-bit words, enough for any accumulator a scan takes (REDU__SHUFFLE_MAX_BYTES: redu__scan_open
 * refuses larger ones before a launch). In the launch function, after its locals: */
#define REDU__SCAN_INIT_WORDS 4
_Static_assert(REDU__SCAN_INIT_WORDS * sizeof(uint64_t) >= REDU__SHUFFLE_MAX_BYTES,
               "a scan's initial value must fit its words");
/* Word j of the first 32 bytes of a value of `size` bytes, zero past its end (host side);
 * in the kernel, REDU__SCAN_WORDS_OF(A) views the words as the value again. Scanning regions
 * pass their variables' values before the region the same way (device/redu_region_scan.h). */
static inline uint64_t redu__scan_word(const void *v, size_t size, unsigned j)
{
  uint64_t w = 0;
  if (size > 8 * (size_t)j)
    __builtin_memcpy(&w, (const char *)v + 8 * j, size - 8 * j < 8 ? size - 8 * j : 8);
  return w;
}
#define REDU__SCAN_WORDS_OF(A)                                                                     \
  union {                                                                                          \
    A v;                                                                                           \
    uint64_t w[REDU__SCAN_INIT_WORDS];                                                             \
  }
#define REDU__SCAN_INIT_SPLIT(A, init)                                                             \
  uint64_t redu__init0 = redu__scan_word(&(init), sizeof(A), 0),                                   \
           redu__init1 = redu__scan_word(&(init), sizeof(A), 1),                                   \
           redu__init2 = redu__scan_word(&(init), sizeof(A), 2),                                   \
           redu__init3 = redu__scan_word(&(init), sizeof(A), 3);
/* ... and in its target region, the value again (PFX_init_of in REDU__DEFINE_SCAN). */
#define REDU__SCAN_INIT_JOIN(PFX) PFX##_init_of(redu__init0, redu__init1, redu__init2, redu__init3)

#pragma omp begin declare target
/* The first element of block b of nblocks over [0, n): the first n % nblocks blocks take
 * one element more. No product of two sizes: n may be past 2^32. */
static inline size_t redu__scan_block_start(size_t n, size_t nblocks, size_t b)
{
  size_t q = n / nblocks, r = n % nblocks;
  return b * q + (b < r ? b : r);
}

/* Bytes of status for ntiles (at most 2^32) tiles: the counters and two records a tile. */
static inline size_t redu__scan_status_bytes(size_t ntiles)
{
  return REDU__SCAN_RECORD_BYTES + 2 * ntiles * REDU__SCAN_RECORD_BYTES;
}

/* Each thread of the zeroing launch clears its share of the status words. */
static inline void redu__scan_clear_words(unsigned *words, size_t nwords)
{
  size_t nth = (size_t)omp_get_num_threads();
  size_t stride = (size_t)omp_get_num_teams() * nth;
  _Pragma("clang loop unroll(disable)")
  for (size_t i = (size_t)omp_get_team_num() * nth + (size_t)omp_get_thread_num(); i < nwords;
       i += stride)
    words[i] = 0;
}
#pragma omp end declare target

/* Zeroes the first `bytes` of a status (a multiple of 4), with `teams` x `threads`. */
static inline void redu__scan_clear(int device, void *status, size_t bytes, int teams, int threads)
{
  unsigned *words = (unsigned *)status;
  size_t nwords = bytes / sizeof(unsigned);
  size_t want = (nwords + (size_t)threads - 1) / (size_t)threads;
  teams = want < (size_t)teams ? (int)want : teams;
  REDU__PRAGMA(omp target teams device(device) num_teams(teams) thread_limit(threads)
                   is_device_ptr(words))
  REDU__PRAGMA(omp parallel num_threads(threads))
  redu__scan_clear_words(words, nwords);
}

/* A GPU lane's fold of its row's elements in.v[r][0 .. redu__vec) from c into loc (inside
 * REDU__DEFINE_SCAN's row routines): CHECKED, only those below t1 (a row the tile ends in; loc
 * stays what it was where none is), else all of them, without a bound test an element. Whole
 * rows take the unchecked fold (H100, with the exact rounding's shorter head: exact scans of
 * 2^27 f32 2.52 -> 2.33-2.35 ms, f64 2.47 -> 2.37-2.39; fast scans the same). The same split
 * of the rows' writes made f64 scans slower (docs/performance.md, tuning log). */
#define REDU__SCAN_ROW_FOLD(LIFT, COMBINE, CHECKED)                                                \
  _Pragma("clang loop unroll(full)")                                                               \
  for (unsigned k = 0; k < redu__vec; ++k)                                                         \
    if (!(CHECKED) || c + k < t1)                                                                  \
      loc = k ? COMBINE(loc, LIFT(in.v[r][k], c + k)) : LIFT(in.v[r][k], c + k);

#define REDU__DEFINE_SCAN(PFX, T, A, IDENT, LIFT, COMBINE, FINISH, COMMUTES)                       \
  _Pragma("omp begin declare target")                                                              \
  /* A launch's initial value from its words (REDU__SCAN_INIT_SPLIT). */                           \
  REDU__INLINE A PFX##_init_of(uint64_t w0, uint64_t w1, uint64_t w2, uint64_t w3)                 \
  {                                                                                                \
    REDU__SCAN_WORDS_OF(A) u = {.w = {w0, w1, w2, w3}};                                            \
    REDU__DEV_PRIVATE(u)                                                                           \
    return u.v;                                                                                    \
  }                                                                                                \
                                                                                                   \
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
  /* Tile t's record in the region of aggregates (prefix 0) or of inclusive prefixes (1). */       \
  REDU__INLINE volatile uint64_t *PFX##_record(const redu__scan_pass *lb, int prefix, size_t t)    \
  {                                                                                                \
    return (volatile uint64_t *)lb->status + REDU__SCAN_RECORD_BYTES / sizeof(uint64_t) +          \
           ((prefix ? lb->ntiles : 0) + t) * (REDU__SCAN_RECORD_BYTES / sizeof(uint64_t));         \
  }                                                                                                \
                                                                                                   \
  /* Writes v into a record, each word beside the epoch. */                                        \
  REDU__INLINE void PFX##_publish(const redu__scan_pass *lb, int prefix, size_t t, A v)            \
  {                                                                                                \
    union {                                                                                        \
      A v;                                                                                         \
      uint32_t w[REDU__SCAN_WORDS(sizeof(A))];                                                     \
    } u = {v};                                                                                     \
    REDU__DEV_PRIVATE(u)                                                                           \
    volatile uint64_t *rec = PFX##_record(lb, prefix, t);                                          \
    _Pragma("clang loop unroll(full)")                                                             \
    for (unsigned k = 0; k < REDU__SCAN_WORDS(sizeof(A)); ++k)                                     \
      rec[k] = (uint64_t)lb->epoch << 32 | u.w[k];                                                 \
  }                                                                                                \
                                                                                                   \
  /* One read of a record into *v: whether every word of it carried the epoch. */                  \
  REDU__INLINE unsigned PFX##_peek(const redu__scan_pass *lb, int prefix, size_t t, A *v)          \
  {                                                                                                \
    union {                                                                                        \
      A v;                                                                                         \
      uint32_t w[REDU__SCAN_WORDS(sizeof(A))];                                                     \
    } u;                                                                                           \
    REDU__DEV_PRIVATE(u)                                                                           \
    volatile uint64_t *rec = PFX##_record(lb, prefix, t);                                          \
    unsigned ok = 1;                                                                               \
    _Pragma("clang loop unroll(full)")                                                             \
    for (unsigned k = 0; k < REDU__SCAN_WORDS(sizeof(A)); ++k) {                                   \
      uint64_t q = rec[k];                                                                         \
      ok &= (unsigned)(q >> 32) == lb->epoch;                                                      \
      u.w[k] = (uint32_t)q;                                                                        \
    }                                                                                              \
    *v = u.v;                                                                                      \
    return ok;                                                                                     \
  }                                                                                                \
                                                                                                   \
  /* The values of lanes 0 .. have - 1 folded in lane order as a fixed tree, (v0 . v1) .           \
   * (v2 . v3) ..., into lane 0 (every lane calls; no other lane's value joins). */                \
  REDU__INLINE A PFX##_lanes_fold(A v, unsigned have, unsigned lane)                               \
  {                                                                                                \
    unsigned ws = redu__dev_warp_size();                                                           \
    for (unsigned d = 1; d < ws; d <<= 1) {                                                        \
      A o = PFX##_shfl_idx(v, lane + d < ws ? lane + d : lane);                                    \
      if (lane % (2 * d) == 0 && lane + d < have)                                                  \
        v = COMBINE(v, o);                                                                         \
    }                                                                                              \
    return v;                                                                                      \
  }                                                                                                \
                                                                                                   \
  /* The next tile of the single pass, claimed through the counter of the epoch's parity; a team   \
   * claims it once its look-back is done. Claimed earlier, a tile waits unstarted while its       \
   * team looks back, and the look-backs of the tiles after it wait for its aggregate: H100,       \
   * claimed as a tile started (its loads issued early), i32 2^27 0.79 -> 1.32 ms; on the          \
   * host-offload plugin with more teams than cores test_scan ran for minutes. */                  \
  REDU__INLINE size_t PFX##_claim(const redu__scan_pass *lb)                                       \
  {                                                                                                \
    unsigned *counter = (unsigned *)lb->status + (lb->epoch & 1);                                  \
    unsigned claim;                                                                                \
    _Pragma("omp atomic capture")                                                                  \
    {                                                                                              \
      claim = *counter;                                                                            \
      *counter += 1;                                                                               \
    }                                                                                              \
    return claim;                                                                                  \
  }                                                                                                \
                                                                                                   \
  /* Tile s's exclusive prefix after init, in lane 0 (warp 0 calls; agg: the tile's                \
   * aggregate). Publishes a(s) where a later tile reads it, waits for its window (slot p of       \
   * K = warp size x J holds P(s - K) at p = 0, else a(s - K + p); init at p = 0 where             \
   * s < K; slots before tile 0 are empty), folds the slots in index order (each lane its J        \
   * slots one after another, then the lanes as a fixed tree), and publishes P(s) where a          \
   * later tile reads it. */                                                                       \
  REDU__INLINE A PFX##_look_back(size_t s, A agg, A init, const redu__scan_pass *lb,               \
                                 unsigned lane)                                                    \
  {                                                                                                \
    enum { redu__j = REDU__SCAN_LB_PER_LANE(sizeof(A)) };                                          \
    size_t win = (size_t)redu__dev_warp_size() * redu__j;                                          \
    if (lane == 0 && s + 1 < lb->ntiles)                                                           \
      PFX##_publish(lb, 0, s, agg);                                                                \
    A v[redu__j];                                                                                  \
    unsigned has[redu__j];                                                                         \
    REDU__DEV_PRIVATE(v, has)                                                                      \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (;;) {                                                                                     \
      unsigned ok = 1;                                                                             \
      _Pragma("clang loop unroll(full)")                                                           \
      for (unsigned j = 0; j < redu__j; ++j) {                                                     \
        size_t p = (size_t)lane * redu__j + j;                                                     \
        has[j] = p == 0 || s + p >= win; /* else before tile 0 */                                  \
        v[j] = init;                                                                               \
        if (p == 0 && s >= win)                                                                    \
          ok &= PFX##_peek(lb, 1, s - win, &v[j]);                                                 \
        else if (p && has[j])                                                                      \
          ok &= PFX##_peek(lb, 0, s - win + p, &v[j]);                                             \
      }                                                                                            \
      if (ok)                                                                                      \
        break;                                                                                     \
      redu__dev_pause();                                                                           \
    }                                                                                              \
    A own = v[0];                                                                                  \
    unsigned any = has[0];                                                                         \
    _Pragma("clang loop unroll(full)")                                                             \
    for (unsigned j = 1; j < redu__j; ++j)                                                         \
      if (has[j]) {                                                                                \
        own = any ? COMBINE(own, v[j]) : v[j];                                                     \
        any = 1;                                                                                   \
      }                                                                                            \
    unsigned ws = redu__dev_warp_size();                                                           \
    for (unsigned d = 1; d < ws; d <<= 1) {                                                        \
      unsigned src = lane + d < ws ? lane + d : lane;                                              \
      A o = PFX##_shfl_idx(own, src);                                                              \
      unsigned oany = redu__dev_shfl_idx_u32(any, src);                                            \
      if (lane % (2 * d) == 0 && lane + d < ws && oany) {                                          \
        own = any ? COMBINE(own, o) : o;                                                           \
        any = 1;                                                                                   \
      }                                                                                            \
    }                                                                                              \
    if (lane == 0 && s + win < lb->ntiles)                                                         \
      PFX##_publish(lb, 1, s, COMBINE(own, agg));                                                  \
    return own;                                                                                    \
  }                                                                                                \
                                                                                                   \
  /* A GPU thread's elements of one tile, in registers. */                                         \
  typedef struct {                                                                                 \
    T v[REDU__SCAN_LANE_ROWS(sizeof(T), sizeof(A))][REDU__SCAN_LANE_VEC(sizeof(T), sizeof(A))];    \
  } PFX##_rows;                                                                                    \
                                                                                                   \
  /* Loads a lane's elements of the rows of a tile [t0, t1) from wb on GPUs (see PFX_tile; nothing \
   * on CPUs): 16 bytes at once where x is 16-byte aligned, element by element otherwise; past     \
   * the tile, any element of it, never folded nor written. */                                     \
  REDU__INLINE PFX##_rows PFX##_load_rows(const T *x, size_t wb, size_t t0, size_t t1,             \
                                          unsigned lane)                                           \
  {                                                                                                \
    REDU__SCAN_LANE_SHAPE(T, A);                                                                   \
    PFX##_rows in;                                                                                 \
    REDU__DEV_PRIVATE(in)                                                                          \
    if (redu__dev_vector_chunks()) { /* unused there */                                            \
      __builtin_memset(&in, 0, sizeof in);                                                         \
      return in;                                                                                   \
    }                                                                                              \
    unsigned ws = redu__dev_warp_size();                                                           \
    int vec = redu__vec > 1 && (uintptr_t)(x + t0) % 16 == 0;                                      \
    _Pragma("clang loop unroll(full)")                                                             \
    for (unsigned r = 0; r < redu__rows; ++r) {                                                    \
      size_t c = wb + ((size_t)r * ws + lane) * redu__vec;                                         \
      if (vec && t1 - c >= redu__vec && c < t1) {                                                  \
        if (REDU__SCAN_VECTOR_IO(A)) {                                                             \
          /* 16 bytes at a time; the min only bounds never-taken rows of one shorter element */    \
          _Pragma("clang loop unroll(full)")                                                       \
          for (unsigned q = 0; q < REDU__SCAN_CHUNKS(sizeof in.v[r]); ++q) {                       \
            redu__word16 w = redu__dev_read16((const char *)(x + c) + 16 * q);                     \
            REDU__DEV_PRIVATE(w)                                                                   \
            __builtin_memcpy((char *)in.v[r] + 16 * q, &w,                                         \
                             sizeof in.v[r] < sizeof w ? sizeof in.v[r] : sizeof w);               \
          }                                                                                        \
        } else {                                                                                   \
          const T *src = (const T *)__builtin_assume_aligned(x + c, 16);                           \
          _Pragma("clang loop unroll(full)")                                                       \
          for (unsigned k = 0; k < redu__vec; ++k)                                                 \
            in.v[r][k] = src[k];                                                                   \
        }                                                                                          \
      } else {                                                                                     \
        _Pragma("clang loop unroll(full)")                                                         \
        for (unsigned k = 0; k < redu__vec; ++k)                                                   \
          in.v[r][k] = x[c + k < t1 ? c + k : t0];                                                 \
      }                                                                                            \
    }                                                                                              \
    return in;                                                                                     \
  }                                                                                                \
                                                                                                   \
  /* This thread's elements of tile [t0, t1): its warp's rows (see PFX_tile). */                   \
  REDU__INLINE PFX##_rows PFX##_load(const T *x, size_t t0, size_t t1, unsigned tid)               \
  {                                                                                                \
    unsigned ws = redu__dev_warp_size();                                                           \
    return PFX##_load_rows(x, t0 + (size_t)(tid / ws) * ws * REDU__SCAN_ITEMS(sizeof(T)), t0, t1,  \
                           tid % ws);                                                              \
  }                                                                                                \
                                                                                                   \
  /* A CPU thread's run [b, e) folded: four contiguous quarters side by side (four independent     \
   * chains: a float sum's additions no longer wait on each other), then in order, so that any     \
   * associative combine, ordered ones too, gives the run's total. */                              \
  REDU__INLINE A PFX##_cpu_fold(const T *x, size_t b, size_t e)                                    \
  {                                                                                                \
    size_t q = (e - b) / 4, i = b;                                                                 \
    A own = (IDENT);                                                                               \
    if (q) {                                                                                       \
      A p0 = (IDENT), p1 = (IDENT), p2 = (IDENT), p3 = (IDENT);                                    \
      /* Runs longer than a tile come from memory: blocks of REDU__SCAN_CPU_BLOCK, prefetched. */  \
      size_t blk =                                                                                 \
          q > REDU__SCAN_CPU_TILE_BYTES / 4 / sizeof(T) ? REDU__SCAN_CPU_BLOCK(sizeof(T)) : q;     \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t k0 = b; k0 < b + q; k0 += blk) {                                                 \
        size_t k1 = b + q - k0 > blk ? k0 + blk : b + q;                                           \
        if (blk < q)                                                                               \
          for (unsigned j = 0; j < 4; ++j)                                                         \
            redu__dev_prefetch_ahead(x + k0 + j * q, (k1 - k0) * sizeof(T));                       \
        _Pragma("clang loop unroll(disable)")                                                      \
        for (size_t k = k0; k < k1; ++k) {                                                         \
          p0 = COMBINE(p0, LIFT(x[k], k));                                                         \
          p1 = COMBINE(p1, LIFT(x[k + q], k + q));                                                 \
          p2 = COMBINE(p2, LIFT(x[k + 2 * q], k + 2 * q));                                         \
          p3 = COMBINE(p3, LIFT(x[k + 3 * q], k + 3 * q));                                         \
        }                                                                                          \
      }                                                                                            \
      own = COMBINE(COMBINE(p0, p1), COMBINE(p2, p3));                                             \
      i = b + 4 * q;                                                                               \
    }                                                                                              \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; i < e; ++i)                                                                             \
      own = COMBINE(own, LIFT(x[i], i));                                                           \
    return own;                                                                                    \
  }                                                                                                \
                                                                                                   \
  /* A CPU thread's walk of [i, e) from acc, writing y: the carry after it. Where the combine      \
   * is one arithmetic instruction (REDU__SCAN_CPU_GROUPED), in groups of                          \
   * REDU__SCAN_CPU_GROUP: the group's own prefixes first (a chain that waits on no other group),  \
   * then each result from acc and its prefix (independent: the compiler vectorises them), and     \
   * one combine carries acc to the next group; else element by element, one chain.                \
   * Every element is read before the group writes (y may be x). Inlined: out of line, exact       \
   * scans' finish stayed out of it too (exact f32 at 2^20 7.5 -> 10.7 ms). */                     \
  static inline __attribute__((always_inline)) A PFX##_cpu_walk(                                   \
      const T *x, T *y, size_t i, size_t e, A acc, int exclusive, unsigned *redu__unsure)          \
  {                                                                                                \
    (void)redu__unsure; /* named by exact scans' FINISH only */                                    \
    enum { redu__g = REDU__SCAN_CPU_GROUP };                                                       \
    if (REDU__SCAN_CPU_GROUPED(A)) {                                                               \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (; e - i >= redu__g; i += redu__g) {                                                     \
        A l[redu__g];                                                                              \
        l[0] = LIFT(x[i], i);                                                                      \
        _Pragma("clang loop unroll(full)")                                                         \
        for (unsigned k = 1; k < redu__g; ++k)                                                     \
          l[k] = COMBINE(l[k - 1], LIFT(x[i + k], i + k));                                         \
        if (exclusive) {                                                                           \
          y[i] = FINISH(acc);                                                                      \
          _Pragma("clang loop unroll(full)")                                                       \
          for (unsigned k = 1; k < redu__g; ++k)                                                   \
            y[i + k] = FINISH(COMBINE(acc, l[k - 1]));                                             \
        } else {                                                                                   \
          _Pragma("clang loop unroll(full)")                                                       \
          for (unsigned k = 0; k < redu__g; ++k)                                                   \
            y[i + k] = FINISH(COMBINE(acc, l[k]));                                                 \
        }                                                                                          \
        acc = COMBINE(acc, l[redu__g - 1]);                                                        \
      }                                                                                            \
    }                                                                                              \
    if (exclusive) {                                                                               \
      _Pragma("clang loop unroll_count(4)")                                                        \
      for (; i < e; ++i) {                                                                         \
        A a = LIFT(x[i], i);                                                                       \
        y[i] = FINISH(acc);                                                                        \
        acc = COMBINE(acc, a);                                                                     \
      }                                                                                            \
    } else {                                                                                       \
      _Pragma("clang loop unroll_count(4)")                                                        \
      for (; i < e; ++i) {                                                                         \
        acc = COMBINE(acc, LIFT(x[i], i));                                                         \
        y[i] = FINISH(acc);                                                                        \
      }                                                                                            \
    }                                                                                              \
    return acc;                                                                                    \
  }                                                                                                \
                                                                                                   \
  /* The total of a GPU warp's rows of a tile ending at t1, from wb (see PFX_tile), in lane 0:     \
   * reduce-then-scan's first launch needs no prefix. Each lane folds its elements of a row;       \
   * where COMBINE commutes, a lane folds all its rows and returns that (the identity where it     \
   * holds none: PFX_span_total folds the lanes once a span), else each row's lanes fold and the   \
   * rows follow in order (the full scan took five combines an element where this takes one and    \
   * a half: H100, exact f64 2^27 7.05 -> 4.72 ms, FP64-bound; fast sums 0-17% faster). */         \
  REDU__INLINE A PFX##_warp_total(PFX##_rows in, size_t wb, size_t t1, unsigned lane)              \
  {                                                                                                \
    REDU__SCAN_LANE_SHAPE(T, A);                                                                   \
    unsigned ws = redu__dev_warp_size();                                                           \
    A own = (IDENT), mine = (IDENT);                                                               \
    _Pragma("clang loop unroll(full)")                                                             \
    for (unsigned r = 0; r < redu__rows; ++r) {                                                    \
      size_t row = wb + (size_t)r * ws * redu__vec; /* the row's first element */                  \
      size_t c = row + (size_t)lane * redu__vec;    /* the lane's first */                         \
      A loc = (IDENT);                                                                             \
      if (c < t1) {                                                                                \
        if (t1 - c >= redu__vec) {                                                                 \
          REDU__SCAN_ROW_FOLD(LIFT, COMBINE, 0)                                                    \
        } else {                                                                                   \
          REDU__SCAN_ROW_FOLD(LIFT, COMBINE, 1)                                                    \
        }                                                                                          \
        if (COMMUTES)                                                                              \
          mine = r ? COMBINE(mine, loc) : loc;                                                     \
      }                                                                                            \
      if (!COMMUTES && row < t1) { /* lanes past t1 hold the identity, and join no fold */         \
        size_t lanes = (t1 - row + redu__vec - 1) / redu__vec;                                     \
        A t = PFX##_lanes_fold(loc, lanes < ws ? (unsigned)lanes : ws, lane);                      \
        own = r ? COMBINE(own, t) : t;                                                             \
      }                                                                                            \
    }                                                                                              \
    return COMMUTES ? mine : own;                                                                  \
  }                                                                                                \
                                                                                                   \
  /* GPUs: a warp's rows of a tile ending at t1, from wb (see PFX_tile): pre[r] gets the prefix,   \
   * within the warp's rows, before the lane's first element of row r (none before the warp's      \
   * first element); returns the warp's total (the identity where no row is in the tile). */       \
  REDU__INLINE A PFX##_rows_prefixes(PFX##_rows in, size_t wb, size_t t1, unsigned lane, A *pre)   \
  {                                                                                                \
    REDU__SCAN_LANE_SHAPE(T, A);                                                                   \
    unsigned ws = redu__dev_warp_size();                                                           \
    A own = (IDENT);                                                                               \
    _Pragma("clang loop unroll(full)")                                                             \
    for (unsigned r = 0; r < redu__rows; ++r) {                                                    \
      size_t row = wb + (size_t)r * ws * redu__vec, c = row + (size_t)lane * redu__vec;            \
      pre[r] = (IDENT);                                                                            \
      if (row < t1) { /* else the tile ended before this row */                                    \
        A loc = (IDENT);                                                                           \
        if (c < t1 && t1 - c >= redu__vec) {                                                       \
          REDU__SCAN_ROW_FOLD(LIFT, COMBINE, 0)                                                    \
        } else {                                                                                   \
          REDU__SCAN_ROW_FOLD(LIFT, COMBINE, 1)                                                    \
        }                                                                                          \
        /* Lanes past the tile follow every lane inside it: their identity reaches no result; */   \
        /* the row's total is the last lane's inside the tile. */                                  \
        A li = PFX##_warp_scan(loc, lane);                                                         \
        A le = PFX##_shfl_idx(li, lane ? lane - 1 : 0);                                            \
        size_t last = (t1 - row - 1) / redu__vec;                                                  \
        A total = PFX##_shfl_idx(li, last < ws - 1 ? (unsigned)last : ws - 1);                     \
        pre[r] = r ? (lane ? COMBINE(own, le) : own) : le;                                         \
        own = r ? COMBINE(own, total) : total;                                                     \
      }                                                                                            \
    }                                                                                              \
    return own;                                                                                    \
  }                                                                                                \
                                                                                                   \
  /* GPUs: writes a warp's rows of a tile ending at t1, from wb, after mine (the prefix before     \
   * the warp's first element) and pre (PFX_rows_prefixes); vec: x and y 16-byte aligned at the    \
   * tile's start. */                                                                              \
  REDU__INLINE void PFX##_rows_write(PFX##_rows in, T *y, size_t wb, size_t t1, A mine,            \
                                     const A *pre, unsigned lane, int vec, int exclusive,          \
                                     unsigned *redu__unsure)                                       \
  {                                                                                                \
    (void)redu__unsure; /* named by exact scans' FINISH only */                                    \
    REDU__SCAN_LANE_SHAPE(T, A);                                                                   \
    unsigned ws = redu__dev_warp_size();                                                           \
    _Pragma("clang loop unroll(full)")                                                             \
    for (unsigned r = 0; r < redu__rows; ++r) {                                                    \
      size_t c = wb + ((size_t)r * ws + lane) * redu__vec;                                         \
      T w[redu__vec];                                                                              \
      REDU__DEV_PRIVATE(w)                                                                         \
      /* The prefix before the lane's first element of the row (mine, then the prefix within       \
       * the warp: none before the warp's first element), then each element's, one combine an      \
       * element (the association depends on the plan alone). */                                   \
      A pr = pre[r]; /* a local: REDU__SCAN_FROM_MEMORY */                                         \
      A run = r || lane ? COMBINE(mine, pr) : mine;                                                \
      _Pragma("clang loop unroll(full)")                                                           \
      for (unsigned k = 0; k < redu__vec; ++k) {                                                   \
        w[k] = in.v[r][k]; /* past t1: never written */                                            \
        if (c + k < t1) {                                                                          \
          A with = COMBINE(run, LIFT(in.v[r][k], c + k));                                          \
          w[k] = FINISH(exclusive ? run : with);                                                   \
          run = with;                                                                              \
        }                                                                                          \
      }                                                                                            \
      if (vec && t1 - c >= redu__vec && c < t1) {                                                  \
        if (REDU__SCAN_VECTOR_IO(A)) {                                                             \
          _Pragma("clang loop unroll(full)")                                                       \
          for (unsigned q = 0; q < REDU__SCAN_CHUNKS(sizeof w); ++q) {                             \
            redu__word16 v = {0, 0, 0, 0};                                                         \
            REDU__DEV_PRIVATE(v)                                                                   \
            __builtin_memcpy(&v, (const char *)w + 16 * q,                                         \
                             sizeof w < sizeof v ? sizeof w : sizeof v);                           \
            redu__dev_store16((char *)(y + c) + 16 * q, v);                                        \
          }                                                                                        \
        } else {                                                                                   \
          T *dst = (T *)__builtin_assume_aligned(y + c, 16);                                       \
          _Pragma("clang loop unroll(full)")                                                       \
          for (unsigned k = 0; k < redu__vec; ++k)                                                 \
            dst[k] = w[k];                                                                         \
        }                                                                                          \
      } else {                                                                                     \
        _Pragma("clang loop unroll(full)")                                                         \
        for (unsigned k = 0; k < redu__vec; ++k)                                                   \
          if (c + k < t1)                                                                          \
            y[c + k] = w[k];                                                                       \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
                                                                                                   \
  /* One tile [t0, t1) after `carry`: the carry after it, the same on every thread. With           \
   * `write`, y gets the tile's results. lb: the single pass (tile number s; the carry comes       \
   * from the look-back, and thread 0 writes the team's next tile to *next, in team scratch),      \
   * or NULL. slots: REDU__SCAN_TEAM_SLOTS / 2 accumulators shared by the team; without lb the     \
   * team waits at the end until every thread has read them.                                       \
   * GPUs: warp w takes REDU__SCAN_LANE_ROWS rows of warp-size x REDU__SCAN_LANE_VEC elements      \
   * from t0 + w * ws * REDU__SCAN_ITEMS(sizeof(T)), lane l the l-th vec elements of each row      \
   * (16 bytes a lane, a warp's loads and stores contiguous, where x and y are 16-byte aligned;    \
   * exact scans 64 bytes in one row); a lane scans its elements, the warp its lanes' totals, and  \
   * the rows' totals follow in order. CPUs: thread t takes the t-th of nth contiguous runs and    \
   * walks it twice. */                                                                            \
  REDU__INLINE A PFX##_tile(const T *x, T *y, size_t t0, size_t t1, A carry, int write,            \
                            int exclusive, A *slots, unsigned tid, unsigned nth,                   \
                            const redu__scan_pass *lb, size_t s, volatile size_t *next,            \
                            PFX##_rows loaded, unsigned *redu__unsure)                             \
  {                                                                                                \
    PFX##_rows in = loaded;                                                                        \
    REDU__DEV_PRIVATE(in)                                                                          \
    (void)redu__unsure; /* named by exact scans' FINISH only */                                    \
    REDU__SCAN_LANE_SHAPE(T, A);                                                                   \
    unsigned ws = redu__dev_warp_size(), lane = tid % ws, warp = tid / ws, nwarps = nth / ws;      \
    int cpu = redu__dev_vector_chunks();                                                           \
    size_t len = t1 - t0;                                                                          \
    size_t per = len / nth + (len % nth != 0);                                                     \
    size_t b = len > tid * per ? t0 + tid * per : t1; /* CPUs: the thread's run [b, e) */          \
    size_t e = t1 - b > per ? b + per : t1;                                                        \
    size_t wb = t0 + (size_t)warp * ws * REDU__SCAN_ITEMS(sizeof(T)); /* GPUs: the warp's first */ \
    int vec = redu__vec > 1 && (uintptr_t)(x + t0) % 16 == 0 && (uintptr_t)(y + t0) % 16 == 0;     \
    /* GPUs: the prefix before the lane's first element of each row. Each element's prefix is      \
     * folded again from `in` where it is written: held from here (16 accumulators), they took     \
     * the single pass's kernel past 128 registers (spills for f32 and f64 sums). */               \
    A pre[redu__rows];                                                                             \
    REDU__DEV_PRIVATE(pre)                                                                         \
    A own = (IDENT); /* CPUs: the run's total; GPUs: the warp's total */                           \
    if (!cpu) {                                                                                    \
      own = PFX##_rows_prefixes(in, wb, t1, lane, pre);                                            \
    } else if (!write || nth > 1 || lb) {                                                          \
      /* One thread writing its block from a known carry (reduce-then-scan's second launch)        \
       * needs no total of it (on CPUs a block or a segment is one tile: nothing reads the carry   \
       * after it), and walks its run once. */                                                     \
      own = PFX##_cpu_fold(x, b, e);                                                               \
    }                                                                                              \
    if (lane == 0) /* a CPU's "warp" is one thread */                                              \
      slots[warp] = own;                                                                           \
    /* The warps (CPUs: threads) that hold elements of the tile; the others' totals are the        \
     * identity and join no fold (to the right of a value a declared left identity is not one). */ \
    size_t span = cpu ? per : (size_t)ws * REDU__SCAN_ITEMS(sizeof(T));                            \
    unsigned active =                                                                              \
        span && (len + span - 1) / span < nwarps ? (unsigned)((len + span - 1) / span) : nwarps;   \
    _Pragma("omp barrier")                                                                         \
    if (lb) {                                                                                      \
      if (warp == 0) {                                                                             \
        A agg = slots[0];                                                                          \
        _Pragma("clang loop unroll(disable)")                                                      \
        for (unsigned w = 1; w < active; ++w) {                                                    \
          A sw = slots[w]; /* a local: REDU__SCAN_FROM_MEMORY */                                   \
          agg = COMBINE(agg, sw);                                                                  \
        }                                                                                          \
        A c = PFX##_look_back(s, agg, carry, lb, lane);                                            \
        if (lane == 0) {                                                                           \
          slots[nwarps] = c;                                                                       \
          *next = PFX##_claim(lb);                                                                 \
        }                                                                                          \
      }                                                                                            \
      _Pragma("omp barrier")                                                                       \
      carry = ((volatile A *)slots)[nwarps];                                                       \
    }                                                                                              \
    /* Every thread combines the warps' totals in order: its own warp's prefix on the way. */      \
    A mine = carry;                                                                                \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (unsigned w = 0; w < active; ++w) {                                                        \
      A sw = slots[w]; /* a local: REDU__SCAN_FROM_MEMORY */                                       \
      if (w == warp)                                                                               \
        mine = carry;                                                                              \
      carry = COMBINE(carry, sw);                                                                  \
    }                                                                                              \
    if (!lb) {                                                                                     \
      _Pragma("omp barrier") /* the slots are free for the next tile */                            \
    }                                                                                              \
    if (write && !cpu) {                                                                           \
      PFX##_rows_write(in, y, wb, t1, mine, pre, lane, vec, exclusive, redu__unsure);              \
    } else if (write) {                                                                            \
      A acc = mine;                                                                                \
      /* As PFX_cpu_fold: runs longer than a tile in prefetched blocks, shorter ones whole. */     \
      size_t blk =                                                                                 \
          e - b > REDU__SCAN_CPU_TILE_BYTES / sizeof(T) ? REDU__SCAN_CPU_BLOCK(sizeof(T)) : e - b; \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t i0 = b; i0 < e; i0 += blk) {                                                     \
        size_t i1 = e - i0 > blk ? i0 + blk : e;                                                   \
        if (blk < e - b)                                                                           \
          redu__dev_prefetch_ahead(x + i0, (i1 - i0) * sizeof(T));                                 \
        acc = PFX##_cpu_walk(x, y, i0, i1, acc, exclusive, redu__unsure);                          \
      }                                                                                            \
    }                                                                                              \
    return carry;                                                                                  \
  }                                                                                                \
                                                                                                   \
  /* Elements per tile: GPUs REDU__SCAN_ITEMS(sizeof(T)) per thread, CPUs the whole block (0: n).  \
   */                                                                                              \
  REDU__INLINE size_t PFX##_block_tile(unsigned nth)                                               \
  {                                                                                                \
    return redu__dev_vector_chunks() ? 0 : REDU__SCAN_ITEMS(sizeof(T)) * (size_t)nth;              \
  }                                                                                                \
                                                                                                   \
  /* Block b of nblocks over n elements: on GPUs whole tiles of `tile` (so that tiles start        \
   * 16-byte aligned where x does), on CPUs (tile 0) elements. */                                  \
  REDU__INLINE size_t PFX##_block_at(size_t n, size_t nblocks, size_t b, size_t tile)              \
  {                                                                                                \
    if (!tile)                                                                                     \
      return redu__scan_block_start(n, nblocks, b);                                                \
    size_t t = redu__scan_block_start(n / tile + (n % tile != 0), nblocks, b);                     \
    return t * tile < n ? t * tile : n;                                                            \
  }                                                                                                \
                                                                                                   \
  /* init . partials[0] . ... . partials[count - 1], on every thread: each thread folds a          \
   * contiguous share, the warps scan their threads' folds, the warps' totals follow in order      \
   * (one thread folding 1,055 partials alone, each load waiting on the last, took a quarter of    \
   * reduce-then-scan's time at 2^27 on the H100). The shares end at count, the last thread's      \
   * last: threads without one come first, so the identity is only ever combined on the left (a    \
   * declared identity need only be a left one, redu_udr.h), and init itself when count is 0       \
   * (the team's first block; count is the team's own, so every thread returns there). */          \
  REDU__INLINE A PFX##_carry_in(const A *partials, size_t count, A init, A *slots, unsigned tid,   \
                                unsigned nth)                                                      \
  {                                                                                                \
    if (!count)                                                                                    \
      return init;                                                                                 \
    unsigned ws = redu__dev_warp_size(), lane = tid % ws, warp = tid / ws, nwarps = nth / ws;      \
    size_t per = count / nth + (count % nth != 0), from_end = (size_t)(nth - 1 - tid) * per;       \
    size_t e = count > from_end ? count - from_end : 0, b = e > per ? e - per : 0;                 \
    A own = (IDENT);                                                                               \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t p = b; p < e; ++p) {                                                               \
      A part = partials[p]; /* a local: REDU__SCAN_FROM_MEMORY */                                  \
      own = COMBINE(own, part);                                                                    \
    }                                                                                              \
    A incl = PFX##_warp_scan(own, lane);                                                           \
    if (lane == ws - 1)                                                                            \
      slots[warp] = incl;                                                                          \
    _Pragma("omp barrier")                                                                         \
    A carry = slots[0];                                                                            \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (unsigned w = 1; w < nwarps; ++w) {                                                        \
      A sw = slots[w]; /* a local: REDU__SCAN_FROM_MEMORY */                                       \
      carry = COMBINE(carry, sw);                                                                  \
    }                                                                                              \
    _Pragma("omp barrier") /* the slots are free for the tiles */                                  \
    return COMBINE(init, carry);                                                                   \
  }                                                                                                \
                                                                                                   \
  /* The total of [t0, end), tiles of `tile` from t0, on thread 0 of a GPU team (every thread      \
   * calls; the slots are free again when it returns). Each warp folds its rows of every tile      \
   * (PFX_warp_total, no prefixes), the next tile's elements loading meanwhile; where COMBINE      \
   * commutes each lane keeps one total over the span, and the lanes and then the warps fold once  \
   * (the lanes folded every tile: exact f64 at 2^26 on the H100, the launch's instructions 222 -> \
   * 127 million, 352 -> 197 us, fast sums the same), else the warps' totals combine after every   \
   * tile, in order. */                                                                            \
  REDU__INLINE A PFX##_span_total(const T *x, size_t t0, size_t end, size_t tile, A *scratch,      \
                                  unsigned tid, unsigned nth)                                      \
  {                                                                                                \
    unsigned ws = redu__dev_warp_size(), lane = tid % ws, warp = tid / ws, nwarps = nth / ws;      \
    size_t first = t0;                                                                             \
    A total = (IDENT), mine = (IDENT);                                                             \
    PFX##_rows next = PFX##_load(x, t0, end - t0 < tile ? end : t0 + tile, tid);                   \
    REDU__DEV_PRIVATE(next)                                                                        \
    _Pragma("clang loop unroll(disable)")                                                          \
    while (t0 < end) {                                                                             \
      size_t t1 = end - t0 < tile ? end : t0 + tile;                                               \
      PFX##_rows in = next;                                                                        \
      REDU__DEV_PRIVATE(in)                                                                        \
      if (t1 < end)                                                                                \
        next = PFX##_load(x, t1, end - t1 < tile ? end : t1 + tile, tid);                          \
      A own =                                                                                      \
          PFX##_warp_total(in, t0 + (size_t)warp * ws * REDU__SCAN_ITEMS(sizeof(T)), t1, lane);    \
      if (COMMUTES) {                                                                              \
        mine = t0 == first ? own : COMBINE(mine, own);                                             \
      } else {                                                                                     \
        if (lane == 0)                                                                             \
          scratch[warp] = own;                                                                     \
        _Pragma("omp barrier")                                                                     \
        if (tid == 0) {                                                                            \
          _Pragma("clang loop unroll(disable)")                                                    \
          for (unsigned w = 0; w < nwarps; ++w) {                                                  \
            A sw = scratch[w]; /* a local: REDU__SCAN_FROM_MEMORY */                               \
            total = t0 == first && w == 0 ? sw : COMBINE(total, sw);                               \
          }                                                                                        \
        }                                                                                          \
        _Pragma("omp barrier") /* the slots are free for the next tile */                          \
      }                                                                                            \
      t0 = t1;                                                                                     \
    }                                                                                              \
    if (COMMUTES) {                                                                                \
      /* Lanes that hold none of the span (it is shorter than a warp's rows) join no fold. */      \
      REDU__SCAN_LANE_SHAPE(T, A);                                                                 \
      size_t wb = first + (size_t)warp * ws * REDU__SCAN_ITEMS(sizeof(T));                         \
      size_t lanes = wb < end ? (end - wb + redu__vec - 1) / redu__vec : 0;                        \
      if (lanes)                                                                                   \
        mine = PFX##_lanes_fold(mine, lanes < ws ? (unsigned)lanes : ws, lane);                    \
      if (lane == 0)                                                                               \
        scratch[warp] = mine;                                                                      \
      _Pragma("omp barrier")                                                                       \
      if (tid == 0) {                                                                              \
        total = scratch[0];                                                                        \
        _Pragma("clang loop unroll(disable)")                                                      \
        for (unsigned w = 1; w < nwarps; ++w) {                                                    \
          A sw = scratch[w]; /* a local: REDU__SCAN_FROM_MEMORY */                                 \
          total = COMBINE(total, sw);                                                              \
        }                                                                                          \
      }                                                                                            \
      _Pragma("omp barrier") /* the slots are free again */                                        \
    }                                                                                              \
    return total;                                                                                  \
  }                                                                                                \
                                                                                                   \
  /* Scans [t0, end), tiles of `step` from t0, after carry, writing y (every thread calls): the    \
   * next tile's elements load while one is scanned and written. */                                \
  REDU__INLINE A PFX##_span_scan(const T *x, T *y, size_t t0, size_t end, size_t step, A carry,    \
                                 int write, int exclusive, A *scratch, unsigned tid, unsigned nth, \
                                 unsigned *unsure)                                                 \
  {                                                                                                \
    PFX##_rows in = PFX##_load(x, t0, end - t0 < step ? end : t0 + step, tid), ahead;              \
    REDU__DEV_PRIVATE(in, ahead)                                                                   \
    _Pragma("clang loop unroll(disable)")                                                          \
    while (t0 < end) {                                                                             \
      size_t t1 = end - t0 < step ? end : t0 + step;                                               \
      ahead = in;                                                                                  \
      if (t1 < end)                                                                                \
        ahead = PFX##_load(x, t1, end - t1 < step ? end : t1 + step, tid);                         \
      carry = PFX##_tile(x, y, t0, t1, carry, write, exclusive, scratch, tid, nth, NULL, 0, NULL,  \
                         in, unsure);                                                              \
      in = ahead;                                                                                  \
      t0 = t1;                                                                                     \
    }                                                                                              \
    return carry;                                                                                  \
  }                                                                                                \
                                                                                                   \
  /* Reduce-then-scan's team: phase 0 the totals of its blocks, phase 1 their scans. No block      \
   * is empty (x + 0 would turn a sum of -0 into +0). */                                           \
  static inline REDU__SCAN_TEAM_INLINE void PFX##_team(                                            \
      const T *x, T *y, size_t n, size_t nblocks, A init, int exclusive, int phase, size_t slots,  \
      size_t team_mem, void *spill, A *partials, unsigned *unsure)                                 \
  {                                                                                                \
    unsigned tid = (unsigned)omp_get_thread_num(), nth = (unsigned)omp_get_num_threads();          \
    size_t team = (size_t)omp_get_team_num(), nteams = (size_t)omp_get_num_teams();                \
    A *scratch = (A *)redu__dev_team_scratch(team_mem, spill, slots, sizeof(A));                   \
    size_t tile = PFX##_block_tile(nth), units = tile ? n / tile + (n % tile != 0) : n;            \
    if (nblocks > units) /* no block empty */                                                      \
      nblocks = units;                                                                             \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t blk = team; blk < nblocks; blk += nteams) {                                        \
      size_t b0 = PFX##_block_at(n, nblocks, blk, tile);                                           \
      size_t b1 = PFX##_block_at(n, nblocks, blk + 1, tile);                                       \
      A carry = phase ? PFX##_carry_in(partials, blk, init, scratch, tid, nth) : (IDENT);          \
      carry = PFX##_span_scan(x, y, b0, b1, tile ? tile : b1 - b0, carry, phase, exclusive,        \
                              scratch, tid, nth, unsure);                                          \
      if (phase == 0 && tid == 0)                                                                  \
        partials[blk] = carry;                                                                     \
    }                                                                                              \
  }                                                                                                \
                                                                                                   \
  /* Reduce-then-scan's first launch: the total of each of the team's blocks into partials         \
   * (GPUs: PFX_span_total; CPUs: PFX_team, y only for its alignment test: nothing is written).    \
   * A kernel of its own: in one kernel with the scan's second launch, this code raised that       \
   * launch's registers past its launch bounds (spills; i32 at 2^24 0.12 -> 0.18 ms). Always       \
   * inlined on GPUs, as the other team routines: left to the inliner, the exact scans' went out   \
   * of line once a row's fold took whole rows apart (f64 67 local loads and stores, f32 95). */   \
  static inline REDU__SCAN_TEAM_INLINE void PFX##_team_fold(                                       \
      const T *x, T *y, size_t n, size_t nblocks, size_t slots, size_t team_mem, void *spill,      \
      A *partials)                                                                                 \
  {                                                                                                \
    if (redu__dev_vector_chunks()) {                                                               \
      PFX##_team(x, y, n, nblocks, (IDENT), 0, 0, slots, team_mem, spill, partials, NULL);         \
      return;                                                                                      \
    }                                                                                              \
    unsigned tid = (unsigned)omp_get_thread_num(), nth = (unsigned)omp_get_num_threads();          \
    size_t team = (size_t)omp_get_team_num(), nteams = (size_t)omp_get_num_teams();                \
    A *scratch = (A *)redu__dev_team_scratch(team_mem, spill, slots, sizeof(A));                   \
    size_t tile = PFX##_block_tile(nth), units = n / tile + (n % tile != 0);                       \
    if (nblocks > units) /* no block empty, as PFX_team */                                         \
      nblocks = units;                                                                             \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t blk = team; blk < nblocks; blk += nteams) {                                        \
      A total =                                                                                    \
          PFX##_span_total(x, PFX##_block_at(n, nblocks, blk, tile),                               \
                           PFX##_block_at(n, nblocks, blk + 1, tile), tile, scratch, tid, nth);    \
      if (tid == 0)                                                                                \
        partials[blk] = total;                                                                     \
    }                                                                                              \
  }                                                                                                \
                                                                                                   \
  /* The single pass's team: tiles claimed in order until none is left. Tiles alternate            \
   * between two sets of slots, so that one barrier per tile less is needed. Spans of several      \
   * tiles instead, each folded, looked back from once and scanned (its second read from L2),      \
   * were faster at 2^24 and slower from 2^20 down and at 2^27 (tuning log). */                    \
  static inline REDU__SCAN_TEAM_INLINE void PFX##_team1(                                           \
      const T *x, T *y, size_t n, A init, int exclusive, size_t slots, size_t team_mem,            \
      void *spill, redu__scan_pass lb, unsigned *unsure)                                           \
  {                                                                                                \
    unsigned tid = (unsigned)omp_get_thread_num(), nth = (unsigned)omp_get_num_threads();          \
    char *ts = redu__dev_team_scratch(team_mem, spill, slots, sizeof(A));                          \
    A *scratch = (A *)ts;                                                                          \
    volatile size_t *next = (volatile size_t *)(ts + redu__team_last_offset(slots, sizeof(A)));    \
    size_t half = slots / 2;                                                                       \
    if (tid == 0) {                                                                                \
      *next = PFX##_claim(&lb);                                                                    \
      if (omp_get_team_num() == 0) /* the next call's counter */                                   \
        ((volatile unsigned *)lb.status)[(lb.epoch + 1) & 1] = 0;                                  \
    }                                                                                              \
    _Pragma("omp barrier")                                                                         \
    size_t s = *next;                                                                              \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (unsigned round = 0; s < lb.ntiles; ++round) {                                             \
      size_t b0 = s * lb.tile, b1 = n - b0 > lb.tile ? b0 + lb.tile : n;                           \
      PFX##_tile(x, y, b0, b1, init, 1, exclusive, scratch + (round & 1) * half, tid, nth, &lb, s, \
                 next, PFX##_load(x, b0, b1, tid), unsure);                                        \
      s = *next;                                                                                   \
    }                                                                                              \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
                                                                                                   \
  static void PFX##_launch(const redu__launch *L, const T *x, T *y, size_t n, A init,              \
                           int exclusive, const redu__scan_pass *one)                              \
  {                                                                                                \
    A *partials = (A *)L->partials;                                                                \
    void *spill = L->team_spill;                                                                   \
    unsigned *unsure = L->counter;                                                                 \
    int threads = L->threads;                                                                      \
    size_t slots = L->team_slots, team_mem = L->team_mem, nblocks = (size_t)L->teams;              \
    REDU__SCAN_INIT_SPLIT(A, init)                                                                 \
    if (one) {                                                                                     \
      void *status = one->status;                                                                  \
      size_t tile = one->tile, ntiles = one->ntiles;                                               \
      unsigned epoch = one->epoch;                                                                 \
      REDU__PRAGMA(omp target teams device(L->device) num_teams(L->teams) thread_limit(threads)    \
                       is_device_ptr(x, y, status, spill, unsure) ompx_dyn_cgroup_mem(team_mem)    \
                           ompx_attribute(__attribute__((launch_bounds(REDU__SCAN_MAX_THREADS))))) \
      REDU__PRAGMA(omp parallel num_threads(threads))                                              \
      PFX##_team1(x, y, n, REDU__SCAN_INIT_JOIN(PFX), exclusive, slots, team_mem, spill,           \
                  (redu__scan_pass){status, tile, ntiles, epoch}, unsure);                         \
      return;                                                                                      \
    }                                                                                              \
    if (nblocks > 1) {                                                                             \
      REDU__PRAGMA(omp target teams device(L->device) num_teams(L->teams) thread_limit(threads)    \
                       is_device_ptr(x, y, partials, spill) ompx_dyn_cgroup_mem(team_mem)          \
                           ompx_attribute(__attribute__((launch_bounds(REDU__SCAN_MAX_THREADS))))) \
      REDU__PRAGMA(omp parallel num_threads(threads))                                              \
      PFX##_team_fold(x, y, n, nblocks, slots, team_mem, spill, partials);                         \
    }                                                                                              \
    /* The phase an argument, not a constant: with a constant, clang 19 gave the i32 sum's         \
     * kernel 128 registers and 320 bytes of stack instead of 123 and none. */                     \
    int phase = 1;                                                                                 \
    REDU__PRAGMA(omp target teams device(L->device) num_teams(L->teams) thread_limit(threads)      \
                     is_device_ptr(x, y, partials, spill, unsure) ompx_dyn_cgroup_mem(team_mem)    \
                         ompx_attribute(__attribute__((launch_bounds(REDU__SCAN_MAX_THREADS)))))   \
    REDU__PRAGMA(omp parallel num_threads(threads))                                                \
    PFX##_team(x, y, n, nblocks, REDU__SCAN_INIT_JOIN(PFX), exclusive, phase, slots, team_mem,     \
               spill, partials, unsure);                                                           \
  }

/* Segmented and batched scans (the built-in calls; after REDU__DEFINE_SCAN with the same
 * PFX and columns): REDU__DEFINE_SEGMENTED_SCAN(PFX, T, A, IDENT, LIFT, COMBINE, FINISH) defines
 *   void PFX_seg_run(const redu__launch *L, const T *x, T *y, const redu__segscan_plan *p,
 *                    A init, int exclusive)
 * which scans each segment g in [0, p->nseg) from init into the same positions of y: elements
 * [offsets[g] - base, offsets[g + 1] - base) of x, or with offsets NULL [g len, (g + 1) len).
 * One launch takes the segments shorter than p->skip: short ones (PFX_seg_short) a warp each
 * (segments w, w + nwarps, ... for the grid's warp w; on CPUs a thread each), no barrier;
 * longer ones a team each (segments team, team + nteams, ...), tile after tile with the array
 * scan's tile routine and its carry; that second pass is skipped when the longest of them
 * (p->longest elements) is short. Then each of p->runs, the segments of p->skip elements or
 * more, is an array scan with the whole device, one after another. A segment's association
 * depends only on its length and the plan, as an array scan's does. FINISH may name
 * `redu__unsure` (L->counter), as for array scans. */
#define REDU__DEFINE_SEGMENTED_SCAN(PFX, T, A, IDENT, LIFT, COMBINE, FINISH)                       \
  _Pragma("omp begin declare target")                                                              \
  /* A warp's scan of [b0, b1) after carry (every lane calls), in chunks of an array tile's warp   \
   * rows (REDU__SCAN_ITEMS elements a lane, all loaded before any is combined): each chunk's      \
   * rows scanned and written as a tile's (PFX_rows_prefixes, PFX_rows_write). A step of one       \
   * row, each load waiting on the last step's carry, left the warps waiting on memory: H100,      \
   * 10,000 segments of 1,000 doubles, 16 trips a segment instead of 4 (docs/performance.md,       \
   * tuning log). On CPUs (a warp is one thread) the thread's walk, PFX_cpu_walk. */               \
  REDU__INLINE void PFX##_warp_run(const T *x, T *y, size_t b0, size_t b1, A carry, int exclusive, \
                                   unsigned lane, unsigned *redu__unsure)                          \
  {                                                                                                \
    if (redu__dev_vector_chunks()) {                                                               \
      PFX##_cpu_walk(x, y, b0, b1, carry, exclusive, redu__unsure);                                \
      return;                                                                                      \
    }                                                                                              \
    size_t step = (size_t)redu__dev_warp_size() * REDU__SCAN_ITEMS(sizeof(T));                     \
    int vec = REDU__SCAN_LANE_VEC(sizeof(T), sizeof(A)) > 1 && (uintptr_t)(x + b0) % 16 == 0 &&    \
              (uintptr_t)(y + b0) % 16 == 0;                                                       \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t c0 = b0; c0 < b1; c0 += step) {                                                    \
      size_t c1 = b1 - c0 < step ? b1 : c0 + step;                                                 \
      PFX##_rows in = PFX##_load_rows(x, c0, c0, c1, lane);                                        \
      A pre[REDU__SCAN_LANE_ROWS(sizeof(T), sizeof(A))];                                           \
      REDU__DEV_PRIVATE(in, pre)                                                                   \
      A own = PFX##_rows_prefixes(in, c0, c1, lane, pre);                                          \
      PFX##_rows_write(in, y, c0, c1, carry, pre, lane, vec, exclusive, redu__unsure);             \
      carry = COMBINE(carry, own);                                                                 \
    }                                                                                              \
  }                                                                                                \
                                                                                                   \
  /* Segments a warp scans alone: up to 16 x warp size x REDU__SCAN_VEC elements on GPUs (four     \
   * chunks of PFX_warp_run; one team per segment of 1,024 elements left three quarters of it      \
   * idle and paid a tile's barriers: 30% of the copy ceiling on the H100), up to a CPU tile on    \
   * CPUs. */                                                                                      \
  REDU__INLINE int PFX##_seg_short(size_t count)                                                   \
  {                                                                                                \
    return count <= (redu__dev_vector_chunks()                                                     \
                         ? REDU__SCAN_CPU_TILE_BYTES / sizeof(T)                                   \
                         : (size_t)16 * redu__dev_warp_size() * REDU__SCAN_VEC(sizeof(T)));        \
  }                                                                                                \
                                                                                                   \
  static inline REDU__SCAN_TEAM_INLINE void PFX##_seg_team(                                        \
      const T *x, T *y, const size_t *offsets, size_t base, size_t len, size_t nseg, size_t skip,  \
      size_t longest, A init, int exclusive, size_t slots, size_t team_mem, void *spill,           \
      unsigned *unsure)                                                                            \
  {                                                                                                \
    unsigned tid = (unsigned)omp_get_thread_num(), nth = (unsigned)omp_get_num_threads();          \
    size_t team = (size_t)omp_get_team_num(), nteams = (size_t)omp_get_num_teams();                \
    unsigned ws = redu__dev_warp_size(), lane = tid % ws;                                          \
    size_t nwarps = nth / ws, w = team * nwarps + tid / ws;                                        \
    /* A warp's next segment's bounds are read while it scans one (offsets: a trip to memory       \
     * before each segment's loads otherwise). */                                                  \
    size_t gstep = nteams * nwarps, nb0 = 0, nb1 = 0;                                              \
    if (w < nseg) {                                                                                \
      nb0 = offsets ? offsets[w] - base : w * len;                                                 \
      nb1 = offsets ? offsets[w + 1] - base : nb0 + len;                                           \
    }                                                                                              \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t g = w; g < nseg; g += gstep) {                                                     \
      size_t b0 = nb0, b1 = nb1, h = g + gstep;                                                    \
      if (h < nseg) {                                                                              \
        nb0 = offsets ? offsets[h] - base : h * len;                                               \
        nb1 = offsets ? offsets[h + 1] - base : nb0 + len;                                         \
      }                                                                                            \
      if (PFX##_seg_short(b1 - b0))                                                                \
        PFX##_warp_run(x, y, b0, b1, init, exclusive, lane, unsure);                               \
    }                                                                                              \
    if (PFX##_seg_short(longest))                                                                  \
      return; /* every segment was short */                                                        \
    A *scratch = (A *)redu__dev_team_scratch(team_mem, spill, slots, sizeof(A));                   \
    size_t tile = PFX##_block_tile(nth);                                                           \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t g = team; g < nseg; g += nteams) {                                                 \
      size_t b0 = offsets ? offsets[g] - base : g * len;                                           \
      size_t b1 = offsets ? offsets[g + 1] - base : b0 + len;                                      \
      if (PFX##_seg_short(b1 - b0) || b1 - b0 >= skip)                                             \
        continue; /* a warp's, above, or a run */                                                  \
      size_t step = tile ? tile : b1 - b0;                                                         \
      A carry = init;                                                                              \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t t0 = b0; t0 < b1;) {                                                             \
        size_t t1 = b1 - t0 < step ? b1 : t0 + step;                                               \
        carry = PFX##_tile(x, y, t0, t1, carry, 1, exclusive, scratch, tid, nth, NULL, 0, NULL,    \
                           PFX##_load(x, t0, t1, tid), unsure);                                    \
        t0 = t1;                                                                                   \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
                                                                                                   \
  static void PFX##_seg_launch(const redu__launch *L, const T *x, T *y,                            \
                               const redu__segscan_plan *p, A init, int exclusive)                 \
  {                                                                                                \
    void *spill = L->team_spill;                                                                   \
    unsigned *unsure = L->counter;                                                                 \
    int threads = L->threads;                                                                      \
    const size_t *offsets = p->offsets;                                                            \
    size_t base = p->base, len = p->len, nseg = p->nseg, skip = p->skip, longest = p->longest;     \
    int teams = nseg < (size_t)L->teams ? (int)nseg : L->teams;                                    \
    size_t slots = L->team_slots, team_mem = L->team_mem;                                          \
    REDU__SCAN_INIT_SPLIT(A, init)                                                                 \
    REDU__PRAGMA(omp target teams device(L->device) num_teams(teams) thread_limit(threads)         \
                     is_device_ptr(x, y, offsets, spill, unsure) ompx_dyn_cgroup_mem(team_mem)     \
                         ompx_attribute(__attribute__((launch_bounds(REDU__SCAN_MAX_THREADS)))))   \
    REDU__PRAGMA(omp parallel num_threads(threads))                                                \
    PFX##_seg_team(x, y, offsets, base, len, nseg, skip, longest, REDU__SCAN_INIT_JOIN(PFX),       \
                   exclusive, slots, team_mem, spill, unsure);                                     \
  }                                                                                                \
                                                                                                   \
  /* The segments' scans as the host half planned them (redu__segscan_begin, host/redu_call.h):    \
   * the launch for those below p->skip (none when skip is 0: every segment is a run), then the    \
   * runs, each an array scan of its own. x and y: the section's device addresses. */              \
  static inline void PFX##_seg_run(const redu__launch *L, const T *x, T *y,                        \
                                   const redu__segscan_plan *p, A init, int exclusive)             \
  {                                                                                                \
    if (p->skip)                                                                                   \
      PFX##_seg_launch(L, x, y, p, init, exclusive);                                               \
    for (size_t r = 0; r < p->nruns; ++r)                                                          \
      PFX##_launch(L, x + p->runs[2 * r], y + p->runs[2 * r], p->runs[2 * r + 1] - p->runs[2 * r], \
                   init, exclusive, NULL);                                                         \
  }

#endif

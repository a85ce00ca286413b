/* Many reductions in one target region: segment k of x is [SEG(k), SEG(k + 1)), with
 * SEG(k) = offsets[k] (CSR offsets), or k * seg_len when offsets is NULL (batched).
 *
 * REDU__DEFINE_SEGMENTED_REDUCE(PFX, S, A, IDENT, LIFT, COMBINE, ORDERED, R, WRITE) defines
 *   void PFX_launch(const redu__seg_launch *L, const S *x)
 * which reduces every segment and, when the offsets are valid, writes segment k's outputs
 * with WRITE(values, indices, k, acc, SEG(k)); L->base.result receives the first bad
 * offset position (REDU__SEG_ALL_GOOD when none).
 *   IDENT, LIFT(x, i), COMBINE, ORDERED    as in redu_index_kernel.h (i: index into x)
 *   R                                       the output element (values is an R array)
 *   WRITE(values, indices, k, acc, start)   writes segment k's outputs from its A
 *
 * Schedule (docs/design.md, "Segmented reductions"). The elements SEG(0) .. SEG(nseg)
 * are split evenly over the teams, whatever the segment lengths: team t reads
 * [a_t, b_t). A team owns the segments that start in its range and reduces each over its
 * part of the range, by length: up to REDU__SEG_THREAD_MAX elements one thread alone,
 * up to REDU__SEG_WARP_MAX one warp (lanes interleaved, one shuffle reduction), longer
 * ones the whole team. The part of a segment that began in an earlier team (the team's
 * "carry-in") is reduced by the whole team first. A segment that runs past its team's
 * range is finished after the grid ticket by the last team: its owner's partial, then
 * the carry-ins of the teams it covers, in team order. That team also checks that every
 * team found the offsets valid before any output is written: bad offsets leave the
 * outputs untouched, in one launch and without a second synchronisation.
 * Reads of x never leave [SEG(0), SEG(nseg)) and never pass L->limit, whatever the
 * offsets hold. Orders: index order in every step when ORDERED; for a given plan the
 * combine order is fixed (results reproducible). */
#ifndef REDU_SEGMENTED_KERNEL_H
#define REDU_SEGMENTED_KERNEL_H

#include "device/redu_internal.h"

#include "device/redu_launch.h"
#include "device/redu_reducers.h"
#include "device/redu_team_scratch.h"
#include "device/redu_thread_range.h"
#include <omp.h>
#include <stdint.h>

#pragma omp begin declare target
static inline size_t redu__seg_at(const size_t *offsets, size_t seg_len, size_t k)
{
  return offsets ? offsets[k] : k * seg_len;
}

/* v moved into [lo, hi] (lo <= hi): where a team reads, whatever an offset holds. Every
 * range a team reads is clamped so into its [a, b], inside [SEG(0), SEG(nseg)] and so
 * below L->limit; an unclamped start (an offset past b with the end clamped up to it) made
 * an empty range at SIZE_MAX, whose unrolled loop bound wrapped. */
static inline size_t redu__seg_clamp(size_t v, size_t lo, size_t hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

/* i + step, or end where that would pass it (i <= end): a loop's next index that cannot
 * wrap. */
static inline size_t redu__seg_next(size_t i, size_t step, size_t end)
{
  return end - i > step ? i + step : end;
}

/* Probe j (0 <= j < nprobe) of a search step over [lo, hi): the nprobe points that split
 * it into nprobe + 1 near-equal parts (with one probe, the midpoint). Below hi, so inside
 * [0, nseg] where hi <= nseg + 1. */
static inline size_t redu__seg_probe(size_t lo, size_t hi, size_t j, size_t nprobe)
{
  size_t w = hi - lo, q = w / (nprobe + 1), r = w % (nprobe + 1);
  return lo + (j + 1) * q + (j + 1) * r / (nprobe + 1);
}

/* A search range: the first k with SEG(k) >= v lies in [lo, hi] (hi = nseg + 1: none).
 * Passed by value: the address of a local in device code makes it "globalized"
 * (docs/design.md), which on the host-offload target shared it between teams. */
typedef struct redu__seg_range {
  size_t lo, hi;
} redu__seg_range;

/* r narrowed once c of the step's nprobe probes were found below v: the answer lies
 * between probe c - 1 and probe c. Every value of c shrinks a range of two or more,
 * whatever the offsets hold. */
static inline redu__seg_range redu__seg_narrow(redu__seg_range r, size_t c, size_t nprobe)
{
  if (r.lo >= r.hi)
    return r;
  size_t lo = c > 0 ? redu__seg_probe(r.lo, r.hi, c - 1, nprobe) + 1 : r.lo;
  size_t hi = c < nprobe ? redu__seg_probe(r.lo, r.hi, c, nprobe) : r.hi;
  return (redu__seg_range){lo, hi};
}

/* The first k in [0, nseg] with SEG(k) >= va (.lo of the result) and the same for vb
 * (.hi), nseg + 1 when none, found by the whole team (every thread calls it): each step,
 * every thread probes one point of each range and the team counts the probes below the
 * value (a ballot per warp, one word per warp in `words`, team scratch), which narrows
 * each range to the gap between two probes. With 512 threads, 10,000 segments take two
 * steps where a binary search took 14 dependent loads (docs/performance.md); with one
 * thread it is a binary search. Reads stay in bounds whatever the offsets hold. */
static inline redu__seg_range redu__seg_team_lower_bounds(const size_t *offsets, size_t seg_len,
                                                          size_t nseg, size_t va, size_t vb,
                                                          uint64_t *words, unsigned tid,
                                                          unsigned nth)
{
  unsigned ws = redu__dev_warp_size(), nwarps = nth / ws;
  redu__seg_range a = {0, nseg + 1}, b = {0, nseg + 1};
  while (a.lo < a.hi || b.lo < b.hi) {
    size_t pa = redu__seg_probe(a.lo, a.hi, tid, nth), pb = redu__seg_probe(b.lo, b.hi, tid, nth);
    int below_a = a.lo < a.hi && redu__seg_at(offsets, seg_len, pa) < va;
    int below_b = b.lo < b.hi && redu__seg_at(offsets, seg_len, pb) < vb;
    uint64_t ma = redu__dev_warp_ballot(below_a), mb = redu__dev_warp_ballot(below_b);
    if (tid % ws == 0)
      words[tid / ws] = (uint64_t)__builtin_popcountll(ma) | (uint64_t)__builtin_popcountll(mb)
                                                                 << 32;
#pragma omp barrier
    uint64_t sum = 0; /* each half at most nth: no carry between them */
    for (unsigned w = 0; w < nwarps; ++w)
      sum += ((volatile uint64_t *)words)[w];
#pragma omp barrier
    a = redu__seg_narrow(a, (size_t)(sum & 0xffffffffu), nth);
    b = redu__seg_narrow(b, (size_t)(sum >> 32), nth);
  }
  return (redu__seg_range){a.lo, b.lo};
}

static inline size_t redu__seg_shfl_idx_u64(size_t v, unsigned lane)
{
  uint32_t lo = redu__dev_shfl_idx_u32((uint32_t)v, lane);
  uint32_t hi = redu__dev_shfl_idx_u32((uint32_t)((uint64_t)v >> 32), lane);
  return (size_t)(((uint64_t)hi << 32) | lo);
}

/* The first bad offset position this thread sees among positions [1, nseg] given to it
 * (team `team` of nteams, thread tid of nth): k where SEG(k) < SEG(k - 1), or nseg when
 * SEG(nseg) passes the limit. REDU__SEG_ALL_GOOD when none. */
static inline size_t redu__seg_first_bad(const size_t *offsets, size_t nseg, size_t limit,
                                         unsigned team, unsigned nteams, unsigned tid, unsigned nth)
{
  size_t bad = REDU__SEG_ALL_GOOD;
  if (!offsets)
    return bad; /* batched: the host checked nseg * seg_len */
  size_t per = nseg / nteams + (nseg % nteams != 0), mine = (size_t)team * per;
  size_t first = 1 + (mine < nseg ? mine : nseg);
  size_t end = per < nseg + 1 - first ? first + per : nseg + 1;
  for (size_t k = first + tid; k < end; k += nth)
    if (offsets[k] < offsets[k - 1]) {
      bad = k;
      break;
    }
  if (tid == 0 && team == nteams - 1 && offsets[nseg] > limit && nseg < bad)
    bad = nseg;
  return bad;
}
#pragma omp end declare target

/* REDU__DEFINE_SEGMENTED_REDUCE, in pieces that each define a step of the kernel (all
 * device code, stamped inside one declare-target section), named by what they define:
 *   _SEG_SPAN     PFX_span, PFX_team_span: one range reduced by a thread, a warp's lane or
 *                 the whole team
 *   _SEG_EMIT     PFX_emit: a segment's value to its accumulator or its team's out-partial
 *   _SEG_OWNED    PFX_owned: the segments that start in the team's range
 *   _SEG_CHAINS   PFX_chains: the last team's segments that ran past their owner's range
 *   _SEG_WRITE    PFX_write_one, PFX_write: the last team's outputs
 *   _SEG_TEAM     PFX_team: one team's whole part, the offsets' check and the grid ticket
 *   _SEG_LAUNCH   PFX_launch: the target region (host code) */
/* Term k of a predicated round from i: element i + k * step where it lies below end (i < end),
 * else the identity; and eight such terms from k0, combined pairwise in index order. */
#define REDU__SEG_TERM(LIFT, IDENT, x, i, k, step, end)                                            \
  ((end) - (i) > (size_t)(k) * (step) ? LIFT(x, (i) + (size_t)(k) * (step)) : (IDENT))
#define REDU__SEG_ROUND8(LIFT, IDENT, COMBINE, x, i, k0, step, end)                                \
  COMBINE(COMBINE(COMBINE(REDU__SEG_TERM(LIFT, IDENT, x, i, (k0), step, end),                      \
                          REDU__SEG_TERM(LIFT, IDENT, x, i, (k0) + 1, step, end)),                 \
                  COMBINE(REDU__SEG_TERM(LIFT, IDENT, x, i, (k0) + 2, step, end),                  \
                          REDU__SEG_TERM(LIFT, IDENT, x, i, (k0) + 3, step, end))),                \
          COMBINE(COMBINE(REDU__SEG_TERM(LIFT, IDENT, x, i, (k0) + 4, step, end),                  \
                          REDU__SEG_TERM(LIFT, IDENT, x, i, (k0) + 5, step, end)),                 \
                  COMBINE(REDU__SEG_TERM(LIFT, IDENT, x, i, (k0) + 6, step, end),                  \
                          REDU__SEG_TERM(LIFT, IDENT, x, i, (k0) + 7, step, end))))

/* PFX_span, PFX_lane_span and PFX_team_span (the schedule above). */
#define REDU__DEFINE_SEG_SPAN(PFX, S, A, IDENT, LIFT, COMBINE, ORDERED)                            \
  /* LIFT over [lo, hi) for thread g of stride: interleaved, or one contiguous chunk per           \
   * thread when ordered (redu_thread_range.h); eight elements per round for accumulators up       \
   * to 16 bytes, four for larger ones (registers), combined pairwise (consecutive ones in         \
   * ordered mode), so that many loads are in flight. (A predicated last round of eight made       \
   * the kernel spill under its 128-register bound: 1.5x slower at 2^27, docs/performance.md.) */  \
  REDU__INLINE A PFX##_span(const S *x, size_t lo, size_t hi, size_t g, size_t stride)             \
  {                                                                                                \
    redu__range r = redu__dev_thread_range(hi - lo, (ORDERED), g, stride);                         \
    /* Each test is `i < end && end - i > k * step`, not `i + k * step < end`: no sum of an        \
     * index wraps, wherever [lo, hi) lies (an index near SIZE_MAX wrapped to a small one and      \
     * read far outside x). A step of 8 * step may leave i past end (GPUs interleave threads,      \
     * step > 1), where end - i would wrap to a huge count: hence i < end first. */                \
    size_t step = r.step, end = lo + r.end, i = lo + (r.first < r.end ? r.first : r.end);          \
    A acc = (IDENT);                                                                               \
    if (sizeof(A) <= 16) {                                                                         \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (; i < end && end - i > 7 * step; i += 8 * step) {                                       \
        redu__dev_prefetch_ahead(x + i, 8 * sizeof(S)); /* CPUs: step 1 */                         \
        A v0 = COMBINE(COMBINE(LIFT(x, i), LIFT(x, i + step)),                                     \
                       COMBINE(LIFT(x, i + 2 * step), LIFT(x, i + 3 * step)));                     \
        A v1 = COMBINE(COMBINE(LIFT(x, i + 4 * step), LIFT(x, i + 5 * step)),                      \
                       COMBINE(LIFT(x, i + 6 * step), LIFT(x, i + 7 * step)));                     \
        acc = COMBINE(acc, COMBINE(v0, v1));                                                       \
      }                                                                                            \
    }                                                                                              \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; i < end && end - i > 3 * step; i += 4 * step)                                           \
      acc = COMBINE(acc, COMBINE(COMBINE(LIFT(x, i), LIFT(x, i + step)),                           \
                                 COMBINE(LIFT(x, i + 2 * step), LIFT(x, i + 3 * step))));          \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; i < end; i = redu__seg_next(i, step, end))                                              \
      acc = COMBINE(acc, LIFT(x, i));                                                              \
    return acc;                                                                                    \
  }                                                                                                \
                                                                                                   \
  /* LIFT over [lo, hi) for lane g of a warp of stride lanes (or one thread: 0 of 1) where the     \
   * range is short: each round's elements all loaded before any is combined, the last round       \
   * predicated, so that a lane's part of a 1,000-element segment is two trips to memory, not      \
   * PFX_span's seven (rounds of 8 and 4, then one element at a time). Sixteen elements a          \
   * round for accumulators up to 8 bytes, eight up to 16; larger ones take PFX_span. */           \
  REDU__INLINE A PFX##_lane_span(const S *x, size_t lo, size_t hi, size_t g, size_t stride)        \
  {                                                                                                \
    if (sizeof(A) > 16)                                                                            \
      return PFX##_span(x, lo, hi, g, stride);                                                     \
    redu__range r = redu__dev_thread_range(hi - lo, (ORDERED), g, stride);                         \
    size_t step = r.step, end = lo + r.end, i = lo + (r.first < r.end ? r.first : r.end);          \
    size_t per_round = sizeof(A) <= 8 ? 16 : 8;                                                    \
    A acc = (IDENT);                                                                               \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; i < end; i = redu__seg_next(i, per_round * step, end)) {                                \
      redu__dev_prefetch_ahead(x + i, per_round * sizeof(S)); /* CPUs: step 1 */                   \
      A v = REDU__SEG_ROUND8(LIFT, IDENT, COMBINE, x, i, 0, step, end);                            \
      if (sizeof(A) <= 8)                                                                          \
        v = COMBINE(v, REDU__SEG_ROUND8(LIFT, IDENT, COMBINE, x, i, 8, step, end));                \
      acc = COMBINE(acc, v);                                                                       \
    }                                                                                              \
    return acc;                                                                                    \
  }                                                                                                \
                                                                                                   \
  /* The whole team reduces [lo, hi): thread 0 gets the value. Ends with a barrier, so the         \
   * team's scratch is free again for the next call. */                                            \
  REDU__INLINE A PFX##_team_span(const S *x, size_t lo, size_t hi, A *scratch, int tree,           \
                                 unsigned tid, unsigned nth)                                       \
  {                                                                                                \
    A v = PFX##_team_reduce(PFX##_span(x, lo, hi, tid, nth), (IDENT), scratch, tid, nth, tree);    \
    _Pragma("omp barrier")                                                                         \
    return v;                                                                                      \
  }

/* PFX_emit. */
#define REDU__DEFINE_SEG_EMIT(PFX, A)                                                              \
  /* Segment k's value: into accs[k], or the team's out-partial when k runs past the range. */     \
  REDU__INLINE void PFX##_emit(A *accs, A *outs, size_t k, size_t straddler, A v)                  \
  {                                                                                                \
    if (k == straddler)                                                                            \
      *outs = v;                                                                                   \
    else                                                                                           \
      accs[k] = v;                                                                                 \
  }

/* PFX_owned, over PFX_span, PFX_team_span, PFX_emit and PFX_warp_reduce. */
#define REDU__DEFINE_SEG_OWNED(PFX, S, A)                                                          \
  /* Segments [sb, se) that start in [a, b), in rounds of one per thread: each thread takes        \
   * its own if short, each warp its lanes' middle-sized ones, the team the long ones (found       \
   * through one ballot word per warp in team scratch). */                                         \
  REDU__INLINE void PFX##_owned(const S *x, const size_t *offs, size_t len, size_t sb, size_t se,  \
                                size_t a, size_t b, size_t straddler, A *scratch, uint64_t *masks, \
                                int tree, unsigned tid, unsigned nth, A *accs, A *outs)            \
  {                                                                                                \
    unsigned ws = redu__dev_warp_size(), lane = tid % ws, warp = tid / ws, nwarps = nth / ws;      \
    /* Warps reduce with shuffles, which only small accumulators take (redu_reducers.h). */        \
    int warps = !tree && sizeof(A) <= REDU__SHUFFLE_MAX_BYTES;                                     \
    size_t warp_max = (size_t)REDU__SEG_WARP_MAX * nth;                                            \
    _Pragma("clang loop unroll(disable)")                                                          \
    /* The round's j-th segment goes to warp j % nwarps (lane j / nwarps), so that a team with     \
     * few segments keeps every warp busy (contiguous threads left them all to warp 0: 10,000 x    \
     * 1,000 doubles took 19x the empty region on the H100). */                                    \
    for (size_t r0 = sb; r0 < se; r0 += nth) {                                                     \
      size_t k = r0 + (size_t)lane * nwarps + warp, lo = 0, hi = 0;                                \
      int cls = 0; /* 0 none, 1 thread, 2 warp, 3 team */                                          \
      if (k < se) {                                                                                \
        lo = redu__seg_clamp(redu__seg_at(offs, len, k), a, b);                                    \
        hi = redu__seg_clamp(redu__seg_at(offs, len, k + 1), lo, b);                               \
        cls = hi - lo <= REDU__SEG_THREAD_MAX ? 1 : warps && hi - lo <= warp_max ? 2 : 3;          \
      }                                                                                            \
      if (cls == 1)                                                                                \
        PFX##_emit(accs, outs, k, straddler, PFX##_lane_span(x, lo, hi, 0, 1));                    \
      if (warps) {                                                                                 \
        uint64_t m = redu__dev_warp_ballot(cls == 2);                                              \
        _Pragma("clang loop unroll(disable)")                                                      \
        while (m) {                                                                                \
          unsigned j = (unsigned)__builtin_ctzll(m);                                               \
          m &= m - 1;                                                                              \
          size_t wlo = redu__seg_shfl_idx_u64(lo, j), whi = redu__seg_shfl_idx_u64(hi, j);         \
          A v = PFX##_warp_reduce(PFX##_lane_span(x, wlo, whi, lane, ws));                         \
          if (lane == 0)                                                                           \
            PFX##_emit(accs, outs, r0 + (size_t)j * nwarps + warp, straddler, v);                  \
        }                                                                                          \
      }                                                                                            \
      uint64_t mine = redu__dev_warp_ballot(cls == 3);                                             \
      if (lane == 0)                                                                               \
        masks[warp] = mine;                                                                        \
      _Pragma("omp barrier")                                                                       \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (unsigned w = 0; w < nwarps; ++w) {                                                      \
        uint64_t m = ((volatile uint64_t *)masks)[w];                                              \
        _Pragma("clang loop unroll(disable)")                                                      \
        while (m) {                                                                                \
          size_t kk = r0 + (size_t)__builtin_ctzll(m) * nwarps + w;                                \
          m &= m - 1;                                                                              \
          size_t tlo = redu__seg_clamp(redu__seg_at(offs, len, kk), a, b);                         \
          size_t thi = redu__seg_clamp(redu__seg_at(offs, len, kk + 1), tlo, b);                   \
          A v = PFX##_team_span(x, tlo, thi, scratch, tree, tid, nth);                             \
          if (tid == 0)                                                                            \
            PFX##_emit(accs, outs, kk, straddler, v);                                              \
        }                                                                                          \
      }                                                                                            \
      _Pragma("omp barrier") /* masks are rewritten next round */                                  \
    }                                                                                              \
  }

/* PFX_chains, over PFX_combine_partials. */
#define REDU__DEFINE_SEG_CHAINS(PFX, A, IDENT, COMBINE)                                            \
  /* The last team: segments that ran past their owner's range get the owner's partial and         \
   * the carry-ins of the teams they cover, in team order. Short chains one thread each; a         \
   * chain over more teams than REDU__SEG_CHAIN_MAX the whole team (ballot words again). */        \
  REDU__INLINE void PFX##_chains(const size_t *offs, size_t len, size_t base, size_t chunk,        \
                                 const redu__seg_team_rec *recs, const A *ins, const A *outs,      \
                                 A *accs, A *scratch, uint64_t *masks, int tree, unsigned tid,     \
                                 unsigned nth, unsigned nteams)                                    \
  {                                                                                                \
    unsigned ws = redu__dev_warp_size(), lane = tid % ws, warp = tid / ws, nwarps = nth / ws;      \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (unsigned r0 = 0; r0 < nteams; r0 += nth) {                                                \
      unsigned t = r0 + tid, last = 0;                                                             \
      size_t k = REDU__SEG_ALL_GOOD;                                                               \
      if (t < nteams &&                                                                            \
          (k = ((const volatile redu__seg_team_rec *)recs)[t].straddler) != REDU__SEG_ALL_GOOD) {  \
        size_t e = redu__seg_at(offs, len, k + 1) - base; /* > (t + 1) * chunk */                  \
        last = (unsigned)((e - 1) / chunk);                                                        \
        if (last >= nteams)                                                                        \
          last = nteams - 1;                                                                       \
      }                                                                                            \
      int longc = k != REDU__SEG_ALL_GOOD && last - t > REDU__SEG_CHAIN_MAX;                       \
      if (k != REDU__SEG_ALL_GOOD && !longc) {                                                     \
        A v = ((const volatile A *)outs)[t];                                                       \
        _Pragma("clang loop unroll(disable)")                                                      \
        for (unsigned u = t + 1; u <= last; ++u)                                                   \
          v = COMBINE(v, ((const volatile A *)ins)[u]);                                            \
        accs[k] = v;                                                                               \
      }                                                                                            \
      uint64_t mine = redu__dev_warp_ballot(longc);                                                \
      if (lane == 0)                                                                               \
        masks[warp] = mine;                                                                        \
      _Pragma("omp barrier")                                                                       \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (unsigned w = 0; w < nwarps; ++w) {                                                      \
        uint64_t m = ((volatile uint64_t *)masks)[w];                                              \
        _Pragma("clang loop unroll(disable)")                                                      \
        while (m) {                                                                                \
          unsigned tt = r0 + w * ws + (unsigned)__builtin_ctzll(m);                                \
          m &= m - 1;                                                                              \
          size_t kk = ((const volatile redu__seg_team_rec *)recs)[tt].straddler;                   \
          size_t e = redu__seg_at(offs, len, kk + 1) - base;                                       \
          unsigned tl = (unsigned)((e - 1) / chunk);                                               \
          tl = tl >= nteams ? nteams - 1 : tl;                                                     \
          A r = PFX##_combine_partials((IDENT), ins + tt + 1, tl - tt, scratch, tid, nth, tree);   \
          if (tid == 0)                                                                            \
            accs[kk] = COMBINE(((const volatile A *)outs)[tt], r);                                 \
          _Pragma("omp barrier")                                                                   \
        }                                                                                          \
      }                                                                                            \
      _Pragma("omp barrier")                                                                       \
    }                                                                                              \
  }

/* PFX_write_one and PFX_write. */
#define REDU__DEFINE_SEG_WRITE(PFX, A, R, WRITE)                                                   \
  REDU__INLINE void PFX##_write_one(const size_t *offs, size_t len, R *values, size_t *indices,    \
                                    size_t k, A v)                                                 \
  {                                                                                                \
    WRITE(values, indices, k, v, redu__seg_at(offs, len, k));                                      \
  }                                                                                                \
                                                                                                   \
  /* The last team copies every segment's accumulator to the outputs: eight loads in flight        \
   * per thread for accumulators up to 16 bytes (one at a time, 131,072 segments were 256          \
   * dependent rounds through L2 for one team; docs/performance.md). */                            \
  REDU__INLINE void PFX##_write(const size_t *offs, size_t len, size_t nseg, const A *accs,        \
                                R *values, size_t *indices, unsigned tid, unsigned nth)            \
  {                                                                                                \
    const volatile A *va = (const volatile A *)accs;                                               \
    size_t k = tid, s = nth;                                                                       \
    /* Named values, not an array: a local array is "globalized" (docs/design.md). */              \
    if (sizeof(A) <= 16) {                                                                         \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (; k + 7 * s < nseg; k += 8 * s) {                                                       \
        A v0 = va[k], v1 = va[k + s], v2 = va[k + 2 * s], v3 = va[k + 3 * s];                      \
        A v4 = va[k + 4 * s], v5 = va[k + 5 * s], v6 = va[k + 6 * s], v7 = va[k + 7 * s];          \
        PFX##_write_one(offs, len, values, indices, k, v0);                                        \
        PFX##_write_one(offs, len, values, indices, k + s, v1);                                    \
        PFX##_write_one(offs, len, values, indices, k + 2 * s, v2);                                \
        PFX##_write_one(offs, len, values, indices, k + 3 * s, v3);                                \
        PFX##_write_one(offs, len, values, indices, k + 4 * s, v4);                                \
        PFX##_write_one(offs, len, values, indices, k + 5 * s, v5);                                \
        PFX##_write_one(offs, len, values, indices, k + 6 * s, v6);                                \
        PFX##_write_one(offs, len, values, indices, k + 7 * s, v7);                                \
      }                                                                                            \
    }                                                                                              \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; k < nseg; k += s)                                                                       \
      PFX##_write_one(offs, len, values, indices, k, va[k]);                                       \
  }

/* PFX_team, over all of the above. */
#define REDU__DEFINE_SEG_TEAM(PFX, S, A, R)                                                        \
  /* Inlined into the kernel, as the exact kernels' team: with the lanes' predicated rounds, the   \
   * inliner left it a function of its own in some kernels (sum f64: 296 bytes of stack, its       \
   * loads generic instead of global). */                                                          \
  static inline __attribute__((always_inline, flatten)) void PFX##_team(                           \
      const S *x, const size_t *offs, size_t len, size_t nseg, size_t limit, int tree,             \
      size_t slots, size_t team_mem, void *spill, void *partials, unsigned *counter,               \
      size_t *status, A *accs, R *values, size_t *indices)                                         \
  {                                                                                                \
    unsigned tid = (unsigned)omp_get_thread_num(), nth = (unsigned)omp_get_num_threads();          \
    unsigned team = (unsigned)omp_get_team_num(), nteams = (unsigned)omp_get_num_teams();          \
    size_t tbytes = redu__team_scratch_bytes(slots, sizeof(A));                                    \
    char *scratch = redu__dev_team_slice(team_mem, spill, tbytes + REDU__SEG_TEAM_EXTRA);          \
    unsigned *last = (unsigned *)(scratch + redu__team_last_offset(slots, sizeof(A)));             \
    uint64_t *masks = (uint64_t *)(scratch + tbytes);                                              \
    size_t *tbad = (size_t *)(masks + REDU__MAX_WARPS);                                            \
    A *ins = (A *)partials, *outs = ins + nteams;                                                  \
    redu__seg_team_rec *recs = redu__seg_recs(partials, nteams, sizeof(A));                        \
    /* Offsets checked first; a team reads only inside [base, end), which is inside                \
     * [0, limit] or empty. The host keeps limit <= PTRDIFF_MAX / sizeof(S) and nseg below         \
     * SIZE_MAX / 8 (host/redu_segmented.c), so that the sums below (team * chunk, the span        \
     * loops' i + 8 * step, k + 8 * nth) cannot wrap. */                                           \
    size_t bad = redu__seg_first_bad(offs, nseg, limit, team, nteams, tid, nth);                   \
    if (tid == 0)                                                                                  \
      *tbad = REDU__SEG_ALL_GOOD;                                                                  \
    _Pragma("omp barrier")                                                                         \
    if (bad != REDU__SEG_ALL_GOOD)                                                                 \
      __atomic_fetch_min(tbad, bad, __ATOMIC_RELAXED);                                             \
    size_t base = redu__seg_at(offs, len, 0), end = redu__seg_at(offs, len, nseg);                 \
    size_t total = base <= end && end <= limit ? end - base : 0;                                   \
    size_t chunk = total / nteams + (total % nteams != 0);                                         \
    chunk = chunk ? chunk : 1;                                                                     \
    size_t a = base + ((size_t)team * chunk < total ? (size_t)team * chunk : total);               \
    size_t b = base + ((size_t)(team + 1) * chunk < total ? (size_t)(team + 1) * chunk : total);   \
    redu__seg_range owned = redu__seg_team_lower_bounds(offs, len, nseg, a, b, masks, tid, nth);   \
    size_t sb = owned.lo, se = team == nteams - 1 ? nseg : owned.hi;                               \
    sb = sb > nseg ? nseg : sb;                                                                    \
    se = se > nseg ? nseg : se < sb ? sb : se;                                                     \
    /* The segment that began in an earlier team: its part here, by the whole team. */             \
    size_t cend = redu__seg_clamp(redu__seg_at(offs, len, sb), a, b);                              \
    A cin = PFX##_team_span(x, a, cend, (A *)scratch, tree, tid, nth);                             \
    if (tid == 0)                                                                                  \
      ins[team] = cin;                                                                             \
    /* The last owned segment runs past b: its value waits for the chain step. */                  \
    size_t straddler = se > sb && team != nteams - 1 && redu__seg_at(offs, len, se) > b            \
                           ? se - 1                                                                \
                           : REDU__SEG_ALL_GOOD;                                                   \
    PFX##_owned(x, offs, len, sb, se, a, b, straddler, (A *)scratch, masks, tree, tid, nth, accs,  \
                outs + team);                                                                      \
    if (tid == 0) {                                                                                \
      recs[team].straddler = straddler;                                                            \
      recs[team].bad = *(volatile size_t *)tbad;                                                   \
    }                                                                                              \
    /* Every thread's values (accs, partials) before the team's ticket. */                         \
    redu__dev_fence_device();                                                                      \
    _Pragma("omp barrier")                                                                         \
    if (!redu__dev_grid_ticket(tid, nteams, counter, last))                                        \
      return;                                                                                      \
    if (tid == 0)                                                                                  \
      *tbad = REDU__SEG_ALL_GOOD;                                                                  \
    _Pragma("omp barrier")                                                                         \
    size_t mybad = REDU__SEG_ALL_GOOD;                                                             \
    for (unsigned t = tid; t < nteams; t += nth) {                                                 \
      size_t tb = ((const volatile redu__seg_team_rec *)recs)[t].bad;                              \
      mybad = tb < mybad ? tb : mybad;                                                             \
    }                                                                                              \
    if (mybad != REDU__SEG_ALL_GOOD)                                                               \
      __atomic_fetch_min(tbad, mybad, __ATOMIC_RELAXED);                                           \
    _Pragma("omp barrier")                                                                         \
    size_t gbad = *(volatile size_t *)tbad;                                                        \
    if (gbad == REDU__SEG_ALL_GOOD) {                                                              \
      PFX##_chains(offs, len, base, chunk, recs, ins, outs, accs, (A *)scratch, masks, tree, tid,  \
                   nth, nteams);                                                                   \
      PFX##_write(offs, len, nseg, accs, values, indices, tid, nth);                               \
    }                                                                                              \
    if (tid == 0) {                                                                                \
      *status = gbad;                                                                              \
      *counter = 0;                                                                                \
    }                                                                                              \
  }

/* PFX_launch: host code, the one target region. */
#define REDU__DEFINE_SEG_LAUNCH(PFX, S, A, R)                                                      \
  static void PFX##_launch(const redu__seg_launch *L, const S *x)                                  \
  {                                                                                                \
    const size_t *offs = L->offsets;                                                               \
    size_t len = L->seg_len, nseg = L->nseg, limit = L->limit, slots = L->base.team_slots;         \
    size_t team_mem = L->base.team_mem;                                                            \
    void *spill = L->base.team_spill, *partials = L->base.partials;                                \
    unsigned *counter = L->base.counter;                                                           \
    size_t *status = (size_t *)L->base.result, *indices = L->indices;                              \
    A *accs = (A *)L->accs;                                                                        \
    R *values = (R *)L->values;                                                                    \
    int threads = L->base.threads, tree = L->base.tree;                                            \
    REDU__PRAGMA(                                                                                  \
        omp target teams device(L->base.device) num_teams(L->base.teams) thread_limit(threads)     \
            is_device_ptr(x, offs, values, indices, partials, counter, status, spill,              \
                          accs) ompx_dyn_cgroup_mem(team_mem)                                      \
                ompx_attribute(__attribute__((launch_bounds(REDU__SEG_MAX_THREADS(sizeof(A)))))))  \
    REDU__PRAGMA(omp parallel num_threads(threads))                                                \
    PFX##_team(x, offs, len, nseg, limit, tree, slots, team_mem, spill, partials, counter, status, \
               accs, values, indices);                                                             \
  }

#define REDU__DEFINE_SEGMENTED_REDUCE(PFX, S, A, IDENT, LIFT, COMBINE, ORDERED, R, WRITE)          \
  REDU__DEFINE_REDUCERS(PFX, A, COMBINE)                                                           \
  _Pragma("omp begin declare target")                                                              \
  REDU__DEFINE_SEG_SPAN(PFX, S, A, IDENT, LIFT, COMBINE, ORDERED)                                  \
  REDU__DEFINE_SEG_EMIT(PFX, A)                                                                    \
  REDU__DEFINE_SEG_OWNED(PFX, S, A)                                                                \
  REDU__DEFINE_SEG_CHAINS(PFX, A, IDENT, COMBINE)                                                  \
  REDU__DEFINE_SEG_WRITE(PFX, A, R, WRITE)                                                         \
  REDU__DEFINE_SEG_TEAM(PFX, S, A, R)                                                              \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_SEG_LAUNCH(PFX, S, A, R)

#endif

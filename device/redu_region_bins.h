/* Bins reductions of wrapped regions (libredu/redu_region.h): REDU_FOR's
 * (bins, kind, var, nbins[, per]), OpenMP's `reduction(op : var[0:nbins])`, and the pieces
 * such a reduction expands to. Included by device/redu_region_for.h, which picks them by
 * the mark b (a reduction of four or five); host/redu_region.c is the host half.
 *
 * How it runs: inside the body var is the iteration's per slots, values from the kind's
 * identity, and REDU_BIN(var, key) names the slot of key (taking a free one the first
 * time); after each iteration the slots go on, and start again:
 *   - float sums (sum_f32, sum_f64), where their exact words fit the bins' memory cap: each
 *     slot's value into its bin's exact fixed-point words (device/redu_bins_fixed.h), on
 *     GPUs through the team's window over its private bins in team memory (placed by the
 *     first finite nonzero term the team folds; terms outside it go to the global words),
 *     flushed into the global words at the team step; after the loop the host rounds each
 *     bin, with what the array held, into it. No record: the loop reads its inputs only;
 *   - every other kind: the slots' values and keys go to its per records in two device
 *     buffers (n * per of each). After the loop the host runs the kind's bins call over the
 *     records into the user's array (REDU_BINS_ACCUMULATE: what the array held enters each
 *     bin first; free slots carry a key past nbins and are skipped).
 * Either way the bins have the bins calls' rules: the same bits for every plan and order,
 * float sums exact, declared ordered combiners in index order (an iteration's slots in the
 * order the body named them). A key not below nbins, or more keys in one iteration than
 * its slots, is found by a hidden min reduction over the iterations (2 i + 1 for too many
 * keys, 2 i for a bad one) and fails the region before anything is written. */
#ifndef REDU_REGION_BINS_H
#define REDU_REGION_BINS_H

#include "device/redu_internal.h"

#include "device/redu_bins_fixed.h"
#include "device/redu_target.h"
#include <omp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Keys a slot records besides a bin: none named (skipped by the bins call), more bins named
 * than the iteration has slots, a key not below nbins. nbins stays below all three
 * (REDU__REGION_BINS_MAX). */
#define REDU__BIN_NONE UINT32_MAX
#define REDU__BIN_BAD (UINT32_MAX - 1)
#define REDU__BIN_MORE (UINT32_MAX - 2)
#define REDU__REGION_BINS_MAX ((size_t)UINT32_MAX - 2)

#pragma omp begin declare target
/* REDU_BIN's step: the iteration's slot for key among its `per` slots (keys k, values v of
 * `size` bytes): the slot that has the key, else the first free one, which takes it. A key
 * not below nbins marks slot 0 bad for good; no slot left marks the last one MORE. A call,
 * not an assignment in the expression, so that `REDU_BIN(v, k) = f(REDU_BIN(v, k), x)`
 * writes the keys in two calls, which C sequences, not in two unsequenced assignments. */
static inline void *redu__bin_at(uint32_t *k, int per, size_t key, size_t nbins, void *v,
                                 size_t size)
{
  if (key >= nbins || k[0] == REDU__BIN_BAD) {
    k[0] = REDU__BIN_BAD;
    return v;
  }
  for (int j = 0; j < per; ++j)
    if (k[j] == key || k[j] == REDU__BIN_NONE) {
      k[j] = (uint32_t)key;
      return (char *)v + (size_t)j * size;
    }
  k[per - 1] = REDU__BIN_MORE;
  return (char *)v + (size_t)(per - 1) * size;
}
/* The least mistake so far, after iteration at recorded key. */
static inline uint64_t redu__bin_mistake(uint64_t least, uint32_t key, size_t at)
{
  uint64_t m = 2 * (uint64_t)at + (key == REDU__BIN_MORE);
  return (key == REDU__BIN_BAD || key == REDU__BIN_MORE) && m < least ? m : least;
}
/* p, known to be aligned to align (a constant once inlined, so the copies below move whole
 * elements, not bytes). */
static inline void *redu__bins_aligned(void *p, size_t align)
{
  switch (align) {
  case 16:
    return __builtin_assume_aligned(p, 16);
  case 8:
    return __builtin_assume_aligned(p, 8);
  case 4:
    return __builtin_assume_aligned(p, 4);
  case 2:
    return __builtin_assume_aligned(p, 2);
  default:
    return p;
  }
}
/* After iteration at: its slots (values v, keys k) into its records (per each, from
 * record at * per), the least mistake so far updated and returned, the slots started again
 * (values from ident). size and align are T's, constants once inlined. */
static inline uint64_t redu__bins_put(size_t values, size_t keys, size_t at, void *v, uint32_t *k,
                                      const void *ident, size_t size, size_t align, int per,
                                      uint64_t least)
{
  for (int j = 0; j < per; ++j) {
    size_t r = at * (size_t)per + (size_t)j;
    memcpy(redu__bins_aligned((char *)values + r * size, align),
           redu__bins_aligned((char *)v + (size_t)j * size, align), size);
    ((uint32_t *)keys)[r] = k[j];
    least = redu__bin_mistake(least, k[j], at);
    k[j] = REDU__BIN_NONE;
    memcpy(redu__bins_aligned((char *)v + (size_t)j * size, align), ident, size);
  }
  return least;
}

/* A thread's view of its region's float-sum bins folded in the kernel (host/redu_call.h,
 * redu__region_fbins): the global words (NULL: records instead); the team's private bins,
 * two halves of pw words and a flags word each, then REDU__REGION_FB_TAIL_WORDS words (the
 * window's place: 0 until placed, else its base + REDU__BINS_EXP_BIAS; its sample), or NULL
 * (every term to the global words); the place as this thread last read it (a term then
 * reads no team memory for it); whether the thread's sample term is in. */
typedef struct redu__region_fb {
  uint64_t *acc, *priv;
  size_t count; /* terms a bin takes at most: the window's headroom */
  int words, base, pw, room, prec, sampled;
  uint64_t at;
} redu__region_fb;

/* Terms a team's window is placed from: the first finite nonzero term of each of its threads
 * until this many are in (the placing thread's own and any others it sees), so that the
 * window fits the terms' spread as a bins call's team sample does. Placed from one term, the
 * window could only be hung from that term's top, and the bench's terms (doubles of 2^-52
 * steps in (-1, 1), 1,024 bins) straddled two of its words: twice the shared-memory atomics
 * of the bins call (H100, Nsight Compute, docs/performance.md). */
#define REDU__REGION_FB_SAMPLE 32

/* Before the loop, every thread: the view, and the team's private bins zero (then a barrier).
 * The launch values arrive as size_t scalars: base with REDU__BINS_EXP_BIAS added. */
static inline redu__region_fb redu__region_fb_start(size_t acc, size_t words, size_t base,
                                                    size_t pw, size_t count, size_t nbins,
                                                    size_t tmem, size_t btmem, int prec)
{
  redu__region_fb f = {.acc = (uint64_t *)acc,
                       .count = count,
                       .words = (int)words,
                       .base = (int)base - REDU__BINS_EXP_BIAS,
                       .pw = (int)pw,
                       .room = 64 * (int)pw - (64 - __builtin_clzll((unsigned long long)count | 1)),
                       .prec = prec};
  if (acc && btmem) {
    f.priv = (uint64_t *)((char *)redu__dev_team_mem() + tmem);
    redu__bins_team_fill(f.priv, nbins * (2 * pw + 1) + REDU__REGION_FB_TAIL_WORDS, 0);
#pragma omp barrier
  }
  return f;
}

/* Before the team's window is placed, a term d of this thread: 1 where d then folds through
 * the window of f->at (placed now, or d zero, infinite or NaN: flags only), 0 where it goes
 * to the global words, taken into the sample (tail: the words after the private bins). A
 * thread's first finite nonzero term goes in the sample; the sample's last term, or the
 * thread's next one, places the window (one compare-and-swap; a thread that loses takes the
 * winner's), from what the sample holds by then. Where the window lies changes only which
 * words sum a term first, never a bin's value, so the sample's words are read relaxed. */
static inline int redu__region_fb_place(redu__region_fb *f, uint64_t *tail, double d)
{
  uint64_t at = *(volatile uint64_t *)tail;
  if (!at && d == d && d - d == 0 && d != 0) {
    if (!f->sampled) {
      int lo = REDU__BINS_EXP_BIAS, hi = -REDU__BINS_EXP_BIAS;
      redu__bins_widen(d, &lo, &hi);
      __atomic_fetch_max(tail + 1, (uint64_t)(REDU__BINS_EXP_BIAS - lo), __ATOMIC_RELAXED);
      __atomic_fetch_max(tail + 2, (uint64_t)(REDU__BINS_EXP_BIAS + hi), __ATOMIC_RELAXED);
      f->sampled = 1;
      if (__atomic_fetch_add(tail + 3, 1, __ATOMIC_RELAXED) + 1 < REDU__REGION_FB_SAMPLE)
        return 0;
    }
    redu__bins_private_window w =
        redu__bins_team_window(tail + 1, f->pw, f->count, f->prec, f->words, f->base);
    uint64_t want = (uint64_t)(w.base + REDU__BINS_EXP_BIAS);
    at = __atomic_compare_exchange_n(tail, &at, want, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED) ? want
                                                                                             : at;
  }
  f->at = at;
  return 1;
}

/* A term d of bin key (below nbins) into the team's window or the global words. */
static inline void redu__region_fb_fold(redu__region_fb *f, size_t nbins, uint32_t key, double d)
{
  uint64_t *glob = f->acc + (size_t)key * (2 * (size_t)f->words + 1);
  size_t pstride = 2 * (size_t)f->pw + 1;
  if (!f->priv || (!f->at && !redu__region_fb_place(f, f->priv + nbins * pstride, d))) {
    redu__bins_deposit_far(glob, f->words, f->base, d);
    return;
  }
  int wb = (int)f->at - REDU__BINS_EXP_BIAS;
  redu__bins_private_window win = {f->pw, wb, wb + f->room};
  /* 53: the general fold for both kinds (the floats' placing by exponent was measured for the
   * calls only, where the precision is a constant) */
  redu__bins_fold_window(f->priv + (size_t)key * pstride, &win, glob, f->words, f->base, d, 53, 0);
}

/* At the team step, every thread: after a barrier, the team's private bins into the global
 * words, shifted to the window's place. */
static inline int redu__region_fb_flush(const redu__region_fb *f, size_t nbins)
{
  if (!f->priv)
    return 0;
#pragma omp barrier
  size_t pstride = 2 * (size_t)f->pw + 1, stride = 2 * (size_t)f->words + 1;
  uint64_t at = *(volatile uint64_t *)(f->priv + nbins * pstride);
  int shift = at ? (int)at - REDU__BINS_EXP_BIAS - f->base : 0;
  for (size_t k = (size_t)omp_get_thread_num(); k < nbins; k += (size_t)omp_get_num_threads())
    redu__bins_flush_fixed(f->priv + k * pstride, f->pw, shift, f->acc + k * stride, f->words);
  return 0;
}

/* After iteration at, float sums folded in the kernel: its slots (values v of `size` bytes,
 * float or double, keys k) into their bins, the least mistake so far updated and returned,
 * the slots started again (values from ident). */
static inline uint64_t redu__bins_put_fold(redu__region_fb *f, size_t nbins, size_t at, void *v,
                                           uint32_t *k, const void *ident, size_t size, int per,
                                           uint64_t least)
{
  for (int j = 0; j < per; ++j) {
    void *slot = (char *)v + (size_t)j * size;
    if (k[j] < nbins) {
      double d;
      if (size == sizeof(float)) {
        float t;
        memcpy(&t, redu__bins_aligned(slot, sizeof t), sizeof t);
        d = t;
      } else
        memcpy(&d, redu__bins_aligned(slot, sizeof d), sizeof d);
      redu__region_fb_fold(f, nbins, k[j], d);
    }
    least = redu__bin_mistake(least, k[j], at);
    k[j] = REDU__BIN_NONE;
    memcpy(redu__bins_aligned(slot, size), ident, size);
  }
  return least;
}

/* The slots' start: every key free, every value the identity. */
static inline int redu__bins_start(uint32_t *k, void *v, const void *ident, size_t size, int per)
{
  for (int j = 0; j < per; ++j) {
    k[j] = REDU__BIN_NONE;
    memcpy((char *)v + (size_t)j * size, ident, size);
  }
  return 1;
}
#pragma omp end declare target

/* -- The pieces of a bins reduction p = (bins, kind, var, nbins[, per]), number k: per, the
 * bins an iteration may name, 1 when not given. Never an empty `...` (ISO C17 wants an
 * argument for it): each accessor gets a tail. */
#define REDU__BTAG(tag, ...) tag
#define REDU__BKIND(tag, kind, ...) kind
#define REDU__BVAR(tag, kind, var, ...) var
#define REDU__BNBINS(...) REDU__BNBINS2(__VA_ARGS__, ~)
#define REDU__BNBINS2(tag, kind, var, nbins, ...) nbins
#define REDU__BPER(...) REDU__BPER2(__VA_ARGS__, 1, ~)
#define REDU__BPER2(tag, kind, var, nbins, per, ...) per
enum { REDU__REGION_BINS_PER_MAX = 8 };
#define REDU__BTYPE(p) REDU__CAT(redu__type_, REDU__BKIND p)
#define REDU__BINS_PROBE_bins ~, 1
/* 1 for an exact kind (REDU__EXACT_PROBE_<kind> gives x), else 0. */
#define REDU__IS_EXACT_KIND(kind)                                                                  \
  (sizeof(REDU__STR(REDU__SECOND_OF(REDU__CAT(REDU__EXACT_PROBE_, kind), , ~))) > 1)
#define REDU__IS_BINS_TAG(p) REDU__SECOND_OF(REDU__CAT(REDU__BINS_PROBE_, REDU__BTAG p), 0, ~)
/* The body's names for the iteration's key and the least mistake (REDU_BIN names the key). */
#define REDU__BKEY(var) REDU__CAT(redu__bin_key_, var)
#define REDU__BMISTAKE(var) REDU__CAT(redu__bin_mistake_, var)
#define REDU__BIDENT(var) REDU__CAT(redu__bin_ident_, var)
/* The value an iteration's slot starts from: the kind's identity, but -0.0 for float sums (the
 * one float that adds nothing: a slot started at +0.0 turned a bin fed only -0.0 into +0.0,
 * where the bins call keeps -0.0). */
#define REDU__BINS_NZ_PROBE_sum_f32 ~, -0.0f
#define REDU__BINS_NZ_PROBE_sum_f64 ~, -0.0
#define REDU__BSLOT_START(kind)                                                                    \
  REDU__SECOND_OF(REDU__CAT(REDU__BINS_NZ_PROBE_, kind), REDU__CAT(redu_identity_, kind)(), ~)
#define REDU__BSTART(var) REDU__CAT(redu__bin_start_, var)
#define REDU__BFB(var) REDU__CAT(redu__bin_fold_, var)
/* A float sum's significant bits (24, 53), 0 for any other kind: its terms fold in the kernel. */
#define REDU__BINS_PREC_PROBE_sum_f32 ~, 24
#define REDU__BINS_PREC_PROBE_sum_f64 ~, 53
#define REDU__BPREC(kind) REDU__SECOND_OF(REDU__CAT(REDU__BINS_PREC_PROBE_, kind), 0, ~)
/* x for a float-sum bins reduction, nothing for any other pair (REDU__BOUNDS). */
#define REDU__FMARK(k, p) REDU__XCAT(REDU__FMARK_, REDU__MARK(k, p))(p)
#define REDU__FMARK_(p)
#define REDU__FMARK_x(p)
#define REDU__FMARK_a(p)
#define REDU__FMARK_b(p) REDU__CAT(REDU__FMARK_P, REDU__BPREC(REDU__BKIND p))
#define REDU__FMARK_P0
#define REDU__FMARK_P24 x
#define REDU__FMARK_P53 x
/* The most threads a team of a region with float-sum bins runs (its launch bounds). */
#define REDU__REGION_BINS_MAX_THREADS 1024

#define REDU__CHECK_PAIR_b(k, p)                                                                   \
  _Static_assert(REDU__IS_BINS_TAG(p), "REDU_FOR: a reduction of four or five is a bins "          \
                                       "reduction, (bins, kind, pointer, nbins) or (bins, kind, "  \
                                       "pointer, nbins, bins an iteration names): got `" #p "`");  \
  _Static_assert(REDU__BPER p >= 1 && REDU__BPER p <= REDU__REGION_BINS_PER_MAX,                   \
                 "REDU_FOR: the bins an iteration names, the fifth of a bins reduction, are 1 to " \
                 "8: got `" #p "`");                                                               \
  REDU__CHECK_VALUE_KIND("REDU_FOR", "pointer", REDU__BVAR p, REDU__BKIND p, p,                    \
                         "bins take value kinds; arg kinds per bin are redu_bins_argmin_<t> "      \
                         "and redu_bins_argmax_<t> (redu_bins.h)")                                 \
  _Static_assert(!REDU__IS_EXACT_KIND(REDU__BKIND p),                                              \
                 "REDU_FOR: float sums into bins are exact already; name sum_f64 or sum_f32: "     \
                 "got `" #p "`");                                                                  \
  _Static_assert(REDU__SAME_TYPE(REDU__BVAR p, REDU__BTYPE(p) *),                                  \
                 "REDU_FOR: the pointer of " #p " must point to its kind's type (sum_f64: "        \
                 "double *, device memory of nbins elements)");
#define REDU__BINS_PAIR_ONE(k, p) REDU__XCAT(REDU__PLUS1B_, REDU__MARK(k, p))()
#define REDU__PLUS1B_()
#define REDU__PLUS1B_x()
#define REDU__PLUS1B_a()
#define REDU__PLUS1B_b() +1
#define REDU__BINS_COUNT(...) (0 REDU__MAP(REDU__BINS_PAIR_ONE, __VA_ARGS__))

/* What redu__region_begin learns of each reduction (host/redu_call.h): k and the bins'
 * number, element, array and call for a bins reduction, k = -1 for any other. */
#define REDU__BSPEC(k, p) REDU__XCAT(REDU__BSPEC_, REDU__MARK(k, p))(k, p)
#define REDU__BSPEC_(k, p) {.pair = -1},
#define REDU__BSPEC_x REDU__BSPEC_
#define REDU__BSPEC_a REDU__BSPEC_
#define REDU__BSPEC_b(k, p)                                                                        \
  {.pair = k,                                                                                      \
   .nbins = (size_t)(REDU__BNBINS p),                                                              \
   .size = sizeof(REDU__BTYPE(p)),                                                                 \
   .per = REDU__BPER p,                                                                            \
   .align = _Alignof(REDU__BTYPE(p)),                                                              \
   .out = REDU__BVAR p,                                                                            \
   .fn = REDU__CAT(redu__region_bins_, REDU__BKIND p),                                             \
   .prec = REDU__BPREC(REDU__BKIND p)},
#define REDU__BSPECS(...) ((const redu__region_bins[]){REDU__MAP(REDU__BSPEC, __VA_ARGS__)})

/* Host locals the kernel takes by value: the buffers' device addresses, nbins, and the float
 * sums' words and window (redu__region_fbins; base with REDU__BINS_EXP_BIAS added). */
#define REDU__BHOST(k, p) REDU__XCAT(REDU__BHOST_, REDU__MARK(k, p))()
#define REDU__BHOST_()
#define REDU__BHOST_x()
#define REDU__BHOST_a()
#define REDU__BHOST_b()                                                                            \
  for (size_t redu__bkeys = (size_t)redu__r.bin_keys, redu__bvals = (size_t)redu__r.bin_values,    \
              redu__bnbins = redu__r.bins.nbins, redu__bacc = (size_t)redu__r.fbins.acc,           \
              redu__bwords = (size_t)redu__r.fbins.words,                                          \
              redu__bbase = (size_t)(redu__r.fbins.base + REDU__BINS_EXP_BIAS),                    \
              redu__bpw = (size_t)redu__r.fbins.pw, redu__bcount = redu__r.fbins.count,            \
              redu__bonce = 1;                                                                     \
       redu__bonce; redu__bonce = 0, (void)redu__bnbins)
/* The thread's private pieces: the least mistake, the float sums' view, the identity, the
 * iteration's slots (per keys, per values: the values shadow the pointer, so the body
 * reaches the bins through REDU_BIN only). */
#define REDU__PRIVATE_b(k, p)                                                                      \
  for (uint64_t REDU__BMISTAKE(REDU__BVAR p) = UINT64_MAX; redu__c.go;)                            \
    for (redu__region_fb REDU__BFB(REDU__BVAR p) = redu__region_fb_start(                          \
             redu__bacc, redu__bwords, redu__bbase, redu__bpw, redu__bcount, redu__bnbins,         \
             redu__tmem, redu__btmem, REDU__BPREC(REDU__BKIND p));                                 \
         redu__c.go;)                                                                              \
      for (REDU__BTYPE(p) REDU__BIDENT(REDU__BVAR p) = REDU__BSLOT_START(REDU__BKIND p);           \
           redu__c.go;)                                                                            \
        for (uint32_t REDU__BKEY(REDU__BVAR p)[REDU__BPER p]; redu__c.go;)                         \
          REDU__SHADOW_BEGIN                                                                       \
  for (REDU__BTYPE(p) REDU__BVAR p[REDU__BPER p],                                                  \
       *REDU__BSTART(REDU__BVAR p) =                                                               \
           redu__bins_start(REDU__BKEY(REDU__BVAR p), REDU__BVAR p, &REDU__BIDENT(REDU__BVAR p),   \
                            sizeof(REDU__BTYPE(p)), REDU__BPER p)                                  \
               ? REDU__BVAR p                                                                      \
               : NULL;                                                                             \
       redu__c.go;)                                                                                \
  REDU__SHADOW_END
/* After iteration redu__at: its values into their bins (float sums folded in the kernel) or
 * its values and keys into the buffers; the slots started again. */
#define REDU__BSTORE(k, p) REDU__XCAT(REDU__BSTORE_, REDU__MARK(k, p))(p)
#define REDU__BSTORE_(p)
#define REDU__BSTORE_x(p)
#define REDU__BSTORE_a(p)
#define REDU__BSTORE_b(p)                                                                          \
  , (void)REDU__BSTART(REDU__BVAR p),                                                              \
      REDU__BMISTAKE(REDU__BVAR p) =                                                               \
          REDU__BPREC(REDU__BKIND p) && REDU__BFB(REDU__BVAR p).acc                                \
              ? redu__bins_put_fold(&REDU__BFB(REDU__BVAR p), redu__bnbins, redu__at,              \
                                    REDU__BVAR p, REDU__BKEY(REDU__BVAR p),                        \
                                    &REDU__BIDENT(REDU__BVAR p), sizeof(REDU__BTYPE(p)),           \
                                    REDU__BPER p, REDU__BMISTAKE(REDU__BVAR p))                    \
              : redu__bins_put(redu__bvals, redu__bkeys, redu__at, REDU__BVAR p,                   \
                               REDU__BKEY(REDU__BVAR p), &REDU__BIDENT(REDU__BVAR p),              \
                               sizeof(REDU__BTYPE(p)), _Alignof(REDU__BTYPE(p)), REDU__BPER p,     \
                               REDU__BMISTAKE(REDU__BVAR p))
/* The float sums' private bins flushed; the mistakes' min reduction (a min_u64 kind's steps)
 * holds the pair's record slot. */
#define REDU__TEAM_STEP_b(k, p)                                                                    \
  redu__region_fb_flush(&REDU__BFB(REDU__BVAR p), redu__bnbins),                                   \
      redu__region_team_min_u64(REDU__BMISTAKE(REDU__BVAR p), NULL, 0, redu__c, k),
#define REDU__FINAL_STEP_b(k, p) redu__region_final_min_u64(redu__c, k),
#define REDU__SIZE_b(p) sizeof(uint64_t)
#define REDU__ALIGN_b(p) _Alignof(uint64_t)

#endif

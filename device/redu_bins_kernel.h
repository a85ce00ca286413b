/* Bins (array-section reductions, libredu/redu_bins.h): out[k] = op over {x[i] : keys[i] == k}.
 *
 * Every bin is one or more 64-bit words in device memory that the elements reach through
 * atomics whose result does not depend on their order, so a bin's bits are the same on
 * every run, plan, device and permutation of the input:
 *   - integer and logical ops, min and max: one word per bin, folded by an atomic add,
 *     multiply (a compare-and-swap loop), and, or, xor, min or max over 64 bits. Integers
 *     wrap modulo 2^64 there and are narrowed at the end: the same as wrapping in the
 *     element type. min/max fold order keys (device/redu_builtin_ops.h) made unsigned, so
 *     NaN wins and -0.0 orders below +0.0, as in every reduction;
 *   - argmin/argmax: the same min/max key per bin, then the lowest position whose key is
 *     the bin's (a second pass): lowest index on ties, the first NaN;
 *   - float sums: each bin is an exact fixed-point number, two unsigned integers of W words
 *     (positive and negative terms apart, so no sign ever propagates) whose bit 0 weighs
 *     2^base, and a flags word (NaN, +inf, -inf, +0 and -0 seen). Integer addition is
 *     associative, and a carry out of a word is added to the next word by the thread that
 *     caused it, so the words end as the exact sum whatever the interleaving. base and W
 *     cover the element type's whole range where the bins fit the host's memory cap that way
 *     (then no pass over x decides them), else they come from a first pass over x (the
 *     lowest set bit and the highest exponent of its finite terms): W words hold every
 *     term's bits exactly and the sum of n of them (exact), or, past the host's memory cap,
 *     the top 64 W bits (terms truncated toward zero below them: still the same bits
 *     everywhere). The finish rounds each bin once, to nearest-even.
 *     A team's private float-sum bins may be narrower than the global ones (team windows:
 *     doubles' whole range takes 69 words a bin, team memory holds 5 for 1,024 bins): the
 *     team reads a sample of its elements first (at least 4,096, spread over them), places
 *     a window of its own around their bits, folds the terms that fit there and sends the
 *     rest straight to the global bins (whole range: no pass over x); a window's bins go
 *     into the global ones shifted to their place. Which terms a team keeps changes only
 *     where the integer words' sums are formed, never the sums, so the bits stay the same
 *     on every plan.
 * Keys at or past nbins are skipped, or (unless skipped) their lowest position is left in
 * status[0] and the finishing launch writes nothing, so out stays untouched.
 *
 * Where a team's copy of the bins fits, its elements fold there first (GPUs: team memory;
 * integer sums and counts in 32-bit words where those hold the result), then into the global
 * words.
 *
 * Launch shapes: a GPU thread takes elements g, g + T, g + 2T, ... (T the grid's threads,
 * coalesced); a CPU thread a contiguous run. */
#ifndef REDU_BINS_KERNEL_H
#define REDU_BINS_KERNEL_H

#include "device/redu_internal.h"

#include "device/cpu/redu_cpu_bins.h"
#include "device/redu_bins_fixed.h"
#include "device/redu_builtin_ops.h"
#include "device/redu_target.h"
#include "device/redu_team_scratch.h" /* REDU__PRAGMA */
#include <omp.h>
#include <stddef.h>
#include <stdint.h>

/* status[0] when every key was below nbins. */
#define REDU__BINS_ALL_GOOD UINT64_MAX

/* What the host hands every bins launch. Status and accumulator words are device memory. */
typedef struct redu__bins_launch {
  int device, teams, threads;
  const uint32_t *keys;
  size_t n, nbins;
  uint64_t *acc;     /* the bins' words */
  uint64_t *idx;     /* argmin/argmax: one position word per bin */
  uint64_t *status;  /* [0] the lowest bad key's position; [1], [2] float sums' exponents */
  uint64_t *verdict; /* status[0] as the last launch saw it, where the host reads it */
  int skip;          /* keys >= nbins skipped instead of failing the call */
  int accumulate;    /* out's values (and indices) enter their bins */
  size_t team_mem;   /* bytes of dynamic team memory a team takes for private bins, or 0 */
  void *spill;       /* private bins in device memory (CPUs), per_team bytes a team, or NULL */
  size_t per_team;   /* bytes of a team's private bins; 0: none, straight to the global bins */
  int narrow;        /* integer sums: private bins of 32-bit words in team memory (GPUs) */
  int words;         /* float sums: W */
  int base;          /* float sums: the exponent of bit 0 */
  int team_words;    /* float sums' private bins: words a half; below words: team windows */
} redu__bins_launch;

#pragma omp begin declare target

/* This thread's elements of [0, n): b, b + step, ... below e. */
static inline void redu__bins_share(size_t n, size_t *b, size_t *e, size_t *step)
{
  size_t nth = (size_t)omp_get_num_threads(), all = (size_t)omp_get_num_teams() * nth;
  size_t g = (size_t)omp_get_team_num() * nth + (size_t)omp_get_thread_num();
  if (redu__dev_vector_chunks()) {
    size_t per = n / all + (n % all != 0);
    *b = g < all && g * per < n ? g * per : n;
    *e = n - *b > per ? *b + per : n;
    *step = 1;
  } else {
    *b = g, *e = n, *step = all;
  }
}

/* The thread's lowest bad position into status[0] (one atomic per thread that saw one). */
static inline void redu__bins_report_bad(uint64_t *status, uint64_t bad)
{
  if (bad != REDU__BINS_ALL_GOOD)
    __atomic_fetch_min(status, bad, __ATOMIC_RELAXED);
}

/* Folds w into *p by op (the word ops; names as the op table's; add and or with their
 * fixed-point helpers in device/redu_bins_fixed.h). Updates that cannot change the word
 * are skipped: fewer atomics where many elements meet one bin. The _global twins fold into
 * words of device memory (the global bins): add by an atomic whose old value nobody reads
 * (redu__dev_red_add_u64; H100, 2^27 counts into 65,536 global bins 2.45 -> 1.83 ms), the
 * others as the plain folds, which may meet team memory (private bins). The _plain twins fold
 * without atomics, for private bins of a one-thread team. */
static inline void redu__bins_fold_add(uint64_t *p, uint64_t w)
{
  if (w)
    __atomic_fetch_add(p, w, __ATOMIC_RELAXED);
}
static inline void redu__bins_fold_add_plain(uint64_t *p, uint64_t w) { *p += w; }
static inline void redu__bins_fold_mul(uint64_t *p, uint64_t w)
{
  if (w == 1)
    return;
  uint64_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(p, &old, old * w, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
}
static inline void redu__bins_fold_mul_plain(uint64_t *p, uint64_t w) { *p *= w; }
static inline void redu__bins_fold_min(uint64_t *p, uint64_t w)
{
  if (w < __atomic_load_n(p, __ATOMIC_RELAXED))
    __atomic_fetch_min(p, w, __ATOMIC_RELAXED);
}
static inline void redu__bins_fold_min_plain(uint64_t *p, uint64_t w) { *p = w < *p ? w : *p; }
static inline void redu__bins_fold_max(uint64_t *p, uint64_t w)
{
  if (w > __atomic_load_n(p, __ATOMIC_RELAXED))
    __atomic_fetch_max(p, w, __ATOMIC_RELAXED);
}
static inline void redu__bins_fold_max_plain(uint64_t *p, uint64_t w) { *p = w > *p ? w : *p; }
static inline void redu__bins_fold_and(uint64_t *p, uint64_t w)
{
  if (~w & __atomic_load_n(p, __ATOMIC_RELAXED))
    __atomic_fetch_and(p, w, __ATOMIC_RELAXED);
}
static inline void redu__bins_fold_and_plain(uint64_t *p, uint64_t w) { *p &= w; }
static inline void redu__bins_fold_xor(uint64_t *p, uint64_t w)
{
  if (w)
    __atomic_fetch_xor(p, w, __ATOMIC_RELAXED);
}
static inline void redu__bins_fold_xor_plain(uint64_t *p, uint64_t w) { *p ^= w; }
static inline void redu__bins_fold_add_global(uint64_t *p, uint64_t w)
{
  if (w)
    redu__dev_red_add_u64(p, w);
}
#define redu__bins_fold_mul_global redu__bins_fold_mul
#define redu__bins_fold_min_global redu__bins_fold_min
#define redu__bins_fold_max_global redu__bins_fold_max
#define redu__bins_fold_and_global redu__bins_fold_and
#define redu__bins_fold_or_global redu__bins_fold_or
#define redu__bins_fold_xor_global redu__bins_fold_xor

/* Signed order keys as unsigned words (the sign bit flipped), and back. */
static inline uint64_t redu__bins_word_of_key(int64_t k) { return (uint64_t)k ^ (1ull << 63); }
static inline int64_t redu__bins_key_of_word(uint64_t w) { return (int64_t)(w ^ (1ull << 63)); }

/* 2^e as a double, e in [-1022, 1023]. */
static inline double redu__bins_pow2(int e)
{
  uint64_t b = (uint64_t)(e + 1023) << 52;
  double d;
  __builtin_memcpy(&d, &b, sizeof d);
  return d;
}

/* A float-sum bin rounded once to nearest-even with `prec` significant bits, results from
 * 2^emin (the lowest subnormal) to below 2^emax: the exact value for doubles, and for floats
 * (prec 24, emin -149, emax 128) the exact float as a double. */
static inline double redu__bins_round(const uint64_t *bin, int words, int base, int prec, int emin,
                                      int emax)
{
  uint64_t fl = bin[2 * words];
  if ((fl & REDU__BINS_NAN) ||
      (fl & (REDU__BINS_PINF | REDU__BINS_NINF)) == (REDU__BINS_PINF | REDU__BINS_NINF))
    return __builtin_nan("");
  if (fl & (REDU__BINS_PINF | REDU__BINS_NINF))
    return fl & REDU__BINS_PINF ? __builtin_inf() : -__builtin_inf();
  const uint64_t *pos = bin, *neg = bin + words;
  /* the top word where the halves differ: words above it cancel, and only words up to it
   * are subtracted (a bin's terms fill a few of its words: one thread reads each bin) */
  int qd = words - 1;
  while (qd >= 0 && pos[qd] == neg[qd])
    --qd;
  if (qd < 0) { /* an exact zero: -0 only when every term was -0 */
    int any = 0;
    for (int q = 0; q < words; ++q)
      any |= pos[q] != 0;
    return !any && (fl & REDU__BINS_NZERO) && !(fl & REDU__BINS_PZERO) ? -0.0 : 0.0;
  }
  int cmp = pos[qd] > neg[qd] ? 1 : -1;
  const uint64_t *big = cmp > 0 ? pos : neg, *small = cmp > 0 ? neg : pos;
  uint64_t mag[REDU__BINS_MAX_WORDS + 1];
  /* thread-private: clang globalized it (280 bytes a thread from __kmpc_alloc_shared, the
   * CUDA heap once the runtime's shared stack is full) where OpenMPOpt does not run */
  REDU__DEV_PRIVATE(mag)
  uint64_t borrow = 0;
  int top = -1;
  for (int q = 0; q <= qd; ++q) {
    uint64_t a = big[q], b = small[q];
    mag[q] = a - b - borrow;
    borrow = a < b || (a == b && borrow);
    if (mag[q])
      top = 64 * q + 63 - __builtin_clzll(mag[q]);
  }
  for (int q = qd + 1; q <= words; ++q) /* a float's lowest bit may lie above the top */
    mag[q] = 0;
  double sign = cmp > 0 ? 1.0 : -1.0;
  if (top + base >= emax)
    return sign * __builtin_inf();
  int r = top - (prec - 1);
  r = r > emin - base ? r : emin - base; /* the result's lowest bit, as a bit of mag */
  uint64_t mant;
  if (r <= 0) {
    mant = mag[0]; /* every bit fits: exact */
    r = 0;
  } else {
    unsigned s = (unsigned)r % 64, q = (unsigned)r / 64;
    mant = mag[q] >> s | (s ? mag[q + 1] << (64 - s) : 0);
    unsigned rb = (unsigned)r - 1; /* the round bit, then everything below it */
    int round = (int)(mag[rb / 64] >> rb % 64 & 1),
        sticky = (mag[rb / 64] & ((1ull << rb % 64) - 1)) != 0;
    for (unsigned k = 0; k < rb / 64 && !sticky; ++k)
      sticky = mag[k] != 0;
    mant += round && (sticky || (mant & 1));
  }
  int e = r + base; /* value = mant * 2^e, exactly representable (or 2^emax: overflow) */
  if (e + 64 - __builtin_clzll(mant) > emax)
    return sign * __builtin_inf();
  double v = (double)mant;
  if (e < -1022) /* two exact steps: the result is subnormal or tiny, on its grid already */
    return sign * (v * redu__bins_pow2(e + 600)) * redu__bins_pow2(-600);
  return sign * v * redu__bins_pow2(e);
}

/* This team's private bins (its team memory, or its slice of the spill), or NULL when the
 * launch folds straight into the global bins (per_team 0). */
static inline uint64_t *redu__bins_private(size_t team_mem, void *spill, size_t per_team)
{
  return per_team ? (uint64_t *)redu__dev_team_slice(team_mem, spill, per_team) : (uint64_t *)0;
}

#pragma omp end declare target

/* The launch pragmas every bins kernel shares: team memory for private bins, and launch
 * bounds of the most threads a plan gives, so that no plan asks more registers than a
 * multiprocessor holds. */
#define REDU__BINS_MAX_THREADS 1024
#define REDU__BINS_TARGET(L, ...)                                                                  \
  REDU__PRAGMA(omp target teams device((L)->device) num_teams((L)->teams)                          \
                   thread_limit((L)->threads) is_device_ptr(__VA_ARGS__)                           \
                       ompx_dyn_cgroup_mem((L)->team_mem)                                          \
                           ompx_attribute(__attribute__((launch_bounds(REDU__BINS_MAX_THREADS))))) \
  REDU__PRAGMA(omp parallel num_threads(threads))

/* The launch's scalars, as locals: a struct would be mapped, and a clause evaluated on the
 * device (parallel's num_threads) must not read the host's record. */
#define REDU__BINS_LOCALS(L)                                                                       \
  const uint32_t *keys = (L)->keys;                                                                \
  uint64_t *acc = (L)->acc, *idx = (L)->idx, *status = (L)->status, *verdict = (L)->verdict;       \
  void *spill = (L)->spill;                                                                        \
  size_t n = (L)->n, nbins = (L)->nbins, team_mem = (L)->team_mem, per_team = (L)->per_team;       \
  int threads = (L)->threads;                                                                      \
  int skip = (L)->skip, accumulate = (L)->accumulate, words = (L)->words, base = (L)->base;        \
  int narrow = (L)->narrow, team_words = (L)->team_words;                                          \
  size_t stride = 2 * (size_t)words + 1;                                                           \
  (void)keys, (void)n, (void)status, (void)verdict, (void)acc, (void)idx, (void)spill,             \
      (void)team_mem, (void)per_team, (void)skip, (void)accumulate, (void)words, (void)base,       \
      (void)stride, (void)narrow, (void)team_words

/* CPUs: the elements' loop (a statement) over copies of the launch's scalars that it reads,
 * in a block of their own under the same names, one copy for counts (x NULL) and one for
 * terms. The parallel region captures them by reference, and its plain stores into the bins
 * may alias them as far as clang can tell: it reloaded keys, x and nbins from memory at
 * every element (x86-64 offload image). GPUs keep the loop as it is. Chosen by
 * redu__dev_vector_chunks(), not by the preprocessor: the host's and the device's compiles
 * must see the same variables in the same order, or the target region's arguments differ
 * between them (the host fallback of an NVIDIA build compiles the CPU form). */
#define REDU__BINS_PINNED(...)                                                                     \
  if (redu__dev_vector_chunks()) {                                                                 \
    __typeof__(keys) redu__pin_keys = keys;                                                        \
    __typeof__(x) redu__pin_x = x;                                                                 \
    __typeof__(acc) redu__pin_acc = acc;                                                           \
    size_t redu__pin_nbins = nbins;                                                                \
    int redu__pin_skip = skip, redu__pin_words = words, redu__pin_base = base;                     \
    {                                                                                              \
      __typeof__(keys) const keys = redu__pin_keys;                                                \
      __typeof__(acc) const acc = redu__pin_acc;                                                   \
      const size_t nbins = redu__pin_nbins;                                                        \
      const int skip = redu__pin_skip, words = redu__pin_words, base = redu__pin_base;             \
      (void)acc, (void)words, (void)base;                                                          \
      if (redu__pin_x) {                                                                           \
        __typeof__(x) const x = redu__pin_x;                                                       \
        __VA_ARGS__                                                                                \
      } else {                                                                                     \
        __typeof__(x) const x = 0;                                                                 \
        __VA_ARGS__                                                                                \
      }                                                                                            \
    }                                                                                              \
  } else {                                                                                         \
    __VA_ARGS__                                                                                    \
  }
/* CPUs: the loop (a statement over solo) once for one-thread teams, whose folds take no
 * atomics, and once for the rest. */
#define REDU__BINS_SOLO_SPLIT(...)                                                                 \
  if (redu__dev_vector_chunks() && solo) {                                                         \
    const int solo = 1;                                                                            \
    __VA_ARGS__                                                                                    \
  } else {                                                                                         \
    __VA_ARGS__                                                                                    \
  }

/* Elements a thread loads before it folds the first of them (float sums and 32-bit counts).
 * A GPU thread's elements are a grid apart: one at a time, each fold waited for its own load
 * (H100, 2^27 elements into 256 bins: doubles 1.63 -> 1.18 ms, floats 1.28 -> 0.83, counts
 * in 32-bit words 0.29 -> 0.27). Kept one at a time: the 64-bit word bins (four made counts
 * 1.12x slower) and the float sums' range pass (four: 0.16 ms slower at 2^27); measured in
 * docs/performance.md, tuning log. */
#define REDU__BINS_BATCH 4

/* The thread's elements of the launch's n (inside its parallel region), BATCH at a time and
 * then one by one: for each element i whose key k is below nbins, FOLD_ONE (a statement over
 * k and v, the value LOAD: an expression over i of type V, read whatever the key), else the
 * bad key noted in bad unless skipped; every load of a batch issued before its first fold.
 * Needs b, e, step, at and bad declared. */
#define REDU__BINS_EACH(BATCH, V, LOAD, FOLD_ONE)                                                  \
  redu__bins_share(n, &b, &e, &step);                                                              \
  REDU__BINS_PINNED(REDU__BINS_EACH_LOOP(BATCH, V, LOAD, FOLD_ONE))
#define REDU__BINS_EACH_LOOP(BATCH, V, LOAD, FOLD_ONE)                                             \
  _Pragma("clang loop unroll(disable)")                                                            \
  for (at = b; at < e && e - at > ((BATCH) - 1) * step; at += (BATCH) * step) {                    \
    uint32_t ks[BATCH];                                                                            \
    V vs[BATCH];                                                                                   \
    _Pragma("clang loop unroll(full)")                                                             \
    for (int u = 0; u < (BATCH); ++u) {                                                            \
      size_t i = at + (size_t)u * step;                                                            \
      ks[u] = keys[i];                                                                             \
      vs[u] = (LOAD);                                                                              \
    }                                                                                              \
    _Pragma("clang loop unroll(full)")                                                             \
    for (int u = 0; u < (BATCH); ++u)                                                              \
      REDU__BINS_ONE(at + (size_t)u * step, ks[u], vs[u], V, FOLD_ONE)                             \
  }                                                                                                \
  _Pragma("clang loop unroll(disable)")                                                            \
  for (size_t i = at; i < e; i += step)                                                            \
  REDU__BINS_ONE(i, keys[i], (LOAD), V, FOLD_ONE)

/* The elements' loop of a launch (inside its parallel region): for each of the thread's
 * elements i with key k below nbins, FOLD_ONE (a statement over dst, k, v and solo; v, of
 * type V, is LOAD, an expression over i), dst being the team's private bins (PRIV_WORDS
 * words a team, first set to PRIV_INIT, then SETUP run by every thread: a statement over
 * priv, with its own barriers) or the global ones (solo: the private bins of a one-thread
 * team, folded without atomics); a team's private bins then go into the global ones through
 * FLUSH (a statement over priv) after a barrier. BATCH: as REDU__BINS_EACH. Bad keys are
 * reported unless skipped. */
#define REDU__BINS_ELEMENTS(BATCH, PRIV_INIT, PRIV_WORDS, SETUP, V, LOAD, FOLD_ONE, FLUSH)         \
  {                                                                                                \
    size_t b, e, step, at;                                                                         \
    uint64_t bad = REDU__BINS_ALL_GOOD;                                                            \
    uint64_t *priv = redu__bins_private(team_mem, spill, per_team), *dst = priv ? priv : acc;      \
    int solo = priv && omp_get_num_threads() == 1;                                                 \
    if (priv) {                                                                                    \
      redu__bins_team_fill(priv, PRIV_WORDS, PRIV_INIT);                                           \
      _Pragma("omp barrier")                                                                       \
      SETUP;                                                                                       \
    }                                                                                              \
    REDU__BINS_SOLO_SPLIT(REDU__BINS_EACH(BATCH, V, LOAD, FOLD_ONE))                               \
    redu__bins_report_bad(status, bad);                                                            \
    if (priv) {                                                                                    \
      _Pragma("omp barrier")                                                                       \
      FLUSH;                                                                                       \
    }                                                                                              \
  }
/* One element of REDU__BINS_EACH: FOLD_ONE when its key is a bin's, else a bad key noted. */
#define REDU__BINS_ONE(POS, KEY, VALUE, V, FOLD_ONE)                                               \
  {                                                                                                \
    uint32_t k = (KEY);                                                                            \
    V v = (VALUE);                                                                                 \
    if (k < nbins) {                                                                               \
      FOLD_ONE;                                                                                    \
    } else if (!skip && (POS) < bad)                                                               \
      bad = (POS);                                                                                 \
  }

/* The elements' launch of integer sums and counts with 32-bit private bins (L->narrow: GPUs,
 * where the host found them in team memory): each element's word, cut to 32 bits, is added
 * there by the target's team atomic, and each bin's 32-bit total into its global word. Exact
 * where the host allows it: the element type has at most 32 bits (its sum is kept modulo
 * 2^32 at most), or counts below 2^32 a team. Inside REDU__DEFINE_BINS_WORDS. */
#define REDU__BINS_NARROW_LAUNCH(ELEMENT)                                                          \
  REDU__BINS_TARGET(L, keys, x, acc, status)                                                       \
  {                                                                                                \
    size_t b, e, step, at;                                                                         \
    uint64_t bad = REDU__BINS_ALL_GOOD;                                                            \
    uint32_t *priv32 = (uint32_t *)redu__dev_team_mem();                                           \
    REDU__BINS_TEAM_BINS(k) priv32[k] = 0;                                                         \
    _Pragma("omp barrier")                                                                         \
    REDU__BINS_EACH(REDU__BINS_BATCH, uint64_t, ELEMENT,                                           \
                    redu__dev_team_add_u32(priv32 + k, (uint32_t)v))                               \
    redu__bins_report_bad(status, bad);                                                            \
    _Pragma("omp barrier")                                                                         \
    REDU__BINS_TEAM_BINS(k) redu__bins_fold_add_global(acc + k, priv32[k]);                        \
  }
/* FOLD (a redu__bins_fold_* name) of w into *p, without atomics when solo, into device
 * memory's words by its _global twin where the team has no private bins (inside
 * REDU__BINS_ELEMENTS: H100, counts of 2^27 keys into 65,536 global bins, docs/performance.md,
 * tuning log). */
#define REDU__BINS_FOLD(FOLD, solo, p, w)                                                          \
  ((solo) ? FOLD##_plain(p, w) : priv ? FOLD(p, w) : FOLD##_global(p, w))

/* The last launch's opening (inside its parallel region): the call's verdict (status[0],
 * final once the elements' launch ended) into *verdict, page-locked host memory on GPUs that
 * the host reads once the launch returns (no copy back); each thread's bins in b, e, step,
 * none after a bad key (out untouched). */
#define REDU__BINS_FINAL_SHARE                                                                     \
  size_t b, e, step;                                                                               \
  uint64_t redu__verdict = *(volatile uint64_t *)status;                                           \
  if (omp_get_team_num() == 0 && omp_get_thread_num() == 0)                                        \
    *verdict = redu__verdict;                                                                      \
  redu__bins_share(redu__verdict == REDU__BINS_ALL_GOOD ? nbins : 0, &b, &e, &step)

/* Each of the team's threads takes bins k = its number, + the team's threads, ... */
#define REDU__BINS_TEAM_BINS(k)                                                                    \
  for (size_t k = (size_t)omp_get_thread_num(); k < nbins; k += (size_t)omp_get_num_threads())

/* The first two launches of the word and arg kernels: the bins' words (IDENT, or out's words
 * when accumulating), then the elements, element i's word being ELEMENT; NARROW 1 (integer
 * sums) adds the 32-bit launch, taken where L->narrow. */
#define REDU__BINS_WORD_LAUNCHES(WORD, FOLD, IDENT, ELEMENT, NARROW)                               \
  REDU__BINS_TARGET(L, out, acc)                                                                   \
  {                                                                                                \
    size_t b, e, step;                                                                             \
    redu__bins_share(nbins, &b, &e, &step);                                                        \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t k = b; k < e; k += step)                                                           \
      acc[k] = accumulate ? WORD(out[k]) : (IDENT);                                                \
  }                                                                                                \
  REDU__BINS_ELEMENTS_LAUNCH_##NARROW(FOLD, IDENT, ELEMENT)
#define REDU__BINS_ELEMENTS_LAUNCH_0(FOLD, IDENT, ELEMENT)                                         \
  REDU__BINS_TARGET(L, keys, x, acc, status, spill)                                                \
  REDU__BINS_ELEMENTS(                                                                             \
      1, (IDENT), nbins, (void)0, uint64_t, ELEMENT, REDU__BINS_FOLD(FOLD, solo, dst + k, v),      \
      REDU__BINS_TEAM_BINS(k) if (priv[k] != (IDENT)) FOLD##_global(acc + k, priv[k]))
#define REDU__BINS_ELEMENTS_LAUNCH_1(FOLD, IDENT, ELEMENT)                                         \
  if (narrow) {                                                                                    \
    REDU__BINS_NARROW_LAUNCH(ELEMENT)                                                              \
  } else {                                                                                         \
    REDU__BINS_ELEMENTS_LAUNCH_0(FOLD, IDENT, ELEMENT)                                             \
  }

/* Bins of one word per bin: REDU__DEFINE_BINS_WORDS(PFX, T, WORD, FOLD, VALUE, IDENT, NARROW)
 * defines
 *   void PFX_bins(const redu__bins_launch *L, const T *x, T *out)
 * WORD(T v): an element's word (x NULL: each element counts as the word 1); FOLD: a
 * redu__bins_fold_* function; VALUE(uint64_t w): a bin's result; IDENT: the empty bin's word;
 * NARROW: 1 for integer sums (REDU__BINS_NARROW_LAUNCH), else 0.
 * Three launches: the bins' words (IDENT, or out's words when accumulating), the elements,
 * and out (skipped by every thread when a bad key failed the call). */
#define REDU__DEFINE_BINS_WORDS(PFX, T, WORD, FOLD, VALUE, IDENT, NARROW)                          \
  static void PFX##_bins(const redu__bins_launch *L, const T *x, T *out)                           \
  {                                                                                                \
    REDU__BINS_LOCALS(L);                                                                          \
    REDU__BINS_WORD_LAUNCHES(WORD, FOLD, IDENT, x ? WORD(x[i]) : 1, NARROW)                        \
    REDU__BINS_TARGET(L, out, acc, status, verdict)                                                \
    {                                                                                              \
      REDU__BINS_FINAL_SHARE;                                                                      \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t k = b; k < e; k += step)                                                         \
        out[k] = VALUE(acc[k]);                                                                    \
    }                                                                                              \
  }

/* argmin/argmax bins: REDU__DEFINE_BINS_ARG(PFX, T, WORD, FOLD, VALUE, IDENT) defines
 *   void PFX_bins_arg(const redu__bins_launch *L, const T *x, T *out, size_t *index)
 * with the columns of REDU__DEFINE_BINS_WORDS over order keys: each bin's winning key, then
 * the lowest position holding it (an accumulated bin's own index competes as a position). */
#define REDU__DEFINE_BINS_ARG(PFX, T, WORD, FOLD, VALUE, IDENT)                                    \
  static void PFX##_bins_arg(const redu__bins_launch *L, const T *x, T *out, size_t *index)        \
  {                                                                                                \
    REDU__BINS_LOCALS(L);                                                                          \
    REDU__BINS_WORD_LAUNCHES(WORD, FOLD, IDENT, WORD(x[i]), 0)                                     \
    REDU__BINS_TARGET(L, out, index, acc, idx)                                                     \
    {                                                                                              \
      size_t b, e, step;                                                                           \
      redu__bins_share(nbins, &b, &e, &step);                                                      \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t k = b; k < e; k += step)                                                         \
        idx[k] = accumulate && WORD(out[k]) == acc[k] ? (uint64_t)index[k] : REDU__BINS_ALL_GOOD;  \
    }                                                                                              \
    /* the positions: only the elements whose key is their bin's (none after a bad key) */         \
    REDU__BINS_TARGET(L, keys, x, acc, idx, status, spill)                                         \
    {                                                                                              \
      size_t b, e, step;                                                                           \
      uint64_t *priv = redu__bins_private(team_mem, spill, per_team), *dst = priv ? priv : idx;    \
      if (priv) {                                                                                  \
        redu__bins_team_fill(priv, nbins, REDU__BINS_ALL_GOOD);                                    \
        _Pragma("omp barrier")                                                                     \
      }                                                                                            \
      redu__bins_share(*(volatile uint64_t *)status == REDU__BINS_ALL_GOOD ? n : 0, &b, &e,        \
                       &step);                                                                     \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t i = b; i < e; i += step) {                                                       \
        uint32_t k = keys[i];                                                                      \
        if (k < nbins && WORD(x[i]) == acc[k])                                                     \
          redu__bins_fold_min(dst + k, i);                                                         \
      }                                                                                            \
      if (priv) {                                                                                  \
        _Pragma("omp barrier")                                                                     \
        REDU__BINS_TEAM_BINS(k) redu__bins_fold_min(idx + k, priv[k]);                             \
      }                                                                                            \
    }                                                                                              \
    REDU__BINS_TARGET(L, out, index, acc, idx, status, verdict)                                    \
    {                                                                                              \
      REDU__BINS_FINAL_SHARE;                                                                      \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t k = b; k < e; k += step) {                                                       \
        out[k] = VALUE(acc[k]);                                                                    \
        index[k] = (size_t)idx[k];                                                                 \
      }                                                                                            \
    }                                                                                              \
  }

/* Terms a team's sample takes at least (REDU__BINS_BATCH a thread where the team has the
 * threads for it: a CPU team of one thread takes them all itself). */
#define REDU__BINS_SAMPLE_TEAM 4096

/* Team windows' opening (inside REDU__BINS_ELEMENTS, once the private bins are zero): each
 * thread's sample, terms spread from its first to its last (a GPU team's threads read
 * neighbours: coalesced), their range into the two words after the private bins, then the
 * team's window into win. Needs x, n, nbins, pstride, words, base and win. */
#define REDU__BINS_SAMPLE(WINDOWED, PREC)                                                          \
  if (WINDOWED) {                                                                                  \
    int lo = REDU__BINS_EXP_BIAS, hi = -REDU__BINS_EXP_BIAS;                                       \
    size_t nth = (size_t)omp_get_num_threads(), all = nth * (size_t)omp_get_num_teams();           \
    size_t takes = REDU__BINS_SAMPLE_TEAM / nth > REDU__BINS_BATCH ? REDU__BINS_SAMPLE_TEAM / nth  \
                                                                   : REDU__BINS_BATCH;             \
    redu__bins_share(n, &b, &e, &step);                                                            \
    size_t mine = b < e ? (e - b - 1) / step + 1 : 0;                                              \
    for (size_t u = 0; u < takes && u < mine; ++u)                                                 \
      redu__bins_widen(x ? (double)x[b + (mine - 1) * u / (takes - 1) * step] : 1.0, &lo, &hi);    \
    if (lo <= hi) {                                                                                \
      redu__bins_fold_max(priv + nbins * pstride, (uint64_t)(REDU__BINS_EXP_BIAS - lo));           \
      redu__bins_fold_max(priv + nbins * pstride + 1, (uint64_t)(REDU__BINS_EXP_BIAS + hi));       \
    }                                                                                              \
    _Pragma("omp barrier")                                                                         \
    win = redu__bins_team_window(priv + nbins * pstride, win.pw, nth * (n / all + 1), (PREC),      \
                                 words, base);                                                     \
  }

/* A term v into its bin of the elements launch below (bin: the team's private one, or the
 * global one where the team has none; glob: the global one): WINDOWED, its team window's
 * fold, else the deposit. CPUs first try their short fold for one-thread teams' private bins
 * (cpu/redu_cpu_bins.h; chosen at run time, as REDU__BINS_PINNED); a plain bin's window is
 * its words, whose headroom the host sized. */
#define REDU__BINS_FSUM_FOLD_ANY(WINDOWED, PREC, bin, glob, v)                                     \
  if (WINDOWED)                                                                                    \
    redu__bins_fold_window(bin, &win, glob, words, base, v, (PREC), solo);                         \
  else                                                                                             \
    redu__bins_deposit(bin, win.pw, win.base, v, solo);
#define REDU__BINS_FSUM_FOLD(WINDOWED, PREC, bin, glob, v)                                         \
  if (!redu__dev_vector_chunks() || !solo ||                                                       \
      !redu__cpu_bins_fold(bin, win.pw, win.base, (WINDOWED) ? win.top : win.base + 64 * win.pw,   \
                           v)) {                                                                   \
    REDU__BINS_FSUM_FOLD_ANY(WINDOWED, PREC, bin, glob, v)                                         \
  }

/* The float sums' elements launch (inside REDU__DEFINE_BINS_FSUM): WINDOWED 1: team
 * windows, each team's private bins of team_words words a half placed by its sample, terms
 * outside them to the global bins; 0: private bins (if any) of the global bins' shape. */
#define REDU__BINS_FSUM_ELEMENTS(WINDOWED, PREC)                                                   \
  REDU__BINS_TARGET(L, keys, x, acc, status, spill)                                                \
  {                                                                                                \
    redu__bins_private_window win = {(WINDOWED) ? team_words : words, base, 0};                    \
    size_t pstride = 2 * (size_t)win.pw + 1;                                                       \
    REDU__BINS_ELEMENTS(                                                                           \
        REDU__BINS_BATCH, 0, nbins *pstride + 2, REDU__BINS_SAMPLE(WINDOWED, PREC), double,        \
        x ? (double)x[i] : 1.0,                                                                    \
        REDU__BINS_FSUM_FOLD(WINDOWED, PREC, dst + k * pstride, acc + k * stride, v),              \
        REDU__BINS_TEAM_BINS(k) redu__bins_flush_fixed(priv + k * pstride, win.pw,                 \
                                                       win.base - base, acc + k * stride, words))  \
  }

/* Float sums (T float or double): REDU__DEFINE_BINS_FSUM(PFX, T, PREC, EMIN, EMAX) defines
 *   void PFX_bins_range(const redu__bins_launch *L, const T *x, const T *out)
 * (status[1], status[2]: the exponent range of x, and of out when accumulating; status[0]:
 * the lowest bad key), then, once the host has chosen base and W,
 *   void PFX_bins_fsum(const redu__bins_launch *L, const T *x, T *out)
 * (the bins cleared, the terms deposited, each bin rounded into out; x NULL counts), and its
 * first and last launches on their own, for bins whose terms another kernel deposits (a
 * region's, device/redu_region_bins.h):
 *   void PFX_bins_fsum_clear(const redu__bins_launch *L)   every bin's words zero
 *   void PFX_bins_fsum_final(const redu__bins_launch *L, T *out)
 * (unless a bad key was seen: out's values into their bins when accumulating, each bin
 * rounded into out). */
#define REDU__DEFINE_BINS_FSUM(PFX, T, PREC, EMIN, EMAX)                                           \
  static void PFX##_bins_range(const redu__bins_launch *L, const T *x, const T *out)               \
  {                                                                                                \
    REDU__BINS_LOCALS(L);                                                                          \
    REDU__BINS_TARGET(L, x, out, status)                                                           \
    {                                                                                              \
      size_t b, e, step;                                                                           \
      int lo = REDU__BINS_EXP_BIAS, hi = -REDU__BINS_EXP_BIAS;                                     \
      redu__bins_share(x ? n : 0, &b, &e, &step);                                                  \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t i = b; i < e; i += step)                                                         \
        redu__bins_widen((double)x[i], &lo, &hi);                                                  \
      if (!x && n) /* counting: every term is 1 */                                                 \
        redu__bins_widen(1.0, &lo, &hi);                                                           \
      redu__bins_share(accumulate ? nbins : 0, &b, &e, &step);                                     \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t k = b; k < e; k += step)                                                         \
        redu__bins_widen((double)out[k], &lo, &hi);                                                \
      if (lo <= hi) { /* most threads see the range others already set: no atomic then */          \
        redu__bins_fold_min(status + 1, (uint64_t)(lo + REDU__BINS_EXP_BIAS));                     \
        redu__bins_fold_max(status + 2, (uint64_t)(hi + REDU__BINS_EXP_BIAS));                     \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
  static void PFX##_bins_fsum_clear(const redu__bins_launch *L)                                    \
  {                                                                                                \
    REDU__BINS_LOCALS(L);                                                                          \
    REDU__BINS_TARGET(L, acc)                                                                      \
    {                                                                                              \
      size_t b, e, step;                                                                           \
      redu__bins_share(nbins *stride, &b, &e, &step);                                              \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t k = b; k < e; k += step)                                                         \
        acc[k] = 0;                                                                                \
    }                                                                                              \
  }                                                                                                \
  static void PFX##_bins_fsum_final(const redu__bins_launch *L, T *out)                            \
  {                                                                                                \
    REDU__BINS_LOCALS(L);                                                                          \
    REDU__BINS_TARGET(L, out, acc, status, verdict)                                                \
    {                                                                                              \
      REDU__BINS_FINAL_SHARE;                                                                      \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t k = b; k < e; k += step) {                                                       \
        uint64_t *bin = acc + k * stride; /* this thread's alone: no atomics */                    \
        if (accumulate)                                                                            \
          redu__bins_deposit(bin, words, base, (double)out[k], 1);                                 \
        out[k] = (T)redu__bins_round(bin, words, base, PREC, EMIN, EMAX);                          \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
  static void PFX##_bins_fsum(const redu__bins_launch *L, const T *x, T *out)                      \
  {                                                                                                \
    REDU__BINS_LOCALS(L);                                                                          \
    PFX##_bins_fsum_clear(L);                                                                      \
    /* team windows (private bins narrower than the global ones) in a launch of their own:         \
     * one launch for both took 64 registers and spilled (ptxas), 3-6% slower where the            \
     * bins are global or whole (H200, docs/performance.md, tuning log) */                         \
    if (per_team && team_words < words) {                                                          \
      REDU__BINS_FSUM_ELEMENTS(1, PREC)                                                            \
    } else {                                                                                       \
      REDU__BINS_FSUM_ELEMENTS(0, PREC)                                                            \
    }                                                                                              \
    PFX##_bins_fsum_final(L, out);                                                                 \
  }

#endif

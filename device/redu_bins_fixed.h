/* Float sums into bins as exact fixed-point numbers (device/redu_bins_kernel.h says how a
 * bin is laid out): one term into a bin, a team's window over its private bins, and a
 * window's bins into the global ones. Shared by the bins calls' kernels and by regions'
 * float-sum bins, which fold their terms in the region's own kernel
 * (device/redu_region_bins.h). */
#ifndef REDU_BINS_FIXED_H
#define REDU_BINS_FIXED_H

#include "device/redu_internal.h"

#include <omp.h>
#include <stddef.h>
#include <stdint.h>

/* status[1] and status[2] (float sums): the lowest set bit's exponent and the highest
 * exponent bound (a term is below 2^top) over x's finite nonzero terms, plus this bias. */
#define REDU__BINS_EXP_BIAS 4096
/* The most words a float-sum bin's integer takes: doubles from 2^-1074 to 2^1024 and
 * 2^64 terms. */
#define REDU__BINS_MAX_WORDS 34
/* The flags word of a float-sum bin. */
enum {
  REDU__BINS_NAN = 1,
  REDU__BINS_PINF = 2,
  REDU__BINS_NINF = 4,
  REDU__BINS_PZERO = 8,
  REDU__BINS_NZERO = 16
};

#pragma omp begin declare target

/* A word's add, and its or (skipped where it changes nothing): atomic, or plain (solo:
 * private bins of a one-thread team; CPUs: an atomic read-modify-write costs about 20
 * cycles even uncontended). The other word ops: device/redu_bins_kernel.h. */
static inline uint64_t redu__bins_fetch_add(uint64_t *p, uint64_t w, int solo)
{
  if (!solo)
    return __atomic_fetch_add(p, w, __ATOMIC_RELAXED);
  uint64_t old = *p;
  *p = old + w;
  return old;
}
static inline void redu__bins_fold_or(uint64_t *p, uint64_t w)
{
  if (w & ~__atomic_load_n(p, __ATOMIC_RELAXED))
    __atomic_fetch_or(p, w, __ATOMIC_RELAXED);
}
static inline void redu__bins_fold_or_plain(uint64_t *p, uint64_t w) { *p |= w; }

/* Float sums: a finite double d as m * 2^lsb (m < 2^53). */
static inline uint64_t redu__bins_split(double d, int *lsb)
{
  uint64_t b;
  __builtin_memcpy(&b, &d, sizeof b);
  int eb = (int)(b >> 52 & 0x7ff);
  uint64_t m = b & ((1ull << 52) - 1);
  *lsb = eb ? eb - 1075 : -1074;
  return eb ? m | 1ull << 52 : m;
}

/* Widens the thread's exponent range [*lo, *hi) by d's finite nonzero bits. */
static inline void redu__bins_widen(double d, int *lo, int *hi)
{
  if (d == 0 || d - d != 0)
    return;
  int lsb;
  uint64_t m = redu__bins_split(d, &lsb);
  int low = lsb + __builtin_ctzll(m), top = lsb + 64 - __builtin_clzll(m);
  *lo = low < *lo ? low : *lo;
  *hi = top > *hi ? top : *hi;
}

/* The flag a zero, infinite or NaN term sets (0 for a finite nonzero one). */
static inline uint64_t redu__bins_special(double d)
{
  if (d != d)
    return REDU__BINS_NAN;
  if (d == 0)
    return __builtin_signbit(d) ? REDU__BINS_NZERO : REDU__BINS_PZERO;
  if (d - d != 0)
    return d > 0 ? REDU__BINS_PINF : REDU__BINS_NINF;
  return 0;
}

/* m << s added into the words from at, each carry into the next word (a window's or the
 * bin's headroom keeps every carry inside its words). */
static inline void redu__bins_fold_at(uint64_t *at, unsigned s, uint64_t m, int solo)
{
  uint64_t lo = m << s, old = redu__bins_fetch_add(at, lo, solo);
  uint64_t add = (s ? m >> (64 - s) : 0) + (old + lo < old);
  for (int q = 1; add; ++q) {
    old = redu__bins_fetch_add(at + q, add, solo);
    add = old + add < old;
  }
}

/* Adds the term d into bin words `bin` (W words positive, W negative, the flags word);
 * solo: without atomics (private bins of a one-thread team). */
static inline void redu__bins_deposit(uint64_t *bin, int words, int base, double d, int solo)
{
  uint64_t flag = redu__bins_special(d);
  int lsb;
  uint64_t m = flag ? 0 : redu__bins_split(d, &lsb);
  int p = m ? lsb - base : 0;
  if (p < 0) { /* below the window (memory cap): truncated toward zero */
    m = -p < 64 ? m >> -p : 0;
    p = 0;
  }
  if (!m) {
    flag = flag ? flag : __builtin_signbit(d) ? REDU__BINS_NZERO : REDU__BINS_PZERO;
    if (solo)
      redu__bins_fold_or_plain(bin + 2 * words, flag);
    else
      redu__bins_fold_or(bin + 2 * words, flag);
    return;
  }
  redu__bins_fold_at(bin + (__builtin_signbit(d) ? words : 0) + p / 64, (unsigned)p % 64, m, solo);
}

/* A term outside its team's window, into the global bins: out of line, so that the rare
 * path takes no registers from the elements' loop. */
__attribute__((noinline)) static inline void redu__bins_deposit_far(uint64_t *bin, int words,
                                                                    int base, double d)
{
  redu__bins_deposit(bin, words, base, d, 0);
}

/* The team's threads set words [0, count) of p to v. */
static inline void redu__bins_team_fill(uint64_t *p, size_t count, uint64_t v)
{
  size_t nth = (size_t)omp_get_num_threads();
  for (size_t k = (size_t)omp_get_thread_num(); k < count; k += nth)
    p[k] = v;
}

/* Adds a private float-sum bin of pw words a half into the global one of `words` words a
 * half, its bit 0 at the global bit `shift`: each half word by word, a word's carry into the
 * next (the global half's total stays below 2^(64 words), so no carry leaves it). */
static inline void redu__bins_flush_fixed(const uint64_t *priv, int pw, int shift, uint64_t *bin,
                                          int words)
{
  int q0 = shift / 64;
  unsigned s = (unsigned)shift % 64;
  for (int h = 0; h < 2; ++h) {
    const uint64_t *src = priv + h * pw;
    uint64_t *dst = bin + h * words, carry = 0;
    for (int j = 0; q0 + j < words && (j <= pw || carry); ++j) {
      uint64_t v = (j < pw ? src[j] << s : 0) | (s && j && j <= pw ? src[j - 1] >> (64 - s) : 0);
      uint64_t add = v + carry;
      carry = add < carry; /* v + 1 wrapped to 0: nothing to add, one to carry */
      if (add) {
        uint64_t old = __atomic_fetch_add(dst + q0 + j, add, __ATOMIC_RELAXED);
        carry += old + add < old;
      }
    }
  }
  redu__bins_fold_or(bin + 2 * words, priv[2 * pw]);
}

/* Words a region's team keeps after its private float-sum bins (device/redu_region_bins.h):
 * the window's place, its sample's range (two words, as a bins call's team sample) and the
 * terms sampled. */
#define REDU__REGION_FB_TAIL_WORDS 4

/* A team's window over its private float-sum bins (team windows, above): pw words a half
 * whose bit 0 weighs 2^base, taking the finite terms whose lowest bit is at least 2^base and
 * which lie below 2^top (zeros and specials always: they set flags only). */
typedef struct redu__bins_private_window {
  int pw, base, top;
} redu__bins_private_window;

/* The flags a zero, infinity or NaN sets in a float-sum bin's flags word: out of line (the
 * team windows' fold below keeps its registers for terms). */
__attribute__((noinline)) static inline void redu__bins_flag_far(uint64_t *flags, double d,
                                                                 int solo)
{
  uint64_t f = redu__bins_special(d);
  f = f ? f : __builtin_signbit(d) ? REDU__BINS_NZERO : REDU__BINS_PZERO;
  if (solo)
    redu__bins_fold_or_plain(flags, f);
  else
    redu__bins_fold_or(flags, f);
}

/* A term into a team window's bin (priv), or, outside the window, into its global bin
 * (glob, `words` words from 2^base): the window's test and redu__bins_deposit in one, from
 * the term's exponent and integer tests only, no count of its trailing or leading zeros
 * (fewer instructions a term; what each form measured: docs/performance.md, tuning log).
 * A term of prec bits (a double's 53, a float's 24 widened: its lowest 53 - prec bits zero)
 * spans [lsb, lsb + prec); it folds where that span ends at or below the window's top and
 * none of its bits below the window's base is set, so a normal term folds exactly where its
 * set bits lie in the window, as a test of its lowest set bit would have it. A subnormal
 * double, whose span reaches below its top set bit, goes to the global bin unless its span
 * fits: the same sum, through the global words. */
static inline void redu__bins_fold_window(uint64_t *priv, const redu__bins_private_window *w,
                                          uint64_t *glob, int words, int base, double d, int prec,
                                          int solo)
{
  uint64_t b;
  __builtin_memcpy(&b, &d, sizeof b);
  unsigned eb = (unsigned)(b >> 52) & 0x7ff;
  uint64_t m = (b & ((1ull << 52) - 1)) | (eb ? 1ull << 52 : 0);
  if (eb == 0x7ff || !m) {
    redu__bins_flag_far(priv + 2 * w->pw, d, solo);
    return;
  }
  int lsb = (eb ? (int)eb - 1075 : -1074) + 53 - prec, p = lsb - w->base;
  m >>= 53 - prec;
  if (lsb + prec > w->top || (p < 0 && (-p >= prec || m << (64 + p)))) {
    redu__bins_deposit_far(glob, words, base, d);
    return;
  }
  m = p < 0 ? m >> -p : m;
  unsigned at = p < 0 ? 0 : (unsigned)p; /* the word's index in 32 bits: fewer instructions */
  redu__bins_fold_at(priv + (at / 64 + (b >> 63 ? (unsigned)w->pw : 0u)), at % 64, m, solo);
}

/* Bits a team window keeps above its sample's top at least (terms larger than the
 * sample's still fold in the window), and the bits a word keeps free above a sample's bits
 * for the window to start at the sample's lowest bit. */
#define REDU__BINS_WINDOW_MARGIN 16
#define REDU__BINS_WORD_FREE 8

/* A team's window over pw words a half for finite nonzero terms from 2^lo (their lowest set
 * bit) to below 2^hi (lo > hi: none), `count` terms at most into a bin (its bits of
 * headroom), terms of `prec` bits; the window lies within the global bins (`words` words from
 * 2^base), at their bottom without terms. Where the terms' bits fit one word with
 * REDU__BINS_WORD_FREE bits to spare, one word starts at their lowest bit: a term of their
 * range then takes one atomic add, and carries out of the word are rare, as in the windows
 * the range pass fits (a window placed from the top instead split such terms over two words,
 * the lower one's top bits carrying every other add: H200, 2^27 doubles of 2^-52 steps into
 * 1,024 bins, docs/performance.md, tuning log); the whole words the margin above leaves go
 * below it. Else the window reaches the margin above their top. */
static inline redu__bins_private_window redu__bins_window_over(int lo, int hi, int pw, size_t count,
                                                               int prec, int words, int base)
{
  int room = 64 * pw - (64 - __builtin_clzll((unsigned long long)count | 1));
  int at = lo > hi ? base
           : hi - lo <= 64 - REDU__BINS_WORD_FREE
               ? lo - 64 * ((room - (hi - lo) - REDU__BINS_WINDOW_MARGIN) / 64)
               : hi + (room - prec) / 4 - room;
  int most = base + 64 * (words - pw);
  at = at < base ? base : at > most ? most : at;
  return (redu__bins_private_window){pw, at, at + room};
}

/* The team's window from its sample's range, the two words after its private bins (after a
 * barrier): BIAS - the lowest set bit and BIAS + the highest exponent bound of its finite
 * nonzero terms, both 0 for none. */
static inline redu__bins_private_window
redu__bins_team_window(const uint64_t *sample, int pw, size_t count, int prec, int words, int base)
{
  int lo = sample[1] ? REDU__BINS_EXP_BIAS - (int)sample[0] : 1;
  int hi = sample[1] ? (int)sample[1] - REDU__BINS_EXP_BIAS : 0;
  return redu__bins_window_over(lo, hi, pw, count, prec, words, base);
}

#pragma omp end declare target

#endif

/* A CPU thread's fold of a float-sum term into its team's private bins (bins of a one-thread
 * team, no atomics), before the general fold of ../redu_bins_kernel.h: the same words, the
 * same value, fewer instructions for the terms that most data has.
 *
 * The general fold (redu__bins_fold_window, written for GPU teams) adds word by word through
 * a word add that returns the old word, then a carry test and loop, and a CPU thread is
 * bound by the issue of its instructions whatever the bins' size (docs/performance.md,
 * tuning log). Here a normal
 * term is tested against the window's top by its exponent alone (a normal number's top bit)
 * and goes in with one two-word add with carry (add, adc); zeros, subnormals, infinities,
 * NaNs and terms outside the window or at its top word take the general fold. A term's bits land in
 * the same integer whichever fold takes it, so the sums, and the bits out, do not change. */
#ifndef REDU_CPU_BINS_H
#define REDU_CPU_BINS_H

#include "device/redu_internal.h"

#include <stdint.h>

/* Compiled for every target (the kernels choose it at run time, device/redu_bins_kernel.h,
 * REDU__BINS_PINNED); GPUs never call it. */

#pragma omp begin declare target

/* Folds the normal term d into the bin `bin` (pw words a half, the flags after them) whose
 * bit 0 weighs 2^base, where d's bits lie in [2^base, 2^top) and its lowest set bit in the
 * half's words below its last (the add below writes two, so a half of one word takes none);
 * returns 0, touching nothing, for any other term. Plain stores: a one-thread team's private bins
 * only. */
static inline int redu__cpu_bins_fold(uint64_t *bin, int pw, int base, int top, double d)
{
  uint64_t b;
  __builtin_memcpy(&b, &d, sizeof b);
  /* A normal term's top bit is its exponent's: the biased exponents in [1, hi] have theirs
   * below 2^top (one unsigned test, which zeros, subnormals, infinities and NaNs fail). */
  int hi = top - 53 + 1075;
  hi = hi < 0x7fe ? hi : 0x7fe;
  unsigned eb = (unsigned)(b >> 52) & 0x7ff;
  if (pw < 2 || hi < 1 || eb - 1 > (unsigned)(hi - 1))
    return 0;
  /* From its lowest set bit, as the general fold: data on a grid (integers, fixed steps)
   * then fits the windows the host and the sample place from their lowest bits. */
  uint64_t m = (b & ((1ull << 52) - 1)) | 1ull << 52;
  int z = __builtin_ctzll(m);
  unsigned p = eb + (unsigned)z - (unsigned)(base + 1075);
  if (p > (unsigned)(64 * (pw - 1) - 1))
    return 0;
  unsigned s = p % 64;
  uint64_t w0 = m >> z << s, w1 = s ? m >> z >> (64 - s) : 0;
  uint64_t *at = bin + ((int64_t)b >> 63 & pw) + p / 64;
  unsigned long long c0, c1;
  at[0] = __builtin_addcll(at[0], w0, 0, &c0);
  at[1] = __builtin_addcll(at[1], w1, c0, &c1);
  /* The window's headroom keeps every carry inside the half's words. */
  for (uint64_t *w = at + 2; c1; ++w)
    c1 = !++*w;
  return 1;
}

#pragma omp end declare target

#endif

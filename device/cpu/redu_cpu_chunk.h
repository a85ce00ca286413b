/* A CPU thread's contiguous chunk of a built-in array reduction (redu__dev_vector_chunks),
 * written so that the compiler vectorises it, in one clone per vector instruction set
 * (REDU__DEV_SIMD_CLONES). Two forms, each defining
 *   A PFX_chunk(const T *x, size_t first, size_t end)
 * the thread's accumulator over x[first, end), with IDENT, LIFT and COMBINE as in
 * redu_array_kernel.h:
 *   REDU__DEFINE_CPU_CHUNK_FOLD  value ops. An integer accumulator (integer sums and
 *       products modulo 2^bits, min/max order keys, flags, bitwise ops) is exact whatever the
 *       order, so the chunk is one plain loop that the compiler vectorises and reorders as
 *       it likes. A floating accumulator (float sums and products) keeps an order written in
 *       the source, the same in every clone: element i into partial i % L (L = 128 bytes of
 *       elements), the partials folded in order.
 *   REDU__DEFINE_CPU_CHUNK_PICK  arg ops (A = {order key v, index i}, COMBINE picks one
 *       operand, lowest index on ties; KEY_PICK(a, b) the better of two keys, a on ties,
 *       without a branch). Blocks of 2 KiB: the best key of the block by a vectorised
 *       key-only loop; only a block holding a key strictly better than the best
 *       so far is taken again element by element with COMBINE, which finds its lowest index.
 *       Random data re-reads a few blocks, data sorted the wrong way every block (about
 *       twice the work, still exact).
 * Measured on the 2-core host (docs/performance.md, host fallback). */
#ifndef REDU_CPU_CHUNK_H
#define REDU_CPU_CHUNK_H

#include "device/redu_internal.h"

#include "device/redu_target.h"
#include <stddef.h>

/* REDU__DEFINE_CPU_CHUNK_FOLD or _PICK by FORM (FOLD or PICK). */
#define REDU__DEFINE_CPU_CHUNK(FORM, ...) REDU__DEFINE_CPU_CHUNK_##FORM(__VA_ARGS__)

/* Bytes of a block: an arg op's key-only pass, an integer fold's run between two prefetches
 * (redu__dev_prefetch_ahead; the block's lines at once, so the loop over it stays plain and
 * vectorises). */
#define REDU__CPU_BLOCK_BYTES 2048

/* KEY_PICK of value ops: they have none. */
#define REDU__CPU_NO_KEY_PICK(a, b) (a)

/* 1 for a floating accumulator type A, 0 for an integer one (a constant expression). */
#define REDU__CPU_FLOATING(A) ((A)0.5 != 0)

#define REDU__DEFINE_CPU_CHUNK_FOLD(PFX, T, A, IDENT, LIFT, COMBINE, KEY_PICK)                     \
  REDU__DEV_SIMD_CLONES static A PFX##_chunk(const T *x, size_t first, size_t end)                 \
  {                                                                                                \
    A acc = (IDENT);                                                                               \
    size_t i = first;                                                                              \
    if (REDU__CPU_FLOATING(A)) {                                                                   \
      enum { L = 128 / sizeof(T) };                                                                \
      A p[L];                                                                                      \
      for (size_t j = 0; j < L; ++j)                                                               \
        p[j] = (IDENT);                                                                            \
      /* Not across rounds (that vectorised into gathers); within a round, lane by lane. */        \
      _Pragma("clang loop vectorize(disable)")                                                     \
      for (; end - i >= L; i += L) {                                                               \
        redu__dev_prefetch_ahead(x + i, L * sizeof(T));                                            \
        _Pragma("clang loop unroll(full)")                                                         \
        for (size_t j = 0; j < L; ++j)                                                             \
          p[j] = COMBINE(p[j], LIFT(x[i + j], i + j));                                             \
      }                                                                                            \
      for (size_t j = 0; j < L; ++j)                                                               \
        acc = COMBINE(acc, p[j]);                                                                  \
    } else {                                                                                       \
      /* Blocks of REDU__CPU_BLOCK_BYTES, each prefetched as a whole before its plain loop. */     \
      for (; end - i >= REDU__CPU_BLOCK_BYTES / sizeof(T);                                         \
           i += REDU__CPU_BLOCK_BYTES / sizeof(T)) {                                               \
        redu__dev_prefetch_ahead(x + i, REDU__CPU_BLOCK_BYTES);                                    \
        for (size_t t = i; t < i + REDU__CPU_BLOCK_BYTES / sizeof(T); ++t)                         \
          acc = COMBINE(acc, LIFT(x[t], t));                                                       \
      }                                                                                            \
    }                                                                                              \
    for (; i < end; ++i)                                                                           \
      acc = COMBINE(acc, LIFT(x[i], i));                                                           \
    return acc;                                                                                    \
  }

#define REDU__DEFINE_CPU_CHUNK_PICK(PFX, T, A, IDENT, LIFT, COMBINE, KEY_PICK)                     \
  REDU__DEV_SIMD_CLONES static A PFX##_chunk(const T *x, size_t first, size_t end)                 \
  {                                                                                                \
    enum { B = REDU__CPU_BLOCK_BYTES / sizeof(T) };                                                \
    typedef __typeof__(((A *)0)->v) key;                                                           \
    A best = (IDENT);                                                                              \
    size_t i = first;                                                                              \
    /* The first element replaces the identity's index, so that a block of keys equal to the       \
     * identity's is not skipped with no index. */                                                 \
    if (i < end)                                                                                   \
      best = COMBINE(best, LIFT(x[i], i)), ++i;                                                    \
    for (; end - i >= B; i += B) {                                                                 \
      redu__dev_prefetch_ahead(x + i, REDU__CPU_BLOCK_BYTES);                                      \
      key m = best.v;                                                                              \
      for (size_t t = i; t < i + B; ++t)                                                           \
        m = KEY_PICK(m, LIFT(x[t], t).v);                                                          \
      if (__builtin_expect(m != best.v, 0))                                                        \
        for (size_t t = i; t < i + B; ++t)                                                         \
          best = COMBINE(best, LIFT(x[t], t));                                                     \
    }                                                                                              \
    for (; i < end; ++i)                                                                           \
      best = COMBINE(best, LIFT(x[i], i));                                                         \
    return best;                                                                                   \
  }

#endif

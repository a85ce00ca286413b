/* One reduction over the indices [0, n) = one target region, finished on the device;
 * the value at index i comes from the caller's inlined LIFT. Serves user-declared
 * reductions (libredu/redu_udr.h) over any trivially copyable accumulator up to 256 B.
 *
 * REDU__DEFINE_INDEX_REDUCE(PFX, S, A, IDENT, LIFT, COMBINE, ORDERED) defines
 *   void PFX_launch(const redu__launch *L, const S *x, size_t n)
 * which leaves COMBINE over i in [0, n) of LIFT(x, i) (an A) in L->result.
 *   IDENT            an expression of type A, the identity of COMBINE
 *   LIFT(x, i)       the A for index i; reads x (S is any type, x[0, n) is what is mapped
 *                    when the input is a host array)
 *   COMBINE(a, b)    associative, inlined (redu_reducers.h)
 *   ORDERED          1 when COMBINE is not commutative: every thread takes one contiguous
 *                    chunk of indices and every step combines in index order. 0: threads
 *                    take the target's fastest order (grid-stride on GPUs).
 * The team combine (shuffles or a tree) and its scratch (dynamic team memory or a slice of
 * device memory per team) are the plan's choice, passed in L. For a given plan and target
 * the combine order is fixed, so results are reproducible. */
#ifndef REDU_INDEX_KERNEL_H
#define REDU_INDEX_KERNEL_H

#include "device/redu_internal.h"

#include "device/redu_launch.h"
#include "device/redu_reducers.h"
#include "device/redu_team_scratch.h"
#include "device/redu_thread_range.h"
#include <omp.h>
#include <stdint.h>

/* Elements a thread lifts and combines per round (a power of two): enough loads in flight
 * for small accumulators without spilling registers for large ones. */
#define REDU__INDEX_GROUP(bytes) ((bytes) <= 32 ? 4 : (bytes) <= 128 ? 2 : 1)

/* REDU__DEFINE_ELEMENT_LOAD(FN, In) defines `In FN(const In *p)`: one element, read with
 * the target's read-only 16-byte loads when In is a multiple of 16 bytes and p is 16-byte
 * aligned, else loaded as its type (which keeps the type's alignment; a byte-wise copy
 * would split the loads). The words are assembled in a vector value and bit-cast, with
 * constant lane indices: no array, union or memcpy, whose local would be globalized or
 * kept in memory (a union here made the 256-byte element 61x slower on the H100; a plain
 * typed load, 2.4x). The vector has a power-of-two lane count (see PFX_shfl_down). */
#define REDU__DEFINE_ELEMENT_LOAD(FN, In)                                                          \
  _Pragma("omp begin declare target")                                                              \
  static inline In FN(const In *p)                                                                 \
  {                                                                                                \
    typedef uint32_t words __attribute__((ext_vector_type(REDU__POW2_WORDS(sizeof(In)))));         \
    typedef struct {                                                                               \
      In v;                                                                                        \
      unsigned char pad[sizeof(words) - sizeof(In)];                                               \
    } padded;                                                                                      \
    if (sizeof(In) % 16 != 0 || (uintptr_t)p % 16 != 0)                                            \
      return *p;                                                                                   \
    words w = {0};                                                                                 \
    _Pragma("clang loop unroll(full)")                                                             \
    for (size_t k = 0; k < sizeof(In) / 16; ++k) {                                                 \
      redu__word16 q = redu__dev_load16((const redu__word16 *)p + k);                              \
      _Pragma("clang loop unroll(full)")                                                           \
      for (int j = 0; j < 4; ++j)                                                                  \
        w[4 * k + j] = q[j];                                                                       \
    }                                                                                              \
    padded r = __builtin_bit_cast(padded, w);                                                      \
    return r.v;                                                                                    \
  }                                                                                                \
  _Pragma("omp end declare target")

#define REDU__DEFINE_INDEX_REDUCE(PFX, S, A, IDENT, LIFT, COMBINE, ORDERED)                        \
  REDU__DEFINE_REDUCERS(PFX, A, COMBINE)                                                           \
  _Pragma("omp begin declare target")                                                              \
  /* Each round lifts U elements, combines them pairwise (a tree: adjacent first), and             \
   * then into the one accumulator: one combine per U elements on the serial chain, and            \
   * the tree's combines see constant-folded inputs when LIFT makes them (Welford: a               \
   * count of 1 + 1 needs no division). Valid for ordered combiners: in ordered mode the           \
   * U elements are consecutive. */                                                                \
  REDU__INLINE A PFX##_thread(const S *x, size_t n, size_t g, size_t stride)                       \
  {                                                                                                \
    enum { U = REDU__INDEX_GROUP(sizeof(A)) };                                                     \
    redu__range r = redu__dev_thread_range(n, (ORDERED), g, stride);                               \
    size_t i = r.first, step = r.step, end = r.end;                                                \
    A acc = (IDENT);                                                                               \
    /* Commutative groups of four over 4- or 8-byte elements of a 16-byte aligned x on targets     \
     * that interleave: each thread takes whole 16-byte words (E elements), four words a round, so \
     * that the adjacent loads merge into 16-byte loads and a warp's round reads 2 KiB, as the     \
     * built-in kernels do (H100: Welford read at 59% of DRAM peak with one 8-byte element per     \
     * load). */                                                                                   \
    enum { E = 16 / sizeof(S) };                                                                   \
    if (U == 4 && !(ORDERED) && (E == 2 || E == 4) && redu__dev_interleave_words() &&              \
        (uintptr_t)x % 16 == 0) {                                                                  \
      const S *xa = (const S *)__builtin_assume_aligned(x, 16);                                    \
      size_t nw = n / E, w = g;                                                                    \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (; w + 3 * stride < nw; w += 4 * stride) {                                               \
        A t = (IDENT);                                                                             \
        _Pragma("clang loop unroll(full)")                                                         \
        for (size_t k = 0; k < 4; ++k) {                                                           \
          size_t b = (w + k * stride) * E;                                                         \
          A q = COMBINE(LIFT(xa, b), LIFT(xa, b + 1));                                             \
          if (E == 4)                                                                              \
            q = COMBINE(q, COMBINE(LIFT(xa, b + 2), LIFT(xa, b + 3)));                             \
          t = k ? COMBINE(t, q) : q;                                                               \
        }                                                                                          \
        acc = COMBINE(acc, t);                                                                     \
      }                                                                                            \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (; w < nw; w += stride)                                                                  \
        _Pragma("clang loop unroll(full)")                                                         \
      for (size_t e = 0; e < E; ++e)                                                               \
        acc = COMBINE(acc, LIFT(xa, w * E + e));                                                   \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t k = nw * E + g; k < n; k += stride)                                              \
        acc = COMBINE(acc, LIFT(xa, k));                                                           \
      return acc;                                                                                  \
    }                                                                                              \
    /* Named values, not an array (see PFX_shfl_down in redu_reducers.h). */                       \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; i + (U - 1) * step < end; i += U * step) {                                              \
      A v0 = LIFT(x, i);                                                                           \
      if (U >= 2) {                                                                                \
        v0 = COMBINE(v0, LIFT(x, i + step));                                                       \
        if (U == 4)                                                                                \
          v0 = COMBINE(v0, COMBINE(LIFT(x, i + 2 * step), LIFT(x, i + 3 * step)));                 \
      }                                                                                            \
      acc = COMBINE(acc, v0);                                                                      \
    }                                                                                              \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; i < end; i += step)                                                                     \
      acc = COMBINE(acc, LIFT(x, i));                                                              \
    return acc;                                                                                    \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_TEAM_LAUNCH(PFX, S, A, IDENT, tree)

#endif

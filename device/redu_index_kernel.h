/* One reduction over the indices [0, n) = one target region, finished on the device;
 * the value at index i comes from the caller's inlined LIFT. Serves user-declared
 * reductions (libredu/redu_udr.h) over any trivially copyable accumulator up to 256 B.
 *
 * REDU__DEFINE_INDEX_REDUCE(PFX, S, A, IDENT, LOAD, LIFT, COMBINE, ORDERED) defines
 *   void PFX_launch(const redu__launch *L, const S *x, size_t n)
 * which leaves COMBINE over i in [0, n) of LIFT(x[i], i) (an A) in L->result.
 *   IDENT            an expression of type A, the identity of COMBINE
 *   LOAD(p)          the element at p (REDU__DEFINE_ELEMENT_LOAD; S is any type; x is a
 *                    device address, also for host arrays: host/redu_host_arrays.h)
 *   LIFT(v, i)       the A for element v at index i, inlined
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
    /* No padding when In fills the words: a zero-length array (__extension__: GNU C). */          \
    __extension__ typedef struct {                                                                 \
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
      for (size_t j = 0; j < 4; ++j)                                                               \
        w[4 * k + j] = q[j];                                                                       \
    }                                                                                              \
    padded r = __builtin_bit_cast(padded, w);                                                      \
    return r.v;                                                                                    \
  }                                                                                                \
  _Pragma("omp end declare target")

#define REDU__DEFINE_INDEX_REDUCE(PFX, S, A, IDENT, LOAD, LIFT, COMBINE, ORDERED)                  \
  REDU__DEFINE_REDUCERS(PFX, A, COMBINE)                                                           \
  _Pragma("omp begin declare target")                                                              \
  /* Element k of a 16-byte word of 4- or 8-byte elements: a copy out of the word's register       \
   * (folded to a register move). Called only where E * sizeof(S) == 16; the % and the size        \
   * clamp keep the copy in bounds in the dead code other sizes compile. */                        \
  static inline S PFX##_word_elem(redu__word16 q, size_t k)                                        \
  {                                                                                                \
    S v;                                                                                           \
    __builtin_memcpy(&v, (const char *)&q + k * sizeof(S) % 16, sizeof(S) < 16 ? sizeof(S) : 16);  \
    return v;                                                                                      \
  }                                                                                                \
  /* The elements of one word (first index b) lifted and combined pairwise: the tree's combines    \
   * see constant-folded inputs when LIFT makes them (Welford: a count of 1 + 1). */               \
  static inline A PFX##_word(redu__word16 q, size_t b)                                             \
  {                                                                                                \
    enum { E = 16 / sizeof(S) };                                                                   \
    A r = COMBINE(LIFT(PFX##_word_elem(q, 0), b), LIFT(PFX##_word_elem(q, 1), b + 1));             \
    if (E == 4)                                                                                    \
      r = COMBINE(                                                                                 \
          r, COMBINE(LIFT(PFX##_word_elem(q, 2), b + 2), LIFT(PFX##_word_elem(q, 3), b + 3)));     \
    return r;                                                                                      \
  }                                                                                                \
  /* One round: four words, w + k * stride for k < 4, combined in k order. */                      \
  static inline A PFX##_round(redu__word16 q0, redu__word16 q1, redu__word16 q2, redu__word16 q3,  \
                              size_t w, size_t stride)                                             \
  {                                                                                                \
    enum { E = 16 / sizeof(S) };                                                                   \
    A t = COMBINE(PFX##_word(q0, w * E), PFX##_word(q1, (w + stride) * E));                        \
    t = COMBINE(t, PFX##_word(q2, (w + 2 * stride) * E));                                          \
    return COMBINE(t, PFX##_word(q3, (w + 3 * stride) * E));                                       \
  }                                                                                                \
  /* Each round lifts U elements, combines them pairwise (a tree: adjacent first), and             \
   * then into the one accumulator: one combine per U elements on the serial chain. Valid for      \
   * ordered combiners: in ordered mode the U elements are consecutive. */                         \
  REDU__INLINE A PFX##_thread(const S *x, size_t n, size_t g, size_t stride)                       \
  {                                                                                                \
    enum { U = REDU__INDEX_GROUP(sizeof(A)) };                                                     \
    redu__range r = redu__dev_thread_range(n, (ORDERED), g, stride);                               \
    size_t i = r.first, step = r.step, end = r.end;                                                \
    A acc = (IDENT);                                                                               \
    /* Commutative groups of four over 4- or 8-byte elements (exactly: a 7-byte element has        \
     * E = 2 but words that do not hold whole elements) of a 16-byte aligned x on targets          \
     * that interleave: each thread takes whole 16-byte words (E elements) through the read-only   \
     * path, four words a round, and loads the next round's words before it combines this          \
     * round's, so that a warp's loads stay in flight while it combines (H100, Welford over        \
     * doubles: 1.41x its bound with an element per load, 1.25x with words, 1.10x with the next    \
     * round loaded early, REDU__INDEX_MAX_THREADS and one wave; docs/performance.md). */          \
    enum { E = 16 / sizeof(S) };                                                                   \
    if (U == 4 && !(ORDERED) && (E == 2 || E == 4) && E * sizeof(S) == 16 &&                       \
        redu__dev_interleave_words() && (uintptr_t)x % 16 == 0) {                                  \
      const redu__word16 *xw = (const redu__word16 *)x;                                            \
      size_t nw = n / E, w = g;                                                                    \
      REDU__PIPELINED_ROUNDS(xw, w, stride, nw,                                                    \
                             acc = COMBINE(acc, PFX##_round(w0, w1, w2, w3, w, stride)));          \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (; w < nw; w += stride)                                                                  \
        acc = COMBINE(acc, PFX##_word(redu__dev_load16(xw + w), w * E));                           \
      _Pragma("clang loop unroll(disable)")                                                        \
      for (size_t k = nw * E + g; k < n; k += stride)                                              \
        acc = COMBINE(acc, LIFT(LOAD(x + k), k));                                                  \
      return acc;                                                                                  \
    }                                                                                              \
    /* Named values, not an array (see PFX_shfl_down in redu_reducers.h). A CPU thread's chunk     \
     * is contiguous (step 1): each round names the lines of a round REDU__DEV_PREFETCH_AHEAD      \
     * bytes on (Welford over 2^26 doubles, 2-core x86-64 VM: 123 -> 36-39 ms). */                 \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; i + (U - 1) * step < end; i += U * step) {                                              \
      redu__dev_prefetch_ahead(x + i, U * sizeof(S));                                              \
      A v0 = LIFT(LOAD(x + i), i);                                                                 \
      if (U >= 2) {                                                                                \
        v0 = COMBINE(v0, LIFT(LOAD(x + i + step), i + step));                                      \
        if (U == 4)                                                                                \
          v0 = COMBINE(v0, COMBINE(LIFT(LOAD(x + i + 2 * step), i + 2 * step),                     \
                                   LIFT(LOAD(x + i + 3 * step), i + 3 * step)));                   \
      }                                                                                            \
      acc = COMBINE(acc, v0);                                                                      \
    }                                                                                              \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; i < end; i += step)                                                                     \
      acc = COMBINE(acc, LIFT(LOAD(x + i), i));                                                    \
    return acc;                                                                                    \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_TEAM_LAUNCH(PFX, S, A, IDENT, tree, REDU__INDEX_MAX_THREADS(sizeof(A)))

#endif

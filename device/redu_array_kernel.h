/* One reduction over an array = one target region, finished on the device.
 *
 * REDU__DEFINE_ARRAY_REDUCE(PFX, T, A, IDENT, LIFT, COMBINE, CPU_CHUNK, KEY_PICK) defines
 *   void PFX_launch(const redu__launch *L, const T *x, size_t n)
 * which reduces x[0, n) with the plan in L and leaves the result (an A) in L->result.
 *   IDENT          an expression of type A, the identity of COMBINE
 *   LIFT(v, i)     turns element v (a T) at index i (size_t) into an A
 *   COMBINE(a, b)  as in redu_reducers.h; inlined, never called through a pointer
 *   CPU_CHUNK      REDU__DEFINE_CPU_CHUNK_FOLD or _PICK (device/cpu/redu_cpu_chunk.h): how a
 *                  CPU thread takes its contiguous chunk (redu__dev_vector_chunks); KEY_PICK
 *                  the key op _PICK needs (REDU__CPU_NO_KEY_PICK for _FOLD)
 * On GPUs each thread reads 16-byte words, four in flight, into four independent partials
 * merged in a fixed order (no serial dependency between loads; measured in
 * docs/performance.md), interleaved over the grid so that a warp's loads coalesce
 * (redu__dev_interleave_words); the unaligned head and the tail are read element by element.
 * On CPUs each thread takes one contiguous chunk of elements through CPU_CHUNK. The
 * per-thread order, and so the whole tree, depends only on the plan, the target and (GPUs)
 * x's alignment.
 * T must be 1, 2, 4, 8 or 16 bytes. */
#ifndef REDU_ARRAY_KERNEL_H
#define REDU_ARRAY_KERNEL_H

#include "device/redu_internal.h"

#include "device/cpu/redu_cpu_chunk.h"
#include "device/redu_launch.h"
#include "device/redu_reducers.h"
#include "device/redu_team_scratch.h"
#include "device/redu_thread_range.h"
#include <omp.h>
#include <stdint.h>

#define REDU__DEFINE_ARRAY_REDUCE(PFX, T, A, IDENT, LIFT, COMBINE, CPU_CHUNK, KEY_PICK)            \
  REDU__DEFINE_REDUCERS(PFX, A, COMBINE)                                                           \
  _Pragma("omp begin declare target")                                                              \
  CPU_CHUNK(PFX, T, A, IDENT, LIFT, COMBINE, KEY_PICK)                                             \
  /* The word's elements through a vector view (no array: see PFX_shfl_down). Four elements        \
   * (4-byte types) as a pairwise tree where the target asks for it (redu__dev_word_tree);         \
   * index order kept either way. */                                                               \
  REDU__INLINE A PFX##_word(A acc, redu__word16 w, size_t first)                                   \
  {                                                                                                \
    enum { V = 16 / sizeof(T) };                                                                   \
    typedef T lanes __attribute__((ext_vector_type(V)));                                           \
    lanes e = (lanes)w;                                                                            \
    if (V == 4 && redu__dev_word_tree()) {                                                         \
      A lo = COMBINE(LIFT(e[0], first), LIFT(e[1 % V], first + 1));                                \
      A hi = COMBINE(LIFT(e[2 % V], first + 2), LIFT(e[3 % V], first + 3));                        \
      return COMBINE(acc, COMBINE(lo, hi));                                                        \
    }                                                                                              \
    /* Two elements: only where the accumulator is wider than the element (arg ops' value and      \
     * index): H100, 2^27, argmin f64/i64 7% faster, but sum f64 7% slower (tuning log). */        \
    if (V == 2 && sizeof(A) > sizeof(T) && redu__dev_word_tree())                                  \
      return COMBINE(acc, COMBINE(LIFT(e[0], first), LIFT(e[1 % V], first + 1)));                  \
    for (size_t j = 0; j < V; ++j)                                                                 \
      acc = COMBINE(acc, LIFT(e[j], first + j));                                                   \
    return acc;                                                                                    \
  }                                                                                                \
                                                                                                   \
  REDU__INLINE A PFX##_thread(const T *x, size_t n, size_t g, size_t stride)                       \
  {                                                                                                \
    if (redu__dev_vector_chunks()) {                                                               \
      redu__range c = redu__dev_thread_range(n, 1, g, stride);                                     \
      return PFX##_chunk(x, c.first, c.end);                                                       \
    }                                                                                              \
    enum { V = 16 / sizeof(T) };                                                                   \
    uintptr_t addr = (uintptr_t)x;                                                                 \
    size_t head = addr % sizeof(T) ? n : ((16 - addr % 16) % 16) / sizeof(T);                      \
    if (head > n)                                                                                  \
      head = n;                                                                                    \
    size_t nw = (n - head) / V;                                                                    \
    const redu__word16 *xw = (const redu__word16 *)(x + head);                                     \
    A acc = (IDENT);                                                                               \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t i = g; i < head; i += stride)                                                      \
      acc = COMBINE(acc, LIFT(x[i], i));                                                           \
    redu__range r = redu__dev_thread_range(nw, 0, g, stride);                                      \
    size_t k = r.first, step = r.step, end = r.end;                                                \
    /* Four loads in flight into four partials, named rather than arrays (see                      \
     * PFX_shfl_down). */                                                                          \
    A p0 = (IDENT), p1 = (IDENT), p2 = (IDENT), p3 = (IDENT);                                      \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; k + 3 * step < end; k += 4 * step) {                                                    \
      redu__word16 w0 = redu__dev_load16(xw + k), w1 = redu__dev_load16(xw + k + step);            \
      redu__word16 w2 = redu__dev_load16(xw + k + 2 * step);                                       \
      redu__word16 w3 = redu__dev_load16(xw + k + 3 * step);                                       \
      p0 = PFX##_word(p0, w0, head + k * V);                                                       \
      p1 = PFX##_word(p1, w1, head + (k + step) * V);                                              \
      p2 = PFX##_word(p2, w2, head + (k + 2 * step) * V);                                          \
      p3 = PFX##_word(p3, w3, head + (k + 3 * step) * V);                                          \
    }                                                                                              \
    acc = COMBINE(COMBINE(COMBINE(COMBINE(acc, p0), p1), p2), p3);                                 \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; k < end; k += step)                                                                     \
      acc = PFX##_word(acc, redu__dev_load16(xw + k), head + k * V);                               \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t i = head + nw * V + g; i < n; i += stride)                                         \
      acc = COMBINE(acc, LIFT(x[i], i));                                                           \
    return acc;                                                                                    \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_TEAM_LAUNCH(PFX, T, A, IDENT, 0, 0)

#endif

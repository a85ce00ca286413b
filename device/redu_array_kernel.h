/* One reduction over an array = one target region, finished on the device.
 *
 * REDU__DEFINE_ARRAY_REDUCE(PFX, T, A, IDENT, LIFT, COMBINE, FORM, KEY_PICK) defines
 *   void PFX_launch(const redu__launch *L, const T *x, size_t n)
 * which reduces x[0, n) with the plan in L and leaves the result (an A) in L->result.
 *   IDENT          an expression of type A, the identity of COMBINE
 *   LIFT(v, i)     turns element v (a T) at index i (size_t) into an A
 *   COMBINE(a, b)  as in redu_reducers.h; inlined, never called through a pointer
 *   FORM           FOLD (value ops) or PICK (arg ops, A = {order key v, index i}): how a
 *                  word of elements folds on GPUs (REDU__WORD_FOLD / _PICK below) and
 *                  how a CPU thread takes its contiguous chunk (REDU__DEFINE_CPU_CHUNK_FOLD /
 *                  _PICK, device/cpu/redu_cpu_chunk.h; redu__dev_vector_chunks); KEY_PICK
 *                  the better of two keys, the first on ties, for PICK
 *                  (REDU__CPU_NO_KEY_PICK for FOLD)
 * On GPUs each thread reads 16-byte words, four in flight, into four independent partials
 * merged in a fixed order (no serial dependency between loads; measured in
 * docs/performance.md), interleaved over the grid so that a warp's loads coalesce
 * (redu__dev_interleave_words); arg ops load the next four while they fold these
 * (REDU__WORD_PIPE_PICK); the unaligned head and the tail are read element by element.
 * On CPUs each thread takes one contiguous chunk of elements through its FORM's chunk. The
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

/* The body of PFX_word(acc, w, first), on GPUs (the word loop below): acc combined with
 * the elements of the 16-byte word w, whose first element has index `first`. FOLD: the
 * word's elements through a vector view (no array: see PFX_shfl_down); four elements
 * (4-byte types) as a pairwise tree where the target asks for it (redu__dev_word_tree), index
 * order kept either way. */
#define REDU__WORD_FOLD(T, A, LIFT, COMBINE, KEY_PICK)                                             \
  enum { V = 16 / sizeof(T) };                                                                     \
  typedef T lanes __attribute__((ext_vector_type(V)));                                             \
  lanes e = (lanes)w;                                                                              \
  if (V == 4 && redu__dev_word_tree()) {                                                           \
    A lo = COMBINE(LIFT(e[0], first), LIFT(e[1 % V], first + 1));                                  \
    A hi = COMBINE(LIFT(e[2 % V], first + 2), LIFT(e[3 % V], first + 3));                          \
    return COMBINE(acc, COMBINE(lo, hi));                                                          \
  }                                                                                                \
  for (size_t j = 0; j < V; ++j)                                                                   \
    acc = COMBINE(acc, LIFT(e[j], first + j));                                                     \
  return acc

/* PICK (arg ops): the word's elements have increasing indices, so an element whose key is
 * not strictly better than the best so far never takes its place: the word's best key and
 * its lane come from KEY_PICK alone (a pairwise tree for four elements), and only that one
 * candidate meets COMBINE's key-then-index test, instead of every element. */
#define REDU__WORD_PICK(T, A, LIFT, COMBINE, KEY_PICK)                                             \
  enum { V = 16 / sizeof(T) };                                                                     \
  typedef T lanes __attribute__((ext_vector_type(V)));                                             \
  typedef __typeof__(((A *)0)->v) key;                                                             \
  lanes e = (lanes)w;                                                                              \
  A r = LIFT(e[0], first);                                                                         \
  key best = r.v;                                                                                  \
  unsigned at = 0;                                                                                 \
  if (V == 4) {                                                                                    \
    key k1 = LIFT(e[1 % V], first).v, k2 = LIFT(e[2 % V], first).v;                                \
    key k3 = LIFT(e[3 % V], first).v;                                                              \
    key lo = KEY_PICK(best, k1), hi = KEY_PICK(k2, k3);                                            \
    unsigned at_lo = lo == best ? 0 : 1, at_hi = hi == k2 ? 2 : 3;                                 \
    best = KEY_PICK(lo, hi);                                                                       \
    at = best == lo ? at_lo : at_hi;                                                               \
  } else {                                                                                         \
    for (unsigned j = 1; j < V; ++j) {                                                             \
      key k = LIFT(e[j], first).v, b = KEY_PICK(best, k);                                          \
      at = b == best ? at : j;                                                                     \
      best = b;                                                                                    \
    }                                                                                              \
  }                                                                                                \
  r.v = best;                                                                                      \
  r.i = first + at;                                                                                \
  return COMBINE(acc, r)

/* Whether the GPU word loop loads the next round's four words before it folds this
 * round's (two sets of words live in registers). H200, 2^27, two interleaved runs each, with
 * CUB in the same run (docs/performance.md, tuning log): arg ops gain (argmin f32 0.195 ->
 * 0.186 ms with it alone, 0.145-0.148 with PICK; i32 0.184 -> 0.159, 0.146-0.147 with PICK;
 * f64 0.303-0.307 -> 0.270-0.273), value ops lose (sum f64 2^24 0.049 -> 0.058 ms, f32 2^27
 * 0.140 -> 0.146-0.148): only PICK takes it. */
#define REDU__WORD_PIPE_FOLD 0
#define REDU__WORD_PIPE_PICK 1
#define REDU__WORD_PIPE(FORM) REDU__WORD_PIPE_##FORM
/* REDU__WORD_FOLD or REDU__WORD_PICK by FORM. */
#define REDU__WORD(FORM, ...) REDU__WORD_##FORM(__VA_ARGS__)

/* One round of the word loop: words w0..w3 at k, k + step, k + 2 step, k + 3 step into the
 * partials p0..p3. */
#define REDU__WORD_ROUND(PFX, V, head, k, step)                                                    \
  p0 = PFX##_word(p0, w0, (head) + (k) * (V));                                                     \
  p1 = PFX##_word(p1, w1, (head) + ((k) + (step)) * (V));                                          \
  p2 = PFX##_word(p2, w2, (head) + ((k) + 2 * (step)) * (V));                                      \
  p3 = PFX##_word(p3, w3, (head) + ((k) + 3 * (step)) * (V))

#define REDU__DEFINE_ARRAY_REDUCE(PFX, T, A, IDENT, LIFT, COMBINE, FORM, KEY_PICK)                 \
  REDU__DEFINE_REDUCERS(PFX, A, COMBINE)                                                           \
  _Pragma("omp begin declare target")                                                              \
  REDU__DEFINE_CPU_CHUNK(FORM, PFX, T, A, IDENT, LIFT, COMBINE, KEY_PICK)                          \
  /* A GPU thread's word (REDU__WORD_FOLD / _PICK). */                                             \
  REDU__INLINE A PFX##_word(A acc, redu__word16 w, size_t first)                                   \
  {                                                                                                \
    REDU__WORD(FORM, T, A, LIFT, COMBINE, KEY_PICK);                                               \
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
    if (REDU__WORD_PIPE(FORM)) {                                                                   \
      REDU__PIPELINED_ROUNDS(xw, k, step, end, REDU__WORD_ROUND(PFX, V, head, k, step));           \
    }                                                                                              \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; k + 3 * step < end; k += 4 * step) {                                                    \
      redu__word16 w0 = redu__dev_load16(xw + k), w1 = redu__dev_load16(xw + k + step);            \
      redu__word16 w2 = redu__dev_load16(xw + k + 2 * step);                                       \
      redu__word16 w3 = redu__dev_load16(xw + k + 3 * step);                                       \
      REDU__WORD_ROUND(PFX, V, head, k, step);                                                     \
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

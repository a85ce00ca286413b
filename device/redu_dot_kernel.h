/* Fast dot products: one target region, finished on the device.
 *
 * REDU__DEFINE_DOT_REDUCE(PFX, T) defines
 *   void PFX_launch(const redu__launch *L, const T *x, const T *y, size_t n)
 * which leaves in L->result (a double) the sum of x[i] * y[i] over [0, n), products and sums
 * in double (a float product is exact in double; on targets with a fused multiply-add the
 * compiler fuses each product into its sum). The read pattern is the array kernel's
 * (redu_array_kernel.h): 16-byte words of both arrays, four in flight, four partials; the
 * team and grid finish are the reducers' (redu_reducers.h). x and y not alike against 16
 * bytes are read element by element. */
#ifndef REDU_DOT_KERNEL_H
#define REDU_DOT_KERNEL_H

#include "device/redu_internal.h"

#include "device/redu_launch.h"
#include "device/redu_reducers.h"
#include "device/redu_team_scratch.h"
#include "device/redu_thread_range.h"
#include <omp.h>
#include <stdint.h>

#pragma omp begin declare target
static inline double redu__dot_add(double a, double b) { return a + b; }
#pragma omp end declare target

#define REDU__DEFINE_DOT_REDUCE(PFX, T)                                                            \
  REDU__DEFINE_REDUCERS(PFX, double, redu__dot_add)                                                \
  _Pragma("omp begin declare target")                                                              \
  REDU__INLINE double PFX##_word(double acc, redu__word16 wx, redu__word16 wy)                     \
  {                                                                                                \
    typedef T lanes __attribute__((ext_vector_type(16 / sizeof(T))));                              \
    lanes ex = (lanes)wx, ey = (lanes)wy;                                                          \
    for (int j = 0; j < (int)(16 / sizeof(T)); ++j)                                                \
      acc = acc + (double)ex[j] * (double)ey[j];                                                   \
    return acc;                                                                                    \
  }                                                                                                \
                                                                                                   \
  REDU__INLINE double PFX##_thread(const T *x, const T *y, size_t n, size_t g, size_t stride)      \
  {                                                                                                \
    enum { V = 16 / sizeof(T) };                                                                   \
    uintptr_t ax = (uintptr_t)x, ay = (uintptr_t)y;                                                \
    size_t head = ax % 16 != ay % 16 ? n : ((16 - ax % 16) % 16) / sizeof(T);                      \
    if (head > n)                                                                                  \
      head = n;                                                                                    \
    size_t nw = (n - head) / V;                                                                    \
    const redu__word16 *xw = (const redu__word16 *)(x + head);                                     \
    const redu__word16 *yw = (const redu__word16 *)(y + head);                                     \
    double acc = 0.0, p0 = 0.0, p1 = 0.0, p2 = 0.0, p3 = 0.0;                                      \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t i = g; i < head; i += stride)                                                      \
      acc = acc + (double)x[i] * (double)y[i];                                                     \
    redu__range r = redu__dev_thread_range(nw, 0, g, stride);                                      \
    size_t k = r.first, step = r.step, end = r.end;                                                \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; k + 3 * step < end; k += 4 * step) {                                                    \
      redu__word16 x0 = redu__dev_load16(xw + k), x1 = redu__dev_load16(xw + k + step);            \
      redu__word16 x2 = redu__dev_load16(xw + k + 2 * step);                                       \
      redu__word16 x3 = redu__dev_load16(xw + k + 3 * step);                                       \
      redu__word16 y0 = redu__dev_load16(yw + k), y1 = redu__dev_load16(yw + k + step);            \
      redu__word16 y2 = redu__dev_load16(yw + k + 2 * step);                                       \
      redu__word16 y3 = redu__dev_load16(yw + k + 3 * step);                                       \
      redu__dev_prefetch_ahead(xw + k, 64); /* CPUs: step 1, four words a line */                  \
      redu__dev_prefetch_ahead(yw + k, 64);                                                        \
      p0 = PFX##_word(p0, x0, y0);                                                                 \
      p1 = PFX##_word(p1, x1, y1);                                                                 \
      p2 = PFX##_word(p2, x2, y2);                                                                 \
      p3 = PFX##_word(p3, x3, y3);                                                                 \
    }                                                                                              \
    acc = (((acc + p0) + p1) + p2) + p3;                                                           \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (; k < end; k += step)                                                                     \
      acc = PFX##_word(acc, redu__dev_load16(xw + k), redu__dev_load16(yw + k));                   \
    _Pragma("clang loop unroll(disable)")                                                          \
    for (size_t i = head + nw * V + g; i < n; i += stride)                                         \
      acc = acc + (double)x[i] * (double)y[i];                                                     \
    return acc;                                                                                    \
  }                                                                                                \
                                                                                                   \
  static inline __attribute__((flatten)) void PFX##_team(                                          \
      const T *x, const T *y, size_t n, size_t slots, size_t team_mem, void *spill,                \
      void *partials, unsigned *counter, void *result)                                             \
  {                                                                                                \
    unsigned tid = (unsigned)omp_get_thread_num(), nth = (unsigned)omp_get_num_threads();          \
    unsigned team = (unsigned)omp_get_team_num(), nteams = (unsigned)omp_get_num_teams();          \
    char *scratch = redu__dev_team_scratch(team_mem, spill, slots, sizeof(double));                \
    unsigned *last = (unsigned *)(scratch + redu__team_last_offset(slots, sizeof(double)));        \
    double v = PFX##_thread(x, y, n, (size_t)team * nth + tid, (size_t)nteams * nth);              \
    PFX##_grid_finish(v, 0.0, (double *)scratch, 0, last, tid, nth, team, nteams,                  \
                      (double *)partials, counter, (double *)result);                              \
  }                                                                                                \
  _Pragma("omp end declare target")                                                                \
  REDU__DEFINE_PAIR_LAUNCH(PFX, T, 1024)

#endif

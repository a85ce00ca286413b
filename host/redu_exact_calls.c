/* Exact sums (REDU_SUM with REDU_EXACT) and dot products, fast and exact: kernels stamped
 * from device/redu_exact_kernel.h and device/redu_dot_kernel.h, and their host wrappers. */
#include "device/redu_dot_kernel.h"
#include "device/redu_exact_kernel.h"
#include "host/redu_call.h"
#include "host/redu_error.h"
#include "host/redu_exact.h"
#include "redu.h"
#include <string.h>

/* The terms of each kind: a float or double widened exactly; a product of floats, exact in
 * double; a product of doubles, split exactly (device/redu_exact_kernel.h). */
#define REDU__X_ELEM_SUM(f, g, xv, yv) redu__x_sum_elem((f), (g), (double)(xv))
#define REDU__X_ELEM_DOT32(f, g, xv, yv) redu__x_sum_elem((f), (g), (double)(xv) * (double)(yv))
#define REDU__X_ELEM_DOT64(f, g, xv, yv) redu__x_dot_elem((f), (g), (xv), (yv))
#define REDU__X_FAST_SUM(f, g, xv, yv) redu__x_sum_fast((f), (g), (double)(xv))
#define REDU__X_FAST_DOT32(f, g, xv, yv) redu__x_sum_fast((f), (g), (double)(xv) * (double)(yv))
#define REDU__X_FAST_DOT64(f, g, xv, yv) redu__x_dot_fast((f), (g), (xv), (yv))
/* Floats take the second level only when a lane of the warp needs it (H100, sum f32 at 2^27:
 * 0.41-0.43 -> 0.34-0.38 ms over two leases; docs/performance.md). REDU__X_EARLY_F32=0 builds
 * the plain two-level step, for comparison. */
#ifndef REDU__X_EARLY_F32
#define REDU__X_EARLY_F32 1
#endif
#if REDU__X_EARLY_F32
#define REDU__X_ELEM_SUM32(f, g, xv, yv) redu__x_sum_elem_early((f), (g), (double)(xv))
#define REDU__X_FAST_SUM32(f, g, xv, yv) redu__x_sum_fast_hi((f), (g), (double)(xv))
#else
#define REDU__X_ELEM_SUM32 REDU__X_ELEM_SUM
#define REDU__X_FAST_SUM32 REDU__X_FAST_SUM
#endif

/* Each kind: its per-element step, EARLY, its full step, its batched fast step, its format. */
REDU__DEFINE_EXACT_REDUCE(redu__k_xsum_f32, float, 1, REDU__X_ELEM_SUM32, REDU__X_EARLY_F32,
                          REDU__X_ELEM_SUM, REDU__X_FAST_SUM32, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS)
REDU__DEFINE_EXACT_REDUCE(redu__k_xsum_f64, double, 1, REDU__X_ELEM_SUM, 0, REDU__X_ELEM_SUM,
                          REDU__X_FAST_SUM, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS)
REDU__DEFINE_EXACT_REDUCE(redu__k_xdot_f32, float, 2, REDU__X_ELEM_DOT32, 0, REDU__X_ELEM_DOT32,
                          REDU__X_FAST_DOT32, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS)
REDU__DEFINE_EXACT_REDUCE(redu__k_xdot_f64, double, 2, REDU__X_ELEM_DOT64, 0, REDU__X_ELEM_DOT64,
                          REDU__X_FAST_DOT64, REDU__X_DOT_LIMBS, REDU__X_DOT_BIAS)
REDU__DEFINE_DOT_REDUCE(redu__k_dot_f32, float)
REDU__DEFINE_DOT_REDUCE(redu__k_dot_f64, double)

/* One exact call of kernel K (limbs, bias of its format) over T x (and y), rounded to the
 * result type (PREC, EMIN), into *result; n = 0 gives +0. */
#define REDU__RUN_EXACT(s, FN_, K, T, NIN, LIMBS, BIAS, PREC, EMIN, D_, X_, Y_, N_, R_, O_)        \
  do {                                                                                             \
    int64_t rec[(LIMBS) + 1] = {0};                                                                \
    rec[LIMBS] = REDU__X_NOT_NEGZERO; /* n = 0: +0, the identity of the fast sum */                \
    const redu__call_shape sh = {.fn = (FN_),                                                      \
                                 .elem_size = sizeof(T),                                           \
                                 .elem_align = _Alignof(T),                                        \
                                 .acc_size = sizeof rec,                                           \
                                 .acc_align = _Alignof(int64_t),                                   \
                                 .builtin = 1,                                                     \
                                 .exact = 1,                                                       \
                                 .dot = (NIN) == 2,                                                \
                                 .y = (Y_)};                                                       \
    REDU__RUN_PAIR_CALL(s, rec, sh, D_, (const T *)(X_), (const T *)(Y_), N_, R_, O_, K##_launch); \
    if ((s) == REDU_OK)                                                                            \
      *(T *)(R_) = (T)redu__x_round(rec, (LIMBS), (BIAS), (PREC), (EMIN));                         \
  } while (0)

redu_status redu__exact_sum(redu_type type, int device, const void *x, size_t n, void *result,
                            const redu_options *opts)
{
  redu_status s;
  if (type == REDU_FLOAT)
    REDU__RUN_EXACT(s, "redu_sum_f32", redu__k_xsum_f32, float, 1, REDU__X_SUM_LIMBS,
                    REDU__X_SUM_BIAS, 24, -126, device, x, NULL, n, result, opts);
  else
    REDU__RUN_EXACT(s, "redu_sum_f64", redu__k_xsum_f64, double, 1, REDU__X_SUM_LIMBS,
                    REDU__X_SUM_BIAS, 53, -1022, device, x, NULL, n, result, opts);
  return s;
}

/* redu_dot_<sfx>: exact (format LIMBS/BIAS, rounded to PREC/EMIN) under REDU_EXACT, else the
 * fast kernel's double sum of products rounded once to T. */
#define REDU__DEFINE_DOT_CALL(sfx, T, LIMBS, BIAS, PREC, EMIN)                                     \
  redu_status redu_dot_##sfx(int device, const T *x, const T *y, size_t n, T *result,              \
                             const redu_options *opts)                                             \
  {                                                                                                \
    redu_status s;                                                                                 \
    if (opts && (opts->flags & REDU_EXACT)) {                                                      \
      REDU__RUN_EXACT(s, "redu_dot_" #sfx, redu__k_xdot_##sfx, T, 2, LIMBS, BIAS, PREC, EMIN,      \
                      device, x, y, n, result, opts);                                              \
      return s;                                                                                    \
    }                                                                                              \
    double acc[1] = {0.0};                                                                         \
    const redu__call_shape sh = {REDU__SHAPE_OF("redu_dot_" #sfx, T, double), .builtin = 1,        \
                                 .dot = 1, .y = y};                                                \
    REDU__RUN_PAIR_CALL(s, acc, sh, device, x, y, n, result, opts, redu__k_dot_##sfx##_launch);    \
    if (s == REDU_OK)                                                                              \
      *result = (T)acc[0];                                                                         \
    return s;                                                                                      \
  }

REDU__DEFINE_DOT_CALL(f32, float, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, 24, -126)
REDU__DEFINE_DOT_CALL(f64, double, REDU__X_DOT_LIMBS, REDU__X_DOT_BIAS, 53, -1022)
#undef REDU__DEFINE_DOT_CALL
#undef REDU__RUN_EXACT

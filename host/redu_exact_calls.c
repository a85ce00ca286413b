/* Exact sums (REDU_SUM with REDU_EXACT) and dot products, fast and exact: kernels stamped
 * from device/redu_exact_kernel.h and device/redu_dot_kernel.h, and their host wrappers. */
#include "device/redu_dot_kernel.h"
#include "device/redu_exact_kernel.h"
#include "host/redu_call.h"
#include "host/redu_error.h"
#include "host/redu_exact.h"
#include "host/redu_partial.h"
#include "redu.h"
#include <string.h>

/* The terms of each kind: a float or double widened exactly; a product of floats, exact in
 * double; a product of doubles, split exactly (device/redu_exact_kernel.h). */
#define REDU__X_ELEM_SUM(f, g, xv, yv) redu__x_sum_elem((f), (g), (double)(xv))
#define REDU__X_ELEM_DOT32(f, g, xv, yv) redu__x_sum_elem((f), (g), (double)(xv) * (double)(yv))
#define REDU__X_ELEM_DOT64(f, g, xv, yv) redu__x_dot_elem((f), (g), (xv), (yv))
/* Floats take the second level only when a lane of the warp needs it (H100, sum f32 at 2^27:
 * 0.41-0.43 -> 0.34-0.38 ms on two machines; docs/performance.md). REDU__X_EARLY_F32=0 builds
 * the plain two-level step, for comparison. */
#ifndef REDU__X_EARLY_F32
#define REDU__X_EARLY_F32 1
#endif
#if REDU__X_EARLY_F32
#define REDU__X_ELEM_SUM32(f, g, xv, yv) redu__x_sum_elem_early((f), (g), (double)(xv))
#else
#define REDU__X_ELEM_SUM32 REDU__X_ELEM_SUM
#endif

/* Each kind: its per-element step, EARLY, its vector terms (device/redu_exact_vec.h), its
 * format. */
REDU__DEFINE_EXACT_REDUCE(redu__kernel_xsum_f32, float, 1, REDU__X_ELEM_SUM32, REDU__X_EARLY_F32,
                          redu__x_vterms_sum, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS)
REDU__DEFINE_EXACT_REDUCE(redu__kernel_xsum_f64, double, 1, REDU__X_ELEM_SUM, 0, redu__x_vterms_sum,
                          REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS)
REDU__DEFINE_EXACT_REDUCE(redu__kernel_xdot_f32, float, 2, REDU__X_ELEM_DOT32, 0,
                          redu__x_vterms_dot32, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS)
REDU__DEFINE_EXACT_REDUCE(redu__kernel_xdot_f64, double, 2, REDU__X_ELEM_DOT64, 0,
                          redu__x_vterms_dot64, REDU__X_DOT_LIMBS, REDU__X_DOT_BIAS)
REDU__DEFINE_DOT_REDUCE(redu__kernel_dot_f32, float)
REDU__DEFINE_DOT_REDUCE(redu__kernel_dot_f64, double)

/* One exact call of kernel K over T x (and y) into the record rec (LIMBS + 1 words, an array);
 * OUT_ is the caller's output. */
#define REDU__RUN_RECORD(s, FN_, K, T, NIN, LIMBS, rec, D_, X_, Y_, N_, OUT_, O_)                  \
  do {                                                                                             \
    memset(rec, 0, sizeof rec);                                                                    \
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
    REDU__RUN_PAIR_CALL(s, rec, sh, D_, (const T *)(X_), (const T *)(Y_), N_, OUT_, O_,            \
                        K##_launch);                                                               \
  } while (0)

/* One exact call, rounded to the result type (PREC, EMIN), into *result; n = 0 gives +0. */
#define REDU__RUN_EXACT(s, FN_, K, T, NIN, LIMBS, BIAS, PREC, EMIN, D_, X_, Y_, N_, R_, O_)        \
  do {                                                                                             \
    int64_t rec[(LIMBS) + 1];                                                                      \
    REDU__RUN_RECORD(s, FN_, K, T, NIN, LIMBS, rec, D_, X_, Y_, N_, R_, O_);                       \
    if ((s) == REDU_OK)                                                                            \
      *(T *)(R_) = (T)redu__x_round(rec, (LIMBS), (BIAS), (PREC), (EMIN));                         \
  } while (0)

redu_status redu__exact_sum(redu_type type, int device, const void *x, size_t n, void *result,
                            const redu_options *opts)
{
  redu_status s;
  if (type == REDU_FLOAT)
    REDU__RUN_EXACT(s, "redu_sum_f32", redu__kernel_xsum_f32, float, 1, REDU__X_SUM_LIMBS,
                    REDU__X_SUM_BIAS, 24, -126, device, x, NULL, n, result, opts);
  else
    REDU__RUN_EXACT(s, "redu_sum_f64", redu__kernel_xsum_f64, double, 1, REDU__X_SUM_LIMBS,
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
      REDU__RUN_EXACT(s, "redu_dot_" #sfx, redu__kernel_xdot_##sfx, T, 2, LIMBS, BIAS, PREC, EMIN, \
                      device, x, y, n, result, opts);                                              \
      return s;                                                                                    \
    }                                                                                              \
    double acc[1] = {0.0};                                                                         \
    const redu__call_shape sh = {REDU__SHAPE_OF("redu_dot_" #sfx, T, double), .builtin = 1,        \
                                 .dot = 1, .y = y};                                                \
    REDU__RUN_PAIR_CALL(s, acc, sh, device, x, y, n, result, opts,                                 \
                        redu__kernel_dot_##sfx##_launch);                                          \
    if (s == REDU_OK)                                                                              \
      *result = (T)acc[0];                                                                         \
    return s;                                                                                      \
  }

REDU__DEFINE_DOT_CALL(f32, float, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, 24, -126)
REDU__DEFINE_DOT_CALL(f64, double, REDU__X_DOT_LIMBS, REDU__X_DOT_BIAS, 53, -1022)
#undef REDU__DEFINE_DOT_CALL
#undef REDU__RUN_EXACT

/* ---- Partial forms (host/redu_partial.h): records and double sums, combined on the host --- */

/* A part's record marks that it held terms: a record of no terms must not turn a sum of -0.0
 * terms elsewhere into +0 (the single call of the whole gives -0.0 then), yet a total of no
 * terms rounds to +0. Host-side only; cleared before rounding. */
enum { REDU__X_PART_HAS_TERMS = 16 };

#define REDU__DEFINE_EXACT_PARTIAL(name, FN, K, T, NIN, LIMBS, BIAS, PREC, EMIN)                   \
  static redu_status redu__part_reduce_##name(int device, const void *x, const void *y, size_t n,  \
                                              void *acc, const redu_options *opts)                 \
  {                                                                                                \
    redu_status s;                                                                                 \
    int64_t rec[(LIMBS) + 1];                                                                      \
    REDU__RUN_RECORD(s, FN, K, T, NIN, LIMBS, rec, device, x, y, n, acc, opts);                    \
    if (s != REDU_OK)                                                                              \
      return s;                                                                                    \
    rec[LIMBS] = n ? rec[LIMBS] | REDU__X_PART_HAS_TERMS : 0;                                      \
    memcpy(acc, rec, sizeof rec);                                                                  \
    return REDU_OK;                                                                                \
  }                                                                                                \
  static void redu__part_combine_##name(void *acc, const void *later, size_t before)               \
  {                                                                                                \
    (void)before;                                                                                  \
    int64_t a[(LIMBS) + 1], b[(LIMBS) + 1];                                                        \
    memcpy(a, acc, sizeof a);                                                                      \
    memcpy(b, later, sizeof b);                                                                    \
    redu__x_record_combine(a, b, (LIMBS));                                                         \
    memcpy(acc, a, sizeof a);                                                                      \
  }                                                                                                \
  static void redu__part_finish_##name(const void *acc, void *result, size_t *index)               \
  {                                                                                                \
    (void)index;                                                                                   \
    int64_t rec[(LIMBS) + 1];                                                                      \
    memcpy(rec, acc, sizeof rec);                                                                  \
    if (!(rec[LIMBS] & REDU__X_PART_HAS_TERMS))                                                    \
      rec[LIMBS] = REDU__X_NOT_NEGZERO;                                                            \
    rec[LIMBS] &= ~(int64_t)REDU__X_PART_HAS_TERMS;                                                \
    *(T *)result = (T)redu__x_round(rec, (LIMBS), (BIAS), (PREC), (EMIN));                         \
  }

REDU__DEFINE_EXACT_PARTIAL(xsum_f32, "redu_sum_f32", redu__kernel_xsum_f32, float, 1,
                           REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, 24, -126)
REDU__DEFINE_EXACT_PARTIAL(xsum_f64, "redu_sum_f64", redu__kernel_xsum_f64, double, 1,
                           REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, 53, -1022)
REDU__DEFINE_EXACT_PARTIAL(xdot_f32, "redu_dot_f32", redu__kernel_xdot_f32, float, 2,
                           REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, 24, -126)
REDU__DEFINE_EXACT_PARTIAL(xdot_f64, "redu_dot_f64", redu__kernel_xdot_f64, double, 2,
                           REDU__X_DOT_LIMBS, REDU__X_DOT_BIAS, 53, -1022)
#undef REDU__DEFINE_EXACT_PARTIAL

/* The fast dot: products summed in double, rounded once to T at the end. */
#define REDU__DEFINE_DOT_PARTIAL(sfx, T)                                                           \
  static redu_status redu__part_reduce_dot_##sfx(int device, const void *x, const void *y,         \
                                                 size_t n, void *acc, const redu_options *opts)    \
  {                                                                                                \
    double a[1] = {0.0};                                                                           \
    const redu__call_shape sh = {REDU__SHAPE_OF("redu_dot_" #sfx, T, double), .builtin = 1,        \
                                 .dot = 1, .y = y};                                                \
    redu_status s;                                                                                 \
    REDU__RUN_PAIR_CALL(s, a, sh, device, (const T *)x, (const T *)y, n, acc, opts,                \
                        redu__kernel_dot_##sfx##_launch);                                          \
    if (s == REDU_OK)                                                                              \
      memcpy(acc, a, sizeof a);                                                                    \
    return s;                                                                                      \
  }                                                                                                \
  static void redu__part_finish_dot_##sfx(const void *acc, void *result, size_t *index)            \
  {                                                                                                \
    (void)index;                                                                                   \
    double a;                                                                                      \
    memcpy(&a, acc, sizeof a);                                                                     \
    *(T *)result = (T)a;                                                                           \
  }
REDU__DEFINE_DOT_PARTIAL(f32, float)
REDU__DEFINE_DOT_PARTIAL(f64, double)
#undef REDU__DEFINE_DOT_PARTIAL

static void redu__part_combine_dot(void *acc, const void *later, size_t before)
{
  (void)before;
  double a, b;
  memcpy(&a, acc, sizeof a);
  memcpy(&b, later, sizeof b);
  a += b;
  memcpy(acc, &a, sizeof a);
}

/* Codes after the built-in table's (host/redu_builtin_calls.c). */
enum { REDU__CODE_X = REDU_OP_COUNT * REDU_TYPE_COUNT };
#define REDU__X_PARTIAL(name, FN, LIMBS, K)                                                        \
  {FN,                                                                                             \
   ((LIMBS) + 1) * sizeof(int64_t),                                                                \
   redu__part_reduce_##name,                                                                       \
   redu__part_combine_##name,                                                                      \
   redu__part_finish_##name,                                                                       \
   0,                                                                                              \
   REDU__CODE_X + (K)}
static const redu__partial redu__x_partials[] = {
    REDU__X_PARTIAL(xsum_f32, "redu_sum_f32", REDU__X_SUM_LIMBS, 0),
    REDU__X_PARTIAL(xsum_f64, "redu_sum_f64", REDU__X_SUM_LIMBS, 1),
    REDU__X_PARTIAL(xdot_f32, "redu_dot_f32", REDU__X_SUM_LIMBS, 2),
    REDU__X_PARTIAL(xdot_f64, "redu_dot_f64", REDU__X_DOT_LIMBS, 3),
    {"redu_dot_f32", sizeof(double), redu__part_reduce_dot_f32, redu__part_combine_dot,
     redu__part_finish_dot_f32, 0, REDU__CODE_X + 4},
    {"redu_dot_f64", sizeof(double), redu__part_reduce_dot_f64, redu__part_combine_dot,
     redu__part_finish_dot_f64, 0, REDU__CODE_X + 5},
};
#undef REDU__X_PARTIAL
_Static_assert((REDU__X_DOT_LIMBS + 1) * 8 <= REDU__PARTIAL_MAX_ACC, "a partial's accumulator");

const redu__partial *redu__partial_exact_sum(redu_type type)
{
  return &redu__x_partials[type == REDU_DOUBLE];
}

const redu__partial *redu__partial_dot(redu_type type, unsigned flags)
{
  return &redu__x_partials[(flags & REDU_EXACT ? 2 : 4) + (type == REDU_DOUBLE)];
}

const redu__partial *redu__partial_exact_by_code(int code)
{
  int k = code - REDU__CODE_X;
  return k >= 0 && k < (int)(sizeof redu__x_partials / sizeof *redu__x_partials)
             ? &redu__x_partials[k]
             : NULL;
}

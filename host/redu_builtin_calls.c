/* Every typed call of libredu/redu_typed.h and the generic redu_reduce, each stamped from
 * one definition: a kernel from the device template and a host wrapper around
 * redu__call_begin. The prototypes are listed in redu_typed.h; -Wmissing-prototypes makes
 * a call stamped here without one an error, and a listed one with other types a conflict. */
#include "device/redu_array_kernel.h"
#include "device/redu_builtin_ops.h"
#include "host/redu_call.h"
#include "host/redu_error.h"
#include "host/redu_exact.h"
#include "host/redu_partial.h"
#include "redu.h"
#include <string.h>

/* XTYPE: the redu_type of a sum (REDU_EXACT goes to host/redu_exact_calls.c for float and
 * double), REDU_TYPE_COUNT for the other ops. */
#define REDU__DEFINE_VALUE_CALL(op, sfx, T, A, IDENT, LIFT, COMBINE, FINISH, XTYPE)                \
  REDU__DEFINE_ARRAY_REDUCE(redu__kernel_##op##_##sfx, T, A, IDENT, LIFT, COMBINE, FOLD,           \
                            REDU__CPU_NO_KEY_PICK)                                                 \
  enum { redu__acc_bytes_##op##_##sfx = (int)sizeof(A) };                                          \
  /* x[0, n) into *acc (which holds the identity); out is the caller's output. */                  \
  static redu_status redu__run_##op##_##sfx(int device, const void *x, size_t n, A *acc,           \
                                            const void *out, const redu_options *opts)             \
  {                                                                                                \
    const redu__call_shape sh = {REDU__SHAPE_OF("redu_" #op "_" #sfx, T, A), .builtin = 1};        \
    redu_status s;                                                                                 \
    REDU__RUN_CALL(s, *acc, sh, device, (const T *)x, n, out, out, opts,                           \
                   redu__kernel_##op##_##sfx##_launch);                                            \
    return s;                                                                                      \
  }                                                                                                \
  redu_status redu_##op##_##sfx(int device, const T *x, size_t n, T *result,                       \
                                const redu_options *opts)                                          \
  {                                                                                                \
    if (((XTYPE) == REDU_FLOAT || (XTYPE) == REDU_DOUBLE) && opts && (opts->flags & REDU_EXACT))   \
      return redu__exact_sum((XTYPE), device, x, n, result, opts);                                 \
    A acc = (IDENT);                                                                               \
    redu_status s = redu__run_##op##_##sfx(device, x, n, &acc, result, opts);                      \
    if (s != REDU_OK)                                                                              \
      return s;                                                                                    \
    *result = FINISH(acc);                                                                         \
    return REDU_OK;                                                                                \
  }                                                                                                \
  static redu_status redu__generic_##op##_##sfx(int device, const void *x, size_t n, void *result, \
                                                size_t *index, const redu_options *opts)           \
  {                                                                                                \
    (void)index;                                                                                   \
    return redu_##op##_##sfx(device, (const T *)x, n, (T *)result, opts);                          \
  }                                                                                                \
  /* The partial form (host/redu_partial.h): the accumulator, combined and finished later. */      \
  static redu_status redu__part_reduce_##op##_##sfx(int device, const void *x, const void *y,      \
                                                    size_t n, void *acc, const redu_options *opts) \
  {                                                                                                \
    (void)y;                                                                                       \
    A a = (IDENT);                                                                                 \
    redu_status s = redu__run_##op##_##sfx(device, x, n, &a, acc, opts);                           \
    if (s == REDU_OK)                                                                              \
      memcpy(acc, &a, sizeof a);                                                                   \
    return s;                                                                                      \
  }                                                                                                \
  static void redu__part_combine_##op##_##sfx(void *acc, const void *later, size_t before)         \
  {                                                                                                \
    (void)before;                                                                                  \
    A a, b;                                                                                        \
    memcpy(&a, acc, sizeof a);                                                                     \
    memcpy(&b, later, sizeof b);                                                                   \
    a = COMBINE(a, b);                                                                             \
    memcpy(acc, &a, sizeof a);                                                                     \
  }                                                                                                \
  static void redu__part_finish_##op##_##sfx(const void *acc, void *result, size_t *index)         \
  {                                                                                                \
    (void)index;                                                                                   \
    A a;                                                                                           \
    memcpy(&a, acc, sizeof a);                                                                     \
    *(T *)result = FINISH(a);                                                                      \
  }

/* KEY_PICK: the op's pick between two order keys alone (redu__op_min/max), for CPUs. */
#define REDU__DEFINE_ARG_CALL(op, sfx, T, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK)               \
  REDU__DEFINE_ARRAY_REDUCE(redu__kernel_##op##_##sfx, T, A, IDENT, LIFT, COMBINE, PICK, KEY_PICK) \
  enum { redu__acc_bytes_##op##_##sfx = (int)sizeof(A) };                                          \
  static redu_status redu__run_##op##_##sfx(int device, const void *x, size_t n, A *acc,           \
                                            const void *out1, const void *out2,                    \
                                            const redu_options *opts)                              \
  {                                                                                                \
    const redu__call_shape sh = {REDU__SHAPE_OF("redu_" #op "_" #sfx, T, A), .builtin = 1};        \
    redu_status s;                                                                                 \
    REDU__RUN_CALL(s, *acc, sh, device, (const T *)x, n, out1, out2, opts,                         \
                   redu__kernel_##op##_##sfx##_launch);                                            \
    return s;                                                                                      \
  }                                                                                                \
  redu_status redu_##op##_##sfx(int device, const T *x, size_t n, T *value, size_t *index,         \
                                const redu_options *opts)                                          \
  {                                                                                                \
    A acc = IDENT;                                                                                 \
    redu_status s = redu__run_##op##_##sfx(device, x, n, &acc, value, index, opts);                \
    if (s != REDU_OK)                                                                              \
      return s;                                                                                    \
    *value = FINISH(acc.v);                                                                        \
    *index = acc.i;                                                                                \
    return REDU_OK;                                                                                \
  }                                                                                                \
  static redu_status redu__generic_##op##_##sfx(int device, const void *x, size_t n, void *result, \
                                                size_t *index, const redu_options *opts)           \
  {                                                                                                \
    return redu_##op##_##sfx(device, (const T *)x, n, (T *)result, index, opts);                   \
  }                                                                                                \
  static redu_status redu__part_reduce_##op##_##sfx(int device, const void *x, const void *y,      \
                                                    size_t n, void *acc, const redu_options *opts) \
  {                                                                                                \
    (void)y;                                                                                       \
    A a = IDENT;                                                                                   \
    redu_status s = redu__run_##op##_##sfx(device, x, n, &a, acc, acc, opts);                      \
    if (s == REDU_OK)                                                                              \
      memcpy(acc, &a, sizeof a);                                                                   \
    return s;                                                                                      \
  }                                                                                                \
  /* later's index counts from its part's start: shift it past the elements before. */             \
  static void redu__part_combine_##op##_##sfx(void *acc, const void *later, size_t before)         \
  {                                                                                                \
    A a, b;                                                                                        \
    memcpy(&a, acc, sizeof a);                                                                     \
    memcpy(&b, later, sizeof b);                                                                   \
    if (b.i != REDU_NO_INDEX)                                                                      \
      b.i += before;                                                                               \
    a = COMBINE(a, b);                                                                             \
    memcpy(acc, &a, sizeof a);                                                                     \
  }                                                                                                \
  static void redu__part_finish_##op##_##sfx(const void *acc, void *result, size_t *index)         \
  {                                                                                                \
    A a;                                                                                           \
    memcpy(&a, acc, sizeof a);                                                                     \
    *(T *)result = FINISH(a.v);                                                                    \
    *index = a.i;                                                                                  \
  }

/* One row of device/redu_op_table.h: the call and its partial form. */
#define REDU__CALL_VALUE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)           \
  REDU__DEFINE_VALUE_CALL(op, sfx, T, A, IDENT, LIFT, COMBINE, FINISH,                             \
                          (EXACT) ? (E) : REDU_TYPE_COUNT)
#define REDU__CALL_ARG(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)               \
  REDU__DEFINE_ARG_CALL(op, sfx, T, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK)
#define REDU__CALLS(sfx, T, E, K, SA, LO, HI)                                                      \
  REDU__OPS_OF_TYPE(REDU__CALL_VALUE, REDU__CALL_ARG, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(REDU__CALLS)
#undef REDU__CALLS
#undef REDU__CALL_VALUE
#undef REDU__CALL_ARG
#undef REDU__DEFINE_VALUE_CALL
#undef REDU__DEFINE_ARG_CALL

typedef redu_status (*redu__generic_fn)(int, const void *, size_t, void *, size_t *,
                                        const redu_options *);

/* Per (op, type): the generic entry and the partial form (host/redu_partial.h), whose
 * acc_size is what redu_accumulator_size reports. */
typedef struct redu__builtin {
  redu__generic_fn fn;
  redu__partial partial;
} redu__builtin;

/* A built-in's code is its place in the table, op * REDU_TYPE_COUNT + type; exact sums and
 * dot products follow (host/redu_exact_calls.c). */
#define REDU__ENTRY(op, OP, sfx, E, ARG)                                                           \
  [OP][E] = {redu__generic_##op##_##sfx,                                                           \
             {"redu_" #op "_" #sfx, redu__acc_bytes_##op##_##sfx, redu__part_reduce_##op##_##sfx,  \
              redu__part_combine_##op##_##sfx, redu__part_finish_##op##_##sfx, ARG,                \
              (OP) * REDU_TYPE_COUNT + (E)}},
#define REDU__VALUE_ENTRY(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)          \
  REDU__ENTRY(op, OP, sfx, E, 0)
#define REDU__ARG_ENTRY(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)              \
  REDU__ENTRY(op, OP, sfx, E, 1)
#define REDU__ENTRIES(sfx, T, E, K, SA, LO, HI)                                                    \
  REDU__OPS_OF_TYPE(REDU__VALUE_ENTRY, REDU__ARG_ENTRY, sfx, T, E, K, SA, LO, HI)

_Static_assert(REDU__OP_ROWS == REDU_OP_COUNT,
               "device/redu_op_table.h has a row for every redu_op and no other");
static const redu__builtin redu__builtin_table[REDU_OP_COUNT][REDU_TYPE_COUNT] = {
    REDU_FOR_EACH_TYPE(REDU__ENTRIES)};
#undef REDU__ENTRIES
#undef REDU__VALUE_ENTRY
#undef REDU__ARG_ENTRY
#undef REDU__ENTRY

/* redu_reduce's checks of op and type, for the call fn. */
static redu_status redu__check_op_type(const char *fn, redu_op op, redu_type type)
{
  if ((unsigned)op >= REDU_OP_COUNT || (unsigned)type >= REDU_TYPE_COUNT)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: unknown op %d or type %d; use the redu_op and redu_type enums of "
                      "redu.h",
                      fn, (int)op, (int)type);
  if (!redu__builtin_table[op][type].fn)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: op %d is not defined for floating-point type %d; bitwise and/or/xor "
                      "take integer types only",
                      fn, (int)op, (int)type);
  return REDU_OK;
}

const redu__partial *redu__partial_builtin(const char *fn, redu_op op, redu_type type,
                                           unsigned flags, redu_status *st)
{
  *st = redu__check_op_type(fn, op, type);
  if (*st != REDU_OK)
    return NULL;
  if (flags & REDU_EXACT) {
    if (op == REDU_SUM && (type == REDU_FLOAT || type == REDU_DOUBLE))
      return redu__partial_exact_sum(type);
    *st = redu__fail(REDU_ERR_UNSUPPORTED,
                     "%s: REDU_EXACT applies to sums of float and double only (and dot "
                     "products)",
                     fn);
    return NULL;
  }
  return &redu__builtin_table[op][type].partial;
}

const redu__partial *redu__partial_by_code(int code)
{
  if (code >= 0 && code < REDU_OP_COUNT * REDU_TYPE_COUNT) {
    const redu__builtin *b = &redu__builtin_table[code / REDU_TYPE_COUNT][code % REDU_TYPE_COUNT];
    return b->fn ? &b->partial : NULL;
  }
  return redu__partial_exact_by_code(code);
}

size_t redu_accumulator_size(redu_op op, redu_type type)
{
  if ((unsigned)op >= REDU_OP_COUNT || (unsigned)type >= REDU_TYPE_COUNT)
    return 0;
  return redu__builtin_table[op][type].partial.acc_size;
}

redu_status redu_reduce(int device, redu_op op, redu_type type, const void *x, size_t n,
                        void *result, size_t *index, const redu_options *opts)
{
  redu_status s = redu__check_op_type("redu_reduce", op, type);
  if (s != REDU_OK)
    return s;
  if ((op == REDU_ARGMIN || op == REDU_ARGMAX) && !index)
    return redu__fail(REDU_ERR_NULL_ARG,
                      "redu_reduce: argmin/argmax need an index output; pass a size_t *");
  return redu__builtin_table[op][type].fn(device, x, n, result, index, opts);
}

/* Every typed call of libredu/redu.h and the generic redu_reduce, each stamped from one
 * definition: a kernel from the template and a host wrapper around redu_call_begin. */
#include "../libredu/redu.h"
#include "../host/redu_call.h"
#include "redu_array_kernel.h"
#include "redu_builtin_ops.h"

#define REDU_DEFINE_VALUE_CALL(op, sfx, T, A, IDENT, LIFT, COMBINE, FINISH)                \
  REDU_DEFINE_ARRAY_REDUCE(redu_k_##op##_##sfx, T, A, IDENT, LIFT, COMBINE)                \
  enum { redu_acc_bytes_##op##_##sfx = (int)sizeof(A) };                                   \
  redu_status redu_##op##_##sfx(int device, const T *x, size_t n, T *result,               \
                                const redu_options *opts)                                  \
  {                                                                                        \
    redu_call c;                                                                           \
    const redu_call_shape sh = {.fn = "redu_" #op "_" #sfx, .elem_size = sizeof(T),        \
                                .elem_align = _Alignof(T), .acc_size = sizeof(A),          \
                                .acc_align = _Alignof(A), .builtin = 1};                   \
    redu_status s = redu_call_begin(&c, &sh, device, x, n, result, result, opts);          \
    A acc = (IDENT);                                                                       \
    if (s == REDU_OK && !c.empty) {                                                        \
      redu_k_##op##_##sfx##_launch(&c.launch, x, n);                                       \
      s = redu_call_end(&c, &acc, sizeof acc);                                             \
    }                                                                                      \
    if (s != REDU_OK)                                                                      \
      return s;                                                                            \
    *result = FINISH(acc);                                                                 \
    return REDU_OK;                                                                        \
  }                                                                                        \
  static redu_status redu_g_##op##_##sfx(int device, const void *x, size_t n, void *result, \
                                         size_t *index, const redu_options *opts)          \
  {                                                                                        \
    (void)index;                                                                           \
    return redu_##op##_##sfx(device, (const T *)x, n, (T *)result, opts);                  \
  }

#define REDU_DEFINE_ARG_CALL(op, sfx, T, IDENT, LIFT)                                      \
  REDU_DEFINE_ARRAY_REDUCE(redu_k_##op##_##sfx, T, redu_loc_##sfx, IDENT, LIFT,            \
                           redu_op_##op##_##sfx)                                           \
  enum { redu_acc_bytes_##op##_##sfx = (int)sizeof(redu_loc_##sfx) };                     \
  redu_status redu_##op##_##sfx(int device, const T *x, size_t n, T *value, size_t *index, \
                                const redu_options *opts)                                  \
  {                                                                                        \
    redu_call c;                                                                           \
    const redu_call_shape sh = {.fn = "redu_" #op "_" #sfx, .elem_size = sizeof(T),        \
                                .elem_align = _Alignof(T), .acc_size = sizeof(redu_loc_##sfx), \
                                .acc_align = _Alignof(redu_loc_##sfx), .builtin = 1};      \
    redu_status s = redu_call_begin(&c, &sh, device, x, n, value, index, opts);            \
    redu_loc_##sfx acc = IDENT;                                                            \
    if (s == REDU_OK && !c.empty) {                                                        \
      redu_k_##op##_##sfx##_launch(&c.launch, x, n);                                       \
      s = redu_call_end(&c, &acc, sizeof acc);                                             \
    }                                                                                      \
    if (s != REDU_OK)                                                                      \
      return s;                                                                            \
    *value = redu_op_value_##sfx(acc.v);                                                   \
    *index = acc.i;                                                                        \
    return REDU_OK;                                                                        \
  }                                                                                        \
  static redu_status redu_g_##op##_##sfx(int device, const void *x, size_t n, void *result, \
                                         size_t *index, const redu_options *opts)          \
  {                                                                                        \
    return redu_##op##_##sfx(device, (const T *)x, n, (T *)result, index, opts);           \
  }

/* Identities of min and max are the keys of +inf / -inf (of the type's extremes). */
#define REDU_MIN_IDENT(sfx, T, HI) redu_op_lo_##sfx((T)(HI), 0)
#define REDU_MAX_IDENT(sfx, T, LO) redu_op_hi_##sfx((T)(LO), 0)

#define REDU_DEFINE_CALLS_ALL(sfx, T, E, K, SA, LO, HI)                                    \
  REDU_DEFINE_VALUE_CALL(sum, sfx, T, SA, (SA)0, redu_op_widen_##sfx, redu_op_add_##sfx,   \
                         redu_op_narrow_##sfx)                                             \
  REDU_DEFINE_VALUE_CALL(prod, sfx, T, SA, (SA)1, redu_op_widen_##sfx, redu_op_mul_##sfx,  \
                         redu_op_narrow_##sfx)                                             \
  REDU_DEFINE_VALUE_CALL(min, sfx, T, redu_ord_##sfx, REDU_MIN_IDENT(sfx, T, HI),          \
                         redu_op_lo_##sfx, redu_op_min_##sfx, redu_op_value_##sfx)         \
  REDU_DEFINE_VALUE_CALL(max, sfx, T, redu_ord_##sfx, REDU_MAX_IDENT(sfx, T, LO),          \
                         redu_op_hi_##sfx, redu_op_max_##sfx, redu_op_value_##sfx)         \
  REDU_DEFINE_VALUE_CALL(land, sfx, T, uint8_t, 1, redu_op_truth_##sfx, redu_op_and_flag,  \
                         (T))                                                              \
  REDU_DEFINE_VALUE_CALL(lor, sfx, T, uint8_t, 0, redu_op_truth_##sfx, redu_op_or_flag, (T)) \
  REDU_DEFINE_ARG_CALL(argmin, sfx, T,                                                     \
                       ((redu_loc_##sfx){REDU_MIN_IDENT(sfx, T, HI), REDU_NO_INDEX}),      \
                       redu_op_at_lo_##sfx)                                                \
  REDU_DEFINE_ARG_CALL(argmax, sfx, T,                                                     \
                       ((redu_loc_##sfx){REDU_MAX_IDENT(sfx, T, LO), REDU_NO_INDEX}),      \
                       redu_op_at_hi_##sfx)

#define REDU_DEFINE_CALLS_BITWISE(sfx, T, E, K, SA, LO, HI)                                \
  REDU_DEFINE_VALUE_CALL(band, sfx, T, T, (T)~(T)0, redu_op_self_##sfx, redu_op_band_##sfx, (T)) \
  REDU_DEFINE_VALUE_CALL(bor, sfx, T, T, (T)0, redu_op_self_##sfx, redu_op_bor_##sfx, (T)) \
  REDU_DEFINE_VALUE_CALL(bxor, sfx, T, T, (T)0, redu_op_self_##sfx, redu_op_bxor_##sfx, (T))

REDU_FOR_EACH_TYPE(REDU_DEFINE_CALLS_ALL)
REDU_FOR_EACH_INT_TYPE(REDU_DEFINE_CALLS_BITWISE)

typedef redu_status (*redu_generic_fn)(int, const void *, size_t, void *, size_t *,
                                       const redu_options *);

/* Per (op, type): the generic entry and the bytes of the accumulator it reduces into. */
typedef struct redu_builtin {
  redu_generic_fn fn;
  unsigned char acc_bytes;
} redu_builtin;

#define REDU_ENTRY(op, OP, sfx, E) [OP][E] = {redu_g_##op##_##sfx, redu_acc_bytes_##op##_##sfx},
#define REDU_ENTRIES_ALL(sfx, T, E, K, SA, LO, HI)                                         \
  REDU_ENTRY(sum, REDU_SUM, sfx, E) REDU_ENTRY(prod, REDU_PROD, sfx, E)                    \
  REDU_ENTRY(min, REDU_MIN, sfx, E) REDU_ENTRY(max, REDU_MAX, sfx, E)                      \
  REDU_ENTRY(land, REDU_LAND, sfx, E) REDU_ENTRY(lor, REDU_LOR, sfx, E)                    \
  REDU_ENTRY(argmin, REDU_ARGMIN, sfx, E) REDU_ENTRY(argmax, REDU_ARGMAX, sfx, E)
#define REDU_ENTRIES_BITWISE(sfx, T, E, K, SA, LO, HI)                                     \
  REDU_ENTRY(band, REDU_BAND, sfx, E) REDU_ENTRY(bor, REDU_BOR, sfx, E)                    \
  REDU_ENTRY(bxor, REDU_BXOR, sfx, E)

static const redu_builtin redu_builtin_table[REDU_OP_COUNT][REDU_TYPE_COUNT] = {
    REDU_FOR_EACH_TYPE(REDU_ENTRIES_ALL) REDU_FOR_EACH_INT_TYPE(REDU_ENTRIES_BITWISE)};

size_t redu_accumulator_size(redu_op op, redu_type type)
{
  if ((unsigned)op >= REDU_OP_COUNT || (unsigned)type >= REDU_TYPE_COUNT)
    return 0;
  return redu_builtin_table[op][type].acc_bytes;
}

#include "../host/redu_error.h"

redu_status redu_reduce(int device, redu_op op, redu_type type, const void *x, size_t n,
                        void *result, size_t *index, const redu_options *opts)
{
  if ((unsigned)op >= REDU_OP_COUNT || (unsigned)type >= REDU_TYPE_COUNT)
    return redu_fail(REDU_ERR_UNSUPPORTED,
                     "redu_reduce: unknown op %d or type %d; use the redu_op and redu_type "
                     "enums of redu.h", (int)op, (int)type);
  if (!redu_builtin_table[op][type].fn)
    return redu_fail(REDU_ERR_UNSUPPORTED,
                     "redu_reduce: op %d is not defined for floating-point type %d; bitwise "
                     "and/or/xor take integer types only", (int)op, (int)type);
  if ((op == REDU_ARGMIN || op == REDU_ARGMAX) && !index)
    return redu_fail(REDU_ERR_NULL_ARG,
                     "redu_reduce: argmin/argmax need an index output; pass a size_t *");
  return redu_builtin_table[op][type].fn(device, x, n, result, index, opts);
}

/* Every bins call of libredu/redu_bins.h and the generic redu_bins, stamped from the op
 * table's rows (device/redu_op_table.h) with each op's bin columns below, kernels from
 * device/redu_bins_kernel.h, around redu__bins_begin / redu__bins_end (host/redu_bins.h).
 * An op row without bin columns for its kind of type fails to compile here (an undefined
 * REDU__BINS_<kind>_<op>); float products have none on purpose (a product's rounding
 * depends on the order of its multiplications, which atomics do not fix).
 * -Wmissing-prototypes makes a call stamped here without its line in the public header an
 * error. */
#include "device/redu_builtin_ops.h"
#include "host/redu_bins.h"
#include "host/redu_error.h"
#include "redu.h"

/* Per type: an element as a 64-bit word (integers, sign-extended), as a logical value, as
 * min and max order-key words (NaN lowest, or highest: it wins), and a bin's word back as
 * an element (keys and integers alike: a word of either kind decodes through its type's
 * order key, integers by narrowing). */
#define REDU__BINS_KEY_WORD_INT(k) redu__bins_word_of_key((int64_t)(k))
#define REDU__BINS_KEY_WORD_UINT(k) ((uint64_t)(k))
#define REDU__BINS_KEY_WORD_FLT REDU__BINS_KEY_WORD_INT
#define REDU__BINS_WORD_VALUE_INT(T, O, w) ((T)redu__bins_key_of_word(w))
#define REDU__BINS_WORD_VALUE_UINT(T, O, w) ((T)(w))
#define REDU__BINS_WORD_VALUE_FLT(T, O, w)                                                         \
  REDU__CANON_FLT(T, REDU__VALUE_FLT(T, O, (O)redu__bins_key_of_word(w)))
#define REDU__BINS_INT_WORD_INT(sfx, T)                                                            \
  static inline uint64_t redu__bins_int_##sfx(T v) { return (uint64_t)v; }
#define REDU__BINS_INT_WORD_UINT REDU__BINS_INT_WORD_INT
#define REDU__BINS_INT_WORD_FLT(sfx, T)
#define REDU__BINS_HELPERS(sfx, T, E, K, SA, LO, HI)                                               \
  _Pragma("omp begin declare target")                                                              \
  REDU__BINS_INT_WORD_##K(sfx, T) static inline uint64_t redu__bins_truth_##sfx(T v)               \
  {                                                                                                \
    return v != 0;                                                                                 \
  }                                                                                                \
  static inline uint64_t redu__bins_lo_##sfx(T v)                                                  \
  {                                                                                                \
    return REDU__BINS_KEY_WORD_##K(                                                                \
        REDU__KEY_##K(T, REDU__ORD_##K(T), v, REDU__ORD_LOWEST(REDU__ORD_##K(T))));                \
  }                                                                                                \
  static inline uint64_t redu__bins_hi_##sfx(T v)                                                  \
  {                                                                                                \
    return REDU__BINS_KEY_WORD_##K(                                                                \
        REDU__KEY_##K(T, REDU__ORD_##K(T), v, REDU__ORD_HIGHEST(REDU__ORD_##K(T))));               \
  }                                                                                                \
  static inline T redu__bins_key_value_##sfx(uint64_t w)                                           \
  {                                                                                                \
    return REDU__BINS_WORD_VALUE_##K(T, REDU__ORD_##K(T), w);                                      \
  }                                                                                                \
  static inline T redu__bins_narrow_##sfx(uint64_t w) { return (T)w; }                             \
  static inline uint64_t redu__bins_lo_ident_##sfx(void) { return redu__bins_lo_##sfx((T)(HI)); }  \
  static inline uint64_t redu__bins_hi_ident_##sfx(void) { return redu__bins_hi_##sfx((T)(LO)); }  \
  _Pragma("omp end declare target")
REDU_FOR_EACH_TYPE(REDU__BINS_HELPERS)
#undef REDU__BINS_HELPERS

/* A call of one word per bin (COUNTS: x may be NULL, each element then the word 1). */
#define REDU__BINS_WORDS_CALL(op, sfx, T, WORD, FOLD, VALUE, IDENT, COUNTS)                        \
  REDU__DEFINE_BINS_WORDS(redu__b_##op##_##sfx, T, WORD, FOLD, VALUE, IDENT, COUNTS)               \
  static redu_status redu__bins_##op##_##sfx(int device, const uint32_t *keys, const void *x,      \
                                             size_t n, size_t nbins, void *out, size_t *index,     \
                                             const redu_options *opts)                             \
  {                                                                                                \
    (void)index;                                                                                   \
    redu__bins_call c;                                                                             \
    redu_status s =                                                                                \
        redu__bins_begin(&c, "redu_bins_" #op "_" #sfx, sizeof(T), _Alignof(T), REDU__BINS_WORD,   \
                         COUNTS, device, keys, x, n, nbins, out, NULL, opts);                      \
    if (s != REDU_OK || c.empty)                                                                   \
      return s;                                                                                    \
    redu__b_##op##_##sfx##_bins(&c.launch, (const T *)c.x, (T *)c.out);                            \
    return redu__bins_end(&c, REDU_OK);                                                            \
  }                                                                                                \
  redu_status redu_bins_##op##_##sfx(int device, const uint32_t *keys, const T *x, size_t n,       \
                                     size_t nbins, T *out, const redu_options *opts)               \
  {                                                                                                \
    return redu__bins_##op##_##sfx(device, keys, x, n, nbins, out, NULL, opts);                    \
  }

/* A float sum's call: the range launch, the window, the exact bins. */
#define REDU__BINS_FSUM_CALL(sfx, T)                                                               \
  REDU__DEFINE_BINS_FSUM(redu__b_sum_##sfx, T, sizeof(T) == 4 ? 24 : 53,                           \
                         sizeof(T) == 4 ? -149 : -1074, sizeof(T) == 4 ? 128 : 1024)               \
  static redu_status redu__bins_sum_##sfx(int device, const uint32_t *keys, const void *x,         \
                                          size_t n, size_t nbins, void *out, size_t *index,        \
                                          const redu_options *opts)                                \
  {                                                                                                \
    (void)index;                                                                                   \
    redu__bins_call c;                                                                             \
    redu_status s =                                                                                \
        redu__bins_begin(&c, "redu_bins_sum_" #sfx, sizeof(T), _Alignof(T), REDU__BINS_FSUM, 1,    \
                         device, keys, x, n, nbins, out, NULL, opts);                              \
    if (s != REDU_OK || c.empty)                                                                   \
      return s;                                                                                    \
    /* the whole range's window (floats 6 words a half, doubles 34) beats a pass over x */         \
    int set = 0;                                                                                   \
    redu__bins_fsum_plan(&c);                                                                      \
    if (!c.fsum_sort)                                                                              \
      s = redu__bins_whole_window(&c, sizeof(T) == 4 ? -149 : -1074, sizeof(T) == 4 ? 128 : 1024,  \
                                  &set);                                                           \
    if (s == REDU_OK && !c.fsum_sort && !set) {                                                    \
      redu__b_sum_##sfx##_bins_range(&c.launch, (const T *)c.x, (const T *)c.out);                 \
      s = redu__bins_window(&c);                                                                   \
    }                                                                                              \
    if (s == REDU_OK && c.fsum_sort)                                                               \
      s = redu__bins_fsum_sorted(&c, sizeof(T), _Alignof(T),                                       \
                                 sizeof(T) == 4 ? REDU_FLOAT : REDU_DOUBLE);                       \
    else if (s == REDU_OK)                                                                         \
      redu__b_sum_##sfx##_bins_fsum(&c.launch, (const T *)c.x, (T *)c.out);                        \
    return redu__bins_end(&c, s);                                                                  \
  }                                                                                                \
  redu_status redu_bins_sum_##sfx(int device, const uint32_t *keys, const T *x, size_t n,          \
                                  size_t nbins, T *out, const redu_options *opts)                  \
  {                                                                                                \
    return redu__bins_sum_##sfx(device, keys, x, n, nbins, out, NULL, opts);                       \
  }

/* An argmin/argmax call. */
#define REDU__BINS_ARG_CALL(op, sfx, T, WORD, FOLD, IDENT)                                         \
  REDU__DEFINE_BINS_ARG(redu__b_##op##_##sfx, T, WORD, FOLD, redu__bins_key_value_##sfx, IDENT)    \
  static redu_status redu__bins_##op##_##sfx(int device, const uint32_t *keys, const void *x,      \
                                             size_t n, size_t nbins, void *out, size_t *index,     \
                                             const redu_options *opts)                             \
  {                                                                                                \
    redu__bins_call c;                                                                             \
    redu_status s =                                                                                \
        redu__bins_begin(&c, "redu_bins_" #op "_" #sfx, sizeof(T), _Alignof(T), REDU__BINS_ARG, 0, \
                         device, keys, x, n, nbins, out, index, opts);                             \
    if (s != REDU_OK || c.empty)                                                                   \
      return s;                                                                                    \
    redu__b_##op##_##sfx##_bins_arg(&c.launch, (const T *)c.x, (T *)c.out, c.index);               \
    return redu__bins_end(&c, REDU_OK);                                                            \
  }                                                                                                \
  redu_status redu_bins_##op##_##sfx(int device, const uint32_t *keys, const T *x, size_t n,       \
                                     size_t nbins, T *out, size_t *index,                          \
                                     const redu_options *opts)                                     \
  {                                                                                                \
    return redu__bins_##op##_##sfx(device, keys, x, n, nbins, out, index, opts);                   \
  }

/* The bin columns of each op: integer kinds (INT, UINT) and floats (FLT). */
#define REDU__BINS_INT_sum(sfx, T)                                                                 \
  REDU__BINS_WORDS_CALL(sum, sfx, T, redu__bins_int_##sfx, redu__bins_fold_add,                    \
                        redu__bins_narrow_##sfx, 0, 1)
#define REDU__BINS_INT_prod(sfx, T)                                                                \
  REDU__BINS_WORDS_CALL(prod, sfx, T, redu__bins_int_##sfx, redu__bins_fold_mul,                   \
                        redu__bins_narrow_##sfx, 1, 0)
#define REDU__BINS_INT_band(sfx, T)                                                                \
  REDU__BINS_WORDS_CALL(band, sfx, T, redu__bins_int_##sfx, redu__bins_fold_and,                   \
                        redu__bins_narrow_##sfx, ~(uint64_t)0, 0)
#define REDU__BINS_INT_bor(sfx, T)                                                                 \
  REDU__BINS_WORDS_CALL(bor, sfx, T, redu__bins_int_##sfx, redu__bins_fold_or,                     \
                        redu__bins_narrow_##sfx, 0, 0)
#define REDU__BINS_INT_bxor(sfx, T)                                                                \
  REDU__BINS_WORDS_CALL(bxor, sfx, T, redu__bins_int_##sfx, redu__bins_fold_xor,                   \
                        redu__bins_narrow_##sfx, 0, 0)
#define REDU__BINS_ANY_min(sfx, T)                                                                 \
  REDU__BINS_WORDS_CALL(min, sfx, T, redu__bins_lo_##sfx, redu__bins_fold_min,                     \
                        redu__bins_key_value_##sfx, redu__bins_lo_ident_##sfx(), 0)
#define REDU__BINS_ANY_max(sfx, T)                                                                 \
  REDU__BINS_WORDS_CALL(max, sfx, T, redu__bins_hi_##sfx, redu__bins_fold_max,                     \
                        redu__bins_key_value_##sfx, redu__bins_hi_ident_##sfx(), 0)
#define REDU__BINS_ANY_land(sfx, T)                                                                \
  REDU__BINS_WORDS_CALL(land, sfx, T, redu__bins_truth_##sfx, redu__bins_fold_and,                 \
                        redu__bins_narrow_##sfx, 1, 0)
#define REDU__BINS_ANY_lor(sfx, T)                                                                 \
  REDU__BINS_WORDS_CALL(lor, sfx, T, redu__bins_truth_##sfx, redu__bins_fold_or,                   \
                        redu__bins_narrow_##sfx, 0, 0)
#define REDU__BINS_INT_min REDU__BINS_ANY_min
#define REDU__BINS_INT_max REDU__BINS_ANY_max
#define REDU__BINS_INT_land REDU__BINS_ANY_land
#define REDU__BINS_INT_lor REDU__BINS_ANY_lor
#define REDU__BINS_FLT_min REDU__BINS_ANY_min
#define REDU__BINS_FLT_max REDU__BINS_ANY_max
#define REDU__BINS_FLT_land REDU__BINS_ANY_land
#define REDU__BINS_FLT_lor REDU__BINS_ANY_lor
#define REDU__BINS_FLT_sum(sfx, T) REDU__BINS_FSUM_CALL(sfx, T)
#define REDU__BINS_FLT_prod(sfx, T)
#define REDU__BINS_ARG_argmin(sfx, T)                                                              \
  REDU__BINS_ARG_CALL(argmin, sfx, T, redu__bins_lo_##sfx, redu__bins_fold_min,                    \
                      redu__bins_lo_ident_##sfx())
#define REDU__BINS_ARG_argmax(sfx, T)                                                              \
  REDU__BINS_ARG_CALL(argmax, sfx, T, redu__bins_hi_##sfx, redu__bins_fold_max,                    \
                      redu__bins_hi_ident_##sfx())

/* The rows, per kind of type: a row's op name picks its columns. */
#define REDU__BINS_VALUE_INT(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)       \
  REDU__BINS_INT_##op(sfx, T)
#define REDU__BINS_VALUE_UINT REDU__BINS_VALUE_INT
#define REDU__BINS_VALUE_FLT(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)       \
  REDU__BINS_FLT_##op(sfx, T)
#define REDU__BINS_ARG_ROW(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)           \
  REDU__BINS_ARG_##op(sfx, T)
#define REDU__BINS_TYPE(sfx, T, E, K, SA, LO, HI)                                                  \
  REDU__OPS_OF_TYPE(REDU__BINS_VALUE_##K, REDU__BINS_ARG_ROW, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(REDU__BINS_TYPE)

typedef redu_status (*redu__bins_fn)(int, const uint32_t *, const void *, size_t, size_t, void *,
                                     size_t *, const redu_options *);

/* The generic form's table: [op][type], NULL where the op has no bins on the type. */
#define REDU__BINS_ARG_ENTRY(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)         \
  [OP][E] = redu__bins_##op##_##sfx,
#define REDU__BINS_ENTRIES(sfx, T, E, K, SA, LO, HI)                                               \
  REDU__OPS_OF_TYPE(REDU__BINS_ENTRY_OF_##K, REDU__BINS_ARG_ENTRY, sfx, T, E, K, SA, LO, HI)
#define REDU__BINS_ENTRY_OF_INT(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)    \
  [OP][E] = redu__bins_##op##_##sfx,
#define REDU__BINS_ENTRY_OF_UINT REDU__BINS_ENTRY_OF_INT
#define REDU__BINS_ENTRY_OF_FLT(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)    \
  REDU__BINS_FLT_ENTRY_##op(OP, op, sfx, E)
#define REDU__BINS_FLT_ENTRY_prod(OP, op, sfx, E)
#define REDU__BINS_FLT_ENTRY_sum(OP, op, sfx, E) [OP][E] = redu__bins_##op##_##sfx,
#define REDU__BINS_FLT_ENTRY_min REDU__BINS_FLT_ENTRY_sum
#define REDU__BINS_FLT_ENTRY_max REDU__BINS_FLT_ENTRY_sum
#define REDU__BINS_FLT_ENTRY_land REDU__BINS_FLT_ENTRY_sum
#define REDU__BINS_FLT_ENTRY_lor REDU__BINS_FLT_ENTRY_sum
static const redu__bins_fn redu__bins_table[REDU_OP_COUNT][REDU_TYPE_COUNT] = {
    REDU_FOR_EACH_TYPE(REDU__BINS_ENTRIES)};

redu_status redu_bins(int device, redu_op op, redu_type type, const uint32_t *keys, const void *x,
                      size_t n, size_t nbins, void *out, size_t *index, const redu_options *opts)
{
  redu__bins_fn f = (unsigned)op < REDU_OP_COUNT && (unsigned)type < REDU_TYPE_COUNT
                        ? redu__bins_table[op][type]
                        : NULL;
  if (!f)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "redu_bins: op %d has no bins on type %d (bitwise ops and products take "
                      "integers only; unknown op or type?)",
                      (int)op, (int)type);
  return f(device, keys, x, n, nbins, out, index, opts);
}

void redu__bins_fsum_clear(const redu__bins_launch *L) { redu__b_sum_f64_bins_fsum_clear(L); }

void redu__bins_fsum_final(const redu__bins_launch *L, void *out, int prec)
{
  if (prec == 24)
    redu__b_sum_f32_bins_fsum_final(L, (float *)out);
  else
    redu__b_sum_f64_bins_fsum_final(L, (double *)out);
}

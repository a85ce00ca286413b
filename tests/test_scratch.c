/* redu_scratch_query against the calls it sizes: which accumulator sizes it takes (with and
 * without REDU_EXACT), and that its device_bytes is the least scratchpad each call accepts:
 * the call takes exactly that many bytes and refuses one byte less, outputs untouched, for
 * built-in, exact (sums and dots, f32 and f64) and declared calls over generated sizes and
 * plans. */
#include "redu_test.h"
#include "redu_test_udr.h"
#include "redu_udr.h"

/* A 24-byte declared accumulator: three double lanes. */
REDU_TEST_DOUBLE_LANES(lanes3, 3)

static void test_acc_sizes(int dev)
{
  static const size_t accs[] = {0, 1, 8, 255, 256, 257, 300, 1000, 1095, 1096, 1097, 4096};
  redu_options exact = {.flags = REDU_EXACT};
  for (size_t a = 0; a < sizeof accs / sizeof *accs; ++a) {
    size_t acc = accs[a];
    for (int e = 0; e < 2; ++e) {
      size_t team = 77, bytes = 77;
      redu_status s = redu_scratch_query(dev, 1000, 8, acc, e ? &exact : NULL, &team, &bytes);
      int ok = acc && acc <= (e ? (size_t)REDU_EXACT_ACC_BYTES : (size_t)REDU_MAX_ACC_BYTES);
      CHECK(ok ? s == REDU_OK : s == REDU_ERR_UNSUPPORTED && team == 77 && bytes == 77,
            "query of a %zu-byte accumulator%s: status %d (%s)", acc, e ? " with REDU_EXACT" : "",
            (int)s, redu_last_error());
    }
  }
  /* With REDU_EXACT every accepted size sizes the same exact record. */
  size_t t1, b1, t2, b2;
  CHECK_OK(redu_scratch_query(dev, 1 << 20, 8, 8, &exact, &t1, &b1));
  CHECK_OK(redu_scratch_query(dev, 1 << 20, 8, REDU_EXACT_ACC_BYTES, &exact, &t2, &b2));
  CHECK(t1 == t2 && b1 == b2, "exact query by acc_size: %zu/%zu vs %zu/%zu", t1, b1, t2, b2);
}

enum {
  CALL_SUM_F64,
  CALL_ARGMIN_I8,
  CALL_XSUM_F32,
  CALL_XSUM_F64,
  CALL_XDOT_F32,
  CALL_XDOT_F64,
  CALL_DECLARED,
  CALL_KINDS
};
static const char *const call_names[CALL_KINDS] = {
    "sum_f64",       "argmin_i8",     "exact sum_f32",       "exact sum_f64",
    "exact dot_f32", "exact dot_f64", "declared 24-byte sum"};

/* One call of kind k over n elements of x (and y for dots) with opts; the result into out
 * (at least 24 bytes). */
static redu_status call_kind(int k, int dev, const void *x, const void *y, size_t n,
                             unsigned char *out, const redu_options *o)
{
  size_t at;
  switch (k) {
  case CALL_SUM_F64:
    return redu_sum_f64(dev, x, n, (double *)out, o);
  case CALL_ARGMIN_I8:
    return redu_argmin_i8(dev, x, n, (int8_t *)out, &at, o);
  case CALL_XSUM_F32:
    return redu_sum_f32(dev, x, n, (float *)out, o);
  case CALL_XSUM_F64:
    return redu_sum_f64(dev, x, n, (double *)out, o);
  case CALL_XDOT_F32:
    return redu_dot_f32(dev, x, y, n, (float *)out, o);
  case CALL_XDOT_F64:
    return redu_dot_f64(dev, x, y, n, (double *)out, o);
  default:
    return redu_reduce_lanes3(dev, x, n, (lanes3_t *)out, o);
  }
}

static void call_shape(int k, size_t *elem, size_t *acc, unsigned *flags)
{
  static const size_t elems[CALL_KINDS] = {8, 1, 4, 8, 4, 8, sizeof(lanes3_t)};
  *elem = elems[k];
  *flags = k >= CALL_XSUM_F32 && k <= CALL_XDOT_F64 ? REDU_EXACT : 0;
  *acc = *flags                ? REDU_EXACT_ACC_BYTES
         : k == CALL_ARGMIN_I8 ? redu_accumulator_size(REDU_ARGMIN, REDU_INT8)
         : k == CALL_DECLARED  ? sizeof(lanes3_t)
                               : redu_accumulator_size(REDU_SUM, REDU_DOUBLE);
}

static void test_least_size(int dev, int is_cuda)
{
  static const size_t ns[] = {1, 31, 1000, 100003};
  const int plans[][2] = {{0, 0}, {1, 32}, {7, 64}, {27, is_cuda ? 96 : 3}, {130, 32}};
  size_t nmax = ns[sizeof ns / sizeof *ns - 1];
  size_t bytes = nmax * sizeof(lanes3_t);
  unsigned char *h = calloc(bytes, 1);
  void *x = redu_test_to_device(h, bytes, dev), *y = redu_test_to_device(h, bytes, dev);
  for (int k = 0; k < CALL_KINDS; ++k)
    for (size_t ni = 0; ni < sizeof ns / sizeof *ns; ++ni)
      for (size_t pi = 0; pi < sizeof plans / sizeof *plans; ++pi) {
        size_t n = ns[ni], elem, acc, team, least;
        unsigned flags;
        call_shape(k, &elem, &acc, &flags);
        redu_options o = {.teams = plans[pi][0], .threads = plans[pi][1], .flags = flags};
        redu_status s = redu_scratch_query(dev, n, elem, acc, &o, &team, &least);
        if (s == REDU_ERR_BAD_OPTION)
          continue; /* a plan this device or kind cannot run; the call says the same */
        CHECK(s == REDU_OK, "%s: query, n %zu, plan %dx%d: %s", call_names[k], n, plans[pi][0],
              plans[pi][1], redu_last_error());
        if (s != REDU_OK)
          continue;
        o.scratchpad = omp_target_alloc(least, dev);
        unsigned char out[32];
        memset(out, 0xab, sizeof out);
        o.scratchpad_bytes = least - 1;
        s = call_kind(k, dev, x, y, n, out, &o);
        CHECK(s == REDU_ERR_SCRATCH_TOO_SMALL && out[0] == 0xab && out[23] == 0xab,
              "%s, n %zu, plan %dx%d: %zu bytes (one less than the query's) gave %d", call_names[k],
              n, plans[pi][0], plans[pi][1], least - 1, (int)s);
        o.scratchpad_bytes = least;
        s = call_kind(k, dev, x, y, n, out, &o);
        CHECK(s == REDU_OK, "%s, n %zu, plan %dx%d: the query's %zu bytes refused: %s",
              call_names[k], n, plans[pi][0], plans[pi][1], least, redu_last_error());
        omp_target_free(o.scratchpad, dev);
      }
  omp_target_free(x, dev);
  omp_target_free(y, dev);
  free(h);
}

int main(void)
{
  int dev = omp_get_default_device();
  int is_cuda = redu_test_is_cuda(dev);
  test_acc_sizes(dev);
  test_least_size(dev, is_cuda);
  return redu_test_finish("test_scratch");
}

/* Stress TU a: the users' declarations together (16-byte ordered hash, 20-byte struct,
 * 3-byte max) with small odd sizes, and regions of 2 and 8 reductions. */
#define STRESS_TYPES(X)                                                                            \
  X(HASH16, hash, 16, 8)                                                                           \
  X(S20, s20, 20, 4)                                                                               \
  X(MAX8, b3, 3, 1)                                                                                \
  X(ADD8, a1, 1, 1)                                                                                \
  X(ADD8, a5, 5, 1)                                                                                \
  X(LAST8, l3, 3, 1)                                                                               \
  X(AFFINE, f12, 12, 4)                                                                            \
  X(FSUM, fs20, 20, 4)                                                                             \
  X(ADD8, a2, 2, 2)
#include "stress.h"
STRESS_DEFINE_DATA()

#define R1_BODY(i, s, v)                                                                           \
  STRESS_BUILTIN_sum_i64(s, i);                                                                    \
  v = s20_op(v, xs20[i]);
#define R8_BODY(i, s, m, mi, b, h, l, f, a)                                                        \
  STRESS_BUILTIN_sum_i64(s, i);                                                                    \
  STRESS_BUILTIN_max_f64(m, i);                                                                    \
  STRESS_BUILTIN_min_i32(mi, i);                                                                   \
  b = b3_op(b, xb3[i]);                                                                            \
  h = hash_op(h, xhash[i]);                                                                        \
  l = l3_op(l, xl3[i]);                                                                            \
  f = f12_op(f, xf12[i]);                                                                          \
  a = a2_op(a, xa2[i]);

/* The arrays the regions read, on the device (d) or the host (h, for the reference). */
#define STRESS_ARRAYS(side)                                                                        \
  const uint8_t *bytes = D->bytes_##side;                                                          \
  const s20_t *xs20 = D->s20_##side;                                                               \
  const b3_t *xb3 = D->b3_##side;                                                                  \
  const hash_t *xhash = D->hash_##side;                                                            \
  const l3_t *xl3 = D->l3_##side;                                                                  \
  const f12_t *xf12 = D->f12_##side;                                                               \
  const a2_t *xa2 = D->a2_##side;                                                                  \
  (void)bytes;                                                                                     \
  (void)xs20;                                                                                      \
  (void)xb3;                                                                                       \
  (void)xhash;                                                                                     \
  (void)xl3;                                                                                       \
  (void)xf12;                                                                                      \
  (void)xa2;

static void stress_regions(int dev, const stress_data *D)
{
  for (int si = 0; si < STRESS_NSIZES; ++si) {
    size_t n = stress_sizes[si];
    redu_status st;
    int64_t s = 0, s_r = 0;
    double m = -INFINITY, m_r = -INFINITY;
    int32_t mi = INT32_MAX, mi_r = INT32_MAX;
    s20_t v = redu_identity_s20(), v_r = v;
    b3_t b = redu_identity_b3(), b_r = b;
    hash_t h = redu_identity_hash(), h_r = h;
    l3_t l = redu_identity_l3(), l_r = l;
    f12_t f = redu_identity_f12(), f_r = f;
    a2_t a = redu_identity_a2(), a_r = a;
    {
      STRESS_ARRAYS(d)
      REDU_FOR(st, dev, i, n, (bytes, xs20), (sum_i64, s),
               (s20, v)){R1_BODY(i, s, v)} STRESS_CHECK_REGION("region sum_i64 + s20", n, st, 1);
      int64_t s8 = 0;
      REDU_FOR(st, dev, i, n, (bytes, xb3, xhash, xl3, xf12, xa2), (sum_i64, s8), (max_f64, m),
               (min_i32, mi), (b3, b), (hash, h), (l3, l), (f12, f), (a2, a)){
          R8_BODY(i, s8, m, mi, b, h, l, f, a)} STRESS_CHECK_REGION("region of 8", n, st, s8 == s);
    }
    {
      STRESS_ARRAYS(h)
      for (size_t i = 0; i < n; ++i) {
        R1_BODY(i, s_r, v_r)
        int64_t unused = 0;
        R8_BODY(i, unused, m_r, mi_r, b_r, h_r, l_r, f_r, a_r)
        (void)unused;
      }
    }
    STRESS_CHECK_REGION("region sum_i64 + s20 (values)", n, REDU_OK,
                        s == s_r && !memcmp(&v, &v_r, sizeof v));
    STRESS_CHECK_REGION("region of 8 (values)", n, REDU_OK,
                        m == m_r && mi == mi_r && !memcmp(&b, &b_r, sizeof b) &&
                            !memcmp(&h, &h_r, sizeof h) && !memcmp(&l, &l_r, sizeof l) &&
                            !memcmp(&f, &f_r, sizeof f) && !memcmp(&a, &a_r, sizeof a));
  }
}

STRESS_MAIN("stress_a")

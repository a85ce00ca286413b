/* Stress TU c: every small size 1..16 with alignments 1, 2, 4, 8, 16, each kind, a region
 * mixing four built-in kinds of four widths with four declared ones, and a region with both
 * exact kinds (long accumulators in team scratch, a warp-uniform loop) beside declared and
 * built-in ones. */
#define STRESS_TYPES(X)                                                                            \
  X(MAX8, m1, 1, 1)                                                                                \
  X(LAST8, l2, 2, 2)                                                                               \
  X(AFFINE, f4, 4, 2)                                                                              \
  X(LAST8, l4, 4, 4)                                                                               \
  X(AFFINE, f8, 8, 8)                                                                              \
  X(FSUM, fs8, 8, 8)                                                                               \
  X(ADD8, a16, 16, 16)                                                                             \
  X(LAST8, l5, 5, 1)                                                                               \
  X(FSUM, fs24, 24, 8)                                                                             \
  X(MAX8, m7, 7, 1)
#include "stress.h"
STRESS_DEFINE_DATA()

#define R8_BODY(i, s, m, u, w, a, b, c, d)                                                         \
  STRESS_BUILTIN_sum_i64(s, i);                                                                    \
  STRESS_BUILTIN_min_i32(m, i);                                                                    \
  STRESS_BUILTIN_max_u8(u, i);                                                                     \
  STRESS_BUILTIN_sum_u16(w, i);                                                                    \
  a = m1_op(a, xm1[i]);                                                                            \
  b = l2_op(b, xl2[i]);                                                                            \
  c = f8_op(c, xf8[i]);                                                                            \
  d = fs24_op(d, xfs24[i]);

/* The arrays the regions read, on the device (d) or the host (h, for the reference). */
#define STRESS_ARRAYS(side)                                                                        \
  const uint8_t *bytes = D->bytes_##side;                                                          \
  const m1_t *xm1 = D->m1_##side;                                                                  \
  const l2_t *xl2 = D->l2_##side;                                                                  \
  const f8_t *xf8 = D->f8_##side;                                                                  \
  const fs24_t *xfs24 = D->fs24_##side;                                                            \
  (void)bytes;                                                                                     \
  (void)xm1;                                                                                       \
  (void)xl2;                                                                                       \
  (void)xf8;                                                                                       \
  (void)xfs24;

/* Exact kinds' terms: integers times small powers of two, so that the serial double sum of
 * up to 2^20 + 77 of them is exact and the reference is that sum (rounded once to float for
 * the f32 kind). */
#define RX_BODY(i, e, ef, a, c, d, u)                                                              \
  e += ldexp((double)bytes[i] - 128, (int)(i % 8));                                                \
  ef += (float)bytes[i] - 128.0f;                                                                  \
  a = m1_op(a, xm1[i]);                                                                            \
  c = f8_op(c, xf8[i]);                                                                            \
  d = fs24_op(d, xfs24[i]);                                                                        \
  STRESS_BUILTIN_max_u8(u, i);

static void stress_exact_regions(int dev, const stress_data *D)
{
  for (int si = 0; si < STRESS_NSIZES; ++si) {
    size_t n = stress_sizes[si];
    redu_status st;
    double e = 0.0, e_r = 0.0;
    float ef = 0.0f;
    double ef_r = 0.0;
    uint8_t u = 0, u_r = 0;
    m1_t a = redu_identity_m1(), a_r = a;
    f8_t c = redu_identity_f8(), c_r = c;
    fs24_t d = redu_identity_fs24(), d_r = d;
    {
      STRESS_ARRAYS(d)
      REDU_FOR(st, dev, i, n, (bytes, xm1, xf8, xfs24), (sum_exact_f64, e), (m1, a),
               (sum_exact_f32, ef), (f8, c), (fs24, d), (max_u8, u)){
          RX_BODY(i, e, ef, a, c, d, u)} STRESS_CHECK_REGION("region with exact kinds", n, st, 1);
    }
    {
      STRESS_ARRAYS(h)
      for (size_t i = 0; i < n; ++i) {
        RX_BODY(i, e_r, ef_r, a_r, c_r, d_r, u_r)
      }
    }
    STRESS_CHECK_REGION("region with exact kinds (values)", n, REDU_OK,
                        e == e_r && ef == (float)ef_r && u == u_r && !memcmp(&a, &a_r, sizeof a) &&
                            !memcmp(&c, &c_r, sizeof c) && !memcmp(&d, &d_r, sizeof d));
  }
}

static void stress_regions(int dev, const stress_data *D)
{
  for (int si = 0; si < STRESS_NSIZES; ++si) {
    size_t n = stress_sizes[si];
    redu_status st;
    int64_t s = 0, s_r = 0;
    int32_t m = INT32_MAX, m_r = INT32_MAX;
    uint8_t u = 0, u_r = 0;
    uint16_t w = 0, w_r = 0;
    m1_t a = redu_identity_m1(), a_r = a;
    l2_t b = redu_identity_l2(), b_r = b;
    f8_t c = redu_identity_f8(), c_r = c;
    fs24_t d = redu_identity_fs24(), d_r = d;
    {
      STRESS_ARRAYS(d)
      REDU_FOR(st, dev, i, n, (bytes, xm1, xl2, xf8, xfs24), (sum_i64, s), (min_i32, m),
               (max_u8, u), (sum_u16, w), (m1, a), (l2, b), (f8, c), (fs24, d)){
          R8_BODY(i, s, m, u, w, a, b, c, d)} STRESS_CHECK_REGION("region of 8 widths", n, st, 1);
    }
    {
      STRESS_ARRAYS(h)
      for (size_t i = 0; i < n; ++i) {
        R8_BODY(i, s_r, m_r, u_r, w_r, a_r, b_r, c_r, d_r)
      }
    }
    STRESS_CHECK_REGION("region of 8 widths (values)", n, REDU_OK,
                        s == s_r && m == m_r && u == u_r && w == w_r &&
                            !memcmp(&a, &a_r, sizeof a) && !memcmp(&b, &b_r, sizeof b) &&
                            !memcmp(&c, &c_r, sizeof c) && !memcmp(&d, &d_r, sizeof d));
  }
  stress_exact_regions(dev, D);
}

STRESS_MAIN("stress_c")

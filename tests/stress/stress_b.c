/* Stress TU b: large and odd sizes up to 256 bytes (24, 40, 100, 136, 256), 8- and 16-byte
 * alignment, ordered and commutative; a region of 3 reductions taking 184 bytes and a
 * built-in arg kind (two variables; the bytes' many ties), and one of a single 256-byte
 * reduction. */
#define STRESS_TYPES(X)                                                                            \
  X(ADD8, a24, 24, 8)                                                                              \
  X(MAX8, m40, 40, 8)                                                                              \
  X(AFFINE, f100, 100, 4)                                                                          \
  X(LAST8, l136, 136, 8)                                                                           \
  X(FSUM, fs16, 16, 16)                                                                            \
  X(ADD8, a256, 256, 16)                                                                           \
  X(AFFINE, f256, 256, 16)                                                                         \
  X(MAX8, m12, 12, 4)
#include "stress.h"
STRESS_DEFINE_DATA()

#define R3_BODY(i, s, m, l)                                                                        \
  STRESS_BUILTIN_sum_f64(s, i);                                                                    \
  m = m40_op(m, xm40[i]);                                                                          \
  l = l136_op(l, xl136[i]);

/* The arrays the regions read, on the device (d) or the host (h, for the reference). */
#define STRESS_ARRAYS(side)                                                                        \
  const uint8_t *bytes = D->bytes_##side;                                                          \
  const m40_t *xm40 = D->m40_##side;                                                               \
  const l136_t *xl136 = D->l136_##side;                                                            \
  const a256_t *xa256 = D->a256_##side;                                                            \
  (void)bytes;                                                                                     \
  (void)xm40;                                                                                      \
  (void)xl136;                                                                                     \
  (void)xa256;

static void stress_regions(int dev, const stress_data *D)
{
  for (int si = 0; si < STRESS_NSIZES; ++si) {
    size_t n = stress_sizes[si];
    redu_status st;
    double s = 0, s_r = 0;
    m40_t m = redu_identity_m40(), m_r = m;
    l136_t l = redu_identity_l136(), l_r = l;
    a256_t a = redu_identity_a256(), a_r = a;
    uint8_t am = 0, am_r = 0;
    size_t am_at = REDU_NO_INDEX, am_at_r = REDU_NO_INDEX;
    {
      STRESS_ARRAYS(d)
      REDU_FOR(st, dev, i, n, (bytes, xm40, xl136), (sum_f64, s), (m40, m), (l136, l),
               (argmax_u8, am, am_at))
      {
        R3_BODY(i, s, m, l)
        if (redu_region_argmax_wins_u8(bytes[i], i, am, am_at))
          am = bytes[i], am_at = i;
      }
      STRESS_CHECK_REGION("region sum_f64 + m40 + l136 + argmax_u8", n, st, 1);
      REDU_FOR(st, dev, i, n, (xa256), (a256, a)) { a = a256_op(a, xa256[i]); }
      STRESS_CHECK_REGION("region a256", n, st, 1);
    }
    {
      STRESS_ARRAYS(h)
      for (size_t i = 0; i < n; ++i) {
        R3_BODY(i, s_r, m_r, l_r)
        if (am_at_r == REDU_NO_INDEX || bytes[i] > am_r)
          am_r = bytes[i], am_at_r = i;
        a_r = a256_op(a_r, D->a256_h[i]);
      }
    }
    STRESS_CHECK_REGION("region sum_f64 + m40 + l136 + argmax_u8 (values)", n, REDU_OK,
                        s == s_r && !memcmp(&m, &m_r, sizeof m) && !memcmp(&l, &l_r, sizeof l) &&
                            am == am_r && am_at == am_at_r);
    STRESS_CHECK_REGION("region a256 (values)", n, REDU_OK, !memcmp(&a, &a_r, sizeof a));
  }
}

STRESS_MAIN("stress_b")

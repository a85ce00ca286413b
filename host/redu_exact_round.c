#include "host/redu_exact.h"

#include "device/redu_exact_acc.h"
#include <math.h>
#include <string.h>

/* Carries rec's limbs (sign s: +1, or -1 to take the magnitude of a negative sum) into
 * 32-bit digits d[0, nlimbs); returns the carry out of the top: 0 for a nonnegative
 * value, negative for a negative one. */
static __int128 redu__x_digits(const int64_t *rec, int nlimbs, int s, uint32_t *d)
{
  __int128 carry = 0;
  for (int j = 0; j < nlimbs; ++j) {
    __int128 v = carry + (__int128)rec[j] * s;
    d[j] = (uint32_t)(v & 0xffffffffu);
    carry = v >> 32;
  }
  return carry;
}

static int redu__x_bit(const uint32_t *d, long i) { return i >= 0 && (d[i >> 5] >> (i & 31)) & 1; }

/* Any bit set below bit i. */
static int redu__x_any_below(const uint32_t *d, long i)
{
  if (i <= 0)
    return 0;
  for (long w = 0; w < i >> 5; ++w)
    if (d[w])
      return 1;
  return (i & 31) && (d[i >> 5] & ((1u << (i & 31)) - 1));
}

double redu__x_round(const int64_t *rec, int nlimbs, int bias, int prec, int emin)
{
  int64_t flags = rec[nlimbs];
  if ((flags & REDU__X_NAN) || ((flags & REDU__X_PINF) && (flags & REDU__X_NINF)))
    return NAN;
  if (flags & (REDU__X_PINF | REDU__X_NINF))
    return flags & REDU__X_PINF ? INFINITY : -INFINITY;
  uint32_t d[REDU__X_DOT_LIMBS];
  int neg = redu__x_digits(rec, nlimbs, 1, d) < 0;
  if (neg)
    redu__x_digits(rec, nlimbs, -1, d);
  long top = -1;
  for (long i = (long)nlimbs * 32 - 1; i >= 0 && top < 0; --i)
    if (redu__x_bit(d, i))
      top = i;
  if (top < 0)
    return flags & REDU__X_NOT_NEGZERO ? 0.0 : -0.0;
  /* Value in [2^e, 2^(e+1)); keep the bits from lsb (an exponent) up. */
  long e = top - bias, lsb = e - prec + 1 < emin - prec + 1 ? emin - prec + 1 : e - prec + 1;
  long lsbi = lsb + bias;
  uint64_t q = 0;
  for (long i = top; i >= lsbi; --i)
    q = q << 1 | (uint64_t)redu__x_bit(d, i);
  if (redu__x_bit(d, lsbi - 1) && (redu__x_any_below(d, lsbi - 1) || (q & 1)))
    ++q;
  double r = ldexp((double)q, (int)lsb);
  return neg ? -r : r;
}

void redu__x_record_add(int64_t *rec, int nlimbs, int bias, double d)
{
  if (d != d || d - d != 0) {
    rec[nlimbs] |= redu__x_special(d);
    return;
  }
  if (redu__x_bits(d) != 1ull << 63)
    rec[nlimbs] |= REDU__X_NOT_NEGZERO;
  redu__x_deposit(rec, redu__x_split(d, bias), 0); /* the host's "warp" is one lane */
}

void redu__x_record_combine(int64_t *acc, const int64_t *later, int nlimbs)
{
  /* Limbs add; a carry pass then leaves 32-bit digits below the top limb, so any number of
   * records can be added one after the other without a limb overflowing. */
  __int128 carry = 0;
  for (int j = 0; j < nlimbs; ++j) {
    __int128 v = (__int128)acc[j] + later[j] + carry;
    carry = j + 1 < nlimbs ? v >> 32 : 0;
    acc[j] = (int64_t)(v - carry * ((__int128)1 << 32));
  }
  acc[nlimbs] |= later[nlimbs];
}

/* The fuzz harness's multi-device calls (redu_multi.h), included by fuzz_redu.c after
 * fuzz_segmented.h.
 *
 * api 9: one call over several parts, drawn near the edges:
 *   r[1] % 8  parts: 1, 2, 3, 4, REDU_MULTI_MAX, then the invalid 0, -1, REDU_MULTI_MAX + 1
 *   r[2] % 4  redu_multi_sum_f64; redu_multi_reduce max of int32; redu_multi_reduce argmin
 *             of double (the global index); redu_multi_sum_f64 with REDU_EXACT
 *   r[12] bit 0: part k's device is fz_device_sel(r[3] + k * r[4]) (any, valid or not),
 *             else a valid one (the GPUs or plugin devices and the host, in turn)
 *   r[5] % 4 == 3: part r[6] % parts gets an edge count that no array of 4 or 8 bytes can
 *             hold (n * size passes SIZE_MAX: the library must refuse it before reading);
 *             else part k takes (r[7] + 37 k) % (its share + 1) elements, 0 included
 *   r[11] % 8: 4 devices NULL, 5 xs NULL, 6 ns NULL, 7 part r[6]'s x NULL
 *   r[13] bit 0: the result NULL; bit 1: the index NULL (argmin)
 * The model: a call whose every argument is valid must succeed with the serial reduction
 * of the parts' concatenation (small integers: every order gives the same bits; argmin the
 * lowest global index among equal values); any other must fail, leave its outputs
 * untouched and leave a message naming the call. Which status an invalid call gets is the
 * one-device model's (api 0-2): a part's status is the one-device call's. */

enum { FZ_MULTI_SHARE = (FZ_CAP - 64 * 8) / 8 / REDU_MULTI_MAX }; /* elements per part */

static size_t fz_multi_edge(uint8_t which, uint8_t b)
{
  size_t k = b % 64;
  switch (which % 3) {
  case 0:
    return SIZE_MAX - k;
  case 1:
    return (size_t)PTRDIFF_MAX + 1 + k;
  default:
    return ((size_t)1 << 62) + k;
  }
}

static void fz_multi_call(const uint8_t *r, const fz_input *in)
{
  static const int part_counts[8] = {1, 2, 3, 4, REDU_MULTI_MAX, 0, -1, REDU_MULTI_MAX + 1};
  int parts = part_counts[r[1] % 8], form = r[2] % 4, fault = r[11] % 8;
  int nparts = parts > 0 && parts <= REDU_MULTI_MAX ? parts : 0;
  int valid = nparts > 0;
  size_t es = form == 1 ? 4 : 8;
  int devs[REDU_MULTI_MAX];
  const void *xs[REDU_MULTI_MAX];
  size_t ns[REDU_MULTI_MAX];
  const unsigned char *bufs[REDU_MULTI_MAX];
  int edge_part = r[5] % 4 == 3 && nparts ? r[6] % nparts : -1;
  /* The same small integers on every device: the host buffer, copied to each device's. */
  for (size_t i = 0; i < FZ_CAP / es; ++i) {
    int8_t b = (int8_t)(in->tail_len ? in->tail[(i * 3 + r[15]) % in->tail_len] : i % 7);
    if (es == 8) {
      double v = b % 9;
      memcpy(fz_hbuf + i * 8, &v, 8);
    } else {
      int32_t v = b;
      memcpy(fz_hbuf + i * 4, &v, 4);
    }
  }
  for (int k = 0; k < nparts; ++k) {
    int d = r[12] & 1                      ? fz_device_sel((uint8_t)(r[3] + k * r[4]))
            : k % (fz_ndev + 1) == fz_ndev ? fz_initial
                                           : k % (fz_ndev + 1);
    devs[k] = d;
    int ok = fz_dev_valid(d);
    valid &= ok;
    bufs[k] = NULL;
    if (ok) {
      int rd = fz_dev_resolve(d);
      fz_dev *D = fz_dev_ready(rd);
      omp_target_memcpy(D->mem, fz_hbuf, FZ_CAP, 0, 0, rd, fz_initial);
      bufs[k] = D->mem;
    }
    size_t off = (size_t)(k * 13) % 64;
    xs[k] = bufs[k] ? bufs[k] + off * es : (const void *)fz_hbuf;
    ns[k] = (size_t)(r[7] + 37 * k) % (FZ_MULTI_SHARE + 1);
    if (k == edge_part)
      ns[k] = fz_multi_edge(r[8], r[9]), valid = 0;
  }
  if (fault == 7 && nparts) {
    int k = r[6] % nparts;
    xs[k] = NULL;
    valid &= ns[k] == 0; /* a part of no elements may have no array */
  }
  if (fault >= 4 && fault <= 6)
    valid = 0;
  const int *dv = fault == 4 ? NULL : devs;
  const void *const *xv = fault == 5 ? NULL : xs;
  const size_t *nv = fault == 6 ? NULL : ns;
  int no_result = r[13] & 1, no_index = form == 2 && (r[13] & 2);
  valid &= !no_result && !no_index;
  unsigned char out[16];
  size_t idx = fz_idx_sent;
  memset(out, FZ_SENT, sizeof out);
  void *res = no_result ? NULL : out;
  size_t *ip = no_index ? NULL : &idx;
  redu_options exact = {.flags = REDU_EXACT};
  snprintf(fz_ctx, sizeof fz_ctx, "multi form %d, %d parts, fault %d, edge part %d%s%s", form,
           parts, fault, edge_part, r[12] & 1 ? ", drawn devices" : "",
           no_result ? ", result NULL" : "");
  fz_what = form == 0 || form == 3 ? "redu_multi_sum_f64" : "redu_multi_reduce";
  fz_prime_message();
  redu_status s;
  if (form == 0 || form == 3)
    s = redu_multi_sum_f64(parts, dv, (const double *const *)xv, nv, res,
                           form == 3 ? &exact : NULL);
  else
    s = redu_multi_reduce(parts, dv, form == 1 ? REDU_MAX : REDU_ARGMIN,
                          form == 1 ? REDU_INT32 : REDU_DOUBLE, xv, nv, res, ip, NULL);
  fz_stat(9, s, 0);
  if (s != REDU_OK) {
    if (valid)
      fz_fail("a valid multi-device call failed: %d (%s)", (int)s, redu_last_error());
    fz_check_message(s, "redu_multi", "part");
    if (!fz_untouched(out, 0, sizeof out, FZ_SENT) || idx != fz_idx_sent)
      fz_fail("a refused multi-device call wrote its result");
    return;
  }
  if (!valid)
    fz_fail("an invalid multi-device call succeeded");
  /* The reference over the concatenation, from the host copy of each part's elements. */
  double sum = 0, best = __builtin_inf();
  int32_t imax = INT32_MIN;
  size_t at = 0, base = 0;
  for (int k = 0; k < nparts; ++k) {
    const unsigned char *h = fz_hbuf + (xs[k] ? (const unsigned char *)xs[k] - bufs[k] : 0);
    for (size_t i = 0; i < ns[k]; ++i) {
      if (es == 4) {
        int32_t v;
        memcpy(&v, h + i * 4, 4);
        imax = v > imax ? v : imax;
      } else {
        double v;
        memcpy(&v, h + i * 8, 8);
        sum += v;
        if (v < best)
          best = v, at = base + i;
      }
    }
    base += ns[k];
  }
  if (form == 1) {
    int32_t got;
    memcpy(&got, out, 4);
    if (base && got != imax)
      fz_fail("multi max over %zu elements: got %d, want %d", base, got, imax);
  } else if (form == 2) {
    double got;
    memcpy(&got, out, 8);
    if (base && (got != best || idx != at))
      fz_fail("multi argmin: got %g at %zu, want %g at %zu", got, idx, best, at);
  } else {
    double got;
    memcpy(&got, out, 8);
    if (got != sum)
      fz_fail("multi sum over %zu elements: got %a, want %a", base, got, sum);
  }
}

/* The fuzz harness's scans (redu_scan.h) and bins (redu_bins.h), included by fuzz_redu.c
 * after fuzz_multi.h.
 *
 * api 10: one call of four forms, r[1] % 4:
 *   0 redu_inclusive_scan_sum_i32(dev, x, y, n)   1 redu_exclusive_scan_sum_i64 from an init
 *   2 redu_bins_sum_i32(dev, keys, x, n, nbins, out)   3 redu_bins_sum_u32, x NULL (counts:
 *   an integer sum's bins count their elements where x is NULL, form 2's too)
 *   r[2]      the init (form 1, as a signed byte); nbins (bins): r[2] % 200 below 250, else
 *             an edge past SIZE_MAX / 4 (nbins * 4 overflows: must be refused)
 *   r[3]      device selector          r[4..5] n % (FZ_SB_N + 1)
 *   r[6] % 8  6: n = 0; 7: an n past SIZE_MAX / 4 (must be refused before any read)
 *   r[7]      bits 0-2: 0-3 device memory, 4 host arrays with REDU_INPUT_HOST, 5 x NULL,
 *             6 x one byte past an element (misaligned), 7 the output (y, out) NULL;
 *             bits 3-6: x starts that many elements in
 *   r[8]      bit 0 an unknown flag bit; scans: bit 1 y == x (in place), else bit 2 y = x + 1
 *             element (an overlap once n > 1); bins: bit 1 REDU_BINS_SKIP_BAD_KEYS, bit 2
 *             REDU_BINS_ACCUMULATE, bit 3 keys NULL
 *   r[9] % 4  3: one key at position r[10] % n is nbins + r[11] (bins)
 *   the tail  the elements (small integers) and keys
 * The model: a call whose arguments are all valid must succeed with the serial result (y, or
 * out from its identity or, accumulating, from what it held), integers wrapping in their
 * type; one whose only fault is a bad key, not skipped, must fail with REDU_ERR_BAD_KEY; any
 * other must fail; a fault that n = 0 (or nbins = 0 for out) makes moot may go either way.
 * Every failure leaves the outputs (and x) untouched and a message naming the call. */

enum {
  FZ_SB_N = 2000,      /* elements at most */
  FZ_SB_X = 0,         /* where x (scans) or keys (bins) start in a call's buffer */
  FZ_SB_BX = 16384,    /* bins: x */
  FZ_SB_Y = 20480,     /* scans: y */
  FZ_SB_OUT = 32768,   /* bins: out */
  FZ_SB_MAXBINS = 200, /* out: 800 bytes */
  FZ_SB_UNKNOWN = 1 << 29
};
static _Alignas(64) unsigned char fz_sb_host[FZ_CAP], fz_sb_data[FZ_CAP], fz_sb_got[FZ_CAP];

/* The serial result into ref (the output region's bytes, from what it held). */
static void fz_sb_reference(int form, const unsigned char *h, size_t xoff, size_t n, size_t nbins,
                            int64_t init, int skip, int accumulate, int counting,
                            unsigned char *ref)
{
  if (form == 0) {
    uint32_t run = 0;
    for (size_t i = 0; i < n; ++i) {
      int32_t v;
      memcpy(&v, h + xoff + i * 4, 4);
      run += (uint32_t)v;
      memcpy(ref + i * 4, &run, 4);
    }
  } else if (form == 1) {
    uint64_t run = (uint64_t)init;
    for (size_t i = 0; i < n; ++i) {
      int64_t v;
      memcpy(&v, h + xoff + i * 8, 8);
      memcpy(ref + i * 8, &run, 8);
      run += (uint64_t)v;
    }
  } else {
    uint32_t *bins = (uint32_t *)ref;
    for (size_t k = 0; k < nbins; ++k)
      if (!accumulate)
        bins[k] = 0;
    for (size_t i = 0; i < n; ++i) {
      uint32_t key, v = 1;
      memcpy(&key, h + FZ_SB_X + i * 4, 4);
      if (!counting)
        memcpy(&v, h + xoff + i * 4, 4);
      if (key < nbins)
        bins[key] += v;
      else if (!skip)
        fz_fail("the model passed a bad key at %zu to a call it expected to succeed", i);
    }
  }
}

static void fz_scan_bins_call(const uint8_t *r, const fz_input *in)
{
  static const char *const names[4] = {"redu_inclusive_scan_sum_i32", "redu_exclusive_scan_sum_i64",
                                       "redu_bins_sum_i32", "redu_bins_sum_u32"};
  int form = r[1] % 4, bins = form >= 2, d = fz_device_sel(r[3]), xkind = r[7] & 7;
  size_t es = form == 1 ? 8 : 4, off = (size_t)(r[7] >> 3 & 15);
  size_t n = (size_t)(r[4] | r[5] << 8) % (FZ_SB_N + 1), nbins = 0;
  int n_edge = r[6] % 8 == 7;
  if (r[6] % 8 == 6)
    n = 0;
  if (n_edge)
    n = (SIZE_MAX >> 2) + 1 + r[14];
  int nbins_edge = bins && r[2] >= 250;
  if (bins)
    nbins = nbins_edge ? (SIZE_MAX >> 2) + 1 + r[2] : (size_t)r[2] % FZ_SB_MAXBINS;
  int64_t init = (int8_t)r[2];
  int unknown = r[8] & 1, in_place = !bins && (r[8] & 2),
      shifted = !bins && !in_place && (r[8] & 4);
  int skip = bins && (r[8] & 2), accumulate = bins && (r[8] & 4), keys_null = bins && (r[8] & 8);
  int host = xkind == 4, x_null = xkind == 5 || form == 3, misaligned = xkind == 6 && form != 3;
  int out_null = xkind == 7;
  size_t dn = n_edge ? 0 : n; /* elements really laid out */

  /* The data: small integers and keys from the tail, in one buffer laid out as the call's. */
  size_t xoff = (bins ? FZ_SB_BX : FZ_SB_X) + off * es;
  memset(fz_sb_data, FZ_SENT, FZ_CAP);
  for (size_t i = 0; i < FZ_SB_N + 16; ++i) {
    int8_t b = (int8_t)(in->tail_len ? in->tail[(i * 5 + r[12]) % in->tail_len] : i % 11);
    if (!bins) {
      int64_t v = b;
      memcpy(fz_sb_data + FZ_SB_X + i * es, &v, es); /* little-endian: low bytes first */
    } else {
      int32_t v = b;
      memcpy(fz_sb_data + FZ_SB_BX + i * 4, &v, 4);
      uint32_t key =
          nbins && !nbins_edge ? (uint32_t)((uint8_t)b * 7u + r[13]) % (uint32_t)nbins : 0;
      if (i < FZ_SB_N)
        memcpy(fz_sb_data + FZ_SB_X + i * 4, &key, 4);
    }
  }
  int bad_key = bins && dn > 0 && (nbins == 0 || r[9] % 4 == 3);
  if (bins && dn > 0 && nbins && r[9] % 4 == 3) {
    uint32_t key = (uint32_t)(nbins + r[11]);
    memcpy(fz_sb_data + FZ_SB_X + (r[10] % dn) * 4, &key, 4);
  }

  /* Where the arrays are: one device's memory (the default device's when d is not valid:
   * nothing may be read there), or host arrays. */
  int dev_ok = fz_dev_valid(d);
  int rd = dev_ok ? fz_dev_resolve(d) : omp_get_default_device();
  unsigned char *base = host ? fz_sb_host : fz_dev_ready(rd)->mem;
  if (host)
    memcpy(fz_sb_host, fz_sb_data, FZ_CAP);
  else
    omp_target_memcpy(base, fz_sb_data, FZ_CAP, 0, 0, rd, fz_initial);
  unsigned char *x = base + xoff + (misaligned ? 1 : 0);
  unsigned char *y = base + FZ_SB_Y, *keys = base + FZ_SB_X, *out = base + FZ_SB_OUT;
  if (in_place)
    y = x;
  else if (shifted)
    y = x + es;
  const void *xp = x_null ? NULL : x;
  void *op = out_null ? NULL : bins ? (void *)out : (void *)y;
  const uint32_t *kp = keys_null ? NULL : (const uint32_t *)keys;
  redu_options o = {
      .flags = (unsigned)(host ? REDU_INPUT_HOST : 0) | (unsigned)(unknown ? FZ_SB_UNKNOWN : 0) |
               (skip ? REDU_BINS_SKIP_BAD_KEYS : 0) | (accumulate ? REDU_BINS_ACCUMULATE : 0)};
  if (form == 1)
    o.init = &init;

  /* The model. */
  int must_fail = !dev_ok || n_edge || nbins_edge || unknown;
  int may_fail = 0;
  if (dn > 0 &&
      ((x_null && !bins) || misaligned || (!bins && out_null) || keys_null || (shifted && dn > 1)))
    must_fail = 1;
  if (dn == 0 && ((x_null && !bins) || misaligned || (!bins && out_null) || keys_null))
    may_fail = 1;
  if (bins && nbins > 0 && out_null)
    must_fail = 1;
  int expect_bad_key = !must_fail && bad_key && !skip;

  snprintf(fz_ctx, sizeof fz_ctx,
           "scan/bins form %d, dev %d, n %zu%s, nbins %zu, x kind %d +%zu, flags%s%s%s%s%s%s", form,
           d, n, n_edge ? " (edge)" : "", nbins, xkind, off, unknown ? " unknown" : "",
           in_place ? " in-place" : "", shifted ? " shifted" : "", skip ? " skip" : "",
           accumulate ? " accumulate" : "", keys_null ? " keys-NULL" : "");
  fz_what = names[form];
  fz_prime_message();
  redu_status s;
  switch (form) {
  case 0:
    s = redu_inclusive_scan_sum_i32(d, xp, op, n, &o);
    break;
  case 1:
    s = redu_exclusive_scan_sum_i64(d, xp, op, n, &o);
    break;
  case 2:
    s = redu_bins_sum_i32(d, kp, xp, n, nbins, op, &o);
    break;
  default:
    s = redu_bins_sum_u32(d, kp, NULL, n, nbins, op, &o);
  }
  fz_stat(10, s, 0);

  if (host)
    memcpy(fz_sb_got, fz_sb_host, FZ_CAP);
  else
    omp_target_memcpy(fz_sb_got, base, FZ_CAP, 0, 0, fz_initial, rd);
  if (s != REDU_OK) {
    if (!must_fail && !may_fail && !expect_bad_key)
      fz_fail("a valid call failed: %s (%d)", fz_status_name(s), (int)s);
    if (expect_bad_key && s != REDU_ERR_BAD_KEY)
      fz_fail("a bad key gave %s (%d), not REDU_ERR_BAD_KEY", fz_status_name(s), (int)s);
    fz_check_message(s, names[form], NULL);
    if (memcmp(fz_sb_got, fz_sb_data, FZ_CAP))
      fz_fail("a refused call wrote into x, y, keys or out");
    return;
  }
  if (must_fail || expect_bad_key)
    fz_fail("an invalid call succeeded");
  /* The serial result over the output region; everything else as it was. */
  memcpy(fz_sb_host, fz_sb_data, FZ_CAP); /* the reference's canvas */
  unsigned char *region = bins ? fz_sb_host + FZ_SB_OUT : fz_sb_host + (y - base);
  fz_sb_reference(form, fz_sb_data, xoff, dn, out_null ? 0 : nbins, init, skip, accumulate, x_null,
                  region);
  if (memcmp(fz_sb_got, fz_sb_host, FZ_CAP)) {
    size_t at = 0;
    while (fz_sb_got[at] == fz_sb_host[at])
      ++at;
    fz_fail("byte %zu of the call's buffer: got 0x%02x, want 0x%02x", at, fz_sb_got[at],
            fz_sb_host[at]);
  }
}

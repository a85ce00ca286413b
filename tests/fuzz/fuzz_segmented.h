/* fuzz_segmented.h: fuzz_redu's segmented, batched and exact calls (api 7 and 8), with
 * counts, lengths and offsets drawn near the edges of size_t. Included by fuzz_redu.c after
 * its helpers (devices, expected statuses, messages, failure reports), which it uses.
 *
 * api 7, segmented or batched max, four forms on the same input: the typed call, the
 * generic call, argmax (the value, and the index within the segment) and a declared
 * reduction (REDU_DECLARE_REDUCTION: fz_u8_max over uint8_t, fz_f64_max, ordered, over
 * double). Every form must return the status modelled here from the rules of
 * docs/semantics.md ("Segmented and batched reductions"), all four the same; refused calls
 * leave a message and the outputs untouched; REDU_OK gives every segment's max (and
 * argmax index) of a serial reference. Inputs whose outcome the target cannot know (an
 * end past x on a CPU device, where host memory has no allocation size) are not called.
 *   r[1]  bit 0 batched; bit 1 double (else uint8_t)
 *   r[3]  device selector (fz_device_sel)
 *   r[4]  bit 0 host arrays with REDU_INPUT_HOST; bit 1 host arrays passed as device
 *         memory; bit 2 teams r[13] and threads r[14] (fz_teams_sel, fz_threads_sel)
 *   r[5]  % 4 == 3: the segment count is an edge value (fz_seg_edge(r[5] >> 2, r[6])),
 *         else r[6] % 33
 *   r[7]  offsets % 8: 0 valid; 1 a decrease at position 1 + r[9] % nseg; 2 that offset
 *         an edge value; 3 the last one; 4 the first one; 5 all equal to it; 6 the last
 *         x's end + r[10] % 9 - 4; 7 every one an edge value; the edge value is
 *         fz_seg_edge(r[8], r[10]). Batched: r[7] % 4 == 3: the length is
 *         fz_seg_edge(r[8], r[10]), else r[10] % 50
 *   r[11] % 8: 4 x NULL, 5 offsets NULL, 6 results NULL, 7 x misaligned (double only)
 *   r[12] % 8: 5 REDU_EXACT, 6 an unknown flag bit, 7 a scratchpad
 *   r[15] and the tail: segment lengths (tail byte % 40) and the elements (small integers)
 *
 * api 8, exact sums and dot products (REDU_EXACT): r[1] % 5: redu_sum_f64, redu_sum_f32
 * (through redu_reduce), redu_dot_f64, redu_dot_f32, or redu_reduce with op r[2] and
 * type r[6] (REDU_EXACT applies to the sums of float and double only); r[3] device; n:
 * r[5] % 4 == 3 an edge value fz_seg_edge(r[5] >> 2, r[7]), else r[7] | r[8] << 8 (mod
 * 4097); r[4] bit 0 host arrays; r[11] % 8 == 4 x NULL, 5 y NULL, 6 misaligned x.
 * Elements are small integers: the exact value is an integer that double holds, and the
 * result must be it rounded once to the result type. */

#define FZ_F64MAX(a, b) ((b) > (a) ? (b) : (a))
REDU_DECLARE_REDUCTION(fz_f64_max, double, FZ_F64MAX, REDU_ORDERED, -__builtin_inf())

enum {
  FZ_SEG_MAXN = 32,       /* segments given offsets for */
  FZ_SEG_BYTES = 1 << 16, /* offsets, results, indices: each array's bytes (unpooled) */
  FZ_SEG_SKIP = -1,       /* the model's "not knowable here: not called" */
  FZ_SEG_HUGE_SHIFT = 50, /* host sections of 2^50 bytes are more than any device has */
  FZ_SEG_FORMS = REDU_TEST_SEG_FORMS
};

/* Values near every edge: small, 2^31, 2^32, 2^60, PTRDIFF_MAX / 8, PTRDIFF_MAX (each
 * -3 .. +3), SIZE_MAX - k for k < 64. */
static size_t fz_seg_edge(uint8_t which, uint8_t b)
{
  long d = (long)(b % 7) - 3;
  size_t base;
  switch (which % 8) {
  case 0:
    return b % 17;
  case 1:
    base = (size_t)1 << 31;
    break;
  case 2:
    base = (size_t)1 << 32;
    break;
  case 3:
    base = (size_t)1 << 60;
    break;
  case 4:
    base = (size_t)PTRDIFF_MAX / 8;
    break;
  case 5:
    base = (size_t)PTRDIFF_MAX;
    break;
  case 6:
    base = SIZE_MAX / 8;
    break;
  default:
    return SIZE_MAX - b % 64;
  }
  return base + (size_t)d;
}

/* Per device (0..ndev-1, then the initial device): offsets, results and indices. */
typedef struct {
  unsigned char *offs, *vals, *idx;
} fz_seg_arrays;
static fz_seg_arrays *fz_seg_dev;
static _Alignas(64) unsigned char fz_seg_host[3][FZ_SEG_BYTES];

static fz_seg_arrays *fz_seg_arrays_of(int rd)
{
  if (!fz_seg_dev && !(fz_seg_dev = calloc((size_t)fz_ndev + 1, sizeof *fz_seg_dev)))
    abort();
  fz_seg_arrays *A = &fz_seg_dev[rd == fz_initial ? fz_ndev : rd];
  if (!A->offs) {
    A->offs = omp_target_alloc(FZ_SEG_BYTES, rd);
    A->vals = omp_target_alloc(FZ_SEG_BYTES, rd);
    A->idx = omp_target_alloc(FZ_SEG_BYTES, rd);
    if (!A->offs || !A->vals || !A->idx)
      abort();
  }
  return A;
}

REDU_TEST_SEG_FORMS_OF(fz_seg, u8, uint8_t, REDU_UINT8, max, REDU_MAX, argmax, fz_u8_max)
REDU_TEST_SEG_FORMS_OF(fz_seg, f64, double, REDU_DOUBLE, max, REDU_MAX, argmax, fz_f64_max)
static const redu_test_seg_form fz_seg_forms[2][FZ_SEG_FORMS] = {
    {fz_seg_typed_u8, fz_seg_generic_u8, fz_seg_arg_u8, fz_seg_declared_u8},
    {fz_seg_typed_f64, fz_seg_generic_f64, fz_seg_arg_f64, fz_seg_declared_f64}};
static const char *const fz_seg_form_names[FZ_SEG_FORMS] = {"typed", "generic", "argmax",
                                                            "declared"};

/* One call's arguments as the model sees them. */
typedef struct {
  int dvalid, gpu, host_arrays, host_as_device, batched, opts_drawn;
  unsigned flags;
  int pad;
  size_t es, nseg, len, n_x; /* n_x: elements x holds from its start */
  const size_t *o;           /* the offsets given (nseg + 1 of them when nseg <= MAXN) */
  const void *x;
  int x_null, offs_null, vals_null;
  int may_oom; /* set by fz_seg_expect: a host section of more than 1 GiB, which a device
                  with less memory than that refuses (OUT_OF_MEMORY) */
} fz_seg_args;

/* The status the rules give, in the order host/redu_segmented.c checks (device offsets:
 * the kernel's verdict, after every argument), or FZ_SEG_SKIP. */
static int fz_seg_expect(fz_seg_args *a)
{
  const unsigned known = REDU_INPUT_HOST | REDU_TEAM_SHUFFLE | REDU_TEAM_TREE | REDU_EXACT;
  if (a->flags & ~known)
    return REDU_ERR_BAD_OPTION;
  if ((a->flags & REDU_EXACT) || a->pad)
    return REDU_ERR_UNSUPPORTED;
  if (!a->dvalid)
    return REDU_ERR_INVALID_DEVICE;
  if (a->nseg == 0)
    return REDU_OK;
  size_t es = a->es, max = (size_t)PTRDIFF_MAX / es, arrays = FZ_SEG_BYTES / sizeof(size_t);
  int checked = a->gpu && !a->host_arrays; /* the CUDA driver checks every array */
  if (a->nseg >= (size_t)PTRDIFF_MAX / sizeof(size_t) ||
      (a->batched && a->len && a->nseg > max / a->len))
    return REDU_ERR_OVERFLOW;
  if (!a->batched && a->offs_null)
    return REDU_ERR_NULL_ARG;
  if (checked && a->host_as_device && !(a->batched && a->vals_null))
    return REDU_ERR_NOT_DEVICE_PTR;
  if (!a->batched && a->nseg + 1 > arrays)
    return checked ? REDU_ERR_NOT_DEVICE_PTR : FZ_SEG_SKIP;
  if (a->vals_null)
    return REDU_ERR_NULL_ARG;
  if (a->nseg > arrays) /* results (all forms) or indices (argmax only) past their arrays */
    return checked && a->nseg * es > FZ_SEG_BYTES ? REDU_ERR_NOT_DEVICE_PTR : FZ_SEG_SKIP;
  if (!a->batched && a->nseg > FZ_SEG_MAXN)
    return FZ_SEG_SKIP; /* offsets past those given */
  size_t first = 0, last = a->len * a->nseg, bad = 0;
  if (!a->batched) {
    for (size_t k = 1; k <= a->nseg && !bad; ++k)
      bad = a->o[k] < a->o[k - 1];
    first = a->o[0], last = a->o[a->nseg];
    bad = bad || last > max;
    if (a->host_arrays && bad) /* host offsets: checked before x */
      return REDU_ERR_BAD_OFFSETS;
  }
  if (a->host_arrays && !bad && (last - first) * es >> FZ_SEG_HUGE_SHIFT)
    return REDU_ERR_OUT_OF_MEMORY;
  a->may_oom = a->host_arrays && !bad && (last - first) * es >> 30;
  if (!a->x)
    return REDU_ERR_NULL_ARG;
  if ((uintptr_t)a->x % es)
    return REDU_ERR_MISALIGNED;
  if (a->batched)
    return last <= a->n_x ? REDU_OK : checked ? REDU_ERR_NOT_DEVICE_PTR : FZ_SEG_SKIP;
  if (a->host_arrays) /* bad ones were refused above */
    return last <= a->n_x || last == first ? REDU_OK : FZ_SEG_SKIP;
  /* Device offsets: the kernel reduces [first, last) while it checks them, up to what it
   * knows of x's end (the driver's allocation, else the address space): past a shorter x
   * on a CPU device it reads past x, even when a decrease makes the call fail. */
  size_t room = (UINTPTR_MAX - (uintptr_t)a->x) / es, lim = checked ? a->n_x : room;
  lim = lim < max ? lim : max;
  if (first < last && last <= lim && last > a->n_x)
    return FZ_SEG_SKIP;
  return bad || last > lim ? REDU_ERR_BAD_OFFSETS : REDU_OK;
}

/* The serial reference of one segment [lo, hi) of x (host copy): max and its index. */
static double fz_seg_ref(const unsigned char *x, size_t es, size_t lo, size_t hi, size_t *at)
{
  double best = -INFINITY;
  *at = REDU_NO_INDEX;
  for (size_t i = lo; i < hi; ++i) {
    double v;
    if (es == 1)
      v = x[i];
    else
      memcpy(&v, x + i * 8, 8);
    if (*at == REDU_NO_INDEX || v > best)
      best = v, *at = i - lo;
  }
  return best;
}

static void fz_seg_call(const uint8_t *r, const fz_input *in)
{
  int batched = r[1] & 1, dbl = (r[1] >> 1) & 1;
  size_t es = dbl ? 8 : 1;
  int dev = fz_device_sel(r[3]);
  int dvalid = fz_dev_valid(dev), rd = fz_dev_resolve(dev);
  fz_dev *D = dvalid ? fz_dev_ready(rd) : NULL;
  fz_seg_arrays *A = dvalid ? fz_seg_arrays_of(rd) : NULL;
  int on_plugin = dvalid && rd != fz_initial;
  fz_seg_args a = {.dvalid = dvalid,
                   .gpu = D && D->gpu,
                   .batched = batched,
                   .es = es,
                   .host_arrays = (r[4] & 1) && on_plugin};
  int host = (r[4] & 1) || (r[4] & 2) || !dvalid;
  a.host_as_device = (r[4] & 2) && !(r[4] & 1) && on_plugin;
  a.flags = r[4] & 1 ? REDU_INPUT_HOST : 0;

  /* Elements: small integers from the tail, the same in x's host copy and on the device. */
  size_t cap = FZ_CAP / es;
  for (size_t i = 0; i < cap; ++i) {
    uint8_t b = in->tail_len ? in->tail[(i * 7 + r[15]) % in->tail_len] : (uint8_t)i;
    if (dbl) {
      double v = (double)(int8_t)b;
      memcpy(fz_hbuf + i * 8, &v, 8);
    } else {
      fz_hbuf[i] = b;
    }
  }
  if (!host)
    omp_target_memcpy(D->mem, fz_hbuf, FZ_CAP, 0, 0, rd, fz_initial);
  const unsigned char *xb = host ? fz_hbuf : D->mem;
  a.x = xb, a.n_x = cap;

  /* Counts, lengths, offsets. */
  size_t o[FZ_SEG_MAXN + 1];
  a.nseg = r[5] % 4 == 3 ? fz_seg_edge(r[5] >> 2, r[6]) : r[6] % (FZ_SEG_MAXN + 1);
  size_t edge = fz_seg_edge(r[8], r[10]);
  if (batched)
    a.len = r[7] % 4 == 3 ? edge : r[10] % 50;
  size_t given = a.nseg <= FZ_SEG_MAXN ? a.nseg + 1 : 2;
  o[0] = r[9] % 8;
  for (size_t k = 1; k < given; ++k)
    o[k] = o[k - 1] + (in->tail_len ? in->tail[(k * 13 + r[15]) % in->tail_len] % 40 : k % 40);
  size_t p = a.nseg ? 1 + r[9] % (given - 1 ? given - 1 : 1) : 0;
  switch (r[7] % 8) {
  case 1:
    if (p && o[p - 1] == 0)
      o[p - 1] = 3;
    if (p)
      o[p] = o[p - 1] - 1 - r[10] % 2;
    break;
  case 2:
    o[p] = edge;
    break;
  case 3:
    o[given - 1] = edge;
    break;
  case 4:
    o[0] = edge;
    break;
  case 5:
    for (size_t k = 0; k < given; ++k)
      o[k] = edge;
    break;
  case 6:
    o[given - 1] = cap + r[10] % 9 - 4;
    break;
  case 7:
    for (size_t k = 0; k < given; ++k)
      o[k] = fz_seg_edge(r[8] + (uint8_t)k, r[10] + (uint8_t)(3 * k));
    break;
  default:
    break;
  }
  a.o = o;

  /* Pointers and options. */
  int fault = r[11] % 8;
  a.x_null = fault == 4, a.offs_null = fault == 5 && !batched, a.vals_null = fault == 6;
  if (fault == 7 && dbl)
    a.x = xb + 1;
  if (a.x_null)
    a.x = NULL;
  redu_options opts = {.flags = a.flags};
  char pad[256];
  switch (r[12] % 8) {
  case 5:
    opts.flags |= REDU_EXACT;
    break;
  case 6:
    opts.flags |= 1u << (5 + r[14] % 27);
    break;
  case 7:
    opts.scratchpad = pad, opts.scratchpad_bytes = sizeof pad, a.pad = 1;
    break;
  default:
    break;
  }
  a.flags = opts.flags;
  if (r[4] & 4) {
    opts.teams = fz_teams_sel(r[13]), opts.threads = fz_threads_sel(r[14]);
    a.opts_drawn = 1;
  }
  int want = fz_seg_expect(&a);
  snprintf(fz_ctx, sizeof fz_ctx,
           "%s %s dev=%d nseg=%zu len=%zu offsets {%zu, %zu, .., %zu} flags=0x%x teams=%d "
           "threads=%d%s%s%s%s",
           batched ? "batched" : "segmented", dbl ? "f64" : "u8", dev, a.nseg, a.len, o[0],
           given > 1 ? o[1] : 0, o[given - 1], opts.flags, opts.teams, opts.threads,
           a.host_arrays ? " host arrays" : "", a.host_as_device ? " host as device" : "",
           a.x_null    ? " x NULL"
           : a.x != xb ? " x misaligned"
                       : "",
           a.offs_null   ? " offsets NULL"
           : a.vals_null ? " results NULL"
                         : "");
  if (want == FZ_SEG_SKIP) {
    fz_what = "segmented (not called: the target cannot know x's end)";
    fz_stat(7, REDU_STATUS_COUNT, 0);
    return;
  }

  /* Arrays: offsets, and outputs filled with sentinels. */
  unsigned char *offs = host ? fz_seg_host[0] : A->offs;
  unsigned char *vals = host ? fz_seg_host[1] : A->vals;
  unsigned char *idx = host ? fz_seg_host[2] : A->idx;
  size_t nout = a.nseg < FZ_SEG_MAXN ? a.nseg : FZ_SEG_MAXN;
  unsigned char sent[FZ_SEG_MAXN * 8], back[FZ_SEG_MAXN * 8];
  memset(sent, FZ_SENT, sizeof sent);
  if (host)
    memcpy(offs, o, given * sizeof *o);
  else
    omp_target_memcpy(offs, o, given * sizeof *o, 0, 0, rd, fz_initial);
  redu_status got[FZ_SEG_FORMS];
  for (int f = 0; f < FZ_SEG_FORMS; ++f) {
    fz_what = fz_seg_form_names[f];
    if (host)
      memcpy(vals, sent, sizeof sent), memcpy(idx, sent, sizeof sent);
    else
      omp_target_memcpy(vals, sent, sizeof sent, 0, 0, rd, fz_initial),
          omp_target_memcpy(idx, sent, sizeof sent, 0, 0, rd, fz_initial);
    fz_prime_message();
    got[f] = fz_seg_forms[dbl][f](dev, batched, a.x, a.offs_null ? NULL : (const size_t *)offs,
                                  a.len, a.nseg, a.vals_null ? NULL : vals, (size_t *)idx, &opts);
    fz_stat(7, got[f], a.nseg);
    fz_expect e = {want == REDU_OK ? 0u : FZ_BIT(want), 0};
    if (a.may_oom)
      e.must |= FZ_BIT(REDU_ERR_OUT_OF_MEMORY), e.may |= FZ_BIT(REDU_ERR_OUT_OF_MEMORY);
    if (a.opts_drawn) /* the planner's limits: tests/test_errors.c checks them */
      e.may |= FZ_BIT(REDU_ERR_BAD_OPTION) | FZ_BIT(REDU_OK) | FZ_BIT(want), e.must = 0;
    fz_check_status(got[f], &e);
    if (got[f] != got[0])
      fz_fail("%s returned %s, the typed call %s", fz_seg_form_names[f], fz_status_name(got[f]),
              fz_status_name(got[0]));
    if (host)
      memcpy(back, vals, sizeof back);
    else
      omp_target_memcpy(back, vals, sizeof back, 0, 0, fz_initial, rd);
    if (got[f] != REDU_OK) {
      fz_check_message(got[f], batched ? "redu_batched" : "redu_segmented", NULL);
      if (!fz_untouched(back, 0, sizeof back, FZ_SENT))
        fz_fail("a refused call wrote results");
      continue;
    }
    size_t at[FZ_SEG_MAXN];
    if (f == 2) {
      if (host)
        memcpy(at, idx, nout * sizeof *at);
      else
        omp_target_memcpy(at, idx, nout * sizeof *at, 0, 0, fz_initial, rd);
    }
    const unsigned char *hx = /* x's host copy (no segments: x may be NULL) */
        a.x ? fz_hbuf + ((const unsigned char *)a.x - xb) : fz_hbuf;
    for (size_t k = 0; k < nout; ++k) {
      size_t lo = batched ? k * a.len : o[k], hi = batched ? lo + a.len : o[k + 1], wi;
      double want_v = fz_seg_ref(hx, es, lo, hi, &wi), got_v;
      if (lo == hi) { /* the identity, which differs by form; argmax: no index */
        if (f == 2 && at[k] != REDU_NO_INDEX)
          fz_fail("argmax of empty segment %zu: index %zu", k, at[k]);
        continue;
      }
      if (es == 1)
        got_v = back[k];
      else
        memcpy(&got_v, back + k * 8, 8);
      if (got_v != want_v || (f == 2 && at[k] != wi))
        fz_fail("%s segment %zu [%zu, %zu): got %g @%zu, want %g @%zu", fz_seg_form_names[f], k, lo,
                hi, got_v, f == 2 ? at[k] : 0, want_v, wi);
    }
  }
}

/* api 8: REDU_EXACT sums and dot products over small integers (their exact value known). */
static void fz_exact_call(const uint8_t *r, const fz_input *in)
{
  int which = r[1] % 5, dbl = which == 0 || which == 2, dot = which == 2 || which == 3;
  redu_op op = which == 4 ? (redu_op)(r[2] % REDU_OP_COUNT) : REDU_SUM;
  redu_type type = which == 4 ? (redu_type)(r[6] % REDU_TYPE_COUNT)
                   : dbl      ? REDU_DOUBLE
                              : REDU_FLOAT;
  size_t es = fz_types[type].size;
  int dev = fz_device_sel(r[3]);
  int dvalid = fz_dev_valid(dev), rd = fz_dev_resolve(dev);
  fz_dev *D = dvalid ? fz_dev_ready(rd) : NULL;
  int on_plugin = dvalid && rd != fz_initial, host = (r[4] & 1) || !dvalid;
  int gpu = D && D->gpu && !(host && on_plugin);
  size_t cap = FZ_CAP / 2 / es; /* x in the first half, y in the second */
  size_t n = r[5] % 4 == 3 ? fz_seg_edge(r[5] >> 2, r[7]) : (size_t)(r[7] | r[8] << 8) % 4097;
  for (size_t i = 0; i < 2 * cap; ++i) {
    int8_t b = (int8_t)(in->tail_len ? in->tail[(i * 5 + r[15]) % in->tail_len] : i);
    if (es == 8) {
      double v = b;
      memcpy(fz_hbuf + i * 8, &v, 8);
    } else if (es == 4) {
      float v = b;
      memcpy(fz_hbuf + i * 4, &v, 4);
    } else {
      memcpy(fz_hbuf + i * es, &b, 1);
    }
  }
  if (!host)
    omp_target_memcpy(D->mem, fz_hbuf, FZ_CAP, 0, 0, rd, fz_initial);
  const unsigned char *xb = host ? fz_hbuf : D->mem;
  const unsigned char *x = xb, *y = xb + FZ_CAP / 2;
  int fault = r[11] % 8;
  if (fault == 4)
    x = NULL;
  if (fault == 5)
    y = NULL;
  if (fault == 6 && es > 1)
    x = xb + 1;
  redu_options opts = {.flags = REDU_EXACT | (host && on_plugin ? REDU_INPUT_HOST : 0u)};
  /* The model: the op, the device, then n = 0 (nothing checked), then the arrays: any of
   * the faults drawn (tests/test_exact.c checks their order), then the ranges. */
  int ovf = n > SIZE_MAX / es || (x && (uintptr_t)x > UINTPTR_MAX - n * es) ||
            (dot && y && (uintptr_t)y > UINTPTR_MAX - n * es);
  unsigned faults = (!x || (dot && !y) ? FZ_BIT(REDU_ERR_NULL_ARG) : 0u) |
                    (ovf ? FZ_BIT(REDU_ERR_OVERFLOW) : 0u) |
                    (x && (uintptr_t)x % es ? FZ_BIT(REDU_ERR_MISALIGNED) : 0u);
  int want;
  if (op != REDU_SUM || (type != REDU_DOUBLE && type != REDU_FLOAT))
    want = REDU_ERR_UNSUPPORTED;
  else if (!dvalid)
    want = REDU_ERR_INVALID_DEVICE;
  else if (n == 0)
    want = REDU_OK;
  else if (faults)
    want = REDU_STATUS_COUNT; /* one of `faults` */
  else if (n > cap) /* x's half, or y's, passes the allocation where the driver knows it */
    want = gpu && (dot || n * es > FZ_CAP) ? REDU_ERR_NOT_DEVICE_PTR : FZ_SEG_SKIP;
  else
    want = REDU_OK;
  snprintf(fz_ctx, sizeof fz_ctx, "exact %s op %d type %d dev=%d n=%zu%s%s", dot ? "dot" : "sum",
           (int)op, (int)type, dev, n, host ? " host arrays" : "",
           !x        ? " x NULL"
           : !y      ? " y NULL"
           : x != xb ? " x misaligned"
                     : "");
  fz_what = dot ? "redu_dot (REDU_EXACT)" : "redu_reduce (REDU_EXACT)";
  if (want == FZ_SEG_SKIP) {
    fz_what = "exact (not called: the target cannot know x's end)";
    fz_stat(8, REDU_STATUS_COUNT, 0);
    return;
  }
  unsigned char out[16];
  size_t idx = fz_idx_sent;
  memset(out, FZ_SENT, sizeof out);
  fz_prime_message();
  redu_status s;
  if (!dot)
    s = redu_reduce(dev, op, type, x, n, out, &idx, &opts);
  else if (dbl)
    s = redu_dot_f64(dev, (const double *)x, (const double *)y, n, (double *)out, &opts);
  else
    s = redu_dot_f32(dev, (const float *)x, (const float *)y, n, (float *)out, &opts);
  fz_stat(8, s, n);
  fz_expect e = {want == REDU_OK ? 0u : want == REDU_STATUS_COUNT ? faults : FZ_BIT(want), 0};
  if (want == REDU_OK && n == 0) /* a misaligned x with n = 0 may be refused (fuzz_redu.c) */
    e.may = faults & FZ_BIT(REDU_ERR_MISALIGNED);
  fz_check_status(s, &e);
  if (s != REDU_OK) {
    fz_check_message(s, dot ? "redu_dot" : "redu_", NULL);
    if (!fz_untouched(out, 0, sizeof out, FZ_SENT) || idx != fz_idx_sent)
      fz_fail("a refused exact call wrote its result");
    return;
  }
  /* Small integers: the exact value is an integer below 2^53, exact in double; the call
   * rounds it once to the result type. */
  const unsigned char *hx = x ? fz_hbuf + (x - xb) : fz_hbuf, *hy = fz_hbuf + FZ_CAP / 2;
  double ref = 0, got;
  for (size_t i = 0; i < n; ++i) {
    double a, b = 1;
    if (es == 8)
      memcpy(&a, hx + i * 8, 8), dot ? memcpy(&b, hy + i * 8, 8) : (void)0;
    else {
      float fa, fb = 1;
      memcpy(&fa, hx + i * 4, 4);
      if (dot)
        memcpy(&fb, hy + i * 4, 4);
      a = fa, b = fb;
    }
    ref += a * b;
  }
  if (es == 8)
    memcpy(&got, out, 8);
  else {
    float g;
    memcpy(&g, out, 4);
    got = g;
    ref = (float)ref;
  }
  if (got != ref)
    fz_fail("exact %s of %zu small integers: got %a, want %a", dot ? "dot" : "sum", n, got, ref);
}

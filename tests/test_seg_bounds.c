/* Segmented and batched calls at the edges of size_t, built-in and declared alike.
 *
 * Boundary matrix: offsets, segment lengths and segment counts drawn from values near 0,
 * 2^31, 2^32, 2^60, PTRDIFF_MAX and SIZE_MAX - k (every k < 64), generated, in every
 * position (first, middle, last offset, all equal; length, count, both), on device arrays
 * and host arrays (REDU_INPUT_HOST). Bad-input matrix: each of the ways an argument can be
 * wrong (NULL, misaligned, no segments, counts that overflow, a decrease at the first,
 * middle or last position, an end past x's allocation, an unknown device, host memory
 * where device memory is needed, options the calls refuse) applied to a valid call.
 *
 * Every case runs four forms: the typed call, the generic call, the arg op (argmin) and
 * the declared reduction (REDU_DECLARE_REDUCTION), over uint8_t and double. Each must
 * return the status that docs/semantics.md ("Segmented and batched reductions") gives on
 * this target, all four the same, with a message when refused and the outputs untouched
 * (sentinels). A case whose outcome this target cannot know is not run: an end past a
 * short array on a CPU device (host memory has no allocation size to ask for) would read
 * past the array. */
#include "redu_test.h"
#include "redu_test_seg_forms.h"
#include "redu_udr.h"

#define ADD_U8(a, b) ((uint8_t)((a) + (b)))
#define ADD_F64(a, b) ((a) + (b))
REDU_DECLARE_REDUCTION(bu8, uint8_t, ADD_U8, REDU_COMMUTATIVE, 0)
REDU_DECLARE_REDUCTION(bf64, double, ADD_F64, REDU_ORDERED, 0.0)

/* CAP: outputs checked for sentinels; MAX_OFFS: offsets a case gives. */
enum { FORMS = REDU_TEST_SEG_FORMS, CAP = 64, MAX_OFFS = 64, SKIP = -1 };
static const char *const form_names[FORMS] = {"typed", "generic", "argmin", "declared"};
/* More bytes than any device's memory: host sections this long are refused as unmappable. */
#define HUGE_BYTES ((size_t)1 << 50)
/* Every array of a case (x, offsets, results, indices) is X_BYTES long: past the sizes
 * libomptarget pools, so that on NVIDIA the driver's allocation is the array's own and an
 * end past it is found exactly. */
#define X_BYTES ((size_t)1 << 18)
#define ARRAY_ENTRIES (X_BYTES / sizeof(size_t)) /* offsets and indices an array holds */

REDU_TEST_SEG_FORMS_OF(seg, u8, uint8_t, REDU_UINT8, sum, REDU_SUM, argmin, bu8)
REDU_TEST_SEG_FORMS_OF(seg, f64, double, REDU_DOUBLE, sum, REDU_SUM, argmin, bf64)

typedef struct type_case {
  const char *name;
  size_t size;
  redu_test_seg_form forms[FORMS];
} type_case;
static const type_case types[] = {
    {"u8", 1, {seg_typed_u8, seg_generic_u8, seg_arg_u8, seg_declared_u8}},
    {"f64", 8, {seg_typed_f64, seg_generic_f64, seg_arg_f64, seg_declared_f64}},
};

/* One type on one device, device arrays (host = 0) or host arrays with REDU_INPUT_HOST. */
typedef struct ctx {
  int dev, gpu, host, host_arrays; /* host_arrays: REDU_INPUT_HOST maps (not the initial
                                      device, where it changes nothing) */
  const type_case *t;
  size_t n; /* x's elements */
  char *x;
  size_t *offs; /* MAX_OFFS offsets */
  unsigned char *vals;
  size_t *idx; /* CAP values and indices */
  const char *where;
} ctx;

static void *ctx_alloc(const ctx *c, size_t bytes)
{
  void *p = c->host ? calloc(1, bytes) : omp_target_alloc(bytes, c->dev);
  if (!c->host && p) {
    void *zero = calloc(1, bytes);
    omp_target_memcpy(p, zero, bytes, 0, 0, c->dev, omp_get_initial_device());
    free(zero);
  }
  return p;
}

static void ctx_free(const ctx *c, void *p)
{
  if (c->host)
    free(p);
  else
    omp_target_free(p, c->dev);
}

static void ctx_put(const ctx *c, void *dst, const void *src, size_t bytes)
{
  if (c->host)
    memcpy(dst, src, bytes);
  else
    omp_target_memcpy(dst, src, bytes, 0, 0, c->dev, omp_get_initial_device());
}

static void ctx_get(const ctx *c, void *dst, const void *src, size_t bytes)
{
  if (c->host)
    memcpy(dst, src, bytes);
  else
    omp_target_memcpy(dst, src, bytes, 0, 0, omp_get_initial_device(), c->dev);
}

static int untouched(const ctx *c)
{
  unsigned char v[CAP * 8], i[CAP * sizeof(size_t)];
  ctx_get(c, v, c->vals, sizeof v);
  ctx_get(c, i, c->idx, sizeof i);
  int ok = 1;
  for (size_t k = 0; k < sizeof v; ++k)
    ok &= v[k] == 0xa5;
  for (size_t k = 0; k < sizeof i; ++k)
    ok &= i[k] == 0x5a;
  return ok;
}

static void sentinels(const ctx *c)
{
  unsigned char v[CAP * 8], i[CAP * sizeof(size_t)];
  memset(v, 0xa5, sizeof v), memset(i, 0x5a, sizeof i);
  ctx_put(c, c->vals, v, sizeof v);
  ctx_put(c, c->idx, i, sizeof i);
}

/* The status the rules give for a call over x (c->x unless overridden by the caller),
 * or SKIP where this target cannot tell and the call would read past x. */
static int expect_seg(const ctx *c, const size_t *o, size_t nseg)
{
  size_t size = c->t->size, max = (size_t)PTRDIFF_MAX / size;
  if (nseg == 0)
    return REDU_OK;
  if (nseg >= (size_t)PTRDIFF_MAX / sizeof(size_t))
    return REDU_ERR_OVERFLOW;
  if (nseg + 1 > MAX_OFFS) /* past the offsets given; past the array: only a GPU knows */
    return c->gpu && !c->host && nseg + 1 > ARRAY_ENTRIES ? REDU_ERR_NOT_DEVICE_PTR : SKIP;
  int bad = o[nseg] > max;
  for (size_t k = 1; k <= nseg; ++k)
    bad |= o[k] < o[k - 1];
  size_t first = o[0], last = o[nseg];
  if (c->host_arrays) /* checked on the host before anything is mapped or read */
    return bad                                  ? REDU_ERR_BAD_OFFSETS
           : (last - first) * size > HUGE_BYTES ? REDU_ERR_OUT_OF_MEMORY
           : last > first && last > c->n        ? SKIP
                                                : REDU_OK;
  /* Device offsets: the kernel reduces [first, last) while it checks them, up to what it
   * knows of x's end (on a GPU its allocation, on a CPU device the address space): past
   * a shorter x it reads past x, even where a decrease makes the call fail. */
  size_t room = (UINTPTR_MAX - (uintptr_t)c->x) / size, lim = c->gpu ? c->n : room;
  lim = lim < max ? lim : max;
  if (first < last && last <= lim && last > c->n)
    return SKIP;
  return bad || last > lim ? REDU_ERR_BAD_OFFSETS : REDU_OK;
}

static int expect_batched(const ctx *c, size_t len, size_t nseg)
{
  size_t size = c->t->size, max = (size_t)PTRDIFF_MAX / size;
  if (nseg == 0)
    return REDU_OK;
  if (nseg >= (size_t)PTRDIFF_MAX / sizeof(size_t) || (len && nseg > max / len))
    return REDU_ERR_OVERFLOW;
  size_t total = len * nseg;
  if (nseg > ARRAY_ENTRIES) /* outputs past their arrays (results first): only a GPU knows */
    return c->gpu && !c->host && nseg > X_BYTES / size ? REDU_ERR_NOT_DEVICE_PTR : SKIP;
  if (c->host_arrays)
    return total * size > HUGE_BYTES ? REDU_ERR_OUT_OF_MEMORY : total > c->n ? SKIP : REDU_OK;
  if (c->gpu)
    return total > c->n ? REDU_ERR_NOT_DEVICE_PTR : REDU_OK;
  return total > c->n ? SKIP : REDU_OK;
}

/* Runs every form on one case; want: the expected status, or SKIP for "the same status
 * across forms" only (how a refusal is worded is still checked). */
static void run_case(const ctx *c, const char *what, int dev, int batched, const void *x,
                     const size_t *offs, size_t len, size_t nseg, void *vals, size_t *idx,
                     const redu_options *opts, int want, unsigned forms)
{
  redu_status got[FORMS];
  for (int f = 0; f < FORMS; ++f) {
    if (!(forms >> f & 1))
      continue;
    sentinels(c);
    got[f] = c->t->forms[f](dev, batched, x, offs, len, nseg, vals, idx, opts);
    const char *msg = redu_last_error();
    CHECK(want == SKIP || got[f] == (redu_status)want, "%s %s %s %s: status %d, want %d (%s)",
          c->where, c->t->name, form_names[f], what, (int)got[f], want, msg);
    if (got[f] != REDU_OK) {
      CHECK(msg && *msg, "%s %s %s %s: status %d without a message", c->where, c->t->name,
            form_names[f], what, (int)got[f]);
      CHECK(got[f] != REDU_ERR_BAD_OFFSETS || strstr(msg, "offsets["),
            "%s %s %s %s: the message names no position: %s", c->where, c->t->name, form_names[f],
            what, msg);
      CHECK(untouched(c), "%s %s %s %s: a refused call (status %d) wrote outputs", c->where,
            c->t->name, form_names[f], what, (int)got[f]);
    }
    CHECK(f == 0 || !(forms & 1) || got[f] == got[0], "%s %s %s %s: status %d, the typed call's %d",
          c->where, c->t->name, form_names[f], what, (int)got[f], (int)got[0]);
  }
}

/* One segmented case over c's own arrays: offsets o[0 .. nseg] (at most MAX_OFFS of them
 * are copied; a longer nseg refers past them). */
static void seg_case(const ctx *c, const char *what, const size_t *o, size_t nseg)
{
  size_t copy = nseg + 1 <= MAX_OFFS ? nseg + 1 : 3;
  int want = expect_seg(c, o, nseg);
  if (want == SKIP)
    return;
  ctx_put(c, c->offs, o, copy * sizeof *o);
  redu_options host = {.flags = REDU_INPUT_HOST};
  run_case(c, what, c->dev, 0, c->x, c->offs, 0, nseg, c->vals, c->idx, c->host ? &host : NULL,
           want, 0xf);
}

static void batched_case(const ctx *c, const char *what, size_t len, size_t nseg)
{
  int want = expect_batched(c, len, nseg);
  if (want == SKIP)
    return;
  redu_options host = {.flags = REDU_INPUT_HOST};
  run_case(c, what, c->dev, 1, c->x, NULL, len, nseg, c->vals, c->idx, c->host ? &host : NULL, want,
           0xf);
}

/* Values near every edge: 0, 2^31, 2^32, 2^60, PTRDIFF_MAX / 8, PTRDIFF_MAX,
 * SIZE_MAX / 8 (each +- 3), SIZE_MAX - k for every k < 64, and x's own end. */
static size_t edge_values(size_t *v, size_t n)
{
  const size_t bases[] = {0,
                          (size_t)1 << 31,
                          (size_t)1 << 32,
                          (size_t)1 << 60,
                          (size_t)PTRDIFF_MAX / 8,
                          (size_t)PTRDIFF_MAX,
                          SIZE_MAX / 8,
                          n};
  size_t c = 0;
  for (size_t b = 0; b < sizeof bases / sizeof bases[0]; ++b)
    for (int d = -3; d <= 5; ++d)
      if (!(d < 0 && bases[b] < (size_t)-d))
        v[c++] = bases[b] + (size_t)(long)d;
  for (size_t k = 0; k < 64; ++k)
    v[c++] = SIZE_MAX - k;
  return c;
}

static void boundary_matrix(const ctx *c)
{
  size_t v[200], nv = edge_values(v, c->n);
  char what[96];
  for (size_t i = 0; i < nv; ++i) {
    size_t e = v[i];
    const size_t middle[] = {0, e, 4}, first[] = {e, 4, 8}, last[] = {0, 4, e}, same[] = {e, e, e},
                 tail[] = {0, 0, 10, e}, mid3[] = {0, 10, e, 20};
    snprintf(what, sizeof what, "offsets {0, %zu, 4}", e);
    seg_case(c, what, middle, 2);
    snprintf(what, sizeof what, "offsets {%zu, 4, 8}", e);
    seg_case(c, what, first, 2);
    snprintf(what, sizeof what, "offsets {0, 4, %zu}", e);
    seg_case(c, what, last, 2);
    snprintf(what, sizeof what, "offsets {%zu, %zu, %zu}", e, e, e);
    seg_case(c, what, same, 2);
    snprintf(what, sizeof what, "offsets {0, 0, 10, %zu}", e);
    seg_case(c, what, tail, 3);
    snprintf(what, sizeof what, "offsets {0, 10, %zu, 20}", e);
    seg_case(c, what, mid3, 3);
    static const size_t empty[MAX_OFFS];
    snprintf(what, sizeof what, "%zu empty segments", e);
    seg_case(c, what, e + 1 <= MAX_OFFS ? empty : last, e);
    snprintf(what, sizeof what, "batched: length %zu, 2 segments", e);
    batched_case(c, what, e, 2);
    snprintf(what, sizeof what, "batched: length 1, %zu segments", e);
    batched_case(c, what, 1, e);
    snprintf(what, sizeof what, "batched: length 0, %zu segments", e);
    batched_case(c, what, 0, e);
    snprintf(what, sizeof what, "batched: length %zu, %zu segments", e, e);
    batched_case(c, what, e, e);
  }
}

/* The cases found crashing before: offsets near SIZE_MAX in the middle (an unrolled
 * loop's index sum wrapped), and an end 5 elements past x's allocation. */
static void regressions(const ctx *c)
{
  for (size_t k = 0; k < 16; ++k) {
    const size_t o[] = {0, SIZE_MAX - k, 4};
    char what[64];
    snprintf(what, sizeof what, "offsets {0, SIZE_MAX - %zu, 4}", k);
    seg_case(c, what, o, 2);
  }
  const size_t past[] = {0, 10, c->n + 5};
  seg_case(c, "offsets {0, 10, n + 5}: 5 past x's allocation", past, 2);
  const size_t huge[] = {0, 10, (size_t)1 << 60};
  seg_case(c, "offsets {0, 10, 2^60}", huge, 2);
}

/* Bad arguments on a valid call (40 segments of 3): what each gets, the same for every
 * form. */
static void bad_input_matrix(const ctx *c)
{
  enum { NS = 40 };
  size_t o[NS + 1], size = c->t->size;
  for (size_t k = 0; k <= NS; ++k)
    o[k] = 3 * k;
  ctx_put(c, c->offs, o, sizeof o);
  redu_options base = {.flags = c->host ? REDU_INPUT_HOST : 0u};
  int ndev = omp_get_num_devices();
  const char *x = c->x, *mx = c->x + 1, *mo = (const char *)c->offs + 4;
  char *mv = (char *)c->vals + 1;
  for (int batched = 0; batched < 2; ++batched) {
    const size_t *offs = batched ? NULL : c->offs;
    char what[96];
#define BAD(label, dev_, x_, offs_, len_, nseg_, vals_, idx_, opts_, want_, forms_)                \
  do {                                                                                             \
    snprintf(what, sizeof what, "%s: %s", batched ? "batched" : "segmented", label);               \
    run_case(c, what, dev_, batched, x_, offs_, len_, nseg_, vals_, idx_, opts_, want_, forms_);   \
  } while (0)
    BAD("valid", c->dev, x, offs, 3, NS, c->vals, c->idx, &base, REDU_OK, 0xf);
    BAD("NULL x", c->dev, NULL, offs, 3, NS, c->vals, c->idx, &base, REDU_ERR_NULL_ARG, 0xf);
    BAD("NULL results", c->dev, x, offs, 3, NS, NULL, c->idx, &base, REDU_ERR_NULL_ARG, 0xf);
    BAD("NULL indices", c->dev, x, offs, 3, NS, c->vals, NULL, &base, REDU_ERR_NULL_ARG, 0x4);
    BAD("no segments, NULL arrays", c->dev, NULL, NULL, 3, 0, NULL, NULL, &base, REDU_OK, 0xf);
    BAD("misaligned x", c->dev, mx, offs, 3, NS, c->vals, c->idx, &base,
        size > 1 ? REDU_ERR_MISALIGNED : SKIP, size > 1 ? 0xf : 0);
    BAD("misaligned results", c->dev, x, offs, 3, NS, mv, c->idx, &base,
        size > 1 ? REDU_ERR_MISALIGNED : SKIP, size > 1 ? 0xf : 0);
    BAD("misaligned indices", c->dev, x, offs, 3, NS, c->vals, (size_t *)mv, &base,
        REDU_ERR_MISALIGNED, 0x4);
    BAD("nsegments * sizeof overflow", c->dev, x, offs, 3, SIZE_MAX / 8, c->vals, c->idx, &base,
        REDU_ERR_OVERFLOW, 0xf);
    BAD("nsegments = SIZE_MAX", c->dev, x, offs, 3, SIZE_MAX, c->vals, c->idx, &base,
        REDU_ERR_OVERFLOW, 0xf);
    BAD("unknown device -5", -5, x, offs, 3, NS, c->vals, c->idx, &base, REDU_ERR_INVALID_DEVICE,
        0xf);
    BAD("unknown device past the last", ndev + 7, x, offs, 3, NS, c->vals, c->idx, &base,
        REDU_ERR_INVALID_DEVICE, 0xf);
    redu_options o2 = base;
    o2.flags |= REDU_EXACT;
    BAD("REDU_EXACT", c->dev, x, offs, 3, NS, c->vals, c->idx, &o2, REDU_ERR_UNSUPPORTED, 0xf);
    o2 = base, o2.flags |= 1u << 30;
    BAD("unknown flag", c->dev, x, offs, 3, NS, c->vals, c->idx, &o2, REDU_ERR_BAD_OPTION, 0xf);
    o2 = base, o2.teams = -1;
    BAD("negative teams", c->dev, x, offs, 3, NS, c->vals, c->idx, &o2, REDU_ERR_BAD_OPTION, 0xf);
    char pad[256];
    o2 = base, o2.scratchpad = pad, o2.scratchpad_bytes = sizeof pad;
    BAD("a scratchpad", c->dev, x, offs, 3, NS, c->vals, c->idx, &o2, REDU_ERR_UNSUPPORTED, 0xf);
    if (!batched) {
      BAD("NULL offsets", c->dev, x, NULL, 0, NS, c->vals, c->idx, &base, REDU_ERR_NULL_ARG, 0xf);
      BAD("misaligned offsets", c->dev, x, (const size_t *)mo, 0, NS, c->vals, c->idx, &base,
          REDU_ERR_MISALIGNED, 0xf);
      /* A decrease at the first, a middle and the last position: the message names it. */
      const size_t at[] = {1, NS / 2, NS};
      for (size_t a = 0; a < 3; ++a) {
        size_t bad[NS + 1];
        memcpy(bad, o, sizeof bad);
        bad[at[a]] = at[a] == 1 ? 0 : bad[at[a] - 1] - 1;
        if (at[a] == 1)
          bad[0] = 2;
        ctx_put(c, c->offs, bad, sizeof bad);
        snprintf(what, sizeof what, "segmented: offsets decrease at %zu", at[a]);
        run_case(c, what, c->dev, 0, x, c->offs, 0, NS, c->vals, c->idx, &base,
                 REDU_ERR_BAD_OFFSETS, 0xf);
        char want[32];
        snprintf(want, sizeof want, "offsets[%zu] =", at[a]);
        CHECK(strstr(redu_last_error(), want), "%s %s %s: '%s' does not name %s", c->where,
              c->t->name, what, redu_last_error(), want);
      }
      /* The end past x's allocation: only NVIDIA knows x's allocation. */
      size_t past[NS + 1];
      memcpy(past, o, sizeof past);
      past[NS] = c->n + 5;
      if (expect_seg(c, past, NS) != SKIP) {
        ctx_put(c, c->offs, past, sizeof past);
        run_case(c, "segmented: offsets[nsegments] 5 past x's allocation", c->dev, 0, x, c->offs, 0,
                 NS, c->vals, c->idx, &base, expect_seg(c, past, NS), 0xf);
      }
      ctx_put(c, c->offs, o, sizeof o);
    }
#undef BAD
  }
}

/* Device arrays given without REDU_INPUT_HOST where they are host arrays: a GPU refuses
 * them (NOT_DEVICE_PTR), a CPU device reads them in place. */
static void host_for_device(int dev, int gpu, const type_case *t)
{
  size_t o[3] = {0, 4, 8}, idx[CAP];
  unsigned char *x = calloc(64, t->size), vals[CAP * 8];
  ctx c = {.dev = dev,
           .gpu = gpu,
           .host = 1,
           .t = t,
           .n = 64,
           .x = (char *)x,
           .offs = o,
           .vals = vals,
           .idx = idx,
           .where = "[host arrays as device arrays]"};
  for (int batched = 0; batched < 2; ++batched)
    run_case(&c, batched ? "batched" : "segmented", dev, batched, x, o, 4, 2, vals, idx, NULL,
             gpu ? REDU_ERR_NOT_DEVICE_PTR : REDU_OK, 0xf);
  free(x);
}

int main(void)
{
  int dev = omp_get_default_device(), gpu = redu_test_is_cuda(dev);
  printf("test_seg_bounds: device %d of %d (host is %d), %s\n", dev, omp_get_num_devices(),
         omp_get_initial_device(), gpu ? "a GPU" : "a CPU device");
  for (size_t t = 0; t < sizeof types / sizeof types[0]; ++t)
    for (int host = 0; host < 2; ++host) {
      ctx c = {.dev = dev,
               .gpu = gpu,
               .host = host,
               .host_arrays = host && dev != omp_get_initial_device(),
               .t = &types[t],
               .n = X_BYTES / types[t].size,
               .where = host ? "[host arrays]" : "[device arrays]"};
      c.x = ctx_alloc(&c, X_BYTES);
      c.offs = ctx_alloc(&c, X_BYTES);
      c.vals = ctx_alloc(&c, X_BYTES);
      c.idx = ctx_alloc(&c, X_BYTES);
      regressions(&c);
      boundary_matrix(&c);
      bad_input_matrix(&c);
      ctx_free(&c, c.x), ctx_free(&c, c.offs), ctx_free(&c, c.vals), ctx_free(&c, c.idx);
      host_for_device(dev, gpu, &types[t]);
    }
  return redu_test_finish("test_seg_bounds");
}

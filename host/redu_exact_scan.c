/* Exact scans: REDU_SUM scans of float and double with REDU_EXACT, array, segmented and batched
 * (docs/scans.md, "Exact scans"). The scan kernels run over device/redu_exact_scan.h's
 * certified double-words; when any prefix could not be certified, the host computes the whole
 * scan again exactly, streaming x and y through two small buffers: a long accumulator
 * (device/redu_exact_acc.h) walks the elements in order, and a prefix is rounded from it
 * whenever the walk's own double-word cannot certify it. Both give the correctly rounded
 * prefix, so y's bits do not depend on which one wrote them. */
#include "device/redu_exact_scan.h"
#include "device/redu_scan_kernel.h"
#include "host/redu_call.h"
#include "host/redu_error.h"
#include "host/redu_exact.h"
#include "host/redu_plan.h"
#include "host/redu_scratch.h"
#include "host/redu_segmented_scan.h"
#include "redu.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REDU__XS_FINISH_F64(a) redu__xs_finish_f64(a, redu__unsure)
#define REDU__XS_FINISH_F32(a) redu__xs_finish_f32(a, redu__unsure)
REDU__DEFINE_SCAN(redu__xs_f64, double, redu__xs, REDU__XS_IDENT, redu__xs_lift_f64,
                  redu__xs_combine, REDU__XS_FINISH_F64, 1)
REDU__DEFINE_SCAN(redu__xs_f32, float, redu__xs, REDU__XS_IDENT, redu__xs_lift_f32,
                  redu__xs_combine, REDU__XS_FINISH_F32, 1)
REDU__DEFINE_SEGMENTED_SCAN(redu__xs_f64, double, redu__xs, REDU__XS_IDENT, redu__xs_lift_f64,
                            redu__xs_combine, REDU__XS_FINISH_F64)
REDU__DEFINE_SEGMENTED_SCAN(redu__xs_f32, float, redu__xs, REDU__XS_IDENT, redu__xs_lift_f32,
                            redu__xs_combine, REDU__XS_FINISH_F32)

/* Elements per buffer of the host's walk (1 MiB of doubles). */
#define REDU__XS_CHUNK ((size_t)1 << 17)

/* The host's walk: the exact prefix so far in `rec`, and a double-word of it for cheap
 * certification. */
typedef struct redu__xs_walk {
  int64_t rec[REDU__X_SUM_LIMBS + 1];
  redu__xs dd;
  size_t deps; /* terms since rec's last carry pass */
  int is32;
} redu__xs_walk;

static void redu__xs_walk_add(redu__xs_walk *w, double d)
{
  static const int64_t zero[REDU__X_SUM_LIMBS + 1];
  redu__x_record_add(w->rec, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, d);
  w->dd = redu__xs_combine(w->dd, redu__xs_lift(d));
  /* Each term adds digits below 2^32 to three limbs: a carry pass long before 2^31 terms. */
  if (++w->deps == (size_t)1 << 27) {
    redu__x_record_combine(w->rec, zero, REDU__X_SUM_LIMBS);
    w->deps = 0;
  }
}

/* The record rounded to double (53 bits). */
static double redu__xs_rec_round(const int64_t *rec)
{
  return redu__x_round(rec, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, 53, -1022);
}

/* The double-word again from the record: hi = RN(S), lo = RN(S - hi), err what is left
 * (exact below 2^-1022, else within 2^-52 of its rounding). Beyond the double range or with a
 * non-finite term, err stays infinite and the record rounds every later prefix. */
static void redu__xs_walk_reseed(redu__xs_walk *w)
{
  int64_t t[REDU__X_SUM_LIMBS + 1];
  memcpy(t, w->rec, sizeof t);
  unsigned flags = (unsigned)w->rec[REDU__X_SUM_LIMBS] | REDU__XS_SEEN; /* after a term */
  double hi = redu__xs_rec_round(t);
  if (!isfinite(hi) || fabs(hi) >= 0x1p1020) {
    w->dd = (redu__xs){-0.0, 0.0, INFINITY, flags};
    return;
  }
  redu__x_record_add(t, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, -hi);
  double lo = redu__xs_rec_round(t);
  redu__x_record_add(t, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, -lo);
  double rest = redu__xs_rec_round(t);
  w->dd = (redu__xs){hi, lo, fabs(rest) * 2, flags};
}

/* The current prefix, correctly rounded to the walk's type. */
static double redu__xs_walk_value(redu__xs_walk *w)
{
  int ok;
  double v = w->is32 ? redu__xs_round_f32(w->dd, &ok) : redu__xs_round_f64(w->dd, &ok);
  if (ok)
    return v;
  v = w->is32 ? redu__x_round(w->rec, REDU__X_SUM_LIMBS, REDU__X_SUM_BIAS, 24, -126)
              : redu__xs_rec_round(w->rec);
  redu__xs_walk_reseed(w);
  return v;
}

/* The walk at a segment's start: nothing yet, or init. */
static void redu__xs_walk_start(redu__xs_walk *w, int is32, const void *init)
{
  *w = (redu__xs_walk){.dd = REDU__XS_IDENT, .is32 = is32};
  if (init)
    redu__xs_walk_add(w, is32 ? (double)*(const float *)init : *(const double *)init);
}

/* What an exact call holds around its kernels: the host's buffers (chunk elements each), and
 * in place a device copy of x's section, which the host's pass may need again. */
typedef struct redu__xs_call {
  int dev, is32, exclusive;
  size_t esz, chunk;
  void *hx, *hy, *copy;
  const void *src; /* what the kernels read: x's section, or its copy */
  const void *init;
  const char *fn;
} redu__xs_call;

/* The buffers and, in place, the copy of the count elements at x_dev; REDU_OK or
 * REDU_ERR_OUT_OF_MEMORY (nothing written yet). */
static redu_status redu__xs_take(redu__xs_call *x, const redu__scan_call *sc, size_t count)
{
  x->dev = sc->launch.device;
  x->chunk = count < REDU__XS_CHUNK ? count : REDU__XS_CHUNK;
  x->hx = malloc(x->chunk * x->esz), x->hy = malloc(x->chunk * x->esz);
  x->src = sc->x_dev;
  if (x->hx && x->hy && sc->x_dev == sc->y_dev) {
    x->copy = omp_target_alloc(count * x->esz, x->dev);
    if (x->copy && omp_target_memcpy(x->copy, sc->x_dev, count * x->esz, 0, 0, x->dev, x->dev)) {
      omp_target_free(x->copy, x->dev);
      x->copy = NULL;
    }
    x->src = x->copy;
  }
  if (x->hx && x->hy && x->src)
    return REDU_OK;
  return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                    "%s: no memory for an exact scan's buffers (2 x %zu bytes on the host%s); "
                    "scan into a separate array or free memory",
                    x->fn, x->chunk * x->esz,
                    sc->x_dev == sc->y_dev ? ", and a copy of x on the device for a scan in place"
                                           : "");
}

static void redu__xs_give(redu__xs_call *x)
{
  free(x->hx), free(x->hy);
  if (x->copy)
    omp_target_free(x->copy, x->dev);
}

/* The whole section again on the host: src[0, count) into y_dev through the buffers, segment g
 * being [bounds[g], bounds[g + 1]) (host, from the section's start; bounds[nseg] = count), each
 * scanned from init. */
static redu_status redu__xs_host_scan(const redu__xs_call *x, void *y_dev, size_t count,
                                      const size_t *bounds, size_t nseg)
{
  redu__xs_walk *walk = malloc(sizeof *walk);
  if (!walk)
    return redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no host memory for an exact scan's walk", x->fn);
  int host = omp_get_initial_device();
  size_t g = 0, esz = x->esz;
  redu__xs_walk_start(walk, x->is32, x->init);
  redu_status s = REDU_OK;
  for (size_t at = 0; at < count && s == REDU_OK; at += x->chunk) {
    size_t m = count - at < x->chunk ? count - at : x->chunk;
    if (omp_target_memcpy(x->hx, x->src, m * esz, 0, at * esz, host, x->dev) != 0) {
      s = redu__fail(REDU_ERR_DEVICE, "%s: could not read x from device %d", x->fn, x->dev);
      break;
    }
    for (size_t i = 0; i < m; ++i) {
      if (g < nseg && at + i >= bounds[g + 1]) { /* a new segment (past any empty ones) */
        while (g < nseg && at + i >= bounds[g + 1])
          ++g;
        redu__xs_walk_start(walk, x->is32, x->init);
      }
      double d = x->is32 ? (double)((const float *)x->hx)[i] : ((const double *)x->hx)[i];
      if (!x->exclusive)
        redu__xs_walk_add(walk, d);
      double v = redu__xs_walk_value(walk);
      if (x->is32)
        ((float *)x->hy)[i] = (float)v;
      else
        ((double *)x->hy)[i] = v;
      if (x->exclusive)
        redu__xs_walk_add(walk, d);
    }
    if (omp_target_memcpy(y_dev, x->hy, m * esz, at * esz, 0, x->dev, host) != 0)
      s = redu__fail(REDU_ERR_DEVICE, "%s: could not write y on device %d", x->fn, x->dev);
  }
  free(walk);
  return s;
}

/* The kernels' mark, the scratch slot's result word: page-locked host memory on GPUs (a CPU
 * device's memory is host memory), so that the host reads the verdict after the launches
 * without a copy (a synchronous copy back cost the H100's small exact scans a round trip).
 * Cleared before the launches. */
static unsigned *redu__xs_mark(redu__slot *slot)
{
  volatile unsigned *mark = slot->result;
  *mark = 0;
  return (unsigned *)mark;
}

/* After the kernels: whether some prefix could not be certified, so that the host's pass must
 * run. */
static int redu__xs_marked(const redu__xs_call *x, const unsigned *mark)
{
  if (!*(const volatile unsigned *)mark)
    return 0;
  if (redu__verbose())
    fprintf(stderr,
            "libredu: %s: some prefixes could not be certified on device %d: the host rounds "
            "the scan again from a long accumulator\n",
            x->fn, x->dev);
  return 1;
}

/* The call's shared part: type, and the options without REDU_EXACT for the scan's own checks
 * and plan (this file is the exact part). */
static redu_status redu__xs_open(redu__xs_call *x, redu_options *o, redu_type type,
                                 const redu_options *opts, int exclusive, const char *fn)
{
  if (type != REDU_FLOAT && type != REDU_DOUBLE)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: REDU_EXACT applies to sum scans of float and double (integer sums "
                      "are exact already); drop the flag",
                      fn);
  *x = (redu__xs_call){.is32 = type == REDU_FLOAT,
                       .exclusive = exclusive,
                       .esz = type == REDU_FLOAT ? sizeof(float) : sizeof(double),
                       .init = opts->init,
                       .fn = fn};
  *o = *opts;
  o->flags &= ~REDU_EXACT;
  return REDU_OK;
}

static redu__xs redu__xs_init(const redu__xs_call *x)
{
  if (!x->init)
    return REDU__XS_IDENT;
  return redu__xs_lift(x->is32 ? (double)*(const float *)x->init : *(const double *)x->init);
}

redu_status redu__exact_scan(redu_type type, int device, const void *xa, void *y, size_t n,
                             const redu_options *opts, int exclusive, const char *fn)
{
  redu__xs_call x;
  redu_options o;
  redu_status s = redu__xs_open(&x, &o, type, opts, exclusive, fn);
  redu__scan_call c;
  if (s != REDU_OK ||
      (s = redu__scan_begin(&c, fn, x.esz, x.esz, sizeof(redu__xs), _Alignof(redu__xs), 1, device,
                            xa, y, n, &o)) != REDU_OK ||
      c.empty)
    return s;
  if ((s = redu__xs_take(&x, &c, n)) != REDU_OK) {
    redu__xs_give(&x);
    redu__scan_abandon(&c);
    return s;
  }
  unsigned *unsure = redu__xs_mark(c.slot);
  c.launch.counter = unsure;
  if (x.is32)
    redu__xs_f32_launch(&c.launch, x.src, c.y_dev, n, redu__xs_init(&x), exclusive, c.one);
  else
    redu__xs_f64_launch(&c.launch, x.src, c.y_dev, n, redu__xs_init(&x), exclusive, c.one);
  const size_t bounds[2] = {0, n};
  if (redu__xs_marked(&x, unsure))
    s = redu__xs_host_scan(&x, c.y_dev, n, bounds, 1);
  redu__xs_give(&x);
  redu_status e = redu__scan_end(&c);
  return s != REDU_OK ? s : e;
}

/* The host's pass over a segmented scan: the segments' bounds on the host, from the section's
 * start (offsets read back from the device unless they are host memory), then the walk. Only
 * when a prefix was marked: the bounds are nseg + 1 words, as many as the segments. */
static redu_status redu__xs_host_segments(const redu__xs_call *x, void *y_dev, size_t count,
                                          const size_t *offsets, size_t len, size_t base,
                                          size_t nseg, int batched, int host_offsets)
{
  size_t *bounds = malloc((nseg + 1) * sizeof *bounds);
  if (!bounds)
    return redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no host memory for %zu offsets", x->fn,
                      nseg + 1);
  redu_status s = REDU_OK;
  if (!batched && host_offsets)
    memcpy(bounds, offsets, (nseg + 1) * sizeof *bounds);
  else if (!batched && omp_target_memcpy(bounds, offsets, (nseg + 1) * sizeof *bounds, 0, 0,
                                         omp_get_initial_device(), x->dev) != 0)
    s = redu__fail(REDU_ERR_DEVICE, "%s: could not read the offsets from device %d", x->fn, x->dev);
  for (size_t g = 0; s == REDU_OK && g <= nseg; ++g)
    bounds[g] = batched ? g * len : bounds[g] - base;
  if (s == REDU_OK)
    s = redu__xs_host_scan(x, y_dev, count, bounds, nseg);
  free(bounds);
  return s;
}

redu_status redu__exact_segscan(redu_type type, int device, const void *xa, void *y,
                                const size_t *offsets, size_t len, size_t nseg,
                                const redu_options *opts, int exclusive, int batched,
                                const char *fn)
{
  redu__xs_call x;
  redu_options o;
  redu_status s = redu__xs_open(&x, &o, type, opts, exclusive, fn);
  redu__segscan_call c;
  if (s != REDU_OK ||
      (s = redu__segscan_begin(&c, fn, x.esz, x.esz, sizeof(redu__xs), _Alignof(redu__xs), 1,
                               batched, device, xa, y, offsets, len, nseg, &o)) != REDU_OK ||
      c.scan.empty)
    return s;
  if ((s = redu__xs_take(&x, &c.scan, c.count)) != REDU_OK) {
    redu__xs_give(&x);
    redu__segscan_abandon(&c);
    return s;
  }
  unsigned *unsure = redu__xs_mark(c.scan.slot);
  redu__launch *L = &c.scan.launch;
  L->counter = unsure;
  redu__xs init = redu__xs_init(&x);
  const char *xs = x.src;
  char *ys = c.scan.y_dev;
  if (x.is32)
    redu__xs_f32_seg_run(L, (const float *)xs, (float *)ys, &c.plan, init, exclusive);
  else
    redu__xs_f64_seg_run(L, (const double *)xs, (double *)ys, &c.plan, init, exclusive);
  if (redu__xs_marked(&x, unsure))
    s = redu__xs_host_segments(&x, ys, c.count, offsets, len, c.plan.base, nseg, batched,
                               (opts->flags & REDU_INPUT_HOST) != 0);
  redu__xs_give(&x);
  redu_status e = redu__segscan_end(&c);
  return s != REDU_OK ? s : e;
}

/* Several devices in one call (libredu/redu_multi.h): one host thread per part (a kept
 * worker bound near its GPU, host/redu_workers.h) reduces that part to an accumulator; the
 * calling thread combines them in part order (host/redu_partial.h). */
#include "device/redu_op_table.h"
#include "host/redu_device.h"
#include "host/redu_error.h"
#include "host/redu_partial.h"
#include "host/redu_plan.h"
#include "host/redu_workers.h"
#include "redu.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One part's work and outcome. The accumulator is kept 16-byte aligned. */
typedef struct redu__part {
  const redu__partial *p;
  int device;
  const void *x, *y;
  size_t n;
  const redu_options *opts;
  redu_status st;
  char msg[400];   /* the part's redu_last_error(), which is per thread */
  char where[160]; /* how its thread was placed */
  _Alignas(16) unsigned char acc[REDU__PARTIAL_MAX_ACC];
} redu__part;

static void redu__part_run(void *arg)
{
  redu__part *w = arg;
  w->st = w->p->reduce(w->device, w->x, w->y, w->n, w->acc, w->opts);
  if (w->st != REDU_OK)
    snprintf(w->msg, sizeof w->msg, "%s", redu_last_error());
}

/* The arguments every multi call checks before any device work. */
static redu_status redu__multi_check(const char *fn, int nparts, const int *devices,
                                     const void *const *xs, const size_t *ns,
                                     const redu_options *opts, size_t *total)
{
  if (nparts < 1 || nparts > REDU_MULTI_MAX)
    return redu__fail(REDU_ERR_INVALID_DEVICE,
                      "%s: ndev is %d; pass 1..%d devices (REDU_MULTI_MAX), one part each", fn,
                      nparts, REDU_MULTI_MAX);
  if (!devices || !xs || !ns)
    return redu__fail(REDU_ERR_NULL_ARG,
                      "%s: devices, xs and ns must each point to ndev (%d) entries", fn, nparts);
  if (opts && opts->scratchpad)
    return redu__fail(REDU_ERR_BAD_OPTION,
                      "%s: redu_options.scratchpad serves one device; a multi-device call "
                      "takes libredu's own scratch on each (pass scratchpad = NULL)",
                      fn);
  *total = 0;
  for (int k = 0; k < nparts; ++k) {
    if (ns[k] > SIZE_MAX - *total)
      return redu__fail(REDU_ERR_OVERFLOW,
                        "%s: the parts hold more than SIZE_MAX elements together (at part %d): "
                        "their global indices cannot be counted",
                        fn, k);
    *total += ns[k];
  }
  return REDU_OK;
}

static redu_status redu__multi_run(const char *fn, const redu__partial *p, int nparts,
                                   const int *devices, const void *const *xs, const void *const *ys,
                                   const size_t *ns, void *acc, const redu_options *opts)
{
  size_t total;
  redu_status s = redu__multi_check(fn, nparts, devices, xs, ns, opts, &total);
  if (s != REDU_OK)
    return s;
  redu__part *w = calloc((size_t)nparts, sizeof *w);
  redu__worker **th = calloc((size_t)nparts, sizeof *th);
  if (!w || !th) {
    free(w), free(th);
    return redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no host memory for %d parts", fn, nparts);
  }
  for (int k = 0; k < nparts; ++k)
    w[k] = (redu__part){
        .p = p, .device = devices[k], .x = xs[k], .y = ys ? ys[k] : NULL, .n = ns[k], .opts = opts};
  /* One part runs on the caller's thread, unbound: nothing to run beside it. */
  if (nparts == 1) {
    redu__part_run(&w[0]);
    snprintf(w[0].where, sizeof w[0].where, "the calling thread");
  } else {
    for (int k = 0; k < nparts; ++k)
      th[k] = redu__worker_run(w[k].device, fn, redu__part_run, &w[k]);
    /* Parts that got no thread run here, one after the other, while the others run. */
    for (int k = 0; k < nparts; ++k)
      if (!th[k]) {
        redu__part_run(&w[k]);
        snprintf(w[k].where, sizeof w[k].where, "the calling thread (no thread could start)");
      }
    for (int k = 0; k < nparts; ++k)
      if (th[k])
        redu__worker_wait(th[k], w[k].where, sizeof w[k].where);
  }
  s = REDU_OK;
  for (int k = 0; k < nparts && s == REDU_OK; ++k)
    if (w[k].st != REDU_OK)
      s = redu__fail(w[k].st, "%s: part %d (device %d) failed: %s", fn, k, w[k].device, w[k].msg);
  if (s == REDU_OK) {
    if (redu__verbose())
      for (int k = 0; k < nparts; ++k)
        fprintf(stderr, "libredu: %s: part %d: device %d, %zu elements, host thread %s\n", fn, k,
                w[k].device, w[k].n, w[k].where);
    size_t before = w[0].n;
    for (int k = 1; k < nparts; ++k) {
      p->combine(w[0].acc, w[k].acc, before);
      before += w[k].n;
    }
    memcpy(acc, w[0].acc, p->acc_size);
  }
  free(w), free(th);
  return s;
}

/* ---- The public calls ------------------------------------------------------------------ */

redu_status redu__multi_call(const char *fn, const redu__partial *p, int ndev, const int *devices,
                             const void *const *xs, const void *const *ys, const size_t *ns,
                             void *result, size_t *index, const redu_options *opts)
{
  if (!result || (p->arg && !index))
    return redu__fail(REDU_ERR_NULL_ARG, "%s: result%s must not be NULL", fn,
                      p->arg ? " and index" : "");
  _Alignas(16) unsigned char acc[REDU__PARTIAL_MAX_ACC];
  redu_status s = redu__multi_run(fn, p, ndev, devices, xs, ys, ns, acc, opts);
  if (s == REDU_OK)
    p->finish(acc, result, index);
  return s;
}

redu_status redu_multi_reduce(int ndev, const int *devices, redu_op op, redu_type type,
                              const void *const *xs, const size_t *ns, void *result, size_t *index,
                              const redu_options *opts)
{
  redu_status s;
  const redu__partial *p =
      redu__partial_builtin("redu_multi_reduce", op, type, opts ? opts->flags : 0, &s);
  if (!p)
    return s;
  return redu__multi_call("redu_multi_reduce", p, ndev, devices, xs, NULL, ns, result, index, opts);
}

#define REDU__DEFINE_MULTI_VALUE(op, OP, sfx, T, E)                                                \
  redu_status redu_multi_##op##_##sfx(int ndev, const int *devices, const T *const *xs,            \
                                      const size_t *ns, T *result, const redu_options *opts)       \
  {                                                                                                \
    redu_status s;                                                                                 \
    const redu__partial *p =                                                                       \
        redu__partial_builtin("redu_multi_" #op "_" #sfx, OP, E, opts ? opts->flags : 0, &s);      \
    return p ? redu__multi_call("redu_multi_" #op "_" #sfx, p, ndev, devices,                      \
                                (const void *const *)xs, NULL, ns, result, NULL, opts)             \
             : s;                                                                                  \
  }
#define REDU__DEFINE_MULTI_ARG(op, OP, sfx, T, E)                                                  \
  redu_status redu_multi_##op##_##sfx(int ndev, const int *devices, const T *const *xs,            \
                                      const size_t *ns, T *value, size_t *index,                   \
                                      const redu_options *opts)                                    \
  {                                                                                                \
    redu_status s;                                                                                 \
    const redu__partial *p =                                                                       \
        redu__partial_builtin("redu_multi_" #op "_" #sfx, OP, E, opts ? opts->flags : 0, &s);      \
    return p ? redu__multi_call("redu_multi_" #op "_" #sfx, p, ndev, devices,                      \
                                (const void *const *)xs, NULL, ns, value, index, opts)             \
             : s;                                                                                  \
  }
#define REDU__MULTI_VALUE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)          \
  REDU__DEFINE_MULTI_VALUE(op, OP, sfx, T, E)
#define REDU__MULTI_ARG(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)              \
  REDU__DEFINE_MULTI_ARG(op, OP, sfx, T, E)
#define REDU__MULTI_CALLS(sfx, T, E, K, SA, LO, HI)                                                \
  REDU__OPS_OF_TYPE(REDU__MULTI_VALUE, REDU__MULTI_ARG, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(REDU__MULTI_CALLS)
#undef REDU__MULTI_CALLS
#undef REDU__MULTI_VALUE
#undef REDU__MULTI_ARG
#undef REDU__DEFINE_MULTI_VALUE
#undef REDU__DEFINE_MULTI_ARG

#define REDU__DEFINE_MULTI_DOT(sfx, T, E)                                                          \
  redu_status redu_multi_dot_##sfx(int ndev, const int *devices, const T *const *xs,               \
                                   const T *const *ys, const size_t *ns, T *result,                \
                                   const redu_options *opts)                                       \
  {                                                                                                \
    if (!ys)                                                                                       \
      return redu__fail(REDU_ERR_NULL_ARG, "redu_multi_dot_" #sfx ": ys must not be NULL");        \
    return redu__multi_call("redu_multi_dot_" #sfx, redu__partial_dot(E, opts ? opts->flags : 0),  \
                            ndev, devices, (const void *const *)xs, (const void *const *)ys, ns,   \
                            result, NULL, opts);                                                   \
  }
REDU__DEFINE_MULTI_DOT(f32, float, REDU_FLOAT)
REDU__DEFINE_MULTI_DOT(f64, double, REDU_DOUBLE)
#undef REDU__DEFINE_MULTI_DOT

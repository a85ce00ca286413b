#include "redu_call.h"

#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "../device/redu_reducers.h"
#include "redu_cuda.h"
#include "redu_device.h"
#include "redu_error.h"
#include "redu_plan.h"
#include "redu_scratch.h"

static int redu_verbose_flag;
static pthread_once_t redu_verbose_once = PTHREAD_ONCE_INIT;

static void redu_verbose_read(void)
{
  const char *s = getenv("REDU_VERBOSE");
  redu_verbose_flag = s && *s && *s != '0';
}

/* Read once, race-free: the first calls may come from many threads at once. */
static int redu_verbose(void)
{
  pthread_once(&redu_verbose_once, redu_verbose_read);
  return redu_verbose_flag;
}

static void redu_plan_text(const redu_device *d, size_t n, const redu_plan *p, char *buf,
                           size_t len)
{
  snprintf(buf, len, "device %d (%s; %s): n=%zu -> %d teams x %d threads [%s]", d->number,
           d->name, d->where, n, p->teams, p->threads, p->reason);
}

/* x must be readable by the device over n elements: on NVIDIA the driver knows every
 * allocation; CPU devices read host memory, where nothing can be checked. */
static redu_status redu_check_input(const redu_device *d, const void *x, size_t bytes,
                                    const char *fn)
{
  char why[160];
  if (d->arch == REDU_ARCH_NVPTX && redu_cuda_check_range(d->number, x, bytes, why, sizeof why))
    return redu_fail(REDU_ERR_NOT_DEVICE_PTR,
                     "%s: x is not usable on device %d: %s. Pass memory from "
                     "omp_target_alloc(..., %d), or a host array with REDU_INPUT_HOST",
                     fn, d->number, why, d->number);
  return REDU_OK;
}

redu_status redu_call_begin(redu_call *c, const char *fn, int device, const void *x, size_t n,
                            size_t elem_size, size_t acc_size, const void *out1,
                            const void *out2, const redu_options *opts)
{
  c->empty = 0;
  c->slot = NULL;
  if (opts && (opts->flags & ~REDU_INPUT_HOST))
    return redu_fail(REDU_ERR_BAD_OPTION, "%s: unknown bits 0x%x in redu_options.flags", fn,
                     opts->flags & ~REDU_INPUT_HOST);
  if (opts && (opts->teams < 0 || opts->threads < 0))
    return redu_fail(REDU_ERR_BAD_OPTION, "%s: negative teams (%d) or threads (%d) in options",
                     fn, opts->teams, opts->threads);
  if (!out1 || !out2)
    return redu_fail(REDU_ERR_NULL_ARG, "%s: the result pointer is NULL", fn);
  redu_device *d;
  redu_status s = redu_device_get(device, &d, fn);
  if (s != REDU_OK)
    return s;
  if (n == 0) {
    c->empty = 1;
    return REDU_OK;
  }
  if (!x)
    return redu_fail(REDU_ERR_NULL_ARG, "%s: x is NULL with n = %zu", fn, n);
  if (n > SIZE_MAX / elem_size || (uintptr_t)x > UINTPTR_MAX - n * elem_size)
    return redu_fail(REDU_ERR_OVERFLOW,
                     "%s: n = %zu elements of %zu bytes starting at %p exceed the address space",
                     fn, n, elem_size, x);
  int on_host = opts && (opts->flags & REDU_INPUT_HOST) && !d->is_initial;
  if (!on_host && (s = redu_check_input(d, x, n * elem_size, fn)) != REDU_OK)
    return s;
  redu_plan p;
  if ((s = redu_plan_make(d, n, elem_size, opts, &p, fn)) != REDU_OK)
    return s;
  if (acc_size > REDU_MAX_ACC_BYTES)
    return redu_fail(REDU_ERR_UNSUPPORTED, "%s: accumulator of %zu bytes exceeds %d", fn,
                     acc_size, REDU_MAX_ACC_BYTES);
  if (!(c->slot = redu_scratch_acquire(d)))
    return redu_fail(REDU_ERR_OUT_OF_MEMORY, "%s: no device memory for scratch on device %d",
                     fn, d->number);
  if (redu_verbose()) {
    char text[512];
    redu_plan_text(d, n, &p, text, sizeof text);
    fprintf(stderr, "libredu: %s: %s\n", fn, text);
  }
  c->launch = (redu_launch){
      .device = d->number,
      .teams = p.teams,
      .threads = p.threads,
      .input_on_host = on_host,
      .partials = c->slot->partials,
      .counter = c->slot->counter,
      .result = c->slot->result,
      .owner = d,
  };
  return REDU_OK;
}

void redu_call_end(redu_call *c) { redu_scratch_release(c->launch.owner, c->slot); }

static redu_status redu_plan_for(int device, size_t n, size_t elem_size, redu_device **d,
                                 redu_plan *p, const char *fn)
{
  if (!elem_size)
    return redu_fail(REDU_ERR_UNSUPPORTED, "%s: elem_size is 0", fn);
  if (n > SIZE_MAX / elem_size)
    return redu_fail(REDU_ERR_OVERFLOW, "%s: n * elem_size overflows", fn);
  redu_status s = redu_device_get(device, d, fn);
  return s == REDU_OK ? redu_plan_make(*d, n, elem_size, NULL, p, fn) : s;
}

redu_status redu_describe_plan(int device, size_t n, size_t elem_size, char *buf, size_t len)
{
  redu_device *d;
  redu_plan p;
  if (!buf || !len)
    return redu_fail(REDU_ERR_NULL_ARG, "redu_describe_plan: buf is NULL or len is 0");
  redu_status s = redu_plan_for(device, n, elem_size, &d, &p, "redu_describe_plan");
  if (s == REDU_OK)
    redu_plan_text(d, n, &p, buf, len);
  return s;
}

redu_status redu_plan_query(int device, size_t n, size_t elem_size, int *teams, int *threads)
{
  redu_device *d;
  redu_plan p;
  if (!teams || !threads)
    return redu_fail(REDU_ERR_NULL_ARG, "redu_plan_query: teams or threads is NULL");
  redu_status s = redu_plan_for(device, n, elem_size, &d, &p, "redu_plan_query");
  if (s == REDU_OK)
    *teams = p.teams, *threads = p.threads;
  return s;
}

void redu_finalize(void) { redu_device_for_each(redu_scratch_free_all); }

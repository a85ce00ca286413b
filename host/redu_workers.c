/* Kept host threads, one device each (host/redu_workers.h). Idle workers wait on their own
 * condition variable; they live until the process ends. The pool only grows to the most
 * parts ever in flight at once per device. */
#include "host/redu_workers.h"

#include "host/redu_device.h"
#include "host/redu_topology.h"
#include "redu.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef enum { REDU__W_IDLE, REDU__W_WORK, REDU__W_DONE } redu__worker_state;

struct redu__worker {
  int device;
  char where[160]; /* how the thread is placed, from its binding */
  pthread_mutex_t mu;
  pthread_cond_t cv; /* state changes, both ways */
  redu__worker_state state;
  void (*job)(void *);
  void *arg;
  redu__worker *next; /* in the idle list */
};

static pthread_mutex_t redu__pool_mu = PTHREAD_MUTEX_INITIALIZER;
static redu__worker *redu__idle;
static pthread_once_t redu__pool_once = PTHREAD_ONCE_INIT;

/* A forked child has none of the parent's threads: its idle list would name workers that
 * never wake. It forgets them (their memory is the parent's copy, left alone). */
static void redu__pool_forget(void)
{
  pthread_mutex_init(&redu__pool_mu, NULL);
  redu__idle = NULL;
}

static void redu__pool_init(void) { pthread_atfork(NULL, NULL, redu__pool_forget); }

/* A GPU's worker runs near the GPU (hwloc, from the PCI address its driver gave); CPU
 * devices use every core, so their workers stay where they are. */
static void redu__worker_place(redu__worker *w, const char *fn)
{
  redu__device *d;
  snprintf(w->where, sizeof w->where, "not bound (a CPU device)");
  if (redu__device_get(w->device, &d, fn) == REDU_OK && d->pci[0] >= 0)
    redu__topology_bind_near_pci(d->pci[0], d->pci[1], d->pci[2], w->where, sizeof w->where);
}

static void *redu__worker_main(void *arg)
{
  redu__worker *w = arg;
  pthread_mutex_lock(&w->mu);
  for (;;) {
    while (w->state != REDU__W_WORK)
      pthread_cond_wait(&w->cv, &w->mu);
    pthread_mutex_unlock(&w->mu);
    w->job(w->arg);
    pthread_mutex_lock(&w->mu);
    w->state = REDU__W_DONE;
    pthread_cond_broadcast(&w->cv);
  }
  return NULL;
}

typedef struct redu__worker_start {
  redu__worker *w;
  const char *fn;
} redu__worker_start;

/* The first job of a new worker: place the thread, then wait for work like any worker. */
static void *redu__worker_first(void *arg)
{
  redu__worker_start *st = arg;
  redu__worker *w = st->w;
  redu__worker_place(w, st->fn);
  free(st);
  return redu__worker_main(w);
}

static redu__worker *redu__worker_new(int device, const char *fn)
{
  redu__worker *w = calloc(1, sizeof *w);
  redu__worker_start *st = malloc(sizeof *st);
  pthread_attr_t attr;
  pthread_t th;
  if (!w || !st)
    goto fail;
  w->device = device;
  w->state = REDU__W_IDLE;
  pthread_mutex_init(&w->mu, NULL);
  pthread_cond_init(&w->cv, NULL);
  *st = (redu__worker_start){w, fn};
  if (pthread_attr_init(&attr) != 0)
    goto fail_sync;
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  int rc = pthread_create(&th, &attr, redu__worker_first, st);
  pthread_attr_destroy(&attr);
  if (rc == 0)
    return w;
fail_sync:
  pthread_cond_destroy(&w->cv);
  pthread_mutex_destroy(&w->mu);
fail:
  free(w), free(st);
  return NULL;
}

redu__worker *redu__worker_run(int device, const char *fn, void (*job)(void *), void *arg)
{
  pthread_once(&redu__pool_once, redu__pool_init);
  redu__worker *w = NULL;
  pthread_mutex_lock(&redu__pool_mu);
  for (redu__worker **pp = &redu__idle; *pp; pp = &(*pp)->next)
    if ((*pp)->device == device) {
      w = *pp;
      *pp = w->next;
      break;
    }
  pthread_mutex_unlock(&redu__pool_mu);
  if (!w && !(w = redu__worker_new(device, fn)))
    return NULL;
  pthread_mutex_lock(&w->mu);
  w->job = job;
  w->arg = arg;
  w->state = REDU__W_WORK;
  pthread_cond_broadcast(&w->cv);
  pthread_mutex_unlock(&w->mu);
  return w;
}

void redu__worker_wait(redu__worker *w, char *where, size_t len)
{
  pthread_mutex_lock(&w->mu);
  while (w->state != REDU__W_DONE)
    pthread_cond_wait(&w->cv, &w->mu);
  w->state = REDU__W_IDLE;
  pthread_mutex_unlock(&w->mu);
  /* Placed before its first job ran, and never again: where is stable now. */
  snprintf(where, len, "%s", w->where);
  pthread_mutex_lock(&redu__pool_mu);
  w->next = redu__idle;
  redu__idle = w;
  pthread_mutex_unlock(&redu__pool_mu);
}

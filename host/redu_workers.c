/* Kept host threads, one device each (host/redu_workers.h). Idle workers wait on their own
 * condition variable; they live until the process ends. The pool only grows to the most
 * parts ever in flight at once per device. */
#include "host/redu_workers.h"

#include "host/redu_device.h"
#include "host/redu_topology.h"
#include "redu.h"
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { REDU__W_IDLE, REDU__W_WORK, REDU__W_DONE };

/* A GPU's worker, and the caller waiting for it, poll the state for up to this long before
 * sleeping on the condition variable: a sleeping thread's wake-up is on the call's critical
 * path twice (the worker's start, the caller's return). The same idea as libomp's
 * KMP_BLOCKTIME (200 ms by default), kept short. CPU devices' workers never poll: their
 * parts' OpenMP threads need every core. */
enum { REDU__WORKER_POLL_NS = 1000 * 1000 };

struct redu__worker {
  int device;
  int pci[3];      /* the GPU's PCI place from its driver; pci[0] < 0: a CPU device */
  char where[160]; /* how the thread is placed, from its binding */
  pthread_mutex_t mu;
  pthread_cond_t cv; /* state changes, both ways */
  _Atomic int state; /* written under mu; polled without it */
  void (*job)(void *);
  void *arg;
  redu__worker *next; /* in the idle list */
};

static long long redu__now_ns(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Returns once w's state is `want`: polled first (a GPU's worker), then asleep on the condition
 * variable. The state is written under the mutex and the condition broadcast, so the sleep
 * cannot miss the change; the acquire load pairs with the writer's release store, so what
 * was written before it (the job, its results) is seen. */
static void redu__worker_await(redu__worker *w, int want)
{
  if (w->pci[0] >= 0) {
    long long end = redu__now_ns() + REDU__WORKER_POLL_NS;
    for (unsigned i = 1;; ++i) {
      if (atomic_load_explicit(&w->state, memory_order_acquire) == want)
        return;
      if (i % 64 == 0 && redu__now_ns() > end)
        break;
      sched_yield();
    }
  }
  pthread_mutex_lock(&w->mu);
  while (atomic_load_explicit(&w->state, memory_order_relaxed) != want)
    pthread_cond_wait(&w->cv, &w->mu);
  pthread_mutex_unlock(&w->mu);
}

/* Sets w's state (and wakes a sleeping waiter). */
static void redu__worker_set(redu__worker *w, int state)
{
  pthread_mutex_lock(&w->mu);
  atomic_store_explicit(&w->state, state, memory_order_release);
  pthread_cond_broadcast(&w->cv);
  pthread_mutex_unlock(&w->mu);
}

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
static void redu__worker_place(redu__worker *w)
{
  snprintf(w->where, sizeof w->where, "not bound (a CPU device)");
  if (w->pci[0] >= 0)
    redu__topology_bind_near_pci(w->pci[0], w->pci[1], w->pci[2], w->where, sizeof w->where);
}

static void *redu__worker_main(void *arg)
{
  redu__worker *w = arg;
  for (;;) {
    redu__worker_await(w, REDU__W_WORK);
    w->job(w->arg);
    redu__worker_set(w, REDU__W_DONE);
  }
  return NULL;
}

/* The first job of a new worker: place the thread, then wait for work like any worker. */
static void *redu__worker_first(void *arg)
{
  redu__worker_place(arg);
  return redu__worker_main(arg);
}

static redu__worker *redu__worker_new(int device, const char *fn)
{
  redu__worker *w = calloc(1, sizeof *w);
  pthread_attr_t attr;
  pthread_t th;
  if (!w)
    return NULL;
  w->device = device;
  redu__device *d;
  int found = redu__device_get(device, &d, fn) == REDU_OK;
  for (int k = 0; k < 3; ++k)
    w->pci[k] = found ? d->pci[k] : -1;
  atomic_init(&w->state, REDU__W_IDLE);
  pthread_mutex_init(&w->mu, NULL);
  pthread_cond_init(&w->cv, NULL);
  int rc = pthread_attr_init(&attr);
  if (rc == 0) {
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    rc = pthread_create(&th, &attr, redu__worker_first, w);
    pthread_attr_destroy(&attr);
  }
  if (rc == 0)
    return w;
  pthread_cond_destroy(&w->cv);
  pthread_mutex_destroy(&w->mu);
  free(w);
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
  w->job = job; /* the worker waits for WORK: it reads these only after the store below */
  w->arg = arg;
  redu__worker_set(w, REDU__W_WORK);
  return w;
}

void redu__worker_wait(redu__worker *w, char *where, size_t len)
{
  redu__worker_await(w, REDU__W_DONE);
  redu__worker_set(w, REDU__W_IDLE);
  /* Placed before its first job ran, and never again: where is stable now. */
  snprintf(where, len, "%s", w->where);
  pthread_mutex_lock(&redu__pool_mu);
  w->next = redu__idle;
  redu__idle = w;
  pthread_mutex_unlock(&redu__pool_mu);
}

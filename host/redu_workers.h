/* Host threads that drive one device each, kept for reuse: a multi-device call
 * (host/redu_multi.c) hands each part to a worker bound near that part's GPU. Starting a
 * thread per part and call cost 75-90 us per 2-part call on the 2-core host (thread
 * creation, libomp's registration of a new thread, hwloc binding); a kept worker costs one
 * wake-up, or none while it still polls after its last part (a GPU's: redu_workers.c). */
#ifndef REDU_WORKERS_H
#define REDU_WORKERS_H

#include "device/redu_internal.h"

#include <stddef.h>

typedef struct redu__worker redu__worker;

/* Runs job(arg) on an idle worker of `device` (one is started, and bound near the device's
 * GPU by hwloc, when none is idle). NULL when no thread could be started: the caller then
 * runs the job itself. fn names the public call (for the device lookup's messages). */
redu__worker *redu__worker_run(int device, const char *fn, void (*job)(void *), void *arg);
/* Waits for the worker's job to finish, copies how the worker is placed into where (len
 * bytes), and returns the worker to the idle ones. */
void redu__worker_wait(redu__worker *w, char *where, size_t len);

#endif

#include "host/redu_scratch.h"

#include "device/redu_exact_acc.h"
#include "device/redu_launch.h"
#include "host/redu_shape.h"
#include <omp.h>
#include <stdlib.h>

/* libomptarget's allocator of page-locked host memory that its devices can write. */
void *llvm_omp_target_alloc_host(size_t size, int device_num);
void llvm_omp_target_free_host(void *ptr, int device_num);

static void redu__slot_free(redu__device *d, redu__slot *s)
{
  omp_target_free(s->partials, d->number);
  omp_target_free(s->counter, d->number);
  omp_target_free(s->spill, d->number);
  omp_target_free(s->accs, d->number);
  omp_target_free(s->stage, d->number);
  omp_target_free(s->scan, d->number);
  omp_target_free(s->bins, d->number);
  omp_target_free(s->records, d->number);
  if (d->arch == REDU__ARCH_CPU)
    omp_target_free(s->result, d->number);
  else
    llvm_omp_target_free_host(s->result, d->number);
  free(s);
}

/* The largest accumulator a call reduces into: a declared type's, an exact call's record, or
 * a region's record with its exact kinds (host/redu_shape.h). */
enum {
  REDU__SLOT_ACC_BYTES = REDU_EXACT_ACC_BYTES > REDU__REGION_MAX_RECORD ? REDU_EXACT_ACC_BYTES
                                                                        : REDU__REGION_MAX_RECORD
};
_Static_assert(REDU_EXACT_ACC_BYTES == REDU__X_MAX_RECORD_BYTES &&
                   REDU_EXACT_ACC_BYTES >= REDU_MAX_ACC_BYTES,
               "REDU_EXACT_ACC_BYTES (redu.h) must be the largest exact record");
/* A segmented launch keeps two partials per team and the teams' records in the same buffer
 * (device/redu_launch.h), with accumulators of at most REDU_MAX_ACC_BYTES. */
_Static_assert(REDU__SEG_PARTIAL_BYTES(REDU_MAX_TEAMS, REDU_MAX_ACC_BYTES) <=
                   (size_t)REDU_MAX_TEAMS * REDU__SLOT_ACC_BYTES,
               "a slot's partials must hold a segmented launch's partials and records");

static redu__slot *redu__slot_new(redu__device *d)
{
  redu__slot *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  unsigned zero = 0;
  int dev = d->number;
  s->partials = omp_target_alloc((size_t)REDU_MAX_TEAMS * REDU__SLOT_ACC_BYTES, dev);
  s->counter = omp_target_alloc(sizeof *s->counter, dev);
  /* On a GPU the last team writes the result straight into page-locked host memory, so
   * a call costs one synchronisation (the region's end) instead of a kernel plus a copy.
   * A CPU device's memory is host memory already. */
  s->result = d->arch == REDU__ARCH_CPU ? omp_target_alloc(REDU__SLOT_ACC_BYTES, dev)
                                        : llvm_omp_target_alloc_host(REDU__SLOT_ACC_BYTES, dev);
  if (!s->partials || !s->counter || !s->result ||
      omp_target_memcpy(s->counter, &zero, sizeof zero, 0, 0, dev, redu__initial_device()) != 0) {
    redu__slot_free(d, s);
    return NULL;
  }
  return s;
}

/* Grows a device buffer of the slot to at least bytes. */
static int redu__grow(redu__device *d, void **buf, size_t *have, size_t bytes)
{
  if (bytes <= *have)
    return 0;
  omp_target_free(*buf, d->number);
  *buf = omp_target_alloc(bytes, d->number);
  *have = *buf ? bytes : 0;
  return *buf ? 0 : -1;
}

int redu__scratch_spill(redu__device *d, redu__slot *s, size_t bytes)
{
  return redu__grow(d, &s->spill, &s->spill_bytes, bytes);
}

int redu__scratch_accs(redu__device *d, redu__slot *s, size_t bytes)
{
  return redu__grow(d, &s->accs, &s->accs_bytes, bytes);
}

int redu__scratch_bins(redu__device *d, redu__slot *s, size_t bytes)
{
  if (bytes <= s->bins_bytes)
    return 0;
  return redu__grow(d, &s->bins, &s->bins_bytes, bytes) ? -1 : 1;
}

int redu__scratch_records(redu__device *d, redu__slot *s, size_t bytes)
{
  return redu__grow(d, &s->records, &s->records_bytes, bytes);
}

int redu__scratch_stage(redu__device *d, redu__slot *s, size_t bytes)
{
  return redu__grow(d, &s->stage, &s->stage_bytes, bytes);
}

redu__slot *redu__scratch_acquire(redu__device *d)
{
  pthread_mutex_lock(&d->pool_lock);
  redu__slot *s = d->pool;
  if (s)
    d->pool = s->next;
  pthread_mutex_unlock(&d->pool_lock);
  return s ? s : redu__slot_new(d);
}

void redu__scratch_release(redu__device *d, redu__slot *s)
{
  size_t keep = d->arch == REDU__ARCH_CPU ? REDU__CPU_KEEP_BYTES : REDU__STAGE_KEEP_BYTES;
  if (s->stage_bytes > keep) {
    omp_target_free(s->stage, d->number);
    s->stage = NULL, s->stage_bytes = 0;
  }
  if (s->bins_bytes > keep) {
    omp_target_free(s->bins, d->number);
    s->bins = NULL, s->bins_bytes = 0;
  }
  pthread_mutex_lock(&d->pool_lock);
  s->next = d->pool;
  d->pool = s;
  pthread_mutex_unlock(&d->pool_lock);
}

void redu__scratch_free_all(redu__device *d)
{
  pthread_mutex_lock(&d->pool_lock);
  while (d->pool) {
    redu__slot *s = d->pool;
    d->pool = s->next;
    redu__slot_free(d, s);
  }
  pthread_mutex_unlock(&d->pool_lock);
}

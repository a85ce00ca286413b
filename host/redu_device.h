/* One entry per OpenMP device (and the host): what it is, how big, and its scratch pool.
 * Set up once, on first use, from a probe region on the device, the CUDA driver (NVIDIA)
 * and hwloc. */
#ifndef REDU_DEVICE_H
#define REDU_DEVICE_H

#include "redu.h"
#include <pthread.h>
#include <stddef.h>

typedef struct redu__device {
  int number;     /* OpenMP device number */
  int is_initial; /* the host itself (omp_get_initial_device()) */
  int arch;       /* REDU__ARCH_* of the code that runs there */
  int warp_size;
  int units;         /* multiprocessors of a GPU, or cores of the host */
  int max_threads;   /* per team */
  size_t team_mem;   /* dynamic team memory a team may take (0: none, use device memory) */
  size_t team_limit; /* the driver's team memory a kernel may take, static and dynamic */
  double peak_gbps;  /* the device memory's peak bandwidth in GB/s; 0 when unknown (CPUs) */
  size_t mem_bytes;  /* the device's memory (a GPU's, the host's physical memory for CPU
                        devices); 0 when unknown. What a mapped host array can never exceed */
  int pci[3];        /* a GPU's PCI domain, bus, device, from its driver; pci[0] < 0: none */
  int env_teams;     /* REDU_TEAMS / REDU_THREADS, 0 when unset */
  int env_threads;
  int env_sched_bad; /* REDU_CUDA_SCHED is set to something other than auto or keep */
  char name[96];
  char where[320]; /* where the figures come from, and the device's host locality */
  pthread_mutex_t pool_lock;
  struct redu__slot *pool;
} redu__device;

/* Resolves `device` (REDU_DEFAULT_DEVICE included) and sets the entry up on first use.
 * fn names the public call for error messages. */
redu_status redu__device_get(int device, redu__device **out, const char *fn);

/* omp_get_initial_device(), read once (redu_device.c says why). */
int redu__initial_device(void);

/* Calls f on every device set up so far (redu_finalize). */
void redu__device_for_each(void (*f)(redu__device *));

#endif

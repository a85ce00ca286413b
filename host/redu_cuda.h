/* NVIDIA devices seen through the CUDA driver API, loaded at run time (as libomptarget
 * does), so that libredu neither links nor needs CUDA where there is none. */
#ifndef REDU_CUDA_H
#define REDU_CUDA_H

#include <stddef.h>

typedef struct redu__cuda_props {
  char name[96];
  int multiprocessors;
  int max_threads_per_block;
  int shared_mem_per_block;
  int warp_size;
  int pci_domain, pci_bus, pci_device;
  double peak_gbps; /* memory bandwidth, GB/s (1e9 B/s): clock x bus width; 0 when unknown */
  size_t total_mem; /* bytes of device memory; 0 when the driver does not say */
  char waits[48];   /* how host threads wait for the device (the context's scheduling) */
} redu__cuda_props;

/* Fills p for CUDA device `ordinal` and retains its primary context; 0 on success, -1
 * when the driver or device is absent. Unless keep_waits, gives a primary context that
 * blocks its waiting threads CUDA's default scheduling back (redu_cuda.c says why).
 * Not thread-safe: call during device set-up. */
int redu__cuda_props_get(int ordinal, int keep_waits, redu__cuda_props *p);

/* 0 when [ptr, ptr + bytes) lies in one allocation the device `ordinal` can read (device,
 * managed or registered/pinned host memory); else -1 with the reason in why.
 * Needs a successful redu__cuda_props_get(ordinal) first. */
int redu__cuda_check_range(int ordinal, const void *ptr, size_t bytes, char *why, size_t len);
/* As redu__cuda_check_range, and on success *left = the bytes from ptr to the end of its
 * allocation. */
int redu__cuda_range_left(int ordinal, const void *ptr, size_t bytes, size_t *left, char *why,
                          size_t len);

#endif

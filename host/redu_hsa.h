/* AMD GPUs seen through the HSA runtime (ROCm's libhsa-runtime64), loaded at run time as
 * libomptarget's AMDGPU plugin loads it, so that libredu neither links nor needs ROCm where
 * there is none. Written against hsa.h and hsa_ext_amd.h of ROCm 5.2 (Debian 12's
 * libhsa-runtime-dev); not yet run on an AMD GPU (docs/targets.md). */
#ifndef REDU_HSA_H
#define REDU_HSA_H

#include <stddef.h>

typedef struct redu__hsa_props {
  char name[64];       /* the board's name (HSA_AMD_AGENT_INFO_PRODUCT_NAME) */
  char isa[64];        /* gfx90a, gfx942, ... (HSA_AGENT_INFO_NAME) */
  int compute_units;   /* CUs */
  int wavefront;       /* lanes of a wavefront: 64 on CDNA (gfx9), 32 or 64 on RDNA */
  int max_threads;     /* per workgroup (team) */
  size_t lds_bytes;    /* LDS a workgroup may take (its group segment): 64 KiB on gfx90a/942 */
  size_t global_bytes; /* the largest global-segment region: the device's memory */
  int pci_domain, pci_bus, pci_device;
} redu__hsa_props;

/* Fills p for the ordinal-th GPU agent in the HSA runtime's order (the order in which
 * libomptarget's AMDGPU plugin numbers its devices); 0 on success, -1 when the runtime or
 * the agent is absent. Not thread-safe: call during device set-up. */
int redu__hsa_props_get(int ordinal, redu__hsa_props *p);

#endif

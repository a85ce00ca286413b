#include "host/redu_device.h"

#include "device/redu_reducers.h"
#include "host/redu_cuda.h"
#include "host/redu_error.h"
#include "host/redu_hsa.h"
#include "host/redu_topology.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Set-up is serialised by the lock; lookups after set-up take no lock (every call makes
 * one, from any number of host threads). */
static pthread_mutex_t redu__devices_lock = PTHREAD_MUTEX_INITIALIZER;
static redu__device **redu__devices;
static int redu__device_slots;

/* Team memory left to LLVM's device runtime (its shared-memory stack and state). */
enum { REDU__RUNTIME_TEAM_MEM = 8 << 10 };

/* Reads a positive integer from the environment; 0 when unset, -1 when malformed. */
static int redu__env_int(const char *name)
{
  const char *s = getenv(name);
  if (!s || !*s)
    return 0;
  char *end;
  long v = strtol(s, &end, 10);
  return *end || v <= 0 || v > (1L << 30) ? -1 : (int)v;
}

/* What the NVIDIA and AMD branches below read from their drivers, in one shape. team_limit:
 * the team (block, workgroup) memory a kernel may take, in bytes. loc receives hwloc's
 * description of the GPU's place (its PCI address), for the branch's own `where` line. */
static void redu__device_set_gpu(redu__device *d, const char *name, int units, int max_threads,
                                 size_t team_limit, double peak_gbps, size_t mem_bytes,
                                 const int pci[3], char *loc, size_t loc_size)
{
  redu__topology_pci_locality(pci[0], pci[1], pci[2], loc, loc_size);
  snprintf(d->name, sizeof d->name, "%s", name);
  d->units = units;
  d->max_threads = max_threads;
  /* The driver's default per-team limit (libomptarget 19 does not raise NVIDIA's), less
   * what the device runtime and our static team variables take. */
  d->team_mem = team_limit > REDU__RUNTIME_TEAM_MEM ? team_limit - REDU__RUNTIME_TEAM_MEM : 0;
  d->team_limit = team_limit;
  d->peak_gbps = peak_gbps;
  d->mem_bytes = mem_bytes;
  d->pci[0] = pci[0], d->pci[1] = pci[1], d->pci[2] = pci[2];
}

static redu_status redu__device_setup(redu__device *d, const char *fn)
{
  int arch = -1, warp = 0, on_host = 0;
  int num = d->number;
  /* One tiny region per device, once: proves the device runs our code, and says which
   * target variant that code is, and whether it ran on the host after all
   * (OMP_TARGET_OFFLOAD=DISABLED keeps the device numbers but runs every region here). */
#pragma omp target device(num) map(from : arch, warp, on_host)
  {
    arch = redu__dev_arch();
    warp = (int)redu__dev_warp_size();
    on_host = omp_is_initial_device();
  }
  if (arch < 0)
    return redu__fail(REDU_ERR_DEVICE, "%s: device %d did not run the probe region", fn, num);
  d->arch = arch;
  d->warp_size = warp;
  d->env_teams = redu__env_int("REDU_TEAMS");
  d->env_threads = redu__env_int("REDU_THREADS");
  /* REDU_CUDA_SCHED: auto (the default) or keep; checked on every target, like REDU_TEAMS. */
  const char *sched = getenv("REDU_CUDA_SCHED");
  int keep_waits = sched && !strcmp(sched, "keep");
  d->env_sched_bad = sched && *sched && !keep_waits && strcmp(sched, "auto");
  char topo[96];
  redu__topology_describe(topo, sizeof topo);
  redu__hsa_props h;
  if (arch == REDU__ARCH_NVPTX) {
    redu__cuda_props p;
    if (redu__cuda_props_get(num, keep_waits || d->env_sched_bad, &p) != 0)
      return redu__fail(REDU_ERR_DEVICE,
                        "%s: device %d runs NVIDIA code but the CUDA driver (libcuda.so.1) "
                        "does not describe CUDA device %d",
                        fn, num, num);
    char loc[128];
    const int pci[3] = {p.pci_domain, p.pci_bus, p.pci_device};
    redu__device_set_gpu(d, p.name, p.multiprocessors, p.max_threads_per_block,
                         p.shared_mem_per_block > 0 ? (size_t)p.shared_mem_per_block : 0,
                         p.peak_gbps, p.total_mem, pci, loc, sizeof loc);
    snprintf(d->where, sizeof d->where,
             "CUDA driver: %d SMs, %d threads/team, %d B team "
             "memory, %.0f GB/s peak memory bandwidth; waits: %s; %s",
             p.multiprocessors, p.max_threads_per_block, p.shared_mem_per_block, p.peak_gbps,
             p.waits, loc);
  } else if (arch == REDU__ARCH_AMDGCN && redu__hsa_props_get(num, &h) == 0) {
    /* The device code's wavefront is fixed at compile time (64 lanes: CDNA); a device
     * whose wavefronts differ would run every warp routine wrong. */
    if (h.wavefront != warp)
      return redu__fail(REDU_ERR_DEVICE,
                        "%s: device %d (%s, %s) runs %d-lane wavefronts; libredu's AMD code "
                        "is built for %d (CDNA GPUs: gfx90a, gfx942)",
                        fn, num, h.name, h.isa, h.wavefront, warp);
    char loc[128];
    const int pci[3] = {h.pci_domain, h.pci_bus, h.pci_device};
    /* Peak 0: HSA gives no dependable peak bandwidth (its memory width is deprecated). */
    redu__device_set_gpu(d, h.name, h.compute_units, h.max_threads, h.lds_bytes, 0, h.global_bytes,
                         pci, loc, sizeof loc);
    snprintf(d->where, sizeof d->where,
             "HSA runtime: %s, %d CUs, %d threads/team, %zu B LDS, %d-lane wavefronts; %s", h.isa,
             h.compute_units, h.max_threads, h.lds_bytes, h.wavefront, loc);
  } else {
    d->pci[0] = -1;
    /* A CPU device (the host, or the host-offload plugin) or a GPU without a driver query
     * here (an AMD GPU without the HSA runtime's answer): size it by the host's cores. */
    d->units = redu__topology_cores();
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    d->mem_bytes = pages > 0 && page > 0 && (size_t)pages <= SIZE_MAX / (size_t)page
                       ? (size_t)pages * (size_t)page
                       : 0;
    d->max_threads = arch == REDU__ARCH_CPU ? REDU__MAX_WARPS : 1024;
    snprintf(d->name, sizeof d->name, "%s",
             d->is_initial            ? "host (initial device)"
             : on_host                ? "host (offload disabled or unavailable)"
             : arch == REDU__ARCH_CPU ? "host-offload CPU device"
                                      : "AMD GPU");
    snprintf(d->where, sizeof d->where, "hwloc: %s", topo);
  }
  return REDU_OK;
}

/* The device count and the initial device's number, read once: they never change in a
 * process, and LLVM 19's libomp answers each query through a chain of dlsym lookups
 * (0.3 us a call on this 2-core VM, two per libredu call; docs/performance.md, "The per-call
 * floor"). */
static int redu__count, redu__initial;
static pthread_once_t redu__count_once = PTHREAD_ONCE_INIT;

static void redu__count_read(void)
{
  redu__count = omp_get_num_devices();
  redu__initial = omp_get_initial_device();
}

int redu__initial_device(void)
{
  pthread_once(&redu__count_once, redu__count_read);
  return redu__initial;
}

redu_status redu__device_get(int device, redu__device **out, const char *fn)
{
  pthread_once(&redu__count_once, redu__count_read);
  int count = redu__count, initial = redu__initial;
  int num = device == REDU_DEFAULT_DEVICE ? omp_get_default_device() : device;
  if (num != initial && (num < 0 || num >= count))
    return redu__fail(REDU_ERR_INVALID_DEVICE,
                      "%s: device %d does not exist: this process has %d offload device(s) "
                      "(0..%d) and the host is %d",
                      fn, device, count, count - 1, initial);
  int slot = num == initial ? count : num;
  /* Fast path, no lock: entries are immutable once published (release below). */
  redu__device **table = __atomic_load_n(&redu__devices, __ATOMIC_ACQUIRE);
  redu__device *ready =
      table && slot < redu__device_slots ? __atomic_load_n(&table[slot], __ATOMIC_ACQUIRE) : NULL;
  if (ready) {
    *out = ready;
    return REDU_OK;
  }
  redu_status s = REDU_OK;
  pthread_mutex_lock(&redu__devices_lock);
  if (!redu__devices) {
    table = calloc((size_t)count + 1, sizeof *table);
    redu__device_slots = table ? count + 1 : 0;
    __atomic_store_n(&redu__devices, table, __ATOMIC_RELEASE);
  }
  if (slot >= redu__device_slots) {
    s = redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no memory for the device table", fn);
  } else if (!redu__devices[slot]) {
    redu__device *d = calloc(1, sizeof *d);
    if (!d) {
      s = redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no memory for the device table", fn);
    } else {
      d->number = num;
      d->is_initial = num == initial;
      pthread_mutex_init(&d->pool_lock, NULL);
      s = redu__device_setup(d, fn);
      if (s == REDU_OK)
        __atomic_store_n(&redu__devices[slot], d, __ATOMIC_RELEASE);
      else
        free(d);
    }
  }
  if (s == REDU_OK)
    *out = redu__devices[slot];
  pthread_mutex_unlock(&redu__devices_lock);
  return s;
}

void redu__device_for_each(void (*f)(redu__device *))
{
  pthread_mutex_lock(&redu__devices_lock);
  for (int i = 0; i < redu__device_slots; ++i)
    if (redu__devices[i])
      f(redu__devices[i]);
  pthread_mutex_unlock(&redu__devices_lock);
}

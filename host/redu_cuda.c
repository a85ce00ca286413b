#include "host/redu_cuda.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

/* The few driver entry points and constants used, from the CUDA driver API's stable ABI. */
typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef unsigned long long CUdeviceptr;
enum {
  CU_ATTR_MAX_THREADS_PER_BLOCK = 1,
  CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_ATTR_WARP_SIZE = 10,
  CU_ATTR_MULTIPROCESSOR_COUNT = 16,
  CU_ATTR_PCI_BUS_ID = 33,
  CU_ATTR_PCI_DEVICE_ID = 34,
  CU_ATTR_MEMORY_CLOCK_RATE = 36,       /* kHz */
  CU_ATTR_GLOBAL_MEMORY_BUS_WIDTH = 37, /* bits */
  CU_ATTR_PCI_DOMAIN_ID = 50,
};
enum {
  CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
  CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9,
  CU_POINTER_ATTRIBUTE_RANGE_START_ADDR = 11,
  CU_POINTER_ATTRIBUTE_RANGE_SIZE = 12,
};
enum { CU_MEMORYTYPE_HOST = 1, CU_MEMORYTYPE_DEVICE = 2, CU_MEMORYTYPE_UNIFIED = 4 };
enum { CU_CTX_SCHED_MASK = 0x07, CU_CTX_SCHED_BLOCKING_SYNC = 0x04 };

static struct {
  int ok;
  CUresult (*init)(unsigned);
  CUresult (*device_get)(CUdevice *, int);
  CUresult (*device_get_count)(int *);
  CUresult (*device_get_attribute)(int *, int, CUdevice);
  CUresult (*device_get_name)(char *, int, CUdevice);
  CUresult (*device_total_mem)(size_t *, CUdevice); /* optional */
  CUresult (*pointer_get_attributes)(unsigned, int *, void **, CUdeviceptr);
  CUresult (*primary_ctx_retain)(CUcontext *, CUdevice);
  CUresult (*ctx_push)(CUcontext);
  CUresult (*ctx_pop)(CUcontext *);
  /* Optional (the waits below stay as they are without them). */
  CUresult (*primary_ctx_get_state)(CUdevice, unsigned *, int *);
  CUresult (*primary_ctx_set_flags)(CUdevice, unsigned);
} redu__cu;
static pthread_once_t redu__cu_once = PTHREAD_ONCE_INIT;

/* Primary contexts, retained once by redu__cuda_props_get (device set-up, serialised by
 * the caller) and made current around pointer queries. */
#define REDU__CU_MAX_DEVICES 64
static CUcontext redu__cu_ctx[REDU__CU_MAX_DEVICES];

static void redu__cuda_load(void)
{
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h)
    return;
#define REDU__CU_SYM(field, name) *(void **)&redu__cu.field = dlsym(h, name)
  REDU__CU_SYM(init, "cuInit");
  REDU__CU_SYM(device_get, "cuDeviceGet");
  REDU__CU_SYM(device_get_count, "cuDeviceGetCount");
  REDU__CU_SYM(device_get_attribute, "cuDeviceGetAttribute");
  REDU__CU_SYM(device_get_name, "cuDeviceGetName");
  REDU__CU_SYM(device_total_mem, "cuDeviceTotalMem_v2");
  REDU__CU_SYM(pointer_get_attributes, "cuPointerGetAttributes");
  REDU__CU_SYM(primary_ctx_retain, "cuDevicePrimaryCtxRetain");
  REDU__CU_SYM(ctx_push, "cuCtxPushCurrent_v2");
  REDU__CU_SYM(ctx_pop, "cuCtxPopCurrent_v2");
  REDU__CU_SYM(primary_ctx_get_state, "cuDevicePrimaryCtxGetState");
  /* _v2: since CUDA 11 it may change an active context's flags. */
  REDU__CU_SYM(primary_ctx_set_flags, "cuDevicePrimaryCtxSetFlags_v2");
#undef REDU__CU_SYM
  if (!redu__cu.init || !redu__cu.device_get || !redu__cu.device_get_count ||
      !redu__cu.device_get_attribute || !redu__cu.device_get_name ||
      !redu__cu.pointer_get_attributes || !redu__cu.primary_ctx_retain || !redu__cu.ctx_push ||
      !redu__cu.ctx_pop || redu__cu.init(0) != 0)
    return;
  redu__cu.ok = 1;
}

static int redu__cuda_device(int ordinal, CUdevice *dev)
{
  int count = 0;
  pthread_once(&redu__cu_once, redu__cuda_load);
  if (!redu__cu.ok || redu__cu.device_get_count(&count) != 0 || ordinal < 0 || ordinal >= count)
    return -1;
  return redu__cu.device_get(dev, ordinal) == 0 ? 0 : -1;
}

/* How a host thread waits for the device. libomptarget 19 creates each primary context with
 * CU_CTX_SCHED_BLOCKING_SYNC: a waiting thread sleeps on an OS primitive, and waking it is
 * most of a small call's time (H100: an empty target region 26-33 us, 11-13 us under any
 * other scheduling; docs/performance.md, "The per-call floor"). Unless keep, a context that
 * blocks gets CUDA's default back, CU_CTX_SCHED_AUTO (spin while the process has fewer
 * contexts than CPUs, else yield), for every target region of the process; a context
 * whose scheduling someone else chose stays as it is. */
static void redu__cuda_waits(CUdevice d, int keep, char *what, size_t len)
{
  static const char *const names[] = {"auto", "spin", "yield", "?", "blocking sync"};
  unsigned flags = 0;
  int active = 0;
  if (!redu__cu.primary_ctx_get_state || !redu__cu.primary_ctx_set_flags ||
      redu__cu.primary_ctx_get_state(d, &flags, &active) != 0) {
    snprintf(what, len, "as the driver set them");
    return;
  }
  unsigned sched = flags & CU_CTX_SCHED_MASK;
  const char *name = sched < 5 ? names[sched] : "?";
  if (sched != CU_CTX_SCHED_BLOCKING_SYNC)
    snprintf(what, len, "%s", name);
  else if (keep)
    snprintf(what, len, "blocking sync (REDU_CUDA_SCHED=keep)");
  else if (redu__cu.primary_ctx_set_flags(d, flags & ~(unsigned)CU_CTX_SCHED_MASK) == 0 &&
           redu__cu.primary_ctx_get_state(d, &flags, &active) == 0 &&
           (flags & CU_CTX_SCHED_MASK) == 0)
    snprintf(what, len, "auto (libredu; was blocking sync)");
  else
    snprintf(what, len, "blocking sync (the driver refused auto)");
}

int redu__cuda_props_get(int ordinal, int keep_waits, redu__cuda_props *p)
{
  CUdevice d;
  if (redu__cuda_device(ordinal, &d) != 0)
    return -1;
  struct {
    int *dst, attr;
  } q[] = {
      {&p->multiprocessors, CU_ATTR_MULTIPROCESSOR_COUNT},
      {&p->max_threads_per_block, CU_ATTR_MAX_THREADS_PER_BLOCK},
      {&p->shared_mem_per_block, CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK},
      {&p->warp_size, CU_ATTR_WARP_SIZE},
      {&p->pci_domain, CU_ATTR_PCI_DOMAIN_ID},
      {&p->pci_bus, CU_ATTR_PCI_BUS_ID},
      {&p->pci_device, CU_ATTR_PCI_DEVICE_ID},
  };
  for (size_t i = 0; i < sizeof q / sizeof q[0]; ++i)
    if (redu__cu.device_get_attribute(q[i].dst, q[i].attr, d) != 0)
      return -1;
  /* The memory's peak: two transfers per clock (DDR/HBM) over the bus; 0 when the driver
   * does not say (optional: nothing else depends on it). */
  int clock_khz = 0, bus_bits = 0;
  p->peak_gbps =
      redu__cu.device_get_attribute(&clock_khz, CU_ATTR_MEMORY_CLOCK_RATE, d) == 0 &&
              redu__cu.device_get_attribute(&bus_bits, CU_ATTR_GLOBAL_MEMORY_BUS_WIDTH, d) == 0
          ? 2.0 * clock_khz * 1e3 * (bus_bits / 8.0) * 1e-9
          : 0.0;
  if (!redu__cu.device_total_mem || redu__cu.device_total_mem(&p->total_mem, d) != 0)
    p->total_mem = 0;
  if (ordinal >= REDU__CU_MAX_DEVICES ||
      redu__cu.primary_ctx_retain(&redu__cu_ctx[ordinal], d) != 0)
    return -1;
  if (redu__cu.device_get_name(p->name, (int)sizeof p->name, d) != 0)
    snprintf(p->name, sizeof p->name, "CUDA device %d", ordinal);
  redu__cuda_waits(d, keep_waits, p->waits, sizeof p->waits);
  return 0;
}

int redu__cuda_check_range(int ordinal, const void *ptr, size_t bytes, char *why, size_t len)
{
  size_t left;
  return redu__cuda_range_left(ordinal, ptr, bytes, &left, why, len);
}

int redu__cuda_range_left(int ordinal, const void *ptr, size_t bytes, size_t *left, char *why,
                          size_t len)
{
  CUcontext popped;
  if (ordinal < 0 || ordinal >= REDU__CU_MAX_DEVICES || !redu__cu_ctx[ordinal] ||
      redu__cu.ctx_push(redu__cu_ctx[ordinal]) != 0) {
    snprintf(why, len, "the CUDA driver cannot inspect device %d", ordinal);
    return -1;
  }
  /* One driver call per reduction: unknown pointers come back as memory type 0. */
  CUdeviceptr p = (CUdeviceptr)(uintptr_t)ptr, start = 0;
  unsigned type = 0;
  int owner = -1;
  size_t size = 0;
  int attrs[] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                 CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, CU_POINTER_ATTRIBUTE_RANGE_SIZE};
  void *data[] = {&type, &owner, &start, &size};
  int rc = -1;
  if (redu__cu.pointer_get_attributes(4, attrs, data, p) != 0 ||
      (type != CU_MEMORYTYPE_HOST && type != CU_MEMORYTYPE_DEVICE && type != CU_MEMORYTYPE_UNIFIED))
    snprintf(why, len, "%p is not memory the CUDA driver knows (a plain host pointer?)", ptr);
  else if (type == CU_MEMORYTYPE_DEVICE && owner != ordinal)
    snprintf(why, len, "%p is memory of CUDA device %d, not of device %d", ptr, owner, ordinal);
  else if (size == 0)
    snprintf(why, len, "the CUDA driver gives no allocation range for %p", ptr);
  else if (p - start > size || bytes > size - (p - start))
    snprintf(why, len, "%zu bytes from %p run past the end of its %zu-byte allocation", bytes, ptr,
             size);
  else {
    *left = size - (p - start);
    rc = 0;
  }
  redu__cu.ctx_pop(&popped);
  return rc;
}

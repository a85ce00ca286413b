#include "host/redu_hsa.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The few entry points and constants used, from HSA's stable C ABI (values of hsa.h and
 * hsa_ext_amd.h). */
typedef int hsa_status_t;
typedef struct {
  uint64_t handle;
} hsa_agent_t;
typedef struct {
  uint64_t handle;
} hsa_region_t;
enum { HSA_STATUS_SUCCESS = 0, HSA_STATUS_INFO_BREAK = 1 };
enum { HSA_DEVICE_TYPE_GPU = 1 };
enum {
  HSA_AGENT_INFO_NAME = 0, /* char[64] */
  HSA_AGENT_INFO_WAVEFRONT_SIZE = 6,
  HSA_AGENT_INFO_WORKGROUP_MAX_SIZE = 8,
  HSA_AGENT_INFO_DEVICE = 17,
  HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT = 0xA002,
  HSA_AMD_AGENT_INFO_BDFID = 0xA006,        /* bus << 8 | device << 3 | function */
  HSA_AMD_AGENT_INFO_PRODUCT_NAME = 0xA009, /* char[64] */
  HSA_AMD_AGENT_INFO_DOMAIN = 0xA00F,
};
enum { HSA_REGION_INFO_SEGMENT = 0, HSA_REGION_INFO_SIZE = 2 };
enum { HSA_REGION_SEGMENT_GLOBAL = 0, HSA_REGION_SEGMENT_GROUP = 3 };

static struct {
  int ok;
  hsa_status_t (*iterate_agents)(hsa_status_t (*)(hsa_agent_t, void *), void *);
  hsa_status_t (*agent_get_info)(hsa_agent_t, int, void *);
  hsa_status_t (*agent_iterate_regions)(hsa_agent_t, hsa_status_t (*)(hsa_region_t, void *),
                                        void *);
  hsa_status_t (*region_get_info)(hsa_region_t, int, void *);
} redu__hsa;
static pthread_once_t redu__hsa_once = PTHREAD_ONCE_INIT;

static void redu__hsa_load(void)
{
  void *h = dlopen("libhsa-runtime64.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h)
    return;
  hsa_status_t (*init)(void);
  *(void **)&init = dlsym(h, "hsa_init");
  *(void **)&redu__hsa.iterate_agents = dlsym(h, "hsa_iterate_agents");
  *(void **)&redu__hsa.agent_get_info = dlsym(h, "hsa_agent_get_info");
  *(void **)&redu__hsa.agent_iterate_regions = dlsym(h, "hsa_agent_iterate_regions");
  *(void **)&redu__hsa.region_get_info = dlsym(h, "hsa_region_get_info");
  /* hsa_init counts its callers: the plugin's own init and shut-down are unaffected. */
  redu__hsa.ok = init && redu__hsa.iterate_agents && redu__hsa.agent_get_info &&
                 redu__hsa.agent_iterate_regions && redu__hsa.region_get_info &&
                 init() == HSA_STATUS_SUCCESS;
}

typedef struct {
  int left; /* GPU agents still to skip */
  hsa_agent_t agent;
} redu__hsa_find;

static hsa_status_t redu__hsa_find_gpu(hsa_agent_t a, void *arg)
{
  redu__hsa_find *f = arg;
  int type = -1;
  if (redu__hsa.agent_get_info(a, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS ||
      type != HSA_DEVICE_TYPE_GPU)
    return HSA_STATUS_SUCCESS;
  if (f->left-- > 0)
    return HSA_STATUS_SUCCESS;
  f->agent = a;
  return HSA_STATUS_INFO_BREAK;
}

static hsa_status_t redu__hsa_region(hsa_region_t r, void *arg)
{
  redu__hsa_props *p = arg;
  int segment = -1;
  size_t size = 0;
  if (redu__hsa.region_get_info(r, HSA_REGION_INFO_SEGMENT, &segment) != HSA_STATUS_SUCCESS ||
      redu__hsa.region_get_info(r, HSA_REGION_INFO_SIZE, &size) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_SUCCESS;
  if (segment == HSA_REGION_SEGMENT_GROUP && size > p->lds_bytes)
    p->lds_bytes = size;
  if (segment == HSA_REGION_SEGMENT_GLOBAL && size > p->global_bytes)
    p->global_bytes = size;
  return HSA_STATUS_SUCCESS;
}

int redu__hsa_props_get(int ordinal, redu__hsa_props *p)
{
  pthread_once(&redu__hsa_once, redu__hsa_load);
  redu__hsa_find f = {ordinal, {0}};
  if (!redu__hsa.ok || ordinal < 0 ||
      redu__hsa.iterate_agents(redu__hsa_find_gpu, &f) != HSA_STATUS_INFO_BREAK)
    return -1;
  memset(p, 0, sizeof *p);
  uint32_t cus = 0, wave = 0, group = 0, bdf = 0, domain = 0;
  if (redu__hsa.agent_get_info(f.agent, HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT, &cus) ||
      redu__hsa.agent_get_info(f.agent, HSA_AGENT_INFO_WAVEFRONT_SIZE, &wave) ||
      redu__hsa.agent_get_info(f.agent, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, &group) ||
      redu__hsa.agent_get_info(f.agent, HSA_AGENT_INFO_NAME, p->isa) ||
      redu__hsa.agent_iterate_regions(f.agent, redu__hsa_region, p) || cus == 0 || group == 0)
    return -1;
  p->isa[sizeof p->isa - 1] = 0;
  if (redu__hsa.agent_get_info(f.agent, HSA_AMD_AGENT_INFO_PRODUCT_NAME, p->name) != 0 ||
      !p->name[0])
    snprintf(p->name, sizeof p->name, "AMD %s", p->isa);
  p->name[sizeof p->name - 1] = 0;
  p->compute_units = (int)cus;
  p->wavefront = (int)wave;
  p->max_threads = (int)group;
  p->pci_domain =
      redu__hsa.agent_get_info(f.agent, HSA_AMD_AGENT_INFO_DOMAIN, &domain) == 0 ? (int)domain : 0;
  if (redu__hsa.agent_get_info(f.agent, HSA_AMD_AGENT_INFO_BDFID, &bdf) == 0)
    p->pci_bus = (int)(bdf >> 8 & 0xff), p->pci_device = (int)(bdf >> 3 & 0x1f);
  else
    p->pci_domain = -1;
  return 0;
}

#include "host/redu_topology.h"

#include <hwloc.h>
#include <pthread.h>
#include <stdio.h>

static hwloc_topology_t redu__topo;
static int redu__topo_ok;
static pthread_once_t redu__topo_once = PTHREAD_ONCE_INIT;

static void redu__topology_load(void)
{
  if (hwloc_topology_init(&redu__topo) != 0)
    return;
  /* PCI devices are needed to place GPUs; keeping only the important ones keeps the load
   * fast. */
  hwloc_topology_set_io_types_filter(redu__topo, HWLOC_TYPE_FILTER_KEEP_IMPORTANT);
  if (hwloc_topology_load(redu__topo) != 0) {
    hwloc_topology_destroy(redu__topo);
    return;
  }
  redu__topo_ok = 1;
}

static int redu__topology_count(hwloc_obj_type_t type)
{
  pthread_once(&redu__topo_once, redu__topology_load);
  int n = redu__topo_ok ? hwloc_get_nbobjs_by_type(redu__topo, type) : 0;
  return n > 0 ? n : 1;
}

int redu__topology_cores(void) { return redu__topology_count(HWLOC_OBJ_CORE); }

void redu__topology_describe(char *buf, size_t len)
{
  snprintf(buf, len, "%d cores, %d PUs, %d NUMA nodes%s", redu__topology_count(HWLOC_OBJ_CORE),
           redu__topology_count(HWLOC_OBJ_PU), redu__topology_count(HWLOC_OBJ_NUMANODE),
           redu__topo_ok ? "" : " (hwloc failed; assumed)");
}

static hwloc_obj_t redu__topology_near_pci(int domain, int bus, int dev)
{
  pthread_once(&redu__topo_once, redu__topology_load);
  hwloc_obj_t pci = redu__topo_ok ? hwloc_get_pcidev_by_busid(redu__topo, (unsigned)domain,
                                                              (unsigned)bus, (unsigned)dev, 0)
                                  : NULL;
  return pci ? hwloc_get_non_io_ancestor_obj(redu__topo, pci) : NULL;
}

int redu__topology_bind_near_pci(int domain, int bus, int dev, char *buf, size_t len)
{
  hwloc_obj_t near = redu__topology_near_pci(domain, bus, dev);
  if (!near || !near->cpuset) {
    snprintf(buf, len, "not bound: PCI %04x:%02x:%02x.0 not visible to hwloc", domain, bus, dev);
    return -1;
  }
  char cpus[64];
  hwloc_bitmap_list_snprintf(cpus, sizeof cpus, near->cpuset);
  if (hwloc_set_cpubind(redu__topo, near->cpuset, HWLOC_CPUBIND_THREAD) != 0) {
    snprintf(buf, len, "not bound: binding to CPUs %s (near PCI %04x:%02x:%02x.0) failed", cpus,
             domain, bus, dev);
    return -1;
  }
  snprintf(buf, len, "bound to CPUs %s, near PCI %04x:%02x:%02x.0", cpus, domain, bus, dev);
  return 0;
}

void redu__topology_pci_locality(int domain, int bus, int dev, char *buf, size_t len)
{
  hwloc_obj_t near = redu__topology_near_pci(domain, bus, dev);
  if (!near) {
    snprintf(buf, len, "PCI %04x:%02x:%02x.0 not visible to hwloc", domain, bus, dev);
    return;
  }
  char cpus[64] = "?", nodes[64] = "?";
  if (near && near->cpuset)
    hwloc_bitmap_list_snprintf(cpus, sizeof cpus, near->cpuset);
  if (near && near->nodeset)
    hwloc_bitmap_list_snprintf(nodes, sizeof nodes, near->nodeset);
  snprintf(buf, len, "PCI %04x:%02x:%02x.0 near CPUs %s, NUMA node %s", domain, bus, dev, cpus,
           nodes);
}

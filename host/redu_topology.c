#include "redu_topology.h"

#include <hwloc.h>
#include <pthread.h>
#include <stdio.h>

static hwloc_topology_t redu_topo;
static int redu_topo_ok;
static pthread_once_t redu_topo_once = PTHREAD_ONCE_INIT;

static void redu_topology_load(void)
{
  if (hwloc_topology_init(&redu_topo) != 0)
    return;
  /* PCI devices are needed to place GPUs; keeping only the important ones keeps the load
   * fast. */
  hwloc_topology_set_io_types_filter(redu_topo, HWLOC_TYPE_FILTER_KEEP_IMPORTANT);
  if (hwloc_topology_load(redu_topo) != 0) {
    hwloc_topology_destroy(redu_topo);
    return;
  }
  redu_topo_ok = 1;
}

static int redu_topology_count(hwloc_obj_type_t type)
{
  pthread_once(&redu_topo_once, redu_topology_load);
  int n = redu_topo_ok ? hwloc_get_nbobjs_by_type(redu_topo, type) : 0;
  return n > 0 ? n : 1;
}

int redu_topology_cores(void) { return redu_topology_count(HWLOC_OBJ_CORE); }

void redu_topology_describe(char *buf, size_t len)
{
  snprintf(buf, len, "%d cores, %d PUs, %d NUMA nodes%s", redu_topology_count(HWLOC_OBJ_CORE),
           redu_topology_count(HWLOC_OBJ_PU), redu_topology_count(HWLOC_OBJ_NUMANODE),
           redu_topo_ok ? "" : " (hwloc failed; assumed)");
}

void redu_topology_pci_locality(int domain, int bus, int dev, char *buf, size_t len)
{
  pthread_once(&redu_topo_once, redu_topology_load);
  hwloc_obj_t pci = redu_topo_ok ? hwloc_get_pcidev_by_busid(redu_topo, (unsigned)domain,
                                                             (unsigned)bus, (unsigned)dev, 0)
                                 : NULL;
  if (!pci) {
    snprintf(buf, len, "PCI %04x:%02x:%02x.0 not visible to hwloc", domain, bus, dev);
    return;
  }
  hwloc_obj_t near = hwloc_get_non_io_ancestor_obj(redu_topo, pci);
  char cpus[64] = "?", nodes[64] = "?";
  if (near && near->cpuset)
    hwloc_bitmap_list_snprintf(cpus, sizeof cpus, near->cpuset);
  if (near && near->nodeset)
    hwloc_bitmap_list_snprintf(nodes, sizeof nodes, near->nodeset);
  snprintf(buf, len, "PCI %04x:%02x:%02x.0 near CPUs %s, NUMA node %s", domain, bus, dev, cpus,
           nodes);
}

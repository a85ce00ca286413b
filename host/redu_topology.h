/* The host machine as hwloc sees it: cores for host-side plans, and where a GPU sits. */
#ifndef REDU_TOPOLOGY_H
#define REDU_TOPOLOGY_H

#include <stddef.h>

/* Physical cores of the host (at least 1). */
int redu__topology_cores(void);

/* "N cores, M PUs, K NUMA nodes" into buf. */
void redu__topology_describe(char *buf, size_t len);

/* Where PCI device domain:bus:dev sits ("near CPUs 0-15, NUMA node 0"), or why unknown. */
void redu__topology_pci_locality(int domain, int bus, int dev, char *buf, size_t len);

#endif

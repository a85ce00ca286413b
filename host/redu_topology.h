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

/* Binds the calling thread to the cores nearest PCI device domain:bus:dev (its non-I/O
 * ancestor's cpuset), and says which into buf; returns 0, or -1 (buf says why) when hwloc
 * does not place the device or the binding fails: the thread is then left as it was. */
int redu__topology_bind_near_pci(int domain, int bus, int dev, char *buf, size_t len);

#endif

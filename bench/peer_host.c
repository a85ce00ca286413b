/* Peer on CPUs: a plain `parallel for reduction` over host memory, no target region. */
#include "peer_clause.h"

PEER_FORMS(peer_host, omp parallel for)

bench_value bench_host_parallel_for(bench_op op, bench_type t, const void *x, size_t n)
{
  int dev = 0;
  PEER_DISPATCH(peer_host)
}

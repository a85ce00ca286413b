/* Peer: clang's reduction clause on `target teams distribute parallel for`, the form an
 * OpenMP user writes first. Alone in its file (peer_clause.h says why). */
#include "peer_clause.h"

PEER_FORMS(peer_clause,
           omp target teams distribute parallel for device(dev) is_device_ptr(x) map(tofrom : s))

bench_value bench_builtin(int dev, bench_op op, bench_type t, const void *x, size_t n)
{
  PEER_DISPATCH(peer_clause)
}

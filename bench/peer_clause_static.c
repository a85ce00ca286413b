/* Peer: the same clause with dist_schedule(static): each team one contiguous block of the
 * iterations instead of clang's default interleaving. Alone in its file (peer_clause.h). */
#include "peer_clause.h"

PEER_FORMS(peer_static, omp target teams distribute parallel for dist_schedule(static)
                            device(dev) is_device_ptr(x) map(tofrom : s))

bench_value bench_builtin_static(int dev, bench_op op, bench_type t, const void *x, size_t n)
{
  PEER_DISPATCH(peer_static)
}

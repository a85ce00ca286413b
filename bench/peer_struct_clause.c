/* The structs section's clause peer (peer_struct_clause.h): nothing else in this file, so
 * clang compiles each clause kernel alone (README.md). The headers' declarations stamp
 * libredu kernels only where a file calls them; this one calls none. */
#include "peer_struct_clause.h"

#include "peer_clause.h" /* PEER_PRAGMA */
/* FN(dev, x, n): the reduction RED (identity and clause) of A over x[0, n), each iteration
 * s = STEP (of s, x[i] and i). */
#define PEER_STRUCT_CLAUSE(FN, A, T, RED, STEP)                                                    \
  A FN(int dev, const T *x, size_t n)                                                              \
  {                                                                                                \
    A s = redu_identity_##RED();                                                                   \
    PEER_PRAGMA(omp target teams distribute parallel for device(dev) is_device_ptr(x)              \
                    reduction(RED : s) map(tofrom : s))                                            \
    for (size_t i = 0; i < n; ++i)                                                                 \
      s = (STEP);                                                                                  \
    return s;                                                                                      \
  }

PEER_STRUCT_CLAUSE(peer_struct_complex, cplx, cplx, cplx_sum, cplx_add(s, x[i]))
PEER_STRUCT_CLAUSE(peer_struct_welford, welford, double, welford_stats,
                   welford_merge(s, welford_of(x[i], i)))
PEER_STRUCT_CLAUSE(peer_struct_minloc, particle_loc, particle, energy_minloc,
                   loc_min(s, loc_of(x[i], i)))
PEER_STRUCT_CLAUSE(peer_struct_lanes64, lanes64, lanes64, lanes64_sum, lanes64_add(s, x[i]))

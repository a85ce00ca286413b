/* clang's own path for the structs section: each struct's declaration (the examples' and
 * bench_lanes64.h's) in a `reduction(name : s)` clause over x, in a file of its own
 * (peer_struct_clause.c; README.md says why). x is a device address of n elements. */
#ifndef PEER_STRUCT_CLAUSE_H
#define PEER_STRUCT_CLAUSE_H

#include "bench_lanes64.h"
#include "complex_sum.h"
#include "minloc_payload.h"
#include "welford.h"
#include <stddef.h>

cplx peer_struct_complex(int dev, const cplx *x, size_t n);
welford peer_struct_welford(int dev, const double *x, size_t n);
particle_loc peer_struct_minloc(int dev, const particle *x, size_t n);
lanes64 peer_struct_lanes64(int dev, const lanes64 *x, size_t n);

#endif

/* Particles and min/max-loc with a payload as user-declared reductions (minloc_payload.c,
 * redu-bench). */
#ifndef EXAMPLE_MINLOC_PAYLOAD_H
#define EXAMPLE_MINLOC_PAYLOAD_H

#include "redu_udr.h"
#include <math.h>
#include <stdint.h>

typedef struct {
  double energy;
  int32_t cell;
  float mass;
} particle;

typedef struct {
  double energy;
  uint64_t index; /* UINT64_MAX: none (empty input) */
  int32_t cell;
  float mass;
} particle_loc;

static inline int loc_before(particle_loc a, particle_loc b, int lowest)
{
  if (a.energy != b.energy)
    return lowest ? a.energy < b.energy : a.energy > b.energy;
  return a.index < b.index;
}
static inline particle_loc loc_min(particle_loc a, particle_loc b)
{
  return loc_before(b, a, 1) ? b : a;
}
static inline particle_loc loc_max(particle_loc a, particle_loc b)
{
  return loc_before(b, a, 0) ? b : a;
}
static inline particle_loc loc_of(particle p, size_t i)
{
  return (particle_loc){p.energy, i, p.cell, p.mass};
}

REDU_DECLARE_REDUCTION(energy_minloc, particle_loc, loc_min, REDU_COMMUTATIVE,
                       {INFINITY, UINT64_MAX, -1, 0.0f})
REDU_DECLARE_REDUCTION(energy_maxloc, particle_loc, loc_max, REDU_COMMUTATIVE,
                       {-INFINITY, UINT64_MAX, -1, 0.0f})
REDU_DEFINE_TRANSFORM_REDUCTION(lowest_particle, energy_minloc, particle, loc_of)
REDU_DEFINE_TRANSFORM_REDUCTION(highest_particle, energy_maxloc, particle, loc_of)

#endif

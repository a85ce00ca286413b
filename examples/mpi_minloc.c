/* Min-loc with a payload across MPI ranks: the lowest-energy particle of the whole system,
 * with its global id, cell and mass (a declared reduction made into an MPI operation by
 * REDU_DECLARE_MPI_REDUCTION), and the built-in argmin's global index over the ranks'
 * energies (counted through the ranks in order; the lowest index wins ties).
 *   mpirun -np 3 example_mpi_minloc */
#include "minloc_payload.h"
#include "redu_mpi.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

REDU_DECLARE_MPI_REDUCTION(energy_minloc)

enum { N = 300007 }; /* particles in the whole system */

/* Particle g of the system; energies tie, the least (-5) first at global index 100003 (rank 1's
 * part when run on 3 ranks). */
static particle_loc particle_at(size_t g)
{
  double e = (double)((g * 7919) % 1000);
  if (g % 100000 == 3 && g > 100000)
    e = -5.0;
  return (particle_loc){e, g, (int32_t)(g % 64), (float)(g % 10) + 0.5f};
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int nd = omp_get_num_devices(), dev = nd ? rank % nd : omp_get_initial_device();
  size_t lo = (size_t)N * (size_t)rank / (size_t)size;
  size_t n = (size_t)N * (size_t)(rank + 1) / (size_t)size - lo;
  particle_loc *h = malloc((n ? n : 1) * sizeof *h);
  double *energy = malloc((n ? n : 1) * sizeof *energy);
  for (size_t i = 0; i < n; ++i)
    h[i] = particle_at(lo + i), energy[i] = h[i].energy;
  /* Host arrays, copied to the device for the call. */
  redu_options host_input = {.flags = REDU_INPUT_HOST};
  particle_loc best;
  double e;
  size_t at;
  redu_status s = redu_mpi_reduce_energy_minloc(MPI_COMM_WORLD, dev, h, n, &best, &host_input);
  if (s == REDU_OK)
    s = redu_mpi_argmin_f64(MPI_COMM_WORLD, dev, energy, n, &e, &at, &host_input);
  if (s != REDU_OK) {
    fprintf(stderr, "rank %d: %s\n  %s\n", rank, redu_status_string(s), redu_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  int ok = best.energy == -5.0 && best.index == 100003 && best.cell == 100003 % 64 && e == -5.0 &&
           at == 100003;
  if (rank == 0)
    printf("%d ranks: lowest energy %.1f, particle %llu (cell %d, mass %.1f); argmin: %zu\n", size,
           best.energy, (unsigned long long)best.index, best.cell, best.mass, at);
  int all_ok;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  free(h), free(energy);
  MPI_Finalize();
  return all_ok ? 0 : 1;
}

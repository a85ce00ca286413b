/* The reductions of a distributed conjugate-gradient step over MPI ranks: each rank holds a
 * slice of r and p on its GPU; <r, r>, <p, Ap> and the residual norm come from
 * redu_mpi_dot_f64, the same on every rank. With REDU_EXACT the bits do not depend on how
 * many ranks share the vectors: run it with -np 1, 2, 3 ... and compare the printed hex.
 *   mpirun -np 3 example_mpi_cg_dot */
#include "redu_mpi.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1000003 }; /* global vector length */

static double r_at(size_t i) { return sin(0.001 * (double)i) * 1e-3 + (i % 7 == 0 ? 1e8 : 0.0); }
static double p_at(size_t i) { return cos(0.002 * (double)i) - (i % 7 == 0 ? 1e-8 : 0.0); }

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int nd = omp_get_num_devices(), dev = nd ? rank % nd : omp_get_initial_device();
  /* This rank's slice [lo, hi) of the global vectors. */
  size_t lo = (size_t)N * (size_t)rank / (size_t)size,
         hi = (size_t)N * (size_t)(rank + 1) / (size_t)size;
  size_t n = hi - lo;
  double *r = malloc((n ? n : 1) * sizeof *r), *p = malloc((n ? n : 1) * sizeof *p);
  for (size_t i = 0; i < n; ++i)
    r[i] = r_at(lo + i), p[i] = p_at(lo + i);
  double *dr = omp_target_alloc((n ? n : 1) * sizeof *r, dev),
         *dp = omp_target_alloc((n ? n : 1) * sizeof *p, dev);
  omp_target_memcpy(dr, r, n * sizeof *r, 0, 0, dev, omp_get_initial_device());
  omp_target_memcpy(dp, p, n * sizeof *p, 0, 0, dev, omp_get_initial_device());

  redu_options exact = {.flags = REDU_EXACT};
  double rr, rp_fast, rp_exact;
  redu_status s = redu_mpi_dot_f64(MPI_COMM_WORLD, dev, dr, dr, n, &rr, &exact);
  if (s == REDU_OK)
    s = redu_mpi_dot_f64(MPI_COMM_WORLD, dev, dr, dp, n, &rp_fast, NULL);
  if (s == REDU_OK)
    s = redu_mpi_dot_f64(MPI_COMM_WORLD, dev, dr, dp, n, &rp_exact, &exact);
  if (s != REDU_OK) {
    fprintf(stderr, "rank %d: %s\n  %s\n", rank, redu_status_string(s), redu_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  /* Every rank has the same answers; rank 0 checks them against a serial long-double sum. */
  int ok = 1;
  if (rank == 0) {
    long double ref_rr = 0, ref_rp = 0;
    for (size_t i = 0; i < N; ++i)
      ref_rr += (long double)r_at(i) * r_at(i), ref_rp += (long double)r_at(i) * p_at(i);
    ok = fabsl(rr - ref_rr) <= 1e-12L * fabsl(ref_rr) &&
         fabsl(rp_exact - ref_rp) <= 1e-6L * fabsl(ref_rr);
    printf("%d ranks: <r,r> = %.17g (exact, bits %a), ||r|| = %.17g\n", size, rr, rr, sqrt(rr));
    printf("         <r,p> = %a exact, %a fast (cancellation: the fast sum rounds on the way)\n",
           rp_exact, rp_fast);
  }
  double mine[2] = {rr, rp_exact}, all0[2] = {rr, rp_exact};
  MPI_Bcast(all0, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int same = mine[0] == all0[0] && mine[1] == all0[1], all_same;
  MPI_Allreduce(&same, &all_same, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  omp_target_free(dr, dev), omp_target_free(dp, dev);
  free(r), free(p);
  MPI_Finalize();
  return ok && all_same ? 0 : 1;
}

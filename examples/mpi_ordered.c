/* An ordered reduction across MPI ranks: 2x2 matrix products (matprod2x2.c's declared
 * REDU_ORDERED reduction) of a chain of rotations and shears split over the ranks. Matrix
 * products do not commute, so the result is right only if rank 0's matrices come first:
 * libredu's MPI operation is not commutative, and MPI then combines the ranks in order.
 *   mpirun -np 3 example_mpi_ordered */
#include "redu_mpi.h"
#include "redu_udr.h"
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Integer matrices modulo 2^64: exact, so "in order" can be checked bit for bit. */
typedef struct {
  uint64_t a, b, c, d;
} mat2;
#define MAT2_MUL(x, y)                                                                             \
  ((mat2){(x).a * (y).a + (x).b * (y).c, (x).a * (y).b + (x).b * (y).d,                            \
          (x).c * (y).a + (x).d * (y).c, (x).c * (y).b + (x).d * (y).d})
REDU_DECLARE_REDUCTION(mat2_chain, mat2, MAT2_MUL, REDU_ORDERED, {1, 0, 0, 1})
REDU_DECLARE_MPI_REDUCTION(mat2_chain)

enum { N = 100003 };

static mat2 mat_at(size_t g) { return (mat2){1, g % 5, g % 3, 1 + (g % 2)}; }

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int nd = omp_get_num_devices(), dev = nd ? rank % nd : omp_get_initial_device();
  size_t lo = (size_t)N * (size_t)rank / (size_t)size;
  size_t n = (size_t)N * (size_t)(rank + 1) / (size_t)size - lo;
  mat2 *h = malloc((n ? n : 1) * sizeof *h);
  for (size_t i = 0; i < n; ++i)
    h[i] = mat_at(lo + i);
  redu_options host_input = {.flags = REDU_INPUT_HOST};
  mat2 got;
  redu_status s = redu_mpi_reduce_mat2_chain(MPI_COMM_WORLD, dev, h, n, &got, &host_input);
  if (s != REDU_OK) {
    fprintf(stderr, "rank %d: %s\n  %s\n", rank, redu_status_string(s), redu_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  /* Serial: M_0 M_1 ... M_{N-1}, and the same chunks in reverse rank order for contrast. */
  mat2 want = {1, 0, 0, 1}, reversed = {1, 0, 0, 1};
  for (size_t g = 0; g < N; ++g)
    want = MAT2_MUL(want, mat_at(g));
  for (int r = size - 1; r >= 0; --r) {
    size_t a = (size_t)N * (size_t)r / (size_t)size, b = (size_t)N * (size_t)(r + 1) / (size_t)size;
    mat2 part = {1, 0, 0, 1};
    for (size_t g = a; g < b; ++g)
      part = MAT2_MUL(part, mat_at(g));
    reversed = MAT2_MUL(reversed, part);
  }
  int ok = got.a == want.a && got.b == want.b && got.c == want.c && got.d == want.d;
  if (rank == 0)
    printf("%d ranks: product in rank order %s (a = %llu; ranks reversed would give a = %llu)\n",
           size, ok ? "matches the serial chain" : "DIFFERS", (unsigned long long)got.a,
           (unsigned long long)reversed.a);
  int all_ok;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  free(h);
  MPI_Finalize();
  return all_ok ? 0 : 1;
}

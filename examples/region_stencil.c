/* The residual norm of a 2-D Poisson problem: for every interior point of an nx x ny grid,
 * r = f - (4u - u_left - u_right - u_down - u_up) / h^2, reduced as sum(r^2) and max|r|,
 * without storing r. */
#include "redu_region.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double u_at(size_t i, size_t j) { return sin(0.01 * (double)i) * cos(0.02 * (double)j); }

int main(void)
{
  int dev = omp_get_default_device();
  size_t nx = 1500, ny = 1200, cells = (nx - 2) * (ny - 2);
  double h2 = 1e-4;
  double *hu = malloc(nx * ny * sizeof *hu);
  for (size_t i = 0; i < nx; ++i)
    for (size_t j = 0; j < ny; ++j)
      hu[i * ny + j] = u_at(i, j);
  double *u = omp_target_alloc(nx * ny * sizeof *u, dev);
  if (!u)
    return 1;
  omp_target_memcpy(u, hu, nx * ny * sizeof *u, 0, 0, dev, omp_get_initial_device());

  double sumsq = 0, rmax = 0;
  redu_status st;
  /* One iteration per interior cell; the body computes the cell's indices. */
  REDU_FOR(st, dev, c, cells, (u), (sum_f64, sumsq), (max_f64, rmax))
  {
    size_t i = c / (ny - 2) + 1, j = c % (ny - 2) + 1, k = i * ny + j;
    double lap = (4.0 * u[k] - u[k - 1] - u[k + 1] - u[k - ny] - u[k + ny]) / h2;
    double r = 1.0 - lap; /* f = 1 */
    sumsq += r * r;
    rmax = fmax(rmax, fabs(r));
  }
  if (st != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(st), redu_last_error());
    return 1;
  }
  double ref_sumsq = 0, ref_max = 0;
  for (size_t i = 1; i + 1 < nx; ++i)
    for (size_t j = 1; j + 1 < ny; ++j) {
      size_t k = i * ny + j;
      double r = 1.0 - (4.0 * hu[k] - hu[k - 1] - hu[k + 1] - hu[k - ny] - hu[k + ny]) / h2;
      ref_sumsq += r * r;
      ref_max = fmax(ref_max, fabs(r));
    }
  printf("||r||_2 = %.6e (serial %.6e), max|r| = %.6e (serial %.6e)\n", sqrt(sumsq),
         sqrt(ref_sumsq), rmax, ref_max);
  omp_target_free(u, dev);
  free(hu);
  return !(fabs(sumsq - ref_sumsq) <= 1e-9 * ref_sumsq && rmax == ref_max);
}

/* Every GPU of the node in one call: each device holds a slice of one array; the sum and
 * the argmin (global index) of the whole come from redu_multi_*, and the exact sum has the
 * bits of the one-device call whatever the split. REDU_VERBOSE=1 shows which host cores
 * drive which GPU. Runs on the host-offload plugin's devices and under host fallback too. */
#include "redu.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 3000017, MAXDEV = 8 };

int main(void)
{
  int ndev = omp_get_num_devices();
  if (ndev < 1)
    ndev = 1;
  if (ndev > MAXDEV)
    ndev = MAXDEV;
  double *h = malloc(N * sizeof *h);
  for (size_t i = 0; i < N; ++i)
    h[i] = (double)((i * 2654435761u) % 1000003) * 1e-3 - 300.0;
  h[N - 5] = -1000.0; /* the least, in the last device's slice */
  int devs[MAXDEV];
  const double *xs[MAXDEV];
  size_t ns[MAXDEV];
  for (int k = 0; k < ndev; ++k) {
    size_t lo = (size_t)N * (size_t)k / (size_t)ndev,
           hi = (size_t)N * (size_t)(k + 1) / (size_t)ndev;
    devs[k] = omp_get_num_devices() ? k : omp_get_initial_device();
    ns[k] = hi - lo;
    double *d = omp_target_alloc(ns[k] * sizeof *d, devs[k]);
    omp_target_memcpy(d, h + lo, ns[k] * sizeof *d, 0, 0, devs[k], omp_get_initial_device());
    xs[k] = d;
  }
  double sum, exact_multi, exact_one, least;
  size_t at;
  redu_options exact = {.flags = REDU_EXACT, 0};
  redu_options host_input = {.flags = REDU_INPUT_HOST | REDU_EXACT};
  redu_status s = redu_multi_sum_f64(ndev, devs, xs, ns, &sum, NULL);
  if (s == REDU_OK)
    s = redu_multi_argmin_f64(ndev, devs, xs, ns, &least, &at, NULL);
  if (s == REDU_OK)
    s = redu_multi_sum_f64(ndev, devs, xs, ns, &exact_multi, &exact);
  if (s == REDU_OK)
    s = redu_sum_f64(devs[0], h, N, &exact_one, &host_input);
  if (s != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(s), redu_last_error());
    return 1;
  }
  printf("%d devices: sum %.6f, exact %a (one device: %a), least %.1f at %zu\n", ndev, sum,
         exact_multi, exact_one, least, at);
  for (int k = 0; k < ndev; ++k)
    omp_target_free((void *)xs[k], devs[k]);
  free(h);
  return exact_multi == exact_one && least == -1000.0 && at == N - 5 ? 0 : 1;
}

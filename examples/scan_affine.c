/* A linear recurrence x[i] = a[i] * x[i-1] + b[i] (time stepping, a state-space model's
 * filter) solved in parallel: each step is the affine map v -> a v + b, maps compose in
 * order (an ordered, non-commutative combiner), and an inclusive scan of the maps gives
 * every x[i] from x[-1] at once. Checked against the serial loop, so this example is also
 * a test. */
#include "redu_udr.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

/* v -> a v + b. */
typedef struct {
  double a, b;
} step;
/* f then g: v -> g.a (f.a v + f.b) + g.b. */
static inline step step_then(step f, step g) { return (step){g.a * f.a, g.a * f.b + g.b}; }
REDU_DECLARE_REDUCTION(steps, step, step_then, REDU_ORDERED, {1.0, 0.0})

int main(void)
{
  int dev = omp_get_default_device();
  const size_t n = 1000000;
  const double x0 = 2.0; /* x[-1] */
  step *h = malloc(n * sizeof *h), *got = malloc(n * sizeof *got);
  step *d = omp_target_alloc(n * sizeof *d, dev);
  if (!h || !got || !d)
    return 1;
  for (size_t i = 0; i < n; ++i) /* a decaying, forced system: |a| < 1 */
    h[i] = (step){0.5 + 0.49 * sin(0.001 * (double)i), cos(0.37 * (double)i)};
  omp_target_memcpy(d, h, n * sizeof *d, 0, 0, dev, omp_get_initial_device());

  redu_status s = redu_inclusive_scan_steps(dev, d, d, n, NULL); /* in place */
  if (s != REDU_OK) {
    fprintf(stderr, "scan: %s\n  %s\n", redu_status_string(s), redu_last_error());
    return 1;
  }
  omp_target_memcpy(got, d, n * sizeof *got, 0, 0, omp_get_initial_device(), dev);

  /* x[i] = M_0..i(x0); the serial recurrence beside it. */
  double x = x0, worst = 0;
  for (size_t i = 0; i < n; ++i) {
    x = h[i].a * x + h[i].b;
    double err = fabs(got[i].a * x0 + got[i].b - x) / (1.0 + fabs(x));
    worst = err > worst ? err : worst;
  }
  int ok = worst < 1e-12;
  printf("x[i] = a[i] x[i-1] + b[i], %zu steps: x[n-1] = %.15g, worst relative difference from "
         "the serial loop %.2e: %s\n",
         n, x, worst, ok ? "ok" : "TOO LARGE");
  omp_target_free(d, dev);
  free(h), free(got);
  return !ok;
}

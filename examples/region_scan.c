/* examples/scan_compact.c's two jobs written as OpenMP users write an inscan loop: one
 * REDU_FOR_SCAN computes CSR row offsets (an exclusive running count), compacts the
 * elements above 0.5 in order (an exclusive running count of kept ones) and records the
 * running maximum (inclusive), with no flag or position arrays of the user's. Checked
 * against a serial loop, so this example is also a test. */
#include "redu_region.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t count_of(size_t i) { return i * 2654435761u % 7; }
static double value_of(size_t i) { return (double)(i * 40503u % 1000) / 1000.0; }

int main(void)
{
  int dev = omp_get_default_device();
  const size_t n = 3000000;
  double *x = omp_target_alloc(n * sizeof *x, dev), *kept = omp_target_alloc(n * sizeof *kept, dev);
  double *peak = omp_target_alloc(n * sizeof *peak, dev);
  uint64_t *row = omp_target_alloc(n * sizeof *row, dev);
  double *hkept = malloc(n * sizeof *hkept), *hpeak = malloc(n * sizeof *hpeak);
  uint64_t *hrow = malloc(n * sizeof *hrow);
  if (!x || !kept || !peak || !row || !hkept || !hpeak || !hrow)
    return 1;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(x)
  for (size_t i = 0; i < n; ++i)
    x[i] = value_of(i);

  uint64_t start = 0, at = 0; /* the next row's start, the next kept element's place */
  double top = -1.0;          /* the largest value so far */
  redu_status st;
  REDU_FOR_SCAN(st, dev, i, n, (x, kept, peak, row), (exclusive, sum_u64, start),
                (exclusive, sum_u64, at), (inclusive, max_f64, top))
  {
    /* Input phase: what iteration i contributes. */
    start += count_of(i);
    at += x[i] > 0.5;
    top = redu_region_max_f64(top, x[i]);
  }
  REDU_SCAN_PHASE
  {
    /* Scan phase: start and at count iterations before i; top includes i. */
    row[i] = start;
    if (x[i] > 0.5)
      kept[at] = x[i];
    peak[i] = top;
  }
  if (st != REDU_OK) {
    fprintf(stderr, "REDU_FOR_SCAN: %s\n  %s\n", redu_status_string(st), redu_last_error());
    return 1;
  }

  /* The serial answers. */
  omp_target_memcpy(hrow, row, n * sizeof *hrow, 0, 0, omp_get_initial_device(), dev);
  omp_target_memcpy(hkept, kept, at * sizeof *hkept, 0, 0, omp_get_initial_device(), dev);
  omp_target_memcpy(hpeak, peak, n * sizeof *hpeak, 0, 0, omp_get_initial_device(), dev);
  uint64_t s = 0, k = 0;
  double m = -1.0;
  int ok = 1;
  for (size_t i = 0; i < n && ok; ++i) {
    double v = value_of(i);
    m = v > m ? v : m;
    ok = hrow[i] == s && hpeak[i] == m && (v <= 0.5 || (k < at && hkept[k++] == v));
    s += count_of(i);
  }
  ok = ok && start == s && at == k && top == m;
  printf("one loop: CSR of %zu rows, %llu nonzeros; %llu of %zu kept, in order; peak %.3f: %s\n", n,
         (unsigned long long)start, (unsigned long long)at, n, top, ok ? "yes" : "NO");
  omp_target_free(x, dev), omp_target_free(kept, dev), omp_target_free(peak, dev);
  omp_target_free(row, dev);
  free(hkept), free(hpeak), free(hrow);
  return !ok;
}

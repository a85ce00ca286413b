/* Scans as OpenMP users need them: CSR row offsets from per-row counts, and stream
 * compaction (keep the elements that pass a test, in order) with an exclusive scan of
 * 0/1 flags. Everything stays on the device; libredu does the scans, plain target loops
 * the rest. Checked against a serial loop, so this example is also a test. */
#include "redu.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Fails the example with libredu's message. */
static int check(redu_status s, const char *what)
{
  if (s != REDU_OK)
    fprintf(stderr, "%s: %s\n  %s\n", what, redu_status_string(s), redu_last_error());
  return s == REDU_OK;
}

int main(void)
{
  int dev = omp_get_default_device();
  const size_t n = 3000000;
  uint32_t *count = omp_target_alloc(n * sizeof *count, dev);
  uint64_t *row = omp_target_alloc((n + 1) * sizeof *row, dev);
  double *x = omp_target_alloc(n * sizeof *x, dev);
  uint64_t *flag = omp_target_alloc(n * sizeof *flag, dev);
  uint64_t *pos = omp_target_alloc(n * sizeof *pos, dev);
  double *kept = omp_target_alloc(n * sizeof *kept, dev);
  if (!count || !row || !x || !flag || !pos || !kept)
    return 1;

  /* 1. CSR: row i holds count[i] nonzeros; row[i] is where it starts, row[n] the total. */
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(count, row)
  for (size_t i = 0; i < n; ++i) {
    count[i] = (uint32_t)(i * 2654435761u % 7);
    row[i] = count[i];
  }
  int ok = check(redu_exclusive_scan_sum_u64(dev, row, row, n, NULL), "row offsets");
  /* The total: the last row's start plus its count. */
#pragma omp target device(dev) is_device_ptr(count, row)
  row[n] = row[n - 1] + count[n - 1];

  /* 2. Compaction: keep x[i] > 0.5 in order. pos[i] = how many kept before i. */
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(x, flag)
  for (size_t i = 0; i < n; ++i) {
    x[i] = (double)(i * 40503u % 1000) / 1000.0;
    flag[i] = x[i] > 0.5;
  }
  if (ok)
    ok = check(redu_exclusive_scan_sum_u64(dev, flag, pos, n, NULL), "positions");
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(x, flag, pos, kept)
  for (size_t i = 0; i < n; ++i)
    if (flag[i])
      kept[pos[i]] = x[i];
  uint64_t nkept = 0;
  if (ok)
    ok = check(redu_sum_u64(dev, flag, n, &nkept, NULL), "kept count");

  /* The serial answers. */
  uint64_t *hrow = malloc((n + 1) * sizeof *hrow);
  double *hkept = malloc(n * sizeof *hkept);
  if (!hrow || !hkept)
    return 1;
  if (ok) {
    omp_target_memcpy(hrow, row, (n + 1) * sizeof *hrow, 0, 0, omp_get_initial_device(), dev);
    omp_target_memcpy(hkept, kept, nkept * sizeof *hkept, 0, 0, omp_get_initial_device(), dev);
    uint64_t at = 0, k = 0;
    for (size_t i = 0; i < n && ok; ++i) {
      ok = hrow[i] == at;
      at += (uint32_t)(i * 2654435761u % 7);
      double v = (double)(i * 40503u % 1000) / 1000.0;
      if (v > 0.5)
        ok = ok && k < nkept && hkept[k++] == v;
    }
    ok = ok && hrow[n] == at && k == nkept;
    printf("CSR: %zu rows, %llu nonzeros; compaction: %llu of %zu kept, in order: %s\n", n,
           (unsigned long long)at, (unsigned long long)nkept, n, ok ? "yes" : "NO");
  }
  free(hrow), free(hkept);
  omp_target_free(count, dev), omp_target_free(row, dev), omp_target_free(x, dev);
  omp_target_free(flag, dev), omp_target_free(pos, dev), omp_target_free(kept, dev);
  return !ok;
}

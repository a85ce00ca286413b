/* An exact running balance: a ledger of a million transactions in double, with large
 * transfers in and out among small amounts. A double running sum drifts (each step rounds,
 * and the rounding errors pile up); the exact scan (REDU_EXACT) gives every balance as the
 * exact sum of the transactions so far, rounded once: the same bits on every device, plan
 * and team count. The example checks that two plans agree bit for bit and that the last
 * balance is the exact sum (redu_sum_f64 with REDU_EXACT), so it is also a test. */
#include "redu.h"
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check(redu_status s, const char *what)
{
  if (s != REDU_OK)
    fprintf(stderr, "%s: %s\n  %s\n", what, redu_status_string(s), redu_last_error());
  return s == REDU_OK;
}

int main(void)
{
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  const size_t n = 1000000;
  double *amount = malloc(n * sizeof *amount), *balance = malloc(n * sizeof *balance);
  double *d_amount = omp_target_alloc(n * sizeof *amount, dev);
  double *d_a = omp_target_alloc(n * sizeof *amount, dev), *d_b = omp_target_alloc(n * 8, dev);
  if (!amount || !balance || !d_amount || !d_a || !d_b)
    return 1;
  /* Amounts in cents (not exact in binary), and every 1000th a transfer of 10^12 in, the next
   * one out again. */
  uint64_t h = 1;
  for (size_t i = 0; i < n; ++i) {
    h = h * 6364136223846793005ull + 1442695040888963407ull;
    amount[i] = (double)((int64_t)(h >> 33) % 100000 - 50000) / 100.0;
    if (i % 1000 == 1)
      amount[i] = 1e12;
    if (i % 1000 == 2)
      amount[i] = -1e12;
  }
  omp_target_memcpy(d_amount, amount, n * sizeof *amount, 0, 0, dev, host);

  redu_options exact = {.flags = REDU_EXACT}, one_team = {.teams = 1, .flags = REDU_EXACT};
  int ok =
      check(redu_inclusive_scan_sum_f64(dev, d_amount, d_a, n, &exact), "exact scan") &&
      check(redu_inclusive_scan_sum_f64(dev, d_amount, d_b, n, &one_team), "exact scan, one team");
  double total = 0;
  ok = ok && check(redu_sum_f64(dev, d_amount, n, &total, &exact), "exact sum");
  double *other = malloc(n * sizeof *other);
  if (!ok || !other)
    return 1;
  omp_target_memcpy(balance, d_a, n * sizeof *balance, 0, 0, host, dev);
  omp_target_memcpy(other, d_b, n * sizeof *other, 0, 0, host, dev);

  /* A double running sum, as a serial loop computes it. */
  size_t drift = 0;
  double run = 0, worst = 0;
  for (size_t i = 0; i < n; ++i) {
    run += amount[i];
    drift += run != balance[i];
    worst = fabs(run - balance[i]) > worst ? fabs(run - balance[i]) : worst;
  }
  int same = !memcmp(balance, other, n * sizeof *balance);
  int last = !memcmp(&balance[n - 1], &total, sizeof total);
  printf("balances: %zu; a double running sum differs from the exact balance at %zu of them\n", n,
         drift);
  printf("last balance: exact %.6f, running sum %.6f (it strayed by up to %.3g)\n", balance[n - 1],
         run, worst);
  printf("the planner's plan and one team: %s; last balance = the exact sum: %s\n",
         same ? "the same bits" : "DIFFERENT", last ? "yes" : "NO");
  omp_target_free(d_amount, dev), omp_target_free(d_a, dev), omp_target_free(d_b, dev);
  free(amount), free(balance), free(other);
  return same && last ? 0 : 1;
}

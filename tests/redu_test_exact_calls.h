/* The exact tests' calls (tests/test_exact.c, tests/test_exact_range.c): one libredu call of
 * an exact kind on a device, and the checks of a case against MPFR in several plans, on the
 * host and with host input. exact_calls_init() first. */
#ifndef REDU_TEST_EXACT_CALLS_H
#define REDU_TEST_EXACT_CALLS_H

#include "redu_test.h"
#include "redu_test_exact.h"

/* {teams, threads}: 0 is the planner's choice; 32 threads is a whole number of warps on every
 * target. */
static const int plans[][2] = {{0, 0}, {1, 0}, {3, 32}, {7, 0}, {64, 32}};
enum { N_PLANS = sizeof plans / sizeof plans[0] };

static int dev;
/* Whether the initial device takes the plan: REDU_TEAMS / REDU_THREADS (a GPU plan such as 96
 * threads per team) apply to every device, and a CPU team has at most 32 threads. */
static int host_ok;

/* One libredu call of kind k on device `on` (host arrays x, y of doubles, converted to
 * floats for the f32 kinds, which the generators keep exact). */
static redu_status run(kind k, int on, const double *x, const double *y, size_t n, unsigned flags,
                       int teams, int threads, double *out)
{
  size_t es = is32(k) ? 4 : 8;
  void *hx = malloc(n * es + 16), *hy = malloc(n * es + 16);
  for (size_t i = 0; i < n; ++i) {
    if (is32(k)) {
      ((float *)hx)[i] = (float)x[i];
      ((float *)hy)[i] = isdot(k) ? (float)y[i] : 0;
    } else {
      ((double *)hx)[i] = x[i];
      ((double *)hy)[i] = isdot(k) ? y[i] : 0;
    }
  }
  void *dx = redu_test_to_device(hx, n * es, on), *dy = redu_test_to_device(hy, n * es, on);
  redu_options o = {.flags = REDU_EXACT | flags, .teams = teams, .threads = threads};
  const void *ax = flags & REDU_INPUT_HOST ? hx : dx, *ay = flags & REDU_INPUT_HOST ? hy : dy;
  redu_status s;
  float f = 0;
  *out = 0;
  switch (k) {
  case K_SUM64:
    s = redu_sum_f64(on, ax, n, out, &o);
    break;
  case K_SUM32:
    s = redu_reduce(on, REDU_SUM, REDU_FLOAT, ax, n, &f, NULL, &o);
    break;
  case K_DOT64:
    s = redu_dot_f64(on, ax, ay, n, out, &o);
    break;
  default:
    s = redu_dot_f32(on, ax, ay, n, &f, &o);
    break;
  }
  if (is32(k))
    *out = f;
  omp_target_free(dx, on);
  omp_target_free(dy, on);
  free(hx);
  free(hy);
  return s;
}

/* Checks kind k on (x, y) against MPFR on the default device, in every plan of `plans`, on
 * the host (the initial device), and with host input. */
static void check_case(kind k, const char *what, const double *x, const double *y, size_t n)
{
  double want = reference(k, x, y, n), got;
  CHECK_OK(run(k, dev, x, y, n, 0, 0, 0, &got));
  CHECK(same_bits(got, want), "%s, %s, n=%zu: got %a, want %a (MPFR)", kind_name[k], what, n, got,
        want);
  for (int p = 1; p < N_PLANS; ++p) {
    double again;
    CHECK_OK(run(k, dev, x, y, n, 0, plans[p][0], plans[p][1], &again));
    CHECK(same_bits(again, got), "%s, %s: %d teams gave %a, the default plan %a", kind_name[k],
          what, plans[p][0], again, got);
  }
  double host, hostin;
  if (host_ok) {
    CHECK_OK(run(k, omp_get_initial_device(), x, y, n, 0, 0, 0, &host));
    CHECK(same_bits(host, got), "%s, %s: the host gave %a, device %d %a", kind_name[k], what, host,
          dev, got);
  }
  CHECK_OK(run(k, dev, x, y, n, REDU_INPUT_HOST, 0, 0, &hostin));
  CHECK(same_bits(hostin, got), "%s, %s: host input gave %a, device input %a", kind_name[k], what,
        hostin, got);
}

/* One check of kind k against MPFR in one way of calling, the r-th of N_PLANS + 2 (each plan
 * on the default device, the host, host input): cases too many to take every way each take
 * one, in turn. */
static inline void check_rotating(kind k, const char *what, const double *x, const double *y,
                                  size_t n, unsigned r)
{
  int p = (int)(r % (N_PLANS + 2));
  int on = p == N_PLANS && host_ok ? omp_get_initial_device() : dev;
  unsigned flags = p == N_PLANS + 1 ? REDU_INPUT_HOST : 0;
  int teams = p < N_PLANS ? plans[p][0] : 0, threads = p < N_PLANS ? plans[p][1] : 0;
  double want = reference(k, x, y, n), got;
  CHECK_OK(run(k, on, x, y, n, flags, teams, threads, &got));
  CHECK(same_bits(got, want), "%s, %s, n=%zu, device %d, flags %u, plan %dx%d: got %a, want %a",
        kind_name[k], what, n, on, flags, teams, threads, got, want);
}

static void exact_calls_init(void)
{
  int teams, threads;
  dev = omp_get_default_device();
  host_ok = redu_plan_query(omp_get_initial_device(), 1 << 20, 8, &teams, &threads) == REDU_OK;
}

#endif

#include "bench_util.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Seconds on the monotonic clock. Not omp_get_wtime: libomp's is gettimeofday (whole
 * microseconds) as seconds since 1970 in a double, whose steps there are 0.24 us, so a
 * 1 us host call timed as 0.0000 or 0.0010 ms and its ratios as inf (2-core host). */
static double bench_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

double bench_median(void (*fn)(void *), void *arg)
{
  double t[100];
  int k = 0;
  fn(arg);
  fn(arg);
  double start = bench_now();
  while (k < 100 && (k < 5 || bench_now() - start < 0.2)) {
    double t0 = bench_now();
    fn(arg);
    t[k++] = bench_now() - t0;
  }
  bench_sort(t, (size_t)k);
  return t[k / 2];
}

void bench_sort(double *v, size_t k) { qsort(v, k, sizeof v[0], cmp_double); }

int bench_listed(const char *list, const char *name)
{
  if (!list)
    return 1;
  size_t len = strlen(name);
  for (const char *p = list; (p = strstr(p, name)) != NULL; p += len)
    if ((p == list || p[-1] == ',') && (p[len] == ',' || p[len] == 0))
      return 1;
  return 0;
}

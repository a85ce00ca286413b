#include "bench_util.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double bench_median(void (*fn)(void *), void *arg)
{
  double t[100];
  int k = 0;
  fn(arg);
  fn(arg);
  double start = omp_get_wtime();
  while (k < 100 && (k < 5 || omp_get_wtime() - start < 0.2)) {
    double t0 = omp_get_wtime();
    fn(arg);
    t[k++] = omp_get_wtime() - t0;
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

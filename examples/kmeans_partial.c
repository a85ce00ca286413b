/* One k-means step: every point is assigned to its nearest centroid and the reduction
 * accumulates, per centroid, the sum of its points and their count (K x D fixed at
 * compile time). The host then moves the centroids. */
#include "redu_udr.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K = 4, D = 3 };

typedef struct {
  double x[D];
} sample;

typedef struct {
  double sum[K][D];
  int64_t count[K];
} kmeans_acc; /* 128 bytes */

/* The current centroids, on the device too (updated with `target update`; declare
 * target variables the host updates must have external linkage). */
#pragma omp declare target
double centroids[K][D] = {{0, 0, 0}, {10, 0, 0}, {0, 10, 0}, {0, 0, 10}};
#pragma omp end declare target

static inline kmeans_acc kmeans_add(kmeans_acc a, kmeans_acc b)
{
  for (int k = 0; k < K; ++k) {
    for (int d = 0; d < D; ++d)
      a.sum[k][d] += b.sum[k][d];
    a.count[k] += b.count[k];
  }
  return a;
}

static inline int nearest(sample s)
{
  int best = 0;
  double best_d2 = 0;
  for (int k = 0; k < K; ++k) {
    double d2 = 0;
    for (int d = 0; d < D; ++d)
      d2 += (s.x[d] - centroids[k][d]) * (s.x[d] - centroids[k][d]);
    if (k == 0 || d2 < best_d2)
      best = k, best_d2 = d2;
  }
  return best;
}

static inline kmeans_acc assign(sample s, size_t i)
{
  (void)i;
  kmeans_acc a = {{{0}}, {0}};
  int k = nearest(s);
  for (int d = 0; d < D; ++d)
    a.sum[k][d] = s.x[d];
  a.count[k] = 1;
  return a;
}

REDU_DECLARE_REDUCTION(kmeans_sums, kmeans_acc, kmeans_add, REDU_COMMUTATIVE, {{{0}}, {0}})
REDU_DEFINE_TRANSFORM_REDUCTION(kmeans_step, kmeans_sums, sample, assign)

/* Points on a 1/8 grid near the four corners: every partial sum is exact in double. */
static sample make(size_t i)
{
  sample s;
  for (int d = 0; d < D; ++d)
    s.x[d] = (double)((i * 37 + (size_t)d * 11) % 17) / 8.0 + ((i % K) == (size_t)d + 1 ? 9 : 0);
  return s;
}

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = (1u << 20) + 7;
  sample *h = malloc(n * sizeof *h);
  for (size_t i = 0; i < n; ++i)
    h[i] = make(i);
  sample *x = omp_target_alloc(n * sizeof *x, dev);
  if (!h || !x)
    return 1;
  omp_target_memcpy(x, h, n * sizeof *x, 0, 0, dev, omp_get_initial_device());
#pragma omp target update to(centroids) device(dev)

  kmeans_acc acc;
  redu_status s = kmeans_step(dev, x, n, &acc, NULL);
  if (s != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(s), redu_last_error());
    return 1;
  }
  kmeans_acc ref = redu_identity_kmeans_sums();
  for (size_t i = 0; i < n; ++i)
    ref = kmeans_add(ref, assign(h[i], i));
  for (int k = 0; k < K; ++k) {
    printf("centroid %d: %8lld points, new position (", k, (long long)acc.count[k]);
    for (int d = 0; d < D; ++d)
      printf("%s%.4f", d ? ", " : "", acc.sum[k][d] / (double)acc.count[k]);
    printf(")\n");
  }
  free(h);
  omp_target_free(x, dev);
  return memcmp(&acc, &ref, sizeof acc) != 0;
}

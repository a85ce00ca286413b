/* Count-if: how many particles are inside a sphere, and how many are moving outward. */
#include "redu_region.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float x, y, z, vr; /* position and radial velocity */
} particle4;

static particle4 make(size_t i)
{
  float t = (float)(i % 1000) * 0.002f - 1.0f;
  return (particle4){t, (float)((i / 1000) % 1000) * 0.002f - 1.0f, 0.5f * t,
                     (float)((int)(i % 7) - 3)};
}

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = 2000003;
  particle4 *h = malloc(n * sizeof *h);
  for (size_t i = 0; i < n; ++i)
    h[i] = make(i);
  int64_t inside = 0, outward = 0;
  redu_status st;
  /* A host array, mapped by the user's own clause. */
  REDU_FOR_CLAUSES(st, dev, i, n, (map(to : h [0:n])), (sum_i64, inside), (sum_i64, outward))
  {
    particle4 p = h[i];
    inside += p.x * p.x + p.y * p.y + p.z * p.z < 0.25f;
    outward += p.vr > 0;
  }
  if (st != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(st), redu_last_error());
    return 1;
  }
  int64_t ref_in = 0, ref_out = 0;
  for (size_t i = 0; i < n; ++i) {
    ref_in += h[i].x * h[i].x + h[i].y * h[i].y + h[i].z * h[i].z < 0.25f;
    ref_out += h[i].vr > 0;
  }
  printf("inside r=0.5: %lld (serial %lld), moving outward: %lld (serial %lld)\n",
         (long long)inside, (long long)ref_in, (long long)outward, (long long)ref_out);
  free(h);
  return !(inside == ref_in && outward == ref_out);
}

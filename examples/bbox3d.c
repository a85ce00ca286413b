/* The axis-aligned bounding box of a 3-D point cloud: points are lifted into degenerate
 * boxes, and boxes merge by min/max per axis. */
#include "redu_udr.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  float x, y, z;
} point3;

typedef struct {
  float lo[3], hi[3];
} box3;

static inline box3 box_merge(box3 a, box3 b)
{
  for (int k = 0; k < 3; ++k) {
    a.lo[k] = fminf(a.lo[k], b.lo[k]);
    a.hi[k] = fmaxf(a.hi[k], b.hi[k]);
  }
  return a;
}

static inline box3 box_of(point3 p, size_t i)
{
  (void)i;
  return (box3){{p.x, p.y, p.z}, {p.x, p.y, p.z}};
}

REDU_DECLARE_REDUCTION(bounding_box, box3, box_merge, REDU_COMMUTATIVE,
                       {{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}})
REDU_DEFINE_TRANSFORM_REDUCTION(box_of_points, bounding_box, point3, box_of)

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = 3000017;
  point3 *p = omp_target_alloc(n * sizeof *p, dev);
  if (!p)
    return 1;
  /* A helix of radius 2 around (1, -3, *), rising from z = 0 to 10. */
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(p)
  for (size_t i = 0; i < n; ++i) {
    float t = (float)i / (float)(n - 1);
    p[i] = (point3){1.0f + 2.0f * cosf(60.0f * t), -3.0f + 2.0f * sinf(60.0f * t), 10.0f * t};
  }

  box3 b;
  redu_status s = box_of_points(dev, p, n, &b, NULL);
  if (s != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(s), redu_last_error());
    return 1;
  }
  /* Reference: the same points, read back, boxed serially. */
  point3 *h = malloc(n * sizeof *h);
  omp_target_memcpy(h, p, n * sizeof *h, 0, 0, omp_get_initial_device(), dev);
  box3 ref = redu_identity_bounding_box();
  for (size_t i = 0; i < n; ++i)
    ref = box_merge(ref, box_of(h[i], i));
  printf("box: [%.4f, %.4f] x [%.4f, %.4f] x [%.4f, %.4f]\n", b.lo[0], b.hi[0], b.lo[1], b.hi[1],
         b.lo[2], b.hi[2]);
  free(h);
  omp_target_free(p, dev);
  /* min and max are exact in any order. */
  return memcmp(&b, &ref, sizeof b) != 0;
}

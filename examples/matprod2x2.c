/* A non-commutative reduction: the product M0 * M1 * ... * M(n-1) of 2x2 matrices modulo
 * a prime (a chain of transfer matrices, a linear recurrence run in parallel). Declared
 * REDU_ORDERED, libredu combines in index order on every device; the result is exact. */
#include "redu_udr.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define PRIME 1000000007u

typedef struct {
  uint64_t a, b, c, d; /* [a b; c d], entries in [0, PRIME) */
} mat2;

static inline mat2 mat2_mul(mat2 x, mat2 y)
{
  return (mat2){(x.a * y.a + x.b * y.c) % PRIME, (x.a * y.b + x.b * y.d) % PRIME,
                (x.c * y.a + x.d * y.c) % PRIME, (x.c * y.b + x.d * y.d) % PRIME};
}

REDU_DECLARE_REDUCTION(mat2_product, mat2, mat2_mul, REDU_ORDERED, {1, 0, 0, 1})

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = 1000003;
  mat2 *h = malloc(n * sizeof *h);
  for (size_t i = 0; i < n; ++i) /* Fibonacci-like steps, each a little different */
    h[i] = (mat2){i % 5 + 1, 1, 1, i % 3};
  redu_options host_input = {.flags = REDU_INPUT_HOST};
  mat2 p;
  redu_status s = redu_reduce_mat2_product(dev, h, n, &p, &host_input);
  if (s != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(s), redu_last_error());
    return 1;
  }
  mat2 ref = redu_identity_mat2_product(), reversed = ref;
  for (size_t i = 0; i < n; ++i) {
    ref = mat2_mul(ref, h[i]);
    reversed = mat2_mul(h[i], reversed);
  }
  printf("product = [%llu %llu; %llu %llu] (reverse order would give [%llu %llu; ...])\n",
         (unsigned long long)p.a, (unsigned long long)p.b, (unsigned long long)p.c,
         (unsigned long long)p.d, (unsigned long long)reversed.a, (unsigned long long)reversed.b);
  free(h);
  /* The order matters: check that it does for this data, and that libredu kept it. */
  return !(p.a == ref.a && p.b == ref.b && p.c == ref.c && p.d == ref.d &&
           (reversed.a != ref.a || reversed.b != ref.b));
}

/* Complex numbers and their sum as a user-declared reduction (complex_sum.c, redu-bench). */
#ifndef EXAMPLE_COMPLEX_SUM_H
#define EXAMPLE_COMPLEX_SUM_H

#include "redu_udr.h"
#include <math.h>
#include <stdint.h>

typedef struct {
  double re, im;
} cplx;

static inline cplx cplx_add(cplx a, cplx b) { return (cplx){a.re + b.re, a.im + b.im}; }

REDU_DECLARE_REDUCTION(cplx_sum, cplx, cplx_add, REDU_COMMUTATIVE, {0.0, 0.0})

#endif

/* Nine reductions in one region. */
#include "redu_region.h"
int f(int dev, size_t n);
int f(int dev, size_t n)
{
  int a = 0, b = 0, c = 0, d = 0, e = 0, g = 0, h = 0, k = 0, m = 0;
  redu_status st;
  REDU_FOR(st, dev, i, n, (), (sum_i32, a), (sum_i32, b), (sum_i32, c), (sum_i32, d), (sum_i32, e),
           (sum_i32, g), (sum_i32, h), (sum_i32, k), (sum_i32, m))
  {
    a += (int)i;
  }
  return (int)st + a + b + c + d + e + g + h + k + m;
}

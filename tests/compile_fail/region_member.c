/* A struct member as a region variable: refused with the message below. */
#include "redu_region.h"
struct counts {
  int cnt;
};
int f(int dev, size_t n);
int f(int dev, size_t n)
{
  struct counts r = {0};
  redu_status st;
  REDU_FOR(st, dev, i, n, (), (max_i32, r.cnt)) { r.cnt = (int)i; }
  return (int)st + r.cnt;
}

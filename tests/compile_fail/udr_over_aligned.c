/* Must not compile: a declared type aligned to more than REDU_MAX_ACC_ALIGN (16) bytes
 * (tests/CMakeLists.txt checks the message). */
#include <redu_udr.h>
typedef struct {
  _Alignas(32) double v[4];
} wide;
static inline wide wide_add(wide a, wide b)
{
  for (int k = 0; k < 4; ++k)
    a.v[k] += b.v[k];
  return a;
}
REDU_DECLARE_REDUCTION(wide_sum, wide, wide_add, REDU_COMMUTATIVE, {{0}})

/* Must not compile: a declared type over REDU_MAX_ACC_BYTES (256) is refused where it is
 * declared, so that no kernel for it is ever stamped (tests/CMakeLists.txt checks the
 * message). */
#include <redu_udr.h>
typedef struct {
  unsigned char b[257];
} big257;
static inline big257 big_add(big257 x, big257 y)
{
  for (int k = 0; k < 257; ++k)
    x.b[k] += y.b[k];
  return x;
}
REDU_DECLARE_REDUCTION(big, big257, big_add, REDU_COMMUTATIVE, {{0}})

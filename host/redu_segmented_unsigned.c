/* The segmented and batched calls of the unsigned integer and floating-point types
 * (host/redu_segmented_stamp.h). */
#include "host/redu_segmented_stamp.h"

#define REDU__SEG_STAMP(sfx, T, E, K, SA, LO, HI) REDU__SEG_STAMP_##K(sfx, T, E, K, SA, LO, HI)
#define REDU__SEG_STAMP_INT(sfx, T, E, K, SA, LO, HI)
#define REDU__SEG_STAMP_UINT REDU__DEFINE_SEG
REDU_FOR_EACH_INT_TYPE(REDU__SEG_STAMP)
REDU_FOR_EACH_FLOAT_TYPE(REDU__DEFINE_SEG)

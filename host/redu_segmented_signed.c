/* The segmented and batched calls of the signed integer types (host/redu_segmented_stamp.h). */
#include "host/redu_segmented_stamp.h"

#define REDU__SEG_STAMP(sfx, T, E, K, SA, LO, HI) REDU__SEG_STAMP_##K(sfx, T, E, K, SA, LO, HI)
#define REDU__SEG_STAMP_INT REDU__DEFINE_SEG
#define REDU__SEG_STAMP_UINT(sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_INT_TYPE(REDU__SEG_STAMP)

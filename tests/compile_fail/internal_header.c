/* An internal header included directly. */
#include "device/redu_reducers.h"

/* The host half of every reduction call (declared in device/redu_launch.h, which kernels
 * stamped in user code include too). */
#ifndef REDU_CALL_H
#define REDU_CALL_H

#include "../libredu/redu.h"
#include "../device/redu_launch.h"

#endif

/* The host half of segmented and batched scans, its internal part: redu__segscan_begin and
 * redu__segscan_end, which declared reductions' stamped calls name too, are in
 * host/redu_call.h. */
#ifndef REDU_SEGSCAN_CALL_H
#define REDU_SEGSCAN_CALL_H

#include "host/redu_call.h"

/* Gives back what begin took, copying nothing back (a call that fails after begin writes
 * nothing). */
void redu__segscan_abandon(redu__segscan_call *c);

#endif

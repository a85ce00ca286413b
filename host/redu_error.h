/* Failing a call: the status goes back to the caller, the detail into a per-thread buffer
 * that redu_last_error() returns. */
#ifndef REDU_ERROR_H
#define REDU_ERROR_H

#include "redu.h"

/* Formats the detail message (printf-style) for this thread and returns s. Exported for
 * libredu_mpi (host/mpi/), whose messages redu_last_error() returns too. */
REDU_API redu_status redu__fail(redu_status s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif

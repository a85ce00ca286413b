#include "host/redu_error.h"

#include <stdarg.h>
#include <stdio.h>

static _Thread_local char redu__last_message[512];

#define REDU__STATUS_TEXT(name, text) [name] = text,
static const char *const redu__status_texts[REDU_STATUS_COUNT] = {
    REDU_FOR_EACH_STATUS(REDU__STATUS_TEXT)};
#undef REDU__STATUS_TEXT

const char *redu_status_string(redu_status status)
{
  if ((unsigned)status >= REDU_STATUS_COUNT)
    return "unknown redu_status value";
  return redu__status_texts[status];
}

const char *redu_last_error(void) { return redu__last_message; }

redu_status redu__fail(redu_status s, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(redu__last_message, sizeof redu__last_message, fmt, ap);
  va_end(ap);
  return s;
}

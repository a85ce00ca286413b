/* The version the library was built as (redu.h, section 1). */
#include "redu.h"

unsigned redu_version(void) { return REDU_VERSION; }

/* The host half of every reduction call: validate, plan, take a scratch slot; then the
 * caller launches its kernel, reads the result and gives the slot back. */
#ifndef REDU_CALL_H
#define REDU_CALL_H

#include <stddef.h>
#include "../libredu/redu.h"
#include "../device/redu_launch.h"

typedef struct redu_call {
  redu_launch launch;
  int empty;           /* n == 0: no launch; the result is the identity */
  struct redu_slot *slot;
} redu_call;

/* fn names the public call in error messages; out1/out2 are the caller's outputs (both
 * must be non-NULL). On REDU_OK with !c->empty the caller must call redu_call_end. */
redu_status redu_call_begin(redu_call *c, const char *fn, int device, const void *x, size_t n,
                            size_t elem_size, size_t acc_size, const void *out1,
                            const void *out2, const redu_options *opts);
void redu_call_end(redu_call *c);

#endif

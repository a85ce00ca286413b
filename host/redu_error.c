#include "redu_error.h"

#include <stdarg.h>
#include <stdio.h>

static _Thread_local char redu_last_message[512];

static const char *const redu_status_texts[REDU_STATUS_COUNT] = {
    [REDU_OK] = "success",
    [REDU_ERR_NULL_ARG] = "a required pointer argument is NULL: pass valid input and output "
                          "pointers (x may be NULL only when n is 0)",
    [REDU_ERR_INVALID_DEVICE] = "no such OpenMP device: pass 0..omp_get_num_devices()-1, "
                                "omp_get_initial_device() or REDU_DEFAULT_DEVICE",
    [REDU_ERR_OVERFLOW] = "n elements of this type do not fit in the address space: check n",
    [REDU_ERR_UNSUPPORTED] = "this operation is not defined for this element type (bitwise "
                             "ops take integers only), or the op/type value is unknown",
    [REDU_ERR_NOT_DEVICE_PTR] = "x is not memory of the chosen device, or x[0, n) runs past "
                                "its allocation: allocate it with omp_target_alloc on that "
                                "device, or pass a host array with REDU_INPUT_HOST",
    [REDU_ERR_BAD_OPTION] = "invalid launch option (redu_options or REDU_TEAMS/REDU_THREADS): "
                            "threads must be a multiple of the warp size and within the "
                            "device's limit; teams within 1..REDU_MAX_TEAMS",
    [REDU_ERR_OUT_OF_MEMORY] = "device scratch memory could not be allocated: free device "
                               "memory or reduce concurrency",
    [REDU_ERR_DEVICE] = "the OpenMP device runtime failed: check that libomptarget finds the "
                        "device (LIBOMPTARGET_INFO=1) and REDU_VERBOSE=1 output",
    [REDU_ERR_SCRATCH_TOO_SMALL] = "the scratchpad in redu_options is too small for this "
                                   "call: size it with redu_scratch_query, or pass NULL to "
                                   "use libredu's own scratch",
    [REDU_ERR_MISALIGNED] = "a pointer is not aligned to its element type (x to the "
                            "element, the scratchpad to the accumulator): pass the start "
                            "of an array of that type, as omp_target_alloc returns it",
};

const char *redu_status_string(redu_status status)
{
  if ((unsigned)status >= REDU_STATUS_COUNT)
    return "unknown redu_status value";
  return redu_status_texts[status];
}

const char *redu_last_error(void) { return redu_last_message; }

redu_status redu_fail(redu_status s, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(redu_last_message, sizeof redu_last_message, fmt, ap);
  va_end(ap);
  return s;
}

/* Bad input gets a status and a message, never a crash, and leaves the outputs untouched.
 *   test_errors          the argument checks
 *   test_errors env-bad  run with REDU_TEAMS=abc: every call must fail with BAD_OPTION
 *   test_errors env-bad-sched  the same with REDU_CUDA_SCHED=fast */
#include "redu_test.h"

#define SENTINEL 12345.0

static void expect(redu_status got, redu_status want, const double *out, const char *what)
{
  CHECK(got == want, "%s: status %d, want %d (%s)", what, (int)got, (int)want, redu_last_error());
  CHECK(*out == SENTINEL, "%s: output was touched", what);
  if (got != REDU_OK)
    CHECK(redu_last_error()[0] != 0, "%s: no message", what);
}

int main(int argc, char **argv)
{
  int dev = omp_get_default_device();
  char plan[512] = ""; /* its text is checked below */
  redu_describe_plan(dev, 1, 8, plan, sizeof plan);
  int is_cuda = redu_test_is_cuda(dev);
  double h[64], out = SENTINEL, got;
  for (int i = 0; i < 64; ++i)
    h[i] = i;
  double *d = redu_test_to_device(h, sizeof h, dev);

  if (argc > 1 && !strcmp(argv[1], "env-bad")) {
    expect(redu_sum_f64(dev, d, 64, &out, NULL), REDU_ERR_BAD_OPTION, &out, "REDU_TEAMS=abc");
    CHECK(strstr(redu_last_error(), "REDU_TEAMS") != NULL, "message names the variable");
    return redu_test_finish("test_errors env-bad");
  }
  if (argc > 1 && !strcmp(argv[1], "env-bad-sched")) {
    expect(redu_sum_f64(dev, d, 64, &out, NULL), REDU_ERR_BAD_OPTION, &out, "REDU_CUDA_SCHED=fast");
    CHECK(strstr(redu_last_error(), "REDU_CUDA_SCHED") != NULL, "message names the variable: %s",
          redu_last_error());
    return redu_test_finish("test_errors env-bad-sched");
  }

  /* NVIDIA: libredu gave the context CUDA's default waits (libomptarget's blocking ones make
   * every small call 2-3x slower). */
  if (is_cuda)
    CHECK(strstr(plan, "waits: auto") != NULL, "NVIDIA device without auto waits: %s", plan);
  expect(redu_sum_f64(dev, NULL, 10, &out, NULL), REDU_ERR_NULL_ARG, &out, "NULL x");
  CHECK(strstr(redu_last_error(), "redu_sum_f64") != NULL, "message names the call: %s",
        redu_last_error());
  CHECK(redu_sum_f64(dev, d, 10, NULL, NULL) == REDU_ERR_NULL_ARG, "NULL result");
  CHECK(redu_argmin_f64(dev, d, 10, &out, NULL, NULL) == REDU_ERR_NULL_ARG, "NULL index");
  CHECK(out == SENTINEL, "argmin with NULL index touched the value");
  expect(redu_reduce(dev, REDU_ARGMAX, REDU_DOUBLE, d, 10, &out, NULL, NULL), REDU_ERR_NULL_ARG,
         &out, "generic argmax without index");
  expect(redu_sum_f64(-7, d, 10, &out, NULL), REDU_ERR_INVALID_DEVICE, &out, "device -7");
  expect(redu_sum_f64(omp_get_num_devices() + 5, d, 10, &out, NULL), REDU_ERR_INVALID_DEVICE, &out,
         "device past the last");
  expect(redu_sum_f64(dev, d, SIZE_MAX / 4, &out, NULL), REDU_ERR_OVERFLOW, &out,
         "n * 8 overflows");
  expect(redu_reduce(dev, REDU_BAND, REDU_DOUBLE, d, 10, &out, NULL, NULL), REDU_ERR_UNSUPPORTED,
         &out, "bitwise and on double");
  expect(redu_reduce(dev, (redu_op)99, REDU_DOUBLE, d, 10, &out, NULL, NULL), REDU_ERR_UNSUPPORTED,
         &out, "unknown op");
  expect(redu_reduce(dev, REDU_SUM, (redu_type)-1, d, 10, &out, NULL, NULL), REDU_ERR_UNSUPPORTED,
         &out, "unknown type");
  redu_options bad_teams = {.teams = 1 << 20}, bad_threads = {.threads = 33},
               bad_flags = {.flags = 0x80}, neg = {.teams = -1};
  expect(redu_sum_f64(dev, d, 64, &out, &bad_teams), REDU_ERR_BAD_OPTION, &out, "2^20 teams");
  expect(redu_sum_f64(dev, d, 64, &out, &bad_threads), REDU_ERR_BAD_OPTION, &out, "33 threads");
  expect(redu_sum_f64(dev, d, 64, &out, &bad_flags), REDU_ERR_BAD_OPTION, &out, "unknown flag");
  expect(redu_sum_f64(dev, d, 64, &out, &neg), REDU_ERR_BAD_OPTION, &out, "negative teams");
  expect(redu_sum_f64(dev, d, 0, &out, &bad_teams), REDU_ERR_BAD_OPTION, &out,
         "2^20 teams with n = 0 (options are judged whatever n is)");
  /* Misaligned input: the same status on every target (a GPU would fault, a CPU would
   * read it), for every element width, typed and generic calls alike. */
  expect(redu_sum_f64(dev, (const double *)((const char *)d + 1), 10, &out, NULL),
         REDU_ERR_MISALIGNED, &out, "x one byte into a double");
  CHECK(strstr(redu_last_error(), "aligned") != NULL, "message says why: %s", redu_last_error());
  expect(redu_reduce(dev, REDU_ARGMIN, REDU_DOUBLE, (const char *)d + 4, 10, &out, (size_t *)&got,
                     NULL),
         REDU_ERR_MISALIGNED, &out, "generic argmin, x 4 bytes into a double");
  {
    static const redu_type types[] = {REDU_INT16,  REDU_INT32,  REDU_INT64, REDU_UINT16,
                                      REDU_UINT32, REDU_UINT64, REDU_FLOAT, REDU_DOUBLE};
    for (size_t t = 0; t < sizeof types / sizeof types[0]; ++t) {
      unsigned char res[8];
      memset(res, 0xab, sizeof res);
      redu_status s = redu_reduce(dev, REDU_MAX, types[t], (const char *)d + 1, 3, res, NULL, NULL);
      CHECK(s == REDU_ERR_MISALIGNED && res[0] == 0xab && res[7] == 0xab,
            "max of type %d at an odd address: status %d", (int)types[t], (int)s);
    }
    int8_t b;
    CHECK_OK(redu_max_i8(dev, (const int8_t *)d + 1, 3, &b, NULL)); /* bytes: any address */
  }
  /* A built-in call's scratchpad sized with redu_accumulator_size (argmin carries an
   * index: 16 bytes, wider than the element) is enough, for every plan. */
  CHECK(redu_accumulator_size(REDU_ARGMIN, REDU_INT8) == 16 &&
            redu_accumulator_size(REDU_SUM, REDU_FLOAT) == sizeof(double) &&
            redu_accumulator_size(REDU_BAND, REDU_DOUBLE) == 0 &&
            redu_accumulator_size((redu_op)99, REDU_INT8) == 0,
        "redu_accumulator_size");
  {
    int8_t *b = redu_test_to_device(h, sizeof h, dev), v = 0;
    size_t at = 0, team_bytes, dev_bytes;
    redu_options o = {.teams = 27, .threads = is_cuda ? 96 : 3};
    CHECK_OK(redu_scratch_query(dev, sizeof h, 1, redu_accumulator_size(REDU_ARGMIN, REDU_INT8), &o,
                                &team_bytes, &dev_bytes));
    o.scratchpad = omp_target_alloc(dev_bytes, dev);
    o.scratchpad_bytes = dev_bytes;
    CHECK_OK(redu_argmin_i8(dev, b, sizeof h, &v, &at, &o));
    omp_target_free(o.scratchpad, dev);
    omp_target_free(b, dev);
  }
  if (is_cuda) {
    /* Only the CUDA driver can tell host memory from device memory. */
    expect(redu_sum_f64(dev, h, 64, &out, NULL), REDU_ERR_NOT_DEVICE_PTR, &out,
           "host array passed as device pointer");
    expect(redu_sum_f64(dev, d, 65, &out, NULL), REDU_ERR_NOT_DEVICE_PTR, &out,
           "range past the allocation");
  } else {
    printf("test_errors: CPU device: host and device memory are one; no pointer check\n");
  }
  for (int s = 0; s <= REDU_STATUS_COUNT; ++s) {
    CHECK(redu_status_string((redu_status)s)[0] != 0, "status %d has no text", s);
    for (int t = 0; t < s; ++t) /* one table makes the texts: each its own */
      CHECK(strcmp(redu_status_string((redu_status)s), redu_status_string((redu_status)t)),
            "statuses %d and %d share a text", t, s);
  }
  CHECK(!strcmp(redu_status_string(REDU_STATUS_COUNT), "unknown redu_status value"),
        "text past the table: %s", redu_status_string(REDU_STATUS_COUNT));
  CHECK(redu_version() == REDU_VERSION, "library %u, headers %d", redu_version(), REDU_VERSION);
  CHECK(REDU_VERSION == REDU_VERSION_MAJOR * 10000 + REDU_VERSION_MINOR * 100 + REDU_VERSION_PATCH,
        "REDU_VERSION %d", REDU_VERSION);
  char buf[512];
  CHECK(redu_describe_plan(dev, 1000, 8, buf, sizeof buf) == REDU_OK && strstr(buf, "teams"),
        "describe_plan");
  /* The peak bandwidth: NVIDIA drivers give it (an H100 SXM: 3352 GB/s); CPU devices do not. */
  double peak = SENTINEL;
  CHECK(redu_device_peak_bandwidth(dev, NULL) == REDU_ERR_NULL_ARG, "peak bandwidth into NULL");
  expect(redu_device_peak_bandwidth(-7, &peak), REDU_ERR_INVALID_DEVICE, &peak,
         "peak bandwidth of device -7");
  expect(redu_device_peak_bandwidth(omp_get_initial_device(), &peak), REDU_ERR_UNSUPPORTED, &peak,
         "peak bandwidth of the host");
  if (is_cuda) {
    CHECK_OK(redu_device_peak_bandwidth(dev, &peak));
    CHECK(peak > 100 && peak < 100000, "NVIDIA peak bandwidth %g GB/s", peak);
    CHECK(strstr(plan, "GB/s peak memory bandwidth") != NULL, "plan text without the peak: %s",
          plan);
  }
  /* After all that, a good call still works. */
  CHECK_OK(redu_sum_f64(dev, d, 64, &got, NULL));
  CHECK(got == 2016.0, "sum after errors: %g", got);
  omp_target_free(d, dev);
  return redu_test_finish("test_errors");
}

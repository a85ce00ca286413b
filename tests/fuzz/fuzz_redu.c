/* fuzz_redu: a libFuzzer harness over libredu's public API.
 *
 * What it drives, each input being up to three calls (segmented, batched and exact calls:
 * tests/fuzz/fuzz_segmented.h, with counts, lengths and offsets near the edges of size_t):
 *   redu_reduce (every op x type, and op/type values outside the enums), the typed calls
 *   redu_<op>_<sfx>, user-declared reductions (libredu/redu_udr.h: a commutative 12-byte
 *   lane sum, an ordered 16-byte affine chain, a 1-byte max, and a first-max lifted from
 *   268-byte records by REDU_DEFINE_TRANSFORM_REDUCTION), redu_plan_query,
 *   redu_describe_plan, redu_scratch_query and redu_finalize, scans and bins
 *   (tests/fuzz/fuzz_scan_bins.h); with fuzzed devices (valid,
 *   the host, REDU_DEFAULT_DEVICE, negative, past the last), n (0, up to 4096, past the
 *   allocation, n * size overflowing, x + n * size wrapping), x (device memory, host
 *   arrays with REDU_INPUT_HOST, mapped or not, NULL, start offsets, misaligned starts),
 *   options (teams, threads, known and unknown flag bits, scratchpads sized by
 *   redu_scratch_query, too small, misaligned) and NULL outputs.
 *
 * What it checks, aborting (so libFuzzer reports the input) on any mismatch:
 *   - every REDU_OK result equals a serial reference computed here: exactly for integers,
 *     bitwise and logical ops, min/max/argmin/argmax (NaN wins and comes back as the
 *     canonical quiet NaN, -0 < +0, lowest index on ties: docs/semantics.md) and for the
 *     user-declared reductions; float/double sum within the documented bound
 *     n * 2^-53 * sum|x| (checked with 2^-52) + one rounding to T; float/double prod within
 *     (n+2) * 2^-52 relative where no partial product can leave double's normal range, exact
 *     NaN/inf/signed-zero classes where that is order-independent, unchecked otherwise;
 *   - every status is one the arguments allow (the expected set is computed per call:
 *     "must fail with one of" and "may fail with"); a valid call must succeed;
 *   - every error leaves all outputs untouched (sentinel bytes) and leaves a non-empty
 *     redu_last_error() that names the call; no call writes past its output.
 * Reads past an allocation would be undefined behaviour in the harness itself, and on CPU
 * devices libredu cannot tell where a host allocation ends: ranges past the end are passed
 * only to NVIDIA devices (where the CUDA driver check must refuse them) or with an n the
 * library must refuse before reading (n * size overflow, address wrap-around, NULL).
 *
 * Input layout (tests/fuzz/make_corpus.py writes the seeds in tests/fuzz/corpus/):
 *   byte 0        calls in this input: 1 + b % 3
 *   16 bytes/call r[0] api % 11: 0 redu_reduce, 1 typed call, 2 user-declared, 3 plan_query,
 *                      4 describe_plan, 5 scratch_query, 6 redu_finalize, 7 segmented and
 *                      batched calls, 8 exact sums and dot products (both:
 *                      tests/fuzz/fuzz_segmented.h, which lays out their records),
 *                      9 multi-device calls (tests/fuzz/fuzz_multi.h), 10 scans and
 *                      bins (tests/fuzz/fuzz_scan_bins.h)
 *                 r[1] op (< 240: % REDU_OP_COUNT, else out of range); UDR: which one;
 *                      scratch_query: acc_size table index
 *                 r[2] type (< 240: % REDU_TYPE_COUNT, else out of range); queries: elem_size
 *                 r[3] device selector % 12          r[4..5] n (little-endian)
 *                 r[6] n mode % 8: 0-3 n % (cap+1), 4 zero, 5 past the allocation,
 *                      6 n * size overflows (queries too), 7 x + n * size wraps (queries: 2^40)
 *                 r[7] x: bits 0-2 kind (0-3 device memory, 4 host array + REDU_INPUT_HOST,
 *                      5 host array mapped by target enter data + REDU_INPUT_HOST, 6 host array
 *                      as device memory, 7 NULL), bits 3-6 start offset in elements,
 *                      bit 7 misaligned start
 *                 r[8] options: bits 0-1 zero = NULL opts; bit 2 REDU_TEAM_SHUFFLE, bit 3
 *                      REDU_TEAM_TREE, bit 4 an unknown bit (bits 4-31: REDU_EXACT, bit 3, is
 *                      not drawn; its statuses are not modelled here, tests/test_exact.c
 *                      checks them), bit 5 REDU_INPUT_HOST on device
 *                      memory (CPU devices)
 *                 r[9] teams, r[10] threads (small values mostly, then a table of edges)
 *                 r[11] scratchpad % 8: 0-3 none, 4 as queried, 5 queried less some bytes,
 *                      6 misaligned, 7 queried plus some bytes
 *                 r[12] outputs % 8: 6 result (first output) NULL, 7 index (second) NULL
 *                 r[13] data % 4: raw tail bytes, palette per element, splitmix, constant
 *                      with (position, palette) pairs from the tail
 *                 r[14], r[15] extra (misalignment, seeds, describe_plan len, pad slack)
 *   the rest      the data tail every call draws its elements from
 * Per-input work stays small (n <= 4096, at most 32 KiB of data, teams mostly <= 32) so
 * that a 2-core machine runs hundreds of inputs per second.
 *
 * Build (tests/fuzz/CMakeLists.txt, -DREDU_FUZZ=ON) and the sanitizer combination that
 * links: see the comment there. CTest runs it (label "fuzz") on a copy of corpus/ in the
 * build tree. By hand (ASAN_OPTIONS=detect_leaks=0: libomp keeps its allocations):
 *   build-fuzz/tests/fuzz/fuzz_redu -max_total_time=60 -detect_leaks=0 CORPUS_COPY/
 *   OMP_TARGET_OFFLOAD=DISABLED build-fuzz/tests/fuzz/fuzz_redu ...   (host fallback: the
 *   kernels then run in host code that is instrumented, so coverage includes them)
 *   build-fuzz/tests/fuzz/fuzz_redu crash-<sha1>                       (replay one input)
 *   FUZZ_TRACE=1 ... <file>   one line per call: what was called, with what, and status
 *   FUZZ_STATS=1 ...          at exit, calls per API and status, reductions with n > 0
 * An nvptx build (-DREDU_OFFLOAD=nvptx) runs on an NVIDIA GPU with
 * ASAN_OPTIONS=detect_leaks=0:protect_shadow_gap=0 (the CUDA driver maps memory in ASan's
 * shadow gap); there the past-the-allocation and host-memory-as-device-memory cases run.
 *
 * EXPECTATION KNOBS (compile definitions; CMake: -DREDU_FUZZ_DEFINES="A=1;B=0"), at the
 * top of the code below:
 *   FUZZ_MISALIGNED       how a start not aligned to the element type is judged;
 *   FUZZ_STRICT_EMPTY     whether n = 0 with out-of-range options must still fail;
 *   FUZZ_BUILTIN_PAD_DOC  whether a built-in call's scratchpad sized as redu.h says must
 *                         be enough. */
#include "device/redu_op_table.h"
#include "redu.h"
#include "redu_udr.h"
#include <float.h>
#include <limits.h>
#include <math.h>
#include <omp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===== EXPECTATION KNOB: misaligned x ================================================
 * A start x that is not a multiple of the element type's alignment (x = buffer + k *
 * size + 1 .. align-1 bytes), n > 0:
 *   1   (default) must fail with FUZZ_MISALIGNED_STATUS (REDU_ERR_MISALIGNED, redu.h since
 *       365866e) unless another error applies first;
 *   0   either REDU_OK with the correct result, or any error with the outputs untouched
 *       (what the harness accepted before libredu checked alignment);
 *   -1  never pass misaligned starts.
 * n = 0 with a misaligned x may succeed or fail under every setting. A scratchpad that is
 * not REDU_SCRATCHPAD_ALIGN-aligned must fail with FUZZ_MISALIGNED_STATUS too (when it is
 * used: n > 0). */
#ifndef FUZZ_MISALIGNED
#define FUZZ_MISALIGNED 1
#endif
#ifndef FUZZ_MISALIGNED_STATUS
#define FUZZ_MISALIGNED_STATUS REDU_ERR_MISALIGNED
#endif
/* ===== EXPECTATION KNOB: n = 0 with invalid options ==================================
 * Unknown flag bits and negative teams/threads fail even for n = 0 (checked first); teams
 * past the maximum, threads off the warp size and TREE|SHUFFLE are checked by the planner,
 * which n = 0 once skipped; now every n is judged alike (host/redu_call.c). 0: accept
 * either for n = 0; 1 (now): require the error. */
#ifndef FUZZ_STRICT_EMPTY
#define FUZZ_STRICT_EMPTY 1
#endif

/* ===== EXPECTATION KNOB: scratchpads of built-in calls ==============================
 * redu.h: redu_scratch_query's acc_size is "sizeof the declared type for redu_udr.h
 * reductions, else the element size". Built-in calls reduce into wider accumulators
 * (argmin/argmax: value key + size_t index, 16 bytes; float sum/prod: double), so a
 * scratchpad sized that way can be too small: redu_argmin_i8, 27 teams x 3 threads, gets
 * 1632 bytes from redu_scratch_query(dev, n, 1, 1, ...) and fails with
 * REDU_ERR_SCRATCH_TOO_SMALL ("needs 2752"); the same for every argmin/argmax and for
 * float sum/prod once teams x threads is large enough.
 * Fixed: redu.h now says to pass redu_accumulator_size(op, type) for built-ins, which
 * the harness does.
 *   0   a built-in call whose scratchpad was sized so may fail with
 *       REDU_ERR_SCRATCH_TOO_SMALL;
 *   1   (now) it must succeed. */
#ifndef FUZZ_BUILTIN_PAD_DOC
#define FUZZ_BUILTIN_PAD_DOC 1
#endif

/* Not in the public headers: host/redu_device.c (CPU devices take 1..REDU__MAX_WARPS = 32
 * threads per team, GPUs up to 1024). */
enum { FZ_MAX_TEAMS = REDU_MAX_TEAMS, FZ_CPU_MAX_THREADS = 32, FZ_GPU_MAX_THREADS = 1024 };
/* The least device_bytes any call needs: counter 256 + result 256 + partials >= 256. */
enum { FZ_MIN_PAD = 768 };

enum { FZ_MAX_N = 4096, FZ_DATA = 32768, FZ_CAP = 40960, FZ_OUT = 512, FZ_DESC = 640 };
enum { FZ_SENT = 0xA5, FZ_DESC_SENT = 0x5A };
#define FZ_BIT(s) (1u << (unsigned)(s))

static const char *fz_what = ""; /* the current call, for reports */
static char fz_ctx[512];

static const char *fz_status_name(redu_status s)
{
#define FZ_STATUS_NAME(name, text) #name,
  static const char *const names[] = {REDU_FOR_EACH_STATUS(FZ_STATUS_NAME)};
#undef FZ_STATUS_NAME
  return (unsigned)s < sizeof names / sizeof *names ? names[s] : "(new status)";
}

/* ---------------------------------------------------------------- statistics */
/* FUZZ_STATS=1 in the environment: at exit, how many calls each API got and how they
 * ended (to see that inputs reach real reductions, not only argument errors). */
enum { FZ_APIS = 11 };
static unsigned long fz_stat_calls[FZ_APIS][REDU_STATUS_COUNT + 1], fz_stat_reduced[3];
static unsigned long long fz_stat_elems[3];
static void fz_stats_print(void)
{
  static const char *const api[FZ_APIS] = {
      "redu_reduce", "typed",     "user-declared", "plan_query", "describe_plan", "scratch_query",
      "finalize",    "segmented", "exact",         "multi",      "scan/bins"};
  fprintf(stderr, "fuzz_redu stats, calls by status (");
  for (int s = 0; s <= REDU_STATUS_COUNT; ++s)
    fprintf(stderr, "%s%s", s ? "," : "", s < REDU_STATUS_COUNT ? fz_status_name(s) : "other");
  fprintf(stderr, "):\n");
  for (int a = 0; a < FZ_APIS; ++a) {
    fprintf(stderr, "  %-14s", api[a]);
    for (int s = 0; s <= REDU_STATUS_COUNT; ++s)
      fprintf(stderr, " %lu", fz_stat_calls[a][s]);
    if (a < 3)
      fprintf(stderr, "  | OK with n > 0: %lu, mean n %.0f", fz_stat_reduced[a],
              fz_stat_reduced[a] ? (double)fz_stat_elems[a] / fz_stat_reduced[a] : 0.0);
    fprintf(stderr, "\n");
  }
}
static int fz_trace; /* FUZZ_TRACE=1: one line per call */
static void fz_stat(int api, redu_status s, size_t n)
{
  if (fz_trace)
    fprintf(stderr, "fuzz_redu: %s [%s] -> %d\n", fz_what, fz_ctx, (int)s);
  fz_stat_calls[api][(unsigned)s <= REDU_STATUS_COUNT ? (unsigned)s : REDU_STATUS_COUNT]++;
  if (api < 3 && s == REDU_OK && n > 0)
    fz_stat_reduced[api]++, fz_stat_elems[api] += n;
}

/* ---------------------------------------------------------------- failure reports */

static void fz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void fz_fail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "\nfuzz_redu MISMATCH in %s [%s]: ", fz_what, fz_ctx);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n  redu_last_error(): \"%s\"\n", redu_last_error());
  abort();
}

/* ---------------------------------------------------------------- element types */
enum { FZ_K_INT, FZ_K_UINT, FZ_K_FLT };
typedef struct {
  const char *sfx;
  size_t size, align;
  int kind;
} fz_type;
#define FZ_TYPE_ROW(sfx, T, E, K, SA, LO, HI) [E] = {#sfx, sizeof(T), _Alignof(T), FZ_K_##K},
static const fz_type fz_types[REDU_TYPE_COUNT] = {REDU_FOR_EACH_TYPE(FZ_TYPE_ROW)};
#undef FZ_TYPE_ROW
/* The typed calls behind one signature (wrappers, not casts: calling through a pointer of
 * another type is undefined, and UBSan's -fsanitize=function checks it), one per row of the
 * op table (device/redu_op_table.h). */
typedef redu_status (*fz_typed_fn)(int, const void *, size_t, void *, size_t *,
                                   const redu_options *);
#define FZ_VAL(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)                     \
  static redu_status fz_##op##_##sfx(int d, const void *x, size_t n, void *r, size_t *i,           \
                                     const redu_options *o)                                        \
  {                                                                                                \
    (void)i;                                                                                       \
    return redu_##op##_##sfx(d, (const T *)x, n, (T *)r, o);                                       \
  }
#define FZ_ARG(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)                       \
  static redu_status fz_##op##_##sfx(int d, const void *x, size_t n, void *r, size_t *i,           \
                                     const redu_options *o)                                        \
  {                                                                                                \
    return redu_##op##_##sfx(d, (const T *)x, n, (T *)r, i, o);                                    \
  }
#define FZ_CALLS(sfx, T, E, K, SA, LO, HI)                                                         \
  REDU__OPS_OF_TYPE(FZ_VAL, FZ_ARG, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(FZ_CALLS)
#undef FZ_CALLS
#undef FZ_VAL
#undef FZ_ARG
#define FZ_E_VAL(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)                   \
  [OP][E] = fz_##op##_##sfx,
#define FZ_E_ARG(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)                     \
  [OP][E] = fz_##op##_##sfx,
#define FZ_E(sfx, T, E, K, SA, LO, HI)                                                             \
  REDU__OPS_OF_TYPE(FZ_E_VAL, FZ_E_ARG, sfx, T, E, K, SA, LO, HI)
static const fz_typed_fn fz_typed[REDU_OP_COUNT][REDU_TYPE_COUNT] = {REDU_FOR_EACH_TYPE(FZ_E)};
#undef FZ_E
#undef FZ_E_VAL
#undef FZ_E_ARG
#define FZ_NAME_VAL(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E) [OP] = #op,
#define FZ_NAME_ARG(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E) [OP] = #op,
static const char *const fz_op_names[REDU_OP_COUNT] = {
    REDU__OPS_OF_TYPE(FZ_NAME_VAL, FZ_NAME_ARG, i8, int8_t, REDU_INT8, INT, uint8_t, 0, 0)};
#undef FZ_NAME_VAL
#undef FZ_NAME_ARG

/* ---------------------------------------------------------------- user-declared reductions */
/* 12 bytes, align 4: lane-wise wrapping sums (commutative, exact). */
typedef struct {
  uint32_t w[3];
} fz_lanes3;
static inline fz_lanes3 fz_lanes3_add(fz_lanes3 a, fz_lanes3 b)
{
  for (int k = 0; k < 3; ++k)
    a.w[k] += b.w[k];
  return a;
}
REDU_DECLARE_REDUCTION(fz_lanes3_sum, fz_lanes3, fz_lanes3_add, REDU_COMMUTATIVE, {{0}})

/* 16 bytes, align 8: v -> a v + b mod 2^64, composed in index order (not commutative). */
typedef struct {
  uint64_t a, b;
} fz_affine;
static inline fz_affine fz_affine_then(fz_affine f, fz_affine g)
{
  fz_affine r = {g.a * f.a, g.a * f.b + g.b};
  return r;
}
REDU_DECLARE_REDUCTION(fz_affine_chain, fz_affine, fz_affine_then, REDU_ORDERED, {1, 0})

/* 1 byte: the largest byte. */
#define FZ_U8MAX(a, b) ((uint8_t)((a) > (b) ? (a) : (b)))
REDU_DECLARE_REDUCTION(fz_u8_max, uint8_t, FZ_U8MAX, REDU_COMMUTATIVE, 0)

/* 268-byte records (larger than any accumulator) lifted to (key, index): the first
 * record with the largest key. */
typedef struct {
  int32_t key;
  uint8_t payload[264];
} fz_rec;
typedef struct {
  int32_t key;
  uint32_t pad;
  uint64_t idx;
} fz_best;
static inline fz_best fz_best_pick(fz_best a, fz_best b)
{
  return b.key > a.key || (b.key == a.key && b.idx < a.idx) ? b : a;
}
REDU_DECLARE_REDUCTION(fz_first_max, fz_best, fz_best_pick, REDU_COMMUTATIVE,
                       {INT32_MIN, 0, UINT64_MAX})
static inline fz_best fz_rec_lift(fz_rec r, size_t i)
{
  fz_best b = {r.key, 0, (uint64_t)i};
  return b;
}
REDU_DEFINE_TRANSFORM_REDUCTION(fz_first_max_of_recs, fz_first_max, fz_rec, fz_rec_lift)

enum { FZ_U_LANES, FZ_U_AFFINE, FZ_U_U8MAX, FZ_U_RECS, FZ_U_COUNT };
typedef struct {
  const char *fn;
  size_t in_size, in_align, acc_size, acc_align;
} fz_udr;
static const fz_udr fz_udrs[FZ_U_COUNT] = {
    [FZ_U_LANES] = {"redu_reduce_fz_lanes3_sum", sizeof(fz_lanes3), _Alignof(fz_lanes3),
                    sizeof(fz_lanes3), _Alignof(fz_lanes3)},
    [FZ_U_AFFINE] = {"redu_reduce_fz_affine_chain", sizeof(fz_affine), _Alignof(fz_affine),
                     sizeof(fz_affine), _Alignof(fz_affine)},
    [FZ_U_U8MAX] = {"redu_reduce_fz_u8_max", 1, 1, 1, 1},
    [FZ_U_RECS] = {"fz_first_max_of_recs", sizeof(fz_rec), _Alignof(fz_rec), sizeof(fz_best),
                   _Alignof(fz_best)},
};

static redu_status fz_udr_call(int u, int d, const void *x, size_t n, void *r,
                               const redu_options *o)
{
  switch (u) {
  case FZ_U_LANES:
    return redu_reduce_fz_lanes3_sum(d, (const fz_lanes3 *)x, n, r, o);
  case FZ_U_AFFINE:
    return redu_reduce_fz_affine_chain(d, (const fz_affine *)x, n, r, o);
  case FZ_U_U8MAX:
    return redu_reduce_fz_u8_max(d, (const uint8_t *)x, n, r, o);
  default:
    return fz_first_max_of_recs(d, (const fz_rec *)x, n, r, o);
  }
}

/* Serial reference, left to right, over elements read with memcpy (x may be misaligned):
 * acc = STEP(acc, element i, i) from IDENT, for elements of type In and accumulator Acc. */
#define FZ_FOLD(Acc, In, IDENT, STEP)                                                              \
  {                                                                                                \
    Acc acc = IDENT;                                                                               \
    In v;                                                                                          \
    for (size_t i = 0; i < n; ++i)                                                                 \
      memcpy(&v, x + i * sizeof v, sizeof v), acc = STEP(acc, v, i);                               \
    memcpy(want, &acc, sizeof acc);                                                                \
  }
#define FZ_STEP_LANES(a, v, i) fz_lanes3_add(a, v)
#define FZ_STEP_AFFINE(a, v, i) fz_affine_then(a, v)
#define FZ_STEP_U8MAX(a, v, i) FZ_U8MAX(a, v)
#define FZ_STEP_FIRST_MAX(a, v, i) fz_best_pick(a, fz_rec_lift(v, i))

static void fz_udr_reference(int u, const unsigned char *x, size_t n, void *want)
{
  switch (u) {
  case FZ_U_LANES:
    FZ_FOLD(fz_lanes3, fz_lanes3, redu_identity_fz_lanes3_sum(), FZ_STEP_LANES)
    break;
  case FZ_U_AFFINE:
    FZ_FOLD(fz_affine, fz_affine, redu_identity_fz_affine_chain(), FZ_STEP_AFFINE)
    break;
  case FZ_U_U8MAX:
    FZ_FOLD(uint8_t, uint8_t, redu_identity_fz_u8_max(), FZ_STEP_U8MAX)
    break;
  default:
    FZ_FOLD(fz_best, fz_rec, redu_identity_fz_first_max(), FZ_STEP_FIRST_MAX)
    break;
  }
}
#undef FZ_FOLD

/* ---------------------------------------------------------------- process-wide state */
typedef struct {
  int probed, gpu;    /* NVIDIA: the CUDA driver checks ranges */
  unsigned char *mem; /* FZ_CAP bytes of device memory (omp_target_alloc) */
  int mapped;         /* fz_hmap is mapped to this device */
} fz_dev;
static int fz_ndev, fz_initial;
static fz_dev *fz_devs;        /* 0..ndev-1, then the initial device */
static unsigned char *fz_hbuf; /* host staging, and the host arrays passed */
static unsigned char *fz_hmap; /* host array mapped with target enter data */

static int fz_dev_valid(int d)
{
  return d == REDU_DEFAULT_DEVICE || d == fz_initial || (d >= 0 && d < fz_ndev);
}
static int fz_dev_resolve(int d) { return d == REDU_DEFAULT_DEVICE ? omp_get_default_device() : d; }
static fz_dev *fz_dev_of(int rd) { return &fz_devs[rd == fz_initial ? fz_ndev : rd]; }

static fz_dev *fz_dev_ready(int rd)
{
  fz_dev *D = fz_dev_of(rd);
  if (!D->probed) {
    char text[512] = "";
    redu_describe_plan(rd, 1, 8, text, sizeof text);
    D->gpu = strstr(text, "CUDA driver") != NULL;
    D->mem = omp_target_alloc(FZ_CAP, rd);
    if (!D->mem) {
      fprintf(stderr, "fuzz_redu: omp_target_alloc on device %d failed\n", rd);
      abort();
    }
    D->probed = 1;
  }
  return D;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc, (void)argv;
  /* The planner's environment overrides would change which options are valid. */
  unsetenv("REDU_TEAMS");
  unsetenv("REDU_THREADS");
  unsetenv("REDU_VERBOSE");
  const char *st = getenv("FUZZ_STATS");
  if (st && *st && *st != '0')
    atexit(fz_stats_print);
  st = getenv("FUZZ_TRACE");
  fz_trace = st && *st && *st != '0';
  fz_ndev = omp_get_num_devices();
  fz_initial = omp_get_initial_device();
  fz_devs = calloc((size_t)fz_ndev + 1, sizeof *fz_devs);
  fz_hbuf = aligned_alloc(64, FZ_CAP);
  fz_hmap = aligned_alloc(64, FZ_CAP);
  if (!fz_devs || !fz_hbuf || !fz_hmap)
    abort();
  memset(fz_hbuf, 0, FZ_CAP);
  memset(fz_hmap, 0, FZ_CAP);
  return 0;
}

/* ---------------------------------------------------------------- input decoding */
typedef struct {
  const uint8_t *tail;
  size_t tail_len;
} fz_input;

static uint64_t fz_mix(uint64_t *s)
{
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static int fz_device_sel(uint8_t b)
{
  switch (b % 12) {
  case 0:
    return REDU_DEFAULT_DEVICE;
  case 1:
    return 0;
  case 2:
    return 1;
  case 3:
    return fz_ndev - 1;
  case 4:
    return fz_initial;
  case 5:
    return fz_ndev;
  case 6:
    return -7;
  case 7:
    return fz_initial + 1;
  case 8:
    return fz_ndev + 5;
  case 9:
    return INT_MIN;
  case 10:
    return INT_MAX;
  default:
    return -2;
  }
}

static int fz_teams_sel(uint8_t b)
{
  static const int edge[] = {
      -1, INT_MIN, FZ_MAX_TEAMS, FZ_MAX_TEAMS + 1, 1 << 20, INT_MAX, 64, 100, 255, 1000, 4096,
      33, 127,     -8192};
  return b < 200 ? b % 33 : edge[(b - 200) % (sizeof edge / sizeof *edge)];
}

static int fz_threads_sel(uint8_t b)
{
  static const int edge[] = {-1, 32, 64, 96, 1024, 1025, 48, INT_MAX, INT_MIN, 512, 2048, 31};
  return b < 200 ? b % 34 : edge[(b - 200) % (sizeof edge / sizeof *edge)];
}

/* Palettes of interesting values. */
static const int64_t fz_int_pal[] = {0,
                                     1,
                                     -1,
                                     2,
                                     -2,
                                     3,
                                     0x7f,
                                     0x80,
                                     0xff,
                                     0x7fff,
                                     0x8000,
                                     0xffff,
                                     0x7fffffff,
                                     0x80000000ll,
                                     0xffffffffll,
                                     INT64_MAX,
                                     INT64_MIN,
                                     0x5555555555555555ll,
                                     (int64_t)0xaaaaaaaaaaaaaaaaull,
                                     100,
                                     -100,
                                     0x100,
                                     0x10000,
                                     0x100000000ll};
enum { FZ_PAL = sizeof fz_int_pal / sizeof *fz_int_pal };

static void fz_pal_value(const fz_type *t, unsigned k, unsigned char *dst)
{
  k %= FZ_PAL;
  if (t->kind != FZ_K_FLT) {
    uint64_t v = (uint64_t)fz_int_pal[k];
    memcpy(dst, &v, t->size); /* little-endian: the low bytes */
    return;
  }
  if (t->size == 4) {
    static const uint32_t nanbits[] = {0x7fc00000u, 0xffc00000u, 0x7f800001u};
    static const float f[] = {0.0f,       -0.0f,   1.0f,     -1.0f,   2.0f,     -2.0f,
                              0.5f,       3.0f,    0,        0,       0,        INFINITY,
                              -INFINITY,  FLT_MAX, -FLT_MAX, FLT_MIN, -FLT_MIN, 0x1p-149f,
                              -0x1p-149f, 1e30f,   -1e30f,   1e-30f,  0.1f,     -0.1f};
    if (k >= 8 && k <= 10)
      memcpy(dst, &nanbits[k - 8], 4);
    else
      memcpy(dst, &f[k], 4);
  } else {
    static const uint64_t nanbits[] = {0x7ff8000000000000ull, 0xfff8000000000000ull,
                                       0x7ff0000000000001ull};
    static const double f[] = {0.0,        -0.0,    1.0,      -1.0,    2.0,      -2.0,
                               0.5,        3.0,     0,        0,       0,        INFINITY,
                               -INFINITY,  DBL_MAX, -DBL_MAX, DBL_MIN, -DBL_MIN, 0x1p-1074,
                               -0x1p-1074, 1e300,   -1e300,   1e-300,  0.1,      -0.1};
    if (k >= 8 && k <= 10)
      memcpy(dst, &nanbits[k - 8], 8);
    else
      memcpy(dst, &f[k], 8);
  }
}

/* Fills n elements of es bytes at dst from the tail, as mode says. t: element type for the
 * palettes (NULL for user types: palette modes become random bytes). */
static void fz_fill(unsigned char *dst, size_t n, size_t es, const fz_type *t, int mode,
                    const uint8_t *r, const fz_input *in)
{
  size_t bytes = n * es;
  const uint8_t *tl = in->tail;
  size_t tn = in->tail_len;
  uint64_t seed = (uint64_t)r[14] << 8 | r[15];
  for (size_t j = 0; j < tn && j < 64; ++j)
    seed = seed * 131 + tl[j];
  if (!t && (mode == 1 || mode == 3))
    mode = 2;
  switch (mode) {
  case 0: /* the tail's bytes, repeated */
    for (size_t j = 0; j < bytes; ++j)
      dst[j] = tn ? tl[(j + r[14]) % tn] : 0;
    break;
  case 1: /* one palette value per tail byte */
    for (size_t i = 0; i < n; ++i)
      fz_pal_value(t, tn ? tl[(i + r[14]) % tn] : (unsigned)i, dst + i * es);
    break;
  case 2: /* random bytes */
    for (size_t j = 0; j < bytes; j += 8) {
      uint64_t v = fz_mix(&seed);
      memcpy(dst + j, &v, bytes - j < 8 ? bytes - j : 8);
    }
    break;
  default: /* a constant, with (position, palette value) pairs from the tail */
    for (size_t i = 0; i < n; ++i)
      fz_pal_value(t, r[14], dst + i * es);
    for (size_t j = 0; n && j + 1 < tn; j += 2)
      fz_pal_value(t, tl[j + 1], dst + ((size_t)tl[j] * 17 % n) * es);
    break;
  }
}

/* ---------------------------------------------------------------- serial references */
static int64_t fz_load_i(const fz_type *t, const unsigned char *p)
{
  switch (t->size) {
  case 1: {
    int8_t v;
    memcpy(&v, p, 1);
    return v;
  }
  case 2: {
    int16_t v;
    memcpy(&v, p, 2);
    return v;
  }
  case 4: {
    int32_t v;
    memcpy(&v, p, 4);
    return v;
  }
  default: {
    int64_t v;
    memcpy(&v, p, 8);
    return v;
  }
  }
}
static uint64_t fz_load_u(const fz_type *t, const unsigned char *p)
{
  uint64_t v = 0;
  memcpy(&v, p, t->size);
  return v;
}
static double fz_load_f(const fz_type *t, const unsigned char *p)
{
  if (t->size == 4) {
    float f;
    memcpy(&f, p, 4);
    return f;
  }
  double d;
  memcpy(&d, p, 8);
  return d;
}
static void fz_store_f(const fz_type *t, unsigned char *p, double v)
{
  if (t->size == 4) {
    float f = (float)v;
    memcpy(p, &f, 4);
  } else {
    memcpy(p, &v, 8);
  }
}
static void fz_store_nan(const fz_type *t, unsigned char *p)
{
  /* The canonical quiet NaN (docs/semantics.md): what __builtin_nan("") gives. */
  fz_store_f(t, p, __builtin_nan(""));
}

/* Is a strictly better than b for min (max: mirrored)? NaN wins, -0 < +0. */
static int fz_f_better(double a, double b, int want_max)
{
  if (isnan(b))
    return 0;
  if (isnan(a))
    return 1;
  if (a == b)
    return want_max ? (!signbit(a) && signbit(b)) : (signbit(a) && !signbit(b));
  return want_max ? a > b : a < b;
}

/* Exact reference for every built-in op but float/double sum and prod: want gets the
 * result's bytes (and *want_idx the index for argmin/argmax). */
static void fz_exact_reference(redu_op op, const fz_type *t, const unsigned char *x, size_t n,
                               unsigned char *want, size_t *want_idx)
{
  size_t es = t->size;
  int arg = op == REDU_ARGMIN || op == REDU_ARGMAX;
  int want_max = op == REDU_MAX || op == REDU_ARGMAX;
  *want_idx = REDU_NO_INDEX;
  if (op == REDU_LAND || op == REDU_LOR) {
    int acc = op == REDU_LAND;
    for (size_t i = 0; i < n; ++i) {
      int truth =
          t->kind == FZ_K_FLT ? fz_load_f(t, x + i * es) != 0.0 : fz_load_u(t, x + i * es) != 0;
      acc = op == REDU_LAND ? acc && truth : acc || truth;
    }
    if (t->kind == FZ_K_FLT)
      fz_store_f(t, want, acc);
    else {
      uint64_t v = (uint64_t)acc;
      memcpy(want, &v, es);
    }
    return;
  }
  if (t->kind == FZ_K_FLT) {
    /* min/max/argmin/argmax; the identity is +inf (min) or -inf (max). */
    size_t best = REDU_NO_INDEX;
    double bv = want_max ? -INFINITY : INFINITY;
    for (size_t i = 0; i < n; ++i) {
      double v = fz_load_f(t, x + i * es);
      if (best == REDU_NO_INDEX || fz_f_better(v, bv, want_max))
        best = i, bv = v;
    }
    if (isnan(bv))
      fz_store_nan(t, want);
    else if (best == REDU_NO_INDEX)
      fz_store_f(t, want, bv);
    else
      memcpy(want, x + best * es, es); /* the element's own bits: -0 stays -0 */
    if (arg)
      *want_idx = best;
    return;
  }
  int sgn = t->kind == FZ_K_INT;
  unsigned bits = (unsigned)(8 * es);
  int64_t smin = bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
  int64_t smax = bits == 64 ? INT64_MAX : ((int64_t)1 << (bits - 1)) - 1;
  uint64_t umax = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
  uint64_t acc;
  switch (op) {
  case REDU_SUM:
    acc = 0;
    break;
  case REDU_PROD:
    acc = 1;
    break;
  case REDU_BAND:
    acc = ~0ull;
    break;
  case REDU_BOR:
  case REDU_BXOR:
    acc = 0;
    break;
  case REDU_MIN:
  case REDU_MAX:
  case REDU_ARGMIN:
  case REDU_ARGMAX: /* the type's max for min, its min for max */
    acc = sgn ? (uint64_t)(want_max ? smin : smax) : (want_max ? 0 : umax);
    break;
  case REDU_LAND: /* returned above */
  case REDU_LOR:
  case REDU_OP_COUNT: /* no op; every op has its case, so a new one stops the build here */
    abort();
  }
  size_t best = REDU_NO_INDEX;
  for (size_t i = 0; i < n; ++i) {
    const unsigned char *p = x + i * es;
    uint64_t u = sgn ? (uint64_t)fz_load_i(t, p) : fz_load_u(t, p);
    switch (op) {
    case REDU_SUM:
      acc += u;
      break;
    case REDU_PROD:
      acc *= u;
      break;
    case REDU_BAND:
      acc &= u;
      break;
    case REDU_BOR:
      acc |= u;
      break;
    case REDU_BXOR:
      acc ^= u;
      break;
    case REDU_LAND: /* returned above */
    case REDU_LOR:
    case REDU_OP_COUNT:
      abort();
    case REDU_MIN:
    case REDU_MAX:
    case REDU_ARGMIN:
    case REDU_ARGMAX: {
      /* strictly better only: the lowest index wins ties; the first element is taken
       * even when it equals the identity (argmin of all-INT_MAX input is index 0) */
      int better = sgn ? (want_max ? (int64_t)u > (int64_t)acc : (int64_t)u < (int64_t)acc)
                       : (want_max ? u > acc : u < acc);
      if (better || best == REDU_NO_INDEX)
        best = i, acc = u;
      break;
    }
    }
  }
  memcpy(want, &acc, es); /* modulo 2^bits */
  if (arg)
    *want_idx = best;
}

static long double fz_ulp(const fz_type *t, long double v)
{
  int minexp = t->size == 4 ? -149 : -1074, mant = t->size == 4 ? 23 : 52;
  if (v == 0 || !isfinite(v))
    return ldexpl(1.0L, minexp);
  int e = ilogbl(v) - mant;
  return ldexpl(1.0L, e < minexp ? minexp : e);
}

/* Float/double sum: the documented bound. */
static void fz_check_fsum(const fz_type *t, const unsigned char *x, size_t n, double got)
{
  long double ref = 0, mag = 0;
  int nan = 0, pinf = 0, ninf = 0;
  for (size_t i = 0; i < n; ++i) {
    double v = fz_load_f(t, x + i * t->size);
    if (isnan(v))
      nan = 1;
    else if (isinf(v))
      v > 0 ? (pinf = 1) : (ninf = 1);
    else
      ref += v, mag += fabsl((long double)v);
  }
  if (nan || (pinf && ninf)) {
    if (!isnan(got))
      fz_fail("sum with NaN or +inf and -inf gave %a, want NaN", got);
    return;
  }
  if (t->size == 8 && mag > DBL_MAX / 4)
    return; /* partial sums may overflow (to inf, or inf - inf) in some orders only */
  if (pinf || ninf) {
    if (got != (pinf ? INFINITY : -INFINITY))
      fz_fail("sum with %s gave %a", pinf ? "+inf" : "-inf", got);
    return;
  }
  long double tol = (long double)(n + 2) * ldexpl(1.0L, -52) * mag + fz_ulp(t, ref);
  long double top = t->size == 4 ? FLT_MAX : DBL_MAX;
  if (isinf(got)) {
    if ((got > 0) != (ref > 0) || fabsl(ref) + tol < top * (1 - ldexpl(1.0L, -24)))
      fz_fail("sum gave %a, reference %La (sum|x| %La)", got, ref, mag);
    return;
  }
  if (isnan(got) || fabsl((long double)got - ref) > tol)
    fz_fail("sum gave %a, reference %La, |error| %La > bound %La (n=%zu, sum|x| %La)", got, ref,
            fabsl((long double)got - ref), tol, n, mag);
}

/* Float/double prod (accumulated in double, in the plan's order): exact classes where no
 * partial product can leave double's normal range, else unchecked. */
static void fz_check_fprod(const fz_type *t, const unsigned char *x, size_t n, double got)
{
  long double ref = 1;
  int nan = 0, zero = 0, inf = 0, neg = 0;
  long pos_e = 0, neg_e = 0;
  for (size_t i = 0; i < n; ++i) {
    double v = fz_load_f(t, x + i * t->size);
    if (isnan(v)) {
      nan = 1;
      continue;
    }
    neg ^= signbit(v) != 0;
    if (v == 0)
      zero = 1;
    else if (isinf(v))
      inf = 1;
    else {
      int e = ilogb(v);
      if (e >= 0)
        pos_e += e + 1;
      else
        neg_e += e;
      if (pos_e <= 1000 && neg_e >= -1000)
        ref *= v;
    }
  }
  if (nan || (zero && inf)) {
    if (!isnan(got))
      fz_fail("prod with NaN or 0 * inf gave %a, want NaN", got);
    return;
  }
  int safe = pos_e <= 1000 && neg_e >= -1000;
  if (!safe)
    return;
  if (zero || inf) {
    double want = zero ? (neg ? -0.0 : 0.0) : (neg ? -INFINITY : INFINITY);
    if (!(got == want && signbit(got) == signbit(want)))
      fz_fail("prod gave %a, want %a", got, want);
    return;
  }
  long double tol = (long double)(n + 2) * ldexpl(1.0L, -52) * fabsl(ref) + fz_ulp(t, ref);
  long double top = t->size == 4 ? FLT_MAX : DBL_MAX;
  if (isinf(got)) {
    if ((got > 0) != (ref > 0) || fabsl(ref) + tol < top * (1 - ldexpl(1.0L, -24)))
      fz_fail("prod gave %a, reference %La", got, ref);
    return;
  }
  if (isnan(got) || fabsl((long double)got - ref) > tol)
    fz_fail("prod gave %a, reference %La, |error| %La > %La (n=%zu)", got, ref,
            fabsl((long double)got - ref), tol, n);
}

/* ---------------------------------------------------------------- expected statuses */
typedef struct {
  unsigned must, may; /* must fail with one of `must` (if any); may fail with `may` */
} fz_expect;

/* Options valid for any n? and for n > 0? (must/may bits into e) */
static void fz_expect_options(fz_expect *e, const redu_options *o, int gpu, int planned)
{
  if (!o)
    return;
  const unsigned known = REDU_INPUT_HOST | REDU_TEAM_SHUFFLE | REDU_TEAM_TREE;
  if ((o->flags & ~known) || o->teams < 0 || o->threads < 0)
    e->must |= FZ_BIT(REDU_ERR_BAD_OPTION);
  unsigned *planner = planned ? &e->must : (FUZZ_STRICT_EMPTY ? &e->must : &e->may);
  if (o->teams > FZ_MAX_TEAMS)
    *planner |= FZ_BIT(REDU_ERR_BAD_OPTION);
  if ((o->flags & REDU_TEAM_TREE) && (o->flags & REDU_TEAM_SHUFFLE))
    *planner |= FZ_BIT(REDU_ERR_BAD_OPTION);
  if (o->threads > 0) {
    int max = gpu ? FZ_GPU_MAX_THREADS : FZ_CPU_MAX_THREADS;
    if (o->threads > FZ_GPU_MAX_THREADS || (gpu && o->threads % 32))
      *planner |= FZ_BIT(REDU_ERR_BAD_OPTION);
    else if (o->threads > max)
      e->may |= FZ_BIT(REDU_ERR_BAD_OPTION); /* past the CPU limit: internal detail */
  }
}

static void fz_check_status(redu_status s, const fz_expect *e)
{
  if ((unsigned)s >= REDU_STATUS_COUNT)
    fz_fail("status %d is outside redu_status", (int)s);
  if (s == REDU_OK) {
    if (e->must)
      fz_fail("REDU_OK, but the arguments must fail (allowed statuses 0x%x)", e->must);
    return;
  }
  if (!((e->must | e->may) & FZ_BIT(s)))
    fz_fail("status %s (%d) not expected (must 0x%x, may 0x%x)", fz_status_name(s), (int)s, e->must,
            e->may);
}

static void fz_check_message(redu_status s, const char *fn, const char *alt)
{
  const char *m = redu_last_error();
  if (!m || !m[0])
    fz_fail("status %s without a message", fz_status_name(s));
  if (!strstr(m, fn) && !(alt && strstr(m, alt)))
    fz_fail("the message does not name %s%s%s", fn, alt ? " or " : "", alt ? alt : "");
  const char *t = redu_status_string(s);
  if (!t || !t[0])
    fz_fail("redu_status_string(%d) is empty", (int)s);
}

/* A failing call that leaves a known message: the next message must be the next call's. */
static void fz_prime_message(void)
{
  if (redu_plan_query(REDU_DEFAULT_DEVICE, 1, 1, NULL, NULL) != REDU_ERR_NULL_ARG)
    fz_fail("redu_plan_query with NULL outputs did not fail with NULL_ARG");
}

static int fz_untouched(const unsigned char *p, size_t from, size_t to, unsigned char v)
{
  for (size_t j = from; j < to; ++j)
    if (p[j] != v)
      return 0;
  return 1;
}

/* ---------------------------------------------------------------- array calls */
static _Alignas(64) unsigned char fz_out[FZ_OUT];
static size_t fz_idx;
static const size_t fz_idx_sent = 0xA5A5A5A5A5A5A5A5ull;

static void fz_hex(char *dst, size_t len, const unsigned char *p, size_t n)
{
  size_t at = 0;
  for (size_t j = 0; j < n && at + 3 < len; ++j)
    at += (size_t)snprintf(dst + at, len - at, "%02x", p[j]);
}

/* api 0 (generic), 1 (typed), 2 (user-declared). */
static void fz_array_call(int api, const uint8_t *r, const fz_input *in)
{
  /* --- what to call */
  int op_raw = r[1] < 240 ? r[1] % REDU_OP_COUNT
                          : (int[]){REDU_OP_COUNT, 99, -1, INT_MIN, INT_MAX, 12}[r[1] % 6];
  int type_raw = r[2] < 240 ? r[2] % REDU_TYPE_COUNT
                            : (int[]){REDU_TYPE_COUNT, -1, 77, INT_MIN, INT_MAX, 11}[r[2] % 6];
  int udr = r[1] % FZ_U_COUNT;
  if (api == 1) { /* typed calls exist only for valid (op, type) pairs */
    op_raw = r[1] % REDU_OP_COUNT, type_raw = r[2] % REDU_TYPE_COUNT;
    if (!fz_typed[op_raw][type_raw])
      op_raw = REDU_SUM;
  }
  int known =
      api == 2 || ((unsigned)op_raw < REDU_OP_COUNT && (unsigned)type_raw < REDU_TYPE_COUNT);
  const fz_type *t = api != 2 && (unsigned)type_raw < REDU_TYPE_COUNT ? &fz_types[type_raw] : NULL;
  redu_op op = (redu_op)op_raw;
  int supported = api == 2 || (known && fz_typed[op_raw][type_raw] != NULL);
  int arg = api != 2 && (op == REDU_ARGMIN || op == REDU_ARGMAX);
  size_t es = api == 2 ? fz_udrs[udr].in_size : t ? t->size : 8;
  size_t ea = api == 2 ? fz_udrs[udr].in_align : t ? t->align : 8;
  char fn[64];
  if (api == 2)
    snprintf(fn, sizeof fn, "%s", fz_udrs[udr].fn);
  else if (known && supported)
    snprintf(fn, sizeof fn, "redu_%s_%s", fz_op_names[op], t->sfx);
  else
    snprintf(fn, sizeof fn, "redu_reduce");
  fz_what = api == 0 ? "redu_reduce" : fn;

  /* --- device */
  int dev = fz_device_sel(r[3]);
  int dvalid = fz_dev_valid(dev);
  int rd = fz_dev_resolve(dev);
  fz_dev *D = dvalid ? fz_dev_ready(rd) : NULL;
  int gpu = D && D->gpu;
  int on_plugin = dvalid && rd != fz_initial;

  /* --- x */
  int kind = r[7] & 7;
  size_t off = ((r[7] >> 3) & 15) * es;
  int misaligned = 0;
  if ((r[7] & 0x80) && ea > 1 && FUZZ_MISALIGNED >= 0) {
    off += 1 + r[14] % (ea - 1);
    misaligned = 1;
  }
  size_t cap = FZ_DATA / es < FZ_MAX_N ? FZ_DATA / es : FZ_MAX_N;
  unsigned flags = 0;
  int host_as_device = 0; /* a plain host array passed as device memory */
  unsigned char *base;
  unsigned char *dmem = D ? D->mem : fz_hbuf;
  switch (kind) {
  case 4:
    base = fz_hbuf, flags |= REDU_INPUT_HOST;
    break;
  case 5:
    flags |= REDU_INPUT_HOST;
    base = on_plugin ? fz_hmap : fz_hbuf;
    break;
  case 6:
    base = fz_hbuf, host_as_device = on_plugin;
    break;
  case 7:
    base = NULL;
    break;
  default:
    base = dmem;
    break;
  }
  if ((r[8] & 0x20) && !gpu && base == dmem) /* device memory passed as a host array */
    flags |= REDU_INPUT_HOST;
  const unsigned char *x = base ? base + off : NULL;

  /* --- n */
  uint16_t n16 = (uint16_t)(r[4] | r[5] << 8);
  size_t n;
  int nmode = r[6] % 8, past_end = 0, ovf_mode = 0;
  switch (nmode) {
  case 4:
    n = 0;
    break;
  case 5:
    if (gpu && base == dmem && !(flags & REDU_INPUT_HOST)) {
      n = (FZ_CAP - off) / es + 1 + n16 % 64;
      past_end = 1;
    } else {
      n = n16 % (cap + 1);
    }
    break;
  case 6:
    n = SIZE_MAX / es + 1 + n16 % 16;
    if (n < SIZE_MAX / es) /* es == 1: no n overflows; the address wraps instead */
      n = SIZE_MAX - n16 % 16;
    ovf_mode = 1;
    break;
  case 7:
    n = ((uintptr_t)UINTPTR_MAX - (uintptr_t)(x ? x : (const unsigned char *)fz_hbuf)) / es + 1 +
        n16 % 16;
    ovf_mode = 1;
    break;
  default:
    n = n16 % (cap + 1);
    break;
  }
  int ovf = n > SIZE_MAX / es || (x && (uintptr_t)x > UINTPTR_MAX - n * es);
  if (ovf_mode && x && !ovf) /* never pass a huge range the library might read */
    n = 0, ovf_mode = 0;

  /* --- options */
  redu_options o = {0};
  int use_opts = (r[8] & 3) || flags;
  o.flags = flags;
  if (use_opts) {
    o.teams = fz_teams_sel(r[9]);
    o.threads = fz_threads_sel(r[10]);
    if (r[8] & 0x04)
      o.flags |= REDU_TEAM_SHUFFLE;
    if (r[8] & 0x08)
      o.flags |= REDU_TEAM_TREE;
    if (r[8] & 0x10)
      o.flags |= 1u << (4 + r[15] % 28); /* bit 3, REDU_EXACT, is not drawn */
  }
  int pad_mode = r[11] % 8;
  void *pad_mem = NULL;
  int pad_dev = dvalid ? rd : fz_initial;
  size_t need = 0;
  int need_known = 0;
  /* redu.h: sizeof the declared type, or redu_accumulator_size for built-ins. */
  size_t acc_doc = api == 2 ? fz_udrs[udr].acc_size
                   : known  ? redu_accumulator_size(op, (redu_type)type_raw)
                            : es;
  if (!acc_doc)
    acc_doc = es;
  if (use_opts && pad_mode >= 4) {
    size_t tb = 0, db = 0;
    if (dvalid && n > 0 && !ovf && redu_scratch_query(dev, n, es, acc_doc, &o, &tb, &db) == REDU_OK)
      need = db, need_known = 1;
    else
      need = 4096;
    size_t bytes = need, shift = 0;
    if (pad_mode == 5)
      bytes = need > 1 + r[15] % 64u ? need - 1 - r[15] % 64u : 0;
    if (pad_mode == 6)
      shift = 1 + r[15] % 15u;
    if (pad_mode == 7)
      bytes = need + r[15];
    pad_mem = omp_target_alloc(bytes + 64, pad_dev);
    if (!pad_mem)
      abort();
    o.scratchpad = (unsigned char *)pad_mem + shift;
    o.scratchpad_bytes = bytes;
  }

  /* --- outputs */
  memset(fz_out, FZ_SENT, sizeof fz_out);
  fz_idx = fz_idx_sent;
  void *result = r[12] % 8 == 6 ? NULL : fz_out;
  size_t *index = r[12] % 8 == 7 ? NULL : &fz_idx;

  /* --- data: staged in fz_hbuf (the reference reads it), copied where x points */
  size_t used = off + (n <= cap ? n : 0) * es; /* bytes from base that the call may read */
  if (used > FZ_CAP)
    abort();
  if (n <= cap && n > 0)
    fz_fill(fz_hbuf + off, n, es, t, r[13] % 4, r, in);
  if (api == 2 && udr == FZ_U_RECS && (r[13] % 4 == 1 || r[13] % 4 == 3))
    for (size_t i = 0; i < n && n <= cap; ++i) { /* few distinct keys: ties */
      int32_t k = (int32_t)fz_int_pal[(in->tail_len ? in->tail[i % in->tail_len] : i) % 5];
      memcpy(fz_hbuf + off + i * es, &k, 4);
    }
  if (used && base == dmem && dmem != fz_hbuf)
    if (omp_target_memcpy(dmem, fz_hbuf, used, 0, 0, rd, fz_initial))
      abort();
  if (used && base == fz_hmap) {
    memcpy(fz_hmap, fz_hbuf, used);
    if (!D->mapped) {
      unsigned char *h = fz_hmap;
#pragma omp target enter data map(alloc : h[0 : FZ_CAP]) device(rd)
      D->mapped = 1;
    }
    unsigned char *h = fz_hmap;
#pragma omp target update to(h[0 : used]) device(rd)
  }
  snprintf(fz_ctx, sizeof fz_ctx,
           "api %d %s dev %d (rd %d%s) n %zu x %s+%zu%s%s opts %s{teams %d threads %d flags "
           "0x%x pad %zu/%zu%s} result %s index %s data %d",
           api, fn, dev, rd, gpu ? " gpu" : "", n,
           base == NULL                      ? "NULL"
           : base == fz_hmap                 ? "mapped-host"
           : base == dmem && dmem != fz_hbuf ? "device"
                                             : "host",
           off, misaligned ? " MISALIGNED" : "", (flags & REDU_INPUT_HOST) ? " INPUT_HOST" : "",
           use_opts ? "" : "NULL", o.teams, o.threads, o.flags, o.scratchpad_bytes, need,
           o.scratchpad && ((uintptr_t)o.scratchpad & 15) ? " misaligned" : "",
           result ? "ok" : "NULL", index ? "ok" : "NULL", r[13] % 4);

  /* --- what the arguments allow */
  fz_expect e = {0, 0};
  if (!supported)
    e.must |= FZ_BIT(REDU_ERR_UNSUPPORTED);
  if (!result || (arg && !index))
    e.must |= FZ_BIT(REDU_ERR_NULL_ARG);
  if (!dvalid)
    e.must |= FZ_BIT(REDU_ERR_INVALID_DEVICE);
  fz_expect_options(&e, use_opts ? &o : NULL, gpu, n > 0);
  /* redu.h: on a GPU a declared type up to 32 bytes runs at most 512 threads per team. */
  if (use_opts && gpu && api == 2 && fz_udrs[udr].acc_size <= 32 && o.threads > 512)
    *(n > 0 || FUZZ_STRICT_EMPTY ? &e.must : &e.may) |= FZ_BIT(REDU_ERR_BAD_OPTION);
  if (n > 0) {
    if (!x)
      e.must |= FZ_BIT(REDU_ERR_NULL_ARG);
    else if (ovf)
      e.must |= FZ_BIT(REDU_ERR_OVERFLOW);
    else if (gpu && (past_end || host_as_device))
      e.must |= FZ_BIT(REDU_ERR_NOT_DEVICE_PTR);
    if (o.scratchpad) {
      int exact = api == 2 || FUZZ_BUILTIN_PAD_DOC;
      if (o.scratchpad_bytes < FZ_MIN_PAD)
        e.must |= FZ_BIT(REDU_ERR_SCRATCH_TOO_SMALL);
      else if (need_known && o.scratchpad_bytes < need && exact)
        e.must |= FZ_BIT(REDU_ERR_SCRATCH_TOO_SMALL);
      else if (!need_known || o.scratchpad_bytes < need || !exact)
        e.may |= FZ_BIT(REDU_ERR_SCRATCH_TOO_SMALL);
      if ((uintptr_t)o.scratchpad % REDU_SCRATCHPAD_ALIGN)
        e.must |= FZ_BIT(FUZZ_MISALIGNED_STATUS);
    }
    if (misaligned) {
      if (FUZZ_MISALIGNED == 1)
        e.must |= FZ_BIT(FUZZ_MISALIGNED_STATUS);
      else
        e.may |= ~0u & ~1u; /* any error */
    }
  } else if (o.scratchpad) {
    e.may |= FZ_BIT(REDU_ERR_SCRATCH_TOO_SMALL);
  }
  if (misaligned && n == 0)
    e.may |= ~0u & ~1u;

  /* --- the call */
  fz_prime_message();
  redu_status s;
  if (api == 0)
    s = redu_reduce(dev, op, (redu_type)type_raw, x, n, result, index, use_opts ? &o : NULL);
  else if (api == 1)
    s = fz_typed[op][type_raw](dev, x, n, result, index, use_opts ? &o : NULL);
  else
    s = fz_udr_call(udr, dev, x, n, result, use_opts ? &o : NULL);

  fz_stat(api, s, n);
  fz_check_status(s, &e);
  size_t rsize = api == 2 ? fz_udrs[udr].acc_size : es;
  if (s != REDU_OK) {
    if (!fz_untouched(fz_out, 0, sizeof fz_out, FZ_SENT) || fz_idx != fz_idx_sent)
      fz_fail("status %s but the outputs were written", fz_status_name(s));
    fz_check_message(s, fn, api == 0 ? "redu_reduce" : NULL);
  } else {
    /* Nothing past the result, no index for value ops. */
    if (!fz_untouched(fz_out, rsize, sizeof fz_out, FZ_SENT))
      fz_fail("wrote past the %zu-byte result", rsize);
    if (!arg && fz_idx != fz_idx_sent)
      fz_fail("a value op wrote the index");
    unsigned char want[FZ_OUT];
    memset(want, 0, sizeof want);
    const unsigned char *xs = fz_hbuf + off; /* the staged copy of x[0, n) */
    if (api == 2) {
      fz_udr_reference(udr, xs, n, want);
      if (memcmp(fz_out, want, rsize)) {
        char g[80] = "", w[80] = "";
        fz_hex(g, sizeof g, fz_out, rsize), fz_hex(w, sizeof w, want, rsize);
        fz_fail("user-declared result %s, reference %s", g, w);
      }
    } else if (t->kind == FZ_K_FLT && (op == REDU_SUM || op == REDU_PROD)) {
      double got = fz_load_f(t, fz_out);
      if (isnan(got)) { /* NaN results leave canonical (redu_builtin_ops.h narrows so) */
        fz_store_nan(t, want);
        if (memcmp(fz_out, want, es))
          fz_fail("a NaN result that is not the canonical quiet NaN");
      }
      (op == REDU_SUM ? fz_check_fsum : fz_check_fprod)(t, xs, n, got);
    } else {
      size_t want_idx;
      fz_exact_reference(op, t, xs, n, want, &want_idx);
      if (memcmp(fz_out, want, es)) {
        char g[40] = "", w[40] = "";
        fz_hex(g, sizeof g, fz_out, es), fz_hex(w, sizeof w, want, es);
        fz_fail("result bytes %s, reference %s", g, w);
      }
      if (arg && fz_idx != want_idx)
        fz_fail("index %zu, reference %zu", fz_idx, want_idx);
    }
  }
  if (pad_mem)
    omp_target_free(pad_mem, pad_dev);
}

/* ---------------------------------------------------------------- queries */
static const size_t fz_elem_sizes[] = {0,  1,   2,   4,   8,    16,   3,        12,
                                       24, 256, 257, 268, 1024, 4096, SIZE_MAX, SIZE_MAX / 2 + 1};
static const size_t fz_acc_sizes[] = {0, 1, 2, 4, 8, 16, 12, 24, 256, 257, 1024, SIZE_MAX};

static size_t fz_query_n(const uint8_t *r, size_t elem)
{
  uint16_t n16 = (uint16_t)(r[4] | r[5] << 8);
  switch (r[6] % 8) {
  case 4:
    return 0;
  case 5:
    return ((size_t)1 << 31) + 77;
  case 6:
    return elem > 1 ? SIZE_MAX / elem + 1 + n16 % 16 : SIZE_MAX - n16 % 16;
  case 7:
    return (size_t)1 << 40;
  default:
    return n16;
  }
}

/* The teams/threads a plan_query gives, as describe_plan writes them. */
static int fz_parse_plan(const char *text, int *teams, int *threads)
{
  const char *p = strstr(text, "-> ");
  return p && sscanf(p, "-> %d teams x %d threads", teams, threads) == 2;
}

static void fz_query_call(int api, const uint8_t *r)
{
  int dev = fz_device_sel(r[3]);
  int dvalid = fz_dev_valid(dev);
  int rd = fz_dev_resolve(dev);
  fz_dev *D = dvalid ? fz_dev_ready(rd) : NULL;
  int gpu = D && D->gpu;
  size_t elem = fz_elem_sizes[r[2] % (sizeof fz_elem_sizes / sizeof *fz_elem_sizes)];
  size_t n = fz_query_n(r, elem);
  int out_mode = r[12] % 8;
  fz_expect e = {0, 0};
  if (!dvalid)
    e.must |= FZ_BIT(REDU_ERR_INVALID_DEVICE);
  fz_prime_message();

  if (api == 3 || api == 4) {
    /* plan_query / describe_plan: the built-in shape (accumulator = element size). */
    if (!elem)
      e.must |= FZ_BIT(REDU_ERR_UNSUPPORTED);
    else if (n > SIZE_MAX / elem)
      e.must |= FZ_BIT(REDU_ERR_OVERFLOW);
    if (elem > REDU_MAX_ACC_BYTES) /* the built-in shape refuses accumulators over 256 bytes: the
                       plan a transform reduction over larger records gets cannot be asked */
      e.may |= FZ_BIT(REDU_ERR_UNSUPPORTED);
  }
  if (api == 3) {
    fz_what = "redu_plan_query";
    int teams = -12345, threads = -12345;
    int *tp = out_mode == 6 ? NULL : &teams, *hp = out_mode == 7 ? NULL : &threads;
    if (!tp || !hp)
      e.must |= FZ_BIT(REDU_ERR_NULL_ARG);
    snprintf(fz_ctx, sizeof fz_ctx, "dev %d n %zu elem %zu teams %s threads %s", dev, n, elem,
             tp ? "ok" : "NULL", hp ? "ok" : "NULL");
    redu_status s = redu_plan_query(dev, n, elem, tp, hp);
    fz_stat(api, s, n);
    fz_check_status(s, &e);
    if (s != REDU_OK) {
      if (teams != -12345 || threads != -12345)
        fz_fail("status %s but teams/threads were written", fz_status_name(s));
      fz_check_message(s, "redu_plan_query", NULL);
      return;
    }
    if (teams < 1 || teams > FZ_MAX_TEAMS || threads < 1 || threads > FZ_GPU_MAX_THREADS ||
        (gpu && threads % 32))
      fz_fail("plan %d teams x %d threads", teams, threads);
    char text[FZ_DESC];
    int t2, h2;
    redu_status s2 = redu_describe_plan(dev, n, elem, text, sizeof text);
    if (s2 != REDU_OK)
      fz_fail("plan_query OK but describe_plan gives %s", fz_status_name(s2));
    if (!fz_parse_plan(text, &t2, &h2) || t2 != teams || h2 != threads)
      fz_fail("plan_query %d x %d, describe_plan says \"%s\"", teams, threads, text);
    return;
  }
  if (api == 4) {
    fz_what = "redu_describe_plan";
    static const size_t lens[] = {0, 1, 2, 7, 16, 64, 100, 256, 511, 600};
    size_t len = lens[r[14] % (sizeof lens / sizeof *lens)];
    static char buf[FZ_DESC];
    memset(buf, FZ_DESC_SENT, sizeof buf);
    char *b = out_mode == 6 ? NULL : buf;
    if (!b || !len)
      e.must |= FZ_BIT(REDU_ERR_NULL_ARG);
    snprintf(fz_ctx, sizeof fz_ctx, "dev %d n %zu elem %zu buf %s len %zu", dev, n, elem,
             b ? "ok" : "NULL", len);
    redu_status s = redu_describe_plan(dev, n, elem, b, len);
    fz_stat(api, s, n);
    fz_check_status(s, &e);
    if (s != REDU_OK) {
      if (!fz_untouched((unsigned char *)buf, 0, sizeof buf, FZ_DESC_SENT))
        fz_fail("status %s but buf was written", fz_status_name(s));
      fz_check_message(s, "redu_describe_plan", NULL);
      return;
    }
    if (!memchr(buf, 0, len))
      fz_fail("text not NUL-terminated within len %zu", len);
    if (!fz_untouched((unsigned char *)buf, len, sizeof buf, FZ_DESC_SENT))
      fz_fail("wrote past len %zu", len);
    if (len >= 511 && !strstr(buf, "teams"))
      fz_fail("text \"%s\" names no teams", buf);
    return;
  }
  /* api 5: scratch_query */
  fz_what = "redu_scratch_query";
  size_t acc = fz_acc_sizes[r[1] % (sizeof fz_acc_sizes / sizeof *fz_acc_sizes)];
  redu_options o = {0};
  int use_opts = r[8] & 3;
  if (use_opts) {
    o.teams = fz_teams_sel(r[9]);
    o.threads = fz_threads_sel(r[10]);
    o.flags = (r[8] & 0x04 ? REDU_TEAM_SHUFFLE : 0) | (r[8] & 0x08 ? REDU_TEAM_TREE : 0) |
              (r[8] & 0x10 ? 1u << (4 + r[15] % 28) : 0) | (r[8] & 0x20 ? REDU_INPUT_HOST : 0) |
              (r[14] & 1 ? REDU_EXACT : 0);
  }
  size_t tb = 0xA5A5A5A5u, db = 0xA5A5A5A5u;
  size_t *tbp = out_mode == 6 ? NULL : &tb, *dbp = out_mode == 7 ? NULL : &db;
  if (!tbp || !dbp)
    e.must |= FZ_BIT(REDU_ERR_NULL_ARG);
  /* With REDU_EXACT: an exact call's record, up to REDU_EXACT_ACC_BYTES, whose GPU plans
   * take at most 512 threads per team; without it, up to REDU_MAX_ACC_BYTES. */
  int exact = use_opts && (o.flags & REDU_EXACT);
  if (!elem || !acc || acc > (exact ? (size_t)REDU_EXACT_ACC_BYTES : (size_t)REDU_MAX_ACC_BYTES))
    e.must |= FZ_BIT(REDU_ERR_UNSUPPORTED);
  else if (gpu && exact && o.threads > 512)
    e.may |= FZ_BIT(REDU_ERR_BAD_OPTION);
  else if ((n ? n : 1) > SIZE_MAX / elem)
    e.must |= FZ_BIT(REDU_ERR_OVERFLOW);
  redu_options judged = o; /* REDU_EXACT is a known flag here, judged above */
  judged.flags &= ~REDU_EXACT;
  fz_expect_options(&e, use_opts ? &judged : NULL, gpu, 1); /* planned for n = 0 too */
  snprintf(fz_ctx, sizeof fz_ctx,
           "dev %d n %zu elem %zu acc %zu opts %s{teams %d threads %d "
           "flags 0x%x}",
           dev, n, elem, acc, use_opts ? "" : "NULL", o.teams, o.threads, o.flags);
  redu_status s = redu_scratch_query(dev, n, elem, acc, use_opts ? &o : NULL, tbp, dbp);
  fz_stat(api, s, n);
  fz_check_status(s, &e);
  if (s != REDU_OK) {
    if (tb != 0xA5A5A5A5u || db != 0xA5A5A5A5u)
      fz_fail("status %s but the outputs were written", fz_status_name(s));
    fz_check_message(s, "redu_scratch_query", NULL);
    return;
  }
  if (n == 0 && (tb || db))
    fz_fail("n = 0 needs %zu / %zu bytes, want 0 / 0", tb, db);
  if (n > 0 && db < FZ_MIN_PAD)
    fz_fail("device_bytes %zu < %d", db, (int)FZ_MIN_PAD);
  if (n > 0 && !gpu && tb)
    fz_fail("team_bytes %zu on a CPU device (documented 0)", tb);
}

/* ---------------------------------------------------------------- segmented, exact */
#include "redu_test_seg_forms.h"

/* After the forms, which fuzz_segmented.h stamps. */
#include "fuzz_multi.h"
#include "fuzz_scan_bins.h"
#include "fuzz_segmented.h"

/* ---------------------------------------------------------------- entry */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (!fz_devs)
    LLVMFuzzerInitialize(NULL, NULL);
  if (size == 0)
    return 0;
  int calls = 1 + data[0] % 3;
  fz_input in;
  size_t head = 1 + 16 * (size_t)calls;
  in.tail = head < size ? data + head : data;
  in.tail_len = head < size ? size - head : 0;
  for (int c = 0; c < calls; ++c) {
    uint8_t r[16] = {0};
    for (size_t j = 0; j < 16; ++j)
      if (1 + 16 * (size_t)c + j < size)
        r[j] = data[1 + 16 * (size_t)c + j];
    int api = r[0] % FZ_APIS;
    if (api <= 2)
      fz_array_call(api, r, &in);
    else if (api <= 5)
      fz_query_call(api, r);
    else if (api == 7)
      fz_seg_call(r, &in);
    else if (api == 8)
      fz_exact_call(r, &in);
    else if (api == 9)
      fz_multi_call(r, &in);
    else if (api == 10)
      fz_scan_bins_call(r, &in);
    else {
      fz_what = "redu_finalize";
      fz_ctx[0] = 0;
      redu_finalize(); /* frees the caches; the next calls set them up again */
      fz_stat(6, REDU_OK, 0);
    }
  }
  /* Any int is a valid argument to redu_status_string. */
  int any = 0;
  memcpy(&any, data, size < sizeof any ? size : sizeof any);
  const char *t = redu_status_string((redu_status)any);
  if (!t || !t[0])
    fz_fail("redu_status_string(%d) is empty", any);
  return 0;
}

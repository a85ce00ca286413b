/* The machinery of scanning regions (libredu/redu_region.h, REDU_FOR_SCAN): the compile-time
 * checks, the pieces each scanned variable expands to, and the expansion,
 * REDU__FOR_SCAN_IMPL. docs/regions.md ("Scans in regions") says what runs where. Included
 * by libredu/redu_region.h after device/redu_region_for.h (whose helpers it uses) and
 * device/redu_region_kinds.h; host/redu_call.h declares the host half
 * (redu__scan_region_begin, redu__scan_region_end).
 *
 * The loop runs as OpenMP's own lowering of `inscan` does: phase 0, a kernel, runs the input
 * phase of every iteration with each variable at its kind's identity and stores the
 * variable into its buffer (one element per iteration); phase 1, on the host, scans each
 * buffer in place with the variable's own inclusive scan (redu_inclusive_scan_<kind>, from
 * the variable's value before the region: libredu/redu_scan.h, or the declared reduction's),
 * whose plans, determinism and exactness are the scans'; phase 2, a kernel, runs the scan
 * phase with each variable at its prefix (inclusive: element i, exclusive: element i - 1,
 * or the value before the region at i = 0); phase 3, on the host, sets each variable to
 * its last prefix and gives the buffers back. The input phase runs once per iteration. */
#ifndef REDU_REGION_SCAN_H
#define REDU_REGION_SCAN_H

#include "device/redu_internal.h"
#include "device/redu_scan_kernel.h"

#include <stddef.h>
#include <stdint.h>

/* A scanned variable is a triple p = (direction, kind, var). Never an empty `...`. */
#define REDU__SDIR(...) REDU__SDIR2(__VA_ARGS__, ~, ~)
#define REDU__SDIR2(dir, ...) dir
#define REDU__SKIND(...) REDU__SKIND2(__VA_ARGS__, ~, ~)
#define REDU__SKIND2(dir, kind, ...) kind
#define REDU__SVAR(...) REDU__SVAR2(__VA_ARGS__, ~, ~, ~)
#define REDU__SVAR2(dir, kind, var, ...) var
#define REDU__STYPE(p) REDU__CAT(redu__type_, REDU__SKIND p)
/* 1 for inclusive and exclusive (REDU__IS_SDIR), 1 for exclusive (REDU__SEXCL). */
#define REDU__SDIR_PROBE_inclusive ~, 1
#define REDU__SDIR_PROBE_exclusive ~, 1
#define REDU__SEXCL_PROBE_exclusive ~, 1
#define REDU__IS_SDIR(d) REDU__SECOND_OF(REDU__CAT(REDU__SDIR_PROBE_, d), 0, ~)
#define REDU__SEXCL(p) REDU__SECOND_OF(REDU__CAT(REDU__SEXCL_PROBE_, REDU__SDIR p), 0, ~)
/* x for an exact kind (REDU__EXACT_PROBE_<kind>, device/redu_region_kinds.h), else empty. */
#define REDU__SXMARK(p) REDU__SECOND_OF(REDU__CAT(REDU__EXACT_PROBE_, REDU__SKIND p), , ~)

/* The scan call of a kind: its inclusive scan, which the built-in value kinds <op>_<t> have
 * in libredu/redu_scan.h and declared reductions get from REDU_DECLARE_REDUCTION; the exact
 * kinds scan with the typed sum scan and REDU_EXACT. */
#define REDU__SCAN_FN(p) REDU__XCAT(REDU__SCAN_FN_, REDU__SXMARK(p))(REDU__SKIND p)
#define REDU__SCAN_FN_(kind) REDU__CAT(redu_inclusive_scan_, kind)
#define REDU__SCAN_FN_x(kind) REDU__CAT(redu__scan_fn_, kind)
#define redu__scan_fn_sum_exact_f64 redu_inclusive_scan_sum_f64
#define redu__scan_fn_sum_exact_f32 redu_inclusive_scan_sum_f32
#define REDU__SCAN_FLAGS(p) REDU__XCAT(REDU__SCAN_FLAGS_, REDU__SXMARK(p))()
#define REDU__SCAN_FLAGS_() 0u
#define REDU__SCAN_FLAGS_x() REDU_EXACT

/* -- The compile-time checks, each mistake its own first error, in words. */
#define REDU__SCAN_CHECK(k, p)                                                                     \
  _Static_assert(REDU__IS_PAREN(p), "REDU_FOR_SCAN: each scanned variable is a triple in "         \
                                    "parentheses, (inclusive or exclusive, kind, variable), "      \
                                    "e.g. (inclusive, sum_f64, s): got `" #p "`");                 \
  _Static_assert(REDU__NARGS p == 3, "REDU_FOR_SCAN: a scanned variable is (inclusive or "         \
                                     "exclusive, kind, variable): got `" #p "`");                  \
  _Static_assert(REDU__IS_SDIR(REDU__SDIR p),                                                      \
                 "REDU_FOR_SCAN: the first of `" #p "` must be inclusive or exclusive");           \
  REDU__CHECK_VALUE_KIND("REDU_FOR_SCAN", "variable", REDU__SVAR p, REDU__SKIND p, p,              \
                         "arg kinds (argmin_<t>, argmax_<t>) have no scan")                        \
  _Static_assert(REDU__SAME_TYPE(REDU__SVAR p, REDU__STYPE(p)),                                    \
                 "REDU_FOR_SCAN: the variable of " #p " must have its kind's type (sum_f64: "      \
                 "double, sum_i32: int32_t, a declared kind: its T)");
#define REDU__SCAN_CHECKS(ptrs, ...)                                                               \
  (void)sizeof(struct {                                                                            \
    _Static_assert(REDU__IS_PAREN(ptrs), "REDU_FOR_SCAN: the device pointers go in parentheses, "  \
                                         "e.g. (x, y), or () for none");                           \
    _Static_assert(REDU__NARGS(__VA_ARGS__) <= REDU_REGION_MAX,                                    \
                   "REDU_FOR_SCAN: at most REDU_REGION_MAX (8) scanned variables in one region");  \
    REDU__MAP(REDU__SCAN_CHECK, __VA_ARGS__)                                                       \
    char redu__checked;                                                                            \
  })

/* -- The pieces, per scanned variable p, number k: its buffer (device memory, n elements)
 * and its value before the region, host locals; the kernels take the buffer and the value's
 * words (REDU__SW: redu__scan_word and REDU__SCAN_WORDS_OF, device/redu_scan_kernel.h), which
 * clang passes by value: the variable itself, where its kind is a declared struct, was copied
 * to the device before each launch (docs/design.md, "Scalars into target regions"). A
 * declared type of more than 32 bytes never reaches the kernel that reads them: its scan
 * call refuses it first. */
#define REDU__SBUF(k) REDU__CAT(redu__sbuf_, k)
#define REDU__SINIT(k) REDU__CAT(redu__sinit_, k)
#define REDU__SW(k, j) REDU__CAT(REDU__CAT(redu__sw, j), REDU__CAT(_, k))
#define REDU__SCAN_SIZE(k, p) sizeof(REDU__STYPE(p)),
#define REDU__SCAN_ADDR(k, p) (void *)&REDU__SVAR p,
#define REDU__SCAN_HOST(k, p)                                                                      \
  for (REDU__STYPE(p) * REDU__SBUF(k) = (REDU__STYPE(p) *)redu__s.buf[k]; redu__s.go;)             \
    for (REDU__STYPE(p) REDU__SINIT(k) = REDU__SVAR p; redu__s.go;)                                \
      for (uint64_t REDU__SW(                                                                      \
               k, 0) = redu__scan_word(&REDU__SINIT(k), sizeof REDU__SINIT(k), 0),                 \
                  REDU__SW(k, 1) = redu__scan_word(&REDU__SINIT(k), sizeof REDU__SINIT(k), 1),     \
                  REDU__SW(k, 2) = redu__scan_word(&REDU__SINIT(k), sizeof REDU__SINIT(k), 2),     \
                  REDU__SW(k, 3) = redu__scan_word(&REDU__SINIT(k), sizeof REDU__SINIT(k), 3);     \
           redu__s.go;)
#define REDU__SCAN_CLAUSES(k, p)                                                                   \
  is_device_ptr(REDU__SBUF(k))                                                                     \
      firstprivate(REDU__SW(k, 0), REDU__SW(k, 1), REDU__SW(k, 2), REDU__SW(k, 3))
/* Phase 1: the buffer scanned in place, from the value before the region. */
#define REDU__SCAN_CALL(k, p)                                                                      \
  if (*redu__s.status == REDU_OK)                                                                  \
    *redu__s.status = REDU__SCAN_FN(p)(                                                            \
        redu__s.device, REDU__SBUF(k), REDU__SBUF(k), redu__n,                                     \
        &(const redu_options){.flags = REDU__SCAN_FLAGS(p), .init = &REDU__SINIT(k)});
/* The thread's private variable: the identity in phase 0, its prefix in phase 2 (inclusive:
 * element i of its buffer; exclusive: element i - 1, or at i = 0 the value before the region,
 * from its words). */
#define REDU__SCAN_PRIVATE(k, p) REDU__XCAT(REDU__SCAN_PRIVATE_, REDU__SEXCL(p))(k, p)
#define REDU__SCAN_PRIVATE_0(k, p) REDU__SCAN_VAR(p, REDU__SBUF(k)[redu__i])
#define REDU__SCAN_PRIVATE_1(k, p)                                                                 \
  for (REDU__SCAN_WORDS_OF(REDU__STYPE(p))                                                         \
           REDU__SU(k) = {.w = {REDU__SW(k, 0), REDU__SW(k, 1), REDU__SW(k, 2), REDU__SW(k, 3)}};  \
       redu__go;)                                                                                  \
  REDU__SCAN_VAR(p, (redu__i ? REDU__SBUF(k)[redu__i - 1] : REDU__SU(k).v))
#define REDU__SU(k) REDU__CAT(redu__su_, k)
#define REDU__SCAN_VAR(p, prefix)                                                                  \
  REDU__SHADOW_BEGIN                                                                               \
  for (REDU__STYPE(p) REDU__SVAR p = redu__phase == 0 ? REDU__CAT(redu_identity_, REDU__SKIND p)() \
                                                      : (prefix);                                  \
       redu__go;)                                                                                  \
  REDU__SHADOW_END
/* After the input phase: the variable into its buffer. */
#define REDU__SCAN_STORE(k, p)                                                                     \
  , (redu__phase == 0 ? (void)(REDU__SBUF(k)[redu__i] = REDU__SVAR p) : (void)0)

/* The expansion, outermost first:
 *   host   checks, then redu__scan_region_begin: validate, plan, take the buffers; per
 *          variable its buffer and its value before the region as locals; the phases: 0
 *          and 2 launch, 1 scans the buffers, 3 sets the variables and gives the buffers
 *          back;
 *   device `target teams distribute parallel for` over i; the private variables; the user's
 *          two bodies, `if (phase 0) { input } else { scan }` (REDU_SCAN_PHASE is the
 *          else); after them, in phase 0, the variables into their buffers. */
#define REDU__FOR_SCAN_IMPL(st, dev, i, n, ptrs, ...)                                              \
  for (redu__scan_region redu__s = redu__scan_region_begin(                                        \
           (REDU__SCAN_CHECKS(ptrs, __VA_ARGS__), &(st)), __func__, (dev), (n),                    \
           (const void *const[]){NULL, REDU__UNPAREN ptrs} + 1,                                    \
           sizeof((const void *const[]){NULL, REDU__UNPAREN ptrs}) / sizeof(void *) - 1,           \
           (const size_t[]){REDU__MAP(REDU__SCAN_SIZE, __VA_ARGS__)}, REDU__NARGS(__VA_ARGS__));   \
       redu__s.go;)                                                                                \
    REDU__MAP(REDU__SCAN_HOST, __VA_ARGS__)                                                        \
  for (size_t redu__n = redu__s.iters, redu__phase = 0; redu__s.go;                                \
       redu__s.go = ++redu__phase < 4)                                                             \
    if (redu__phase == 1) {                                                                        \
      REDU__MAP(REDU__SCAN_CALL, __VA_ARGS__)                                                      \
    } else if (redu__phase == 3)                                                                   \
      redu__scan_region_end(&redu__s, (void *const[]){REDU__MAP(REDU__SCAN_ADDR, __VA_ARGS__)});   \
    else if (*redu__s.status == REDU_OK)                                                           \
  REDU__PRAGMA(omp target teams distribute parallel for device(redu__s.device)                     \
                   num_teams(redu__s.teams) thread_limit(redu__s.threads)                          \
                       REDU__IS_DEVICE_PTR ptrs REDU__MAP(REDU__SCAN_CLAUSES, __VA_ARGS__))        \
  for (size_t redu__i = 0; redu__i < redu__n; ++redu__i)                                           \
    for (size_t redu__go = 1, i = redu__i; redu__go;)                                              \
      REDU__MAP(REDU__SCAN_PRIVATE, __VA_ARGS__)                                                   \
  for (; redu__go; redu__go = ((void)i, 0)REDU__MAP(REDU__SCAN_STORE, __VA_ARGS__))                \
    if (redu__phase == 0)

#endif

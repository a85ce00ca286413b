/* The machinery of wrapped regions (libredu/redu_region.h, REDU_FOR): the compile-time
 * checks, the pieces each reduction pair expands to, and the expansion, REDU__FOR_IMPL.
 * docs/regions.md draws the expansion and says what runs where. Included by
 * libredu/redu_region.h after redu_udr.h, whose host/redu_call.h declares what the
 * expansion calls on the host (redu__region_begin, redu__region_end). */
#ifndef REDU_REGION_FOR_H
#define REDU_REGION_FOR_H

#include "device/redu_internal.h"

#include "device/redu_region_bins.h"
#include "device/redu_region_exact.h"
#include "device/redu_region_thread.h"
#include <stddef.h>
#include <string.h>
/* GPUs unroll the user's loop so that each thread has about eight of the body's loads in
 * flight, as the array kernels have 64 bytes (LLVM 19 does not unroll it by itself): 8x for
 * a REDU_FOR over one array (or none), 4x over two or more, and 4x for REDU_FOR_CLAUSES and
 * REDU_FOR_NOWAIT, whose arrays are not counted. H100, 2^27 doubles (3 + 3 interleaved
 * runs): 8x took sum+max+count from 0.403-0.414 to 0.373-0.377 ms and left the trivial body
 * as it was, but made dot (two arrays) slower, 0.79 against 0.71-0.73 ms. The loop counts
 * its iterations (REDU__LOOP_) so that the unrolled copies run without exit tests between
 * them: unrolled as `for (i = first; i < end; i += step)`, every copy kept its own exit
 * branch, ptxas does not hoist a load across a branch, and each load's add waited for it:
 * one load in flight per thread (PTX of bench_regions.c; on the H100 the trivial region at
 * 0.483 ms with unroll 2, 4 or 8 and any plan, 1.35x the array API). A body that cannot be
 * unrolled (rare) makes clang warn with -Wpass-failed; define REDU_REGION_UNROLL empty to
 * opt out (it then replaces both counts, and the full unroll of an exact kind's round).
 * An exact kind's round (REDU__LOOP_x) is unrolled whole on every target: its count is a
 * constant, 4 or 8. */
#ifdef REDU_REGION_UNROLL
#define REDU__UNROLL_ONE REDU_REGION_UNROLL
#define REDU__UNROLL_MANY REDU_REGION_UNROLL
#define REDU__UNROLL_ROUND REDU_REGION_UNROLL
#elif defined(__NVPTX__) || defined(__AMDGCN__)
#define REDU__UNROLL_ONE _Pragma("clang loop unroll_count(8)")
#define REDU__UNROLL_MANY _Pragma("clang loop unroll_count(4)")
#define REDU__UNROLL_ROUND _Pragma("unroll")
#else
#define REDU__UNROLL_ONE
#define REDU__UNROLL_MANY
#define REDU__UNROLL_ROUND _Pragma("unroll")
#endif
/* ONE for a list of at most one pointer, else MANY (the pick of REDU__NARGS2). */
#define REDU__ONE_OR_MANY(...)                                                                     \
  REDU__NARGS2(__VA_ARGS__, MANY, MANY, MANY, MANY, MANY, MANY, MANY, MANY, MANY, MANY, MANY,      \
               MANY, MANY, MANY, MANY, ONE, ONE)

#define REDU__IS_DEVICE_PTR(...) __VA_OPT__(is_device_ptr(__VA_ARGS__))
#define REDU__CAT(a, b) REDU__CAT2(a, b)
#define REDU__CAT2(a, b) a##b
#define REDU__STR(x) REDU__STR2(x)
#define REDU__STR2(x) #x
#define REDU__KIND(kind, ...) kind
/* Never an empty `...` (ISO C17 wants an argument for it): the pair gets a tail. */
#define REDU__VAR(...) REDU__VAR2(__VA_ARGS__, ~)
#define REDU__VAR2(kind, var, ...) var
#define REDU__IDX(...) REDU__IDX2(__VA_ARGS__, ~)
#define REDU__IDX2(kind, var, index, ...) index

/* Arguments counted up to 16, so that 9..16 reductions are reported as too many. */
#define REDU__NARGS(...)                                                                           \
  REDU__NARGS2(__VA_ARGS__, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define REDU__NARGS2(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, N,     \
                     ...)                                                                          \
  N
/* m(k, pair) for each pair, k = 0, 1, ... (up to REDU_REGION_MAX pairs) */
#define REDU__MAP(m, ...) REDU__CAT(REDU__MAP_, REDU__NARGS(__VA_ARGS__))(m, __VA_ARGS__)
#define REDU__MAP_1(m, a) m(0, a)
#define REDU__MAP_2(m, a, b) REDU__MAP_1(m, a) m(1, b)
#define REDU__MAP_3(m, a, b, c) REDU__MAP_2(m, a, b) m(2, c)
#define REDU__MAP_4(m, a, b, c, d) REDU__MAP_3(m, a, b, c) m(3, d)
#define REDU__MAP_5(m, a, b, c, d, e) REDU__MAP_4(m, a, b, c, d) m(4, e)
#define REDU__MAP_6(m, a, b, c, d, e, f) REDU__MAP_5(m, a, b, c, d, e) m(5, f)
#define REDU__MAP_7(m, a, b, c, d, e, f, g) REDU__MAP_6(m, a, b, c, d, e, f) m(6, g)
#define REDU__MAP_8(m, a, b, c, d, e, f, g, h) REDU__MAP_7(m, a, b, c, d, e, f, g) m(7, h)
/* 9 to 16: a region's pointers (REDU__PREFETCH), which may be more than its reductions. */
#define REDU__MAP_9(m, a, b, c, d, e, f, g, h, i) REDU__MAP_8(m, a, b, c, d, e, f, g, h) m(8, i)
#define REDU__MAP_10(m, a, b, c, d, e, f, g, h, i, j)                                              \
  REDU__MAP_9(m, a, b, c, d, e, f, g, h, i) m(9, j)
#define REDU__MAP_11(m, a, b, c, d, e, f, g, h, i, j, k)                                           \
  REDU__MAP_10(m, a, b, c, d, e, f, g, h, i, j) m(10, k)
#define REDU__MAP_12(m, a, b, c, d, e, f, g, h, i, j, k, l)                                        \
  REDU__MAP_11(m, a, b, c, d, e, f, g, h, i, j, k) m(11, l)
#define REDU__MAP_13(m, a, b, c, d, e, f, g, h, i, j, k, l, n)                                     \
  REDU__MAP_12(m, a, b, c, d, e, f, g, h, i, j, k, l) m(12, n)
#define REDU__MAP_14(m, a, b, c, d, e, f, g, h, i, j, k, l, n, o)                                  \
  REDU__MAP_13(m, a, b, c, d, e, f, g, h, i, j, k, l, n) m(13, o)
#define REDU__MAP_15(m, a, b, c, d, e, f, g, h, i, j, k, l, n, o, q)                               \
  REDU__MAP_14(m, a, b, c, d, e, f, g, h, i, j, k, l, n, o) m(14, q)
#define REDU__MAP_16(m, a, b, c, d, e, f, g, h, i, j, k, l, n, o, q, r)                            \
  REDU__MAP_15(m, a, b, c, d, e, f, g, h, i, j, k, l, n, o, q) m(15, r)

/* -- The compile-time checks: static assertions inside a struct in sizeof, the first
 * expression of the expansion, so that each mistake is the first error, in words. */

/* 1 when x is a parenthesised list, 0 otherwise. */
#define REDU__PAREN_PROBE(...) ~, 1
#define REDU__SECOND(a, b, ...) b
#define REDU__SECOND_OF(...) REDU__SECOND(__VA_ARGS__)
#define REDU__IS_PAREN(x) REDU__SECOND_OF(REDU__PAREN_PROBE x, 0, ~)

/* 1 when the string s (a stringised variable) holds none of the characters that an lvalue
 * other than a plain identifier is written with: . and -> (a member), [ (an element), * (a
 * dereference), ( (a parenthesised or compound-literal lvalue, a call) and a space (between
 * the tokens of any of these). One test per character, each a constant (a builtin call,
 * evaluated by the compiler): the string appears six times, not once per character. */
#define REDU__NONE_OF(s, c) (__builtin_strlen(__builtin_strchr(s c, c[0])) == 1)
#define REDU__IS_IDENTIFIER(s)                                                                     \
  (REDU__NONE_OF(s, ".") && REDU__NONE_OF(s, "-") && REDU__NONE_OF(s, "[") &&                      \
   REDU__NONE_OF(s, "*") && REDU__NONE_OF(s, "(") && REDU__NONE_OF(s, " "))

/* The variable's type must be the kind's (redu__type_<kind>; an arg kind's value
 * redu__value_<kind> and its index size_t): a variable of another type would be the private
 * accumulator's type inside the body but converted back and forth around the region. */
#define REDU__SAME_TYPE(var, T) __builtin_types_compatible_p(__typeof__(var), T)

#define REDU__CHECK_PAIR(k, p)                                                                     \
  _Static_assert(REDU__IS_PAREN(p), "REDU_FOR: each reduction is a pair in parentheses, "          \
                                    "(kind, variable), e.g. (sum_f64, dot): got `" #p "`");        \
  REDU__PCAT(REDU__CHECK_PAIR_, REDU__MARK(k, p))(k, p)
#define REDU__PCAT(a, b) REDU__PCAT2(a, b)
#define REDU__PCAT2(a, b) a##b
#define REDU__CHECK_PAIR_x REDU__CHECK_PAIR_
#define REDU__CHECK_PAIR_a REDU__CHECK_PAIR_
#define REDU__CHECK_PAIR_(k, p)                                                                    \
  _Static_assert(REDU__IS_IDENTIFIER(REDU__STR(REDU__VAR p)),                                      \
                 "REDU_FOR: the variable of " #p " must be a plain identifier (a local "           \
                 "variable): a struct member, an array element or *p cannot be a "                 \
                 "region's private accumulator; reduce into a local and copy it after "            \
                 "the region");                                                                    \
  _Static_assert(REDU__CAT(redu__kind_, REDU__KIND p), "declared reduction");                      \
  _Static_assert(REDU__CAT(redu__arity_, REDU__KIND p) == REDU__NARGS p - 1,                       \
                 "REDU_FOR: an arg kind (argmin_<t>, argmax_<t>) names a value and an index "      \
                 "variable, e.g. (argmin_f64, v, at), and every other kind one variable: got `" #p \
                 "`");                                                                             \
  REDU__XCAT(REDU__CHECK_TYPE_, REDU__MARK(k, p))(k, p)
/* The checks of a scanned variable or a bins reduction (device/redu_region_scan.h,
 * device/redu_region_bins.h): a plain identifier `var` (`what`: variable or pointer), a known
 * kind of one variable; `who` names the macro, `no_arg` says why an arg kind is refused. */
#define REDU__CHECK_VALUE_KIND(who, what, var, kind, p, no_arg)                                    \
  _Static_assert(REDU__IS_IDENTIFIER(REDU__STR(var)), who ": the " what " of " #p " must be a "    \
                                                          "plain identifier (a local " what ")");  \
  _Static_assert(REDU__CAT(redu__kind_, kind), "declared reduction");                              \
  _Static_assert(REDU__CAT(redu__arity_, kind) == 1, who ": " no_arg ": got `" #p "`");
#define REDU__CHECK_TYPE_(k, p)                                                                    \
  _Static_assert(REDU__SAME_TYPE(REDU__VAR p, REDU__TYPE(p)),                                      \
                 "REDU_FOR: the variable of " #p " must have its kind's type (sum_f64: double, "   \
                 "sum_i32: int32_t, a declared kind: its T)");
#define REDU__CHECK_TYPE_x REDU__CHECK_TYPE_
#define REDU__CHECK_TYPE_a(k, p)                                                                   \
  _Static_assert(REDU__IS_IDENTIFIER(REDU__STR(REDU__IDX p)),                                      \
                 "REDU_FOR: the index variable of " #p " must be a plain identifier (a local "     \
                 "size_t variable)");                                                              \
  _Static_assert(REDU__SAME_TYPE(REDU__VAR p, REDU__CAT(redu__value_, REDU__KIND p)),              \
                 "REDU_FOR: the value variable of " #p " must have its kind's type (argmin_f64: "  \
                 "double, argmax_i32: int32_t)");                                                  \
  _Static_assert(REDU__SAME_TYPE(REDU__IDX p, size_t),                                             \
                 "REDU_FOR: the index variable of " #p " must be a size_t");
#define REDU__CHECKS(ptrs, clauses, ...)                                                           \
  (void)sizeof(struct {                                                                            \
    _Static_assert(REDU__IS_PAREN(ptrs) && REDU__IS_PAREN(clauses),                                \
                   "REDU_FOR: the device pointers (clauses for "                                   \
                   "REDU_FOR_CLAUSES/_NOWAIT) go in parentheses, "                                 \
                   "e.g. (x, y), or () for none");                                                 \
    _Static_assert(REDU__NARGS(__VA_ARGS__) <= REDU_REGION_MAX,                                    \
                   "REDU_FOR: at most REDU_REGION_MAX (8) reductions in one region; "              \
                   "split the loop over two regions");                                             \
    REDU__MAP(REDU__CHECK_PAIR, __VA_ARGS__)                                                       \
    _Static_assert(REDU__BINS_COUNT(__VA_ARGS__) <= 1,                                             \
                   "REDU_FOR: at most one bins reduction in one region; split the loop over "      \
                   "two regions");                                                                 \
    _Static_assert(REDU__EXACT_COUNT(__VA_ARGS__) <= REDU__REGION_MAX_EXACT,                       \
                   "REDU_FOR: at most 2 exact kinds (sum_exact_f64, sum_exact_f32) in one "        \
                   "region; split the loop over two regions");                                     \
    _Static_assert(REDU__EXACT_COUNT(__VA_ARGS__) == 0 || (1 REDU__MAP(REDU__SMALL, __VA_ARGS__)), \
                   "REDU_FOR: a region with an exact kind combines its other reductions with "     \
                   "warp shuffles: each must be at most 32 bytes; move a larger one to another "   \
                   "region");                                                                      \
    char redu__checked;                                                                            \
  })

/* -- The pieces of the expansion, per reduction pair p = (kind, var), number k. */
#define REDU__TYPE(p) REDU__CAT(redu__type_, REDU__KIND p)
/* REDU__MARK: x for an exact kind, a for a pair of two variables (an arg kind), nothing for
 * any other: what picks each pair's pieces below (REDU__XCAT(REDU__<piece>_, REDU__MARK(k,
 * p))). REDU__XMARK, x for exact kinds only, picks each region's loop (REDU__LCAT). Own
 * concatenations: a piece named by REDU__CAT's result would expand inside it, where
 * REDU__CAT no longer expands. */
#define REDU__XCAT(a, b) REDU__XCAT2(a, b)
#define REDU__XCAT2(a, b) a##b
#define REDU__LCAT(a, b) REDU__LCAT2(a, b)
#define REDU__LCAT2(a, b) a##b
#define REDU__XMARK(k, p) REDU__SECOND_OF(REDU__CAT(REDU__EXACT_PROBE_, REDU__KIND p), , ~)
#define REDU__MARK(k, p)                                                                           \
  REDU__SECOND_OF(REDU__CAT(REDU__EXACT_PROBE_, REDU__KIND p),                                     \
                  REDU__CAT(REDU__ARITY_MARK_, REDU__NARGS p), ~)
#define REDU__ARITY_MARK_1
#define REDU__ARITY_MARK_2
#define REDU__ARITY_MARK_3 a
#define REDU__ARITY_MARK_4 b
#define REDU__ARITY_MARK_5 b
#define REDU__ARITY_MARK_6 a
#define REDU__ARITY_MARK_7 a
#define REDU__ARITY_MARK_8 a
/* An exact kind's record is a long accumulator; its variable only takes each iteration's term. */
#define REDU__SIZE(k, p) REDU__XCAT(REDU__SIZE_, REDU__MARK(k, p))(p),
#define REDU__SIZE_(p) sizeof(REDU__TYPE(p))
#define REDU__SIZE_x(p) (size_t)REDU__X_SUM_RECORD_BYTES
#define REDU__SIZE_a REDU__SIZE_
#define REDU__ALIGN(k, p) REDU__XCAT(REDU__ALIGN_, REDU__MARK(k, p))(p),
#define REDU__ALIGN_(p) _Alignof(REDU__TYPE(p))
#define REDU__ALIGN_x(p) _Alignof(int64_t)
#define REDU__ALIGN_a REDU__ALIGN_
#define REDU__EXACT_ONE(k, p) REDU__XCAT(REDU__PLUS1_, REDU__MARK(k, p))()
#define REDU__PLUS1_()
#define REDU__PLUS1_x() +1
#define REDU__PLUS1_a()
#define REDU__PLUS1_b()
#define REDU__EXACT_COUNT(...) (0 REDU__MAP(REDU__EXACT_ONE, __VA_ARGS__))
#define REDU__SMALL(k, p) REDU__XCAT(REDU__SMALL_, REDU__MARK(k, p))(p)
#define REDU__SMALL_(p) &&sizeof(REDU__TYPE(p)) <= REDU__SHUFFLE_MAX_BYTES
#define REDU__SMALL_x(p)
#define REDU__SMALL_a REDU__SMALL_
#define REDU__SMALL_b(p)
/* An exact kind's expansion state (device/redu_region_exact.h). */
#define REDU__XS(k) REDU__CAT(redu__xs_, k)
/* Its terms of this round and of the round before (REDU__LOOP_x). */
#define REDU__XT(k) REDU__CAT(redu__xt_, k)
#define REDU__XP(k) REDU__CAT(redu__xp_, k)
#define REDU__ORDER(k, p) REDU__XCAT(REDU__ORDER_, REDU__MARK(k, p))(p)
#define REDU__ORDER_(p) | REDU__CAT(redu__order_, REDU__KIND p)
#define REDU__ORDER_x REDU__ORDER_
#define REDU__ORDER_a REDU__ORDER_
#define REDU__ORDER_b(p) /* recorded per iteration: the bins call keeps index order */
#define REDU__DEP(k, p) REDU__XCAT(REDU__DEP_, REDU__MARK(k, p))(p)
#define REDU__DEP_(p) , REDU__VAR p
#define REDU__DEP_x REDU__DEP_
#define REDU__DEP_a(p) , REDU__VAR p, REDU__IDX p
#define REDU__DEP_b(p) , REDU__BVAR p
#define REDU__SIZES(...) ((const size_t[]){REDU__MAP(REDU__SIZE, __VA_ARGS__)})
#define REDU__ALIGNS(...) ((const size_t[]){REDU__MAP(REDU__ALIGN, __VA_ARGS__)})
#define REDU__ORDERED(...) (0 REDU__MAP(REDU__ORDER, __VA_ARGS__))
/* Each private accumulator shadows its variable by design (as OpenMP's reduction clause
 * does): -Wshadow is off for its declaration only, not for the body. */
#define REDU__SHADOW_BEGIN                                                                         \
  _Pragma("clang diagnostic push")                                                                 \
  _Pragma("clang diagnostic ignored \"-Wshadow\"")
#define REDU__SHADOW_END _Pragma("clang diagnostic pop")
/* The thread's private accumulator, from the kind's identity. The loop runs once: it ends
 * with the thread context's go flag, which the finishing loop below clears (a flag, not a
 * pointer to the variable: a local whose address is taken is globalized on GPUs,
 * device/redu_team_scratch.h). */
#define REDU__PRIVATE(k, p) REDU__XCAT(REDU__PRIVATE_, REDU__MARK(k, p))(k, p)
#define REDU__PRIVATE_VAR(k, p)                                                                    \
  REDU__SHADOW_BEGIN                                                                               \
  for (REDU__TYPE(p) REDU__VAR p = REDU__CAT(redu_identity_, REDU__KIND p)(); redu__c.go;)         \
  REDU__SHADOW_END
#define REDU__PRIVATE_(k, p) REDU__PRIVATE_VAR(k, p) REDU__PRIVATE_LANES(k, p)
#define REDU__PRIVATE_x(k, p)                                                                      \
  for (redu__x_lane REDU__XS(k) = redu__x_region_start(redu__c, k); redu__c.go;)                   \
    for (redu__x_terms REDU__XT(k) = REDU__X_TERMS_NONE, REDU__XP(k) = REDU__X_TERMS_NONE;         \
         redu__c.go;)                                                                              \
  REDU__PRIVATE_X_LANES(k) REDU__PRIVATE_VAR(k, p)
/* An arg kind's two variables, from the identity record's value and REDU_NO_INDEX. */
#define REDU__ARG_OUT(p) REDU__CAT(redu__region_out_, REDU__KIND p)
#define REDU__ARG_IN(p) REDU__CAT(redu__region_in_, REDU__KIND p)(REDU__VAR p, REDU__IDX p)
#define REDU__PRIVATE_a(k, p)                                                                      \
  REDU__SHADOW_BEGIN                                                                               \
  for (REDU__CAT(redu__value_, REDU__KIND p)                                                       \
           REDU__VAR p = REDU__ARG_OUT(p)(REDU__CAT(redu_identity_, REDU__KIND p)());              \
       redu__c.go;)                                                                                \
    for (size_t REDU__IDX p = REDU_NO_INDEX; redu__c.go;)                                          \
  REDU__SHADOW_END
/* After each iteration, exact kinds: the variable's value kept as the round's term, the
 * variable back to -0.0. After each round, the terms of the round before go into the
 * expansion, so that this round's loads are in flight while they are taken; the team step
 * takes the last round's. */
#define REDU__KEEP(k, p) REDU__XCAT(REDU__KEEP_, REDU__MARK(k, p))(k, p)
#define REDU__KEEP_(k, p)
#define REDU__KEEP_a REDU__KEEP_
#define REDU__KEEP_b REDU__KEEP_
#define REDU__KEEP_x(k, p)                                                                         \
  , REDU__XT(k)[redu__u] = (double)REDU__VAR p,                                                    \
    REDU__VAR p = REDU__CAT(redu_identity_, REDU__KIND p)()
#define REDU__TAKE(k, p) REDU__XCAT(REDU__TAKE_, REDU__MARK(k, p))(k, p)
#define REDU__TAKE_(k, p)
#define REDU__TAKE_a REDU__TAKE_
#define REDU__TAKE_b REDU__TAKE_
#define REDU__TAKE_x(k, p)                                                                         \
  , REDU__XS(k) = REDU__X_TAKE(k, redu__round), REDU__XP(k) = REDU__XT(k),                         \
    REDU__XT(k) = REDU__X_TERMS_NONE
#define REDU__TEAM_STEP(k, p) REDU__XCAT(REDU__TEAM_STEP_, REDU__MARK(k, p))(k, p)
#define REDU__TEAM_STEP_(k, p)                                                                     \
  REDU__CAT(redu__region_team_, REDU__KIND p)(REDU__VAR p, REDU__THREAD_LANES(k), redu__c, k),
#define REDU__TEAM_STEP_x(k, p) redu__x_region_team(REDU__X_LAST_TAKE(k), redu__c, k),
#define REDU__TEAM_STEP_a(k, p)                                                                    \
  REDU__CAT(redu__region_team_, REDU__KIND p)(REDU__ARG_IN(p), NULL, 0, redu__c, k),
#define REDU__FINAL_STEP(k, p) REDU__XCAT(REDU__FINAL_STEP_, REDU__MARK(k, p))(k, p)
#define REDU__FINAL_STEP_(k, p) REDU__CAT(redu__region_final_, REDU__KIND p)(redu__c, k),
#define REDU__FINAL_STEP_x(k, p) redu__x_region_final(redu__c, k),
#define REDU__FINAL_STEP_a REDU__FINAL_STEP_
#define REDU__RESULT(k, p) REDU__XCAT(REDU__RESULT_, REDU__MARK(k, p))(k, p)
/* Result k's bytes from the host's record (host/redu_call.h) into a local of the kind's type,
 * redu__v (copied: the record is bytes). */
#define REDU__GET(k, p)                                                                            \
  REDU__TYPE(p) redu__v;                                                                           \
  memcpy(&redu__v, redu__r.host_result + redu__r.off[k], sizeof redu__v);
/* A bins reduction's result is written by redu__region_end (device/redu_region_bins.h). */
#define REDU__RESULT_b(k, p)
#define REDU__RESULT_(k, p)                                                                        \
  {                                                                                                \
    REDU__GET(k, p)                                                                                \
    REDU__VAR p = REDU__CAT(redu_combine_, REDU__KIND p)(REDU__VAR p, redu__v);                    \
  }
#define REDU__RESULT_x(k, p)                                                                       \
  REDU__VAR p = REDU__CAT(redu__region_result_, REDU__KIND p)(REDU__VAR p, &redu__r, k);
#define REDU__RESULT_a(k, p)                                                                       \
  {                                                                                                \
    REDU__GET(k, p)                                                                                \
    redu__v = REDU__CAT(redu_combine_, REDU__KIND p)(REDU__ARG_IN(p), redu__v);                    \
    REDU__VAR p = REDU__ARG_OUT(p)(redu__v);                                                       \
    REDU__IDX p = redu__v.i;                                                                       \
  }
/* The user's loop. Without exact kinds, unrolled on GPUs (REDU__UNROLL_ONE or _MANY, above). With
 * them, in rounds, warp-uniform: every lane of a warp runs until the warp's last round (the
 * steps that take terms vote and shuffle); a round is the thread's next REDU__X_ROUND_<unroll>
 * iterations (8 over one array, 4 over two or more, as the unroll counts), unrolled with no
 * vote between them, so their loads are in flight together; an iteration past the lane's end
 * skips the body; each iteration's end keeps the exact kinds' terms, the round's end takes
 * them. One iteration a round, with a vote and a take after each, left one load in flight per
 * thread (H100, 2^27 doubles, trivial body: 5.8x the rounded region). The pick is by name, in
 * the preprocessor (REDU__XMARK). CPUs take rounds of 8 always (device/cpu/redu_cpu_region.h). */
#define REDU__LOOP(i, unroll, ptrs, ...)                                                           \
  REDU__LOOP_PICK(i, unroll, ptrs, REDU__MAP(REDU__XMARK, __VA_ARGS__), __VA_ARGS__)
#define REDU__LOOP_PICK(i, unroll, ptrs, marks, ...)                                               \
  REDU__LOOP_PICK2(i, unroll, ptrs, (marks), __VA_ARGS__)
#define REDU__LOOP_PICK2(i, unroll, ptrs, marks, ...)                                              \
  REDU__LCAT(REDU__LOOP_, REDU__ANY marks)(i, unroll, ptrs, __VA_ARGS__)
#define REDU__ANY(...) __VA_OPT__(x)
/* A region with an exact kind is compiled for at most REDU__X_MAX_THREADS threads a team (CUDA's
 * launch bounds: 128 registers), as the exact kernels are, and planned so (host/redu_plan.c).
 * Unbounded, its kernel took 227 registers on the H100 and ran in 256-thread teams, one
 * resident per SM. */
/* A region with float-sum bins (folded in its kernel, device/redu_region_bins.h) is compiled
 * for 1,024 threads a team, as the bins calls' kernels are (64 registers): unbounded, its
 * kernel took 92-96 registers and one 512-thread team ran per SM; bounded at 768 or 512
 * threads, 1.52-1.55 and 1.46-1.47 ms against 1.14-1.15 at 1,024 (H100, 2^27 doubles into
 * 1,024 bins beside a sum; docs/performance.md, tuning log). */
#define REDU__BOUNDS(...)                                                                          \
  REDU__BOUNDS_PICK((REDU__MAP(REDU__XMARK, __VA_ARGS__)), (REDU__MAP(REDU__FMARK, __VA_ARGS__)))
#define REDU__BOUNDS_PICK(marks, fmarks) REDU__LCAT(REDU__BOUNDS_, REDU__ANY marks)(fmarks)
#define REDU__BOUNDS_(fmarks) REDU__LCAT(REDU__BOUNDS_F, REDU__ANY fmarks)()
#define REDU__BOUNDS_x(fmarks) ompx_attribute(__attribute__((launch_bounds(REDU__X_MAX_THREADS))))
#define REDU__BOUNDS_F()
#define REDU__BOUNDS_Fx()                                                                          \
  ompx_attribute(__attribute__((launch_bounds(REDU__REGION_BINS_MAX_THREADS))))
/* REDU__PREFETCH(ptrs...): REDU__PF(k, p), for each of the region's pointers, in the per-iteration
 * loop's first step on every target: CPUs prefetch along them (device/cpu/redu_cpu_region.h);
 * GPUs only name them, at the same place, so that the host's and the device's compiles of a
 * region capture its variables in the same order. (Named on CPUs only, the host compile
 * captured a bins region's pointers before its record variables and the device compile after
 * them: the kernel took its arguments in another order, and test_region_bins failed on the
 * H100 with the same PTX.) */
#define REDU__PREFETCH(...) __VA_OPT__(REDU__MAP(REDU__PF, __VA_ARGS__))
/* GPUs: a count of the thread's iterations, unrolled (above); CPUs: lanes
 * (device/cpu/redu_cpu_region.h). */
#if defined(__NVPTX__) || defined(__AMDGCN__)
#define REDU__PF(k, p) (void)(p),
#define REDU__PRIVATE_LANES(k, p)
#define REDU__THREAD_LANES(k) NULL, 0
/* An exact kind's round of terms taken (REDU__TAKE_x), and the last round's at the team step. */
#define REDU__PRIVATE_X_LANES(k)
#define REDU__X_ROUND_ONE 8
#define REDU__X_ROUND_MANY 4
#define REDU__X_TAKE(k, count) REDU__X_TAKE_ROUND(REDU__XS(k), REDU__XP(k), count, redu__c, k)
#define REDU__X_LAST_TAKE(k) REDU__X_TAKE(k, REDU__X_ROUND_MAX)
#define REDU__LOOP_(i, unroll, ptrs, ...)                                                          \
  REDU__CAT(REDU__UNROLL_, unroll)                                                                 \
  for (size_t redu__k = 0, redu__count = redu__region_count(redu__c, REDU__PAIRS(__VA_ARGS__));    \
       redu__k < redu__count; ++redu__k)                                                           \
    for (size_t i = redu__region_index(redu__c, redu__k, REDU__PAIRS(__VA_ARGS__)), redu__at = i,  \
                redu__once = (REDU__PREFETCH ptrs 1);                                              \
         redu__once; /* i used: a body may ignore it; redu__at: i before the body */               \
         redu__once = ((void)i, (void)redu__at, 0)REDU__MAP(REDU__BSTORE, __VA_ARGS__))
#define REDU__PAIRS(...) (redu__dev_interleave_words() && !REDU__ORDERED(__VA_ARGS__))
#define REDU__LOOP_x(i, unroll, ptrs, ...)                                                         \
  for (size_t redu__k = 0, redu__round = REDU__CAT(REDU__X_ROUND_, unroll),                        \
              redu__pairs = REDU__PAIRS(__VA_ARGS__);                                              \
       redu__dev_warp_any(redu__region_index(redu__c, redu__k, (int)redu__pairs) < redu__c.end);   \
       redu__k += redu__round REDU__MAP(REDU__TAKE, __VA_ARGS__))                                  \
    REDU__UNROLL_ROUND                                                                             \
  for (unsigned redu__u = 0; redu__u < redu__round;                                                \
       (void)redu__u REDU__MAP(REDU__KEEP, __VA_ARGS__), ++redu__u)                                \
    for (size_t i = redu__region_index(redu__c, redu__k + redu__u, (int)redu__pairs),              \
                redu__at = i, redu__live = (REDU__PREFETCH ptrs i < redu__c.end);                  \
         redu__live; redu__live = ((void)redu__at, 0)REDU__MAP(REDU__BSTORE, __VA_ARGS__))
#else
#include "device/cpu/redu_cpu_region.h"
#endif

/* After the region: results into the variables (now, or in a host task after the target
 * task when asynchronous). */
#define REDU__SYNC(st, ...)                                                                        \
  {                                                                                                \
    if ((*redu__r.status = redu__region_end(&redu__r)) == REDU_OK) {                               \
      REDU__MAP(REDU__RESULT, __VA_ARGS__)                                                         \
    }                                                                                              \
  }
#define REDU__ASYNC(st, ...)                                                                       \
  REDU__PRAGMA(omp task depend(inout : st REDU__MAP(REDU__DEP, __VA_ARGS__))                       \
                   shared(st REDU__MAP(REDU__DEP, __VA_ARGS__)) firstprivate(redu__r))             \
  REDU__SYNC(st, __VA_ARGS__)
#define REDU__NOWAIT_CLAUSES_REDU__SYNC(...)
#define REDU__NOWAIT_CLAUSES_REDU__ASYNC(st, ...)                                                  \
  nowait depend(out : st REDU__MAP(REDU__DEP, __VA_ARGS__))

/* The expansion, outermost first (docs/regions.md draws it):
 *   host   checks, then redu__region_begin: validate, plan, take scratch; the launch
 *          values copied into size_t scalars (passed by value into the region);
 *          phase 0 launches, phase 1 (`when`) copies the results out;
 *   device `target teams` directly followed by `parallel` (SPMD by construction); each
 *          thread makes its context, declares its private accumulators, runs the user's
 *          loop (the body follows the macro) and, in the finishing loop's step, finishes
 *          every reduction (team step; the last team also the final step). */
#define REDU__FOR_IMPL(st, dev, i, n, ptrs, clauses, when, unroll, ...)                            \
  for (redu__region redu__r = redu__region_begin(                                                  \
           (REDU__CHECKS(ptrs, clauses, __VA_ARGS__), &(st)), __func__, (dev), (n),                \
           (const void *const[]){NULL, REDU__UNPAREN ptrs} + 1,                                    \
           sizeof((const void *const[]){NULL, REDU__UNPAREN ptrs}) / sizeof(void *) - 1,           \
           REDU__SIZES(__VA_ARGS__), REDU__ALIGNS(__VA_ARGS__), REDU__NARGS(__VA_ARGS__),          \
           REDU__ORDERED(__VA_ARGS__), REDU__EXACT_COUNT(__VA_ARGS__), REDU__BSPECS(__VA_ARGS__),  \
           NULL);                                                                                  \
       redu__r.go; redu__r.go = 0)                                                                 \
    REDU__MAP(REDU__BHOST, __VA_ARGS__)                                                            \
  for (size_t redu__n = redu__r.iters, redu__teams = (size_t)redu__r.call.launch.teams,            \
              redu__threads = (size_t)redu__r.call.launch.threads,                                 \
              redu__slots = redu__r.call.launch.team_slots,                                        \
              redu__tree = (size_t)redu__r.call.launch.tree,                                       \
              redu__tmem = redu__r.call.launch.team_mem, redu__btmem = redu__r.fbins.team_bytes,   \
              redu__spill = (size_t)redu__r.call.launch.team_spill,                                \
              redu__part = (size_t)redu__r.call.launch.partials,                                   \
              redu__counter = (size_t)redu__r.call.launch.counter,                                 \
              redu__res = (size_t)redu__r.call.launch.result, redu__phase = 0;                     \
       redu__phase < 2; ++redu__phase)                                                             \
    if (redu__phase == 1)                                                                          \
      when(st, __VA_ARGS__) else REDU__PRAGMA(                                                     \
          omp target teams device(redu__r.call.launch.device) num_teams(redu__r.call.launch.teams) \
              thread_limit(redu__r.call.launch.threads) ompx_dyn_cgroup_mem(                       \
                  redu__tmem + redu__btmem) REDU__BOUNDS(__VA_ARGS__)                              \
                  REDU__UNPAREN clauses REDU__CAT(REDU__NOWAIT_CLAUSES_, when)(st, __VA_ARGS__))   \
  REDU__PRAGMA(omp parallel num_threads(redu__threads))                                            \
  for (redu__region_thread redu__c = redu__region_thread_make(                                     \
           redu__n, redu__teams, redu__slots, redu__tree, redu__tmem, redu__spill, redu__part,     \
           redu__counter, redu__res, REDU__SIZES(__VA_ARGS__), REDU__ALIGNS(__VA_ARGS__),          \
           REDU__NARGS(__VA_ARGS__), REDU__ORDERED(__VA_ARGS__));                                  \
       redu__c.go;)                                                                                \
    REDU__MAP(REDU__PRIVATE, __VA_ARGS__)                                                          \
  for (; redu__c.go; redu__c.go = 0,                                                               \
                     REDU__MAP(REDU__TEAM_STEP, __VA_ARGS__) redu__region_last_team(redu__c)       \
                         ? (REDU__MAP(REDU__FINAL_STEP, __VA_ARGS__) redu__region_reset(redu__c))  \
                         : 0)                                                                      \
  REDU__LOOP(i, unroll, ptrs, __VA_ARGS__)

#endif

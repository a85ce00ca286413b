/* The CPU form of a wrapped region's loop (device/redu_region_for.h, REDU__LOOP_): what
 * host-offload and host fallback compile instead of the GPUs' unrolled count loop.
 *
 * A CPU thread runs one contiguous chunk of iterations, and a body such as `s += x[i]`
 * is one chain of dependent additions: each waits for the one before (4 cycles for a
 * double on x86-64), so a thread added one element every 4 cycles whatever the memory
 * could give (2-core x86-64 VM, 2^27 doubles: the trivial body 1.8x and sum + max + count
 * 2.7x libredu's array sum, whose chunk keeps 16 partials). Here each reduction has
 * REDU__CPU_LANES private accumulators, lanes: the loop goes over the chunk in rounds of
 * that many iterations, unrolled, iteration u of a round updating lane u, so the chains are
 * independent; the body's variable is the lane, declared per iteration (it shadows the
 * thread's accumulator, as the thread's shadows the user's variable) and stored back after
 * the body (after a `continue` too: the store is the shadowing loop's step). The team step
 * takes the lanes' fold, lane 0 first. A region with an ordered kind runs one lane: its
 * combines stay in index order. Exact kinds keep their own loop (REDU__LOOP_x).
 *
 * The lanes change a float sum's association on CPUs (a lane is every eighth iteration of
 * the thread's chunk), never on GPUs, and depend only on the plan, as before. */
#ifndef REDU_CPU_REGION_H
#define REDU_CPU_REGION_H

#include "device/redu_exact_vec.h"
#include "device/redu_region_exact.h"

#define REDU__CPU_LANES 8
#define REDU__LN(k) REDU__CAT(redu__lanes_, k)
#define REDU__LANES_INIT(e) {e, e, e, e, e, e, e, e}
/* The lanes of a value kind, beside the thread's accumulator (REDU__PRIVATE_): copies of
 * its variable, which holds the identity here (short to write: the expansion's bytes are a
 * cost of every including file). */
#define REDU__PRIVATE_LANES(k, p)                                                                  \
  for (REDU__TYPE(p) REDU__LN(k)[REDU__CPU_LANES] = REDU__LANES_INIT(REDU__VAR p); redu__c.go;)
/* What the team step folds into the thread's accumulator (REDU__DEFINE_REGION_STEPS_OF). */
#define REDU__THREAD_LANES(k) REDU__LN(k), REDU__CPU_LANES
/* Iteration u's variables: lane u of each value kind, stored back after the body. An arg
 * kind keeps the thread's two variables: lanes of (order key, index) records cost a
 * conversion each way per iteration, and the argmin body `if (redu_region_argmin_wins_f64(
 * x[i], i, v, at)) v = x[i], at = i;` ran 1.3-2x slower with them. */
#define REDU__LANE(k, p) REDU__XCAT(REDU__LANE_, REDU__MARK(k, p))(k, p)
#define REDU__LANE_x(k, p)
#define REDU__LANE_a(k, p)
#define REDU__LANE_b(k, p)
#define REDU__LANE_(k, p)                                                                          \
  REDU__SHADOW_BEGIN                                                                               \
  for (REDU__TYPE(p) REDU__VAR p = REDU__LN(k)[redu__u]; redu__live;                               \
       REDU__LN(k)[redu__u] = REDU__VAR p, redu__live = 0)                                         \
  REDU__SHADOW_END

/* Each iteration names its elements of the region's pointers REDU__DEV_PREFETCH_AHEAD bytes
 * on (REDU__PREFETCH, device/redu_region_for.h; redu__cpu_prefetch): a thread's chunk is
 * contiguous, and the body is assumed to read p[i]. This VM's hardware prefetchers left a
 * heavy body's loads with few lines in flight (2-core x86-64 VM, 2^26 doubles: sum + max +
 * count 54 -> 24 ms, sum_exact_f64 133 -> 44 ms with a prefetch in the body). A pointer to
 * void steps a byte an iteration. */
#define REDU__PF(k, p)                                                                             \
  redu__cpu_prefetch(p, redu__at,                                                                  \
                     sizeof *_Generic((p), void *: "", const void *: "", default: (p)), redu__u),

#define REDU__LOOP_(i, unroll, ptrs, ...)                                                          \
  _Pragma("unroll")                                                                                \
  for (size_t redu__count = redu__region_count(redu__c, 0),                                        \
              redu__lanes = REDU__ORDERED(__VA_ARGS__) ? 1 : REDU__CPU_LANES,                      \
              redu__full = redu__count - redu__count % redu__lanes, redu__tail = 0;                \
       redu__tail < 2; ++redu__tail)                                                               \
    for (size_t redu__k = redu__tail ? redu__full : 0;                                             \
         redu__k < (redu__tail ? redu__count : redu__full);                                        \
         redu__k += redu__tail ? 1 : redu__lanes)                                                  \
      _Pragma("unroll")                                                                            \
  for (size_t redu__u = 0; redu__u < REDU__CPU_LANES; ++redu__u)                                   \
    for (size_t i = redu__region_index(redu__c, redu__k + redu__u, 0), redu__at = i,               \
                redu__live =                                                                       \
                    (REDU__PREFETCH ptrs redu__tail ? redu__u == 0 : redu__u < redu__lanes);       \
         redu__live; /* i used: a body may ignore it; redu__at: i before the body */               \
         redu__live = ((void)i, (void)redu__at, 0)REDU__MAP(REDU__BSTORE, __VA_ARGS__))            \
  REDU__MAP(REDU__LANE, __VA_ARGS__)

/* Exact kinds: a thread's rounds of eight terms (REDU__LOOP_x) go into eight two-double
 * expansions held as vectors, one vector TwoSum step a round, as the exact array sums' CPU
 * chunks do (device/redu_exact_vec.h); a round that leaves a remainder, or holds a term the
 * vector step may not take (huge, infinite, NaN), is taken term by term into the scalar
 * expansion instead, with the vectors as they were. The team step takes the vectors' parts
 * as terms, then finishes as on GPUs. The same exact sum whatever path a term took; term by
 * term, each round was a chain of dependent TwoSums (2-core x86-64 VM, 2^27 doubles: the
 * exact region 8-9x libredu's array sum). A round is eight iterations over any number of
 * arrays (GPUs take four over two or more), one vector step's worth, and only the last
 * round (the tail) tests each iteration against the thread's count, as REDU__LOOP_ does:
 * whole rounds load their terms as vectors. A round is taken as soon as it has run, not
 * after the next one as on GPUs (where that keeps loads in flight): held over, its terms
 * were four more vector registers and their spills (exact dot at 2^25, 2-core x86-64:
 * 37-44 -> 26-27 ms at best). */
#define REDU__XV(k) REDU__CAT(redu__xv_, k)
#define REDU__PRIVATE_X_LANES(k) for (redu__x_vfpe REDU__XV(k) = redu__x_vfpe_init(); redu__c.go;)
#define REDU__X_TAKE(k, count)                                                                     \
  redu__x_region_vtake(REDU__XS(k), &REDU__XV(k), &REDU__XT(k), redu__c, k)
#define REDU__X_LAST_TAKE(k) redu__x_region_vfold(REDU__XS(k), &REDU__XV(k), redu__c, k)

#define REDU__LOOP_x(i, unroll, ptrs, ...)                                                         \
  _Pragma("unroll")                                                                                \
  for (size_t redu__count = redu__region_count(redu__c, 0),                                        \
              redu__full = redu__count - redu__count % REDU__X_ROUND_MAX, redu__tail = 0;          \
       redu__tail < 2; ++redu__tail)                                                               \
    for (size_t redu__k = redu__tail ? redu__full : 0;                                             \
         redu__k < (redu__tail ? redu__count : redu__full);                                        \
         redu__k += REDU__X_ROUND_MAX REDU__MAP(REDU__TAKE, __VA_ARGS__))                          \
      _Pragma("unroll")                                                                            \
  for (unsigned redu__u = 0; redu__u < REDU__X_ROUND_MAX;                                          \
       (void)redu__u REDU__MAP(REDU__KEEP, __VA_ARGS__), ++redu__u)                                \
    for (size_t i = redu__region_index(redu__c, redu__k + redu__u, 0), redu__at = i,               \
                redu__live = (REDU__PREFETCH ptrs !redu__tail || redu__k + redu__u < redu__count); \
         redu__live; redu__live = ((void)redu__at, 0)REDU__MAP(REDU__BSTORE, __VA_ARGS__))

#pragma omp begin declare target
/* One prefetch per 64 bytes of the thread's progress: u (the iteration's place in its round)
 * and size are constants once the round is unrolled, so the test folds away. */
static inline __attribute__((always_inline)) void
redu__cpu_prefetch(const volatile void *p, size_t i, size_t size, size_t u)
{
  if (size >= 64 || u * size % 64 == 0)
    redu__dev_prefetch_ahead((const void *)((uintptr_t)p + i * size), size);
}

static inline __attribute__((always_inline)) redu__x_lane redu__x_region_vtake(
    redu__x_lane s, redu__x_vfpe *v, const redu__x_terms *t, redu__region_thread c, int k)
{
  redu__x_vpair pair = {*t, *t};
  redu__x_vterms terms = redu__x_vterms_sum(pair);
  /* 1.0 for REDU__X_VFMA1: a * 1.0 + b is a + b, fused or not. */
  redu__x_vstep a = redu__x_vadd(*v, terms, 0, 0, 1.0);
  if (__builtin_expect(__builtin_reduce_or(a.bad | ~terms.ok) != 0, 0))
    return REDU__X_TAKE_ROUND(s, *t, REDU__X_ROUND_MAX, c, k);
  *v = a.f;
  return s;
}

/* The vectors' expansions as terms of s: each hi, then each lo (a zero lo as -0.0, which
 * keeps an all -0.0 sum -0.0). */
static inline __attribute__((always_inline)) redu__x_lane
redu__x_region_vfold(redu__x_lane s, const redu__x_vfpe *v, redu__region_thread c, int k)
{
  for (int j = 0; j < REDU__X_ROUND_MAX; ++j) {
    s = redu__x_region_take(s, v->hi[j], c, k);
    s = redu__x_region_take(s, v->lo[j] != 0 ? v->lo[j] : -0.0, c, k);
  }
  return s;
}
#pragma omp end declare target

#endif

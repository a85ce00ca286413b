/* Wrapped target regions: the user writes the loop body, libredu launches the region
 * (teams and threads from its planner), distributes the iterations and finishes every
 * reduction with its own team and grid routines, all in one kernel launch.
 *
 *   double dot = 0, amax = 0;
 *   int64_t count = 0;
 *   redu_status st;
 *   REDU_FOR(st, dev, i, n, (x, y), (sum_f64, dot), (max_f64, amax), (sum_i64, count)) {
 *     double d = x[i] * y[i];
 *     dot += d;
 *     amax = fmax(amax, fabs(d));
 *     count += d > 0;
 *   }
 *   if (st != REDU_OK) ... redu_last_error() says why
 *
 * Inside the body each reduction variable is the thread's private accumulator, started at
 * the reduction's identity; the body updates it with the reduction's own operation
 * (+=, fmax, the declared combiner, ...), as in OpenMP's reduction clause. After the
 * region each variable holds combine(its value before, the reduced value), as in OpenMP.
 * docs/regions.md has the rules; examples/ has complete programs.
 *
 * REDU_FOR(st, dev, i, n, (ptrs...), (kind, var)...) { body }
 *   st     a redu_status variable: REDU_OK, or why nothing ran (bad device, n past
 *          PTRDIFF_MAX, a NULL or non-device pointer in ptrs, too many reductions, ...)
 *   dev    OpenMP device number or REDU_DEFAULT_DEVICE
 *   i      the name of the loop index (size_t), visible in the body; n  iterations [0, n)
 *   ptrs   device pointers the body reads (is_device_ptr; each checked: not NULL, and
 *          device memory on NVIDIA); () for none
 *   kind   a built-in kind, sum_<t> / min_<t> / max_<t> with <t> one of i8 i16 i32 i64 u8
 *          u16 u32 u64 f32 f64 (integers wrap; min/max: a NaN wins, -0.0 < +0.0), or a
 *          name declared with REDU_DECLARE_REDUCTION; var: a variable of its type
 *   1 to 8 reductions, whose accumulators take 256 bytes at most together.
 * REDU_FOR_CLAUSES(st, dev, i, n, (clauses...), (kind, var)...) { body }
 *   the same with any clauses of `target teams` instead of ptrs (map, is_device_ptr,
 *   firstprivate, ...), passed through unchecked.
 * REDU_FOR_NOWAIT(st, dev, i, n, (clauses...), (kind, var)...) { body }
 *   asynchronous: the region is a deferred target task (nowait, with the clauses, e.g.
 *   depend(in: x[0:n])), and a host task updates the variables and st afterwards. st, the
 *   variables and their storage must stay alive until then; they are ready after a
 *   taskwait (or a task with depend(in: var) or on st). Errors found before the launch
 *   are in st at once.
 * The body must not leave the loop (break, return, goto). */
#ifndef REDU_REGION_H
#define REDU_REGION_H

#include "redu_udr.h"
#include "device/redu_builtin_ops.h"

#define REDU_FOR(st, dev, i, n, ptrs, ...)                                                 \
  REDU_FOR_IMPL_(st, dev, i, n, ptrs, (REDU_IS_DEVICE_PTR_ ptrs), REDU_SYNC_, __VA_ARGS__)
#define REDU_FOR_CLAUSES(st, dev, i, n, clauses, ...)                                      \
  REDU_FOR_IMPL_(st, dev, i, n, (), clauses, REDU_SYNC_, __VA_ARGS__)
#define REDU_FOR_NOWAIT(st, dev, i, n, clauses, ...)                                       \
  REDU_FOR_IMPL_(st, dev, i, n, (), clauses, REDU_ASYNC_, __VA_ARGS__)

/* Built-in kinds, declared like any user reduction, with the rules of the typed calls
 * (device/redu_builtin_ops.h): integer sums wrap, min/max compare order keys (a NaN wins,
 * -0.0 orders before +0.0) and return the canonical NaN. */
#define REDU_REGION_KINDS(sfx, T, E, K, SA, LO, HI)                                        \
  _Pragma("omp begin declare target")                                                      \
  static inline T redu_region_add_##sfx(T a, T b) { return REDU_ADD_##K(T, a, b); }        \
  static inline T redu_region_min_##sfx(T a, T b)                                          \
  {                                                                                        \
    return redu_op_value_##sfx(redu_op_min_##sfx(redu_op_lo_##sfx(a, 0), redu_op_lo_##sfx(b, 0))); \
  }                                                                                        \
  static inline T redu_region_max_##sfx(T a, T b)                                          \
  {                                                                                        \
    return redu_op_value_##sfx(redu_op_max_##sfx(redu_op_hi_##sfx(a, 0), redu_op_hi_##sfx(b, 0))); \
  }                                                                                        \
  _Pragma("omp end declare target")                                                        \
  REDU_DECLARE_REDUCTION(sum_##sfx, T, redu_region_add_##sfx, REDU_COMMUTATIVE, 0)         \
  REDU_DECLARE_REDUCTION(min_##sfx, T, redu_region_min_##sfx, REDU_COMMUTATIVE, HI)        \
  REDU_DECLARE_REDUCTION(max_##sfx, T, redu_region_max_##sfx, REDU_COMMUTATIVE, LO)
REDU_FOR_EACH_TYPE(REDU_REGION_KINDS)

/* ---- implementation ------------------------------------------------------------------ */

/* GPUs unroll the user's loop 4x so that each thread has 4 iterations' loads in flight
 * (LLVM 19 does not unroll it by itself). A body that cannot be unrolled (rare) makes
 * clang warn with -Wpass-failed; define REDU_REGION_UNROLL empty to opt out. */
#ifndef REDU_REGION_UNROLL
#if defined(__NVPTX__) || defined(__AMDGCN__)
#define REDU_REGION_UNROLL _Pragma("clang loop unroll_count(4)")
#else
#define REDU_REGION_UNROLL
#endif
#endif

#define REDU_UNPAREN_(...) __VA_ARGS__
#define REDU_IS_DEVICE_PTR_(...) __VA_OPT__(is_device_ptr(__VA_ARGS__))
#define REDU_CAT_(a, b) REDU_CAT2_(a, b)
#define REDU_CAT2_(a, b) a##b
#define REDU_KIND_(kind, var) kind
#define REDU_VAR_(kind, var) var

#define REDU_NARGS_(...) REDU_NARGS2_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define REDU_NARGS2_(a1, a2, a3, a4, a5, a6, a7, a8, N, ...) N
/* m(k, pair) for each pair, k = 0, 1, ... */
#define REDU_MAP_(m, ...) REDU_CAT_(REDU_MAP_, REDU_NARGS_(__VA_ARGS__))(m, __VA_ARGS__)
#define REDU_MAP_1(m, a) m(0, a)
#define REDU_MAP_2(m, a, b) REDU_MAP_1(m, a) m(1, b)
#define REDU_MAP_3(m, a, b, c) REDU_MAP_2(m, a, b) m(2, c)
#define REDU_MAP_4(m, a, b, c, d) REDU_MAP_3(m, a, b, c) m(3, d)
#define REDU_MAP_5(m, a, b, c, d, e) REDU_MAP_4(m, a, b, c, d) m(4, e)
#define REDU_MAP_6(m, a, b, c, d, e, f) REDU_MAP_5(m, a, b, c, d, e) m(5, f)
#define REDU_MAP_7(m, a, b, c, d, e, f, g) REDU_MAP_6(m, a, b, c, d, e, f) m(6, g)
#define REDU_MAP_8(m, a, b, c, d, e, f, g, h) REDU_MAP_7(m, a, b, c, d, e, f, g) m(7, h)

#define REDU_TYPE_(p) REDU_CAT_(redu_udr_type_, REDU_KIND_ p)
#define REDU_SIZE_(k, p) sizeof(REDU_TYPE_(p)),
#define REDU_ALIGN_(k, p) _Alignof(REDU_TYPE_(p)),
#define REDU_ORDER_(k, p) | REDU_CAT_(redu_udr_order_, REDU_KIND_ p)
#define REDU_DEP_(k, p) , REDU_VAR_ p
/* Runs once; a flag, not a pointer to the variable: a local whose address is taken is
 * globalized on GPUs (device/redu_team_scratch.h). */
#define REDU_PRIVATE_(k, p)                                                                \
  for (int REDU_CAT_(redu_once_, REDU_VAR_ p) = 1; REDU_CAT_(redu_once_, REDU_VAR_ p);)     \
    for (REDU_TYPE_(p) REDU_VAR_ p = REDU_CAT_(redu_identity_, REDU_KIND_ p)();            \
         REDU_CAT_(redu_once_, REDU_VAR_ p); REDU_CAT_(redu_once_, REDU_VAR_ p) = 0)
#define REDU_TEAM_STEP_(k, p) REDU_CAT_(redu_region_team_, REDU_KIND_ p)(REDU_VAR_ p, redu_c_, k),
#define REDU_FINAL_STEP_(k, p) REDU_CAT_(redu_region_final_, REDU_KIND_ p)(redu_c_, k),
#define REDU_RESULT_(k, p)                                                                 \
  REDU_VAR_ p = REDU_CAT_(redu_combine_, REDU_KIND_ p)(                                    \
      REDU_VAR_ p, REDU_CAT_(redu_region_get_, REDU_KIND_ p)(&redu_r_, k));

#define REDU_SIZES_(...) ((const size_t[]){REDU_MAP_(REDU_SIZE_, __VA_ARGS__)})
#define REDU_ALIGNS_(...) ((const size_t[]){REDU_MAP_(REDU_ALIGN_, __VA_ARGS__)})
#define REDU_ORDERED_(...) (0 REDU_MAP_(REDU_ORDER_, __VA_ARGS__))

/* After the region: results into the variables (now, or in a host task after the target
 * task when asynchronous). */
#define REDU_SYNC_(st, ...)                                                                \
  {                                                                                        \
    if (((st) = redu_region_end(&redu_r_)) == REDU_OK) {                                   \
      REDU_MAP_(REDU_RESULT_, __VA_ARGS__)                                                 \
    }                                                                                      \
  }
#define REDU_ASYNC_(st, ...)                                                               \
  REDU_PRAGMA(omp task depend(inout : st REDU_MAP_(REDU_DEP_, __VA_ARGS__))                \
              shared(st REDU_MAP_(REDU_DEP_, __VA_ARGS__)) firstprivate(redu_r_))          \
  REDU_SYNC_(st, __VA_ARGS__)
#define REDU_NOWAIT_CLAUSES_REDU_SYNC_(...)
#define REDU_NOWAIT_CLAUSES_REDU_ASYNC_(st, ...)                                           \
  nowait depend(out : st REDU_MAP_(REDU_DEP_, __VA_ARGS__))

/* Host: begin (validate, plan, scratch); the launch values as size_t scalars, passed by
 * value; then the target region, whose threads declare their private accumulators, run
 * the user's loop and, in the innermost for's step, finish every reduction. */
#define REDU_FOR_IMPL_(st, dev, i, n, ptrs, clauses, when, ...)                            \
  for (redu_region redu_r_ = redu_region_begin(                                            \
           &(st), __func__, (dev), (n), (const void *const[]){NULL, REDU_UNPAREN_ ptrs} + 1, \
           sizeof((const void *const[]){NULL, REDU_UNPAREN_ ptrs}) / sizeof(void *) - 1,   \
           REDU_SIZES_(__VA_ARGS__), REDU_ALIGNS_(__VA_ARGS__),                            \
           REDU_NARGS_(__VA_ARGS__), REDU_ORDERED_(__VA_ARGS__), NULL);                    \
       redu_r_.go; redu_r_.go = 0)                                                         \
    for (size_t redu_n_ = (n), redu_teams_ = (size_t)redu_r_.call.launch.teams,            \
                redu_threads_ = (size_t)redu_r_.call.launch.threads,                       \
                redu_slots_ = redu_r_.call.launch.team_slots,                              \
                redu_tree_ = (size_t)redu_r_.call.launch.tree,                             \
                redu_tmem_ = redu_r_.call.launch.team_mem,                                 \
                redu_spill_ = (size_t)redu_r_.call.launch.team_spill,                      \
                redu_part_ = (size_t)redu_r_.call.launch.partials,                         \
                redu_count_ = (size_t)redu_r_.call.launch.counter,                         \
                redu_res_ = (size_t)redu_r_.call.launch.result, redu_phase_ = 0;           \
         redu_phase_ < 2; ++redu_phase_)                                                   \
      if (redu_phase_ == 1)                                                                \
        when(st, __VA_ARGS__)                                                              \
      else                                                                                 \
        REDU_PRAGMA(omp target teams device(redu_r_.call.launch.device)                    \
                    num_teams(redu_r_.call.launch.teams) thread_limit(redu_r_.call.launch.threads) \
                    ompx_dyn_cgroup_mem(redu_tmem_) REDU_UNPAREN_ clauses                  \
                    REDU_CAT_(REDU_NOWAIT_CLAUSES_, when)(st, __VA_ARGS__))                \
        REDU_PRAGMA(omp parallel num_threads(redu_threads_))                               \
        for (redu_region_thread redu_c_ = redu_region_thread_make(                         \
                 redu_n_, redu_teams_, redu_slots_, redu_tree_, redu_tmem_, redu_spill_,   \
                 redu_part_, redu_count_, redu_res_, REDU_SIZES_(__VA_ARGS__),             \
                 REDU_ALIGNS_(__VA_ARGS__), REDU_NARGS_(__VA_ARGS__),                      \
                 REDU_ORDERED_(__VA_ARGS__));                                              \
             redu_c_.go; redu_c_.go = 0)                                                   \
        REDU_MAP_(REDU_PRIVATE_, __VA_ARGS__)                                              \
        for (int redu_done_ = 0; !redu_done_;                                              \
             redu_done_ = 1, REDU_MAP_(REDU_TEAM_STEP_, __VA_ARGS__)                       \
                             redu_region_last_team(redu_c_)                                \
                                 ? (REDU_MAP_(REDU_FINAL_STEP_, __VA_ARGS__)               \
                                    redu_region_reset(redu_c_))                            \
                                 : 0)                                                      \
        REDU_REGION_UNROLL                                                                 \
        for (size_t i = redu_c_.first; i < redu_c_.end; i += redu_c_.step)

#endif

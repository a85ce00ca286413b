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
 *   (st, dev and n may be expressions: each is evaluated exactly once, as a function's
 *   argument would be; REDU_FOR_NOWAIT's st must be a variable, named in its depend clause)
 *   ptrs   device pointers the body reads (is_device_ptr; each checked: not NULL, and
 *          device memory on NVIDIA); () for none
 *   kind   a built-in kind <op>_<t>, <t> one of i8 i16 i32 i64 u8 u16 u32 u64 f32 f64:
 *          sum, prod (integers wrap; floats in the variable's type), min, max (a NaN
 *          wins, -0.0 < +0.0), land, lor (1 or 0; nonzero and NaN are true), and for
 *          integers band, bor, bxor; the body combines with redu_region_<fn>_<t>, fn one
 *          of add mul min max land lor band bor bxor, or the C operator. Or an arg kind,
 *          argmin_<t> / argmax_<t>, whose pair names two variables, (argmin_f64, v, at):
 *          v of type <t>, at a size_t; in the body they start at the min (max) identity
 *          and REDU_NO_INDEX, and the body sets both when
 *          redu_region_argmin_wins_<t>(x[i], i, v, at) (argmax_wins) is 1: the typed
 *          calls' order (a NaN wins, -0.0 < +0.0, the lowest index among equal values),
 *          so the result does not depend on the plan. Or an exact
 *          kind, sum_exact_f64 / sum_exact_f32: the body adds to the variable (a double,
 *          a float) with +=; each iteration's contribution (the variable's value after
 *          the body, which starts every iteration from -0.0) is summed exactly, and the
 *          variable ends as the correctly rounded sum of its value before the region
 *          and every contribution (docs/regions.md, "Exact sums in regions"). Or a name
 *          declared with REDU_DECLARE_REDUCTION. var: a variable of the kind's type exactly
 *   Or a bins reduction, OpenMP's `reduction(op : hist[0:nbins])`: the quadruple
 *   (bins, kind, hist, nbins), kind a built-in value kind (not an arg or exact kind) or a
 *   declared reduction, hist a pointer to nbins elements of its type in device memory (the
 *   region's device), nbins below 2^32 - 2. In the body REDU_BIN(hist, key) is the bin
 *   `key` (any integer below nbins) for this iteration, an lvalue of the kind's type that
 *   starts at the identity and is updated as a variable is: REDU_BIN(hist, key) += x[i];
 *   an iteration names at most one bin (REDU_BIN with one key, as often as it likes) or
 *   none, or with a fifth element, (bins, kind, hist, nbins, per), up to per bins (an
 *   integer constant, 1 to 8; each bin's values combined in the order the body gives
 *   them). After the region hist[k] is hist[k]'s value before combined with every value
 *   given to bin k, what redu_bins_<kind> (or redu_bins_reduce_<name>) with
 *   REDU_BINS_ACCUMULATE gives over the iterations' keys and values: the same bits on every
 *   run, plan and device, float sums exact, declared combiners in index order. A key not
 *   below nbins, or more keys in one iteration than it may name, fails the region with
 *   REDU_ERR_BAD_KEY naming the first such iteration (bins and variables untouched). The
 *   region keeps each iteration's keys and values in device memory (per * (4 + sizeof(T))
 *   bytes an iteration). At most one bins reduction per region.
 *   1 to 8 reductions, whose accumulators take 256 bytes at most together (a bins
 *   reduction's: 8), plus at most two exact kinds; a region with an exact kind takes other
 *   kinds of at most 32 bytes (every built-in kind).
 * REDU_FOR_CLAUSES(st, dev, i, n, (clauses...), (kind, var)...) { body }
 *   the same with any clauses of `target teams` instead of ptrs (map, is_device_ptr,
 *   firstprivate, ...), passed through unchecked.
 * REDU_FOR_NOWAIT(st, dev, i, n, (clauses...), (kind, var)...) { body }
 *   asynchronous: the region is a deferred target task (nowait, with the clauses, e.g.
 *   depend(in: x[0:n])), and a host task updates the variables and st afterwards. st, the
 *   variables and their storage must stay alive until then; they are ready after a
 *   taskwait (or a task with depend(in: var) or on st). Errors found before the launch
 *   are in st at once.
 * The body must not leave the loop (break, return, goto). On GPUs the loop is unrolled
 * (8x over one array, else 4x); REDU_REGION_UNROLL, defined before this header (empty, or
 * a loop pragma), replaces that (device/redu_region_for.h says why).
 *
 * REDU_FOR_SCAN(st, dev, i, n, (ptrs...), (dir, kind, var)...) { input } REDU_SCAN_PHASE { scan }
 *   OpenMP's `reduction(inscan, ...)` loop with its `scan` directive: dir is inclusive or
 *   exclusive, kind a built-in value kind (not an arg kind), an exact kind or a declared
 *   reduction, var a variable of the kind's type. The input body runs once per iteration
 *   with var at the kind's identity and updates it as a REDU_FOR body does; the scan body
 *   then sees var as the prefix through iteration i: var's value before the region combined
 *   with the input phases of iterations 0..i (inclusive) or 0..i-1 (exclusive), in index
 *   order, what the sequential loop `var = combine(var, input_i)` gives. After the region
 *   var holds its last prefix, the combine of every iteration. The prefixes are the
 *   kind's scan's (redu_inclusive_scan_<kind> over the iterations' values): the same bits
 *   on every run for a given plan, correctly rounded for the exact kinds whatever the plan.
 *   Every variable takes n elements of device memory during the region (a status of
 *   REDU_ERR_OUT_OF_MEMORY, variables untouched, when there is not enough). Statuses as
 *   REDU_FOR's, and the scan calls' (libredu/redu_scan.h: a declared type the scan refuses).
 *   Up to REDU_REGION_MAX variables, each inclusive or exclusive; the bodies must not leave
 *   the loop, and only the scan body's writes of var are discarded.
 *
 * Mistakes caught at compile time, each as the first error, in these words: a pair
 * without its parentheses, a pointer or clause list without them, more than
 * REDU_REGION_MAX reductions, a variable that is not a plain identifier (a member, an
 * element), a variable whose type is not its kind's (an arg kind's value and size_t index
 * alike), and an unknown kind ("undeclared identifier 'redu__kind_<kind>'").
 * docs/regions.md shows the expansion and what runs where. */
#ifndef REDU_REGION_H
#define REDU_REGION_H

#include "redu_udr.h"

/* libredu's internals that REDU_FOR stamps: the built-in kinds (device/redu_region_kinds.h)
 * and the expansion with its compile-time checks (device/redu_region_for.h). */
#define REDU__INSIDE
#include "device/redu_region_for.h"
#include "device/redu_region_kinds.h"
#include "device/redu_region_scan.h"
#undef REDU__INSIDE

#define REDU_FOR(st, dev, i, n, ptrs, ...)                                                         \
  REDU__FOR_IMPL(st, dev, i, n, ptrs, (REDU__IS_DEVICE_PTR ptrs), REDU__SYNC,                      \
                 REDU__ONE_OR_MANY ptrs, __VA_ARGS__)
#define REDU_FOR_CLAUSES(st, dev, i, n, clauses, ...)                                              \
  REDU__FOR_IMPL(st, dev, i, n, (), clauses, REDU__SYNC, MANY, __VA_ARGS__)
#define REDU_FOR_NOWAIT(st, dev, i, n, clauses, ...)                                               \
  REDU__FOR_IMPL(st, dev, i, n, (), clauses, REDU__ASYNC, MANY, __VA_ARGS__)
#define REDU_FOR_SCAN(st, dev, i, n, ptrs, ...)                                                    \
  REDU__FOR_SCAN_IMPL(st, dev, i, n, ptrs, __VA_ARGS__)
#define REDU_SCAN_PHASE else
/* In a REDU_FOR body, the bin `key` of a bins reduction (bins, kind, var, nbins): an lvalue of
 * the kind's type, the iteration's value for that bin (device/redu_region_bins.h). */
#define REDU_BIN(var, key)                                                                         \
  (*(__typeof__((var)[0]) *)redu__bin_at(                                                          \
      REDU__BKEY(var), (int)(sizeof REDU__BKEY(var) / sizeof REDU__BKEY(var)[0]), (size_t)(key),   \
      redu__bnbins, (var), sizeof(var)[0]))

#endif

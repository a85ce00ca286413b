#include "host/redu_plan.h"

#include "device/redu_exact_acc.h"
#include "device/redu_launch.h"
#include "device/redu_reducers.h"
#include "device/redu_scan_kernel.h"
#include "device/redu_team_scratch.h"
#include "host/redu_error.h"
#include "host/redu_scratch.h"
#include <stdio.h>
#include <stdlib.h>

/* GPU: 512 threads (16 warps) per team, 4 teams per multiprocessor (measured on the H100:
 * 4 beat 2 by 10% at 1 GiB although the kernels' 46-64 registers let only two 512-thread
 * teams be resident per SM at once; docs/performance.md). Each thread gets at least 64
 * bytes (one unrolled round of four 16-byte loads): 16 made 1-8 MiB inputs 1.8x slower. */
enum { REDU__GPU_THREADS = 512, REDU__GPU_TEAMS_PER_UNIT = 4, REDU__MIN_BYTES_PER_THREAD = 64 };
/* CPU: one thread per team, one team per core; below this many bytes per team the fork
 * costs more than the reading. */
enum { REDU__CPU_MIN_BYTES_PER_TEAM = 1 << 18 };
/* User-declared accumulators above these sizes get fewer threads per team (their
 * registers: a 256-byte accumulator and the element being read hold ~130 per thread). */
enum { REDU__GPU_ACC_512_THREADS = 32, REDU__GPU_ACC_256_THREADS = 128 };

static size_t redu__div_up(size_t a, size_t b) { return a / b + (a % b != 0); }

/* A user-declared reduction over an array (device/redu_index_kernel.h; also what
 * redu_scratch_query sizes for accumulators up to REDU_MAX_ACC_BYTES). */
static int redu__index_call(const redu__call_shape *s)
{
  return !s->builtin && !s->exact && !s->segmented && !s->ptrs;
}

/* The most threads per team a call's kernels are compiled for on a GPU (their launch
 * bounds); 0: no limit below the device's. redu_scratch_query sizes any call, so no one
 * kind's limit applies to it. */
static int redu__gpu_max_threads(const redu__call_shape *s)
{
  return s->exact || s->region_exact        ? REDU__X_MAX_THREADS
         : s->scan                          ? REDU__SCAN_MAX_THREADS
         : s->segmented                     ? REDU__SEG_MAX_THREADS(s->acc_size)
         : redu__index_call(s) && !s->query ? REDU__INDEX_MAX_THREADS(s->acc_size)
                                            : 0;
}

void redu__plan_reason(const redu__device *d, const redu__plan *p, char *buf, size_t len)
{
  if (p->set_by)
    snprintf(buf, len, "set by %s", p->set_by);
  else if (d->arch == REDU__ARCH_CPU && p->cpu_team_elems)
    snprintf(buf, len, "CPU: 1 thread/team, 1 team per %zu elements up to %d cores",
             p->cpu_team_elems, d->units);
  else if (d->arch == REDU__ARCH_CPU)
    snprintf(buf, len, "CPU: 1 thread/team, 1 team per %d KiB up to %d cores",
             REDU__CPU_MIN_BYTES_PER_TEAM >> 10, d->units);
  else
    snprintf(buf, len, "GPU: %d threads/team, %d teams/SM x %d SMs when full, >= %d B per thread",
             p->threads, p->teams_per_unit, d->units, REDU__MIN_BYTES_PER_THREAD);
}

static void redu__plan_auto(const redu__device *d, size_t bytes, size_t acc_size,
                            const redu__call_shape *shape, redu__plan *p)
{
  *p = (redu__plan){.teams_per_unit = 0};
  if (d->arch == REDU__ARCH_CPU) {
    size_t want = redu__div_up(bytes, REDU__CPU_MIN_BYTES_PER_TEAM);
    if (shape->scan) { /* by elements: device/redu_scan_kernel.h */
      p->cpu_team_elems = REDU__SCAN_CPU_TEAM_ELEMS;
      want = redu__div_up(bytes / shape->elem_size, REDU__SCAN_CPU_TEAM_ELEMS);
    }
    p->threads = 1;
    p->teams = want < (size_t)d->units ? (int)want : d->units;
  } else {
    /* Exact kernels: 128 registers (REDU__X_MAX_THREADS), one 512-thread team per SM, one
     * wave: 1.19x the fast sum at 2^27 on the H100, against 1.31x for two teams per SM and
     * 1.56x for four (docs/performance.md, exact sums). Segmented kernels: up to 128
     * registers too (REDU__SEG_MAX_THREADS), and one wave matters more there, since each
     * team's work is a chain of short dependent steps: 132 teams beat 264, 528 and 1,056
     * in every segmented case on the H100 (docs/performance.md, segmented reductions). */
    /* Declared reductions over arrays: one wave too. Welford at 2^26 (H100):
     * 0.235 ms with 528 teams (four waves of one 384-thread team per SM), 0.207-0.213 with
     * 132 and REDU__INDEX_MAX_THREADS; the 256-byte sum 6.98 -> 6.34 ms; the complex sum
     * and min-loc unchanged (docs/performance.md). */
    /* Regions with an exact kind: the exact kernels' launch bounds (device/redu_region_for.h)
     * and, like them, one team per SM. */
    int exact = shape->exact || shape->region_exact;
    p->teams_per_unit =
        exact || shape->segmented || redu__index_call(shape) ? 1 : REDU__GPU_TEAMS_PER_UNIT;
    int threads = acc_size <= REDU__GPU_ACC_512_THREADS   ? REDU__GPU_THREADS
                  : acc_size <= REDU__GPU_ACC_256_THREADS ? REDU__GPU_THREADS / 2
                                                          : REDU__GPU_THREADS / 4;
    /* Scans: REDU__SCAN_GPU_THREADS x REDU__SCAN_TEAMS_PER_UNIT (device/redu_scan_kernel.h). */
    if (shape->scan)
      threads = REDU__SCAN_GPU_THREADS, p->teams_per_unit = REDU__SCAN_TEAMS_PER_UNIT;
    p->threads = threads <= d->max_threads ? threads : d->max_threads;
    size_t want = redu__div_up(bytes, (size_t)p->threads * REDU__MIN_BYTES_PER_THREAD);
    size_t full = (size_t)d->units * (size_t)p->teams_per_unit;
    size_t league =
        exact || shape->segmented ? full : (size_t)d->units * (size_t)REDU__GPU_TEAMS_PER_UNIT;
    p->teams = (int)(want < full ? want : full);
    p->pad_teams = (int)(want < league ? want : league);
  }
  if (p->teams < 1)
    p->teams = 1;
  if (p->pad_teams < p->teams)
    p->pad_teams = p->teams;
}

/* Team scratch (device/redu_team_scratch.h): one accumulator per warp (shuffles) or per
 * thread (tree), and the team's "last" flag, in dynamic team memory when it fits there,
 * else a slice of device memory per team (always on CPUs, which have no team memory). */
static void redu__plan_team_scratch(const redu__device *d, const redu__call_shape *shape,
                                    const redu_options *opts, redu__plan *p)
{
  unsigned flags = opts ? opts->flags : 0;
  /* Shuffles unless asked, up to REDU__SHUFFLE_MAX_BYTES (device/redu_reducers.h): they
   * beat the tree at every size measured on the H100, 16 to 256 bytes, by 1-10% end to end
   * (docs/user-reductions.md); larger accumulators always combine through the tree. */
  /* A region with exact kinds: shuffles always (its other kinds are at most
   * REDU__SHUFFLE_MAX_BYTES, libredu/redu_region.h), so that an exact kind's scratch holds
   * one long accumulator per warp (device/redu_region_exact.h). */
  p->tree = !shape->builtin && !shape->region_exact &&
            ((flags & REDU_TEAM_TREE) || shape->acc_size > REDU__SHUFFLE_MAX_BYTES);
  p->team_slots = p->tree ? (size_t)p->threads : (size_t)(p->threads / d->warp_size);
  if (shape->scan)
    p->team_slots = REDU__SCAN_TEAM_SLOTS(p->threads / d->warp_size);
  size_t bytes = redu__team_scratch_bytes(p->team_slots, shape->acc_size) +
                 (shape->segmented ? REDU__SEG_TEAM_EXTRA : 0);
  p->team_mem = d->team_mem && bytes <= d->team_mem ? bytes : 0;
  p->spill_bytes = p->team_mem ? 0 : (size_t)p->teams * bytes;
  p->pad_spill_bytes = p->team_mem ? 0 : (size_t)p->pad_teams * bytes;
}

redu_status redu__plan_make(const redu__device *d, size_t n, const redu__call_shape *shape,
                            const redu_options *opts, redu__plan *p)
{
  const char *fn = shape->fn;
  /* An exact call's threads keep 32 bytes of expansions in registers, whatever its record;
   * a region's exact kind 32 bytes of state instead of its record. */
  size_t regs = shape->exact ? 32
                             : shape->acc_size -
                                   (size_t)shape->region_exact * (REDU__X_SUM_RECORD_BYTES - 32);
  redu__plan_auto(d, n * shape->elem_size, regs, shape, p);
  if (d->env_teams < 0 || d->env_threads < 0)
    return redu__fail(REDU_ERR_BAD_OPTION,
                      "%s: REDU_TEAMS or REDU_THREADS is not a positive integer", fn);
  if (d->env_sched_bad)
    return redu__fail(REDU_ERR_BAD_OPTION,
                      "%s: REDU_CUDA_SCHED is `%s`: set auto (CUDA's default waits, what "
                      "libredu sets) or keep (leave libomptarget's blocking waits), or unset it",
                      fn, getenv("REDU_CUDA_SCHED"));
  const char *src = NULL;
  if (d->env_teams)
    p->teams = d->env_teams, src = "REDU_TEAMS";
  if (d->env_threads)
    p->threads = d->env_threads, src = "REDU_THREADS";
  if (opts && opts->teams)
    p->teams = opts->teams, src = "redu_options";
  if (opts && opts->threads)
    p->threads = opts->threads, src = "redu_options";
  if ((opts && opts->teams) || d->env_teams)
    p->pad_teams = p->teams;
  p->set_by = src;
  if (p->teams < 1 || p->teams > REDU_MAX_TEAMS)
    return redu__fail(REDU_ERR_BAD_OPTION, "%s: %d teams (from %s) is outside 1..%d", fn, p->teams,
                      src ? src : "planner", REDU_MAX_TEAMS);
  if (p->threads < 1 || p->threads > d->max_threads || p->threads % d->warp_size)
    return redu__fail(REDU_ERR_BAD_OPTION,
                      "%s: %d threads per team (from %s) must be a multiple of the warp size "
                      "%d and at most %d on device %d",
                      fn, p->threads, src ? src : "planner", d->warp_size, d->max_threads,
                      d->number);
  int most = d->arch == REDU__ARCH_CPU ? 0 : redu__gpu_max_threads(shape);
  if (most && p->threads > most) {
    char kind[80];
    snprintf(kind, sizeof kind, "%s with a %zu-byte accumulator",
             shape->scan        ? "scans"
             : shape->segmented ? "segmented and batched calls"
                                : "declared reductions",
             shape->acc_size);
    return redu__fail(REDU_ERR_BAD_OPTION,
                      "%s: %d threads per team (from %s); %s run at most %d threads per team on "
                      "a GPU (their kernels' launch bounds): ask for fewer",
                      fn, p->threads, src ? src : "planner",
                      shape->exact || shape->region_exact ? "exact sums" : kind, most);
  }
  if (opts && (opts->flags & REDU_TEAM_TREE) && (opts->flags & REDU_TEAM_SHUFFLE))
    return redu__fail(REDU_ERR_BAD_OPTION,
                      "%s: REDU_TEAM_TREE and REDU_TEAM_SHUFFLE are both set; pick one", fn);
  redu__plan_team_scratch(d, shape, opts, p);
  return REDU_OK;
}

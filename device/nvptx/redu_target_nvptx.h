/* NVIDIA (nvptx64) variant of redu_target.h: 32-lane warps, shfl.sync, membar.gl, ldg.
 * __atomic_thread_fence cannot be selected for nvptx in LLVM 19, hence the intrinsic. */
#ifndef REDU_TARGET_NVPTX_H
#define REDU_TARGET_NVPTX_H

#include "device/redu_internal.h"

/* Nanoseconds a poll waits before the next (redu__dev_pause): the single-pass scan's times on
 * the H100 were the same with 0, 100 and 400. */
#define REDU__NVPTX_PAUSE_NS 100

#pragma omp begin declare variant match(device = {arch(nvptx64)})

static inline int redu__dev_arch(void) { return REDU__ARCH_NVPTX; }

static inline unsigned redu__dev_warp_size(void) { return 32; }

static inline uint32_t redu__dev_shfl_down_u32(uint32_t w, unsigned delta)
{
  return (uint32_t)__nvvm_shfl_sync_down_i32(0xffffffffu, (int)w, (int)delta, 0x1f);
}

static inline uint32_t redu__dev_shfl_idx_u32(uint32_t w, unsigned lane)
{
  return (uint32_t)__nvvm_shfl_sync_idx_i32(0xffffffffu, (int)w, (int)lane, 0x1f);
}

static inline int redu__dev_warp_any(int p) { return __nvvm_vote_any_sync(0xffffffffu, p); }

static inline uint64_t redu__dev_warp_ballot(int p)
{
  return (uint32_t)__nvvm_vote_ballot_sync(0xffffffffu, p);
}

static inline double redu__dev_prod_err(double a, double b, double p)
{
  return __builtin_fma(a, b, -p);
}

static inline void redu__dev_prefetch_ahead(const void *p, size_t n) { (void)p, (void)n; }

static inline int redu__dev_interleave_words(void) { return 1; }

static inline int redu__dev_vector_chunks(void) { return 0; }

static inline int redu__dev_word_tree(void) { return 1; }

static inline void *redu__dev_team_mem(void) { return llvm_omp_target_dynamic_shared_alloc(); }

/* atom.shared: the word is in the team's shared memory (address space 3). 64-bit adds there
 * are no faster: they made exact float bins 1.2x and counts 2x slower than generic atomics
 * on the H100 (docs/performance.md, tuning log). */
static inline void redu__dev_team_add_u32(uint32_t *p, uint32_t w)
{
  __atomic_fetch_add((__attribute__((address_space(3))) uint32_t *)p, w, __ATOMIC_RELAXED);
}

/* red.global.add, relaxed at GPU scope, on the global address of p. */
static inline void redu__dev_red_add_u64(uint64_t *p, uint64_t w)
{
  __asm__ volatile(
      "{ .reg .u64 g; cvta.to.global.u64 g, %0; red.global.add.u64 [g], %1; }" ::"l"(p), "l"(w)
      : "memory");
}

static inline void redu__dev_fence_device(void) { __nvvm_membar_gl(); }

static inline void redu__dev_pause(void) { __nvvm_nanosleep(REDU__NVPTX_PAUSE_NS); }

typedef int redu__nvptx_i4 __attribute__((ext_vector_type(4)));
/* ld.global.nc: the input is never written during a reduction. */
static inline redu__word16 redu__dev_load16(const redu__word16 *p)
{
  return (redu__word16)__nvvm_ldg_i4((const redu__nvptx_i4 *)p);
}

static inline redu__word16 redu__dev_read16(const void *p)
{
  return *(const __attribute__((address_space(1))) redu__word16_any *)p;
}

static inline void redu__dev_store16(void *p, redu__word16 w)
{
  *(__attribute__((address_space(1))) redu__word16_any *)p = w;
}

#pragma omp end declare variant

#endif

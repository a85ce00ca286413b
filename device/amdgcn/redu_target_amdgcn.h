/* AMD (amdgcn) variant of redu_target.h: 64-lane wavefronts (gfx9/CDNA), ds_bpermute
 * shuffles, an agent-scope fence. Compiles for gfx90a and gfx942; libredu.so's AMD link
 * and any run are not yet done (docs/targets.md). */
#ifndef REDU_TARGET_AMDGCN_H
#define REDU_TARGET_AMDGCN_H

#include "device/redu_internal.h"

#pragma omp begin declare variant match(device = {arch(amdgcn)})

static inline int redu__dev_arch(void) { return REDU__ARCH_AMDGCN; }

static inline unsigned redu__dev_warp_size(void) { return 64; }

static inline uint32_t redu__dev_shfl_down_u32(uint32_t w, unsigned delta)
{
  unsigned lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  unsigned src = lane + delta < 64u ? lane + delta : lane;
  return (uint32_t)__builtin_amdgcn_ds_bpermute((int)(src << 2), (int)w);
}

static inline uint32_t redu__dev_shfl_idx_u32(uint32_t w, unsigned lane)
{
  return (uint32_t)__builtin_amdgcn_ds_bpermute((int)(lane << 2), (int)w);
}

static inline int redu__dev_warp_any(int p) { return __builtin_amdgcn_ballot_w64(p != 0) != 0; }

static inline uint64_t redu__dev_warp_ballot(int p) { return __builtin_amdgcn_ballot_w64(p != 0); }

static inline double redu__dev_prod_err(double a, double b, double p)
{
  return __builtin_fma(a, b, -p);
}

static inline void redu__dev_prefetch_ahead(const void *p, size_t n) { (void)p, (void)n; }

static inline int redu__dev_interleave_words(void) { return 1; }

static inline int redu__dev_vector_chunks(void) { return 0; }

static inline int redu__dev_word_tree(void) { return 0; }

static inline void *redu__dev_team_mem(void) { return llvm_omp_target_dynamic_shared_alloc(); }

static inline void redu__dev_fence_device(void)
{
  __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
}

static inline void redu__dev_pause(void) { __builtin_amdgcn_s_sleep(2); }

#pragma omp end declare variant

#endif

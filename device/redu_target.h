/* The one interface between libredu's device routines and a target.
 *
 *   redu__dev_warp_size()          lanes that exchange registers in lock step (1 on a CPU)
 *   redu__dev_shfl_down_u32(w, d)  the word held by lane (lane + d) of this warp
 *   redu__dev_shfl_idx_u32(w, l)   the word held by lane l of this warp (every lane calls it)
 *   redu__dev_warp_any(p)          nonzero when p is nonzero on any lane (every lane calls it)
 *   redu__dev_warp_ballot(p)       bit l set when p is nonzero on lane l (every lane calls it)
 *   redu__dev_prod_err(a, b, p)    a * b - p exactly, for p = a * b rounded, when |a|, |b| <
 *                                  2^995 and |p| >= 2^-960 (fused multiply-add on GPUs;
 *                                  on a CPU without one, Dekker's product of halves)
 *   redu__dev_fence_device()       memory fence at device scope (release + acquire): what
 *                                  one thread wrote before it is seen by every thread of
 *                                  the device, in every team, that reads after its fence
 *   redu__dev_pause()              a short wait between two polls of a flag another team sets
 *                                  (GPUs: so that the polls of many warps do not crowd the
 *                                  memory that the flag's writer needs; CPUs: nothing)
 *   redu__dev_arch()               which target this code was compiled for (REDU__ARCH_*)
 *   redu__dev_prefetch_ahead(p, n)  a hint that the n bytes REDU__DEV_PREFETCH_AHEAD past p
 *                                  are read soon: a prefetch per 64-byte line on CPUs, whose
 *                                  hardware prefetchers may leave a loop with a long combine
 *                                  at a few lines in flight (a 2-core x86-64 VM: Welford over
 *                                  doubles from memory 2 GB/s a thread, 4x slower than from
 *                                  cache; docs/performance.md); nothing on GPUs
 *   redu__dev_load16(p)            16 bytes of read-only input (GPUs: the read-only path)
 *   redu__dev_read16(p)            the 16 bytes at p (16-byte aligned device memory, of any
 *                                  element type) in one vector load through the ordinary path
 *                                  (NVIDIA: ld.global.v4), for data the kernel also writes
 *   redu__dev_store16(p, w)        w into those 16 bytes: one vector store (NVIDIA:
 *                                  st.global.v4; through a generic pointer clang lost the global
 *                                  space, and through a memcpy the width)
 *   redu__dev_vector_chunks()      1: a thread's contiguous chunk goes through CPU vector code
 *                                  compiled per instruction set (REDU__DEV_SIMD_CLONES):
 *                                  exact sums eight terms at a time, one check per 16 terms
 *                                  (device/redu_exact_vec.h), built-in array reductions
 *                                  through device/cpu/redu_cpu_chunk.h (CPUs); 0: exact sums
 *                                  vote once per term (GPUs: batched rounds were 2x slower on
 *                                  the H100; docs/performance.md), built-in arrays read
 *                                  16-byte words into four partials
 *   REDU__DEV_SIMD_CLONES          on a CPU function: one clone per vector instruction set
 *                                  (AVX-512, AVX2, the x86-64 baseline), the loader picks
 *                                  the widest the machine has; nothing on GPUs
 *   REDU__DEV_CPU_OUTLINED         a function out of line on CPUs, inline on GPUs
 *   REDU__DEV_PRIVATE(vars...)     after the declaration of locals: on GPUs, each thread's own
 *                                  memory (registers once optimised) whatever clang's escape
 *                                  analysis thinks of them, which otherwise "globalizes" a
 *                                  local array indexed in a loop of a function holding a
 *                                  barrier (__kmpc_alloc_shared; docs/design.md, "Kernels
 *                                  that do not depend on OpenMPOpt"); nothing on CPUs, where
 *                                  the pragma would allocate through the OpenMP runtime
 *   redu__dev_interleave_words()   1: threads read interleaved words (grid-stride), so that
 *                                  a warp's loads coalesce; 0: each thread reads one
 *                                  contiguous chunk (CPUs: interleaving would make every
 *                                  core pull every cache line)
 *   redu__dev_word_tree()          1: a word of four elements folds as a pairwise tree,
 *                                  (e0 . e1) . (e2 . e3), then into the partial, so that
 *                                  the partial waits on one combine per word (NVIDIA: 4-byte
 *                                  types 3-12% faster at 2^27, f32 sum 1.07x -> 1.00x CUB);
 *                                  value ops only: arg ops pick a word's best element by key
 *                                  on every target (REDU__WORD_PICK);
 *                                  0: the elements fold into the partial one by one (AMD:
 *                                  not measured, the old fold kept; CPUs do not take the
 *                                  word loop, see redu__dev_vector_chunks)
 *   redu__dev_team_mem()           the team's dynamic team memory (ompx_dyn_cgroup_mem), or
 *                                  NULL where there is none (CPUs: the host then passes
 *                                  device-memory scratch instead)
 *   redu__dev_team_add_u32(p, w)   relaxed atomic *p += w on a 32-bit word of
 *                                  redu__dev_team_mem()'s memory (NVIDIA: the shared-memory
 *                                  atomic, one instruction; clang emits a generic atomic
 *                                  for a pointer of unknown space)
 *   redu__dev_red_add_u64(p, w)    relaxed atomic *p += w on a 64-bit word of device
 *                                  (global) memory whose old value nobody reads; NVIDIA: a
 *                                  global reduction (red.global.add), which the warp does not
 *                                  wait for, where clang 19 emits atom for a discarded
 *                                  __atomic_fetch_add and ptxas keeps it (a generic red
 *                                  became the same atom, for an address that may be shared;
 *                                  red.global's min, max, and, or and xor on 64 bits became
 *                                  global atoms: no change measured, so no such calls)
 *
 * The base definitions below serve host-offload and host fallback, where a "warp" is
 * one thread; each GPU target overrides them in its own file through OpenMP
 * `declare variant`, so the reducers above this layer never name a target. */
#ifndef REDU_TARGET_H
#define REDU_TARGET_H

#include "device/redu_internal.h"

#include <omp.h>
#include <stdint.h>

typedef uint32_t redu__word16 __attribute__((ext_vector_type(4)));
/* The same 16 bytes as a store's lvalue over elements of any type. */
typedef uint32_t redu__word16_any __attribute__((ext_vector_type(4), may_alias));

/* A macro, not a variant: it marks a definition. x86-64 CPU code only (the host and the
 * host-offload target); GPU device passes define __NVPTX__ or __AMDGPU__. */
#if defined(__x86_64__) && !defined(__NVPTX__) && !defined(__AMDGPU__)
#define REDU__DEV_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define REDU__DEV_SIMD_CLONES
#endif

#if defined(__NVPTX__) || defined(__AMDGPU__)
#define REDU__DEV_PRIVATE(...)                                                                     \
  _Pragma(REDU__DEV_STR(omp allocate(__VA_ARGS__) allocator(omp_thread_mem_alloc)))
#define REDU__DEV_STR(x) #x
#else
#define REDU__DEV_PRIVATE(...)
#endif

/* On CPUs, a function kept out of line; on GPUs, inlined. With redu__x_dot_elem inlined into a
 * loop of three or more elements, the optimised x86-64 offload image (host-offload) lost a NaN
 * product's flag and the terms after it (tests/test_exact, exact double dot); the host's own
 * compile of the same code, the image built at -O0 and the function out of line were right. We
 * found no undefined behaviour in it; the cause in LLVM 19 is not isolated. CPUs call it only
 * for rare terms and a thread's last few elements (device/redu_exact_vec.h); GPUs in the hot
 * loop, where it stays inline. */
#if defined(__NVPTX__) || defined(__AMDGPU__)
#define REDU__DEV_CPU_OUTLINED static inline
#else
#define REDU__DEV_CPU_OUTLINED __attribute__((noinline)) static
#endif

/* a * b - p exactly, for p = a * b rounded, under redu__dev_prod_err's bounds, without a fused
 * multiply-add: Veltkamp's split into 26-bit halves makes every partial product exact. A macro
 * over doubles and vectors of doubles alike (CPUs' exact vector steps, whose baseline copy has
 * no FMA); a and b are read more than once. */
#define REDU__DEV_SPLIT_PROD_ERR(a, b, p)                                                          \
  __extension__({                                                                                  \
    __typeof__(p) redu__ca = 134217729.0 * (a), redu__cb = 134217729.0 * (b);                      \
    __typeof__(p) redu__ah = redu__ca - (redu__ca - (a)), redu__al = (a) - redu__ah;               \
    __typeof__(p) redu__bh = redu__cb - (redu__cb - (b)), redu__bl = (b) - redu__bh;               \
    ((redu__ah * redu__bh - (p)) + redu__ah * redu__bl + redu__al * redu__bh) +                    \
        redu__al *redu__bl;                                                                        \
  })

/* Bytes ahead of a CPU loop's reads that redu__dev_prefetch_ahead names (2-core x86-64 VM,
 * Welford over 2^24 doubles, one thread: 512 B ahead 27 ms, 2 KiB 17 ms, 8 KiB 20 ms). */
#define REDU__DEV_PREFETCH_AHEAD 2048

enum { REDU__ARCH_CPU = 0, REDU__ARCH_NVPTX = 1, REDU__ARCH_AMDGCN = 2 };

#pragma omp begin declare target

static inline int redu__dev_arch(void) { return REDU__ARCH_CPU; }

static inline unsigned redu__dev_warp_size(void) { return 1; }

static inline uint32_t redu__dev_shfl_down_u32(uint32_t w, unsigned delta)
{
  (void)delta;
  return w;
}

static inline uint32_t redu__dev_shfl_idx_u32(uint32_t w, unsigned lane)
{
  (void)lane;
  return w;
}

static inline int redu__dev_warp_any(int p) { return p; }

static inline uint64_t redu__dev_warp_ballot(int p) { return p != 0; }

static inline void redu__dev_fence_device(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

static inline void redu__dev_pause(void) {}

#ifdef __FMA__
static inline double redu__dev_prod_err(double a, double b, double p)
{
  return __builtin_fma(a, b, -p);
}
#else
/* Without a fused multiply-add (x86-64's baseline) libm's fma is a software routine. */
static inline double redu__dev_prod_err(double a, double b, double p)
{
  return REDU__DEV_SPLIT_PROD_ERR(a, b, p);
}
#endif

static inline redu__word16 redu__dev_load16(const redu__word16 *p) { return *p; }

static inline redu__word16 redu__dev_read16(const void *p) { return *(const redu__word16_any *)p; }

static inline void redu__dev_store16(void *p, redu__word16 w) { *(redu__word16_any *)p = w; }

/* Through uintptr_t: the address may be past the end of p's array, which a prefetch may name
 * (it never faults) but pointer arithmetic may not. */
static inline void redu__dev_prefetch_ahead(const void *p, size_t n)
{
  for (size_t b = 0; b < n; b += 64)
    __builtin_prefetch((const void *)((uintptr_t)p + REDU__DEV_PREFETCH_AHEAD + b));
}

static inline int redu__dev_interleave_words(void) { return 0; }

static inline int redu__dev_vector_chunks(void) { return 1; }

static inline int redu__dev_word_tree(void) { return 0; }

static inline void *redu__dev_team_mem(void) { return (void *)0; }

static inline void redu__dev_team_add_u32(uint32_t *p, uint32_t w)
{
  __atomic_fetch_add(p, w, __ATOMIC_RELAXED);
}

static inline void redu__dev_red_add_u64(uint64_t *p, uint64_t w)
{
  __atomic_fetch_add(p, w, __ATOMIC_RELAXED);
}

#pragma omp end declare target

#include "device/amdgcn/redu_target_amdgcn.h"
#include "device/nvptx/redu_target_nvptx.h"

#endif

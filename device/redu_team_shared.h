/* REDU_TEAM_SHARED(vars): variables declared in a teams region live in team memory.
 * GPU targets put them there; on a CPU every team is a host thread and its stack already
 * serves (libomp has no team-memory allocator there and would warn on every call). */
#ifndef REDU_TEAM_SHARED_H
#define REDU_TEAM_SHARED_H

#include <omp.h>

#define REDU_PRAGMA(x) _Pragma(#x)
#if defined(__NVPTX__) || defined(__AMDGCN__)
#define REDU_TEAM_SHARED(...) REDU_PRAGMA(omp allocate(__VA_ARGS__) allocator(omp_pteam_mem_alloc))
#else
#define REDU_TEAM_SHARED(...)
#endif

#endif

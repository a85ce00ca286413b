#include "host/redu_bins.h"
#include "host/redu_array_checks.h"
#include "host/redu_bins_wide.h"
#include "host/redu_device.h"
#include "host/redu_error.h"
#include "host/redu_host_arrays.h"
#include "host/redu_plan.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bytes of a bins buffer before its words: the status words, padded. */
#define REDU__BINS_STATUS_BYTES 64
/* Float sums: the most bytes the bins' words may take before the window is cut at its low
 * end (REDU_EXACT: an error instead); REDU_BINS_MAX_BYTES sets another (tests, tuning).
 * Doubles over their whole range need 69 words a bin; data within 2^-100..2^100, 5. */
#define REDU__BINS_MAX_FSUM_BYTES ((size_t)1 << 30)

static size_t redu__bins_max_bytes(void)
{
  const char *e = getenv("REDU_BINS_MAX_BYTES");
  char *end;
  unsigned long long v = e && *e ? strtoull(e, &end, 10) : 0;
  return v && !*end ? (size_t)v : REDU__BINS_MAX_FSUM_BYTES;
}

/* Private bins per team (device/redu_bins_kernel.h): on GPUs in team memory up to this many
 * bytes a team (40 KiB: below the 48 KiB a launch gets without opting in, and the four teams
 * a GPU plan puts on a multiprocessor take 160 of its 228 KiB; 1,024 float-sum bins of two
 * words a half fit), on CPUs in device memory up to the second, a team's cache-sized share.
 * Only where each team has elements for at least an eighth of its words; else every element
 * goes to the global bins. */
#define REDU__BINS_TEAM_MEM_MAX ((size_t)40 << 10)
#define REDU__BINS_CPU_PRIVATE_MAX ((size_t)8 << 20)
#define REDU__BINS_CPU_APART 128

/* The status words at rest: no bad key, an empty exponent range. */
static const uint64_t redu__bins_rest[3] = {REDU__BINS_ALL_GOOD, UINT64_MAX, 0};

/* Puts the status words back to rest. */
static redu_status redu__bins_rest_status(redu__bins_call *c)
{
  return redu__copy(c->launch.device, redu__initial_device(), c->launch.status, redu__bins_rest,
                    sizeof redu__bins_rest, c->fn);
}

/* The status set to rest when the buffer is new. */
redu_status redu__bins_memory(redu__bins_call *c, size_t words)
{
  size_t bytes = REDU__BINS_STATUS_BYTES + words * sizeof(uint64_t);
  int got = words > (SIZE_MAX - REDU__BINS_STATUS_BYTES) / sizeof(uint64_t)
                ? -1
                : redu__scratch_bins(c->owner, c->slot, bytes);
  if (got < 0)
    return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                      "%s: no device memory for %zu words of bins on device %d; pass fewer bins",
                      c->fn, words, c->launch.device);
  c->launch.status = (uint64_t *)c->slot->bins;
  c->launch.acc = (uint64_t *)((char *)c->slot->bins + REDU__BINS_STATUS_BYTES);
  return got ? redu__bins_rest_status(c) : REDU_OK;
}

/* Private bins of `words` words a team where they pay and fit (REDU__BINS_TEAM_MEM_MAX),
 * and `extra` words after them (float sums: a team window's sample); narrowable (integer
 * sums whose bins a 32-bit word holds, see redu__bins_begin): on GPUs 32-bit words
 * (launch.narrow), folded by the shared-memory atomic the target has for them (H100, counts
 * of 2^27 keys into 256 bins: see docs/performance.md, tuning log). */
static void redu__bins_private_plan(redu__bins_call *c, size_t words, size_t extra, int narrowable)
{
  redu__bins_launch *L = &c->launch;
  size_t bytes = words * sizeof(uint64_t), more = extra * sizeof(uint64_t);
  L->team_mem = 0, L->spill = NULL, L->per_team = 0, L->narrow = 0;
  if (!words || words > SIZE_MAX / sizeof(uint64_t) / (size_t)L->teams - extra ||
      L->n / (size_t)L->teams < words / 8)
    return;
  if (c->owner->arch != REDU__ARCH_CPU) {
    if (narrowable)
      bytes = words * sizeof(uint32_t);
    if (bytes <= REDU__BINS_TEAM_MEM_MAX)
      L->team_mem = L->per_team = bytes + more, L->narrow = narrowable;
    return;
  }
  /* Each team's bins start on a line of their own, 128 bytes apart from the last team's. */
  size_t per =
      (bytes + more + REDU__BINS_CPU_APART - 1) / REDU__BINS_CPU_APART * REDU__BINS_CPU_APART;
  if (bytes <= REDU__BINS_CPU_PRIVATE_MAX &&
      redu__scratch_spill(c->owner, c->slot, (size_t)L->teams * per + REDU__BINS_CPU_APART) == 0)
    L->spill = (void *)(((uintptr_t)c->slot->spill + REDU__BINS_CPU_APART - 1) &
                        ~(uintptr_t)(REDU__BINS_CPU_APART - 1)),
    L->per_team = per;
}

/* Pointers, sizes, alignment and overlaps, in that order, as every call judges them. */
static redu_status redu__bins_check(const char *fn, size_t elem_size, size_t elem_align,
                                    redu__bins_kind kind, int counts, const uint32_t *keys,
                                    const void *x, size_t n, size_t nbins, const void *out,
                                    const size_t *index)
{
  const char *null = n && !keys                                  ? "keys"
                     : n && !x && !counts                        ? "x"
                     : nbins && !out                             ? "out"
                     : nbins && !index && kind == REDU__BINS_ARG ? "index"
                                                                 : NULL;
  if (null)
    return redu__fail(REDU_ERR_NULL_ARG, "%s: %s is NULL with n = %zu and nbins = %zu", fn, null, n,
                      nbins);
  redu_status s;
  if ((s = redu__check_span(fn, "keys", keys, n, sizeof *keys, _Alignof(uint32_t))) != REDU_OK ||
      (s = redu__check_span(fn, "x", x, x ? n : 0, elem_size, elem_align)) != REDU_OK ||
      (s = redu__check_span(fn, "out", out, nbins, elem_size, elem_align)) != REDU_OK ||
      (s = redu__check_span(fn, "index", kind == REDU__BINS_ARG ? index : NULL, nbins,
                            sizeof(size_t), _Alignof(size_t))) != REDU_OK)
    return s;
  size_t kb = n * sizeof *keys, xb = x ? n * elem_size : 0, ob = nbins * elem_size;
  size_t ib = kind == REDU__BINS_ARG ? nbins * sizeof(size_t) : 0;
  if ((s = redu__check_apart(fn, "out", out, ob, "keys", keys, kb, REDU__BINS_APART)) != REDU_OK ||
      (s = redu__check_apart(fn, "out", out, ob, "x", x, xb, REDU__BINS_APART)) != REDU_OK ||
      (s = redu__check_apart(fn, "index", index, ib, "keys", keys, kb, REDU__BINS_APART)) !=
          REDU_OK ||
      (s = redu__check_apart(fn, "index", index, ib, "x", x, xb, REDU__BINS_APART)) != REDU_OK ||
      (s = redu__check_apart(fn, "index", index, ib, "out", out, ob, REDU__BINS_APART)) != REDU_OK)
    return s;
  return REDU_OK;
}

/* REDU_INPUT_HOST on a device: keys and x read in place where mapped, else staged; out and
 * index staged, filled from the host when accumulating, and copied back by redu__bins_end. */
static redu_status redu__bins_host_arrays(redu__bins_call *c, redu__device *d,
                                          const uint32_t **keys, size_t n, size_t elem_size,
                                          int accumulate)
{
  redu__host_array a[4] = {
      {.host = *keys, .bytes = n * sizeof **keys},
      {.host = c->x, .bytes = c->x ? n * elem_size : 0},
      {.host = c->out, .bytes = c->out_bytes, .out = 1},
      {.host = c->index, .bytes = c->index_bytes, .out = 1},
  };
  redu_status s = redu__host_arrays_in(d, c->slot, a, 4, c->fn);
  if (s != REDU_OK)
    return s;
  c->out_host = c->out, c->index_host = c->index;
  *keys = a[0].dev, c->x = a[1].dev, c->out = (void *)a[2].dev, c->index = (size_t *)a[3].dev;
  if (accumulate && c->out_bytes &&
      (s = redu__copy(d->number, redu__initial_device(), c->out, c->out_host, c->out_bytes,
                      c->fn)) != REDU_OK)
    return s;
  if (accumulate && c->index_bytes)
    s = redu__copy(d->number, redu__initial_device(), c->index, c->index_host, c->index_bytes,
                   c->fn);
  return s;
}

redu_status redu__bins_begin(redu__bins_call *c, const char *fn, size_t elem_size,
                             size_t elem_align, redu__bins_kind kind, int counts, int device,
                             const uint32_t *keys, const void *x, size_t n, size_t nbins, void *out,
                             size_t *index, const redu_options *opts)
{
  *c = (redu__bins_call){.fn = fn};
  if (opts && opts->scratchpad)
    return redu__fail(REDU_ERR_UNSUPPORTED,
                      "%s: bins calls take libredu's own scratch, which grows with nbins; pass "
                      "scratchpad = NULL",
                      fn);
  const redu__call_shape sh = {.fn = fn,
                               .elem_size = elem_size,
                               .elem_align = elem_align,
                               .acc_size = sizeof(uint64_t),
                               .acc_align = _Alignof(uint64_t),
                               .builtin = 1,
                               .bins = 1,
                               .bins_exact = kind == REDU__BINS_FSUM};
  unsigned flags = opts ? opts->flags : 0;
  int skip = (flags & REDU_BINS_SKIP_BAD_KEYS) != 0,
      accumulate = (flags & REDU_BINS_ACCUMULATE) != 0;
  redu__device *d;
  int none;
  redu_status s = redu__call_open(&sh, device, n ? n : nbins, 0, opts, &d, &none);
  if (s != REDU_OK)
    return s;
  if ((s = redu__bins_check(fn, elem_size, elem_align, kind, counts, keys, x, n, nbins, out,
                            index)) != REDU_OK)
    return s;
  if (!nbins && (!n || skip)) { /* no bin and no key to fail: nothing to do */
    c->empty = 1;
    return REDU_OK;
  }
  int on_host = (flags & REDU_INPUT_HOST) && !d->is_initial;
  size_t kb = n * sizeof *keys, xb = x ? n * elem_size : 0;
  c->out_bytes = nbins * elem_size;
  c->index_bytes = kind == REDU__BINS_ARG ? nbins * sizeof(size_t) : 0;
  const struct {
    const void *p;
    size_t bytes;
    const char *name;
  } arrays[] = {{keys, kb, "keys"},
                {x, xb, "x"},
                {out, c->out_bytes, "out"},
                {index, c->index_bytes, "index"}};
  for (int k = 0; k < 4 && !on_host; ++k) /* arrays of no bytes are never read */
    if (arrays[k].bytes && (s = redu__check_device_range(d, arrays[k].p, arrays[k].bytes,
                                                         arrays[k].name, fn, NULL)) != REDU_OK)
      return s;
  redu__plan p;
  if ((s = redu__plan_make(d, n > nbins ? n : nbins, &sh, opts, &p)) != REDU_OK)
    return s;
  if (!(c->slot = redu__scratch_acquire(d)))
    return redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no device memory for scratch on device %d", fn,
                      d->number);
  c->owner = d;
  c->exact = (flags & REDU_EXACT) != 0;
  c->x = x, c->out = out, c->index = index;
  c->launch = (redu__bins_launch){.device = d->number,
                                  .teams = p.teams,
                                  .threads = p.threads,
                                  .keys = keys,
                                  .n = n,
                                  .nbins = nbins,
                                  .skip = skip,
                                  .accumulate = accumulate};
  if (on_host)
    s = redu__bins_host_arrays(c, d, &c->launch.keys, n, elem_size, accumulate);
  if (s == REDU_OK)
    s = redu__bins_memory(c, kind == REDU__BINS_WORD  ? nbins
                             : kind == REDU__BINS_ARG ? 2 * nbins
                                                      : 0);
  if (s != REDU_OK) {
    redu__scratch_release(d, c->slot);
    return s;
  }
  c->launch.idx = c->launch.acc + nbins;
  c->launch.verdict = (uint64_t *)c->slot->result;
  c->sorted = kind == REDU__BINS_SORT;
  /* A 32-bit word holds an integer sum's bin where the type has at most 32 bits (the sum
   * is kept modulo 2^32 at most), and a count's where n is below 2^32. */
  if (kind == REDU__BINS_WORD || kind == REDU__BINS_ARG)
    redu__bins_private_plan(c, nbins, 0,
                            kind == REDU__BINS_WORD && counts &&
                                (elem_size <= sizeof(uint32_t) || (!x && n <= UINT32_MAX)));
  if (redu__verbose()) {
    char reason[160];
    redu__plan_reason(d, &p, reason, sizeof reason);
    fprintf(stderr,
            "libredu: %s: device %d (%s): n=%zu, nbins=%zu -> %s%s: %d teams x %d threads [%s]\n",
            fn, d->number, d->name, n, nbins,
            kind == REDU__BINS_FSUM   ? "exact fixed-point bins through atomics"
            : kind == REDU__BINS_ARG  ? "key then lowest-position atomics per bin"
            : kind == REDU__BINS_SORT ? "keys sorted stably, one segment per bin"
                                      : "one atomic word per bin",
            c->launch.narrow                                ? ", private 32-bit bins per team"
            : c->launch.per_team && kind != REDU__BINS_FSUM ? ", private bins per team"
                                                            : "",
            p.teams, p.threads, reason);
  }
  return REDU_OK;
}

/* Bits that hold any count up to v. */
static int redu__bins_bits(size_t v)
{
  int b = 0;
  while (b < 64 && v >> b)
    ++b;
  return b;
}

/* The window for terms from 2^lo (their lowest set bit) to below 2^hi (lo > hi: no finite
 * nonzero term): into *words, *base, and *need (the words an exact window takes). */
static void redu__bins_fit(const redu__bins_launch *L, int lo, int hi, int *words, int *base,
                           int *need)
{
  *words = 1, *base = 0, *need = 1;
  if (lo > hi)
    return;
  int top = hi + redu__bins_bits(L->n + (L->accumulate ? L->nbins : 0)); /* sums stay below */
  *need = (top - lo + 63) / 64;
  /* Words a bin may take under the cap (positive and negative halves and the flags). */
  size_t room = L->nbins ? redu__bins_max_bytes() / sizeof(uint64_t) / L->nbins : SIZE_MAX;
  size_t fit = room >= 2 * (size_t)*need + 1 ? (size_t)*need : room >= 5 ? (room - 1) / 2 : 2;
  *words = (int)fit;
  *base = *words == *need ? lo : top - 64 * *words;
}

static redu_status redu__bins_set_window(redu__bins_call *c, int words, int base, int need,
                                         int team_words);

/* Words a half of a team's private float-sum bins in REDU__BINS_TEAM_MEM_MAX, at most words:
 * the same rule on every target (CPUs' private bins too: 6.8 MB of them a team were slower
 * than the range pass, 2-core x86-64, 2^24: 274 ms). */
static int redu__bins_team_words(size_t nbins, int words)
{
  size_t per = REDU__BINS_TEAM_MEM_MAX / sizeof(uint64_t) / (nbins ? nbins : 1);
  size_t pw = per >= 3 ? (per - 1) / 2 : 0;
  return pw < (size_t)words ? (int)pw : words;
}

redu_status redu__bins_whole_window(redu__bins_call *c, int lo, int hi, int *set)
{
  int words, base, need;
  redu__bins_fit(&c->launch, lo, hi, &words, &base, &need);
  /* Only where a team's private bins hold two words a half or more (team windows) or the
   * whole window: wider bins in global memory cost more than the pass (H100, 65,536 f32
   * bins of 2^27 elements: 4.44 ms whole, 2.66 ranged). */
  int pw = redu__bins_team_words(c->launch.nbins, words);
  *set = words == need && pw >= 2;
  return *set ? redu__bins_set_window(c, words, base, need, pw) : REDU_OK;
}

redu_status redu__bins_window(redu__bins_call *c)
{
  uint64_t st[3];
  redu__bins_launch *L = &c->launch;
  redu_status s = redu__copy(redu__initial_device(), L->device, st, L->status, sizeof st, c->fn);
  if (s != REDU_OK)
    return s;
  c->ranged = 1;
  int words, base, need;
  redu__bins_fit(L, st[1] <= st[2] ? (int)st[1] - REDU__BINS_EXP_BIAS : 1,
                 st[1] <= st[2] ? (int)st[2] - REDU__BINS_EXP_BIAS : 0, &words, &base, &need);
  return redu__bins_set_window(c, words, base, need, words);
}

/* REDU_BINS_SORT: 1 or 0 forces the float sums' sorted path on or off, -1 (unset): past
 * the cap only. */
static int redu__bins_sort_forced(void)
{
  const char *e = getenv("REDU_BINS_SORT");
  return e && !strcmp(e, "1") ? 1 : e && !strcmp(e, "0") ? 0 : -1;
}

void redu__bins_fsum_plan(redu__bins_call *c)
{
  c->fsum_sort = c->x && redu__bins_sort_forced() == 1;
}

static redu_status redu__bins_set_window(redu__bins_call *c, int words, int base, int need,
                                         int team_words)
{
  redu__bins_launch *L = &c->launch;
  redu_status s;
  /* Past the cap the sorted path keeps every bin exact in memory that grows with n, not
   * with nbins x the range's words (counts, x NULL, fit any cap: one word a bin). */
  if (words < need && c->x && redu__bins_sort_forced() != 0) {
    c->fsum_sort = 1;
    return REDU_OK;
  }
  if (words < need && c->exact)
    return redu__fail(REDU_ERR_OUT_OF_MEMORY,
                      "%s: exact bins over this range of values need %d words a bin, %zu bytes "
                      "for %zu bins, past the %zu-byte cap; pass fewer bins, or drop REDU_EXACT "
                      "for bins exact to the top %d bits",
                      c->fn, need, (2 * (size_t)need + 1) * 8 * L->nbins, L->nbins,
                      redu__bins_max_bytes(), 64 * words);
  if (L->nbins > SIZE_MAX / (2 * (size_t)words + 1))
    return redu__fail(REDU_ERR_OVERFLOW,
                      "%s: nbins = %zu bins of %d words exceed the address space", c->fn, L->nbins,
                      2 * words + 1);
  if ((s = redu__bins_memory(c, L->nbins * (2 * (size_t)words + 1))) != REDU_OK)
    return s;
  L->words = words, L->base = base, L->team_words = team_words;
  /* two words after a team's private bins: its window's sample (device/redu_bins_kernel.h) */
  redu__bins_private_plan(c, L->nbins * (2 * (size_t)team_words + 1), 2, 0);
  if (redu__verbose())
    fprintf(stderr, "libredu: %s: %d words a bin from 2^%d%s; %s\n", c->fn, words, base,
            words < need ? " (cut at the low end: past the memory cap)" : " (exact)",
            !L->per_team         ? "global bins"
            : team_words < words ? "private bins per team in team windows"
                                 : "private bins per team");
  return REDU_OK;
}

redu_status redu__bins_bad_key(redu__bins_call *c, uint64_t pos)
{
  /* the key as the caller gave it: size_t keys (redu_bins_wide) where they were narrowed */
  const redu__bins_wide_keys *w = &redu__bins_wide_source;
  uint32_t key32 = 0;
  size_t key = 0;
  if (w->keys)
    redu__copy(redu__initial_device(), w->device, &key, w->keys + pos, sizeof key, c->fn);
  else if (redu__copy(redu__initial_device(), c->launch.device, &key32, c->launch.keys + pos,
                      sizeof key32, c->fn) == REDU_OK)
    key = key32;
  return redu__fail(REDU_ERR_BAD_KEY,
                    "%s: keys[%llu] = %zu is not below nbins = %zu (the first such key); fix the "
                    "keys, or pass REDU_BINS_SKIP_BAD_KEYS to skip them",
                    w->keys ? "redu_bins_wide" : c->fn, (unsigned long long)pos, key,
                    c->launch.nbins);
}

redu_status redu__bins_end(redu__bins_call *c, redu_status s)
{
  redu__bins_launch *L = &c->launch;
  /* the verdict the last launch left in the slot's result memory (page-locked on GPUs) */
  uint64_t bad = s == REDU_OK && !L->skip && !c->sorted ? *(volatile uint64_t *)L->verdict
                                                        : REDU__BINS_ALL_GOOD;
  if (bad != REDU__BINS_ALL_GOOD)
    s = redu__bins_bad_key(c, bad);
  /* The float sums' range words change on every call, the bad key's only on a bad key. */
  if (bad != REDU__BINS_ALL_GOOD || c->ranged) {
    redu_status r = redu__bins_rest_status(c);
    s = s == REDU_OK ? r : s;
  }
  if (s == REDU_OK && c->out_host && c->out_bytes)
    s = redu__host_copy_back(L->device, c->out_host, c->out, c->out_bytes, c->fn);
  if (s == REDU_OK && c->index_host && c->index_bytes)
    s = redu__host_copy_back(L->device, c->index_host, c->index, c->index_bytes, c->fn);
  redu__scratch_release(c->owner, c->slot);
  return s;
}

/* The launch of a region's float-sum bins: their words, shape, and the slot's status and
 * verdict words (at rest: no bad key, read by nobody). */
static redu__bins_launch redu__bins_region_launch(const redu__region_fbins *F, size_t nbins)
{
  return (redu__bins_launch){.device = F->owner->number,
                             .teams = F->teams,
                             .threads = F->threads,
                             .nbins = nbins,
                             .acc = F->acc,
                             .status = (uint64_t *)F->slot->bins,
                             .verdict = (uint64_t *)F->slot->result,
                             .skip = 1,
                             .accumulate = 1,
                             .words = F->words,
                             .base = F->base};
}

redu_status redu__bins_region_open(redu__region_fbins *F, const char *fn, redu__device *d,
                                   int teams, int threads, size_t nbins, int prec, size_t terms,
                                   size_t team_room)
{
  *F = (redu__region_fbins){.teams = teams, .threads = threads, .owner = d};
  /* the whole range of the type, every term and the region's prior values below its top */
  redu__bins_call c = {.fn = fn, .owner = d};
  c.launch = (redu__bins_launch){.device = d->number, .n = terms, .nbins = nbins, .accumulate = 1};
  int words, base, need;
  redu__bins_fit(&c.launch, prec == 24 ? -149 : -1074, prec == 24 ? 128 : 1024, &words, &base,
                 &need);
  if (words < need || nbins > SIZE_MAX / (2 * (size_t)words + 1))
    return REDU_OK;
  if (!(c.slot = redu__scratch_acquire(d)))
    return redu__fail(REDU_ERR_OUT_OF_MEMORY, "%s: no device memory for scratch on device %d", fn,
                      d->number);
  redu_status s = redu__bins_memory(&c, nbins * (2 * (size_t)words + 1));
  if (s != REDU_OK) {
    redu__scratch_release(d, c.slot);
    return s;
  }
  F->slot = c.slot, F->acc = c.launch.acc, F->words = words, F->base = base;
  /* team windows: private bins and the window's place and sample, in the team memory
   * after the region's (GPUs; a CPU team's terms go to the global words). Bins of 2 pw + 1
   * words: with 2 pw (the flags in the global words) two bins 4 words apart met in one
   * shared-memory bank, and a warp's atomics took 2.9x the wavefronts of the bins call's
   * (H100, 2^24 doubles into 1,024 bins, Nsight Compute). */
  size_t room = team_room / sizeof(uint64_t), tail = REDU__REGION_FB_TAIL_WORDS;
  size_t per = nbins && room > tail ? (room - tail) / nbins : 0;
  size_t fit = per ? (per - 1) / 2 : 0;
  int pw = fit < (size_t)words ? (int)fit : words;
  size_t bytes = (nbins * (2 * (size_t)pw + 1) + tail) * sizeof(uint64_t);
  if (d->arch != REDU__ARCH_CPU && pw >= 2)
    F->pw = pw, F->team_bytes = bytes, F->count = terms; /* a bound for any team's bin */
  redu__bins_launch L = redu__bins_region_launch(F, nbins);
  redu__bins_fsum_clear(&L);
  if (redu__verbose())
    fprintf(stderr,
            "libredu: %s: float sums into %zu bins folded in the region's kernel: %d words a bin "
            "from 2^%d (exact), %s\n",
            fn, nbins, words, base,
            F->pw ? "private bins per team in team windows" : "global bins");
  return REDU_OK;
}

void redu__bins_region_close(redu__region_fbins *F, void *out, size_t nbins, int prec, int run)
{
  if (run) {
    redu__bins_launch L = redu__bins_region_launch(F, nbins);
    redu__bins_fsum_final(&L, out, prec);
  }
  redu__scratch_release(F->owner, F->slot);
  F->slot = NULL, F->acc = NULL;
}

/* The host half of the bins calls (libredu/redu_bins.h), around the kernels of
 * device/redu_bins_kernel.h: the checks every bins call shares, its plan and device memory,
 * host arrays, the float sums' window, and the status at the end. */
#ifndef REDU_HOST_BINS_H
#define REDU_HOST_BINS_H

#include "device/redu_bins_kernel.h"
#include "host/redu_call.h"
#include "host/redu_scratch.h"
#include "redu.h"

/* How a call's bins are kept. */
typedef enum {
  REDU__BINS_WORD, /* one word per bin */
  REDU__BINS_ARG,  /* a key word and a position word per bin */
  REDU__BINS_FSUM, /* a float sum's fixed-point bins (sized by redu__bins_window) */
  REDU__BINS_SORT  /* no bins: the keys sorted (host/redu_bins_sort.c, declared reductions) */
} redu__bins_kind;

typedef struct redu__bins_call {
  const char *fn;
  redu__device *owner;
  redu__slot *slot;
  redu__bins_launch launch;
  int empty;     /* nothing to do (nbins 0, and no key or every key skipped) */
  int exact;     /* REDU_EXACT: a window cut at the low end is an error */
  int ranged;    /* the float sums' range launch ran: its status words to put back */
  int sorted;    /* keys sorted (REDU__BINS_SORT, or float sums past the cap): checked by the
                    sort, no verdict to read */
  int fsum_sort; /* float sums: the sorted path instead of fixed-point words (see
                    redu__bins_fsum_sorted) */
  const void *x; /* device addresses of the call's arrays */
  void *out;
  size_t *index;
  void *out_host; /* REDU_INPUT_HOST: where out and index go back, or NULL */
  size_t *index_host;
  size_t out_bytes, index_bytes;
} redu__bins_call;

/* The advice that ends a bins call's overlap message (out or index over another array). */
#define REDU__BINS_APART "give the outputs memory of their own"

/* The opening of a bins call: options, device, every pointer and size, the plan, host
 * arrays (out and index staged, and filled from the host when accumulating), and the bins'
 * memory for REDU__BINS_WORD and REDU__BINS_ARG. x may be NULL with n > 0 only where
 * `counts` (redu_bins_sum_<t>: each element counts 1). On REDU_OK with c->empty unset the
 * caller launches and ends with redu__bins_end; on any other status nothing is held. */
redu_status redu__bins_begin(redu__bins_call *c, const char *fn, size_t elem_size,
                             size_t elem_align, redu__bins_kind kind, int counts, int device,
                             const uint32_t *keys, const void *x, size_t n, size_t nbins, void *out,
                             size_t *index, const redu_options *opts);

/* Float sums: the window of every term of the element type, from 2^lo to below 2^hi (floats
 * -149 and 128, doubles -1074 and 1024), when its words fit the memory cap for every bin and
 * a team's private bins hold it or a team window of two words a half or more: *set, and no
 * range launch is needed; else *set is 0 and the caller launches the range pass, then
 * redu__bins_window.
 * REDU_OK, or a status (then the caller goes to redu__bins_end with it). */
redu_status redu__bins_whole_window(redu__bins_call *c, int lo, int hi, int *set);

/* Float sums, after the range launch: reads the exponent range, chooses the
 * window (launch.base, launch.words) and grows the bins' memory; where the exact window's
 * words pass the memory cap for every bin and x is given, sets c->fsum_sort instead (the
 * sorted path is exact in O(n) memory). REDU_OK, or a status (then the caller goes to
 * redu__bins_end with it). */
redu_status redu__bins_window(redu__bins_call *c);

/* Float sums: c->fsum_sort before any launch where REDU_BINS_SORT=1 forces the sorted path
 * for calls with x (tests, measurements); REDU_BINS_SORT=0 keeps the fixed-point words even
 * past the cap (their window cut at the low end, REDU_EXACT an error). */
void redu__bins_fsum_plan(redu__bins_call *c);

/* Float sums the sorted way (host/redu_bins_sort.c): the keys sorted stably with x's
 * elements (and out's when accumulating) gathered bin by bin, each bin's segment scanned
 * exactly (redu_segmented_inclusive_scan with REDU_EXACT) and its last prefix, the bin's
 * exact sum rounded once, written to out; +0.0 for an empty bin. The same bits as the
 * fixed-point words' exact bins. REDU_OK, or a status (then the caller goes to
 * redu__bins_end with it). */
redu_status redu__bins_fsum_sorted(redu__bins_call *c, size_t size, size_t align, redu_type type);

/* Grows the slot's bins buffer to the status and `words` words (launch.acc then points to
 * them). REDU_OK, or REDU_ERR_OUT_OF_MEMORY. */
redu_status redu__bins_memory(redu__bins_call *c, size_t words);

/* REDU_ERR_BAD_KEY for keys[pos], with its message. */
redu_status redu__bins_bad_key(redu__bins_call *c, uint64_t pos);

/* The end of a call begun with REDU_OK: s, or the bad key's status (read back unless keys
 * are skipped), or a failed copy back; releases the slot. */
redu_status redu__bins_end(redu__bins_call *c, redu_status s);

/* A region's float-sum bins folded in its kernel (host/redu_region.c): where the exact
 * words of nbins bins for `terms` terms of `prec` bits (24: floats, 53: doubles) and the
 * region's prior values fit the memory cap, takes a scratch slot for them, zeroes them
 * (a launch of teams x threads) and, on GPUs, gives each team a window over private bins in
 * team_room bytes of team memory where two words a half or more fit; sets F (F->acc NULL:
 * past the cap, the caller keeps records instead). REDU_OK, or REDU_ERR_OUT_OF_MEMORY. */
redu_status redu__bins_region_open(redu__region_fbins *F, const char *fn, redu__device *d,
                                   int teams, int threads, size_t nbins, int prec, size_t terms,
                                   size_t team_room);

/* After the region's kernel: when `run`, out's values into their bins and each bin rounded
 * into out (nbins elements of `prec` bits); then the slot given back. */
void redu__bins_region_close(redu__region_fbins *F, void *out, size_t nbins, int prec, int run);

/* The first and last launches of a float sum's bins whose terms another kernel deposits
 * (host/redu_bins_calls.c): every word zero; out's values in (when accumulating) and each
 * bin rounded into out, elements of `prec` bits. */
void redu__bins_fsum_clear(const redu__bins_launch *L);
void redu__bins_fsum_final(const redu__bins_launch *L, void *out, int prec);

#endif

/* Where each reduction of a wrapped region (libredu/redu_region.h) keeps its values: k
 * accumulators of given sizes and alignments laid out like a struct (offsets off[k],
 * record size rec). Partials are stored as one array per reduction (teams entries at
 * teams * off[k]), team scratch likewise (slots entries at slots * off[k]), then the
 * team's "last" flag; results as one record. Host and device compute the same layout. */
#ifndef REDU_REGION_LAYOUT_H
#define REDU_REGION_LAYOUT_H

#include "device/redu_internal.h"

#include "redu.h" /* REDU_REGION_MAX */
#include <stddef.h>

/* The most exact kinds (sum_exact_*) in one region: each takes a long accumulator's record
 * (REDU__X_SUM_RECORD_BYTES) in the region's record, scratch and result
 * (device/redu_region_exact.h). */
enum { REDU__REGION_MAX_EXACT = 2 };

/* Offsets as a vector: device code indexes it without taking an address, which an
 * array member would (redu_team_scratch.h). */
typedef size_t redu__region_offsets __attribute__((ext_vector_type(REDU_REGION_MAX)));

typedef struct redu__region_shape {
  redu__region_offsets off; /* offset of reduction k in a record */
  size_t rec;               /* bytes of one record, a multiple of the largest alignment */
} redu__region_shape;

#pragma omp begin declare target
static inline redu__region_shape redu__region_layout(const size_t *sizes, const size_t *aligns,
                                                     int count)
{
  redu__region_shape L = {{0}, 0};
  size_t at = 0, max_align = 1;
  for (int k = 0; k < count; ++k) {
    at = (at + aligns[k] - 1) / aligns[k] * aligns[k];
    L.off[k] = at;
    at += sizes[k];
    max_align = aligns[k] > max_align ? aligns[k] : max_align;
  }
  L.rec = (at + max_align - 1) / max_align * max_align;
  return L;
}
#pragma omp end declare target

#endif

/* Bins as OpenMP users write them with `reduction(+ : hist[0:B])`: an image histogram (the
 * count of each 8-bit grey level), a particle-to-mesh deposit (each particle's charge
 * added into the cell it lies in, cloud-in-cell along one axis: two cells per particle,
 * weights w and 1 - w), and a per-cell min-loc (each cell's particle of least charge, the
 * first one on ties). The deposit's cell sums are exact and so have the same bits on every
 * run and for any order of the particles: run twice, once with the particles reversed, the
 * mesh is identical bit for bit; deposited again by a region (REDU_FOR with a bins
 * reduction of two cells a particle beside a total, OpenMP's
 * `reduction(+ : total, mesh[0:CELLS])`), the bits of one bins call over every share. Checked
 * against serial loops, so this example is also a test. */
#include "redu_region.h"
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fails the example with libredu's message. */
static int check(redu_status s, const char *what)
{
  if (s != REDU_OK)
    fprintf(stderr, "%s: %s\n  %s\n", what, redu_status_string(s), redu_last_error());
  return s == REDU_OK;
}

int main(void)
{
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  enum { W = 1920, H = 1080, LEVELS = 256, CELLS = 4096 };
  const size_t np = 1 << 20; /* particles */

  /* 1. A grey image's histogram: keys are the pixels themselves, x NULL counts them. */
  uint32_t *pix = omp_target_alloc((size_t)W * H * sizeof *pix, dev);
  uint32_t *hist = omp_target_alloc(LEVELS * sizeof *hist, dev);
  if (!pix || !hist)
    return 1;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(pix)
  for (size_t i = 0; i < (size_t)W * H; ++i) {
    long r = (long)(i / W), c = (long)(i % W); /* a gradient with a bright disc */
    long d2 = (r - H / 2) * (r - H / 2) + (c - W / 2) * (c - W / 2);
    pix[i] = d2 < 200 * 200 ? 250 : (uint32_t)((r + c) * 255 / (W + H));
  }
  int ok = check(redu_bins_sum_u32(dev, pix, NULL, (size_t)W * H, LEVELS, hist, NULL), "histogram");
  uint32_t h[LEVELS], want[LEVELS] = {0}, *hp = malloc((size_t)W * H * sizeof *hp);
  omp_target_memcpy(h, hist, sizeof h, 0, 0, host, dev);
  omp_target_memcpy(hp, pix, (size_t)W * H * sizeof *hp, 0, 0, host, dev);
  for (size_t i = 0; i < (size_t)W * H; ++i)
    ++want[hp[i]];
  ok &= !memcmp(h, want, sizeof h);
  printf("histogram: %u pixels at level 250 (the disc), %u at level 0\n", h[250], h[0]);

  /* 2. Particle-to-mesh: particle p at position pos in [0, CELLS - 1) gives charge q (1 - w)
   * to cell floor(pos) and q w to the next. Two bins calls, one per cell of the pair; the
   * second accumulates into the first's mesh (REDU_BINS_ACCUMULATE). */
  uint32_t *cell = omp_target_alloc(2 * np * sizeof *cell, dev);
  double *charge = omp_target_alloc(2 * np * sizeof *charge, dev);
  double *mesh = omp_target_alloc(CELLS * sizeof *mesh, dev);
  if (!cell || !charge || !mesh)
    return 1;
  static double first[CELLS]; /* the first run's mesh */
  for (int order = 0; order < 2; ++order) {
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(cell, charge)
    for (size_t i = 0; i < np; ++i) {
      size_t p = order ? np - 1 - i : i; /* the second run: the particles reversed */
      uint64_t z = p * 0x9e3779b97f4a7c15ull;
      double pos = (double)(z >> 11) * 0x1p-53 * (CELLS - 1);
      double q = (p % 3 ? 1.0 : -1.0) * (1.0 + (double)(p % 1000) * 1e-7);
      double w = pos - floor(pos);
      cell[i] = (uint32_t)pos, charge[i] = q * (1 - w);
      cell[np + i] = (uint32_t)pos + 1, charge[np + i] = q * w;
    }
    double m[CELLS];
    ok &= check(redu_bins_sum_f64(dev, cell, charge, np, CELLS, mesh, NULL), "deposit");
    ok &= check(redu_bins_sum_f64(dev, cell + np, charge + np, np, CELLS, mesh,
                                  &(redu_options){.flags = REDU_BINS_ACCUMULATE}),
                "deposit, second cells");
    omp_target_memcpy(m, mesh, sizeof m, 0, 0, host, dev);
    if (order == 0) {
      memcpy(first, m, sizeof m);
      /* each cell against a serial long double sum of its terms, to 1e-15 relative */
      uint32_t *hc = malloc(2 * np * sizeof *hc);
      double *hq = malloc(2 * np * sizeof *hq);
      long double *s = calloc(CELLS, sizeof *s);
      omp_target_memcpy(hc, cell, 2 * np * sizeof *hc, 0, 0, host, dev);
      omp_target_memcpy(hq, charge, 2 * np * sizeof *hq, 0, 0, host, dev);
      size_t off = 0;
      for (size_t i = 0; i < 2 * np; ++i)
        s[hc[i]] += hq[i];
      for (size_t c = 0; c < CELLS; ++c)
        off += fabsl(s[c] - m[c]) > 1e-15L * (1 + fabsl(s[c]));
      ok &= off == 0;
      printf("deposit: %zu particles into %d cells; cell 100 holds %.17g; %zu cells off a "
             "serial sum\n",
             np, CELLS, m[100], off);
      free(hc), free(hq), free(s);
    } else {
      int same = !memcmp(first, m, sizeof m);
      ok &= same;
      printf("deposit with the particles reversed: %s\n",
             same ? "the same bits in every cell" : "DIFFERENT bits");
    }
  }
  /* 2b. The same deposit as a region, one iteration a particle giving its two shares to its
   * two cells (the fifth of the bins reduction: two bins an iteration), the total charge
   * beside the mesh; the mesh starts from zeros (the region adds into what it holds, as
   * OpenMP's clause combines with the original array). Each cell is the exact sum of its
   * shares rounded once, the bits of one bins call over every share (the two calls above
   * round each cell twice, once per call). */
  {
    static const double zeros[CELLS];
    double m[CELLS], once[CELLS], total = 0;
    ok &= check(redu_bins_sum_f64(dev, cell, charge, 2 * np, CELLS, mesh, NULL), "one call");
    omp_target_memcpy(once, mesh, sizeof once, 0, 0, host, dev);
    omp_target_memcpy(mesh, zeros, sizeof zeros, 0, 0, dev, host);
    redu_status st;
    REDU_FOR(st, dev, p, np, (cell, charge), (sum_f64, total), (bins, sum_f64, mesh, CELLS, 2))
    {
      total += charge[p] + charge[np + p];
      REDU_BIN(mesh, cell[p]) += charge[p];
      REDU_BIN(mesh, cell[np + p]) += charge[np + p];
    }
    ok &= check(st, "deposit in a region");
    omp_target_memcpy(m, mesh, sizeof m, 0, 0, host, dev);
    int same = st == REDU_OK && !memcmp(once, m, sizeof m);
    ok &= same;
    printf("deposit in a region (total charge %.6g): %s\n", total,
           same ? "the bits of one bins call in every cell" : "DIFFERENT bits");
  }
  /* 3. Per-cell min-loc: the least charge each cell's first share received, and which
   * particle gave it (the lowest index on ties; an empty cell: +inf and REDU_NO_INDEX). */
  double *least = omp_target_alloc(CELLS * sizeof *least, dev);
  size_t *who = omp_target_alloc(CELLS * sizeof *who, dev);
  if (!least || !who)
    return 1;
  ok &= check(redu_bins_argmin_f64(dev, cell, charge, np, CELLS, least, who, NULL), "min-loc");
  {
    static double l[CELLS], hq[1 << 20];
    static size_t w[CELLS];
    static uint32_t hc[1 << 20];
    omp_target_memcpy(l, least, sizeof l, 0, 0, host, dev);
    omp_target_memcpy(w, who, sizeof w, 0, 0, host, dev);
    omp_target_memcpy(hc, cell, sizeof hc, 0, 0, host, dev);
    omp_target_memcpy(hq, charge, sizeof hq, 0, 0, host, dev);
    static double best[CELLS];
    static size_t at[CELLS];
    for (size_t c = 0; c < CELLS; ++c)
      best[c] = INFINITY, at[c] = REDU_NO_INDEX;
    for (size_t i = 0; i < np; ++i) /* serially, in index order: the first on ties */
      if (hq[i] < best[hc[i]])
        best[hc[i]] = hq[i], at[hc[i]] = i;
    size_t wrong = 0;
    for (size_t c = 0; c < CELLS; ++c)
      wrong += l[c] != best[c] || w[c] != at[c];
    ok &= wrong == 0;
    printf("min-loc: cell 100's least share %.6g from particle %zu; %zu cells wrong\n", l[100],
           w[100], wrong);
  }
  omp_target_free(least, dev), omp_target_free(who, dev);
  omp_target_free(pix, dev), omp_target_free(hist, dev), omp_target_free(cell, dev);
  omp_target_free(charge, dev), omp_target_free(mesh, dev);
  free(hp);
  printf("%s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}

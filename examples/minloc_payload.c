/* Min-loc and max-loc that carry a payload: the lowest- and highest-energy particle,
 * with its index, cell and mass. Equal energies go to the lowest index, so the answer is
 * the same on every device and plan. */
#include "minloc_payload.h"
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static particle make(size_t i)
{
  /* Energies repeat (ties); the extremes first appear at indices 777 and 1234. */
  double e = (double)((i * 7919) % 1000);
  if (i % 100000 == 777)
    e = -5.0;
  if (i % 100000 == 1234)
    e = 5000.0;
  return (particle){e, (int32_t)(i % 64), (float)(i % 10) + 0.5f};
}

int main(void)
{
  int dev = omp_get_default_device();
  size_t n = 1000003;
  particle *h = malloc(n * sizeof *h);
  for (size_t i = 0; i < n; ++i)
    h[i] = make(i);
  /* Host input: mapped for the call (or used in place if already on the device). */
  redu_options host_input = {.flags = REDU_INPUT_HOST};
  particle_loc lo, hi;
  redu_status s = lowest_particle(dev, h, n, &lo, &host_input);
  if (s == REDU_OK)
    s = highest_particle(dev, h, n, &hi, &host_input);
  if (s != REDU_OK) {
    fprintf(stderr, "libredu: %s\n  %s\n", redu_status_string(s), redu_last_error());
    return 1;
  }
  printf("lowest: energy %.1f at %llu (cell %d, mass %.1f); highest: %.1f at %llu (cell %d)\n",
         lo.energy, (unsigned long long)lo.index, lo.cell, lo.mass, hi.energy,
         (unsigned long long)hi.index, hi.cell);
  free(h);
  return !(lo.energy == -5.0 && lo.index == 777 && lo.cell == 777 % 64 && lo.mass == 7.5f &&
           hi.energy == 5000.0 && hi.index == 1234 && hi.cell == 1234 % 64);
}

/* The per-call floor: an empty target region (one launch, one synchronisation). */
#include "bench_baselines.h"

void bench_empty_region(int dev)
{
#pragma omp target device(dev)
  {
  }
}

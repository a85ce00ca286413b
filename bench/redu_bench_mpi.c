/* redu-bench-mpi: what libredu_mpi adds on top of the local reduction (the aim:
 * no more than one MPI_Allreduce of the result's size), on the ranks this is started with.
 *   mpirun -np N redu-bench-mpi [--csv FILE] [--reps R]
 * For each case and per-rank length n it times, per call (R calls back to back, the median
 * of 5 such runs, the slowest rank's):
 *   local    the one-device call on this rank's part (redu_sum_f64, ...)
 *   mpi      the MPI call (redu_mpi_sum_f64, ...): local reduction + one MPI_Allreduce
 *   allred   one MPI_Allreduce of the result alone (MPI_DOUBLE/MPI_SUM; MPI_DOUBLE_INT/
 *            MPI_MINLOC for argmin)
 *   hand     the local call, then that MPI_Allreduce: the combine a user would write by
 *            hand (wrong for float sums' rounding and exact sums, but the cost to beat)
 * and prints overhead = mpi - local against hand - local (one Allreduce of the result under
 * the same load as the calls): a ratio of at most 1.0 meets the target. The exact sum's
 * record is its long accumulator, not 8 bytes: its line shows what that costs against an
 * 8-byte Allreduce. Input lives on the default device (host fallback: host). Ranks that share
 * cores (more ranks than cores, or OpenMP threads on all of them in every rank) measure the
 * scheduler; give each rank its own cores (OMP_NUM_THREADS). */
#include "redu_mpi.h"
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RUNS = 5 };

typedef enum { K_SUM, K_ARGMIN, K_EXACT } bench_kind;
static const char *const kind_names[] = {"sum_f64", "argmin_f64", "sum_exact_f64"};

typedef struct bench_ctx {
  int dev;
  const double *x;
  size_t n;
  bench_kind kind;
} bench_ctx;

static const redu_options exact_opts = {.flags = REDU_EXACT};

static const redu_options *kind_opts(bench_kind k) { return k == K_EXACT ? &exact_opts : NULL; }

static void die_on(redu_status s)
{
  if (s != REDU_OK) {
    fprintf(stderr, "redu-bench-mpi: %s: %s\n", redu_status_string(s), redu_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

static void call_local(const bench_ctx *c)
{
  double v;
  size_t i;
  if (c->kind == K_ARGMIN)
    die_on(redu_argmin_f64(c->dev, c->x, c->n, &v, &i, NULL));
  else
    die_on(redu_sum_f64(c->dev, c->x, c->n, &v, kind_opts(c->kind)));
}

static void call_mpi(const bench_ctx *c)
{
  double v;
  size_t i;
  if (c->kind == K_ARGMIN)
    die_on(redu_mpi_argmin_f64(MPI_COMM_WORLD, c->dev, c->x, c->n, &v, &i, NULL));
  else
    die_on(redu_mpi_sum_f64(MPI_COMM_WORLD, c->dev, c->x, c->n, &v, kind_opts(c->kind)));
}

static void call_allreduce(const bench_ctx *c)
{
  if (c->kind == K_ARGMIN) {
    struct {
      double v;
      int i;
    } in = {1.0, 0}, out;
    MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
  } else {
    double in = 1.0, out;
    MPI_Allreduce(&in, &out, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
}

static void call_hand(const bench_ctx *c)
{
  call_local(c);
  call_allreduce(c);
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Seconds per call: the median over RUNS of reps back-to-back calls, the slowest rank's. */
static double time_per_call(void (*fn)(const bench_ctx *), const bench_ctx *c, int reps)
{
  double t[RUNS];
  fn(c); /* warm: first-call setup (plans, MPI_Op creation) is not what is measured */
  for (int r = 0; r < RUNS; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int k = 0; k < reps; ++k)
      fn(c);
    double mine = (MPI_Wtime() - t0) / reps;
    MPI_Allreduce(&mine, &t[r], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  qsort(t, RUNS, sizeof *t, cmp_double);
  return t[RUNS / 2];
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, nranks, reps = 200;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  const char *csv_path = NULL;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--csv") && i + 1 < argc)
      csv_path = argv[++i];
    else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
      reps = atoi(argv[++i]);
    else {
      if (rank == 0)
        fprintf(stderr, "usage: mpirun -np N redu-bench-mpi [--csv FILE] [--reps R]\n");
      MPI_Finalize();
      return 2;
    }
  }
  if (reps < 1)
    reps = 1;
  int nd = omp_get_num_devices();
  int dev = nd ? rank % nd : omp_get_initial_device();
  static const size_t lens[] = {1, (size_t)1 << 10, (size_t)1 << 20};
  size_t max_n = lens[sizeof lens / sizeof *lens - 1];
  double *h = malloc(max_n * sizeof *h);
  for (size_t i = 0; i < max_n; ++i)
    h[i] = (double)((i * 2654435761u + (size_t)rank) % 1000) * 0.001;
  double *x = omp_target_alloc(max_n * sizeof *x, dev);
  if (!h || !x) {
    fprintf(stderr, "redu-bench-mpi: rank %d: out of memory\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  omp_target_memcpy(x, h, max_n * sizeof *x, 0, 0, dev, omp_get_initial_device());
  FILE *csv = NULL;
  if (rank == 0) {
    printf("redu-bench-mpi: %d rank(s), device %d of rank 0 (%s), %d calls x %d runs\n", nranks,
           dev, nd ? "offload" : "host fallback", reps, RUNS);
    printf("%-14s %9s %10s %10s %10s %10s %10s %10s\n", "case", "n/rank", "local us", "mpi us",
           "hand us", "allred us", "mpi-local", "/hand-loc");
    if (csv_path && !(csv = fopen(csv_path, "w")))
      fprintf(stderr, "redu-bench-mpi: cannot write %s\n", csv_path);
    if (csv)
      fprintf(csv, "case,ranks,n_per_rank,local_us,mpi_us,hand_us,allreduce_us,overhead_us,"
                   "overhead_per_hand_overhead\n");
  }
  for (int k = K_SUM; k <= K_EXACT; ++k)
    for (size_t l = 0; l < sizeof lens / sizeof *lens; ++l) {
      bench_ctx c = {dev, x, lens[l], (bench_kind)k};
      double local = time_per_call(call_local, &c, reps);
      double mpi = time_per_call(call_mpi, &c, reps);
      double hand = time_per_call(call_hand, &c, reps);
      double allred = time_per_call(call_allreduce, &c, reps);
      /* The ratio of two overheads only where the hand-written one is one ("-" else). */
      double over = mpi - local, hand_over = hand - local;
      char ratio[32] = "-";
      if (hand_over > 0)
        snprintf(ratio, sizeof ratio, "%.3f", over / hand_over);
      if (rank == 0) {
        printf("%-14s %9zu %10.2f %10.2f %10.2f %10.2f %10.2f %10s\n", kind_names[k], c.n,
               local * 1e6, mpi * 1e6, hand * 1e6, allred * 1e6, over * 1e6, ratio);
        if (csv)
          fprintf(csv, "%s,%d,%zu,%.3f,%.3f,%.3f,%.3f,%.3f,%s\n", kind_names[k], nranks, c.n,
                  local * 1e6, mpi * 1e6, hand * 1e6, allred * 1e6, over * 1e6,
                  hand_over > 0 ? ratio : "");
      }
    }
  if (csv)
    fclose(csv);
  omp_target_free(x, dev);
  free(h);
  MPI_Finalize();
  return 0;
}

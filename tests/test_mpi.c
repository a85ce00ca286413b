/* libredu across MPI ranks (redu_mpi.h), run by CTest under mpirun -np 1..4: every rank
 * holds an uneven part of one array (rank 1 none), every op x type across the ranks equals
 * the one-device call over the whole array on every rank (bitwise: arg ops' global index,
 * NaN, -0 < +0, integer wrap); exact sums and dots the same bits for any rank count;
 * declared reductions, ordered ones in rank order; bad arguments on one rank -> the same
 * status on every rank, outputs untouched, nobody hangs. */
#include "redu_mpi.h"
#include "redu_test.h"
#include "redu_udr.h"
#include <math.h>

/* Ordered: composition of affine maps x -> a x + b (integer wrap). */
typedef struct affine {
  uint64_t a, b;
} affine;
#define AFFINE_THEN(f, s) ((affine){(s).a * (f).a, (s).a * (f).b + (s).b})
REDU_DECLARE_REDUCTION(affine_seq, affine, AFFINE_THEN, REDU_ORDERED, {1, 0})
REDU_DECLARE_MPI_REDUCTION(affine_seq)

/* Commutative: the least value with its payload (the lowest payload on ties). */
typedef struct minpay {
  double v;
  int64_t payload;
} minpay;
static inline minpay minpay_pick(minpay a, minpay b)
{
  return b.v < a.v || (b.v == a.v && b.payload < a.payload) ? b : a;
}
REDU_DECLARE_REDUCTION(min_payload, minpay, minpay_pick, REDU_COMMUTATIVE, {INFINITY, INT64_MAX})
REDU_DECLARE_MPI_REDUCTION(min_payload)

enum { N = 20011 };
static int rank, nranks, dev;

/* This rank's part of [0, n): rank 1 holds nothing, the others uneven shares. */
static void my_part(size_t n, size_t *off, size_t *len)
{
  size_t weight_before = 0, total = 0, mine = 0;
  for (int r = 0; r < nranks; ++r) {
    size_t w = r == 1 ? 0 : (size_t)r + 1;
    if (r < rank)
      weight_before += w;
    if (r == rank)
      mine = w;
    total += w;
  }
  *off = n * weight_before / total;
  *len = n * (weight_before + mine) / total - *off;
}

/* Small values with ties everywhere; with specials, doubles get a NaN and a -0 in the mix. */
static void fill(void *x, redu_type type, size_t n, int specials)
{
  redu_test_fill_small(x, type, n, 3 + (uint64_t)type);
  if (specials && type == REDU_DOUBLE) {
    ((double *)x)[n / 2] = -0.0;
    ((double *)x)[n - 3] = NAN;
  }
}

static void check_matrix(int specials)
{
  static unsigned char host[N * 8];
  size_t off, len;
  my_part(N, &off, &len);
  for (int t = 0; t < REDU_TYPE_COUNT; ++t) {
    size_t es = redu_test_type_size((redu_type)t);
    fill(host, (redu_type)t, N, specials);
    void *whole = redu_test_to_device(host, N * es, dev);
    void *mine = redu_test_to_device(host + off * es, len * es, dev);
    for (int op = 0; op < REDU_OP_COUNT; ++op) {
      if (redu_accumulator_size((redu_op)op, (redu_type)t) == 0 ||
          (op == REDU_PROD && (t == REDU_FLOAT || t == REDU_DOUBLE)))
        continue; /* float products over/underflow differently per grouping */
      unsigned char want[8] = {0}, got[8] = {0};
      size_t wi = 0, gi = 1;
      CHECK_OK(redu_reduce(dev, (redu_op)op, (redu_type)t, whole, N, want, &wi, NULL));
      CHECK_OK(redu_mpi_reduce(MPI_COMM_WORLD, dev, (redu_op)op, (redu_type)t, mine, len, got, &gi,
                               NULL));
      int arg = op == REDU_ARGMIN || op == REDU_ARGMAX;
      CHECK(!memcmp(want, got, es) && (!arg || wi == gi),
            "rank %d/%d: op %d type %d: across ranks differs from one device (index %zu vs %zu)",
            rank, nranks, op, t, gi, wi);
    }
    omp_target_free(whole, dev);
    omp_target_free(mine, dev);
  }
}

static void check_typed_and_exact(void)
{
  static double h[N], hy[N];
  uint64_t seed = 17;
  for (size_t i = 0; i < N; ++i) {
    int e = (int)(redu_test_rand(&seed) % 2000) - 1000;
    h[i] = ldexp((double)(redu_test_rand(&seed) >> 11), e - 53) * (i % 2 ? -1 : 1);
    hy[i] = ldexp(1.0 + (double)(i % 5), (int)(i % 30) - 15);
  }
  size_t off, len;
  my_part(N, &off, &len);
  double *whole = redu_test_to_device(h, sizeof h, dev),
         *wy = redu_test_to_device(hy, sizeof hy, dev);
  double *mine = redu_test_to_device(h + off, len * sizeof *h, dev);
  double *my_y = redu_test_to_device(hy + off, len * sizeof *h, dev);
  redu_options x = {.flags = REDU_EXACT};
  double want, got;
  CHECK_OK(redu_sum_f64(dev, whole, N, &want, &x));
  CHECK_OK(redu_mpi_sum_f64(MPI_COMM_WORLD, dev, mine, len, &got, &x));
  CHECK(!memcmp(&want, &got, sizeof got), "rank %d/%d: exact sum %a vs one device %a", rank, nranks,
        got, want);
  CHECK_OK(redu_dot_f64(dev, whole, wy, N, &want, &x));
  CHECK_OK(redu_mpi_dot_f64(MPI_COMM_WORLD, dev, mine, my_y, len, &got, &x));
  CHECK(!memcmp(&want, &got, sizeof got), "rank %d/%d: exact dot %a vs %a", rank, nranks, got,
        want);
  /* The fast dot: double accumulators combined in rank order; every rank the same bits. */
  CHECK_OK(redu_mpi_dot_f64(MPI_COMM_WORLD, dev, mine, my_y, len, &got, NULL));
  double mx;
  MPI_Allreduce(&got, &mx, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  CHECK(!memcmp(&got, &mx, sizeof got), "rank %d: fast dot differs between ranks", rank);
  /* Typed argmin: the global index. */
  double v;
  size_t i, wi;
  CHECK_OK(redu_argmin_f64(dev, whole, N, &want, &wi, NULL));
  CHECK_OK(redu_mpi_argmin_f64(MPI_COMM_WORLD, dev, mine, len, &v, &i, NULL));
  CHECK(v == want && i == wi, "rank %d: argmin %g at %zu, want %g at %zu", rank, v, i, want, wi);
  omp_target_free(whole, dev), omp_target_free(wy, dev);
  omp_target_free(mine, dev), omp_target_free(my_y, dev);
}

/* The exact dot across ranks over the whole range of doubles: N - 2 products 2^-538 * 2^-538,
 * each below the least subnormal, and 2^600 * 2^600 and its negation (past the largest
 * double) at the two ends, which most rank counts put on different ranks: exactly
 * (N - 2) / 4 = 5002.25 times 2^-1074, rounded once to 5002 times. */
static void check_exact_dot_extremes(void)
{
  static double h[N], hy[N];
  for (size_t i = 0; i < N; ++i)
    h[i] = hy[i] = 0x1p-538;
  h[0] = hy[0] = hy[N - 1] = 0x1p600;
  h[N - 1] = -0x1p600;
  size_t off, len;
  my_part(N, &off, &len);
  double *mine = redu_test_to_device(h + off, len * sizeof *h, dev);
  double *my_y = redu_test_to_device(hy + off, len * sizeof *h, dev);
  redu_options x = {.flags = REDU_EXACT};
  double got = 0, want = 5002 * 0x1p-1074;
  _Static_assert(N == 20011, "want: (N - 2) / 4 rounded");
  CHECK_OK(redu_mpi_dot_f64(MPI_COMM_WORLD, dev, mine, my_y, len, &got, &x));
  CHECK(got == want, "rank %d/%d: exact dot of extremes %a, want %a", rank, nranks, got, want);
  omp_target_free(mine, dev), omp_target_free(my_y, dev);
}

static void check_declared(void)
{
  static affine h[N];
  static minpay m[N];
  uint64_t seed = 23;
  for (size_t i = 0; i < N; ++i) {
    h[i] = (affine){redu_test_rand(&seed) | 1, redu_test_rand(&seed)};
    m[i] = (minpay){(double)(redu_test_rand(&seed) % 50), (int64_t)(i * 7 % 1000)};
  }
  size_t off, len;
  my_part(N, &off, &len);
  affine *whole = redu_test_to_device(h, sizeof h, dev), want, got;
  affine *mine = redu_test_to_device(h + off, len * sizeof *h, dev);
  CHECK_OK(redu_reduce_affine_seq(dev, whole, N, &want, NULL));
  CHECK_OK(redu_mpi_reduce_affine_seq(MPI_COMM_WORLD, dev, mine, len, &got, NULL));
  CHECK(want.a == got.a && want.b == got.b, "rank %d/%d: ordered declared reduction", rank, nranks);
  minpay *mw = redu_test_to_device(m, sizeof m, dev), mwant, mgot;
  minpay *mm = redu_test_to_device(m + off, len * sizeof *m, dev);
  CHECK_OK(redu_reduce_min_payload(dev, mw, N, &mwant, NULL));
  CHECK_OK(redu_mpi_reduce_min_payload(MPI_COMM_WORLD, dev, mm, len, &mgot, NULL));
  CHECK(mwant.v == mgot.v && mwant.payload == mgot.payload, "rank %d: min with payload", rank);
  omp_target_free(whole, dev), omp_target_free(mine, dev);
  omp_target_free(mw, dev), omp_target_free(mm, dev);
}

/* One rank's bad argument: every rank gets the status, nobody's output is written. */
static void check_errors(void)
{
  double h[4] = {1, 2, 3, 4}, r = 42.0;
  size_t idx = 7;
  double *d = redu_test_to_device(h, sizeof h, dev);
  int last = nranks - 1;
#define EXPECT_ALL(st, call)                                                                       \
  do {                                                                                             \
    redu_status s_ = (call);                                                                       \
    CHECK(s_ == (st) && r == 42.0 && idx == 7 && redu_last_error()[0],                             \
          "rank %d: %s -> %d, want %d (message '%s')", rank, #call, (int)s_, (int)(st),            \
          redu_last_error());                                                                      \
  } while (0)
  EXPECT_ALL(REDU_ERR_NULL_ARG,
             redu_mpi_sum_f64(MPI_COMM_WORLD, dev, rank == last ? NULL : d, 4, &r, NULL));
  if (rank != last)
    CHECK(strstr(redu_last_error(), "rank") != NULL, "names the failing rank: %s",
          redu_last_error());
  EXPECT_ALL(REDU_ERR_MISALIGNED,
             redu_mpi_max_f64(MPI_COMM_WORLD, dev,
                              rank == 0 ? (const double *)((const char *)d + 1) : d, 2, &r, NULL));
  EXPECT_ALL(REDU_ERR_INVALID_DEVICE,
             redu_mpi_min_f64(MPI_COMM_WORLD, rank == last ? 9999 : dev, d, 4, &r, NULL));
  EXPECT_ALL(REDU_ERR_NULL_ARG,
             redu_mpi_argmin_f64(MPI_COMM_WORLD, dev, d, 4, &r, rank == 0 ? NULL : &idx, NULL));
  idx = 7;
  EXPECT_ALL(REDU_ERR_BAD_COMM, redu_mpi_sum_f64(MPI_COMM_NULL, dev, d, 4, &r, NULL));
  redu_options ex = {.flags = REDU_EXACT};
  EXPECT_ALL(REDU_ERR_UNSUPPORTED, redu_mpi_max_f64(MPI_COMM_WORLD, dev, d, 4, &r, &ex));
  EXPECT_ALL(REDU_ERR_UNSUPPORTED,
             redu_mpi_reduce(MPI_COMM_WORLD, dev, (redu_op)77, REDU_DOUBLE, d, 4, &r, NULL, NULL));
  /* Ranks that make different calls of the same record size: REDU_ERR_MPI everywhere. */
  if (nranks > 1) {
    int64_t ri = 42;
    redu_status s = rank == 0
                        ? redu_mpi_sum_f64(MPI_COMM_WORLD, dev, d, 4, &r, NULL)
                        : redu_mpi_sum_i64(MPI_COMM_WORLD, dev, (const int64_t *)d, 4, &ri, NULL);
    CHECK(s == REDU_ERR_MPI && r == 42.0 && ri == 42, "rank %d: mismatched calls -> %d", rank,
          (int)s);
  }
  /* An intercommunicator (even ranks and odd ranks): refused on every rank that passes it. */
  if (nranks > 1) {
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank % 2 ? 0 : 1, 77, &inter);
    EXPECT_ALL(REDU_ERR_BAD_COMM, redu_mpi_sum_f64(inter, dev, d, 4, &r, NULL));
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
  }
#undef EXPECT_ALL
  /* MPI_COMM_SELF: this rank alone. */
  CHECK_OK(redu_mpi_sum_f64(MPI_COMM_SELF, dev, d, 4, &r, NULL));
  CHECK(r == 10.0, "rank %d: MPI_COMM_SELF sum %g", rank, r);
  omp_target_free(d, dev);
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  /* Ranks share the node's devices round robin (one GPU each where there are enough). */
  int nd = omp_get_num_devices();
  dev = nd ? rank % nd : omp_get_initial_device();
  check_matrix(0);
  check_matrix(1);
  check_typed_and_exact();
  check_exact_dot_extremes();
  check_declared();
  check_errors();
  int failed = redu_test_failures, any;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  char name[32];
  snprintf(name, sizeof name, "test_mpi rank %d/%d", rank, nranks);
  int rc = redu_test_finish(name);
  MPI_Finalize();
  return rc || any ? 1 : 0;
}

/* libredu across MPI ranks (libredu/redu_mpi.h): the local partial reduction
 * (host/redu_partial.h), then one MPI_Allreduce of a record that carries the accumulator
 * with a header, combined by libredu's own non-commutative MPI_Op (ranks in order). */
#include "redu_mpi.h"

#include "device/redu_op_table.h"
#include "host/redu_error.h"
#include "host/redu_partial.h"
#include <pthread.h>
#include <stdint.h>
#include <string.h>

/* What travels: the header, then the accumulator at offset 32. The header makes the errors
 * collective (the lowest failing rank's status reaches every rank in the same reduction
 * that carries the values) and counts the elements of the ranks so far (arg ops' global
 * index). */
typedef struct redu__mpi_head {
  int32_t status; /* REDU_OK, or the status of the lowest failing rank */
  int32_t rank;   /* that rank; -1 when the failure is no rank's own (the calls differ) */
  int32_t code;   /* which built-in reduction (redu__partial.code); -1: a declared one */
  int32_t acc_size;
  uint64_t count; /* elements of the ranks combined so far */
  uint64_t pad;
} redu__mpi_head;
enum { REDU__MPI_ACC_AT = 32, REDU__MPI_MAX_RECORD = REDU__MPI_ACC_AT + REDU__PARTIAL_MAX_ACC };
_Static_assert(sizeof(redu__mpi_head) == REDU__MPI_ACC_AT, "the record's header");

/* ---- MPI objects, created on first use, freed at MPI_Finalize ------------------------- */

/* Record types by size, the built-in op and declared reductions' op slots. MPI objects can
 * only be made between MPI_Init and MPI_Finalize, hence lazily; an attribute on
 * MPI_COMM_SELF, whose delete callback MPI_Finalize runs first, frees them (MPI 4.0, 11.2.4).
 * A mutex guards them for programs that run MPI_THREAD_MULTIPLE. */
enum { REDU__MPI_TYPES = 16, REDU__MPI_SLOTS = 256 };
static pthread_mutex_t redu__mpi_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  int size;
  MPI_Datatype type;
} redu__mpi_types[REDU__MPI_TYPES];
static int redu__mpi_ntypes;
static MPI_Op redu__mpi_builtin_op = MPI_OP_NULL;
static MPI_Op *redu__mpi_slots[REDU__MPI_SLOTS];
static int redu__mpi_nslots, redu__mpi_hooked;

static int redu__mpi_free_all(MPI_Comm comm, int key, void *value, void *extra)
{
  (void)comm, (void)key, (void)value, (void)extra;
  pthread_mutex_lock(&redu__mpi_lock);
  for (int k = 0; k < redu__mpi_ntypes; ++k)
    MPI_Type_free(&redu__mpi_types[k].type);
  redu__mpi_ntypes = 0;
  if (redu__mpi_builtin_op != MPI_OP_NULL)
    MPI_Op_free(&redu__mpi_builtin_op);
  for (int k = 0; k < redu__mpi_nslots; ++k)
    if (*redu__mpi_slots[k] != MPI_OP_NULL)
      MPI_Op_free(redu__mpi_slots[k]);
  redu__mpi_nslots = 0;
  redu__mpi_hooked = 0;
  pthread_mutex_unlock(&redu__mpi_lock);
  return MPI_SUCCESS;
}

/* Under the lock: the finalize hook, once. */
static void redu__mpi_hook(void)
{
  int key;
  if (redu__mpi_hooked ||
      MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, redu__mpi_free_all, &key, NULL) != MPI_SUCCESS)
    return;
  if (MPI_Comm_set_attr(MPI_COMM_SELF, key, NULL) == MPI_SUCCESS)
    redu__mpi_hooked = 1;
  MPI_Comm_free_keyval(&key);
}

static int redu__mpi_live(void)
{
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  return init && !fin;
}

/* The contiguous type of `size` bytes, or MPI_DATATYPE_NULL. */
static MPI_Datatype redu__mpi_record_type(int size)
{
  MPI_Datatype t = MPI_DATATYPE_NULL;
  pthread_mutex_lock(&redu__mpi_lock);
  for (int k = 0; k < redu__mpi_ntypes && t == MPI_DATATYPE_NULL; ++k)
    if (redu__mpi_types[k].size == size)
      t = redu__mpi_types[k].type;
  if (t == MPI_DATATYPE_NULL && redu__mpi_ntypes < REDU__MPI_TYPES &&
      MPI_Type_contiguous(size, MPI_BYTE, &t) == MPI_SUCCESS) {
    if (MPI_Type_commit(&t) != MPI_SUCCESS)
      MPI_Type_free(&t), t = MPI_DATATYPE_NULL;
    else {
      redu__mpi_types[redu__mpi_ntypes].size = size;
      redu__mpi_types[redu__mpi_ntypes++].type = t;
      redu__mpi_hook();
    }
  }
  pthread_mutex_unlock(&redu__mpi_lock);
  return t;
}

MPI_Op redu__mpi_op(MPI_Op *slot, MPI_User_function *fn)
{
  if (!redu__mpi_live())
    return MPI_OP_NULL;
  pthread_mutex_lock(&redu__mpi_lock);
  if (*slot == MPI_OP_NULL && redu__mpi_nslots < REDU__MPI_SLOTS &&
      MPI_Op_create(fn, 0, slot) == MPI_SUCCESS) {
    redu__mpi_slots[redu__mpi_nslots++] = slot;
    redu__mpi_hook();
  }
  MPI_Op op = *slot;
  pthread_mutex_unlock(&redu__mpi_lock);
  return op;
}

/* ---- The combiner ---------------------------------------------------------------------- */

/* inout := in . inout, in holding the lower ranks (MPI's order for non-commutative ops). */
static void redu__mpi_combine_one(const redu__partial *p, const unsigned char *in,
                                  unsigned char *inout)
{
  redu__mpi_head a, b;
  memcpy(&a, in, sizeof a);
  memcpy(&b, inout, sizeof b);
  if (a.status != REDU_OK) { /* the lower rank's failure wins */
    memcpy(inout, in, sizeof a);
    return;
  }
  if (b.status != REDU_OK)
    return;
  if (a.code != b.code || a.acc_size != b.acc_size || !p) {
    b.status = REDU_ERR_MPI, b.rank = -1;
  } else if (b.count > UINT64_MAX - a.count || a.count + b.count > SIZE_MAX) {
    b.status = REDU_ERR_OVERFLOW, b.rank = -1;
  } else {
    _Alignas(16) unsigned char acc[REDU__PARTIAL_MAX_ACC], later[REDU__PARTIAL_MAX_ACC];
    memcpy(acc, in + REDU__MPI_ACC_AT, p->acc_size);
    memcpy(later, inout + REDU__MPI_ACC_AT, p->acc_size);
    p->combine(acc, later, (size_t)a.count);
    memcpy(inout + REDU__MPI_ACC_AT, acc, p->acc_size);
    b.count += a.count;
  }
  memcpy(inout, &b, sizeof b);
}

void redu__mpi_combine(const redu__partial *p, void *in, void *inout, int len)
{
  size_t size = REDU__MPI_ACC_AT + p->acc_size;
  for (int k = 0; k < len; ++k)
    redu__mpi_combine_one(p, (unsigned char *)in + k * size, (unsigned char *)inout + k * size);
}

/* The built-in reductions' MPI_User_function: the header says which (the same build of
 * libredu on every rank gives the same codes). */
static void redu__mpi_builtin_fn(void *in, void *inout, int *len, MPI_Datatype *type)
{
  (void)type;
  redu__mpi_head h;
  memcpy(&h, in, sizeof h);
  const redu__partial *p = redu__partial_by_code(h.code);
  size_t size = REDU__MPI_ACC_AT + (p ? p->acc_size : 0);
  for (int k = 0; k < *len; ++k)
    redu__mpi_combine_one(p, (unsigned char *)in + k * size, (unsigned char *)inout + k * size);
}

/* ---- The call -------------------------------------------------------------------------- */

static redu_status redu__mpi_check_comm(const char *fn, MPI_Comm comm, int *rank)
{
  if (!redu__mpi_live())
    return redu__fail(REDU_ERR_BAD_COMM,
                      "%s: MPI is not initialised, or already finalised: "
                      "call between MPI_Init and MPI_Finalize",
                      fn);
  if (comm == MPI_COMM_NULL)
    return redu__fail(REDU_ERR_BAD_COMM,
                      "%s: the communicator is MPI_COMM_NULL; pass MPI_COMM_WORLD or a "
                      "communicator this rank belongs to",
                      fn);
  int inter = 0;
  if (MPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter)
    return redu__fail(REDU_ERR_BAD_COMM,
                      "%s: the communicator is an intercommunicator; pass an intracommunicator "
                      "(MPI_Intercomm_merge makes one)",
                      fn);
  if (MPI_Comm_rank(comm, rank) != MPI_SUCCESS)
    return redu__fail(REDU_ERR_BAD_COMM, "%s: MPI_Comm_rank failed on the communicator", fn);
  return REDU_OK;
}

redu_status redu__mpi_call(const char *fn, const redu__partial *p, MPI_Comm comm, MPI_Op op,
                           int device, const void *x, const void *y, size_t n, void *result,
                           size_t *index, const redu_options *opts)
{
  int rank;
  redu_status s = redu__mpi_check_comm(fn, comm, &rank);
  if (s != REDU_OK)
    return s;
  /* From here every rank reaches the MPI_Allreduce, whatever its arguments. */
  _Alignas(16) unsigned char rec[REDU__MPI_MAX_RECORD];
  memset(rec, 0, sizeof rec);
  redu__mpi_head h = {
      .status = REDU_OK, .rank = -1, .code = p->code, .acc_size = (int32_t)p->acc_size, .count = n};
  if (!result || (p->arg && !index))
    s = redu__fail(REDU_ERR_NULL_ARG, "%s: result%s must not be NULL", fn,
                   p->arg ? " and index" : "");
  else
    s = p->reduce(device, x, y, n, rec + REDU__MPI_ACC_AT, opts);
  if (s != REDU_OK)
    h.status = s, h.rank = rank;
  memcpy(rec, &h, sizeof h);
  if (op == MPI_OP_NULL) {
    pthread_mutex_lock(&redu__mpi_lock);
    if (redu__mpi_builtin_op == MPI_OP_NULL &&
        MPI_Op_create(redu__mpi_builtin_fn, 0, &redu__mpi_builtin_op) == MPI_SUCCESS)
      redu__mpi_hook();
    op = redu__mpi_builtin_op;
    pthread_mutex_unlock(&redu__mpi_lock);
  }
  MPI_Datatype type = redu__mpi_record_type(REDU__MPI_ACC_AT + (int)p->acc_size);
  int mpi = op == MPI_OP_NULL || type == MPI_DATATYPE_NULL
                ? -1
                : MPI_Allreduce(MPI_IN_PLACE, rec, 1, type, op, comm);
  if (mpi != MPI_SUCCESS)
    return redu__fail(REDU_ERR_MPI,
                      "%s: %s failed (MPI error %d); check the communicator and that every "
                      "rank makes this call",
                      fn, mpi < 0 ? "creating the MPI datatype or op" : "MPI_Allreduce", mpi);
  memcpy(&h, rec, sizeof h);
  if (h.status != REDU_OK) {
    if (h.rank == rank)
      return (redu_status)h.status; /* this rank's own message stands */
    if (h.rank < 0)
      return redu__fail((redu_status)h.status,
                        h.status == REDU_ERR_OVERFLOW
                            ? "%s: the ranks hold more than SIZE_MAX elements together"
                            : "%s: the ranks made different calls (op, type, REDU_EXACT or "
                              "declared reduction differ); every rank must make the same call",
                        fn);
    return redu__fail((redu_status)h.status,
                      "%s: rank %d's call failed with %s (its redu_last_error() says why); "
                      "every rank returns that status and writes no output",
                      fn, h.rank, redu_status_string((redu_status)h.status));
  }
  p->finish(rec + REDU__MPI_ACC_AT, result, index);
  return REDU_OK;
}

/* ---- The public calls ------------------------------------------------------------------ */

redu_status redu_mpi_reduce(MPI_Comm comm, int device, redu_op op, redu_type type, const void *x,
                            size_t n, void *result, size_t *index, const redu_options *opts)
{
  redu_status s;
  const redu__partial *p =
      redu__partial_builtin("redu_mpi_reduce", op, type, opts ? opts->flags : 0, &s);
  if (!p) /* unknown to every rank alike: nothing was sent, nothing is waited for */
    return s;
  return redu__mpi_call("redu_mpi_reduce", p, comm, MPI_OP_NULL, device, x, NULL, n, result, index,
                        opts);
}

/* The typed calls: the partial of (op, type), with the value output (and index, arg ops). */
#define REDU__MPI_PARTIAL(op, OP, sfx, E)                                                          \
  redu_status s;                                                                                   \
  const redu__partial *p =                                                                         \
      redu__partial_builtin("redu_mpi_" #op "_" #sfx, OP, E, opts ? opts->flags : 0, &s);          \
  if (!p)                                                                                          \
  return s
#define REDU__DEFINE_MPI_VALUE(op, OP, sfx, T, E)                                                  \
  redu_status redu_mpi_##op##_##sfx(MPI_Comm comm, int device, const T *x, size_t n, T *result,    \
                                    const redu_options *opts)                                      \
  {                                                                                                \
    REDU__MPI_PARTIAL(op, OP, sfx, E);                                                             \
    return redu__mpi_call("redu_mpi_" #op "_" #sfx, p, comm, MPI_OP_NULL, device, x, NULL, n,      \
                          result, NULL, opts);                                                     \
  }
#define REDU__DEFINE_MPI_ARG(op, OP, sfx, T, E)                                                    \
  redu_status redu_mpi_##op##_##sfx(MPI_Comm comm, int device, const T *x, size_t n, T *value,     \
                                    size_t *index, const redu_options *opts)                       \
  {                                                                                                \
    REDU__MPI_PARTIAL(op, OP, sfx, E);                                                             \
    return redu__mpi_call("redu_mpi_" #op "_" #sfx, p, comm, MPI_OP_NULL, device, x, NULL, n,      \
                          value, index, opts);                                                     \
  }
#define REDU__MPI_VALUE(op, OP, A, IDENT, LIFT, COMBINE, FINISH, RFN, EXACT, sfx, T, E)            \
  REDU__DEFINE_MPI_VALUE(op, OP, sfx, T, E)
#define REDU__MPI_ARG(op, OP, A, IDENT, LIFT, COMBINE, FINISH, KEY_PICK, sfx, T, E)                \
  REDU__DEFINE_MPI_ARG(op, OP, sfx, T, E)
#define REDU__MPI_CALLS(sfx, T, E, K, SA, LO, HI)                                                  \
  REDU__OPS_OF_TYPE(REDU__MPI_VALUE, REDU__MPI_ARG, sfx, T, E, K, SA, LO, HI)
REDU_FOR_EACH_TYPE(REDU__MPI_CALLS)
#undef REDU__MPI_CALLS
#undef REDU__MPI_VALUE
#undef REDU__MPI_ARG
#undef REDU__DEFINE_MPI_VALUE
#undef REDU__DEFINE_MPI_ARG
#undef REDU__MPI_PARTIAL

#define REDU__DEFINE_MPI_DOT(sfx, T, E)                                                            \
  redu_status redu_mpi_dot_##sfx(MPI_Comm comm, int device, const T *x, const T *y, size_t n,      \
                                 T *result, const redu_options *opts)                              \
  {                                                                                                \
    return redu__mpi_call("redu_mpi_dot_" #sfx, redu__partial_dot(E, opts ? opts->flags : 0),      \
                          comm, MPI_OP_NULL, device, x, y, n, result, NULL, opts);                 \
  }
REDU__DEFINE_MPI_DOT(f32, float, REDU_FLOAT)
REDU__DEFINE_MPI_DOT(f64, double, REDU_DOUBLE)
#undef REDU__DEFINE_MPI_DOT

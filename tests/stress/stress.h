/* The GPU stress matrix: translation units that each declare many
 * reductions at once, so that a kernel stamped in a user's file is tested beside many
 * others of every shape. Each TU lists its declared reductions as one X-macro table,
 *   #define STRESS_TYPES(X) X(KIND, name, size, align) ...
 * and its regions (1..8 reductions mixing built-in kinds and declared ones) with
 * STRESS_REGION_* below. Kinds (all exact, so every result is compared bit for bit):
 *   ADD8    bytewise add mod 256          commutative, arithmetic      any size
 *   MAX8    bytewise max                  commutative, not arithmetic  any size
 *   LAST8   per byte, the last nonzero    ordered, not arithmetic      any size
 *   AFFINE  16-bit affine maps, composed  ordered, arithmetic          size % 4 == 0
 *   FSUM    float lanes of small integers commutative, arithmetic      size % 4 == 0
 *   HASH16  polynomial hash {h, p}        ordered (a user's example)   16
 *   S20     {3 float sums, count, max}    commutative (a user's example) 20
 * `size` is sizeof the type exactly (a multiple of `align`).
 *
 * The program takes one mode, the plan every call runs with:
 *   plan   the planner's
 *   one    1 team (REDU_TEAMS=1, set before the first call: regions too)
 *   odd    7 teams x 96 threads on GPUs, 7 x 3 on CPUs (REDU_TEAMS / REDU_THREADS)
 *   full   the planner's team count for an input that fills the device (arrays through
 *          redu_options; regions keep the planner's plan)
 * and checks every declared reduction and every region against a serial reference at
 * n = 1, 33, 4097, 2^18 and 2^20 + 77. */
#ifndef REDU_STRESS_H
#define REDU_STRESS_H

#include "redu_region.h"
#include "redu_test.h"
#include <math.h>

static const size_t stress_sizes[] = {1, 33, 4097, 1u << 18, (1u << 20) + 77};
enum { STRESS_NSIZES = sizeof stress_sizes / sizeof stress_sizes[0] };
#define STRESS_NMAX ((size_t)(1u << 20) + 77)

static redu_options stress_opts; /* the mode's per-call options (arrays) */

/* Sets the mode before libredu's first call (REDU_TEAMS/REDU_THREADS are read when a
 * device is first used). Returns 0 for an unknown mode. */
static int stress_mode(const char *mode, int dev)
{
  /* The same region body in every compile pass (a body that differs by #if between the
   * host and device passes gets mismatched captures: an illegal address on the H100);
   * what differs is the target interface's declare variant. */
  int on_gpu = 0;
#pragma omp target device(dev) map(tofrom : on_gpu)
  on_gpu = redu__dev_arch() != REDU__ARCH_CPU;
  if (!strcmp(mode, "plan"))
    return 1;
  if (!strcmp(mode, "one"))
    return setenv("REDU_TEAMS", "1", 1) == 0;
  if (!strcmp(mode, "odd"))
    return setenv("REDU_TEAMS", "7", 1) == 0 && setenv("REDU_THREADS", on_gpu ? "96" : "3", 1) == 0;
  if (!strcmp(mode, "full")) {
    int teams = 0, threads = 0;
    if (redu_plan_query(dev, (size_t)1 << 40, 1, &teams, &threads) != REDU_OK)
      return 0;
    stress_opts.teams = teams;
    return 1;
  }
  return 0;
}

/* Deterministic bytes; `kind_fix` then makes each element valid for its kind. */
static void stress_fill(void *p, size_t bytes, uint64_t seed)
{
  unsigned char *b = p;
  for (size_t i = 0; i < bytes; i += 8) {
    uint64_t r = redu_test_rand(&seed);
    memcpy(b + i, &r, bytes - i < 8 ? bytes - i : 8);
  }
}

/* ---- kinds: type, combiner, identity, order, and how to make valid data ------------- */
/* S bytes (alignment A) combined byte by byte: x.b[k] = BYTE_OP(x.b[k], y.b[k]). */
#define STRESS_BYTEWISE(name, S, A, BYTE_OP, order)                                                \
  typedef struct {                                                                                 \
    _Alignas(A) uint8_t b[S];                                                                      \
  } name##_t;                                                                                      \
  static inline name##_t name##_op(name##_t x, name##_t y)                                         \
  {                                                                                                \
    for (int k = 0; k < S; ++k)                                                                    \
      x.b[k] = (uint8_t)BYTE_OP(x.b[k], y.b[k]);                                                   \
    return x;                                                                                      \
  }                                                                                                \
  REDU_DECLARE_REDUCTION(name, name##_t, name##_op, order, {{0}})
#define STRESS_BYTE_ADD(a, b) ((a) + (b))
#define STRESS_BYTE_MAX(a, b) ((a) > (b) ? (a) : (b))
/* Associative, not commutative: b wins where it is nonzero. */
#define STRESS_BYTE_LAST(a, b) ((b) ? (b) : (a))

#define STRESS_ADD8(name, S, A)                                                                    \
  STRESS_BYTEWISE(name, S, A, STRESS_BYTE_ADD, REDU_COMMUTATIVE)                                   \
  static void name##_fix(name##_t *v) { (void)v; }
#define STRESS_MAX8(name, S, A)                                                                    \
  STRESS_BYTEWISE(name, S, A, STRESS_BYTE_MAX, REDU_COMMUTATIVE)                                   \
  static void name##_fix(name##_t *v) { (void)v; }
/* Data mostly zero, so that the winner is not simply the last element. */
#define STRESS_LAST8(name, S, A)                                                                   \
  STRESS_BYTEWISE(name, S, A, STRESS_BYTE_LAST, REDU_ORDERED)                                      \
  static void name##_fix(name##_t *v)                                                              \
  {                                                                                                \
    for (int k = 0; k < S; ++k)                                                                    \
      v->b[k] = v->b[k] < 16 ? v->b[k] : 0;                                                        \
  }

/* v -> a v + b (mod 2^16), composed left to right; odd a: nothing cancels. */
#define STRESS_AFFINE(name, S, A)                                                                  \
  typedef struct {                                                                                 \
    _Alignas(A) uint16_t a[S / 4];                                                                 \
    uint16_t b[S / 4];                                                                             \
  } name##_t;                                                                                      \
  static inline name##_t name##_op(name##_t f, name##_t g)                                         \
  {                                                                                                \
    for (int k = 0; k < S / 4; ++k) {                                                              \
      f.b[k] = (uint16_t)((uint32_t)g.a[k] * f.b[k] + g.b[k]);                                     \
      f.a[k] = (uint16_t)((uint32_t)g.a[k] * f.a[k]);                                              \
    }                                                                                              \
    return f;                                                                                      \
  }                                                                                                \
  static void name##_fix(name##_t *v)                                                              \
  {                                                                                                \
    for (int k = 0; k < S / 4; ++k)                                                                \
      v->a[k] |= 1;                                                                                \
  }                                                                                                \
  REDU_DECLARE_REDUCTION(name, name##_t, name##_op, REDU_ORDERED, {.a = {[0 ... S / 4 - 1] = 1}})

/* Lanes of 0..7: every partial sum below 2^24 is exact in float, in any order. */
#define STRESS_FSUM(name, S, A)                                                                    \
  typedef struct {                                                                                 \
    _Alignas(A) float f[S / 4];                                                                    \
  } name##_t;                                                                                      \
  static inline name##_t name##_op(name##_t x, name##_t y)                                         \
  {                                                                                                \
    for (int k = 0; k < S / 4; ++k)                                                                \
      x.f[k] += y.f[k];                                                                            \
    return x;                                                                                      \
  }                                                                                                \
  static void name##_fix(name##_t *v)                                                              \
  {                                                                                                \
    uint32_t bits;                                                                                 \
    for (int k = 0; k < S / 4; ++k) {                                                              \
      memcpy(&bits, &v->f[k], 4);                                                                  \
      v->f[k] = (float)(bits % 8);                                                                 \
    }                                                                                              \
  }                                                                                                \
  REDU_DECLARE_REDUCTION(name, name##_t, name##_op, REDU_COMMUTATIVE, {{0}})

#define STRESS_HASH16(name, S, A)                                                                  \
  typedef struct {                                                                                 \
    uint64_t h, p;                                                                                 \
  } name##_t;                                                                                      \
  static inline name##_t name##_op(name##_t a, name##_t b)                                         \
  {                                                                                                \
    return (name##_t){a.h * b.p + b.h, a.p * b.p};                                                 \
  }                                                                                                \
  static void name##_fix(name##_t *v) { v->p |= 1; }                                               \
  REDU_DECLARE_REDUCTION(name, name##_t, name##_op, REDU_ORDERED, {0, 1})

#define STRESS_S20(name, S, A)                                                                     \
  typedef struct {                                                                                 \
    float a, b, c;                                                                                 \
    int32_t cnt;                                                                                   \
    float mx;                                                                                      \
  } name##_t;                                                                                      \
  static inline name##_t name##_op(name##_t x, name##_t y)                                         \
  {                                                                                                \
    return (name##_t){x.a + y.a, x.b + y.b, x.c + y.c, x.cnt + y.cnt, x.mx > y.mx ? x.mx : y.mx};  \
  }                                                                                                \
  static void name##_fix(name##_t *v)                                                              \
  {                                                                                                \
    uint32_t r;                                                                                    \
    memcpy(&r, v, 4);                                                                              \
    *v = (name##_t){(float)(r % 3), (float)(r % 5), (float)(r % 7), 1, (float)(r % 1000)};         \
  }                                                                                                \
  REDU_DECLARE_REDUCTION(name, name##_t, name##_op, REDU_COMMUTATIVE, {0, 0, 0, 0, -1.0f})

#define STRESS_DECLARE(KIND, name, S, A)                                                           \
  STRESS_##KIND(name, S, A) _Static_assert(sizeof(name##_t) == (S) && _Alignof(name##_t) >= (A),   \
                                           #name " layout");

/* Device data of every declared type (the same host data for the references). */
#define STRESS_DATA_FIELD(KIND, name, S, A) name##_t *name##_h, *name##_d;
#define STRESS_DATA_MAKE(KIND, name, S, A)                                                         \
  D.name##_h = malloc(STRESS_NMAX * sizeof(name##_t));                                             \
  stress_fill(D.name##_h, STRESS_NMAX * sizeof(name##_t), (uint64_t)(S) * 131 + (A));              \
  for (size_t i = 0; i < STRESS_NMAX; ++i)                                                         \
    name##_fix(&D.name##_h[i]);                                                                    \
  D.name##_d = redu_test_to_device(D.name##_h, STRESS_NMAX * sizeof(name##_t), dev);

/* The array call of every declared reduction against a serial fold, every n. */
#define STRESS_CHECK_ARRAY(KIND, name, S, A)                                                       \
  for (int si = 0; si < STRESS_NSIZES; ++si) {                                                     \
    size_t n = stress_sizes[si];                                                                   \
    name##_t ref = redu_identity_##name(), got;                                                    \
    for (size_t i = 0; i < n; ++i)                                                                 \
      ref = name##_op(ref, D.name##_h[i]);                                                         \
    memset(&got, 0xa5, sizeof got);                                                                \
    redu_status s = redu_reduce_##name(dev, D.name##_d, n, &got, &stress_opts);                    \
    CHECK(s == REDU_OK && !memcmp(&got, &ref, sizeof ref),                                         \
          "%s (%s, %d B, align %d) n=%zu: "                                                        \
          "status %d %s",                                                                          \
          #name, #KIND, S, A, n, (int)s, s ? redu_last_error() : "wrong value");                   \
  }

/* ---- regions ------------------------------------------------------------------------ */
/* The region's body reads element i of the input bytes and of each declared type's array;
 * built-in kinds take a value derived from the byte. Each variable starts at its identity,
 * so afterwards it holds the reduced value, compared with a serial fold. */
#define STRESS_VAL(i) ((double)bytes[i] - 100.0)
#define STRESS_BUILTIN_sum_i64(v, i) v += (int64_t)bytes[i] - 100
#define STRESS_BUILTIN_max_f64(v, i) v = v > STRESS_VAL(i) ? v : STRESS_VAL(i)
#define STRESS_BUILTIN_min_i32(v, i) v = v < (int32_t)bytes[i] - 7 ? v : (int32_t)bytes[i] - 7
#define STRESS_BUILTIN_sum_f64(v, i) v += STRESS_VAL(i)
#define STRESS_BUILTIN_max_u8(v, i) v = v > bytes[i] ? v : bytes[i]
#define STRESS_BUILTIN_sum_u16(v, i) v = (uint16_t)(v + bytes[i] * 3u)

#endif

/* Every TU: its declarations, its data, the array checks, then main() running its
 * stress_regions(). */
#define STRESS_DEFINE_DATA()                                                                       \
  STRESS_TYPES(STRESS_DECLARE)                                                                     \
  typedef struct {                                                                                 \
    uint8_t *bytes_h, *bytes_d;                                                                    \
    STRESS_TYPES(STRESS_DATA_FIELD)                                                                \
  } stress_data;

#define STRESS_CHECK_REGION(what, n, st, same)                                                     \
  CHECK((st) == REDU_OK && (same), "%s n=%zu: status %d %s", what, n, (int)(st),                   \
        (st) ? redu_last_error() : "wrong value")

#define STRESS_MAIN(tu)                                                                            \
  int main(int argc, char **argv)                                                                  \
  {                                                                                                \
    int dev = omp_get_default_device();                                                            \
    if (argc != 2 || !stress_mode(argv[1], dev)) {                                                 \
      fprintf(stderr, "usage: %s plan|one|odd|full\n", argv[0]);                                   \
      return 2;                                                                                    \
    }                                                                                              \
    stress_data D;                                                                                 \
    D.bytes_h = malloc(STRESS_NMAX);                                                               \
    stress_fill(D.bytes_h, STRESS_NMAX, 99);                                                       \
    D.bytes_d = redu_test_to_device(D.bytes_h, STRESS_NMAX, dev);                                  \
    STRESS_TYPES(STRESS_DATA_MAKE)                                                                 \
    STRESS_TYPES(STRESS_CHECK_ARRAY)                                                               \
    stress_regions(dev, &D);                                                                       \
    printf("%s %s: ", tu, argv[1]);                                                                \
    return redu_test_finish("stress");                                                             \
  }

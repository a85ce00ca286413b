/* Many host threads reduce at once on the same device, each its own data with its own
 * answer: every answer must be right (scratch slots are never shared by two calls). */
#include "redu_test.h"
#include <pthread.h>

enum { THREADS = 8, CALLS = 60, N = 50000 };

typedef struct {
  int id, dev, bad;
} job;

static void *worker(void *arg)
{
  job *j = arg;
  int64_t *h = malloc(N * sizeof *h), want = 0;
  for (int i = 0; i < N; ++i)
    want += h[i] = j->id * 1000 + i % 97;
  int64_t *d = redu_test_to_device(h, N * sizeof *h, j->dev);
  for (int c = 0; c < CALLS; ++c) {
    int64_t got = -1, mx = -1;
    size_t at = 0;
    if (redu_sum_i64(j->dev, d, N, &got, NULL) != REDU_OK || got != want)
      ++j->bad;
    if (redu_argmax_i64(j->dev, d, N, &mx, &at, NULL) != REDU_OK || mx != j->id * 1000 + 96 ||
        at != 96)
      ++j->bad;
  }
  omp_target_free(d, j->dev);
  free(h);
  return NULL;
}

int main(void)
{
  pthread_t t[THREADS];
  job jobs[THREADS];
  for (int i = 0; i < THREADS; ++i) {
    jobs[i] = (job){i, omp_get_default_device(), 0};
    pthread_create(&t[i], NULL, worker, &jobs[i]);
  }
  for (int i = 0; i < THREADS; ++i) {
    pthread_join(t[i], NULL);
    CHECK(jobs[i].bad == 0, "thread %d: %d wrong results", i, jobs[i].bad);
  }
  return redu_test_finish("test_threads");
}

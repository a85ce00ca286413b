// CUB's DeviceReduce on redu-bench's data (same element formula as bench_baselines.c),
// timed end to end like libredu: reduce + copy of the result to the host, median of
// repeated calls. Prints "cub,<op>,<type>,<n>,<ms>" lines for redu-bench to merge.
//   redu-bench-cub N [N ...]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cub/cub.cuh>
#include <vector>

static __host__ __device__ uint64_t bench_hash(uint64_t i)
{
  i = (i ^ (i >> 33)) * 0xff51afd7ed558ccdull;
  i = (i ^ (i >> 33)) * 0xc4ceb9fe1a85ec53ull;
  return i ^ (i >> 33);
}

template <typename T> __global__ void fill(T *x, size_t n)
{
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    uint64_t h = bench_hash(i);
    if constexpr (sizeof(T) == 8 && T(0.5) != T(0))
      x[i] = (double)(h >> 11) * 0x1p-53 * 2.0 - 1.0;
    else if constexpr (T(0.5) != T(0))
      x[i] = (float)((double)(h >> 11) * 0x1p-53 * 2.0 - 1.0);
    else if constexpr (sizeof(T) == 4)
      x[i] = (T)(int64_t)(h % 2000001) - 1000000;
    else
      x[i] = (T)(int64_t)(h % 2000000001) - 1000000000;
  }
}

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      fprintf(stderr, "cub reference: %s: %s\n", #call, cudaGetErrorString(e_));                   \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

template <typename F> static double median_ms(F f)
{
  std::vector<double> t;
  f();
  f();
  auto start = std::chrono::steady_clock::now();
  while (t.size() < 100 &&
         (t.size() < 5 ||
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 0.2)) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <typename T> static void run(const char *name, const std::vector<size_t> &sizes)
{
  size_t max_n = *std::max_element(sizes.begin(), sizes.end());
  T *x, *out, host;
  int64_t *idx, hidx;
  void *temp = nullptr;
  size_t temp_bytes = 0, need = 0;
  CHECK(cudaMalloc(&x, max_n * sizeof(T)));
  CHECK(cudaMalloc(&out, sizeof(T)));
  CHECK(cudaMalloc(&idx, sizeof(int64_t)));
  fill<<<1024, 256>>>(x, max_n);
  CHECK(cudaDeviceSynchronize());
  for (size_t n : sizes) {
    int64_t nn = (int64_t)n;
    CHECK(cub::DeviceReduce::Sum(nullptr, need, x, out, nn));
    temp_bytes = std::max(temp_bytes, need);
    CHECK(cub::DeviceReduce::ArgMin(nullptr, need, x, out, idx, nn));
    temp_bytes = std::max(temp_bytes, need);
  }
  CHECK(cudaMalloc(&temp, temp_bytes));
  for (size_t n : sizes) {
    int64_t nn = (int64_t)n;
    size_t tb = temp_bytes;
    auto finish = [&] { CHECK(cudaMemcpy(&host, out, sizeof(T), cudaMemcpyDeviceToHost)); };
    printf("cub,sum,%s,%zu,%.6f\n", name, n, median_ms([&] {
             CHECK(cub::DeviceReduce::Sum(temp, tb, x, out, nn));
             finish();
           }));
    printf("cub,min,%s,%zu,%.6f\n", name, n, median_ms([&] {
             CHECK(cub::DeviceReduce::Min(temp, tb, x, out, nn));
             finish();
           }));
    printf("cub,max,%s,%zu,%.6f\n", name, n, median_ms([&] {
             CHECK(cub::DeviceReduce::Max(temp, tb, x, out, nn));
             finish();
           }));
    printf("cub,argmin,%s,%zu,%.6f\n", name, n, median_ms([&] {
             CHECK(cub::DeviceReduce::ArgMin(temp, tb, x, out, idx, nn));
             finish();
             CHECK(cudaMemcpy(&hidx, idx, sizeof hidx, cudaMemcpyDeviceToHost));
           }));
    fflush(stdout);
  }
  cudaFree(temp);
  cudaFree(x);
  cudaFree(out);
  cudaFree(idx);
}

int main(int argc, char **argv)
{
  std::vector<size_t> sizes;
  for (int i = 1; i < argc; ++i)
    sizes.push_back(strtoull(argv[i], nullptr, 10));
  if (sizes.empty()) {
    fprintf(stderr, "usage: %s N [N ...]\n", argv[0]);
    return 2;
  }
  run<double>("f64", sizes);
  run<float>("f32", sizes);
  run<int32_t>("i32", sizes);
  run<int64_t>("i64", sizes);
  return 0;
}

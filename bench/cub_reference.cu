// CUB's DeviceReduce on redu-bench's data (same element formula as bench_baselines.c),
// timed end to end like libredu: reduce + copy of the result to the host, median of
// repeated calls. Prints "<impl>,<op>,<type>,<n>,<ms>" lines for redu-bench to merge:
// impl cub for DeviceReduce (ops sum, min, max, argmin; for f64 and f32 also dot, and
// sum_g2g: the gpu_to_gpu deterministic sum, with CCCL 3.1 or later), impl kbn for a plain
// Kahan-Babuska-Neumaier kernel (sum and dot, f64 and f32). Dot products read x and the
// data after it (y[i] = element max_n + i), as redu-bench's exact section does. With
// --struct N, also the structs section's complex sum of N elements (run_struct). Impl
// cubscan, cubscanx: DeviceScan::InclusiveSum and ExclusiveSum for the scan section (run_scan);
// cubsegscan: DeviceScan::InclusiveSumByKey for its segmented table (run_segscan). Impl
// cubhist, atomg, atoms: the bins section's peers (run_bins_counts, run_bins_sums).
//   redu-bench-cub N [N ...] [--struct N]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cub/cub.cuh>
#include <cuda/std/functional>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <type_traits>
#include <vector>

#include "bench_seg_cases.h"

// gpu_to_gpu determinism (a reproducible reduction, bitwise equal on every GPU) came with
// CCCL 3.1, through the environment argument of the single-phase DeviceReduce calls.
#if CUB_VERSION >= 300100 && __has_include(<cuda/__execution/determinism.h>)
#include <cuda/__execution/determinism.h>
#include <cuda/__execution/require.h>
#define BENCH_CUB_G2G 1
#endif

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

// x[i] * y[i] for DeviceReduce over a counting iterator: the products are never stored.
template <typename T> struct product {
  const T *x, *y;
  __host__ __device__ T operator()(int64_t i) const { return x[i] * y[i]; }
};

template <typename T> __host__ __device__ void kbn_add(T &s, T &c, T v)
{
  T t = s + v;
  c += fabs(s) >= fabs(v) ? (s - t) + v : (v - t) + s;
  s = t;
}

constexpr int kbn_block = 256;

// Every thread a compensated pair in T over a grid stride, merged pairwise in the block;
// the host merges the blocks' pairs. y null: sum of x.
template <typename T> __global__ void kbn_kernel(const T *x, const T *y, size_t n, T *part)
{
  __shared__ T ps[kbn_block], pc[kbn_block];
  T s = 0, c = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    kbn_add(s, c, y ? x[i] * y[i] : x[i]);
  ps[threadIdx.x] = s;
  pc[threadIdx.x] = c;
  for (int w = kbn_block / 2; w > 0; w /= 2) {
    __syncthreads();
    if ((int)threadIdx.x < w) {
      kbn_add(ps[threadIdx.x], pc[threadIdx.x], ps[threadIdx.x + w]);
      pc[threadIdx.x] += pc[threadIdx.x + w];
    }
  }
  if (threadIdx.x == 0) {
    part[2 * blockIdx.x] = ps[0];
    part[2 * blockIdx.x + 1] = pc[0];
  }
}

template <typename T>
static T kbn(const T *x, const T *y, size_t n, T *part, std::vector<T> &host, int grid)
{
  kbn_kernel<<<grid, kbn_block>>>(x, y, n, part);
  CHECK(cudaMemcpy(host.data(), part, 2 * grid * sizeof(T), cudaMemcpyDeviceToHost));
  T s = 0, c = 0;
  for (int b = 0; b < grid; ++b) {
    kbn_add(s, c, host[2 * b]);
    c += host[2 * b + 1];
  }
  return s + c;
}

template <typename T> static void run(const char *name, const std::vector<size_t> &sizes)
{
  size_t max_n = *std::max_element(sizes.begin(), sizes.end());
  T *x, *out, host;
  int64_t *idx, hidx;
  void *temp = nullptr;
  size_t temp_bytes = 0, need = 0;
  CHECK(cudaMalloc(&x, 2 * max_n * sizeof(T)));
  const T *y = x + max_n;
  auto prods =
      thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0), product<T>{x, y});
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int grid = 8 * sms;
  T *part;
  std::vector<T> part_host(2 * grid);
  CHECK(cudaMalloc(&part, 2 * grid * sizeof(T)));
  CHECK(cudaMalloc(&out, sizeof(T)));
  CHECK(cudaMalloc(&idx, sizeof(int64_t)));
  fill<<<1024, 256>>>(x, 2 * max_n);
  CHECK(cudaDeviceSynchronize());
  for (size_t n : sizes) {
    int64_t nn = (int64_t)n;
    CHECK(cub::DeviceReduce::Sum(nullptr, need, x, out, nn));
    temp_bytes = std::max(temp_bytes, need);
    CHECK(cub::DeviceReduce::ArgMin(nullptr, need, x, out, idx, nn));
    temp_bytes = std::max(temp_bytes, need);
    CHECK(cub::DeviceReduce::Reduce(nullptr, need, prods, out, nn, cuda::std::plus<>{}, T(0)));
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
    if constexpr (std::is_floating_point_v<T>) {
      printf("cub,dot,%s,%zu,%.6f\n", name, n, median_ms([&] {
               CHECK(
                   cub::DeviceReduce::Reduce(temp, tb, prods, out, nn, cuda::std::plus<>{}, T(0)));
               finish();
             }));
#ifdef BENCH_CUB_G2G
      // The single-phase call takes its temporary storage from CCCL's default memory
      // resource (a stream-ordered pool), so that part is timed too. The deterministic
      // dispatch takes 32-bit counts only.
      printf("cub,sum_g2g,%s,%zu,%.6f\n", name, n, median_ms([&] {
               CHECK(cub::DeviceReduce::Reduce(
                   x, out, (int)n, cuda::std::plus<>{}, T(0),
                   cuda::execution::require(cuda::execution::determinism::gpu_to_gpu)));
               finish();
             }));
#endif
      printf("kbn,sum,%s,%zu,%.6f\n", name, n,
             median_ms([&] { host = kbn<T>(x, nullptr, n, part, part_host, grid); }));
      printf("kbn,dot,%s,%zu,%.6f\n", name, n,
             median_ms([&] { host = kbn<T>(x, y, n, part, part_host, grid); }));
    }
    fflush(stdout);
  }
  cudaFree(temp);
  cudaFree(x);
  cudaFree(out);
  cudaFree(idx);
  cudaFree(part);
}

// The scan section of redu-bench (bench_scan.h): DeviceScan::InclusiveSum and ExclusiveSum
// from x into y at each size (redu-bench passes 2^10, 2^16, 2^20, 2^24, 2^27 up to its
// --max-log2), end to end (the result stays on the device, as redu-bench's does).
template <typename T> static void run_scan(const char *name, const std::vector<size_t> &sizes)
{
  size_t max_n = *std::max_element(sizes.begin(), sizes.end());
  T *x, *y;
  CHECK(cudaMalloc(&x, max_n * sizeof(T)));
  CHECK(cudaMalloc(&y, max_n * sizeof(T)));
  fill<<<1024, 256>>>(x, max_n);
  CHECK(cudaDeviceSynchronize());
  for (size_t n : sizes) {
    int nn = (int)n;
    void *temp = nullptr;
    size_t tb = 0;
    CHECK(cub::DeviceScan::InclusiveSum(temp, tb, x, y, nn));
    CHECK(cudaMalloc(&temp, tb));
    printf("cubscan,sum,%s,%zu,%.6f\n", name, n, median_ms([&] {
             CHECK(cub::DeviceScan::InclusiveSum(temp, tb, x, y, nn));
             CHECK(cudaDeviceSynchronize());
           }));
    CHECK(cudaFree(temp));
    temp = nullptr;
    CHECK(cub::DeviceScan::ExclusiveSum(temp, tb, x, y, nn));
    CHECK(cudaMalloc(&temp, tb));
    printf("cubscanx,sum,%s,%zu,%.6f\n", name, n, median_ms([&] {
             CHECK(cub::DeviceScan::ExclusiveSum(temp, tb, x, y, nn));
             CHECK(cudaDeviceSynchronize());
           }));
    CHECK(cudaFree(temp));
  }
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
}

// Segment keys for InclusiveSumByKey: key[i] = i / len (equal keys in a row: one segment).
__global__ void seg_keys(uint32_t *key, size_t n, size_t len)
{
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    key[i] = (uint32_t)(i / len);
}

// The segmented scans of redu-bench's scan section (bench_scan.c's layouts, up to max_n
// elements): DeviceScan::InclusiveSumByKey over keys i / len, end to end.
template <typename T> static void run_segscan(const char *name, size_t max_n)
{
  static const size_t layouts[][2] = {{10000, 1000}, {131072, 1024}, {2, (size_t)1 << 26}};
  for (auto &L : layouts) {
    size_t len = L[1], n = L[0] * L[1];
    if (n > max_n)
      continue;
    T *x, *y;
    uint32_t *key;
    CHECK(cudaMalloc(&x, n * sizeof(T)));
    CHECK(cudaMalloc(&y, n * sizeof(T)));
    CHECK(cudaMalloc(&key, n * sizeof(uint32_t)));
    fill<<<1024, 256>>>(x, n);
    seg_keys<<<1024, 256>>>(key, n, len);
    CHECK(cudaDeviceSynchronize());
    void *temp = nullptr;
    size_t tb = 0;
    int nn = (int)n;
    CHECK(cub::DeviceScan::InclusiveSumByKey(temp, tb, key, x, y, nn));
    CHECK(cudaMalloc(&temp, tb));
    printf("cubsegscan,len%zu,%s,%zu,%.6f\n", len, name, n, median_ms([&] {
             CHECK(cub::DeviceScan::InclusiveSumByKey(temp, tb, key, x, y, nn));
             CHECK(cudaDeviceSynchronize());
           }));
    CHECK(cudaFree(temp));
    CHECK(cudaFree(x));
    CHECK(cudaFree(y));
    CHECK(cudaFree(key));
  }
}

// The segmented cases of redu-bench (bench_seg_cases.h) over n doubles:
// DeviceSegmentedReduce::Sum end to end (results stay on the device, as redu-bench's do).
static void run_segmented(size_t max_n)
{
  size_t cap = std::max(max_n, (size_t)BENCH_SEG_MANY * BENCH_SEG_MANY_LEN);
  double *x, *out;
  size_t *offs;
  CHECK(cudaMalloc(&x, cap * sizeof(double)));
  fill<<<1024, 256>>>(x, cap);
  for (int c = 0; c < BENCH_SEG_CASES; ++c) {
    size_t n = bench_seg_case_n(c, max_n);
    if (!n)
      continue;
    size_t nseg = bench_seg_count(c, n);
    std::vector<size_t> h(nseg + 1);
    bench_seg_offsets(c, n, h.data());
    CHECK(cudaMalloc(&offs, (nseg + 1) * sizeof(size_t)));
    CHECK(cudaMalloc(&out, nseg * sizeof(double)));
    CHECK(cudaMemcpy(offs, h.data(), (nseg + 1) * sizeof(size_t), cudaMemcpyHostToDevice));
    void *temp = nullptr;
    size_t tb = 0;
    CHECK(cub::DeviceSegmentedReduce::Sum(temp, tb, x, out, (int64_t)nseg, offs, offs + 1));
    CHECK(cudaMalloc(&temp, tb));
    printf("cubseg,%s,f64,%zu,%.6f\n", bench_seg_names[c], n, median_ms([&] {
             CHECK(
                 cub::DeviceSegmentedReduce::Sum(temp, tb, x, out, (int64_t)nseg, offs, offs + 1));
             CHECK(cudaDeviceSynchronize());
           }));
    fflush(stdout);
    cudaFree(temp);
    cudaFree(offs);
    cudaFree(out);
  }
  cudaFree(x);
}

// The structs section's complex sum (bench_structs.c): 16-byte {re, im} elements filled as
// that section fills them (float words), summed by DeviceReduce::Reduce with a plain
// struct addition, end to end (reduce + copy of the result). Its line is
// "cubstruct,complex-sum,struct16B,<n>,<ms>".
struct cplx16 {
  double re, im;
};
struct cplx16_add {
  __host__ __device__ cplx16 operator()(const cplx16 &a, const cplx16 &b) const
  {
    return {a.re + b.re, a.im + b.im};
  }
};

__global__ void fill_words(float *f, size_t words)
{
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < words;
       i += (size_t)gridDim.x * blockDim.x)
    f[i] = (float)((i * 2654435761u) % 1024) * 0.125f;
}

static void run_struct(size_t n)
{
  cplx16 *x, *out, host;
  CHECK(cudaMalloc(&x, n * sizeof(cplx16)));
  CHECK(cudaMalloc(&out, sizeof(cplx16)));
  fill_words<<<1024, 256>>>((float *)x, n * sizeof(cplx16) / sizeof(float));
  void *temp = nullptr;
  size_t tb = 0;
  int64_t nn = (int64_t)n;
  CHECK(cub::DeviceReduce::Reduce(temp, tb, x, out, nn, cplx16_add{}, cplx16{0.0, 0.0}));
  CHECK(cudaMalloc(&temp, tb));
  printf("cubstruct,complex-sum,struct16B,%zu,%.6f\n", n, median_ms([&] {
           CHECK(cub::DeviceReduce::Reduce(temp, tb, x, out, nn, cplx16_add{}, cplx16{0.0, 0.0}));
           CHECK(cudaMemcpy(&host, out, sizeof host, cudaMemcpyDeviceToHost));
         }));
  fflush(stdout);
  cudaFree(temp);
  cudaFree(x);
  cudaFree(out);
}

__global__ void empty_kernel() {}

// CUDA's own per-call floor: an empty kernel and a stream sync, and the same with an 8-byte
// copy back (what a reduction returning a scalar needs at least).
static void run_floor()
{
  double *d, h = 0;
  CHECK(cudaMalloc(&d, sizeof(double)));
  printf("floor,empty_kernel,-,0,%.6f\n", median_ms([&] {
           empty_kernel<<<1, 32>>>();
           CHECK(cudaStreamSynchronize(0));
         }));
  printf("floor,empty_copy8,-,0,%.6f\n", median_ms([&] {
           empty_kernel<<<1, 32>>>();
           CHECK(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost));
         }));
  fflush(stdout);
  cudaFree(d);
}

// The bins section of redu-bench (bench_bins.h): keys (the formula of bench_bins.c), CUB's
// DeviceHistogram::HistogramEven counting them into nbins bins of width 1 (impl cubhist),
// and the float sums' atomicAdd kernels: on global memory (atomg) and privatised in shared
// memory, one copy per block, where the bins fit (atoms). End to end, results on the device.
__global__ void bins_keys(uint32_t *keys, size_t n, size_t nbins, int same)
{
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    uint64_t h = i * 0x9e3779b97f4a7c15ull;
    h ^= h >> 29;
    keys[i] = same ? 0 : (uint32_t)(h % nbins);
  }
}

template <typename T>
__global__ void bins_atomic_global(const uint32_t *keys, const T *x, size_t n, T *out)
{
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(out + keys[i], x[i]);
}

template <typename T>
__global__ void bins_atomic_shared(const uint32_t *keys, const T *x, size_t n, size_t nbins, T *out)
{
  extern __shared__ unsigned char bins_mem[];
  T *sh = (T *)bins_mem;
  for (size_t k = threadIdx.x; k < nbins; k += blockDim.x)
    sh[k] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(sh + keys[i], x[i]);
  __syncthreads();
  for (size_t k = threadIdx.x; k < nbins; k += blockDim.x)
    atomicAdd(out + k, sh[k]);
}

template <typename T> static void run_bins_sums(const char *name, const std::vector<size_t> &sizes)
{
  size_t max_n = *std::max_element(sizes.begin(), sizes.end());
  uint32_t *keys;
  T *x, *out;
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CHECK(cudaMalloc(&keys, max_n * sizeof *keys));
  CHECK(cudaMalloc(&x, max_n * sizeof(T)));
  CHECK(cudaMalloc(&out, 65536 * sizeof(T)));
  fill<<<1024, 256>>>(x, max_n);
  const size_t nbins_of[] = {256, 1024, 65536, 256};
  for (int c = 0; c < 4; ++c) {
    size_t nbins = nbins_of[c];
    int same = c == 3;
    if (same && sizeof(T) == 4)
      continue;
    bins_keys<<<1024, 256>>>(keys, max_n, nbins, same);
    CHECK(cudaDeviceSynchronize());
    for (size_t n : sizes) {
      printf("atomg,b%zu%s,%s,%zu,%.6f\n", nbins, same ? "s" : "", name, n, median_ms([&] {
               CHECK(cudaMemsetAsync(out, 0, nbins * sizeof(T)));
               bins_atomic_global<T><<<sms * 8, 256>>>(keys, x, n, out);
               CHECK(cudaDeviceSynchronize());
             }));
      if (nbins * sizeof(T) <= 48 * 1024)
        printf("atoms,b%zu%s,%s,%zu,%.6f\n", nbins, same ? "s" : "", name, n, median_ms([&] {
                 CHECK(cudaMemsetAsync(out, 0, nbins * sizeof(T)));
                 bins_atomic_shared<T><<<sms * 4, 256, nbins * sizeof(T)>>>(keys, x, n, nbins, out);
                 CHECK(cudaDeviceSynchronize());
               }));
    }
  }
  fflush(stdout);
  CHECK(cudaFree(keys));
  CHECK(cudaFree(x));
  CHECK(cudaFree(out));
}

static void run_bins_counts(const std::vector<size_t> &sizes)
{
  size_t max_n = *std::max_element(sizes.begin(), sizes.end());
  uint32_t *keys;
  int *hist;
  CHECK(cudaMalloc(&keys, max_n * sizeof *keys));
  CHECK(cudaMalloc(&hist, 65536 * sizeof *hist));
  for (size_t nbins : {(size_t)256, (size_t)1024, (size_t)65536}) {
    bins_keys<<<1024, 256>>>(keys, max_n, nbins, 0);
    CHECK(cudaDeviceSynchronize());
    for (size_t n : sizes) {
      void *temp = nullptr;
      size_t tb = 0;
      int levels = (int)nbins + 1;
      uint32_t lo = 0, hi = (uint32_t)nbins;
      CHECK(cub::DeviceHistogram::HistogramEven(temp, tb, keys, hist, levels, lo, hi, (int)n));
      CHECK(cudaMalloc(&temp, tb));
      printf("cubhist,b%zu,u32,%zu,%.6f\n", nbins, n, median_ms([&] {
               CHECK(cub::DeviceHistogram::HistogramEven(temp, tb, keys, hist, levels, lo, hi,
                                                         (int)n));
               CHECK(cudaDeviceSynchronize());
             }));
      CHECK(cudaFree(temp));
    }
  }
  fflush(stdout);
  CHECK(cudaFree(keys));
  CHECK(cudaFree(hist));
}

int main(int argc, char **argv)
{
  std::vector<size_t> sizes;
  size_t struct_n = 0;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--struct") && i + 1 < argc)
      struct_n = strtoull(argv[++i], nullptr, 10);
    else
      sizes.push_back(strtoull(argv[i], nullptr, 10));
  }
  if (sizes.empty()) {
    fprintf(stderr, "usage: %s N [N ...] [--struct N]\n", argv[0]);
    return 2;
  }
  run_floor();
  run<double>("f64", sizes);
  run<float>("f32", sizes);
  run<int32_t>("i32", sizes);
  run<int64_t>("i64", sizes);
  run_segmented(*std::max_element(sizes.begin(), sizes.end()));
  run_scan<int32_t>("i32", sizes);
  run_scan<int64_t>("i64", sizes);
  run_scan<float>("f32", sizes);
  run_scan<double>("f64", sizes);
  run_segscan<int32_t>("i32", *std::max_element(sizes.begin(), sizes.end()));
  run_segscan<double>("f64", *std::max_element(sizes.begin(), sizes.end()));
  run_bins_counts(sizes);
  run_bins_sums<float>("f32", sizes);
  run_bins_sums<double>("f64", sizes);
  if (struct_n)
    run_struct(struct_n);
  return 0;
}

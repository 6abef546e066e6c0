// Experiment (session 38): what a cold call costs on this GPU, timed as
// graphrun-bench times a row: a 256 MiB fill flushes the L2 before each
// repetition, CUDA events around the call, 3 warm-up + 20 measured, median.
// The calls: a one-float fill (the bench's call floor), then a single
// thread that loads 1, 2 or 3 dependent floats/indices from separate cold
// allocations and stores one float, and a 256-thread block that loads four
// arrays' first 256 values at once (independent, like slice-staged's
// staging of a tiny graph and its X), syncs and stores 256 floats; the
// same staging by one warp with 0 to 4096 more instructions of
// straight-line code (run 8: does fetching a kernel's code after the flush
// cost?), and by 4 blocks of 512 threads (slice-staged's grid on the
// smallest graph).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#define CHECK(call)                                                                          \
  do {                                                                                       \
    cudaError_t status_ = (call);                                                            \
    if (status_ != cudaSuccess) {                                                            \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(status_)); \
      std::exit(1);                                                                          \
    }                                                                                        \
  } while (0)

__global__ void fill_kernel(float* out, long long n, float value) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    out[i] = value;
}
__global__ void load1_kernel(const float* a, float* out, float value) { out[0] = a[0] + value; }
__global__ void chain2_kernel(const int* a, const float* b, float* out, float value) { out[0] = b[a[0]] + value; }
__global__ void chain3_kernel(const int* a, const int* b, const float* c, float* out, float value) {
  out[0] = c[b[a[0]]] + value;
}
__global__ void staged_kernel(const int* offsets, const int* columns, const float* weights, const float* x, float* y,
                              float value) {
  __shared__ float staged[4][512];  // blocks of up to 512 threads
  const int t = threadIdx.x;
  const int last = blockDim.x - 1;
  staged[0][t] = static_cast<float>(offsets[t]);
  staged[1][t] = static_cast<float>(columns[t]);
  staged[2][t] = weights[t];
  staged[3][t] = x[t];
  __syncthreads();
  y[blockIdx.x * blockDim.x + t] = staged[0][last - t] + staged[1][t] * staged[2][t] + staged[3][(t + 1) & last] + value;
}
// staged_kernel plus kPad multiply-adds of straight-line code after the
// barrier, on 16 independent accumulators (so that they issue back to back
// instead of waiting on each other; each kept by asm volatile): the same
// loads and stores, kPad more instructions to fetch and issue.
template <int kPad>
__global__ void staged_padded_kernel(const int* offsets, const int* columns, const float* weights, const float* x,
                                     float* y, float value) {
  __shared__ float staged[4][256];
  const int t = threadIdx.x;
  staged[0][t] = static_cast<float>(offsets[t]);
  staged[1][t] = static_cast<float>(columns[t]);
  staged[2][t] = weights[t];
  staged[3][t] = x[t];
  __syncthreads();
  float acc[16];
#pragma unroll
  for (int j = 0; j < 16; ++j) acc[j] = staged[j & 3][(t + j) & 255] + value;
#pragma unroll
  for (int k = 0; k < kPad; ++k) asm volatile("fma.rn.f32 %0, %0, 0f3F800001, 0f3A000000;" : "+f"(acc[k & 15]));
  float sum = 0.0f;
#pragma unroll
  for (int j = 0; j < 16; ++j) sum += acc[j];
  y[t] = sum;
}

int main() {
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  const long long flush_floats = (256ll << 20) / 4;
  float* flush = nullptr;
  CHECK(cudaMalloc(&flush, flush_floats * 4));
  // Separate allocations, each 4 MiB (two 2 MiB pages apart), zeroed: index arrays point at 0.
  std::vector<void*> arrays(8);
  for (auto& a : arrays) {
    CHECK(cudaMalloc(&a, 4 << 20));
    CHECK(cudaMemset(a, 0, 4 << 20));
  }
  auto* i0 = static_cast<int*>(arrays[0]);
  auto* i1 = static_cast<int*>(arrays[1]);
  auto* f2 = static_cast<float*>(arrays[2]);
  auto* f3 = static_cast<float*>(arrays[3]);
  auto* out = static_cast<float*>(arrays[4]);
  auto* one = static_cast<float*>(arrays[5]);
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  float value = 0.0f;
  const auto time = [&](const char* name, const std::function<void()>& call, bool flushed) {
    std::vector<float> ms;
    for (int rep = 0; rep < 23; ++rep) {
      if (flushed) fill_kernel<<<1024, 256, 0, stream>>>(flush, flush_floats, value += 1.0f);
      CHECK(cudaEventRecord(start, stream));
      call();
      CHECK(cudaEventRecord(stop, stream));
      CHECK(cudaEventSynchronize(stop));
      float t = 0;
      CHECK(cudaEventElapsedTime(&t, start, stop));
      if (rep >= 3) ms.push_back(t * 1000.0f);
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%-44s %s median %6.2f us (min %6.2f, max %6.2f)\n", name, flushed ? "flushed  " : "unflushed",
                ms[ms.size() / 2], ms.front(), ms.back());
  };
  std::printf("%s, %d SMs\n", prop.name, prop.multiProcessorCount);
  for (const bool flushed : {true}) {
    time("fill one float (the call floor)", [&] { fill_kernel<<<1, 256, 0, stream>>>(one, 1, value += 1.0f); }, flushed);
    time("load 1 float, store 1", [&] { load1_kernel<<<1, 1, 0, stream>>>(f2, out, value += 1.0f); }, flushed);
    time("2 dependent loads, store 1", [&] { chain2_kernel<<<1, 1, 0, stream>>>(i0, f2, out, value += 1.0f); }, flushed);
    time("3 dependent loads, store 1", [&] { chain3_kernel<<<1, 1, 0, stream>>>(i0, i1, f3, out, value += 1.0f); },
         flushed);
    time("block: 4 arrays staged at once, store 256", [&] {
      staged_kernel<<<1, 256, 0, stream>>>(i0, i1, f2, f3, out, value += 1.0f);
    }, flushed);
    time("1 warp staged, +0 independent instructions", [&] {
      staged_padded_kernel<0><<<1, 32, 0, stream>>>(i0, i1, f2, f3, out, value += 1.0f);
    }, flushed);
    time("4 blocks x 512 threads staged at once", [&] {
      staged_kernel<<<4, 512, 0, stream>>>(i0, i1, f2, f3, out, value += 1.0f);
    }, flushed);
    time("1 warp staged, +256 independent instructions", [&] {
      staged_padded_kernel<256><<<1, 32, 0, stream>>>(i0, i1, f2, f3, out, value += 1.0f);
    }, flushed);
    time("1 warp staged, +1024 independent instructions", [&] {
      staged_padded_kernel<1024><<<1, 32, 0, stream>>>(i0, i1, f2, f3, out, value += 1.0f);
    }, flushed);
    time("1 warp staged, +4096 independent instructions", [&] {
      staged_padded_kernel<4096><<<1, 32, 0, stream>>>(i0, i1, f2, f3, out, value += 1.0f);
    }, flushed);
    CHECK(cudaGetLastError());
  }
  CHECK(cudaStreamSynchronize(stream));
  return 0;
}

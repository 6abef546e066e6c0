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
// smallest graph); a tiny CSR product built up towards slice-staged's
// (run 11).
#include <cuda_pipeline.h>
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

// A tiny CSR product built up towards slice-staged's (run 11): 10 rows of
// 2 entries, X of 10 rows x 32 floats, 4 blocks of 512 threads, block b
// owning float4 vectors 2b and 2b + 1. kAsync: cp.async staging (else plain
// loads and shared stores); kProduct: the product (else one store a thread).
template <bool kAsync, bool kProduct>
__global__ void tiny_csr_kernel(const long long* offsets, const int* columns, const float* weights, const float* x,
                                float* y) {
  __shared__ __align__(16) long long s_offsets[16];
  __shared__ __align__(16) int s_columns[32];
  __shared__ __align__(16) float s_weights[32];
  __shared__ __align__(16) float s_x[10 * 8];  // 10 rows x 2 float4
  const unsigned t = threadIdx.x;
  const unsigned first_vector = blockIdx.x * 2;
  if (kAsync) {
    if (t < 11) __pipeline_memcpy_async(s_offsets + t, offsets + t, 8);
    if (t >= 32 && t < 52) __pipeline_memcpy_async(s_columns + (t - 32), columns + (t - 32), 4);
    if (t >= 64 && t < 84) __pipeline_memcpy_async(s_weights + (t - 64), weights + (t - 64), 4);
    if (t >= 96 && t < 116) {
      const unsigned piece = t - 96, col = piece >> 1, vector = piece & 1;
      __pipeline_memcpy_async(s_x + (col * 2 + vector) * 4, x + col * 32 + (first_vector + vector) * 4, 16);
    }
    __pipeline_commit();
    __pipeline_wait_prior(0);
  } else {
    if (t < 11) s_offsets[t] = offsets[t];
    if (t >= 32 && t < 52) s_columns[t - 32] = columns[t - 32];
    if (t >= 64 && t < 84) s_weights[t - 64] = weights[t - 64];
    if (t >= 96 && t < 116) {
      const unsigned piece = t - 96, col = piece >> 1, vector = piece & 1;
      reinterpret_cast<float4*>(s_x)[col * 2 + vector] =
          reinterpret_cast<const float4*>(x + col * 32)[first_vector + vector];
    }
  }
  __syncthreads();
  if (t >= 20) return;
  const unsigned row = t >> 1, vector = t & 1;
  float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
  if (kProduct) {
    for (long long e = s_offsets[row]; e < s_offsets[row + 1]; ++e) {
      const float w = s_weights[e];
      const float4 v = reinterpret_cast<const float4*>(s_x)[s_columns[e] * 2 + vector];
      sum.x += w * v.x, sum.y += w * v.y, sum.z += w * v.z, sum.w += w * v.w;
    }
  } else {
    sum.x = s_weights[t] + s_x[t] + static_cast<float>(s_offsets[t & 7] + s_columns[t]);
  }
  reinterpret_cast<float4*>(y + row * 32)[first_vector + vector] = sum;
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
    auto* offsets = static_cast<long long*>(arrays[6]);
    auto* x = static_cast<float*>(arrays[7]);
    static bool filled = false;
    if (!filled) {  // row r: entries 2r, 2r + 1; columns (3 e) mod 10
      std::vector<long long> host_offsets(11);
      std::vector<int> host_columns(20);
      for (int r = 0; r <= 10; ++r) host_offsets[r] = 2 * r;
      for (int e = 0; e < 20; ++e) host_columns[e] = (3 * e) % 10;
      CHECK(cudaMemcpy(offsets, host_offsets.data(), 11 * 8, cudaMemcpyHostToDevice));
      CHECK(cudaMemcpy(i1, host_columns.data(), 20 * 4, cudaMemcpyHostToDevice));
      filled = true;
    }
    time("tiny CSR, plain loads, no product", [&] {
      tiny_csr_kernel<false, false><<<4, 512, 0, stream>>>(offsets, i1, f2, x, out);
    }, flushed);
    time("tiny CSR, cp.async, no product", [&] {
      tiny_csr_kernel<true, false><<<4, 512, 0, stream>>>(offsets, i1, f2, x, out);
    }, flushed);
    time("tiny CSR, plain loads, product", [&] {
      tiny_csr_kernel<false, true><<<4, 512, 0, stream>>>(offsets, i1, f2, x, out);
    }, flushed);
    time("tiny CSR, cp.async, product", [&] {
      tiny_csr_kernel<true, true><<<4, 512, 0, stream>>>(offsets, i1, f2, x, out);
    }, flushed);
    CHECK(cudaGetLastError());
  }
  CHECK(cudaStreamSynchronize(stream));
  return 0;
}

// Experiment (not part of the build): what one GPU gives a DRAM stream and
// L2 gathers, each alone on K SMs and both side by side on a split of the
// SMs, at the volumes of csr-hub-split's passes on kron-s24.
//   stream: reads S bytes once, 16 bytes a lane, four loads in flight (the
//           hub passes' kind of traffic: slots and weights, streamed);
//   gather: reads 8 bytes an entry streamed (a column index and a weight)
//           and gathers x[column] from an array of M floats that the L2
//           holds (the rest pass's kind of traffic), eight gathers in flight;
//   gather-only: the same gathers with the columns hashed from the entry's
//           index: the L2's gather rate without a stream beside it.
// Every kernel runs one block of 1024 threads an SM (a 200 KB shared
// allocation keeps a second block of either kernel off the SM), so a grid
// of K blocks runs on exactly K SMs, and two grids of K and SMs - K blocks
// launched together split the GPU between them.
//   stream_gather_ceiling STREAM_BYTES GATHERS [X_FLOATS=8640000] [single]
// `single` runs each kernel once on every SM, for ncu.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

// (This error check was reshaped into a function after the runs; the
// kernels and the timing are as run.)
inline void check(cudaError_t status, const char* call, int line) {
  if (status == cudaSuccess) return;
  std::fprintf(stderr, "stream_gather_ceiling.cu:%d %s: %s\n", line, call, cudaGetErrorString(status));
  std::exit(1);
}
#define CHECK(call) check((call), #call, __LINE__)

constexpr int threads = 1024;
constexpr int pin_bytes = 200 * 1024;
constexpr int reps = 7;

__device__ __forceinline__ uint4 load_stream(const uint4* p) {
  uint4 v;
  asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p));
  return v;
}

__device__ __forceinline__ unsigned mix(unsigned long long i) {
  i ^= i >> 33;
  i *= 0xff51afd7ed558ccdULL;
  i ^= i >> 33;
  i *= 0xc4ceb9fe1a85ec53ULL;
  i ^= i >> 33;
  return static_cast<unsigned>(i);
}

__global__ void __launch_bounds__(threads, 1) stream_kernel(const uint4* data, long long n, unsigned* sink) {
  extern __shared__ unsigned char pin[];
  const long long stride = static_cast<long long>(gridDim.x) * threads;
  long long i = static_cast<long long>(blockIdx.x) * threads + threadIdx.x;
  unsigned acc = 0;
  for (; i + 3 * stride < n; i += 4 * stride) {
    const uint4 a = load_stream(data + i), b = load_stream(data + i + stride), c = load_stream(data + i + 2 * stride),
                d = load_stream(data + i + 3 * stride);
    acc ^= a.x ^ a.y ^ a.z ^ a.w ^ b.x ^ b.y ^ b.z ^ b.w ^ c.x ^ c.y ^ c.z ^ c.w ^ d.x ^ d.y ^ d.z ^ d.w;
  }
  for (; i < n; i += stride) {
    const uint4 a = load_stream(data + i);
    acc ^= a.x ^ a.y ^ a.z ^ a.w;
  }
  if (acc == 0x9e3779b9u) sink[0] = acc + pin[0];
}

// Entries in fours: int4 of columns and float4 of weights a lane, two in flight.
__global__ void __launch_bounds__(threads, 1)
    gather_kernel(const uint4* columns, const uint4* weights, const float* x, long long n4, unsigned* sink) {
  extern __shared__ unsigned char pin[];
  const long long stride = static_cast<long long>(gridDim.x) * threads;
  long long i = static_cast<long long>(blockIdx.x) * threads + threadIdx.x;
  float acc = 0.0f;
  for (; i + stride < n4; i += 2 * stride) {
    const uint4 c0 = load_stream(columns + i), c1 = load_stream(columns + i + stride);
    const uint4 w0 = load_stream(weights + i), w1 = load_stream(weights + i + stride);
    const float g[8] = {__ldg(x + c0.x), __ldg(x + c0.y), __ldg(x + c0.z), __ldg(x + c0.w),
                        __ldg(x + c1.x), __ldg(x + c1.y), __ldg(x + c1.z), __ldg(x + c1.w)};
    acc += __uint_as_float(w0.x) * g[0] + __uint_as_float(w0.y) * g[1] + __uint_as_float(w0.z) * g[2] +
           __uint_as_float(w0.w) * g[3] + __uint_as_float(w1.x) * g[4] + __uint_as_float(w1.y) * g[5] +
           __uint_as_float(w1.z) * g[6] + __uint_as_float(w1.w) * g[7];
  }
  for (; i < n4; i += stride) {
    const uint4 c = load_stream(columns + i), w = load_stream(weights + i);
    acc += __uint_as_float(w.x) * __ldg(x + c.x) + __uint_as_float(w.y) * __ldg(x + c.y) +
           __uint_as_float(w.z) * __ldg(x + c.z) + __uint_as_float(w.w) * __ldg(x + c.w);
  }
  if (acc == 1234.5f) sink[0] = static_cast<unsigned>(acc) + pin[0];
}

__global__ void __launch_bounds__(threads, 1)
    gather_only_kernel(const float* x, unsigned m, long long n8, unsigned* sink) {
  extern __shared__ unsigned char pin[];
  const long long stride = static_cast<long long>(gridDim.x) * threads;
  float acc = 0.0f;
  for (long long i = static_cast<long long>(blockIdx.x) * threads + threadIdx.x; i < n8; i += stride) {
    float g[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) g[k] = __ldg(x + mix(static_cast<unsigned long long>(i) * 8 + k) % m);
#pragma unroll
    for (int k = 0; k < 8; ++k) acc += g[k];
  }
  if (acc == 1234.5f) sink[0] = static_cast<unsigned>(acc) + pin[0];
}

__global__ void fill_kernel(unsigned* out, long long n, unsigned modulo, unsigned long long seed) {
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    const unsigned v = mix(seed + static_cast<unsigned long long>(i));
    out[i] = modulo ? v % modulo : (0x3f000000u | (v >> 9));  // a float in [0.5, 1)
  }
}

struct Buffers {
  const uint4* stream = nullptr;
  long long stream16 = 0;
  const uint4* columns = nullptr;
  const uint4* weights = nullptr;
  long long gathers4 = 0;
  const float* x = nullptr;
  unsigned x_floats = 0;
  unsigned* sink = nullptr;
};

enum class Kind { stream, gather, gather_only };

void launch(Kind kind, const Buffers& b, int blocks, cudaStream_t s) {
  switch (kind) {
    case Kind::stream:
      stream_kernel<<<blocks, threads, pin_bytes, s>>>(b.stream, b.stream16, b.sink);
      break;
    case Kind::gather:
      gather_kernel<<<blocks, threads, pin_bytes, s>>>(b.columns, b.weights, b.x, b.gathers4, b.sink);
      break;
    case Kind::gather_only:
      gather_only_kernel<<<blocks, threads, pin_bytes, s>>>(b.x, b.x_floats, b.gathers4 / 2, b.sink);
      break;
  }
  CHECK(cudaGetLastError());
}

float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Kernel `kind` alone on `blocks` SMs: median ms.
float alone(Kind kind, const Buffers& b, int blocks, cudaStream_t s) {
  cudaEvent_t start, end;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&end));
  std::vector<float> ms;
  for (int r = 0; r < reps + 1; ++r) {
    CHECK(cudaEventRecord(start, s));
    launch(kind, b, blocks, s);
    CHECK(cudaEventRecord(end, s));
    CHECK(cudaEventSynchronize(end));
    float t = 0;
    CHECK(cudaEventElapsedTime(&t, start, end));
    if (r > 0) ms.push_back(t);  // the first is a warm-up
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(end));
  return median(ms);
}

struct Pair {
  float stream_ms, gather_ms, total_ms;
};

// The stream on `k` SMs and the gathers on the others, launched together.
Pair side_by_side(const Buffers& b, int k, int sms, cudaStream_t a, cudaStream_t g) {
  cudaEvent_t start, end_a, end_g;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&end_a));
  CHECK(cudaEventCreate(&end_g));
  std::vector<float> sa, sg, st;
  for (int r = 0; r < reps + 1; ++r) {
    CHECK(cudaEventRecord(start, a));
    CHECK(cudaStreamWaitEvent(g, start, 0));
    launch(Kind::stream, b, k, a);
    launch(Kind::gather, b, sms - k, g);
    CHECK(cudaEventRecord(end_a, a));
    CHECK(cudaEventRecord(end_g, g));
    CHECK(cudaEventSynchronize(end_a));
    CHECK(cudaEventSynchronize(end_g));
    float ta = 0, tg = 0;
    CHECK(cudaEventElapsedTime(&ta, start, end_a));
    CHECK(cudaEventElapsedTime(&tg, start, end_g));
    if (r > 0) {
      sa.push_back(ta);
      sg.push_back(tg);
      st.push_back(std::max(ta, tg));
    }
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(end_a));
  CHECK(cudaEventDestroy(end_g));
  return {median(sa), median(sg), median(st)};
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s STREAM_BYTES GATHERS [X_FLOATS=8640000] [single]\n", argv[0]);
    return 2;
  }
  const long long stream_bytes = std::atoll(argv[1]);
  const long long gathers = std::atoll(argv[2]);
  const unsigned x_floats = argc > 3 ? static_cast<unsigned>(std::atoll(argv[3])) : 8640000u;
  const bool single = argc > 4 && std::strcmp(argv[4], "single") == 0;

  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  const int sms = prop.multiProcessorCount;
  std::printf("device: %s, %d SMs, L2 %d MB\n", prop.name, sms, prop.l2CacheSize >> 20);
  for (const void* f : {reinterpret_cast<const void*>(stream_kernel), reinterpret_cast<const void*>(gather_kernel),
                        reinterpret_cast<const void*>(gather_only_kernel)})
    CHECK(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, pin_bytes));

  Buffers b;
  b.stream16 = stream_bytes / 16;
  b.gathers4 = gathers / 4;
  b.x_floats = x_floats;
  unsigned *stream, *columns, *weights, *x;
  CHECK(cudaMalloc(&stream, b.stream16 * 16));
  CHECK(cudaMalloc(&columns, b.gathers4 * 16));
  CHECK(cudaMalloc(&weights, b.gathers4 * 16));
  CHECK(cudaMalloc(&x, static_cast<size_t>(x_floats) * 4));
  CHECK(cudaMalloc(&b.sink, 4));
  fill_kernel<<<4 * sms, 256>>>(stream, b.stream16 * 4, 0, 1);
  fill_kernel<<<4 * sms, 256>>>(columns, b.gathers4 * 4, x_floats, 2);
  fill_kernel<<<4 * sms, 256>>>(weights, b.gathers4 * 4, 0, 3);
  fill_kernel<<<4 * sms, 256>>>(x, x_floats, 0, 4);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  b.stream = reinterpret_cast<const uint4*>(stream);
  b.columns = reinterpret_cast<const uint4*>(columns);
  b.weights = reinterpret_cast<const uint4*>(weights);
  b.x = reinterpret_cast<const float*>(x);

  int low = 0, high = 0;
  CHECK(cudaDeviceGetStreamPriorityRange(&low, &high));
  cudaStream_t sa, sg;
  CHECK(cudaStreamCreateWithPriority(&sa, cudaStreamNonBlocking, high));
  CHECK(cudaStreamCreateWithPriority(&sg, cudaStreamNonBlocking, low));

  const double gb = static_cast<double>(b.stream16) * 16 / 1e9;
  const double gathered = static_cast<double>(b.gathers4) * 4;
  std::printf("stream %.3f GB; gathers %.1f M (8 bytes each streamed: %.3f GB) into %u floats (%.1f MB)\n", gb,
              gathered / 1e6, gathered * 8 / 1e9, x_floats, x_floats * 4.0 / 1e6);
  if (single) {
    for (Kind kind : {Kind::stream, Kind::gather, Kind::gather_only}) launch(kind, b, sms, sa);
    CHECK(cudaDeviceSynchronize());
    return 0;
  }

  std::printf("\nalone on K SMs: ms (stream GB/s; gather M/s with its 8 streamed bytes; gather-only M/s)\n");
  std::printf("%4s %10s %10s %12s %10s %12s %10s\n", "K", "stream", "GB/s", "gather", "G/s", "gather-only", "G/s");
  std::vector<int> ks = {sms / 4, sms / 3, sms * 5 / 12, sms / 2, sms * 7 / 12, sms * 2 / 3, sms * 3 / 4, sms};
  for (int k : ks) {
    const float ts = alone(Kind::stream, b, k, sa);
    const float tg = alone(Kind::gather, b, k, sa);
    const float to = alone(Kind::gather_only, b, k, sa);
    std::printf("%4d %10.3f %10.1f %12.3f %10.1f %12.3f %10.1f\n", k, ts, gb / ts * 1e3, tg, gathered / tg / 1e6,
                to, gathered / to / 1e6);
  }
  const float stream_all = alone(Kind::stream, b, sms, sa);
  const float gather_all = alone(Kind::gather, b, sms, sa);
  std::printf("\nin turn, each on every SM: %.3f + %.3f = %.3f ms\n", stream_all, gather_all,
              stream_all + gather_all);
  std::printf("\nside by side: the stream on K SMs, the gathers on the others (ms)\n");
  std::printf("%4s %10s %10s %10s %14s\n", "K", "stream", "gather", "both", "of in turn");
  for (int k = sms / 4; k <= sms * 3 / 4; k += 4) {
    const Pair p = side_by_side(b, k, sms, sa, sg);
    std::printf("%4d %10.3f %10.3f %10.3f %13.1f%%\n", k, p.stream_ms, p.gather_ms, p.total_ms,
                100.0 * p.total_ms / (stream_all + gather_all));
  }
  return 0;
}

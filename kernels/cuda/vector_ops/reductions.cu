#include <cub/block/block_reduce.cuh>
#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>

#include "graphrun/memory.hpp"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/vector_ops/reductions.cuh"

namespace graphrun::cuda {

namespace {

// Index -> term functors (named types rather than lambdas: CUB deduces the
// accumulator type from their return type on the host).
struct MaskedValue {
  const float* x;
  const std::uint8_t* flags;
  bool complement;
  __host__ __device__ double operator()(std::int64_t i) const {
    const bool selected = flags == nullptr || ((flags[i] != 0) != complement);
    return selected ? static_cast<double>(x[i]) : 0.0;
  }
};

struct AbsoluteDifference {
  const float* x;
  const float* y;
  __host__ __device__ double operator()(std::int64_t i) const {
    const double difference = static_cast<double>(x[i]) - static_cast<double>(y[i]);
    return difference < 0 ? -difference : difference;
  }
};

struct IsNonzero {
  const std::uint8_t* x;
  __host__ __device__ unsigned long long operator()(std::int64_t i) const { return x[i] != 0 ? 1ull : 0ull; }
};

template <class T>
struct IsDifferent {
  const T* x;
  const T* y;
  __host__ __device__ unsigned long long operator()(std::int64_t i) const { return x[i] != y[i] ? 1ull : 0ull; }
};

struct RowDegree {
  const edge_t* offsets;
  const vertex_t* rows;
  __host__ __device__ edge_t operator()(std::int64_t i) const { return offsets[rows[i] + 1] - offsets[rows[i]]; }
};

struct Plus {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const { return a + b; }
};

// Sum over i in [0, count) of term(i), computed on the device, read back.
template <class Result, class Term>
Result reduce_terms(const DeviceContext& context, std::int64_t count, Term term) {
  if (count == 0) return Result(0);
  DeviceVector<Result> result(context.memory, 1);
  Result* out = result.data();
  run_cub(context, "cub::DeviceReduce::TransformReduce", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceReduce::TransformReduce(temp, temp_bytes, thrust::counting_iterator<std::int64_t>(0), out,
                                              count, Plus{}, term, Result(0), context.stream);
  });
  return read_scalar(context, out);
}

struct CountChangesPolicy {
  static constexpr int threads_per_block = 256;
  static constexpr int blocks_per_multiprocessor = 4;
};

// One launch per round: every block counts its quads of entries (int4 loads
// where both vectors are 16-byte aligned, as the pool's are), adds its count
// to the counters, and the last block to finish applies after_round and
// zeroes the counters again. A record already stable is left as it is, the counters
// untouched: every block reads `stable` before the last one can write it.
template <int kBlockThreads>
__global__ void __launch_bounds__(kBlockThreads)
    count_changes_kernel(const vertex_t* before, const vertex_t* after, std::int64_t n, bool aligned,
                         LabelRounds* rounds, ChangeCounters counters) {
  if (rounds->stable != 0) return;
  unsigned long long mine = 0;
  const std::int64_t quads = aligned ? n / 4 : 0;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * kBlockThreads;
  const std::int64_t first = static_cast<std::int64_t>(blockIdx.x) * kBlockThreads + threadIdx.x;
  for (std::int64_t q = first; q < quads; q += stride) {
    const int4 a = reinterpret_cast<const int4*>(before)[q];
    const int4 b = reinterpret_cast<const int4*>(after)[q];
    mine += (a.x != b.x) + (a.y != b.y) + (a.z != b.z) + (a.w != b.w);
  }
  for (std::int64_t i = 4 * quads + first; i < n; i += stride) mine += before[i] != after[i];
  using BlockSum = cub::BlockReduce<unsigned long long, kBlockThreads>;
  __shared__ typename BlockSum::TempStorage temp;
  __shared__ bool last_block;
  const unsigned long long block_total = BlockSum(temp).Sum(mine);
  if (threadIdx.x == 0) {
    if (block_total != 0) atomicAdd(counters.changes, block_total);
    __threadfence();  // the count lands before the block counts as finished
    last_block = atomicAdd(counters.finished, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (last_block && threadIdx.x == 0) {
    __threadfence();
    const unsigned long long total = atomicExch(counters.changes, 0ull);
    *counters.finished = 0;
    *rounds = after_round(*rounds, total);
  }
}

}  // namespace

double sum(const DeviceContext& context, std::span<const float> x, VertexMask mask) {
  return reduce_terms<double>(context, static_cast<std::int64_t>(x.size()),
                              MaskedValue{x.data(), mask.flags, mask.complement});
}

double l1_distance(const DeviceContext& context, std::span<const float> x, std::span<const float> y) {
  return reduce_terms<double>(context, static_cast<std::int64_t>(x.size()), AbsoluteDifference{x.data(), y.data()});
}

std::size_t count_nonzero(const DeviceContext& context, std::span<const std::uint8_t> x) {
  return reduce_terms<unsigned long long>(context, static_cast<std::int64_t>(x.size()), IsNonzero{x.data()});
}

std::size_t count_different(const DeviceContext& context, std::span<const vertex_t> x, std::span<const vertex_t> y) {
  return reduce_terms<unsigned long long>(context, static_cast<std::int64_t>(x.size()),
                                          IsDifferent<vertex_t>{x.data(), y.data()});
}

std::size_t count_different(const DeviceContext& context, std::span<const float> x, std::span<const float> y) {
  return reduce_terms<unsigned long long>(context, static_cast<std::int64_t>(x.size()),
                                          IsDifferent<float>{x.data(), y.data()});
}

void count_changes(const DeviceContext& context, std::span<const vertex_t> before, std::span<const vertex_t> after,
                   LabelRounds* rounds, ChangeCounters counters) {
  using Policy = CountChangesPolicy;
  const auto n = static_cast<std::int64_t>(before.size());
  const int blocks = capped_grid_blocks(context, (n + 3) / 4, Policy::threads_per_block,
                                        Policy::blocks_per_multiprocessor);
  const bool aligned = ((reinterpret_cast<std::uintptr_t>(before.data()) |
                         reinterpret_cast<std::uintptr_t>(after.data())) % alignof(int4)) == 0;
  count_changes_kernel<Policy::threads_per_block><<<blocks, Policy::threads_per_block, 0, context.stream>>>(
      before.data(), after.data(), n, aligned, rounds, counters);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

edge_t degree_sum(const DeviceContext& context, const CsrView& csr, std::span<const vertex_t> rows) {
  return reduce_terms<edge_t>(context, static_cast<std::int64_t>(rows.size()), RowDegree{csr.offsets, rows.data()});
}

}  // namespace graphrun::cuda

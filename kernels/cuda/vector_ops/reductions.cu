#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>

#include "graphrun/memory.hpp"
#include "cuda/runtime/cub_call.cuh"
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

edge_t degree_sum(const DeviceContext& context, const CsrView& csr, std::span<const vertex_t> rows) {
  return reduce_terms<edge_t>(context, static_cast<std::int64_t>(rows.size()), RowDegree{csr.offsets, rows.data()});
}

}  // namespace graphrun::cuda

// Distances are non-negative floats (the algorithm refuses negative and NaN
// weights and starts from +0 and +inf), and non-negative floats order as
// their bit patterns do as unsigned integers: atomicMin on the bits is an
// atomic float minimum.
#include "cuda/sssp/sssp_steps.cuh"

#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>

#include <bit>
#include <limits>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/memory.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/frontier_edges.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/runtime/segment_search.cuh"

namespace graphrun::cuda {
namespace {

// What the steps count on the device, read back in one copy.
struct StepCounters {
  unsigned int near;          // entries written to the near list
  unsigned int far;           // relax: far list size; split: kept list size
  unsigned int smallest_far;  // split: bits of the least kept distance
  int bad_id;                 // non-zero: a listed id outside the graph
  edge_t edges;               // relax: the frontier's out-edges
};

struct WeightStats {
  double sum;
  float smallest;
  unsigned long long invalid;
};

// The weight of entry k; a pattern graph (values == nullptr) weighs 1.
__host__ __device__ __forceinline__ float weight_at(const float* values, std::int64_t k) {
  return values != nullptr ? values[k] : 1.0f;
}

struct WeightOf {
  const float* values;
  __host__ __device__ WeightStats operator()(std::int64_t k) const {
    const float w = weight_at(values, k);
    if (!(w >= 0.0f)) return {0.0, std::numeric_limits<float>::infinity(), 1ull};
    return {static_cast<double>(w), w, 0ull};
  }
};

struct CombineStats {
  __host__ __device__ WeightStats operator()(const WeightStats& a, const WeightStats& b) const {
    return {a.sum + b.sum, a.smallest < b.smallest ? a.smallest : b.smallest, a.invalid + b.invalid};
  }
};

__device__ __forceinline__ bool lower_distance(float* slot, float candidate) {
  if (!(candidate < *slot)) return false;  // a stale read only costs the atomic
  const unsigned int before = atomicMin(reinterpret_cast<unsigned int*>(slot), __float_as_uint(candidate));
  return candidate < __uint_as_float(before);
}

// The one caller that moves `mark` to `value` gets true.
__device__ __forceinline__ bool claim(std::int32_t* mark, std::int32_t value) {
  return *mark != value && atomicExch(mark, value) != value;
}

StepCounters fresh_counters(std::size_t far_size) {
  StepCounters counters{};
  counters.far = static_cast<unsigned int>(far_size);
  counters.smallest_far = 0x7f800000u;  // +inf
  return counters;
}

}  // namespace

SsspWeights sssp_weights(const DeviceContext& context, const CsrView& out) {
  if (out.num_entries == 0) return {};
  DeviceVector<WeightStats> result(context.memory, 1);
  WeightStats* total = result.data();
  const WeightStats none{0.0, std::numeric_limits<float>::infinity(), 0ull};
  run_cub(context, "cub::DeviceReduce::TransformReduce", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceReduce::TransformReduce(temp, temp_bytes, thrust::counting_iterator<std::int64_t>(0), total,
                                              out.num_entries, CombineStats{}, WeightOf{out.values}, none,
                                              context.stream);
  });
  const WeightStats stats = read_scalar(context, static_cast<const WeightStats*>(total));
  return {stats.sum, stats.smallest == std::numeric_limits<float>::infinity() ? 0.0f : stats.smallest,
          static_cast<edge_t>(stats.invalid)};
}

SsspListed sssp_relax(const DeviceContext& context, const CsrView& out, std::span<const vertex_t> frontier,
                      float limit, std::int32_t round, std::span<float> distance, SsspMarks marks,
                      std::span<vertex_t> near, std::span<vertex_t> far, std::size_t far_size) {
  const StepCounters start = fresh_counters(far_size);
  DeviceVector<StepCounters> counters(context.memory, std::span<const StepCounters>(&start, 1));
  StepCounters* count = counters.data();
  const auto frontier_size = static_cast<std::int64_t>(frontier.size());
  DeviceVector<edge_t> edge_starts = frontier_edge_starts(context, out, frontier, &count->bad_id);
  const edge_t* starts = edge_starts.data();
  GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(&count->edges, starts + frontier_size, sizeof(edge_t),
                                      cudaMemcpyDeviceToDevice, context.stream));
  const vertex_t* ids = frontier.data();
  const edge_t* offsets = out.offsets;
  const vertex_t* indices = out.indices;
  const float* weights = out.values;
  float* dist = distance.data();
  std::int32_t* near_round = marks.near_round.data();
  std::int32_t* in_far = marks.in_far.data();
  vertex_t* near_list = near.data();
  vertex_t* far_list = far.data();
  for_each_index_device_count(context, starts + frontier_size, out.num_entries, [=] __device__(std::int64_t e) {
    const std::int64_t k = segment_of(starts, frontier_size + 1, static_cast<edge_t>(e));
    const vertex_t u = ids[k];
    const edge_t entry = offsets[u] + (e - starts[k]);
    const vertex_t v = indices[entry];
    const float candidate = dist[u] + weight_at(weights, entry);
    if (!lower_distance(dist + v, candidate)) return;
    if (candidate < limit) {
      if (claim(near_round + v, round)) near_list[atomicAdd(&count->near, 1u)] = v;
    } else if (claim(in_far + v, 1)) {
      far_list[atomicAdd(&count->far, 1u)] = v;
    }
  });
  const StepCounters totals = read_scalar(context, static_cast<const StepCounters*>(count));
  if (totals.bad_id)
    throw UsageError("sssp_relax: a frontier id is outside 0.." + std::to_string(std::int64_t{out.num_rows} - 1));
  return SsspListed{.near = totals.near, .far = totals.far, .edges = totals.edges};
}

SsspListed sssp_split(const DeviceContext& context, std::span<const vertex_t> far, float lower, float limit,
                      std::int32_t round, std::span<const float> distance, SsspMarks marks, std::span<vertex_t> near,
                      std::span<vertex_t> kept) {
  const StepCounters start = fresh_counters(0);
  DeviceVector<StepCounters> counters(context.memory, std::span<const StepCounters>(&start, 1));
  StepCounters* count = counters.data();
  const vertex_t* far_list = far.data();
  const float* dist = distance.data();
  const auto n = static_cast<vertex_t>(distance.size());
  std::int32_t* near_round = marks.near_round.data();
  std::int32_t* in_far = marks.in_far.data();
  vertex_t* near_list = near.data();
  vertex_t* kept_list = kept.data();
  for_each_index(context, static_cast<std::int64_t>(far.size()), [=] __device__(std::int64_t i) {
    const vertex_t v = far_list[i];
    if (!is_vertex(v, n)) {
      count->bad_id = 1;
      return;
    }
    const float d = dist[v];
    if (d >= limit) {
      kept_list[atomicAdd(&count->far, 1u)] = v;
      atomicMin(&count->smallest_far, __float_as_uint(d));
      return;
    }
    in_far[v] = 0;  // the far list holds v once: this thread owns its flag
    if (d >= lower && claim(near_round + v, round)) near_list[atomicAdd(&count->near, 1u)] = v;
  });
  const StepCounters totals = read_scalar(context, static_cast<const StepCounters*>(count));
  if (totals.bad_id) throw UsageError("sssp_split: a far id is outside 0.." + std::to_string(std::int64_t{n} - 1));
  return SsspListed{.near = totals.near, .far = totals.far, .smallest_far = std::bit_cast<float>(totals.smallest_far)};
}

}  // namespace graphrun::cuda

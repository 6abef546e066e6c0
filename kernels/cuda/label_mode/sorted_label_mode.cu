#include "kernels/cuda/label_mode/sorted_label_mode.cuh"

#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_sort.cuh>

#include "graphrun/memory.hpp"
#include "kernels/cuda/label_mode/label_keys.hpp"
#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/cub_call.cuh"
#include "kernels/cuda/runtime/launch.cuh"
#include "kernels/cuda/runtime/segment_search.cuh"

namespace graphrun::cuda::label_mode_detail {

namespace {

// First position in sorted[begin, end) holding a value >= value.
__device__ __forceinline__ edge_t lower_bound(const vertex_t* sorted, edge_t begin, edge_t end, vertex_t value) {
  while (begin < end) {
    const edge_t middle = begin + (end - begin) / 2;
    if (sorted[middle] < value)
      begin = middle + 1;
    else
      end = middle;
  }
  return begin;
}

}  // namespace

void label_mode_by_sorting(const DeviceContext& context, NeighbourRows rows, const vertex_t* row_list,
                           std::int64_t row_count, const vertex_t* labels, vertex_t* out) {
  if (row_count <= 0) return;
  const auto segments = static_cast<std::size_t>(row_count);

  // Segment s (listed row s) holds positions starts[s] .. starts[s+1].
  DeviceVector<edge_t> lengths(context.memory, segments + 1);
  DeviceVector<edge_t> starts(context.memory, segments + 1);
  edge_t* length = lengths.data();
  for_each_index(context, row_count + 1, [=] __device__(std::int64_t s) {
    length[s] = s < row_count ? rows.degree(row_list[s]) : 0;
  });
  const edge_t* lengths_in = lengths.data();
  edge_t* starts_out = starts.data();
  run_cub(context, "cub::DeviceScan::ExclusiveSum", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, lengths_in, starts_out, row_count + 1, context.stream);
  });
  const edge_t entries = read_scalar(context, starts.data() + row_count);

  DeviceVector<vertex_t> gathered(context.memory, static_cast<std::size_t>(entries));
  DeviceVector<vertex_t> sorted(context.memory, static_cast<std::size_t>(entries));
  const edge_t* start = starts.data();
  vertex_t* gather = gathered.data();
  for_each_index(context, entries, [=] __device__(std::int64_t p) {
    const std::int64_t s = segment_of(start, row_count + 1, static_cast<edge_t>(p));
    gather[p] = labels[rows.row(row_list[s]).neighbour(p - start[s])];
  });
  const vertex_t* unsorted_labels = gathered.data();
  vertex_t* sorted_labels = sorted.data();
  run_cub(context, "cub::DeviceSegmentedSort::SortKeys", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceSegmentedSort::SortKeys(temp, temp_bytes, unsorted_labels, sorted_labels, entries, row_count,
                                              start, start + 1, context.stream);
  });

  // Each position that ends a run of equal labels measures its run (binary
  // search for the run's start) and offers it to its row's best candidate.
  DeviceVector<std::uint64_t> best(context.memory, segments);
  std::uint64_t* best_key = best.data();
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(best_key, 0, sizeof(std::uint64_t) * segments, context.stream));
  for_each_index(context, entries, [=] __device__(std::int64_t p) {
    const std::int64_t s = segment_of(start, row_count + 1, static_cast<edge_t>(p));
    const vertex_t value = sorted_labels[p];
    if (p + 1 < start[s + 1] && sorted_labels[p + 1] == value) return;  // not the end of its run
    const edge_t run_start = lower_bound(sorted_labels, start[s], p, value);
    const std::uint64_t key = candidate_key(static_cast<std::uint32_t>(p - run_start + 1), value);
    // A plain read first: most offers in a row of many distinct labels are
    // already beaten, and skipping their atomics avoids contention on one
    // address (a stale read only costs an unnecessary atomic).
    if (key > *static_cast<volatile std::uint64_t*>(&best_key[s]))
      atomicMax(reinterpret_cast<unsigned long long*>(&best_key[s]), static_cast<unsigned long long>(key));
  });
  for_each_index(context, row_count,
                 [=] __device__(std::int64_t s) { out[row_list[s]] = label_of_key(best_key[s]); });
}

}  // namespace graphrun::cuda::label_mode_detail

#include <cub/device/device_segmented_sort.cuh>

#include <cstdint>

#include "graphrun/memory.hpp"
#include "kernels/cuda/label_mode/label_mode.cuh"
#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/cub_call.cuh"
#include "kernels/cuda/runtime/launch.cuh"
#include "kernels/cuda/runtime/segment_search.cuh"

namespace graphrun::cuda {

namespace {

// A row's candidate (run length, label) packed so that the larger key is the
// better candidate: longer run first, then the SMALLER label. Labels are
// signed, so they are mapped order-preservingly to unsigned (flip the sign
// bit) and then inverted. Key 0 means "no neighbour" (run lengths are >= 1).
__device__ __forceinline__ unsigned long long candidate_key(std::uint32_t run_length, vertex_t label) {
  const std::uint32_t ordered = static_cast<std::uint32_t>(label) ^ 0x80000000u;
  return (static_cast<unsigned long long>(run_length) << 32) | static_cast<unsigned long long>(~ordered);
}

__device__ __forceinline__ vertex_t label_of_key(unsigned long long key) {
  const std::uint32_t ordered = ~static_cast<std::uint32_t>(key & 0xffffffffull);
  return static_cast<vertex_t>(ordered ^ 0x80000000u);
}

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

// Copies the labels of every neighbour into one nnz-sized buffer whose
// segment r (row_starts[r] .. row_starts[r+1]) holds row r's neighbours.
void gather_neighbour_labels(const DeviceContext& context, const CsrView& first, const CsrView* second,
                             const edge_t* row_starts, const vertex_t* labels, vertex_t* gathered) {
  const vertex_t n = first.num_rows;
  const edge_t* first_offsets = first.offsets;
  const vertex_t* first_indices = first.indices;
  if (second == nullptr) {  // segments are first's own rows
    for_each_index(context, first.num_entries,
                   [=] __device__(std::int64_t i) { gathered[i] = labels[first_indices[i]]; });
    return;
  }
  for_each_index(context, first.num_entries, [=] __device__(std::int64_t i) {
    const std::int64_t r = segment_of(first_offsets, static_cast<std::int64_t>(n) + 1, static_cast<edge_t>(i));
    gathered[row_starts[r] + (i - first_offsets[r])] = labels[first_indices[i]];
  });
  const edge_t* second_offsets = second->offsets;
  const vertex_t* second_indices = second->indices;
  for_each_index(context, second->num_entries, [=] __device__(std::int64_t j) {
    const std::int64_t r = segment_of(second_offsets, static_cast<std::int64_t>(n) + 1, static_cast<edge_t>(j));
    const edge_t first_degree = first_offsets[r + 1] - first_offsets[r];
    gathered[row_starts[r] + first_degree + (j - second_offsets[r])] = labels[second_indices[j]];
  });
}

}  // namespace

void label_mode(const DeviceContext& context, const CsrView& first, const CsrView* second,
                std::span<const vertex_t> labels, std::span<vertex_t> out) {
  const vertex_t n = first.num_rows;
  if (n == 0) return;
  const edge_t entries = first.num_entries + (second ? second->num_entries : 0);
  const vertex_t* label = labels.data();
  vertex_t* result = out.data();
  if (entries == 0) {
    GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(result, label, sizeof(vertex_t) * static_cast<std::size_t>(n),
                                        cudaMemcpyDeviceToDevice, context.stream));
    return;
  }

  // Segment offsets: first's own when alone, else the sum of both rows.
  DeviceVector<edge_t> combined_starts;
  const edge_t* row_starts = first.offsets;
  if (second) {
    combined_starts = DeviceVector<edge_t>(context.memory, static_cast<std::size_t>(n) + 1);
    edge_t* starts = combined_starts.data();
    const edge_t* first_offsets = first.offsets;
    const edge_t* second_offsets = second->offsets;
    for_each_index(context, static_cast<std::int64_t>(n) + 1,
                   [=] __device__(std::int64_t r) { starts[r] = first_offsets[r] + second_offsets[r]; });
    row_starts = starts;
  }

  DeviceVector<vertex_t> gathered(context.memory, static_cast<std::size_t>(entries));
  gather_neighbour_labels(context, first, second, row_starts, label, gathered.data());

  DeviceVector<vertex_t> sorted(context.memory, static_cast<std::size_t>(entries));
  const vertex_t* unsorted_labels = gathered.data();
  vertex_t* sorted_labels = sorted.data();
  run_cub(context, "cub::DeviceSegmentedSort::SortKeys", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceSegmentedSort::SortKeys(temp, temp_bytes, unsorted_labels, sorted_labels, entries, n, row_starts,
                                              row_starts + 1, context.stream);
  });

  // Each position that ends a run of equal labels measures its run (binary
  // search for the run's start within the sorted row) and offers it to the
  // row's best candidate. atomicMax on the packed key is order-independent,
  // hence deterministic.
  DeviceVector<unsigned long long> best(context.memory, static_cast<std::size_t>(n));
  unsigned long long* best_key = best.data();
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(best_key, 0, sizeof(unsigned long long) * static_cast<std::size_t>(n),
                                      context.stream));
  for_each_index(context, entries, [=] __device__(std::int64_t p) {
    const std::int64_t r = segment_of(row_starts, static_cast<std::int64_t>(n) + 1, static_cast<edge_t>(p));
    const edge_t row_end = row_starts[r + 1];
    const vertex_t value = sorted_labels[p];
    if (p + 1 < row_end && sorted_labels[p + 1] == value) return;  // not the end of its run
    const edge_t run_start = lower_bound(sorted_labels, row_starts[r], p, value);
    const unsigned long long key = candidate_key(static_cast<std::uint32_t>(p - run_start + 1), value);
    // A plain read first: in a row with many distinct labels most offers are
    // already beaten, and skipping their atomics avoids contention on the
    // one address (a stale read only costs an unnecessary atomic).
    if (key > *static_cast<volatile unsigned long long*>(&best_key[r])) atomicMax(&best_key[r], key);
  });

  for_each_index(context, n, [=] __device__(std::int64_t v) {
    const unsigned long long key = best_key[v];
    result[v] = key == 0 ? label[v] : label_of_key(key);
  });
}

}  // namespace graphrun::cuda

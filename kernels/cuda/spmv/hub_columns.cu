#include "kernels/cuda/spmv/hub_columns.cuh"

#include <cub/device/device_radix_sort.cuh>

#include <algorithm>

#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/cub_call.cuh"
#include "kernels/cuda/runtime/launch.cuh"

namespace graphrun::cuda::spmv {
namespace {

struct CountColumnEntries {
  const vertex_t* columns;
  unsigned* counts;
  __device__ void operator()(std::int64_t entry) const { atomicAdd(counts + columns[entry], 1u); }
};

// (The SpMV family links without vector_ops, whose iota this repeats.)
struct Iota {
  vertex_t* out;
  __device__ void operator()(std::int64_t i) const { out[i] = static_cast<vertex_t>(i); }
};

struct MarkHubSlot {
  const vertex_t* hub_columns;
  vertex_t* slot_of_column;
  __device__ void operator()(std::int64_t slot) const { slot_of_column[hub_columns[slot]] = static_cast<vertex_t>(slot); }
};

}  // namespace

HubColumns rank_hub_columns(const CsrView& csr, std::int64_t hubs, const DeviceContext& context) {
  const std::int64_t columns = csr.num_cols;
  const std::int64_t entries = csr.num_entries;
  hubs = std::clamp<std::int64_t>(hubs, 0, columns);
  HubColumns ranked{DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(hubs)),
                    DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(columns))};
  if (columns == 0) return ranked;
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(ranked.slot_of_column.data(), 0xff,
                                      ranked.slot_of_column.size() * sizeof(vertex_t), context.stream));
  if (hubs == 0) return ranked;

  // Entries per column, then the columns by that count, most first. The sort
  // is stable, so equal counts keep the smaller column first.
  DeviceVector<unsigned> counts(context.memory, static_cast<std::size_t>(columns));
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(counts.data(), 0, counts.size() * sizeof(unsigned), context.stream));
  for_each_index(context, entries, CountColumnEntries{csr.indices, counts.data()});
  DeviceVector<unsigned> sorted_counts(context.memory, static_cast<std::size_t>(columns));
  DeviceVector<vertex_t> column_ids(context.memory, static_cast<std::size_t>(columns));
  DeviceVector<vertex_t> ranked_columns(context.memory, static_cast<std::size_t>(columns));
  for_each_index(context, columns, Iota{column_ids.data()});
  run_cub(context, "cub::DeviceRadixSort::SortPairsDescending (hub columns)", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceRadixSort::SortPairsDescending(temp, temp_bytes, counts.data(), sorted_counts.data(),
                                                     column_ids.data(), ranked_columns.data(), columns, 0, 32,
                                                     context.stream);
  });
  GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(ranked.columns.data(), ranked_columns.data(),
                                      ranked.columns.size() * sizeof(vertex_t), cudaMemcpyDeviceToDevice,
                                      context.stream));
  for_each_index(context, hubs, MarkHubSlot{ranked.columns.data(), ranked.slot_of_column.data()});
  return ranked;
}

}  // namespace graphrun::cuda::spmv

#include "cuda/spmv/formats/csr_hub_split/hub_columns.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <string>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"

namespace graphrun::cuda::spmv {
namespace {

struct CountColumnEntries {
  const vertex_t* columns;
  unsigned* counts;
  __device__ void operator()(std::int64_t entry) const { atomicAdd(counts + columns[entry], 1u); }
};

struct TransposeRowLength {
  const edge_t* transpose_offsets;
  unsigned* counts;
  __device__ void operator()(std::int64_t column) const {
    counts[column] = static_cast<unsigned>(transpose_offsets[column + 1] - transpose_offsets[column]);
  }
};

// (The SpMV family links without vector_ops, whose iota this repeats.)
struct Iota {
  vertex_t* out;
  __device__ void operator()(std::int64_t i) const { out[i] = static_cast<vertex_t>(i); }
};

// Sort key of a column among the rest: the bit width of its entry count
// (1..32), or 0 for a hub or a column without entries, which sort last and
// are not kept.
struct RestColumnWidth {
  const unsigned* column_entries;
  const vertex_t* slot_of_column;
  std::uint32_t slots;
  unsigned* keys;
  __device__ void operator()(std::int64_t column) const {
    const unsigned entries = column_entries[column];
    keys[column] =
        is_slot(slot_of_column[column], slots) || entries == 0 ? 0u : 32u - static_cast<unsigned>(__clz(entries));
  }
};

struct IsKept {
  __device__ std::int64_t operator()(unsigned key) const { return key != 0 ? 1 : 0; }
};

struct MarkHubSlot {
  const vertex_t* hub_columns;
  vertex_t* slot_of_column;
  __device__ void operator()(std::int64_t slot) const { slot_of_column[hub_columns[slot]] = static_cast<vertex_t>(slot); }
};

// The first `kept` column ids by `keys` (one per column, `key_bits` wide),
// the largest first; the sort is stable, so equal keys keep the smaller
// column first and the order is the same on every build.
DeviceVector<vertex_t> columns_by_key_descending(const DeviceContext& context, const unsigned* keys,
                                                 std::int64_t columns, int key_bits, std::int64_t kept,
                                                 const char* what) {
  DeviceVector<unsigned> sorted_keys(context.memory, static_cast<std::size_t>(columns));
  DeviceVector<vertex_t> column_ids(context.memory, static_cast<std::size_t>(columns));
  DeviceVector<vertex_t> sorted_columns(context.memory, static_cast<std::size_t>(columns));
  for_each_index(context, columns, Iota{column_ids.data()});
  const std::string name = std::string("cub::DeviceRadixSort::SortPairsDescending (") + what + ")";
  run_cub(context, name.c_str(), [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceRadixSort::SortPairsDescending(temp, temp_bytes, keys, sorted_keys.data(), column_ids.data(),
                                                     sorted_columns.data(), columns, 0, key_bits, context.stream);
  });
  DeviceVector<vertex_t> first(context.memory, static_cast<std::size_t>(kept));
  if (!first.empty())
    GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(first.data(), sorted_columns.data(), first.size() * sizeof(vertex_t),
                                        cudaMemcpyDeviceToDevice, context.stream));
  return first;
}

}  // namespace

HubColumns rank_hub_columns(const CsrView& csr, std::int64_t hubs, const DeviceContext& context,
                            const edge_t* transpose_offsets) {
  const std::int64_t columns = csr.num_cols;
  const std::int64_t entries = csr.num_entries;
  hubs = std::clamp<std::int64_t>(hubs, 0, columns);
  HubColumns ranked{DeviceVector<vertex_t>(context.memory, 0),
                    DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(columns)),
                    DeviceVector<unsigned>(context.memory, static_cast<std::size_t>(columns))};
  if (columns == 0) return ranked;
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(ranked.slot_of_column.data(), 0xff,  // no_slot
                                      ranked.slot_of_column.size() * sizeof(vertex_t), context.stream));
  // Entries per column, then the columns by that count, most first.
  unsigned* const counts = ranked.column_entries.data();
  if (transpose_offsets != nullptr) {
    for_each_index(context, columns, TransposeRowLength{transpose_offsets, counts});
  } else {
    GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(counts, 0, ranked.column_entries.size() * sizeof(unsigned), context.stream));
    for_each_index(context, entries, CountColumnEntries{csr.indices, counts});
  }
  if (hubs == 0) return ranked;

  ranked.columns = columns_by_key_descending(context, counts, columns, 32, hubs, "hub columns");
  for_each_index(context, hubs, MarkHubSlot{ranked.columns.data(), ranked.slot_of_column.data()});
  return ranked;
}

DeviceVector<vertex_t> rank_rest_columns(const HubColumns& hubs, const DeviceContext& context) {
  const auto columns = static_cast<std::int64_t>(hubs.slot_of_column.size());
  if (columns == 0) return DeviceVector<vertex_t>(context.memory, 0);
  DeviceVector<unsigned> keys(context.memory, static_cast<std::size_t>(columns));
  for_each_index(context, columns,
                 RestColumnWidth{hubs.column_entries.data(), hubs.slot_of_column.data(),
                                 static_cast<std::uint32_t>(hubs.columns.size()), keys.data()});
  DeviceVector<std::int64_t> kept(context.memory, 1);
  const auto kept_flags = thrust::make_transform_iterator(keys.data(), IsKept{});
  run_cub(context, "cub::DeviceReduce::Sum (rest columns)", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceReduce::Sum(temp, temp_bytes, kept_flags, kept.data(), columns, context.stream);
  });
  // Keys of 0..32 take 6 bits.
  return columns_by_key_descending(context, keys.data(), columns, 6, read_scalar(context, kept.data()),
                                   "rest columns");
}

}  // namespace graphrun::cuda::spmv

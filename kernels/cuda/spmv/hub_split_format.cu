#include "kernels/cuda/spmv/hub_split_format.cuh"

#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <limits>
#include <type_traits>

#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/cub_call.cuh"
#include "kernels/cuda/runtime/launch.cuh"
#include "kernels/cuda/runtime/segment_search.cuh"
#include "kernels/cuda/spmv/hub_cache.cuh"
#include "kernels/cuda/spmv/hub_columns.cuh"
#include "kernels/cuda/spmv/hub_split_kernels.cuh"
#include "kernels/cuda/spmv/segmented_reduce_kernel.cuh"
#include "kernels/cuda/spmv/semiring_list.cuh"

namespace graphrun::cuda::spmv {
namespace {

using Policy = HubSplitPolicy;
constexpr int group_entries = Policy::group_entries;
// The pad slot is slot `hubs`, so hubs + 1 slots must fit 16 bits.
static_assert(Policy::hub_columns <= std::numeric_limits<std::uint16_t>::max(), "hub slots are stored in 16 bits");

// 1 for an entry whose column is a hub, 0 otherwise and past the last entry,
// so that the exclusive scan's last element counts every hub entry.
struct IsHubEntry {
  const vertex_t* columns;
  const vertex_t* slot_of_column;
  std::int64_t entries;
  __device__ edge_t operator()(edge_t entry) const {
    return entry < entries && slot_of_column[columns[entry]] >= 0 ? 1 : 0;
  }
};

// A row's groups: its hub entries, padded to whole groups (0 past the last row).
struct RowGroups {
  const edge_t* offsets;
  const edge_t* hub_before;
  std::int64_t rows;
  __device__ edge_t operator()(edge_t row) const {
    if (row >= rows) return 0;
    const edge_t hub_entries = hub_before[offsets[row + 1]] - hub_before[offsets[row]];
    return (hub_entries + group_entries - 1) / group_entries;
  }
};

// Each entry to its part. hub_before[entry] hub entries precede it: a hub
// entry is its row's hub entry hub_before[entry] - hub_before[row start],
// another entry is the rest part's entry - hub_before[entry]. Both parts keep
// the CSR's order.
struct SplitEntry {
  const edge_t* offsets;
  std::int64_t rows;
  const vertex_t* columns;
  const float* weights;  // nullptr: no weights
  const vertex_t* slot_of_column;
  const vertex_t* rest_index_of_column;  // nullptr: the rest part keeps the columns
  const edge_t* hub_before;
  const edge_t* group_start;
  std::uint16_t* group_slots;
  float* group_weights;
  vertex_t* rest_columns;
  float* rest_weights;
  __device__ void operator()(std::int64_t entry) const {
    const vertex_t column = columns[entry];
    const vertex_t slot = slot_of_column[column];
    const edge_t hubs_before = hub_before[entry];
    if (slot >= 0) {
      const std::int64_t row = segment_of(offsets, rows, static_cast<edge_t>(entry));
      const edge_t at = group_start[row] * group_entries + hubs_before - hub_before[offsets[row]];
      group_slots[at] = static_cast<std::uint16_t>(slot);
      if (weights != nullptr) group_weights[at] = weights[entry];
    } else {
      rest_columns[entry - hubs_before] = rest_index_of_column != nullptr ? rest_index_of_column[column] : column;
      if (weights != nullptr) rest_weights[entry - hubs_before] = weights[entry];
    }
  }
};

// Each group's row, and the pad slot (weight 1) in its slots past the row's
// hub entries.
struct FillGroup {
  const edge_t* offsets;
  const edge_t* hub_before;
  const edge_t* group_start;
  std::int64_t rows;
  std::uint16_t pad_slot;
  vertex_t* group_rows;
  std::uint16_t* group_slots;
  float* group_weights;  // nullptr: no weights
  __device__ void operator()(std::int64_t group) const {
    // The row whose groups hold this one: the last row starting at or before it.
    const std::int64_t row = segment_of(group_start, rows, static_cast<edge_t>(group));
    group_rows[group] = static_cast<vertex_t>(row);
    const edge_t hub_entries = hub_before[offsets[row + 1]] - hub_before[offsets[row]];
    for (int k = 0; k < group_entries; ++k) {
      if ((group - group_start[row]) * group_entries + k < hub_entries) continue;
      group_slots[group * group_entries + k] = pad_slot;
      if (group_weights != nullptr) group_weights[group * group_entries + k] = 1.0f;
    }
  }
};

struct MarkRestIndex {
  const vertex_t* rest_x_columns;
  vertex_t* rest_index_of_column;
  __device__ void operator()(std::int64_t index) const {
    rest_index_of_column[rest_x_columns[index]] = static_cast<vertex_t>(index);
  }
};

struct RestOffsets {
  const edge_t* offsets;
  const edge_t* hub_before;
  edge_t* rest_offsets;
  __device__ void operator()(std::int64_t row) const { rest_offsets[row] = offsets[row] - hub_before[offsets[row]]; }
};

}  // namespace

HubSplitFormat::HubSplitFormat(const CsrView& csr, bool compact_rest_x, const DeviceContext& context)
    : rows_(csr.num_rows), cols_(csr.num_cols), compact_rest_x_(compact_rest_x) {
  const std::int64_t entries = csr.num_entries;
  const std::int64_t rows = csr.num_rows;
  HubColumns ranked = rank_hub_columns(csr, Policy::hub_columns, context);
  const auto hubs = static_cast<std::int64_t>(ranked.columns.size());
  hub_values_ = DeviceVector<std::uint64_t>(context.memory, static_cast<std::size_t>(hubs) + 1);
  // Every column of a rest entry has entries and is not a hub, so it has an
  // index in the compact x: the map needs no other values.
  DeviceVector<vertex_t> rest_index_of_column(context.memory, 0);
  if (compact_rest_x_) {
    rest_x_columns_ = rank_rest_columns(ranked, context);
    rest_x_ = DeviceVector<std::uint64_t>(context.memory, rest_x_columns_.size());
    rest_index_of_column = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(cols_));
    for_each_index(context, static_cast<std::int64_t>(rest_x_columns_.size()),
                   MarkRestIndex{rest_x_columns_.data(), rest_index_of_column.data()});
  }
  rest_offsets_ = DeviceVector<edge_t>(context.memory, static_cast<std::size_t>(rows) + 1);

  // hub_before[entry]: the hub entries before it (entries + 1 values).
  DeviceVector<edge_t> hub_before(context.memory, static_cast<std::size_t>(entries) + 1);
  const auto hub_flags = thrust::make_transform_iterator(
      thrust::counting_iterator<edge_t>(0), IsHubEntry{csr.indices, ranked.slot_of_column.data(), entries});
  run_cub(context, "cub::DeviceScan::ExclusiveSum (hub entries)", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, hub_flags, hub_before.data(), entries + 1, context.stream);
  });
  rest_entries_ = entries - read_scalar(context, hub_before.data() + entries);

  // group_start[row]: the groups of the rows before it (rows + 1 values).
  DeviceVector<edge_t> group_start(context.memory, static_cast<std::size_t>(rows) + 1);
  if (rows > 0) {
    const auto row_groups = thrust::make_transform_iterator(thrust::counting_iterator<edge_t>(0),
                                                            RowGroups{csr.offsets, hub_before.data(), rows});
    run_cub(context, "cub::DeviceScan::ExclusiveSum (hub groups)", [&](void* temp, std::size_t& temp_bytes) {
      return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, row_groups, group_start.data(), rows + 1,
                                           context.stream);
    });
    groups_ = read_scalar(context, group_start.data() + rows);
  }

  const bool weighted = csr.values != nullptr;
  const auto slots = static_cast<std::size_t>(groups_) * group_entries;
  group_rows_ = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(groups_));
  group_slots_ = DeviceVector<std::uint16_t>(context.memory, slots);
  rest_columns_ = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(rest_entries_));
  if (weighted) {
    group_weights_ = DeviceVector<float>(context.memory, slots);
    rest_weights_ = DeviceVector<float>(context.memory, static_cast<std::size_t>(rest_entries_));
  }
  float* const group_weights = weighted ? group_weights_.data() : nullptr;
  for_each_index(context, entries,
                 SplitEntry{csr.offsets, rows, csr.indices, csr.values, ranked.slot_of_column.data(),
                            compact_rest_x_ ? rest_index_of_column.data() : nullptr, hub_before.data(),
                            group_start.data(), group_slots_.data(), group_weights, rest_columns_.data(),
                            rest_weights_.data()});
  for_each_index(context, groups_,
                 FillGroup{csr.offsets, hub_before.data(), group_start.data(), rows, static_cast<std::uint16_t>(hubs),
                           group_rows_.data(), group_slots_.data(), group_weights});
  if (rows > 0)
    for_each_index(context, rows + 1, RestOffsets{csr.offsets, hub_before.data(), rest_offsets_.data()});
  hub_columns_ = std::move(ranked.columns);
  group_carries_ = CarryChain(context.memory, segmented_tiles(groups_));
  rest_partition_.emplace(rest_view(), context, CsrMergePolicy::tile_items);
}

CsrView HubSplitFormat::rest_view() const {
  const auto columns = compact_rest_x_ ? static_cast<vertex_t>(rest_x_columns_.size()) : cols_;
  return CsrView{rest_offsets_.data(), rest_columns_.data(), rest_weights_.empty() ? nullptr : rest_weights_.data(),
                 rows_, columns, rest_entries_};
}

std::size_t HubSplitFormat::bytes() const {
  return hub_columns_.size() * sizeof(vertex_t) + hub_values_.size() * sizeof(std::uint64_t) +
         group_rows_.size() * sizeof(vertex_t) + group_slots_.size() * sizeof(std::uint16_t) +
         group_weights_.size() * sizeof(float) + group_carries_.bytes() + rest_offsets_.size() * sizeof(edge_t) +
         rest_columns_.size() * sizeof(vertex_t) + rest_weights_.size() * sizeof(float) +
         rest_x_columns_.size() * sizeof(vertex_t) + rest_x_.size() * sizeof(std::uint64_t) +
         (rest_partition_ ? rest_partition_->bytes() : 0);
}

template <class Semiring>
void HubSplitFormat::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  using value_type = typename Semiring::value_type;
  static_assert(sizeof(value_type) <= sizeof(std::uint64_t), "hub_values_ holds values of up to 8 bytes");
  if (rows_ == 0) return;
  // The hub values first (they read only x), so that the hub pass's blocks
  // can fill their caches while the rest pass finishes.
  auto* const hub_values = reinterpret_cast<value_type*>(hub_values_.data());
  const std::int64_t slots = hubs() + 1;  // the pad slot last
  for_each_index(context, slots, GatherColumnValues<Semiring>{hub_columns_.data(), operands.x, hub_values, hubs()});
  const value_type* rest_x = operands.x;
  if (compact_rest_x_) {
    auto* const compact_x = reinterpret_cast<value_type*>(rest_x_.data());
    const auto indices = static_cast<std::int64_t>(rest_x_columns_.size());
    for_each_index(context, indices,
                   GatherColumnValues<Semiring>{rest_x_columns_.data(), operands.x, compact_x, indices});
    rest_x = compact_x;
  }
  // The rest pass stores every selected row (or adds to it, as asked) ...
  rest_partition_->run(context, SpmvOperands<Semiring>{rest_view(), operands.args, rest_x, operands.y});
  if (groups_ == 0) return;

  // ... and the hub pass adds each row's hub entries.
  const RowMask mask = row_mask_of(operands.args);
  const RowOutput<Semiring> out{operands.y, true};
  const int cached = static_cast<int>(std::min<std::int64_t>(slots, Policy::cache_bytes / sizeof(value_type)));
  const std::size_t shared_bytes = static_cast<std::size_t>(cached) * sizeof(value_type);
  // The parts' weights exist exactly when the CSR's do.
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted_type) {
    constexpr bool kWeighted = decltype(weighted_type)::value;
    const auto launch = [&](auto every_slot_cached) {
      constexpr bool kEverySlotCached = decltype(every_slot_cached)::value;
      using Items = HubGroupItems<Semiring, kWeighted, kEverySlotCached>;
      const Items items{group_rows_.data(), reinterpret_cast<const uint4*>(group_slots_.data()),
                        reinterpret_cast<const float4*>(group_weights_.data()), hub_values, nullptr, cached};
      const auto kernel = hub_groups_kernel<Semiring, Items>;
      const int resident = resident_blocks(resident_per_multiprocessor_, kernel, Policy::threads_per_block,
                                           shared_bytes, "csr-hub-split");
      const std::int64_t tiles = segmented_tiles(groups_);
      const auto blocks = static_cast<int>(
          std::min<std::int64_t>(static_cast<std::int64_t>(resident) * context.multiprocessors,
                                 (tiles + Policy::warps_per_block - 1) / Policy::warps_per_block));
      // A programmatic dependent of the rest pass: its blocks fill their
      // caches from the hub values gathered before, while that pass ends.
      launch_programmatic_dependent(kernel, blocks, Policy::threads_per_block, shared_bytes, context.stream, items,
                                    groups_, mask, out, group_carries_.producer_slots<value_type>());
    };
    if (cached == slots)
      launch(std::true_type{});
    else
      launch(std::false_type{});
  });
  group_carries_.reduce<Semiring>(context, mask, out);
}

#define GRAPHRUN_INSTANTIATE(S) \
  template void HubSplitFormat::run<S>(const DeviceContext&, const SpmvOperands<S>&);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv

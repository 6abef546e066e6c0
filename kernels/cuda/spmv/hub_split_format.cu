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

// 1 for an entry whose column's slot lies in [first, end), 0 otherwise and
// past the last entry, so that the exclusive scan's last element counts
// every such entry.
struct InSlotRange {
  const vertex_t* columns;
  const vertex_t* slot_of_column;
  std::int64_t entries;
  vertex_t first;
  vertex_t end;
  __device__ edge_t operator()(edge_t entry) const {
    if (entry >= entries) return 0;
    const vertex_t slot = slot_of_column[columns[entry]];
    return slot >= first && slot < end ? 1 : 0;
  }
};

// A row's groups: its entries of the tier, padded to whole groups (0 past
// the last row). tier_before[entry]: the tier's entries before it.
struct RowGroups {
  const edge_t* offsets;
  const edge_t* tier_before;
  std::int64_t rows;
  __device__ edge_t operator()(edge_t row) const {
    if (row >= rows) return 0;
    const edge_t tier_entries = tier_before[offsets[row + 1]] - tier_before[offsets[row]];
    return (tier_entries + group_entries - 1) / group_entries;
  }
};

// Each entry of the tier (slots [first, end)) to its group: it is its row's
// tier entry tier_before[entry] - tier_before[row start], in CSR order, and
// keeps its slot less `first`.
struct TierEntry {
  const edge_t* offsets;
  std::int64_t rows;
  const vertex_t* columns;
  const float* weights;  // nullptr: no weights
  const vertex_t* slot_of_column;
  vertex_t first;
  vertex_t end;
  const edge_t* tier_before;
  const edge_t* group_start;
  std::uint16_t* group_slots;
  float* group_weights;
  __device__ void operator()(std::int64_t entry) const {
    const vertex_t slot = slot_of_column[columns[entry]];
    if (slot < first || slot >= end) return;
    const std::int64_t row = segment_of(offsets, rows, static_cast<edge_t>(entry));
    const edge_t at = group_start[row] * group_entries + tier_before[entry] - tier_before[offsets[row]];
    group_slots[at] = static_cast<std::uint16_t>(slot - first);
    if (weights != nullptr) group_weights[at] = weights[entry];
  }
};

// Each entry of no tier to the rest part: hub_before[entry] tier entries
// precede it, so it is the rest part's entry - hub_before[entry], in CSR
// order.
struct RestEntry {
  const vertex_t* columns;
  const float* weights;  // nullptr: no weights
  const vertex_t* slot_of_column;
  const vertex_t* rest_index_of_column;  // nullptr: the rest part keeps the columns
  const edge_t* hub_before;
  vertex_t* rest_columns;
  float* rest_weights;
  __device__ void operator()(std::int64_t entry) const {
    const vertex_t column = columns[entry];
    if (slot_of_column[column] >= 0) return;
    const edge_t at = entry - hub_before[entry];
    rest_columns[at] = rest_index_of_column != nullptr ? rest_index_of_column[column] : column;
    if (weights != nullptr) rest_weights[at] = weights[entry];
  }
};

// Each group's row, and the pad slot (weight 1) in its slots past the row's
// entries of the tier.
struct FillGroup {
  const edge_t* offsets;
  const edge_t* tier_before;
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
    const edge_t tier_entries = tier_before[offsets[row + 1]] - tier_before[offsets[row]];
    for (int k = 0; k < group_entries; ++k) {
      if ((group - group_start[row]) * group_entries + k < tier_entries) continue;
      group_slots[group * group_entries + k] = pad_slot;
      if (group_weights != nullptr) group_weights[group * group_entries + k] = 1.0f;
    }
  }
};

// Per hub-pass tile: the first tile of its first row and the last tile of
// its last row (TileSpans).
struct TileRowSpans {
  const vertex_t* group_rows;
  const edge_t* group_start;
  std::int64_t groups;
  std::int64_t* first_row_first_tile;
  std::int64_t* last_row_last_tile;
  __device__ void operator()(std::int64_t tile) const {
    constexpr std::int64_t tile_groups = SegmentedPolicy::tile_items;
    const std::int64_t first_group = tile * tile_groups;
    const std::int64_t last_group = (first_group + tile_groups < groups ? first_group + tile_groups : groups) - 1;
    first_row_first_tile[tile] = group_start[group_rows[first_group]] / tile_groups;
    last_row_last_tile[tile] = (group_start[group_rows[last_group] + 1] - 1) / tile_groups;
  }
};

// A ranked column of a tier that was not kept goes back to the rest.
struct UnmarkHub {
  const vertex_t* hub_columns;
  vertex_t* slot_of_column;
  __device__ void operator()(std::int64_t slot) const { slot_of_column[hub_columns[slot]] = -1; }
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

// before[entry] (entries + 1 values): the entries before it whose slot lies
// in [first, end). Returns the count of all of them.
std::int64_t count_slot_range(const DeviceContext& context, const CsrView& csr, const vertex_t* slot_of_column,
                              std::int64_t first, std::int64_t end, DeviceVector<edge_t>& before) {
  const std::int64_t entries = csr.num_entries;
  const auto flags = thrust::make_transform_iterator(
      thrust::counting_iterator<edge_t>(0),
      InSlotRange{csr.indices, slot_of_column, entries, static_cast<vertex_t>(first), static_cast<vertex_t>(end)});
  run_cub(context, "cub::DeviceScan::ExclusiveSum (hub entries)", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, flags, before.data(), entries + 1, context.stream);
  });
  return read_scalar(context, before.data() + entries);
}

// group_start[row] (rows + 1 values): the tier's groups of the rows before
// it. Returns the count of all of them.
std::int64_t count_groups(const DeviceContext& context, const CsrView& csr, const DeviceVector<edge_t>& tier_before,
                          DeviceVector<edge_t>& group_start) {
  const std::int64_t rows = csr.num_rows;
  if (rows == 0) return 0;
  const auto row_groups = thrust::make_transform_iterator(thrust::counting_iterator<edge_t>(0),
                                                          RowGroups{csr.offsets, tier_before.data(), rows});
  run_cub(context, "cub::DeviceScan::ExclusiveSum (hub groups)", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, row_groups, group_start.data(), rows + 1, context.stream);
  });
  return read_scalar(context, group_start.data() + rows);
}

}  // namespace

HubSplitFormat::HubSplitFormat(const CsrView& csr, bool compact_rest_x, const DeviceContext& context)
    : rows_(csr.num_rows), cols_(csr.num_cols) {
  const std::int64_t entries = csr.num_entries;
  const std::int64_t rows = csr.num_rows;
  const bool weighted = csr.values != nullptr;
  HubColumns ranked = rank_hub_columns(csr, Policy::hub_columns * Policy::max_tiers, context);
  const auto ranked_hubs = static_cast<std::int64_t>(ranked.columns.size());
  const vertex_t* const slot_of_column = ranked.slot_of_column.data();

  // One count-before buffer (entries + 1 values), for each tier in turn and
  // then for the rest part.
  DeviceVector<edge_t> before(context.memory, static_cast<std::size_t>(entries) + 1);
  DeviceVector<edge_t> group_start(context.memory, static_cast<std::size_t>(rows) + 1);
  std::int64_t kept_hubs = 0;
  for (std::int64_t first = 0; first == 0 || first < ranked_hubs; first += Policy::hub_columns) {
    const std::int64_t end = std::min<std::int64_t>(first + Policy::hub_columns, ranked_hubs);
    const std::int64_t tier_entries = count_slot_range(context, csr, slot_of_column, first, end, before);
    const std::int64_t groups = count_groups(context, csr, before, group_start);
    const double slots = static_cast<double>(groups) * group_entries;
    if (first > 0 && (tier_entries == 0 || static_cast<double>(tier_entries) < Policy::min_tier_fill * slots)) break;

    add_tier(context, csr, ranked, first, end, before, group_start, groups);
    kept_hubs = end;
  }
  if (kept_hubs < ranked_hubs)
    for_each_index(context, ranked_hubs - kept_hubs,
                   UnmarkHub{ranked.columns.data() + kept_hubs, ranked.slot_of_column.data()});

  // The rest part. Every column of a rest entry has entries and is in no
  // tier, so it has an index in the compact x: the map needs no other values.
  DeviceVector<vertex_t> rest_index_of_column(context.memory, 0);
  if (compact_rest_x) {
    rest_x_columns_ = rank_rest_columns(ranked, context);
    rest_x_ = DeviceVector<std::uint64_t>(context.memory, rest_x_columns_.size());
    rest_index_of_column = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(cols_));
    for_each_index(context, static_cast<std::int64_t>(rest_x_columns_.size()),
                   MarkRestIndex{rest_x_columns_.data(), rest_index_of_column.data()});
  }
  rest_entries_ = entries - count_slot_range(context, csr, slot_of_column, 0, kept_hubs, before);
  rest_offsets_ = DeviceVector<edge_t>(context.memory, static_cast<std::size_t>(rows) + 1);
  rest_columns_ = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(rest_entries_));
  if (weighted) rest_weights_ = DeviceVector<float>(context.memory, static_cast<std::size_t>(rest_entries_));
  for_each_index(context, entries,
                 RestEntry{csr.indices, csr.values, slot_of_column,
                           compact_rest_x ? rest_index_of_column.data() : nullptr, before.data(), rest_columns_.data(),
                           rest_weights_.data()});
  if (rows > 0) for_each_index(context, rows + 1, RestOffsets{csr.offsets, before.data(), rest_offsets_.data()});
  rest_partition_.emplace(rest_view(), context, CsrMergePolicy::tile_items);
}

void HubSplitFormat::add_tier(const DeviceContext& context, const CsrView& csr, const HubColumns& ranked,
                              std::int64_t first, std::int64_t end, const DeviceVector<edge_t>& tier_before,
                              const DeviceVector<edge_t>& group_start, std::int64_t groups) {
  const std::int64_t hubs = end - first;
  const auto slots = static_cast<std::size_t>(groups) * group_entries;
  const bool weighted = csr.values != nullptr;
  Tier& tier = tiers_.emplace_back();
  tier.groups = groups;
  tier.columns = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(hubs));
  if (hubs > 0)
    GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(tier.columns.data(), ranked.columns.data() + first,
                                        static_cast<std::size_t>(hubs) * sizeof(vertex_t), cudaMemcpyDeviceToDevice,
                                        context.stream));
  tier.values = DeviceVector<std::uint64_t>(context.memory, static_cast<std::size_t>(hubs) + 1);
  tier.group_rows = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(groups));
  tier.group_slots = DeviceVector<std::uint16_t>(context.memory, slots);
  if (weighted) tier.group_weights = DeviceVector<float>(context.memory, slots);
  float* const group_weights = weighted ? tier.group_weights.data() : nullptr;
  for_each_index(context, csr.num_entries,
                 TierEntry{csr.offsets, csr.num_rows, csr.indices, csr.values, ranked.slot_of_column.data(),
                           static_cast<vertex_t>(first), static_cast<vertex_t>(end), tier_before.data(),
                           group_start.data(), tier.group_slots.data(), group_weights});
  for_each_index(context, groups,
                 FillGroup{csr.offsets, tier_before.data(), group_start.data(), csr.num_rows,
                           static_cast<std::uint16_t>(hubs), tier.group_rows.data(), tier.group_slots.data(),
                           group_weights});
  const std::int64_t tiles = segmented_tiles(groups);
  tier.first_row_first_tile = DeviceVector<std::int64_t>(context.memory, static_cast<std::size_t>(tiles));
  tier.last_row_last_tile = DeviceVector<std::int64_t>(context.memory, static_cast<std::size_t>(tiles));
  for_each_index(context, tiles,
                 TileRowSpans{tier.group_rows.data(), group_start.data(), groups, tier.first_row_first_tile.data(),
                              tier.last_row_last_tile.data()});
  tier.spans = SpanSlots(context, tiles);
}

CsrView HubSplitFormat::rest_view() const {
  const auto columns = rest_x_is_compact() ? static_cast<vertex_t>(rest_x_columns_.size()) : cols_;
  return CsrView{rest_offsets_.data(), rest_columns_.data(), rest_weights_.empty() ? nullptr : rest_weights_.data(),
                 rows_, columns, rest_entries_};
}

std::size_t HubSplitFormat::Tier::bytes() const {
  return columns.size() * sizeof(vertex_t) + values.size() * sizeof(std::uint64_t) +
         group_rows.size() * sizeof(vertex_t) + group_slots.size() * sizeof(std::uint16_t) +
         group_weights.size() * sizeof(float) +
         (first_row_first_tile.size() + last_row_last_tile.size()) * sizeof(std::int64_t) + spans.bytes();
}

std::size_t HubSplitFormat::bytes() const {
  std::size_t total = rest_offsets_.size() * sizeof(edge_t) + rest_columns_.size() * sizeof(vertex_t) +
                      rest_weights_.size() * sizeof(float) + rest_x_columns_.size() * sizeof(vertex_t) +
                      rest_x_.size() * sizeof(std::uint64_t) + (rest_partition_ ? rest_partition_->bytes() : 0);
  for (const Tier& tier : tiers_) total += tier.bytes();
  return total;
}

template <class Semiring>
void HubSplitFormat::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  using value_type = typename Semiring::value_type;
  static_assert(sizeof(value_type) <= sizeof(std::uint64_t), "the hub values hold values of up to 8 bytes");
  if (rows_ == 0) return;
  // The hub values first (they read only x), so that each hub pass's blocks
  // can fill their caches while the grid before them finishes.
  for (Tier& tier : tiers_) {
    auto* const hub_values = reinterpret_cast<value_type*>(tier.values.data());
    for_each_index(context, tier.hubs() + 1,  // the pad slot last
                   GatherColumnValues<Semiring>{tier.columns.data(), operands.x, hub_values, tier.hubs()});
  }
  const value_type* rest_x = operands.x;
  if (rest_x_is_compact()) {
    auto* const compact_x = reinterpret_cast<value_type*>(rest_x_.data());
    const auto indices = static_cast<std::int64_t>(rest_x_columns_.size());
    for_each_index(context, indices,
                   GatherColumnValues<Semiring>{rest_x_columns_.data(), operands.x, compact_x, indices});
    rest_x = compact_x;
  }
  // The rest pass stores every selected row (or adds to it, as asked) ...
  rest_partition_->run(context, SpmvOperands<Semiring>{rest_view(), operands.args, rest_x, operands.y});
  // ... and each hub pass adds the rows' entries of its tier.
  for (Tier& tier : tiers_) run_hub_pass(context, operands, tier);
}

template <class Semiring>
void HubSplitFormat::run_hub_pass(const DeviceContext& context, const SpmvOperands<Semiring>& operands, Tier& tier) {
  using value_type = typename Semiring::value_type;
  if (tier.groups == 0) return;
  const RowMask mask = row_mask_of(operands.args);
  const RowOutput<Semiring> out{operands.y, true};
  const std::int64_t slots = tier.hubs() + 1;
  const auto* const hub_values = reinterpret_cast<const value_type*>(tier.values.data());
  const int cached = static_cast<int>(std::min<std::int64_t>(slots, Policy::cache_bytes / sizeof(value_type)));
  const std::size_t shared_bytes = static_cast<std::size_t>(cached) * sizeof(value_type);
  // The parts' weights exist exactly when the CSR's do.
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted_type) {
    constexpr bool kWeighted = decltype(weighted_type)::value;
    const auto launch = [&](auto every_slot_cached) {
      constexpr bool kEverySlotCached = decltype(every_slot_cached)::value;
      using Items = HubGroupItems<Semiring, kWeighted, kEverySlotCached>;
      const Items items{tier.group_rows.data(), reinterpret_cast<const uint4*>(tier.group_slots.data()),
                        reinterpret_cast<const float4*>(tier.group_weights.data()), hub_values, nullptr, cached};
      const auto kernel = hub_groups_kernel<Semiring, Items>;
      const int resident = resident_blocks(resident_per_multiprocessor_, kernel, Policy::threads_per_block,
                                           shared_bytes, "csr-hub-split");
      const std::int64_t tiles = segmented_tiles(tier.groups);
      const auto blocks = static_cast<int>(
          std::min<std::int64_t>(static_cast<std::int64_t>(resident) * context.multiprocessors,
                                 (tiles + Policy::warps_per_block - 1) / Policy::warps_per_block));
      // A programmatic dependent of the grid before it: its blocks fill
      // their caches from the hub values gathered before, while that grid
      // ends.
      const TileSpans<value_type> spans{tier.spans.spanning_rows<value_type>(), tier.first_row_first_tile.data(),
                                        tier.last_row_last_tile.data()};
      launch_programmatic_dependent(kernel, blocks, Policy::threads_per_block, shared_bytes, context.stream, items,
                                    tier.groups, mask, out, spans);
    };
    if (cached == slots)
      launch(std::true_type{});
    else
      launch(std::false_type{});
  });
}

#define GRAPHRUN_INSTANTIATE(S) \
  template void HubSplitFormat::run<S>(const DeviceContext&, const SpmvOperands<S>&);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv

#include "cuda/spmv/formats/csr_hub_split/hub_split_format.cuh"

#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "graphrun/error.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/formats/csr_hub_split/hub_cache.cuh"
#include "cuda/spmv/formats/csr_hub_split/hub_columns.cuh"
#include "cuda/spmv/formats/csr_hub_split/hub_split_build.cuh"
#include "cuda/spmv/formats/csr_hub_split/hub_split_kernels.cuh"
#include "cuda/spmv/common/segmented_reduce_kernel.cuh"
#include "cuda/spmv/dispatch/semiring_list.cuh"
#include "cuda/spmv/selection/auto_rule.hpp"

namespace graphrun::cuda::spmv {
namespace {

using Policy = HubSplitPolicy;
constexpr int group_entries = Policy::group_entries;
// The pad slot is slot `hubs`, so hubs + 1 slots must fit 16 bits.
static_assert(Policy::hub_columns <= std::numeric_limits<std::uint16_t>::max(), "hub slots are stored in 16 bits");

// A row's groups in a tier: its entries of the tier, padded to whole groups
// (0 past the last row).
struct RowGroups {
  const unsigned* row_entries;
  std::int64_t rows;
  __device__ edge_t operator()(edge_t row) const {
    return row < rows ? (static_cast<edge_t>(row_entries[row]) + group_entries - 1) / group_entries : 0;
  }
};

// A count per item as edge_t, 0 past the last (for a scan of count + 1).
struct CountOrZero {
  const unsigned* counts;
  std::int64_t items;
  __device__ edge_t operator()(edge_t item) const { return item < items ? static_cast<edge_t>(counts[item]) : 0; }
};

// The overlapped passes' last step: each selected row adds its hub sum to
// what the rest pass stored, and every row's hub sum goes back to the
// identity for the next call.
template <class Semiring>
struct AddHubSums {
  using value_type = typename Semiring::value_type;
  RowMask mask;
  value_type* y;
  value_type* hub_sums;
  __device__ void operator()(std::int64_t row) const {
    if (mask.selected(row)) y[row] = Semiring::add(y[row], hub_sums[row]);
    hub_sums[row] = Semiring::identity();
  }
};

// A walk (hub_split_build.cuh) by a warp per range, as many as are resident.
template <class Walk>
void run_walk(const DeviceContext& context, std::int64_t ranges, const Walk& walk) {
  if (ranges == 0) return;
  constexpr int warps_per_block = walk_threads_per_block / 32;
  walk_ranges_kernel<<<capped_grid_blocks(context, ranges, warps_per_block, 2048 / walk_threads_per_block),
                       walk_threads_per_block, 0, context.stream>>>(ranges, walk);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

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
  __device__ void operator()(std::int64_t slot) const { slot_of_column[hub_columns[slot]] = no_slot; }
};

// PlaceEntries::place_of_column, made in place from the ranking's slot map
// (a kept tier's slot, or no_slot): a rest column's code is ~ its index in the
// compact x (MarkRestIndex, over the compact x's columns) or ~ the column
// itself (MarkRestColumn, over every column). A column without entries is
// never read, so its code is left as it falls.
struct MarkRestIndex {
  const vertex_t* rest_x_columns;
  vertex_t* place_of_column;
  __device__ void operator()(std::int64_t index) const {
    place_of_column[rest_x_columns[index]] = ~static_cast<vertex_t>(index);
  }
};

struct MarkRestColumn {
  vertex_t* place_of_column;
  __device__ void operator()(std::int64_t column) const {
    if (!is_slot(place_of_column[column], max_hub_slots)) place_of_column[column] = ~static_cast<vertex_t>(column);
  }
};

// The rest part's row offsets: each row's entries less its kept tiers'.
struct RestOffsets {
  const edge_t* offsets;
  int kept_tiers;
  const edge_t* row_before[Policy::max_tiers];
  edge_t* rest_offsets;
  __device__ void operator()(std::int64_t row) const {
    edge_t offset = offsets[row];
#pragma unroll
    for (int t = 0; t < Policy::max_tiers; ++t)
      if (t < kept_tiers) offset -= row_before[t][row];
    rest_offsets[row] = offset;
  }
};

// out[0..count] = the exclusive sum of `items` (count + 1 values, the
// last 0): out[count] is the total, left on the device.
template <class Items>
void exclusive_sum(const DeviceContext& context, const char* name, Items items, std::int64_t count,
                   DeviceVector<edge_t>& out) {
  run_cub(context, name, [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, items, out.data(), count + 1, context.stream);
  });
}

// One candidate tier's counts from pass 1 and their scans.
struct TierCounts {
  DeviceVector<unsigned> row_entries;    // per row (zeroed for pass 1's adds)
  DeviceVector<unsigned> range_entries;  // per walk range
  DeviceVector<edge_t> row_before;       // rows + 1
  DeviceVector<edge_t> group_start;      // rows + 1
  std::int64_t entries = 0;
  std::int64_t groups = 0;

  TierCounts(const DeviceContext& context, std::int64_t rows, std::int64_t ranges)
      : row_entries(context.memory, static_cast<std::size_t>(rows)),
        range_entries(context.memory, static_cast<std::size_t>(ranges)),
        row_before(context.memory, static_cast<std::size_t>(rows) + 1),
        group_start(context.memory, static_cast<std::size_t>(rows) + 1) {
    if (rows > 0)
      GRAPHRUN_CUDA_CHECK(
          cudaMemsetAsync(row_entries.data(), 0, row_entries.size() * sizeof(unsigned), context.stream));
  }

  void scan_rows(const DeviceContext& context, std::int64_t rows) {
    const auto counting = thrust::counting_iterator<edge_t>(0);
    exclusive_sum(context, "cub::DeviceScan::ExclusiveSum (tier entries)",
                  thrust::make_transform_iterator(counting, CountOrZero{row_entries.data(), rows}), rows, row_before);
    exclusive_sum(context, "cub::DeviceScan::ExclusiveSum (tier groups)",
                  thrust::make_transform_iterator(counting, RowGroups{row_entries.data(), rows}), rows, group_start);
    entries = read_scalar(context, row_before.data() + rows);
    groups = read_scalar(context, group_start.data() + rows);
  }

  // Whether a later tier is kept (HubSplitPolicy::min_tier_fill): its
  // entries fill enough of its groups' slots for its size.
  bool pays_for_its_pass() const {
    if (entries == 0) return false;
    const double fill = static_cast<double>(entries) / (static_cast<double>(groups) * group_entries);
    return fill >= Policy::min_tier_fill ||
           (entries >= Policy::large_tier_entries && fill >= Policy::min_large_tier_fill);
  }
};

}  // namespace

HubSplitFormat::HubSplitFormat(const CsrView& csr, const edge_t* transpose_offsets, bool compact_rest_x,
                               const DeviceContext& context)
    : rows_(csr.num_rows), cols_(csr.num_cols) {
  // Past the column bound a rest code would read as a slot (hub_split_build.cuh).
  if (std::optional<std::string> refusal = hub_split_refusal(csr.num_cols)) throw UsageError(*refusal);
  const std::int64_t entries = csr.num_entries;
  const std::int64_t rows = csr.num_rows;
  const bool weighted = csr.values != nullptr;
  HubColumns ranked = rank_hub_columns(csr, Policy::hub_columns * Policy::max_tiers, context, transpose_offsets);
  const auto ranked_hubs = static_cast<std::int64_t>(ranked.columns.size());
  const vertex_t* const slot_of_column = ranked.slot_of_column.data();

  // Pass 1 counts every candidate tier's entries per row and per walk
  // range (tier 0 is a candidate even without hubs: it is always kept).
  const auto candidates = static_cast<int>(
      std::max<std::int64_t>(1, (ranked_hubs + Policy::hub_columns - 1) / Policy::hub_columns));
  const std::int64_t ranges = walk_ranges(entries);
  std::vector<TierCounts> counts;
  CountTierEntries count{csr.offsets, rows, csr.indices, entries, slot_of_column, {}, {}};
  for (int t = 0; t < candidates; ++t) {
    counts.emplace_back(context, rows, ranges);
    count.row_entries[t] = counts[t].row_entries.data();
    count.range_entries[t] = counts[t].range_entries.data();
  }
  run_walk(context, ranges, count);
  int kept_tiers = 0;
  for (int t = 0; t < candidates; ++t) {
    counts[t].scan_rows(context, rows);
    if (t > 0 && !counts[t].pays_for_its_pass()) break;
    ++kept_tiers;
  }
  const std::int64_t kept_hubs = std::min<std::int64_t>(kept_tiers * std::int64_t{Policy::hub_columns}, ranked_hubs);
  if (kept_hubs < ranked_hubs)
    for_each_index(context, ranked_hubs - kept_hubs,
                   UnmarkHub{ranked.columns.data() + kept_hubs, ranked.slot_of_column.data()});

  // The rest part. Every column of a rest entry has entries and is in no
  // kept tier, so it has an index in the compact x.
  if (compact_rest_x) {
    rest_x_columns_ = rank_rest_columns(ranked, context);
    rest_x_ = DeviceVector<std::uint64_t>(context.memory, rest_x_columns_.size());
  }
  rest_entries_ = entries;
  for (int t = 0; t < kept_tiers; ++t) rest_entries_ -= counts[t].entries;
  rest_offsets_ = DeviceVector<edge_t>(context.memory, static_cast<std::size_t>(rows) + 1);
  rest_columns_ = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(rest_entries_));
  if (weighted) rest_weights_ = DeviceVector<float>(context.memory, static_cast<std::size_t>(rest_entries_));
  RestOffsets rest_offsets{csr.offsets, kept_tiers, {}, rest_offsets_.data()};

  // Pass 2 places every entry: in its kept tier's groups or in the rest.
  // The slot map is not read again, so it becomes the placement's map.
  vertex_t* const place_of_column = ranked.slot_of_column.data();
  if (compact_rest_x)
    for_each_index(context, static_cast<std::int64_t>(rest_x_columns_.size()),
                   MarkRestIndex{rest_x_columns_.data(), place_of_column});
  else
    for_each_index(context, cols_, MarkRestColumn{place_of_column});
  PlaceEntries place{csr.offsets,
                     rows,
                     csr.indices,
                     csr.values,
                     entries,
                     place_of_column,
                     kept_tiers,
                     {},
                     rest_columns_.data(),
                     weighted ? rest_weights_.data() : nullptr};
  std::vector<DeviceVector<edge_t>> range_before;
  for (int t = 0; t < kept_tiers; ++t) {
    const std::int64_t first = t * std::int64_t{Policy::hub_columns};
    const std::int64_t end = std::min<std::int64_t>(first + Policy::hub_columns, ranked_hubs);
    Tier& tier = add_tier(context, weighted, ranked, first, end, counts[t].groups);
    range_before.emplace_back(context.memory, static_cast<std::size_t>(ranges) + 1);
    exclusive_sum(context, "cub::DeviceScan::ExclusiveSum (tier entries per walk range)",
                  thrust::make_transform_iterator(thrust::counting_iterator<edge_t>(0),
                                                  CountOrZero{counts[t].range_entries.data(), ranges}),
                  ranges, range_before.back());
    place.tiers[t] = TierTarget{counts[t].row_entries.data(),
                                counts[t].row_before.data(),
                                counts[t].group_start.data(),
                                range_before.back().data(),
                                static_cast<std::uint16_t>(end - first),
                                tier.group_slots.data(),
                                weighted ? tier.group_weights.data() : nullptr,
                                tier.group_rows.data()};
    rest_offsets.row_before[t] = counts[t].row_before.data();
  }
  run_walk(context, ranges, place);
  if (rows > 0) for_each_index(context, rows + 1, rest_offsets);
  for (int t = 0; t < kept_tiers; ++t)
    tiers_[static_cast<std::size_t>(t)].find_tile_spans(context, counts[t].group_start);
  rest_partition_.emplace(rest_view(), context, CsrMergePolicy::tile_items);
  plan_overlap(context);
}

void HubSplitFormat::plan_overlap(const DeviceContext& context) {
  if (tiers_.empty() || rest_entries_ < Policy::overlap_min_rest_entries) return;
  double hub_slots = 0.0;
  for (const Tier& tier : tiers_) hub_slots += static_cast<double>(tier.groups) * group_entries;
  const double rest_cost = static_cast<double>(rest_entries_) * Policy::rest_entry_slot_cost;
  const double share = hub_slots / (hub_slots + rest_cost) + Policy::hub_share_margin;
  const auto multiprocessors = static_cast<int>(std::lround(share * context.multiprocessors));
  if (multiprocessors >= context.multiprocessors) return;  // no SMs left to overlap with
  hub_multiprocessors_ = std::max(1, multiprocessors);
  hub_stream_.emplace();
  hub_sums_ = DeviceVector<std::uint64_t>(context.memory, static_cast<std::size_t>(rows_));
}

HubSplitFormat::Tier& HubSplitFormat::add_tier(const DeviceContext& context, bool weighted, const HubColumns& ranked,
                                               std::int64_t first, std::int64_t end, std::int64_t groups) {
  const std::int64_t hubs = end - first;
  const auto slots = static_cast<std::size_t>(groups) * group_entries;
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
  return tier;
}

void HubSplitFormat::Tier::find_tile_spans(const DeviceContext& context, const DeviceVector<edge_t>& group_start) {
  const std::int64_t tiles = segmented_tiles(groups);
  first_row_first_tile = DeviceVector<std::int64_t>(context.memory, static_cast<std::size_t>(tiles));
  last_row_last_tile = DeviceVector<std::int64_t>(context.memory, static_cast<std::size_t>(tiles));
  for_each_index(context, tiles,
                 TileRowSpans{group_rows.data(), group_start.data(), groups, first_row_first_tile.data(),
                              last_row_last_tile.data()});
  spans = SpanSlots(context, tiles);
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
                      rest_x_.size() * sizeof(std::uint64_t) + (rest_partition_ ? rest_partition_->bytes() : 0) +
                      hub_sums_.size() * sizeof(std::uint64_t);
  for (const Tier& tier : tiers_) total += tier.bytes();
  return total;
}

template <class Semiring>
void HubSplitFormat::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  using value_type = typename Semiring::value_type;
  static_assert(sizeof(value_type) <= sizeof(std::uint64_t), "the hub values hold values of up to 8 bytes");
  if (rows_ == 0) return;
  // The hub values first (they read only x), so that each hub pass's blocks
  // can fill their caches while the grid before them finishes (in turn; an
  // overlapped first tier waits for the fork's event instead).
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
  const SpmvOperands<Semiring> rest{rest_view(), operands.args, rest_x, operands.y};
  if (hub_multiprocessors_ == 0) {
    // The rest pass stores every selected row (or adds to it, as asked) ...
    rest_partition_->run(context, rest, Policy::rest_shared_memory_carveout_percent);
    // ... and each hub pass adds the rows' entries of its tier.
    for (Tier& tier : tiers_) run_hub_pass(context, operands, tier, context.multiprocessors);
    return;
  }
  // Overlapped: the hub passes are queued first, on the stream whose blocks
  // start first, so that they take their SMs before the rest pass's blocks
  // fill every SM.
  const value_type identity_value = Semiring::identity();
  Identity identity{0, sizeof(value_type)};
  std::memcpy(&identity.bytes, &identity_value, sizeof(value_type));
  auto* const hub_sums = reinterpret_cast<value_type*>(hub_sums_.data());
  if (hub_sums_hold_ != identity)
    for_each_index(context, rows_, FillSelectedWithIdentity<Semiring>{RowMask{}, hub_sums});
  hub_sums_hold_.reset();  // until AddHubSums is queued
  SpmvOperands<Semiring> into_hub_sums = operands;
  into_hub_sums.y = hub_sums;
  Fork fork(*hub_stream_, context.stream);
  for (Tier& tier : tiers_)
    run_hub_pass(context.on_stream(fork.side()), into_hub_sums, tier, hub_multiprocessors_);
  rest_partition_->run(context, rest, Policy::rest_shared_memory_carveout_percent);
  fork.join();
  for_each_index(context, rows_, AddHubSums<Semiring>{row_mask_of(operands.args), operands.y, hub_sums});
  hub_sums_hold_ = identity;
}

template <class Semiring>
void HubSplitFormat::run_hub_pass(const DeviceContext& context, const SpmvOperands<Semiring>& operands, Tier& tier,
                                  int multiprocessors) {
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
          std::min<std::int64_t>(static_cast<std::int64_t>(resident) * multiprocessors,
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

#pragma once
// csr-hub-split's copy of an adjacency (hub_split_kernels.cuh), built on the
// device: the CSR split into hub tiers and a rest part, all with the same rows.
// - Tier t holds the entries whose column ranks t * hub_columns .. (t + 1) *
//   hub_columns - 1 among the most-gathered columns (HubSplitPolicy), each as
//   its 16-bit slot in the tier, in CSR order, each row's padded with the
//   tier's pad slot to whole groups of HubSplitPolicy::group_entries; a row
//   id per group. Tier 0 is kept whenever the graph has entries; a later
//   tier only while its entries fill enough of its groups' slots for its
//   size (HubSplitPolicy::min_tier_fill; past that, the padding and the
//   pass cost more than the L2 gathers the tier saves).
// - The rest part is a CSR of the other entries. With compact_rest_x (x
//   beyond the L2), its columns are indices into a compact copy of their x
//   (rank_rest_columns' order: the most-gathered first), which each call
//   gathers before the rest pass: the gathers that hit the L2 then crowd
//   into the copy's start instead of spreading over all of x.
// Each part has its own copy of its weights. A call runs csr-merge over the
// rest part, which stores every selected row, and one hub pass per tier,
// which adds each row's entries of the tier (summed in CSR order). Either
// - in turn: the hub passes add to y after the rest pass, tier by tier; or,
// - overlapped (a rest part of HubSplitPolicy::overlap_min_rest_entries or
//   more): the hub passes run on a stream of their own, on a share of the
//   SMs, while the rest pass runs on the others; they add to a row vector of
//   hub sums, which a last pass adds to y and resets to the identity. A
//   row's sum is then its rest sum plus its tiers' sum.
// The build walks the entries twice, a warp per range of them
// (hub_split_build.cuh): the first counts every candidate tier's entries per
// row and per range; scans of those counts decide which tiers are kept and
// tell each entry where it goes; the second places every entry in its
// tier's groups or in the rest part.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/runtime/stream.cuh"
#include "cuda/spmv/formats/csr_hub_split/hub_columns.cuh"
#include "cuda/spmv/formats/csr_merge/merge_partition.cuh"
#include "cuda/spmv/common/span_slots.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

class HubSplitFormat {
 public:
  // transpose_offsets: see rank_hub_columns (hub_columns.cuh).
  HubSplitFormat(const CsrView& csr, const edge_t* transpose_offsets, bool compact_rest_x,
                 const DeviceContext& context);

  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands);

  std::size_t bytes() const;
  // The hub tiers kept (each one hub pass a call).
  int tier_count() const { return static_cast<int>(tiers_.size()); }
  // The SMs the overlapped hub passes take; 0 when the passes run in turn.
  int hub_multiprocessors() const { return hub_multiprocessors_; }

 private:
  // One tier's groups, summed by one hub pass.
  struct Tier {
    std::int64_t groups = 0;
    DeviceVector<vertex_t> columns;         // per slot: the hub's column
    DeviceVector<std::uint64_t> values;     // per slot and the pad slot: x, for values of up to 8 bytes
    DeviceVector<vertex_t> group_rows;      // per group
    DeviceVector<std::uint16_t> group_slots;  // group_entries per group
    DeviceVector<float> group_weights;      // group_entries per group; empty when the CSR has no weights
    // Rows whose groups span the hub pass's tiles (spanning_rows.cuh): per
    // tile, the first tile of its first row and the last of its last row.
    DeviceVector<std::int64_t> first_row_first_tile;
    DeviceVector<std::int64_t> last_row_last_tile;
    SpanSlots spans;

    std::int64_t hubs() const { return static_cast<std::int64_t>(columns.size()); }
    std::size_t bytes() const;
    // Once the groups are placed: the spans of rows over the hub pass's
    // tiles, from each row's first group (group_start, rows + 1 values).
    void find_tile_spans(const DeviceContext& context, const DeviceVector<edge_t>& group_start);
  };

  // Tier [first, end) of the ranked columns, of `groups` groups: its
  // columns copied, its groups allocated for the build to place.
  Tier& add_tier(const DeviceContext& context, bool weighted, const HubColumns& ranked, std::int64_t first,
                 std::int64_t end, std::int64_t groups);
  // Decides whether the passes overlap, once the parts are built.
  void plan_overlap(const DeviceContext& context);
  // Each tier's pass on resident blocks of `multiprocessors` SMs, adding to
  // operands.y.
  template <class Semiring>
  void run_hub_pass(const DeviceContext& context, const SpmvOperands<Semiring>& operands, Tier& tier,
                    int multiprocessors);
  CsrView rest_view() const;
  // Empty without compact_rest_x, or when the rest part has no entries: its
  // columns then index x itself.
  bool rest_x_is_compact() const { return !rest_x_columns_.empty(); }

  vertex_t rows_ = 0;
  vertex_t cols_ = 0;
  std::vector<Tier> tiers_;
  std::int64_t rest_entries_ = 0;
  DeviceVector<edge_t> rest_offsets_;       // rows + 1
  DeviceVector<vertex_t> rest_columns_;     // per other entry: its column, or its index in rest_x_
  DeviceVector<vertex_t> rest_x_columns_;   // compact_rest_x: per index of the compact x, its column
  DeviceVector<std::uint64_t> rest_x_;      // compact_rest_x: per index, x, for values of up to 8 bytes
  DeviceVector<float> rest_weights_;        // per other entry; empty when the CSR has no weights
  std::optional<MergePartition> rest_partition_;  // csr-merge's tiles
  // A semiring's identity as the bytes of its value (up to 8) and its width.
  struct Identity {
    std::uint64_t bytes = 0;
    std::size_t width = 0;
    bool operator==(const Identity&) const = default;
  };
  // Overlapped passes only: the SMs of the hub passes, their stream, and
  // their per-row sums (values of up to 8 bytes), which hold between calls
  // the identity of the semiring last run (nullopt: not known to hold one).
  int hub_multiprocessors_ = 0;
  std::optional<ForkedStream> hub_stream_;
  DeviceVector<std::uint64_t> hub_sums_;
  std::optional<Identity> hub_sums_hold_;
  std::unordered_map<const void*, int> resident_per_multiprocessor_;  // fitted once per kernel
};

}  // namespace graphrun::cuda::spmv

#pragma once
// "nnz-split" SpMM kernel: Y = A X with every lane group multiplying one
// piece of at most NnzSplitPolicy::piece_entries entries (RowPieces lists
// them), so work is balanced by entries and no lane walks a long row. See
// NnzSplitPolicy for why. Device code only; spmm.cu launches its two
// kernels (at the end of this file).
//
// A warp holds `groups` consecutive pieces. The pieces of one row that fall
// in the same warp are added by a segmented suffix sum over the groups
// (shuffles), so the first group of each run of equal rows holds the run's
// total. A row whose pieces all lie in the warp is stored by that group. A
// row spanning warps is finished like csr-merge's spanning rows
// (spmv/spanning_rows.cuh), with vectors instead of scalars: every warp it
// touches leaves its run in a slot (the "closing" slot for the run that began
// in an earlier warp and ends here, the "opening" slot for the run still open
// at the warp's end) and counts itself in on the row's counter; the warp that
// arrives last adds the slots in warp order and stores the row. A row's warps
// follow from RowPieces::row_first_piece alone. Partials of several floats do
// not fit a presence-bit word, so arrivals use the fenced protocol; only
// warps with a spanning row pay for the fence, and only at the scope of the
// row's warps: a block's when they all lie in one block, else the device's.
// Deterministic: the in-warp tree and the slot order are fixed.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "cuda/spmm/common/dense_vector.cuh"
#include "cuda/spmm/common/lane_vectors.cuh"
#include "cuda/spmm/formats/nnz_split/row_pieces.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"
#include "cuda/spmm/common/staged_chunk.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

// The two slots of every warp, `width` floats each.
enum class SpanSlot { opening = 0, closing = 1 };

__device__ __forceinline__ float* span_slot(float* slots, std::int64_t warp, SpanSlot kind, std::size_t width) {
  return slots + (static_cast<std::size_t>(warp) * 2 + static_cast<std::size_t>(kind)) * width;
}

// The fence between a spanning row's slot stores and its arrival count, and
// between the last arrival and the slot loads: at block scope when all the
// row's warps are in one block, else at device scope (see the arrival in
// nnz_split_spmm for why the scope matters).
__device__ __forceinline__ void order_span_slots(bool in_block) {
  if (in_block)
    __threadfence_block();
  else
    __threadfence();
}

// The total of a row spanning warps [first_warp, last_warp] at this lane's
// vectors: the first warp's opening slot, the middle warps' opening slots,
// the last warp's closing slot, in that order. Loads bypass L1 (__ldcg)
// when other SMs wrote the slots; when the row's warps are all in this block
// (in_block), they are ordinary loads, ordered by the block-scope fence.
// Several slots are loaded per trip so that a hub spanning many warps is not
// one dependent load per warp.
template <int V, int P>
__device__ __forceinline__ void sum_span_slots(float* slots, std::size_t width, std::int64_t first_warp,
                                               std::int64_t last_warp, bool in_block, const LaneVectors<P>& mine,
                                               DenseVector<V> (&total)[P]) {
  constexpr int batch = 4;
#pragma unroll
  for (int p = 0; p < P; ++p) total[p] = DenseVector<V>::zero();
  for (std::int64_t warp = first_warp; warp <= last_warp; warp += batch) {
    DenseVector<V> loaded[batch][P];
#pragma unroll
    for (int b = 0; b < batch; ++b) {
      const std::int64_t slot_warp = warp + b;
      const SpanSlot kind = slot_warp == last_warp ? SpanSlot::closing : SpanSlot::opening;
      const float* slot = span_slot(slots, slot_warp, kind, width);
#pragma unroll
      for (int p = 0; p < P; ++p)
        // A run-time select, one sum for both load kinds: a template
        // parameter per kind duplicates the sum and was slower.
        loaded[b][p] = slot_warp > last_warp || !mine.active[p] ? DenseVector<V>::zero()
                       : in_block                              ? DenseVector<V>::load_plain(slot + mine.offset[p])
                                                               : DenseVector<V>::load_l2(slot + mine.offset[p]);
    }
#pragma unroll
    for (int b = 0; b < batch; ++b)
#pragma unroll
      for (int p = 0; p < P; ++p) total[p].add(loaded[b][p]);
  }
}

// sum[p] += A[begin, end) (x) X at this lane's vectors, for a piece of at
// most Entries entries. All the piece's columns and weights are loaded in one
// round first; the X loads then depend on nothing but them, so a piece costs
// about two memory latencies rather than two per trip of Unroll entries
// (accumulate_entries' loop, which does not know its trip count). Trips past
// the piece's end are skipped.
template <int V, bool UseWeights, int P, int Entries, int Unroll>
__device__ __forceinline__ void accumulate_piece(const CsrView& a, const float* __restrict__ x, std::size_t width,
                                                 edge_t begin, edge_t end, const LaneVectors<P>& mine,
                                                 DenseVector<V> (&sum)[P]) {
  static_assert(Entries % Unroll == 0, "a piece is a whole number of trips");
  vertex_t column[Entries];
  float weight[Entries];
#pragma unroll
  for (int k = 0; k < Entries; ++k) {
    const bool present = begin + k < end;
    column[k] = present ? __ldg(a.indices + begin + k) : no_vertex;
    weight[k] = UseWeights && present ? __ldg(a.values + begin + k) : 1.0f;
  }
#pragma unroll
  for (int first = 0; first < Entries; first += Unroll) {
    if (begin + first >= end) break;
    const float* x_row[Unroll];
    bool present[Unroll];
    float trip_weight[Unroll];
#pragma unroll
    for (int u = 0; u < Unroll; ++u) {
      present[u] = begin + first + u < end;
      x_row[u] = x + (present[u] ? static_cast<std::size_t>(column[first + u]) * width : 0);
      trip_weight[u] = weight[first + u];
    }
    add_trip<V, P, Unroll>(x_row, present, trip_weight, mine, sum);
  }
}

// sum[p] += A[begin, end) (x) X at this lane's vectors, for lane groups of at
// least Entries lanes: lane i of the group loads the piece's entry i, one
// round for the whole piece, and each trip takes Unroll of them from their
// lanes by shuffles. The trips then wait on nothing but their X loads (the
// trip loop's pieces wait on a column load first, every trip), and a lane
// holds one column instead of the whole piece's (accumulate_piece's
// registers). All 32 lanes must call it together.
template <int V, bool UseWeights, int P, int Entries, int Unroll>
__device__ __forceinline__ void accumulate_piece_by_shuffles(const CsrView& a, const float* __restrict__ x,
                                                             std::size_t width, edge_t begin, edge_t end,
                                                             const LaneGroups& lanes, const LaneVectors<P>& mine,
                                                             DenseVector<V> (&sum)[P]) {
  static_assert(Entries % Unroll == 0, "a piece is a whole number of trips");
  constexpr unsigned full_warp = 0xffffffffu;
  const int count = static_cast<int>(end - begin);  // 0 .. Entries
  const bool owns_entry = lanes.lane_in_group < count;
  const vertex_t own_column = owns_entry ? __ldg(a.indices + begin + lanes.lane_in_group) : vertex_t{0};
  const float own_weight = UseWeights && owns_entry ? __ldg(a.values + begin + lanes.lane_in_group) : 1.0f;
  // Shuffles need every lane, so the warp's longest piece bounds the trips.
  const int warp_count = static_cast<int>(__reduce_max_sync(full_warp, static_cast<unsigned>(count)));
  const int group_base = lanes.group * lanes.group_lanes;
#pragma unroll
  for (int first = 0; first < Entries; first += Unroll) {
    if (first >= warp_count) break;  // warp-uniform
    const float* x_row[Unroll];
    bool present[Unroll];
    float weight[Unroll];
#pragma unroll
    for (int u = 0; u < Unroll; ++u) {
      const vertex_t column = __shfl_sync(full_warp, own_column, group_base + first + u);
      weight[u] = UseWeights ? __shfl_sync(full_warp, own_weight, group_base + first + u) : 1.0f;
      present[u] = first + u < count;
      x_row[u] = x + static_cast<std::size_t>(column) * width;
    }
    add_trip<V, P, Unroll>(x_row, present, weight, mine, sum);
  }
}

// nnz-split's body, one thread's whole work (the kernels below run it). V,
// UseWeights as in warp_row_spmm_kernel; P: vectors per lane and pass;
// group_lanes: the smallest power of two >= vectors / P, at most 32, so a
// warp holds 32 / group_lanes pieces; ColumnsByShuffle: group_lanes >=
// NnzSplitPolicy::piece_entries (required with P > 1). `slots`: 2 * warps *
// width floats, any content (a slot is written before it is read).
template <int V, bool UseWeights, int P, bool ColumnsByShuffle>
__device__ __forceinline__ void nnz_split_spmm(const CsrView& a, const float* __restrict__ x, float* __restrict__ y,
                                               std::size_t width, int group_lanes, const RowPieceList& pieces,
                                               std::int64_t warps, float* __restrict__ slots) {
  using Policy = NnzSplitPolicy;
  static_assert(ColumnsByShuffle || P == 1, "two vectors per lane need the shuffled columns (registers)");
  constexpr unsigned full_warp = 0xffffffffu;
  const int lane = static_cast<int>(threadIdx.x) % spmm_warp_size;
  const LaneGroups lanes(lane, group_lanes);
  const std::int64_t warp =
      static_cast<std::int64_t>(blockIdx.x) * Policy::warps_per_block + static_cast<int>(threadIdx.x) / spmm_warp_size;
  if (warp >= warps) return;  // warp-uniform

  const std::int64_t first_piece = warp * lanes.groups;
  const std::int64_t piece = first_piece + lanes.group;
  const bool valid = piece < pieces.pieces;
  // Groups past the last piece take row no_vertex, equal to no real row.
  const vertex_t row = valid ? pieces.piece_rows[piece] : no_vertex;
  const edge_t begin = valid ? pieces.piece_begin[piece] : 0;
  const edge_t end = valid ? pieces.piece_begin[piece + 1] : 0;  // the next piece begins where this one ends
  const vertex_t row_before = __shfl_up_sync(full_warp, row, static_cast<unsigned>(group_lanes));
  const bool head = valid && (lanes.group == 0 || row_before != row);  // first group of its run in this warp

  // Where the head's row lies: whole in this warp, or spanning warps.
  std::int64_t row_first = 0, row_last = 0;
  if (head) {
    row_first = pieces.row_first_piece[row];
    row_last = pieces.row_first_piece[row + 1] - 1;
  }
  const bool begins_here = row_first >= first_piece;
  const bool ends_here = row_last < first_piece + lanes.groups;
  const bool whole = begins_here && ends_here;
  const SpanSlot kind = ends_here ? SpanSlot::closing : SpanSlot::opening;

  const std::size_t vectors = width / V;
  const std::size_t pass_vectors = static_cast<std::size_t>(group_lanes) * P;
  for (std::size_t pass = 0; pass < vectors; pass += pass_vectors) {
    const LaneVectors<P> mine(pass + static_cast<std::size_t>(lanes.lane_in_group), group_lanes, vectors, V);
    DenseVector<V> sum[P];
#pragma unroll
    for (int p = 0; p < P; ++p) sum[p] = DenseVector<V>::zero();
    // Groups of at least a piece's lanes (widths >= 64 with float4) load the
    // piece's columns a lane each and share them by shuffles; narrower
    // groups load all of them in every lane. Both issue one round of column
    // loads per piece, so a piece costs its X loads after that (the trip
    // loop of accumulate_entries waits on a column load every trip). Wide
    // groups share by shuffles because, with two vectors per lane, loading
    // every column in every lane raises the register count and costs
    // resident warps (docs/decisions/022-spmm-nnz-split.md).
    if constexpr (ColumnsByShuffle)
      accumulate_piece_by_shuffles<V, UseWeights, P, Policy::piece_entries, Policy::entry_unroll>(
          a, x, width, begin, end, lanes, mine, sum);
    else
      accumulate_piece<V, UseWeights, P, Policy::piece_entries, Policy::entry_unroll>(a, x, width, begin, end, mine,
                                                                                       sum);
    // Segmented suffix sum over the groups: afterwards each group holds the
    // sum of its run from itself to the run's end (rows ascend with the
    // groups, so equal rows are one contiguous run).
    for (int step = 1; step < lanes.groups; step *= 2) {
      const auto delta = static_cast<unsigned>(step * group_lanes);
      const vertex_t row_after = __shfl_down_sync(full_warp, row, delta);
      const bool same_run = lanes.group + step < lanes.groups && row_after == row;
#pragma unroll
      for (int p = 0; p < P; ++p) sum[p].add_from_lane_above(static_cast<int>(delta), same_run);
    }
    if (head)
      store_vectors<V, P>(whole ? y + static_cast<std::size_t>(row) * width : span_slot(slots, warp, kind, width),
                          mine, sum);
  }
  if (!head || whole) return;

  // Arrive on the spanning row (the fenced "last block" pattern): this
  // group's slot stores are visible to the row's other warps before its
  // count. When those warps all lie in this block, a block-scope fence is
  // enough (the last warp then reads the slots with ordinary loads, coherent
  // in this SM's L1), and every warp of the row reaches the same choice. A
  // device-scope fence waits for the stores to reach L2, which on the
  // smallest graphs is on the critical path, and invalidates the SM's L1,
  // which holds the X rows of the next pieces
  // (docs/decisions/022-spmm-nnz-split.md).
  const unsigned group_mask =
      (group_lanes == spmm_warp_size ? full_warp : ((1u << group_lanes) - 1u)) << (lanes.group * group_lanes);
  const int leader = lanes.group * group_lanes;
  const std::int64_t first_warp = row_first / lanes.groups;
  const std::int64_t last_warp = row_last / lanes.groups;
  const bool in_block = first_warp / Policy::warps_per_block == last_warp / Policy::warps_per_block;
  order_span_slots(in_block);
  __syncwarp(group_mask);
  unsigned arrived = 0;
  if (lane == leader) arrived = atomicAdd(&pieces.arrivals[row], 1u);
  arrived = __shfl_sync(group_mask, arrived, leader);
  if (arrived != static_cast<unsigned>(last_warp - first_warp)) return;
  if (lane == leader) pieces.arrivals[row] = 0;  // for the next call
  order_span_slots(in_block);
  for (std::size_t pass = 0; pass < vectors; pass += pass_vectors) {
    const LaneVectors<P> mine(pass + static_cast<std::size_t>(lanes.lane_in_group), group_lanes, vectors, V);
    DenseVector<V> total[P];
    sum_span_slots<V, P>(slots, width, first_warp, last_warp, in_block, mine, total);
    store_vectors<V, P>(y + static_cast<std::size_t>(row) * width, mine, total);
  }
}

// Launch: blockDim.x = NnzSplitPolicy::threads_per_block, gridDim.x =
// ceil(warps / warps_per_block), warps = ceil(pieces / (32 / group_lanes)).
// Two kernels because they take different register bounds (see
// NnzSplitPolicy::columns_first_min_blocks): groups of at least a piece's
// lanes, any P ...
template <int V, bool UseWeights, int P>
__global__ void __launch_bounds__(NnzSplitPolicy::threads_per_block)
    nnz_split_shuffled_kernel(CsrView a, const float* __restrict__ x, float* __restrict__ y, std::size_t width,
                              int group_lanes, RowPieceList pieces, std::int64_t warps, float* __restrict__ slots) {
  nnz_split_spmm<V, UseWeights, P, true>(a, x, y, width, group_lanes, pieces, warps, slots);
}

// ... and narrower groups, one vector per lane.
template <int V, bool UseWeights>
__global__ void __launch_bounds__(NnzSplitPolicy::threads_per_block, NnzSplitPolicy::columns_first_min_blocks)
    nnz_split_columns_first_kernel(CsrView a, const float* __restrict__ x, float* __restrict__ y, std::size_t width,
                                   int group_lanes, RowPieceList pieces, std::int64_t warps,
                                   float* __restrict__ slots) {
  nnz_split_spmm<V, UseWeights, 1, false>(a, x, y, width, group_lanes, pieces, warps, slots);
}

}  // namespace graphrun::cuda::spmm_detail

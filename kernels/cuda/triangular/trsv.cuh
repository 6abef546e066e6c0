#pragma once
// The lower triangular solve on the device (contract: TriangularKernels in
// graphrun/algorithms/kernels/triangular_kernels.hpp; sizes checked there).
//
// Analysis: L's shape is checked on the device (UsageError after a
// read-back), then each row's dependency level is found by a sync-free pass
// (a row waits for the levels of the rows it reads), and for the level-set
// method the rows are sorted by level.
//
// Solves: row i's off-diagonal terms are summed by a group of lanes,
// strided then as a tree, so the bits differ from the cpu backend's
// row-order sums by rounding only.
//   level_set        a launch per level over its rows, a group of lanes per
//                    row (the policy's width from the mean row length);
//   sync_free        warps take rows from a ticket in level order (every
//                    row a warp waits on was taken before it, and the rows
//                    in flight are those of the current levels) and wait,
//                    entry by entry, for the rows they read;
//   recursive_block  halves of rows: the top solved, the bottom's reads of
//                    it subtracted by one SpMV-like pass, the bottom solved;
//                    leaves sync-free in level order, reading their own
//                    columns only.
// A waiting row polls the solved-flags of this solve: a flag holds the
// number of the solve that set it, so no pass clears them, and the ticket
// counter only grows (each launch starts past the tickets drawn before).
#include <memory>
#include <span>
#include <vector>

#include "graphrun/algorithms/kernels/triangular_kernels.hpp"
#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Tuning of the solve (CUB-style policy).
struct TrsvPolicy {
  // Lanes per row: the smallest power of two >= the mean row length, within
  // [min_lanes, 32].
  static constexpr int min_lanes = 2;
  static constexpr int threads = 256;
  // automatic: level_set when the levels average at least this many rows
  // (few launches, each wide); else recursive_block when L has at least
  // recursive_block_min_leaves x leaf_rows rows and a row of at least hub_row_entries
  // entries (a hub that one polling warp would walk flag by flag; the
  // off-diagonal blocks take such rows as an SpMV); else sync_free.
  static constexpr double level_set_rows_per_level = 8192;
  static constexpr vertex_t recursive_block_min_leaves = 4;
  static constexpr edge_t hub_row_entries = 1024;
  // recursive_block: halves until a block has at most this many rows.
  static constexpr vertex_t leaf_rows = 1 << 16;
  // A waiting row's pause between polls: doubling from the first to the
  // longest.
  static constexpr unsigned int first_pause_ns = 16;
  static constexpr unsigned int longest_pause_ns = 256;
};

class CudaTrsvAnalysis final : public TrsvAnalysis {
 public:
  CudaTrsvAnalysis(TrsvMethod method, TrsvPrecision precision, std::size_t levels, MemoryResource& memory)
      : TrsvAnalysis(method, precision, levels), order(memory, 0), solved(memory, 0), ticket(memory, 0) {}
  int lanes = 32;                     // per row, level_set
  DeviceVector<vertex_t> order;       // rows by level (recursive_block: by leaf, then level)
  std::vector<std::size_t> starts;    // level_set: level l is order[starts[l], starts[l + 1])
  // The waiting methods' state, kept between solves (a solve is not
  // thread-safe against another on the same analysis).
  mutable DeviceVector<int> solved;                 // per row: the solve that set it, 0 = none yet
  mutable DeviceVector<unsigned long long> ticket;  // tickets drawn so far
  mutable int solves = 0;
  mutable unsigned long long tickets_drawn = 0;
};

// UsageError naming the first row of `lower` that does not end with a
// non-zero, finite diagonal entry (one read-back).
void check_lower_shape(const DeviceContext& context, const CsrView& lower);

std::unique_ptr<CudaTrsvAnalysis> analyse_lower(const DeviceContext& context, const CsrView& lower,
                                                TrsvMethod method, TrsvPrecision precision);

template <class T>
void solve_lower(const DeviceContext& context, const CsrView& lower, const CudaTrsvAnalysis& analysis,
                 std::span<const T> b, std::span<T> x);

}  // namespace graphrun::cuda

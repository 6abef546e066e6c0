#pragma once
// Contract between the CUDA backend (kernels/cuda/cuda_backend.*) and the
// native SpMV kernel family (kernels/cuda/spmv/). The backend owns one
// SpmvPlan per uploaded adjacency (out-CSR, and in-CSR for directed graphs).
#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "graphrun/memory.hpp"
#include "graphrun/types.hpp"

namespace graphrun::cuda {

// Device arrays of one CSR adjacency (owned by the backend's graph).
struct CsrView {
  const edge_t* offsets = nullptr;   // num_rows + 1
  const vertex_t* indices = nullptr; // num_entries, sorted within rows, no duplicates
  const float* values = nullptr;     // num_entries; nullptr: a pattern graph (every weight 1)
  vertex_t num_rows = 0;
  vertex_t num_cols = 0;
  edge_t num_entries = 0;
};

// Per-call options of the primitive interface's SpmvDescriptor, as kernels see them.
struct SpmvArgs {
  bool use_weights = true;
  bool accumulate = false;
  const std::uint8_t* mask_flags = nullptr;  // nullptr = every row selected
  bool mask_complement = false;
};

// An ELL copy of an adjacency as its kernel reads it: every row padded to
// `width` slots, column-major (slot k of row r at k * rows + r); padding
// slots hold column no_vertex (ell_kernels.cuh, ell_format.cuh). ell-compact's copy
// stores each slot's column - row in 16 bits instead (padding: -32768, which
// no entry within reach 32767 has): exactly one of the two is set.
struct EllView {
  const vertex_t* columns = nullptr;  // width * rows slots
  const std::int16_t* column_offsets = nullptr;  // the same slots, column - row
  const float* weights = nullptr;     // same layout; nullptr when the CSR has no weights
  std::int64_t rows = 0;
  std::int64_t width = 0;
};

// csr-compact's copy of an adjacency's structure as its kernel reads it
// (compact_kernels.cuh, compact_format.cuh): each row's length in 8 bits,
// each 32-row tile's first entry, and each entry's column minus its row in
// 16 bits. Entries keep the CSR's order, so the weights are the CSR's own.
struct CompactView {
  const edge_t* tile_starts = nullptr;           // rows / 32 rounded up
  const std::uint8_t* lengths = nullptr;         // rows
  const std::int16_t* column_offsets = nullptr;  // entries: column - row
  const float* weights = nullptr;                // the CSR's values (may be nullptr)
  std::int64_t rows = 0;
};

// The stencil copy of an adjacency as its kernel reads it
// (stencil_kernels.cuh, stencil_format.cuh): the diagonals (column - row)
// its entries lie on, a mask per row of the diagonals the row has, and the
// weights diagonal-major: diagonal k of row r at weight_starts[k] + r. A
// diagonal's own slots start at its slot number x rows. In a mirrored copy
// (symmetric weights) only the diagonals at or below the main one have
// slots, and a diagonal d > 0 reads those of its mirror -d shifted by d:
// entry (r, r + d) is entry (r + d, r).
struct StencilView {
  static constexpr int max_diagonals = 32;  // bits of a row's mask
  const std::uint32_t* masks = nullptr;  // rows
  const float* weights = nullptr;        // slot diagonals * rows; nullptr when the CSR has no weights
  std::int64_t rows = 0;
  int diagonals = 0;
  std::int32_t offsets[max_diagonals] = {};  // ascending
  std::int64_t weight_starts[max_diagonals] = {};
};

// The stencil-packed copy of an adjacency as its kernel reads it
// (packed_stencil_kernels.cuh, packed_stencil_format.cuh): the stencil's
// diagonals and per-row masks, narrowed to the fewest bytes that hold a bit
// per diagonal, and each 32-row tile's first entry. A row's entries are its
// mask's set bits in ascending order, which is the CSR's column order, so
// the weights are the CSR's own and no slot is padded.
struct PackedStencilView {
  const void* masks = nullptr;          // rows masks of mask_bytes bytes each
  const edge_t* tile_starts = nullptr;  // rows / 32 rounded up
  const float* weights = nullptr;       // the CSR's values (may be nullptr)
  std::int64_t rows = 0;
  int mask_bytes = 1;  // 1, 2 or 4
  int diagonals = 0;
  std::int32_t offsets[StencilView::max_diagonals] = {};  // ascending
};

// The structure alone of a stencil or stencil-packed copy, for primitives
// other than SpMV (label_mode): row r's neighbours are r + offsets[k] for
// each set bit k of its mask, a mask of mask_bytes (1, 2 or 4) bytes a row.
struct DiagonalRows {
  const void* masks = nullptr;  // rows masks of mask_bytes bytes each
  std::int64_t rows = 0;
  int mask_bytes = 4;
  int diagonals = 0;
  std::int32_t offsets[StencilView::max_diagonals] = {};  // ascending
};

// DiagonalRows over a stencil copy's masks (stencil and stencil-packed).
inline DiagonalRows diagonal_rows_of(const void* masks, int mask_bytes, std::int64_t rows, int diagonals,
                                     const std::int32_t (&offsets)[StencilView::max_diagonals]) {
  DiagonalRows view{masks, rows, mask_bytes, diagonals};
  for (int k = 0; k < StencilView::max_diagonals; ++k) view.offsets[k] = offsets[k];
  return view;
}

// The names --spmv-kernel accepts for the native backend besides "auto",
// one per registered format (dispatch/format_registry.hpp lists them with
// their family and a summary; csr-vector also takes ":K" lanes per row).
// Float sums are deterministic (bit-identical run to run) for every kernel
// except coo-atomic. "auto" is the rule in selection/auto_rule.cpp.
std::vector<std::string> spmv_kernel_names();

struct PageRankStepOperands;  // kernels/cuda/vector_ops/pagerank_step.cuh

namespace spmv {
struct RowStats;  // row_stats.hpp
}

// Everything an adjacency needs for fast SpMV: its row statistics, and the
// formats of the registry (dispatch/format_registry.hpp) built on the device
// on first use and kept by name for the graph's lifetime.
class SpmvPlan {
 public:
  // transpose_offsets: the row offsets of csr's transpose (num_cols + 1
  // values) where the device holds them, or nullptr; the hub formats read
  // each column's entries from them instead of counting (rank_hub_columns).
  SpmvPlan(CsrView csr, MemoryResource& memory, cudaStream_t stream, const edge_t* transpose_offsets = nullptr);
  ~SpmvPlan();
  SpmvPlan(const SpmvPlan&) = delete;
  SpmvPlan& operator=(const SpmvPlan&) = delete;

  // Resolves "auto" from cheap statistics; returns other names in their
  // canonical form after validating them (UsageError listing valid names
  // otherwise, or the format's refusal for this adjacency).
  std::string choose(const std::string& requested) const;

  // y<mask> = A (+.x) x on the plan's stream for Semiring in {PlusTimes<float>,
  // PlusTimes<double>, MinPlus, OrAnd, MinSecond} (explicitly instantiated).
  template <class Semiring>
  void run(const std::string& kernel, const SpmvArgs& args, const typename Semiring::value_type* x,
           typename Semiring::value_type* y);

  // PageRank's fused step (pagerank_step.cuh) on the row loop of the format
  // `kernel` (a name or "auto") resolves to, queued on the plan's stream;
  // false, queuing nothing, when that format has no row loop to fuse into.
  bool run_fused_pagerank_step(const std::string& kernel, const PageRankStepOperands& operands);

  // The diagonal masks of the stencil copy `kernel` (a name or "auto")
  // resolves to on this adjacency (stencil or stencil-packed, built here on
  // first use); std::nullopt when it resolves to another kernel, or names a
  // stencil kernel that refuses the adjacency.
  std::optional<DiagonalRows> diagonal_rows(const std::string& kernel) const;

  // The adjacency's row statistics (computed when the plan was built).
  const spmv::RowStats& stats() const;

  // Empty, or why "auto" runs a copy-free kernel (spmv::copy_free_kernel)
  // on this adjacency: its own format did not fit the free device memory.
  const std::string& fallback_note() const;

  // Bytes of derived formats built so far (device footprint reports).
  std::size_t bytes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace graphrun::cuda

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
  const float* values = nullptr;     // num_entries
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
// slots hold column -1 (ell_kernels.cuh, ell_format.cuh). ell-compact's copy
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

// A kernel that computes each row's sum whole in one thread, one lane group
// or one warp (csr-scalar*, csr-vector*, csr-stream, ell*, csr-compact, stencil*), as code that runs
// its row loop with another row output needs to know it (PageRank's fused step,
// kernels/cuda/vector_ops/pagerank_step.cu; launches in row_launch.cuh).
struct RowKernel {
  enum class Loop { scalar, scalar_unrolled, vector, stream, ell, compact, stencil, stencil_packed };
  Loop loop = Loop::scalar;
  int lanes = 1;  // lanes per row: 1 for the scalar loops, ell and compact, 2..32 for vector
  EllView ell{};  // the plan's ELL copy (ell or ell-compact), for Loop::ell
  CompactView compact{};  // the plan's compact copy, for Loop::compact
  StencilView stencil{};  // the plan's stencil copy, for Loop::stencil
  PackedStencilView packed_stencil{};  // the plan's stencil-packed copy, for Loop::stencil_packed
};

// Names accepted by --spmv-kernel for the native backend (besides "auto"):
//   csr-scalar, csr-scalar-unroll4      thread per row (plain / unrolled x4, __ldg)
//   csr-vector, csr-vector-{2,4,8,16}   32 / K lanes per row, shuffle reduction
//   csr-vector-auto                     lanes from row lengths, span, GPU size
//   csr-vector-shared-x                 warp per row, x span staged in shared memory
//   csr-stream                          warp per 32 rows, their entries in aligned windows
//   ell, hyb                            ELL (refused when padding explodes), ELL + COO tail
//   ell-compact                         ELL with 16-bit column offsets (refused as ell, or when
//                                       |column - row| > 32767)
//   stencil                             DIA: a 32-bit mask of diagonals per row, weights per
//                                       diagonal (refused unless the entries lie on <= 32
//                                       diagonals with <= 4 slots per entry)
//   stencil-packed                      thread per row over stencil's masks in 1, 2 or 4 bytes and
//                                       the CSR's weights (refused unless the entries lie on
//                                       <= 32 diagonals)
//   csr-compact                         thread per row over 8-bit lengths and 16-bit column offsets
//                                       (refused unless rows <= 255 entries, |column - row| <= 32767)
//   coo-atomic, coo-segmented           atomics / warp segmented scan over COO
//   csr-merge                           merge-path load balancing (rows + entries)
//   csr-merge-hub                       csr-merge's tiles, larger, by resident blocks that keep the
//                                       x of the most-gathered columns in shared memory
//   csr-hub-split                       the entries on the most-gathered columns as 16-bit slots,
//                                       summed with every such x in shared memory (a block per
//                                       SM), the other entries by csr-merge (from a compact
//                                       copy of their x, the most-gathered first, when x is
//                                       beyond the L2); with a large rest part, both at once on
//                                       shares of the SMs
// Float sums are deterministic (bit-identical run to run) for every kernel
// except coo-atomic. "auto" is documented in kernel_selection.cpp.
std::vector<std::string> spmv_kernel_names();

namespace spmv {
struct RowStats;  // row_stats.hpp
}

// Everything an adjacency needs for fast SpMV: row statistics, derived formats
// (ELL, HYB, COO, compact CSR, stencil, stencil-packed, load-balance partitions) built lazily on the device on first
// use and cached for the graph's lifetime.
class SpmvPlan {
 public:
  // transpose_offsets: the row offsets of csr's transpose (num_cols + 1
  // values) where the device holds them, or nullptr; the hub formats read
  // each column's entries from them instead of counting (rank_hub_columns).
  SpmvPlan(CsrView csr, MemoryResource& memory, cudaStream_t stream, const edge_t* transpose_offsets = nullptr);
  ~SpmvPlan();
  SpmvPlan(const SpmvPlan&) = delete;
  SpmvPlan& operator=(const SpmvPlan&) = delete;

  // Resolves "auto" from cheap statistics; returns other names unchanged after
  // validating them (UsageError listing valid names otherwise, or explaining
  // why "ell", "ell-compact", "csr-compact", "stencil" or "stencil-packed" is refused for this adjacency).
  std::string choose(const std::string& requested) const;

  // y<mask> = A (+.x) x on the plan's stream for Semiring in {PlusTimes<float>,
  // PlusTimes<double>, MinPlus, OrAnd, MinSecond} (explicitly instantiated).
  template <class Semiring>
  void run(const std::string& kernel, const SpmvArgs& args, const typename Semiring::value_type* x,
           typename Semiring::value_type* y);

  // The row kernel `kernel` (a name or "auto") resolves to on this adjacency,
  // csr-vector-auto's lanes and the ELL or compact copy (built here on first use)
  // included; std::nullopt when it resolves to a kernel of another shape
  // (coo-*, csr-merge*, csr-hub-split, hyb, csr-vector-shared-x).
  std::optional<RowKernel> row_kernel(const std::string& kernel) const;

  // The diagonal masks of the stencil copy `kernel` (a name or "auto")
  // resolves to on this adjacency (stencil or stencil-packed, built here on
  // first use); std::nullopt when it resolves to another kernel, or names a
  // stencil kernel that refuses the adjacency.
  std::optional<DiagonalRows> diagonal_rows(const std::string& kernel) const;

  // The adjacency's row statistics (computed when the plan was built).
  const spmv::RowStats& stats() const;

  // Bytes of derived formats built so far (device footprint reports).
  std::size_t bytes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace graphrun::cuda

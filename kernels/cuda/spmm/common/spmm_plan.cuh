#pragma once
// SpmmPlan: the rows of one adjacency that the SpMM kernels hand to wider
// workers than their own, listed once per graph (cuSPARSE's SpMM
// preprocessing plays the same role) instead of on every product:
//   medium rows  RowGroupPolicy::shared_row_entries <= length <
//                LongRowPolicy::min_entries: one warp each (row-group)
//   long rows    length >= LongRowPolicy::min_entries: block pieces
//                (long_row_kernel.cuh), in every row-class kernel family
// and, only for "nnz-split", every row cut into short pieces (RowPieces).
// Why: listing the long rows on every call costs a host round trip, as long
// as the whole product on a small graph; and a warp walking its medium rows
// one after another inside that warp makes one warp with several rows of a
// few hundred entries the tail of the product on a power-law graph
// (docs/decisions/021-spmm-row-kernels.md).
// Building the plan costs one listing pass, one scan and one read-back.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "graphrun/memory.hpp"
#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmm/formats/nnz_split/row_pieces.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Device arrays of the listed long rows: rows[i] is cut into piece_counts[i]
// pieces numbered from piece_begin[i] (exclusive prefix sum) on.
struct LongRowList {
  const vertex_t* rows = nullptr;
  const std::uint32_t* piece_counts = nullptr;
  const std::uint32_t* piece_begin = nullptr;
  std::int64_t count = 0;   // listed rows
  std::int64_t pieces = 0;  // their pieces in all
};

// Device array of the listed medium rows (in no particular order).
struct MediumRowList {
  const vertex_t* rows = nullptr;
  std::int64_t count = 0;
};

class SpmmPlan {
 public:
  // Lists the medium and long rows of `a` on context.stream and reads their
  // counts back (the plan's one host round trip).
  SpmmPlan(const DeviceContext& context, const CsrView& a);

  LongRowList long_rows() const {
    return {long_rows_.data(), piece_counts_.data(), piece_begin_.data(), long_count_, piece_count_};
  }
  MediumRowList medium_rows() const { return {medium_rows_.data(), medium_count_}; }

  // The rows of `a` (the matrix this plan was built for) cut into nnz-split
  // pieces, built on the first call that asks and kept with the plan.
  const RowPieces& pieces(const DeviceContext& context, const CsrView& a) const;

  // Device bytes the lists hold (device footprint reports).
  std::size_t bytes() const;

 private:
  DeviceVector<vertex_t> long_rows_;
  DeviceVector<std::uint32_t> piece_counts_;
  DeviceVector<std::uint32_t> piece_begin_;
  DeviceVector<vertex_t> medium_rows_;
  std::int64_t long_count_ = 0;
  std::int64_t piece_count_ = 0;
  std::int64_t medium_count_ = 0;
  mutable std::unique_ptr<RowPieces> pieces_;  // nnz-split's, on first use
};

}  // namespace graphrun::cuda

#pragma once
// RowPieces: the rows of one adjacency cut into pieces of at most
// NnzSplitPolicy::piece_entries entries, listed once per graph for the
// "nnz-split" SpMM kernel (nnz_split_kernel.cuh). Every row has at least one
// piece (an empty row one empty piece, so that its output row is written), and
// the pieces of a row are consecutive. Built on the first nnz-split product
// only: it costs 12 bytes per piece and 16 per row, which graphs that never
// run nnz-split should not pay.
#include <cstddef>
#include <cstdint>

#include "graphrun/memory.hpp"
#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Device arrays of the pieces, as the kernel reads them.
struct RowPieceList {
  const vertex_t* piece_rows = nullptr;        // [pieces]: the row of each piece
  const edge_t* piece_begin = nullptr;         // [pieces + 1]: first entry of each piece; the last is nnz
  const std::int64_t* row_first_piece = nullptr;  // [rows + 1]: exclusive prefix sum of pieces per row
  unsigned* arrivals = nullptr;                // [rows]: warps arrived on a row spanning warps; 0 between calls
  std::int64_t pieces = 0;
};

class RowPieces {
 public:
  // Cuts the rows of `a` on context.stream and reads the piece count back
  // (one host round trip, once per graph).
  RowPieces(const DeviceContext& context, const CsrView& a);

  RowPieceList list() const {
    return {piece_rows_.data(), piece_begin_.data(), row_first_piece_.data(), arrivals_.data(), pieces_};
  }

  // Scratch of at least `floats` floats for the slots of rows spanning warps
  // (nnz_split_kernel.cuh), kept with the pieces and grown to the widest
  // product seen, like cuSPARSE's SpMM buffer: allocating it on every call
  // cost about a microsecond of host time, most of a small graph's product.
  float* span_slots(const DeviceContext& context, std::size_t floats) const;

  std::size_t bytes() const {
    return piece_rows_.size() * sizeof(vertex_t) + piece_begin_.size() * sizeof(edge_t) +
           row_first_piece_.size() * sizeof(std::int64_t) + arrivals_.size() * sizeof(unsigned) +
           span_slots_.size() * sizeof(float);
  }

 private:
  std::int64_t pieces_ = 0;
  DeviceVector<vertex_t> piece_rows_;
  DeviceVector<edge_t> piece_begin_;
  DeviceVector<std::int64_t> row_first_piece_;
  mutable DeviceVector<unsigned> arrivals_;  // the kernel counts and clears them; no state survives a call
  mutable DeviceVector<float> span_slots_;   // any content: a slot is written before it is read
};

}  // namespace graphrun::cuda

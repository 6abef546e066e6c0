// RowPieces: count the pieces of every row, scan the counts, read the total
// back, then write each piece's row and first entry.
#include <cub/device/device_scan.cuh>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmm/formats/nnz_split/row_pieces.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"

namespace graphrun::cuda {
namespace {

__host__ __device__ constexpr std::int64_t pieces_of_row(edge_t entries) {
  return entries == 0 ? 1 : (entries + NnzSplitPolicy::piece_entries - 1) / NnzSplitPolicy::piece_entries;
}

// count_of[row] = the row's pieces, and count_of[rows] = 0, so that an
// exclusive scan of rows + 1 counts ends with the total.
void count_pieces(const DeviceContext& context, const CsrView& a, std::int64_t* count_of) {
  const std::int64_t rows = a.num_rows;
  const edge_t* offsets = a.offsets;
  for_each_index(context, rows + 1, [=] __device__(std::int64_t row) {
    count_of[row] = row < rows ? pieces_of_row(offsets[row + 1] - offsets[row]) : 0;
  });
}

// A thread per row: even a hub of 10^6 entries is only ~6 * 10^4 pieces, and
// this runs once per graph.
void write_pieces(const DeviceContext& context, const CsrView& a, const std::int64_t* first_piece,
                  std::int64_t pieces, vertex_t* piece_rows, edge_t* piece_begin) {
  const edge_t* offsets = a.offsets;
  const edge_t entries = a.num_entries;
  for_each_index(context, a.num_rows, [=] __device__(std::int64_t row) {
    const std::int64_t count = first_piece[row + 1] - first_piece[row];
    for (std::int64_t k = 0; k < count; ++k) {
      piece_rows[first_piece[row] + k] = static_cast<vertex_t>(row);
      piece_begin[first_piece[row] + k] = offsets[row] + k * NnzSplitPolicy::piece_entries;
    }
    if (row == 0) piece_begin[pieces] = entries;
  });
}

}  // namespace

RowPieces::RowPieces(const DeviceContext& context, const CsrView& a) {
  const std::int64_t rows = a.num_rows;
  if (rows == 0) return;
  DeviceVector<std::int64_t> counts(context.memory, static_cast<std::size_t>(rows) + 1);
  count_pieces(context, a, counts.data());
  row_first_piece_ = DeviceVector<std::int64_t>(context.memory, static_cast<std::size_t>(rows) + 1);
  const std::int64_t* count_of = counts.data();
  std::int64_t* first_piece = row_first_piece_.data();
  run_cub(context, "cub::DeviceScan::ExclusiveSum", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, count_of, first_piece, rows + 1, context.stream);
  });
  context.memory.copy(&pieces_, first_piece + rows, sizeof(pieces_), CopyKind::backend_to_host);

  piece_rows_ = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(pieces_));
  piece_begin_ = DeviceVector<edge_t>(context.memory, static_cast<std::size_t>(pieces_) + 1);
  write_pieces(context, a, first_piece, pieces_, piece_rows_.data(), piece_begin_.data());
  arrivals_ = DeviceVector<unsigned>(context.memory, static_cast<std::size_t>(rows));
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(arrivals_.data(), 0, arrivals_.size() * sizeof(unsigned), context.stream));
}

float* RowPieces::span_slots(const DeviceContext& context, std::size_t floats) const {
  if (span_slots_.size() < floats) {
    span_slots_ = DeviceVector<float>();  // free first: old and new never both held
    span_slots_ = DeviceVector<float>(context.memory, floats);
  }
  return span_slots_.data();
}

}  // namespace graphrun::cuda

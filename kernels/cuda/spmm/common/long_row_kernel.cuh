#pragma once
// Long rows of an SpMM: rows of at least LongRowPolicy::min_entries entries,
// which the one-warp-per-row kernels skip. Each long row is cut into pieces
// of LongRowPolicy::piece_entries entries and every piece gets a whole block,
// so a power-law hub is spread over the GPU instead of one block walking it
// alone. Why: with a block per whole row, the largest hub is a latency
// chain on one SM and the tail of the whole product
// (docs/decisions/021-spmm-row-kernels.md).
// A row of one piece is written straight to Y; a row of several pieces has
// each piece's partial row written to a scratch row, and a last pass adds
// the pieces in piece order. Within a piece the warps' parts are added in
// warp order, so the result is deterministic (no atomics on values).
// The rows and their pieces are listed once per graph (SpmmPlan). Device code
// only; spmm.cu sequences the passes.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "cuda/runtime/segment_search.cuh"
#include "cuda/spmm/common/dense_vector.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"
#include "cuda/spmm/common/staged_chunk.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

// One block per piece: blockIdx.x is a global piece number, piece_begin the
// exclusive prefix sum of the listed rows' piece counts. V, UseWeights and
// group_lanes as in warp_row_spmm_kernel.
//
// Launch: blockDim.x = LongRowPolicy::threads_per_block, gridDim.x = total pieces.
template <int V, bool UseWeights>
__global__ void __launch_bounds__(LongRowPolicy::threads_per_block)
    long_row_piece_kernel(CsrView a, const float* __restrict__ x, float* __restrict__ y, std::size_t width,
                          int group_lanes, const vertex_t* long_rows, const std::uint32_t* piece_counts,
                          const std::uint32_t* piece_begin, std::int64_t long_row_count,
                          float* __restrict__ piece_sums) {
  using Policy = LongRowPolicy;
  constexpr int warps = Policy::warps_per_block;
  __shared__ vertex_t staged_columns[warps][spmm_warp_size];
  __shared__ float staged_weights[warps][spmm_warp_size];
  __shared__ DenseVector<V> partial[warps][spmm_warp_size];

  const int warp = static_cast<int>(threadIdx.x) / spmm_warp_size;
  const int lane = static_cast<int>(threadIdx.x) % spmm_warp_size;
  const std::size_t vectors = width / V;
  const LaneGroups lanes(lane, group_lanes);

  // Every thread searches the same few offsets (cached): no barrier needed.
  const auto piece = static_cast<std::uint32_t>(blockIdx.x);
  const std::int64_t slot = segment_of(piece_begin, long_row_count, piece);
  const vertex_t row = long_rows[slot];
  const edge_t row_begin = a.offsets[row];
  const edge_t row_end = a.offsets[row + 1];
  const edge_t begin = row_begin + static_cast<edge_t>(piece - piece_begin[slot]) * Policy::piece_entries;
  const edge_t end = row_end - begin < Policy::piece_entries ? row_end : begin + Policy::piece_entries;
  float* destination = piece_counts[slot] == 1 ? y + static_cast<std::size_t>(row) * width
                                               : piece_sums + static_cast<std::size_t>(piece) * width;

  for (std::size_t pass = 0; pass < vectors; pass += static_cast<std::size_t>(group_lanes)) {
    const std::size_t vector = pass + static_cast<std::size_t>(lanes.lane_in_group);
    const bool active = vector < vectors;
    DenseVector<V> sum = DenseVector<V>::zero();
    for (edge_t first = begin + static_cast<edge_t>(warp) * spmm_warp_size; first < end;
         first += static_cast<edge_t>(warps) * spmm_warp_size) {
      const int chunk = static_cast<int>(end - first < spmm_warp_size ? end - first : spmm_warp_size);
      accumulate_staged_chunk<V, UseWeights, Policy::entry_unroll>(a, x, width, first, chunk, lane, lanes, vector,
                                                                   active, staged_columns[warp],
                                                                   staged_weights[warp], sum);
    }
    sum_lane_groups(lanes, sum);
    if (lanes.group == 0) partial[warp][lanes.lane_in_group] = sum;
    __syncthreads();
    if (warp == 0 && lanes.group == 0 && active) {  // fixed order over warps: deterministic
      DenseVector<V> total = partial[0][lanes.lane_in_group];
      for (int w = 1; w < warps; ++w) total.add(partial[w][lanes.lane_in_group]);
      total.store(destination + vector * V);
    }
    __syncthreads();  // partial[] is rewritten by the next pass
  }
}

// One (listed row, vector) item of the last pass, item = slot * vectors +
// vector: the Y vector of a long row of several pieces = its pieces' partial
// vectors added in piece order. Rows of one piece were written directly.
template <int V>
__device__ __forceinline__ void sum_long_row_pieces(std::int64_t item, float* __restrict__ y, std::size_t width,
                                                    const vertex_t* long_rows, const std::uint32_t* piece_counts,
                                                    const std::uint32_t* piece_begin,
                                                    const float* __restrict__ piece_sums) {
  const auto vectors = static_cast<std::int64_t>(width / V);
  const std::int64_t slot = item / vectors;
  const auto vector = static_cast<std::size_t>(item % vectors);
  const std::uint32_t pieces = piece_counts[slot];
  if (pieces == 1) return;
  const float* part = piece_sums + static_cast<std::size_t>(piece_begin[slot]) * width + vector * V;
  DenseVector<V> sum = DenseVector<V>::load(part);
  for (std::uint32_t p = 1; p < pieces; ++p) sum.add(DenseVector<V>::load(part + static_cast<std::size_t>(p) * width));
  sum.store(y + static_cast<std::size_t>(long_rows[slot]) * width + vector * V);
}

}  // namespace graphrun::cuda::spmm_detail

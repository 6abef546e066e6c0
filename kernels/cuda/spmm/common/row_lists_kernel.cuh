#pragma once
// The listing pass behind SpmmPlan: which rows are medium (one warp each in
// row-group) and which are long (block pieces), by their lengths alone.
// Device code only; spmm_plan.cu runs it twice, first counting (to size the
// lists exactly), then filling.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/runtime/warp_append.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_detail {

__host__ __device__ constexpr std::int64_t pieces_of(edge_t entries) {
  return (entries + LongRowPolicy::piece_entries - 1) / LongRowPolicy::piece_entries;
}

// Where the filling pass writes; all null in the counting pass.
struct RowListsOut {
  vertex_t* long_rows = nullptr;
  std::uint32_t* piece_counts = nullptr;
  vertex_t* medium_rows = nullptr;
};

// Counters: [0] long rows, [1] their pieces, [2] medium rows (all zero on
// entry). With Fill the rows are appended (in any order) to `out`, which the
// counting pass sized exactly. Launch: any grid of whole warps (the loop is
// warp-uniform, as warp_append_slot needs every lane).
template <bool Fill>
__global__ void list_rows_kernel(CsrView a, RowListsOut out, unsigned int* counters) {
  constexpr unsigned full_warp = 0xffffffffu;
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t base = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x - lane; base < a.num_rows;
       base += stride) {
    const std::int64_t row = base + lane;
    const edge_t length = row < a.num_rows ? a.offsets[row + 1] - a.offsets[row] : 0;
    const bool long_row = is_long_row(length);
    const bool medium_row = is_medium_row(length);
    const auto pieces = static_cast<std::uint32_t>(long_row ? pieces_of(length) : 0);
    if constexpr (Fill) {
      const unsigned long_slot = warp_append_slot(long_row, &counters[0]);
      const unsigned medium_slot = warp_append_slot(medium_row, &counters[2]);
      if (long_row) {
        out.long_rows[long_slot] = static_cast<vertex_t>(row);
        out.piece_counts[long_slot] = pieces;
      }
      if (medium_row) out.medium_rows[medium_slot] = static_cast<vertex_t>(row);
    } else {
      const unsigned longs = __popc(__ballot_sync(full_warp, long_row));
      const unsigned mediums = __popc(__ballot_sync(full_warp, medium_row));
      const std::uint32_t warp_pieces = __reduce_add_sync(full_warp, pieces);
      if (lane == 0) {
        if (longs > 0) atomicAdd(&counters[0], longs);
        if (warp_pieces > 0) atomicAdd(&counters[1], warp_pieces);
        if (mediums > 0) atomicAdd(&counters[2], mediums);
      }
    }
  }
}

}  // namespace graphrun::cuda::spmm_detail

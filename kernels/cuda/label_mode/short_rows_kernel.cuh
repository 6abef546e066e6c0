#pragma once
// Rows of thread_row_limit + 1 .. short_row_limit neighbours: the bulk of a
// mesh's or a random graph's rows. A warp takes 32 listed rows and stages
// their labels in shared memory a few rows at a time (a row's entries are
// loaded by consecutive lanes: coalesced index loads, and the label gathers
// of several rows in flight together); then each lane sorts its own row in
// registers (thread_row_mode.cuh). It replaced lane groups that counted with
// __match_any_sync one row (or two) per warp step, whose chain of dependent
// loads per row left the kernel latency-bound (mesh-s20: 0.7 ms a round).
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"
#include "kernels/cuda/label_mode/neighbour_rows.cuh"
#include "kernels/cuda/label_mode/row_classes.hpp"
#include "kernels/cuda/label_mode/thread_row_mode.cuh"
#include "kernels/cuda/spmv/warp_ops.cuh"

namespace graphrun::cuda::label_mode_detail {

inline constexpr int short_rows_threads = 128;
inline constexpr int short_rows_warps = short_rows_threads / 32;
// Resident blocks per SM the kernel is built for: five of 128 threads
// leave 102 registers a thread, and the 64-wide network holds 64 labels (it
// spills 60 bytes). Unbounded it takes 126 registers, four blocks fit, and
// it ran slower (H100, per round, both with the largest shared carveout:
// mesh-s20 0.192 vs 0.131 ms, uniform-s20 0.49 vs 0.375 ms). A block's
// stages take 36 KiB of shared memory.
inline constexpr int short_rows_blocks_per_multiprocessor = 5;
// Rows whose loads a lane issues before the first is used, while staging.
inline constexpr int staged_rows_in_flight = 8;

// Where a listed row's neighbours lie (entry k < first_count in `first`).
struct StagedRow {
  edge_t first_begin;
  edge_t second_begin;
  int first_count;
  int count;
};

// A warp's shared memory: the rows, and their labels `stride` words apart,
// stride = network width + 1. The stride is odd, so the 32 lanes reading
// entry k of their own rows hit 32 different banks.
struct ShortRowsStage {
  StagedRow rows[32];
  vertex_t labels[32 * (short_row_limit + 1)];
};

// Stages the labels of the warp's rows (at most kWidth neighbours each):
// min(kWidth, 32) lanes per row, each lane loading kWidth / 32 entries of a
// row when kWidth > 32.
template <int kWidth>
__device__ __forceinline__ void stage_labels(const NeighbourRows& rows, ShortRowsStage& stage, const vertex_t* labels,
                                             int lane) {
  constexpr int stride = kWidth + 1;
  constexpr int lanes_per_row = kWidth < 32 ? kWidth : 32;
  constexpr int rows_per_step = 32 / lanes_per_row;
  constexpr int entries_per_lane = kWidth / lanes_per_row;
  constexpr int rows_per_trip = rows_per_step * staged_rows_in_flight;
  const int row_in_step = lane / lanes_per_row;
  const int first_entry = lane % lanes_per_row;
#pragma unroll 1
  for (int trip_row = 0; trip_row < 32; trip_row += rows_per_trip) {
    vertex_t value[staged_rows_in_flight][entries_per_lane];
    int count[staged_rows_in_flight];
#pragma unroll
    for (int j = 0; j < staged_rows_in_flight; ++j) {
      const StagedRow row = stage.rows[trip_row + j * rows_per_step + row_in_step];
      count[j] = row.count;
#pragma unroll
      for (int h = 0; h < entries_per_lane; ++h) {
        const int k = first_entry + h * lanes_per_row;
        value[j][h] = 0;
        if (k < row.first_count)
          value[j][h] = __ldg(&rows.first_indices[row.first_begin + k]);
        else if (k < row.count)
          value[j][h] = __ldg(&rows.second_indices[row.second_begin + (k - row.first_count)]);
      }
    }
#pragma unroll
    for (int j = 0; j < staged_rows_in_flight; ++j)
#pragma unroll
      for (int h = 0; h < entries_per_lane; ++h)
        if (first_entry + h * lanes_per_row < count[j]) value[j][h] = __ldg(&labels[value[j][h]]);
#pragma unroll
    for (int j = 0; j < staged_rows_in_flight; ++j)
#pragma unroll
      for (int h = 0; h < entries_per_lane; ++h) {
        const int k = first_entry + h * lanes_per_row;
        if (k < count[j]) stage.labels[(trip_row + j * rows_per_step + row_in_step) * stride + k] = value[j][h];
      }
  }
}

// Stages the warp's rows with a kWidth network and writes each row's mode.
template <int kWidth>
__device__ __forceinline__ void finish_short_rows(const NeighbourRows& rows, ShortRowsStage& stage,
                                                  const vertex_t* labels, int lane, bool has_row, vertex_t v,
                                                  int count, vertex_t* out) {
  stage_labels<kWidth>(rows, stage, labels, lane);
  __syncwarp();
  if (has_row) out[v] = staged_row_mode<kWidth>(&stage.labels[lane * (kWidth + 1)], count);
}

// `listed_rows` is the list's length as the row pass counted it, read on
// the device: the kernel is queued before the host reads the class counts
// back, so that round trip overlaps this kernel instead of idling the GPU.
__global__ void __launch_bounds__(short_rows_threads, short_rows_blocks_per_multiprocessor)
    short_rows_kernel(NeighbourRows rows, const vertex_t* row_list, const unsigned long long* listed_rows,
                      const vertex_t* labels, vertex_t* out) {
  __shared__ ShortRowsStage stages[short_rows_warps];
  const auto row_count = static_cast<std::int64_t>(*listed_rows);
  ShortRowsStage& stage = stages[threadIdx.x / 32];
  const int lane = spmv::lane_id();
  const std::int64_t warp = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const std::int64_t warps = static_cast<std::int64_t>(gridDim.x) * blockDim.x / 32;
  for (std::int64_t first = warp * 32; first < row_count; first += warps * 32) {
    const std::int64_t listed = first + lane;
    const bool has_row = listed < row_count;
    const vertex_t v = has_row ? row_list[listed] : 0;
    StagedRow mine{0, 0, 0, 0};
    if (has_row) {
      const RowBounds b = rows.bounds(v);
      mine.first_begin = b.first_begin;
      mine.second_begin = b.second_begin;
      mine.first_count = static_cast<int>(b.first_end - b.first_begin);
      mine.count = mine.first_count + static_cast<int>(b.second_end - b.second_begin);
    }
    stage.rows[lane] = mine;
    // The narrowest network that fits every row of the warp.
    const unsigned widest = __reduce_max_sync(spmv::full_warp_mask, static_cast<unsigned>(mine.count));
    __syncwarp();
    if (widest <= 16)
      finish_short_rows<16>(rows, stage, labels, lane, has_row, v, mine.count, out);
    else if (widest <= 32)
      finish_short_rows<32>(rows, stage, labels, lane, has_row, v, mine.count, out);
    else
      finish_short_rows<short_row_limit>(rows, stage, labels, lane, has_row, v, mine.count, out);
    __syncwarp();  // every lane has read its row before the next rows are staged
  }
}

}  // namespace graphrun::cuda::label_mode_detail

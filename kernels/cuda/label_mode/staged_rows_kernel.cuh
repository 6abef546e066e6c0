#pragma once
// Rows of thread_row_limit + 1 .. wide_row_limit neighbours: the bulk of a
// mesh's or a random graph's rows, in two listed classes (short rows up to
// 32 neighbours, wide rows up to 64), one instance of the kernel each. A
// warp takes 32 listed rows and stages their labels in shared memory a few
// rows at a time (a row's entries are loaded by consecutive lanes:
// coalesced index loads, and the label gathers of several rows in flight
// together); then each lane sorts its own row in registers
// (thread_row_mode.cuh). Counting with __match_any_sync instead is bound
// either way: lane groups taking a row per warp step wait on each row's
// chain of dependent loads (latency), and a warp per row with many rows'
// loads in flight saturates the MIO pipe (match, reductions and the
// shuffles of each row's bounds).
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/label_mode/neighbour_rows.cuh"
#include "cuda/label_mode/row_classes.hpp"
#include "cuda/label_mode/thread_row_mode.cuh"
#include "cuda/spmv/common/warp_ops.cuh"

namespace graphrun::cuda::label_mode_detail {

// How the kernel is shaped for rows of at most kWidest neighbours.
template <int kWidest>
struct StagedRowsShape;

// Wide rows: five blocks of 128 threads an SM leave 102 registers a thread,
// and the 64-wide network holds 64 labels (it spills 24 bytes). Unbounded
// it takes 126 registers and only four blocks fit: the fifth block's label
// gathers in flight hide more latency than the small spill costs.
// A block's stages take 36 KiB of shared memory.
template <>
struct StagedRowsShape<wide_row_limit> {
  static constexpr int threads = 128;
  static constexpr int blocks_per_multiprocessor = 5;
  static constexpr int rows_in_flight = 8;  // rows whose loads a lane issues before the first is used
};

// Short rows: a 32-wide network fits 64 registers and a block's stages
// 19 KiB, so eight blocks (32 warps) an SM; and 16 rows' loads in flight,
// two trips per 32 rows instead of four. Fewer rows in flight leave the
// gathers' latency exposed; all 32 need more registers, so fewer blocks fit.
template <>
struct StagedRowsShape<short_row_limit> {
  static constexpr int threads = 128;
  static constexpr int blocks_per_multiprocessor = 8;
  static constexpr int rows_in_flight = 16;
};

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
template <int kWidest>
struct RowsStage {
  StagedRow rows[32];
  vertex_t labels[32 * (kWidest + 1)];
};

// Stages the labels of the warp's rows (at most kWidth neighbours each):
// min(kWidth, 32) lanes per row, each lane loading kWidth / 32 entries of a
// row when kWidth > 32.
template <int kWidth, int kInFlight, class Stage>
__device__ __forceinline__ void stage_labels(const NeighbourRows& rows, Stage& stage, const vertex_t* labels,
                                             int lane) {
  constexpr int stride = kWidth + 1;
  constexpr int lanes_per_row = kWidth < 32 ? kWidth : 32;
  constexpr int rows_per_step = 32 / lanes_per_row;
  constexpr int entries_per_lane = kWidth / lanes_per_row;
  // At most the warp's 32 rows in one trip.
  constexpr int in_flight = rows_per_step * kInFlight <= 32 ? kInFlight : 32 / rows_per_step;
  constexpr int rows_per_trip = rows_per_step * in_flight;
  static_assert(32 % rows_per_trip == 0, "trips stage the 32 rows in equal parts");
  const int row_in_step = lane / lanes_per_row;
  const int first_entry = lane % lanes_per_row;
#pragma unroll 1
  for (int trip_row = 0; trip_row < 32; trip_row += rows_per_trip) {
    vertex_t value[in_flight][entries_per_lane];
    int count[in_flight];
#pragma unroll
    for (int j = 0; j < in_flight; ++j) {
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
    for (int j = 0; j < in_flight; ++j)
#pragma unroll
      for (int h = 0; h < entries_per_lane; ++h)
        if (first_entry + h * lanes_per_row < count[j]) value[j][h] = __ldg(&labels[value[j][h]]);
#pragma unroll
    for (int j = 0; j < in_flight; ++j)
#pragma unroll
      for (int h = 0; h < entries_per_lane; ++h) {
        const int k = first_entry + h * lanes_per_row;
        if (k < count[j]) stage.labels[(trip_row + j * rows_per_step + row_in_step) * stride + k] = value[j][h];
      }
  }
}

// Stages the warp's rows with a kWidth network and writes each row's mode.
template <int kWidth, int kInFlight, class Stage>
__device__ __forceinline__ void finish_staged_rows(const NeighbourRows& rows, Stage& stage, const vertex_t* labels,
                                                   int lane, bool has_row, vertex_t v, int count, vertex_t* out) {
  stage_labels<kWidth, kInFlight>(rows, stage, labels, lane);
  __syncwarp();
  if (has_row) out[v] = staged_row_mode<kWidth>(&stage.labels[lane * (kWidth + 1)], count);
}

// `listed_rows` is the list's length as the row pass counted it, read on
// the device (as every listed class's kernel does): no host round trip
// stands between the row pass and the kernels, or between calls.
template <int kWidest>
__global__ void __launch_bounds__(StagedRowsShape<kWidest>::threads,
                                  StagedRowsShape<kWidest>::blocks_per_multiprocessor)
    staged_rows_kernel(NeighbourRows rows, const vertex_t* row_list, const unsigned long long* listed_rows,
                       const vertex_t* labels, vertex_t* out) {
  using Shape = StagedRowsShape<kWidest>;
  __shared__ RowsStage<kWidest> stages[Shape::threads / 32];
  const auto row_count = static_cast<std::int64_t>(*listed_rows);
  RowsStage<kWidest>& stage = stages[threadIdx.x / 32];
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
    if constexpr (kWidest <= 32) {
      // The narrowest network that fits every row of the warp.
      const unsigned widest = __reduce_max_sync(spmv::full_warp_mask, static_cast<unsigned>(mine.count));
      __syncwarp();
      if (widest <= kWidest / 2)
        finish_staged_rows<kWidest / 2, Shape::rows_in_flight>(rows, stage, labels, lane, has_row, v, mine.count,
                                                               out);
      else
        finish_staged_rows<kWidest, Shape::rows_in_flight>(rows, stage, labels, lane, has_row, v, mine.count, out);
    } else {
      __syncwarp();
      finish_staged_rows<kWidest, Shape::rows_in_flight>(rows, stage, labels, lane, has_row, v, mine.count, out);
    }
    __syncwarp();  // every lane has read its row before the next rows are staged
  }
}

}  // namespace graphrun::cuda::label_mode_detail

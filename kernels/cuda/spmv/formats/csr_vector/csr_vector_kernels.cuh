#pragma once
// csr-vector:K (seed 000, algorithm 2, generalised to sub-warp groups): K
// lanes share one row, stride through its entries K apart (coalesced loads of
// columns and weights) and combine with a shuffle butterfly. K = 32 is the
// classic warp-per-row kernel. csr-vector-shared-x (seed 000, algorithm 4)
// is warp-per-row with the row's x span staged in shared memory.
// csr-vector:K's Output is RowOutput for SpMV or PageRank's fused epilogue
// (see csr_scalar_kernels.cuh).
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"
#include "cuda/spmv/common/warp_ops.cuh"

namespace graphrun::cuda::spmv {

template <class Semiring, bool kWeighted, int kLanes, class Output = RowOutput<Semiring>>
__global__ void __launch_bounds__(CsrVectorPolicy::threads_per_block)
    csr_vector_kernel(CsrView csr, EntryProduct<Semiring, kWeighted> product, RowMask mask, Output out) {
  constexpr int groups_per_warp = 32 / kLanes;
  const int lane = lane_id();
  const int lane_in_group = lane % kLanes;
  const std::int64_t groups_per_block = blockDim.x / kLanes;
  const std::int64_t groups_in_grid = static_cast<std::int64_t>(gridDim.x) * groups_per_block;
  const std::int64_t warp_in_block = threadIdx.x / 32;
  // Loop over the warp's first row so that every lane of a warp runs the same
  // iterations: the reduction's shuffles always see the whole warp.
  for (std::int64_t warp_row = blockIdx.x * groups_per_block + warp_in_block * groups_per_warp;
       warp_row < csr.num_rows; warp_row += groups_in_grid) {
    const std::int64_t row = warp_row + lane / kLanes;
    const bool active = row < csr.num_rows && mask.selected(row);
    auto sum = Semiring::identity();
    if (active) {
      const edge_t end = load_read_only(csr.offsets + row + 1);
      edge_t entry = load_read_only(csr.offsets + row) + lane_in_group;
      // With few lanes per row each lane walks many entries (auto gives local
      // rows ~8 per lane): four products per trip, loaded before any is
      // added, keep four column loads and x gathers in flight per lane. The
      // adds keep the entry order, so results equal the one-at-a-time loop.
      // Only up to max_unrolled_lanes: with more lanes a lane holds 1-2
      // entries and there is nothing to overlap. On skewed rows the unrolled
      // loop is slower at every width; "auto" sends those elsewhere.
      if constexpr (kLanes <= CsrVectorPolicy::max_unrolled_lanes)
        for (; entry + 3 * kLanes < end; entry += 4 * kLanes) {
          const auto p0 = product(entry);
          const auto p1 = product(entry + kLanes);
          const auto p2 = product(entry + 2 * kLanes);
          const auto p3 = product(entry + 3 * kLanes);
          sum = Semiring::add(Semiring::add(Semiring::add(Semiring::add(sum, p0), p1), p2), p3);
        }
      for (; entry < end; entry += kLanes) sum = Semiring::add(sum, product(entry));
    }
    sum = group_reduce<Semiring, kLanes>(sum);
    if (active && lane_in_group == 0) out.store(row, sum);
  }
  out.finish_block();
}

template <class Semiring, bool kWeighted>
__global__ void __launch_bounds__(CsrSharedXPolicy::threads_per_block)
    csr_vector_shared_x_kernel(CsrView csr, EntryProduct<Semiring, kWeighted> product, RowMask mask,
                               RowOutput<Semiring> out) {
  using Policy = CsrSharedXPolicy;
  using value_type = typename Semiring::value_type;
  constexpr int tile_elements = Policy::tile_elements<value_type>;
  __shared__ value_type tiles[Policy::warps_per_block][tile_elements];
  value_type* tile = tiles[threadIdx.x / 32];

  const int lane = lane_id();
  const std::int64_t warps_in_grid = static_cast<std::int64_t>(gridDim.x) * Policy::warps_per_block;
  for (std::int64_t row = static_cast<std::int64_t>(blockIdx.x) * Policy::warps_per_block + threadIdx.x / 32;
       row < csr.num_rows; row += warps_in_grid) {
    if (!mask.selected(row)) continue;  // uniform across the warp: one row per warp
    const edge_t start = load_read_only(csr.offsets + row);
    const edge_t end = load_read_only(csr.offsets + row + 1);
    auto sum = Semiring::identity();
    const std::int64_t length = end - start;
    if (length > 0) {
      // Columns are sorted within a row, so the span is [first, last]. Every
      // entry is still range-checked below: a column outside the tile simply
      // reads x from global memory, so unsorted input stays correct.
      std::int64_t first_column = 0, span = 0;
      if (length >= Policy::min_entries_to_stage) {
        first_column = load_read_only(product.columns + start);
        span = static_cast<std::int64_t>(load_read_only(product.columns + end - 1)) - first_column + 1;
      }
      const bool staged = span >= 1 && span <= tile_elements && span <= Policy::max_span_per_entry * length;
      if (staged) {
        // Coalesced copy of x[first .. last] into the warp's tile.
        for (std::int64_t k = lane; k < span; k += 32) tile[k] = load_read_only(product.x + first_column + k);
        __syncwarp();
      }
      for (edge_t entry = start + lane; entry < end; entry += 32) {
        const vertex_t column = load_read_only(product.columns + entry);
        const std::int64_t in_tile = static_cast<std::int64_t>(column) - first_column;
        const value_type x_value =
            (staged && in_tile >= 0 && in_tile < span) ? tile[in_tile] : load_read_only(product.x + column);
        sum = Semiring::add(sum, product.with_x(entry, x_value));
      }
      __syncwarp();  // every lane is done reading the tile before the next row refills it
    }
    sum = group_reduce<Semiring, 32>(sum);
    if (lane == 0) out.store(row, sum);
  }
}

}  // namespace graphrun::cuda::spmv

#pragma once
// Connected components inside blocks of consecutive vertex ids, each block's
// forest in one thread block's shared memory (the block-local labelling of
// GPU connected-component labelling on images, applied to graphs whose ids
// follow their locality). Host-side launcher; the kernel is in local_forest.cu.
#include <span>

#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

struct LocalForestPolicy {
  // One block of ids per thread block, its forest in shared memory: 16384
  // ids are 64 KB, and two thread blocks of 1024 threads fill an SM. On a
  // grid of 2048-wide rows a block holds eight grid rows.
  static constexpr vertex_t max_block_vertices = 16384;
  static constexpr int threads_per_block = 1024;
  // The block size local_block_vertices offers, and the locality it needs:
  // every column within a quarter block of its row (an entry of reach r
  // crosses a boundary from r of a block's B rows, so few entries are left
  // to link_across_blocks; a 2048-wide grid: reach 2049 of 16384, ~1/8) and
  // rows short enough that a thread walks one alone.
  static constexpr vertex_t preferred_block_vertices = max_block_vertices;
  static constexpr std::int64_t max_reach = preferred_block_vertices / 4;
  static constexpr std::int64_t max_row_entries = 32;
};

// parent[v] = the smallest vertex of v's component among the entries of
// `rows` whose two ends lie in v's block of block_vertices consecutive ids
// (1..max_block_vertices, checked by the caller). Overwrites parent.
// symmetric: `rows` holds every edge in both directions (an undirected
// graph), so only entries below the diagonal are united.
void local_forest(const DeviceContext& context, const CsrView& rows, bool symmetric, vertex_t block_vertices,
                  std::span<vertex_t> parent);

}  // namespace graphrun::cuda

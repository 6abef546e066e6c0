#pragma once
// csr-merge's cached state: where the merge path
// enters every tile (computed on the device once per plan,
// csr_merge_kernels.cuh) and the per-tile slots
// and counters through which tiles finish the rows that span them
// (spanning_rows.cuh).
#include <cstddef>
#include <cstdint>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/common/span_slots.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"

namespace graphrun::cuda::spmv {

// Where the merge path enters each tile, as the kernels read it.
struct MergeTiles {
  const vertex_t* rows;     // rows ended before each tile (num_tiles + 1)
  const edge_t* entries;    // entries consumed before each tile (num_tiles + 1)
  std::int64_t count = 0;   // num_tiles
};

class MergePartition {
 public:
  // Tiles of `tile_items` merge steps (CsrMergePolicy::tile_items for run).
  MergePartition(const CsrView& csr, const DeviceContext& context, std::int64_t tile_items);

  // csr-merge over this partition; a partition built with other tiles
  // throws std::logic_error, as its kernel would misread them.
  // shared_memory_carveout_percent: the kernel's preferred carveout (blocks
  // an SM against L1 for the x gathers), CsrMergePolicy's unless a caller
  // measured another for its matrices.
  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands,
           int shared_memory_carveout_percent = CsrMergePolicy::shared_memory_carveout_percent);

  // The partition as the merge kernels read it.
  std::int64_t tile_count() const { return tiles_; }
  MergeTiles tiles() const { return MergeTiles{tile_rows_.data(), tile_entries_.data(), tiles_}; }
  template <class T>
  SpanningRows<T> spanning_rows() {
    return span_slots_.spanning_rows<T>();
  }

  std::size_t bytes() const {
    return tile_rows_.size() * sizeof(vertex_t) + tile_entries_.size() * sizeof(edge_t) + span_slots_.bytes();
  }

 private:
  std::int64_t tile_items_ = 0;
  std::int64_t tiles_ = 0;
  DeviceVector<vertex_t> tile_rows_;
  DeviceVector<edge_t> tile_entries_;
  SpanSlots span_slots_;
};

}  // namespace graphrun::cuda::spmv

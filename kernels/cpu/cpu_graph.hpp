#pragma once
// A Graph as the cpu backend holds it: the Graph's own CSR arrays (shared, not
// copied: host memory is the cpu backend's memory) plus views built on demand.
#include <atomic>
#include <cstddef>
#include <limits>
#include <memory>
#include <mutex>
#include <span>

#include "graphrun/backend.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/memory.hpp"

namespace graphrun::cpu {

// Per-vertex scratch of bfs_push, kept with the graph between calls so that a
// push step costs O(frontier edges) instead of O(n) for clearing a fresh
// array. Between calls every entry holds `unclaimed`; the mutex serialises
// push steps on one graph from several host threads.
struct PushScratch {
  static constexpr vertex_t unclaimed = std::numeric_limits<vertex_t>::max();
  std::mutex mutex;
  DeviceVector<vertex_t> smallest_parent;
};

class CpuGraph final : public DeviceGraph {
 public:
  // Views are allocated from `memory`, shared with the uploading backend so
  // the graph may outlive it; `threads` builds them.
  CpuGraph(const Graph& graph, std::shared_ptr<MemoryResource> memory, int threads);

  // The CSR whose rows are the chosen adjacency: out = A, in = A^T (the same
  // arrays as out on an undirected graph). `both` is two adjacencies, not one:
  // its callers walk rows(out) and rows(in) themselves.
  const Csr& rows(Edges edges) const;
  // True when rows(in) is a different matrix from rows(out).
  bool has_distinct_in_rows() const { return in_ != out_; }

  // Row index of every entry of rows(edges), in entry order: the row array
  // of the COO view (column and value arrays are the CSR's own). Built on
  // first use, because only the coo kernels read it.
  std::span<const vertex_t> entry_rows(Edges edges) const;

  // Allocated and set to `unclaimed` on first use.
  PushScratch& push_scratch() const;

  std::size_t bytes() const override;
  DeviceCsrArrays out_csr() const override;

 private:
  struct LazyEntryRows {
    std::once_flag built;
    DeviceVector<vertex_t> rows;
  };
  const LazyEntryRows& entry_rows_of(Edges edges) const;

  std::shared_ptr<const Csr> out_;
  std::shared_ptr<const Csr> in_;
  std::shared_ptr<MemoryResource> memory_;  // declared before the views: freed after them
  int threads_;
  mutable LazyEntryRows out_entry_rows_;
  mutable LazyEntryRows in_entry_rows_;
  mutable std::once_flag push_scratch_built_;
  mutable PushScratch push_scratch_;
  // Bytes of the views built so far (read by bytes() while others may build).
  mutable std::atomic<std::size_t> view_bytes_{0};
};

// The CpuGraph behind a DeviceGraph, or a UsageError when `graph` was uploaded
// to another backend.
const CpuGraph& as_cpu_graph(const DeviceGraph& graph);

}  // namespace graphrun::cpu

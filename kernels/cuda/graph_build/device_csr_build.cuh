#pragma once
// CSR of out-edges built on the device from a host edge list: the same CSR
// as Graph::build (core/src/graph_build.cpp), entry for entry and bit for
// bit, for the backend's do_build_on_device.
//
// Maths: the host build's result is the edge list's entries and mirrors,
// ordered by (row, column) and, among equal (row, column), by file position
// (an entry before its own mirror), with each run of equal (row, column)
// folded left to right by the duplicate policy. Here:
//   1. expand: slot 2i holds entry i as the key (row << b) | column (b bits
//      per id), slot 2i + 1 its mirror (undirected graphs); a slot with no
//      entry (a dropped self-loop, the missing mirror of a self-loop) holds
//      1 << 2b, above every real key;
//   2. a stable radix sort of the keys (weights alongside) over 2b + 1 bits:
//      equal keys keep slot order, which is file order;
//   3. run heads (a key unlike its predecessor), an exclusive scan of them
//      gives each run its entry index, and one thread per head folds its
//      run in order, as the host's merge does;
//   4. row offsets from the sorted rows: entry k sets offsets[r] = k for
//      the rows r its predecessor's row < r <= its row.
// Device code: include from .cu files only.
#include <cstddef>
#include <cstdint>

#include "cuda/runtime/context.cuh"
#include "graphrun/graph.hpp"

namespace graphrun::cuda {

struct DeviceBuildResult {
  Csr csr;                        // no values for a pattern list, as Graph::build
  std::uint64_t self_loops = 0;   // entries (r, r) in the result
  std::uint64_t scattered = 0;    // entries and mirrors before merging
  bool overflow = false;          // a `sum` merge of finite weights overflowed
  vertex_t overflow_row = 0, overflow_column = 0;  // the smallest such (row, column)
};

// Device bytes the build needs at its peak, an upper bound.
std::size_t device_build_bytes(std::size_t entries, vertex_t vertices, bool weighted, bool undirected);

// `plan` comes from plan_build(edges, ...), which checked the edge list.
DeviceBuildResult build_csr_on_device(const DeviceContext& context, const EdgeList& edges, const BuildPlan& plan);

}  // namespace graphrun::cuda

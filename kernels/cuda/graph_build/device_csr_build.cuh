#pragma once
// CSR of out-edges built on the device from an edge list (uploaded from the
// host, or already in device memory): the same CSR as Graph::build
// (core/src/graph_build.cpp), entry for entry and bit for bit, for the
// backend's do_build_on_device and do_device_graph; and the transpose
// of a device CSR (a directed graph's in-CSR) by the same steps.
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
//   3. run heads (a key unlike its predecessor) selected by position into
//      the sort's spare key buffer: run i is entry i of the CSR;
//   4. one thread per run writes its column and folds its weights in
//      order, as the host's merge does; the last run of row r records
//      row_end[r + 1] = i + 1, and offsets are the running maximum of
//      row_end (rows without entries take the end of the row before).
// Peak memory: the two sort buffers and the result, 20 bytes per slot of
// a pattern list (device_build_bytes).
// Device code: include from .cu files only.
#include <cstddef>
#include <cstdint>

#include "cuda/graph_build/device_csr.cuh"
#include "cuda/runtime/context.cuh"
#include "graphrun/device_input.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::cuda {

struct DeviceBuildResult {
  OwnedDeviceCsr csr;             // no values for a pattern list, as Graph::build
  std::uint64_t self_loops = 0;   // entries (r, r) in the result
  std::uint64_t scattered = 0;    // entries and mirrors before merging
  bool overflow = false;          // a `sum` merge of finite weights overflowed
  vertex_t overflow_row = 0, overflow_column = 0;  // the smallest such (row, column)
};

// Device bytes the build needs at its peak, an upper bound; `uploaded`:
// the list itself is copied to the device first (a host list).
std::size_t device_build_bytes(std::size_t entries, vertex_t vertices, bool weighted, bool undirected, bool uploaded);

// A list in device memory, every id inside 0..plan.vertices - 1 (checked
// before; its num_vertices is not read): `plan` describes it as plan_build
// would (the vertex count, the self-loops in the list, the policies). The
// result stays on the device.
DeviceBuildResult build_csr_on_device(const DeviceContext& context, const DeviceEdgeArrays& list, const BuildPlan& plan);
// A host list: uploaded, then built as above. `plan` comes from
// plan_build(edges, ...), which checked the list.
DeviceBuildResult build_csr_on_device(const DeviceContext& context, const EdgeList& edges, const BuildPlan& plan);

// The transpose of an n x n device CSR (rows sorted, no duplicates): its
// entries with rows and columns swapped, in the same canonical order.
OwnedDeviceCsr transpose_on_device(const DeviceContext& context, const DeviceCsrArrays& csr);

}  // namespace graphrun::cuda

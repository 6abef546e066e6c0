#pragma once
// Graph arrays that already live in a backend's memory, for instance a
// framework's GPU tensors: the input of Backend::build_device_graph (edge
// arrays to build a CSR from) and Backend::adopt_device_csr (a CSR the graph
// reads in place). Nothing here owns memory; the caller keeps the arrays
// alive and unchanged for as long as the call (build) or the graph (adopt)
// needs them.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "graphrun/types.hpp"

namespace graphrun {

// Width of the vertex ids of device edge arrays: both are read in place.
enum class IdWidth : std::uint8_t { bits32, bits64 };

// An edge list in backend memory: edge i is src[i] -> dst[i], weight
// weights[i] (weights null: a pattern graph). Ids are positions 0..n-1.
struct DeviceEdgeArrays {
  const void* src = nullptr;
  const void* dst = nullptr;
  IdWidth id_width = IdWidth::bits32;
  const float* weights = nullptr;
  std::size_t count = 0;
  // n; by default the largest id + 1 (0 for an empty list).
  std::optional<std::int64_t> num_vertices;
};

// A CSR in backend memory: num_vertices + 1 offsets, num_entries column
// indices and (unless null: a pattern graph) as many values.
struct DeviceCsrArrays {
  const edge_t* offsets = nullptr;
  const vertex_t* indices = nullptr;
  const float* values = nullptr;
  vertex_t num_vertices = 0;
  edge_t num_entries = 0;
};

}  // namespace graphrun

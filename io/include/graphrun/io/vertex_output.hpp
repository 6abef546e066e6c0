#pragma once
// Per-vertex results as text: one line per vertex, "original-id TAB value".
#include <span>
#include <string>

#include "graphrun/edge_list.hpp"

namespace graphrun::io {

void write_vertex_values(const std::string& path, const IdMap& ids, std::span<const float> values);
// Integer results; no_vertex is written as -1. `as_vertex_ids`: the values are
// compact vertex ids themselves (labels, parents) and are mapped to original ids.
void write_vertex_values(const std::string& path, const IdMap& ids, std::span<const std::int32_t> values,
                         bool as_vertex_ids);

}  // namespace graphrun::io

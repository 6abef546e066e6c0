#pragma once
// Per-vertex results as text: one line per vertex, "original-id TAB value".
#include <cstdint>
#include <span>
#include <string>

#include "graphrun/edge_list.hpp"

namespace graphrun::io {

void write_vertex_values(const std::string& path, const IdMap& ids, std::span<const float> values);
// Integer results; no_vertex is written as -1. `as_vertex_ids`: the values are
// compact vertex ids themselves (labels, parents) and are mapped to original ids.
void write_vertex_values(const std::string& path, const IdMap& ids, std::span<const std::int32_t> values,
                         bool as_vertex_ids);
// BFS with parents: "original-id TAB level TAB parent's original id" per line,
// -1 for an unreached vertex's level and for a missing parent.
void write_vertex_levels_and_parents(const std::string& path, const IdMap& ids, std::span<const std::int32_t> levels,
                                     std::span<const std::int32_t> parents);

}  // namespace graphrun::io

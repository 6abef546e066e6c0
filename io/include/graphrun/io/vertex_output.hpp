#pragma once
// Per-vertex results, one row per vertex (its original id, then its values),
// in the form the path's extension asks for:
//   .csv  comma-separated with a header row: id,<name>...
//   .npy  a NumPy record array with fields 'id' (int64) and <name>... (float32
//         or float64 for real values, int64 for integers); np.load(path)['rank']
//   else  "original-id TAB value..." lines without a header ('-': stdout)
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "graphrun/edge_list.hpp"

namespace graphrun::io {

void write_vertex_values(const std::string& path, const IdMap& ids, std::span<const float> values,
                         std::string_view name = "value");
// Doubles in their shortest round-trip form (float64 in .npy).
void write_vertex_values(const std::string& path, const IdMap& ids, std::span<const double> values,
                         std::string_view name = "value");
// BFS levels, written as they are; no_level as -1.
void write_vertex_levels(const std::string& path, const IdMap& ids, std::span<const level_t> levels,
                         std::string_view name = "level");
// Values that are compact vertex ids themselves (labels, components,
// parents), mapped to the file's ids; no_vertex as -1.
void write_vertex_ids(const std::string& path, const IdMap& ids, std::span<const vertex_t> values,
                      std::string_view name = "value");
// 64-bit counts (triangles per vertex), written as they are.
void write_vertex_counts(const std::string& path, const IdMap& ids, std::span<const std::int64_t> counts,
                         std::string_view name);
// Several integer columns, column c named names[c] holding
// values[c * n .. (c + 1) * n) (the levels of several searches); -1 for
// no_level.
void write_vertex_columns(const std::string& path, const IdMap& ids, const std::vector<std::string>& names,
                          std::span<const level_t> values);
// BFS with parents: columns level and parent (the parent's original id),
// -1 for an unreached vertex's level and for a missing parent.
void write_vertex_levels_and_parents(const std::string& path, const IdMap& ids, std::span<const level_t> levels,
                                     std::span<const vertex_t> parents);

// SSSP with parents: columns distance and parent (the parent's original
// id), -1 for a missing parent.
void write_vertex_distances_and_parents(const std::string& path, const IdMap& ids, std::span<const float> distances,
                                        std::span<const vertex_t> parents);

}  // namespace graphrun::io

#pragma once
// The host COO edge list that io/ produces and Graph is built from.
#include <cstdint>
#include <string>
#include <vector>

#include "graphrun/types.hpp"

namespace graphrun {

// How the file says its entries relate to their mirror images.
enum class Symmetry : std::uint8_t {
  general,         // every entry stands for itself (a directed graph)
  symmetric,       // (i, j, w) also stands for (j, i, w): an undirected graph
  skew_symmetric,  // (i, j, w) also stands for (j, i, -w)
};

// Maps compact vertex ids 0..n-1 to the ids the input file used, so every
// output can speak the file's numbering.
struct IdMap {
  // Matrix Market: original = compact + base (base 1). Edge lists: base is
  // unused and `ids` holds the sorted original ids (ids[v] = original id of v;
  // a reordered graph, see reorder.hpp, holds them unsorted);
  // sorting keeps their order, so "smallest label" ties break as in the file.
  std::int64_t base = 1;
  std::vector<std::int64_t> ids;
  // Files whose ids are names (edge lists with string ids): names[v] is v's
  // name, in byte order as read (so "smallest label" ties break by name),
  // and `base` and `ids` are unused. Empty for numeric ids.
  std::vector<std::string> names;

  bool named() const { return !names.empty(); }
  // The numeric id (for a named graph: v itself).
  std::int64_t original(vertex_t v) const {
    return named() ? v : ids.empty() ? base + v : ids[static_cast<std::size_t>(v)];
  }
  // The id as the file wrote it: the name, or the number in decimal.
  std::string label(vertex_t v) const {
    return named() ? names[static_cast<std::size_t>(v)] : std::to_string(original(v));
  }
  // Compact id of an original id, or no_vertex when the file has no such vertex.
  vertex_t compact(std::int64_t original_id, vertex_t num_vertices) const;
  // Compact id of the vertex the text names (a name, or a number in decimal
  // for numeric ids), or no_vertex.
  vertex_t find(const std::string& text, vertex_t num_vertices) const;
};

// Entries exactly as the file stores them (one triangle for symmetric files),
// already compacted to 0-based ids. `weights` is empty for pattern files.
struct EdgeList {
  vertex_t num_vertices = 0;
  Symmetry symmetry = Symmetry::general;
  std::vector<vertex_t> src;
  std::vector<vertex_t> dst;
  std::vector<float> weights;
  IdMap ids;

  std::size_t size() const { return src.size(); }
  bool weighted() const { return !weights.empty(); }
};

}  // namespace graphrun

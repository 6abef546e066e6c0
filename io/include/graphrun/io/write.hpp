#pragma once
// Writing graphs as text: an edge list as Matrix Market (`graphrun
// generate`), and a built graph as Matrix Market or an edge list
// (`graphrun convert`).
#include <cstdint>
#include <string>

#include "graphrun/edge_list.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::io {

// Coordinate format, 1-based; "pattern" when the list has no weights, "real"
// otherwise; the header's symmetry is the list's. Ends in .gz: gzip-compressed.
void write_matrix_market(const std::string& path, const EdgeList& edges, const std::string& comment = {});

// What write_graph_text wrote.
struct GraphTextReport {
  std::uint64_t lines = 0;      // entries written
  bool renumbered = false;      // .mtx of a graph with sparse ids: written as 1..n
  std::uint64_t isolated = 0;   // edge list: vertices without an edge, which it cannot hold
};

// A built graph's stored entries, by the path's extension (optionally .gz):
// - .mtx / .mm: Matrix Market coordinate, 'pattern' or 'real'; an undirected
//   graph as 'symmetric' with its lower triangle (row >= column). Ids are
//   1..n: an edge list's sparse ids are renumbered in their sorted order.
// - anything else: an edge list "source target [weight]" in the original
//   ids, separated by a TAB for .tsv, a comma for .csv, else a space; an
//   undirected graph writes each edge once, after a comment saying to read
//   it with --undirected.
GraphTextReport write_graph_text(const std::string& path, const Graph& graph);

}  // namespace graphrun::io

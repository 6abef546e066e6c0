#pragma once
// Reading graphs: Matrix Market, SNAP/LDBC edge lists (both optionally .gz)
// and graphrun's binary snapshot. Every failure is an InputError naming the
// file, the line and what was expected.
#include <string>

#include "graphrun/edge_list.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::io {

enum class Format : std::uint8_t { automatic, matrix_market, edge_list, snapshot };

struct ReadOptions {
  Format format = Format::automatic;  // automatic: by extension, see detect_format
  // Progress bar on stderr for inputs over ~100 MB, only when stderr is a terminal.
  bool progress = true;
};

// .grb -> snapshot; .mtx / .mm (optionally .gz) -> Matrix Market; else edge list.
Format detect_format(const std::string& path);

EdgeList read_matrix_market(const std::string& path, const ReadOptions& options = {});
EdgeList read_edge_list(const std::string& path, const ReadOptions& options = {});
EdgeList read_edges(const std::string& path, const ReadOptions& options = {});  // by format

// Loads any supported file into a built Graph (a snapshot is adopted as is and
// ignores `build`, except that a conflicting `undirected` is refused).
Graph load_graph(const std::string& path, const BuildOptions& build = {}, const ReadOptions& options = {});

}  // namespace graphrun::io

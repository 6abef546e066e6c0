#pragma once
// Host reference of triangle counting, by marking rather than by the
// backends' merges and searches: for each vertex u, its higher-ranked
// neighbours are marked in a per-thread table, and every path u -> v -> w
// through higher-ranked v and w that ends on a mark closes a triangle. The
// walk follows the oriented rows only (higher-ranked neighbours).
#include <cstdint>

#include "graphrun/graph.hpp"

namespace graphrun::bench {

// Triangles of the undirected simple graph beneath `graph`, each once.
std::uint64_t triangle_reference(const Graph& graph);

}  // namespace graphrun::bench

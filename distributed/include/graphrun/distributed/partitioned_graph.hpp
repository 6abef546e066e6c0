#pragma once
// A graph split over the processes of an MPI run by rows (a 1D partition):
// process r computes the vertices of block r and holds their in-edges.
#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "graphrun/distributed/communicator.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::distributed {

// Contiguous vertex blocks: block r is [starts[r], starts[r+1]).
struct VertexBlocks {
  std::vector<std::size_t> starts;  // parts + 1 entries, from 0 to num_vertices

  int parts() const { return static_cast<int>(starts.size()) - 1; }
  vertex_t begin(int part) const { return static_cast<vertex_t>(starts[static_cast<std::size_t>(part)]); }
  vertex_t end(int part) const { return static_cast<vertex_t>(starts[static_cast<std::size_t>(part) + 1]); }
};

// `parts` blocks of about equal cost, a row costing its entries plus one
// (the vector work per vertex): balanced entries on power-law graphs,
// balanced vertices on sparse ones. Blocks may be empty (parts > rows).
VertexBlocks balanced_blocks(const Csr& rows, int parts);

// The blocks' starts in a vector of `width` values per vertex, checking
// that `size` is the vertices x width (UsageError otherwise).
std::vector<std::size_t> scaled_starts(const VertexBlocks& blocks, std::size_t size, std::size_t width);

struct PartitionedGraph {
  VertexBlocks blocks;
  // Every vertex, and the in-edges of this process's block only, stored as
  // a directed graph (whatever the whole graph is): algorithms run on it
  // with a BlockExchange (graphrun/algorithms/block_exchange.hpp).
  Graph local;
  vertex_t num_vertices = 0;
  edge_t num_entries = 0;  // the whole graph's
  bool directed = true;    // the whole graph's
  // The whole graph, on the root process only (ids, output, out-shares).
  std::shared_ptr<const Graph> whole;
};

// Collective. The root passes the whole graph, the others std::nullopt; the
// root sends each process its block's in-rows (the whole graph's in-edge
// order, values included).
PartitionedGraph partition_graph(const Communicator& world, std::optional<Graph> whole);

// Collective. The graph whose in-rows are the neighbourhoods of this
// process's block: a directed graph's in-row then out-row of each vertex (a
// vertex linked both ways listed twice), an undirected graph's row; no
// weights. What label propagation and components read; the root sends the
// out-rows.
Graph neighbourhood_graph(const Communicator& world, const PartitionedGraph& graph);

}  // namespace graphrun::distributed

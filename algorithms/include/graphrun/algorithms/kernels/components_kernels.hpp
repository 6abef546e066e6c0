#pragma once
// The kernels of weakly connected components (algorithms/src/wcc.cpp):
// union-find linking, compression and the skip root of Afforest, and the
// block-by-block path for graphs whose ids follow their locality. A backend
// that runs WCC derives from ComponentsKernels beside Backend (kernels/);
// wcc reaches them through components_kernels(backend).
//
// Non-virtual interface, as Backend's: the public primitives check their
// arguments once for every backend (algorithms/src/kernels/
// components_kernels.cpp) and call the protected do_ virtuals (6). A
// backend checks only its own limits and, where it validates the forest,
// the data.
#include <cstdint>
#include <span>

#include "graphrun/backend.hpp"
#include "graphrun/forest_state.hpp"

namespace graphrun {

class ComponentsKernels {
 public:
  virtual ~ComponentsKernels() = default;

  // ---- Connected components by union-find (Afforest; Sutton et al. 2018) ---
  // `parent` is a forest over the vertices in which every root is the
  // smallest vertex of its tree (start: parent[v] = v). `state` is one
  // ForestState in backend memory (forest_state.hpp) that the three
  // primitives read and write on the device: none of them reads back, so a
  // whole WCC waits for the device once, at its end.
  // link_neighbours: for every vertex u with parent[u] != state.skip and
  // every entry k in [first, first + count) of u's row of the `edges`
  // adjacency (shorter rows give what they have; count may be
  // std::numeric_limits<edge_t>::max() for "the rest of the row"), unite the
  // trees of u and that neighbour by hooking the larger root under the
  // smaller, so roots stay the smallest id of their tree. parent[u] ==
  // state.skip is tested while others link, so a root hooked under skip
  // during the call may be skipped as well (it then lies in skip's tree, all
  // Afforest relies on).
  // Both link_neighbours and compress require 0 <= parent[v] <= v for every
  // v (what iota, linking and compression maintain: no id out of range, no
  // cycle). A parent that breaks it raises state.broken, and parent's
  // contents are then unspecified: the cpu backend checks every entry first
  // and changes nothing; the cuda backend checks each parent value its
  // kernels follow (compress follows every vertex, link_neighbours those it
  // links) and ends the walks that meet a violation, which saves a pass and
  // a read-back per call. Reading state is the caller's check. Bad sizes,
  // windows or a `state` that is not one element are UsageErrors, thrown
  // before anything runs.
  void link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count, std::span<vertex_t> parent,
                       std::span<ForestState> state);
  // parent[v] = the root of v's tree (full path compression), and
  // state.roots = the number of trees (vertices with parent[v] == v).
  void compress(std::span<vertex_t> parent, std::span<ForestState> state);
  // state.skip = the value held by the most of parent[sampled_vertex(i, n)],
  // i < samples (forest_state.hpp), the smallest on a tie; values outside
  // 0..n-1 (a broken forest) are not counted, and no_vertex is picked when
  // nothing is (parent empty). After a compress that is the root of the largest tree
  // with high probability (Afforest's giant component). samples in
  // 1..max_root_samples, else a UsageError.
  void pick_skip_root(std::span<const vertex_t> parent, std::uint32_t samples, std::span<ForestState> state);

  // ---- Connected components block by block -------------------------------
  // For graphs whose ids follow their locality (road maps, grids: most edges
  // join vertices a few thousand ids apart), components are found inside
  // blocks of block_vertices consecutive ids first (blocks [b * block_vertices,
  // (b + 1) * block_vertices)), then across them: every edge is read twice in
  // all, and no vertex of a block waits on another block's hooks.
  // local_block_vertices: the block size this backend takes for the `edges`
  // adjacency of `a`, or 0 when the graph's ids lack that locality (or the
  // backend has no block-local pass); weakly_connected_components then uses
  // Afforest's sampling instead.
  vertex_t local_block_vertices(const DeviceGraph& a, Edges edges) const;
  // local_forest: parent[v] = the smallest vertex of v's component in the
  // subgraph of the `edges` entries u -> w with u and w both in v's block
  // (direction ignored). parent is overwritten, whatever it held; the result
  // meets link_neighbours' precondition. block_vertices must be positive and
  // at most the backend's limit (cuda: LocalForestPolicy::max_block_vertices,
  // 16384, one block's shared memory), else a UsageError.
  void local_forest(const DeviceGraph& a, Edges edges, vertex_t block_vertices, std::span<vertex_t> parent);
  // link_across_blocks: link_neighbours over whole rows, restricted to the
  // entries u -> w whose w lies in another block than u; the same
  // precondition, skip test and state. block_vertices must be positive. On
  // an undirected graph without a skip vertex a backend may link each such
  // edge from one of its two entries only (the cuda backend takes the lower):
  // the trees joined are the same.
  void link_across_blocks(const DeviceGraph& a, Edges edges, vertex_t block_vertices, std::span<vertex_t> parent,
                          std::span<ForestState> state);

 protected:
  // Called after the checks above: a single adjacency, parent of
  // num_vertices entries, first, count >= 0, block_vertices > 0, samples in
  // range and one ForestState.
  virtual void do_link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count,
                                  std::span<vertex_t> parent, ForestState* state) = 0;
  virtual void do_compress(std::span<vertex_t> parent, ForestState* state) = 0;
  virtual void do_pick_skip_root(std::span<const vertex_t> parent, std::uint32_t samples, ForestState* state) = 0;
  virtual vertex_t do_local_block_vertices(const DeviceGraph& a, Edges edges) const = 0;
  virtual void do_local_forest(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                               std::span<vertex_t> parent) = 0;
  virtual void do_link_across_blocks(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                                     std::span<vertex_t> parent, ForestState* state) = 0;
};

// The connected-components kernels of `backend`; UsageError when it has none.
ComponentsKernels& components_kernels(Backend& backend);

}  // namespace graphrun

#pragma once
// Union-find over a parent forest on the device: Afforest's linking and
// compression (Sutton, Kamath, Plasse, Lu, IPDPS 2018) with ECL-CC's
// lock-free hooking (Jaiganesh & Burtscher, HPDC'18). Every access to
// `parent` inside the kernels is a relaxed device-scope atomic, so no load is
// cached in a register while other threads hook; a root is hooked only by a
// compare-and-swap that expects it to still be a root.
#include <span>

#include "graphrun/forest_state.hpp"
#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Both launchers require 0 <= parent[v] <= v for every v: what iota,
// linking and compression maintain; it makes every parent chain strictly
// decreasing (no id outside the vector, no cycle, every root the smallest id
// of its tree). The kernels check each parent value they follow against it
// and stop at a violation, raising state->broken (parent is then left in an
// unspecified but still bounded state). Neither launcher reads anything back.

// What the plan's row statistics (spmv::RowStats) say about `rows`, which
// lets the link passes skip work: no set-aside pass when no row is longer
// than a thread takes alone, and only the rows near block boundaries in
// link_across_blocks.
struct RowExtent {
  edge_t longest_row = 0;
  std::int64_t longest_reach = 0;  // largest |w - u| over the entries u -> w
};

// For every vertex u with parent[u] != state->skip, unites u's tree with the
// tree of each neighbour in entries [first, first + count) of row u of
// `rows` (clipped to the row). Rows with at most a warp's width of such
// entries are walked by one thread each; longer ones are set aside and their
// entries linked by a flat pass with one thread per entry, so a hub row of
// millions is spread over the whole grid.
void link_neighbours(const DeviceContext& context, const CsrView& rows, const RowExtent& extent, edge_t first,
                     edge_t count, std::span<vertex_t> parent, ForestState* state);

// link_neighbours over whole rows, linking only the entries u -> w whose w
// lies in another block of block_vertices (> 0) consecutive ids than u: the
// edges local_forest left out. Only rows within extent.longest_reach of a
// block boundary are walked when the bands around the boundaries do not
// meet. symmetric: rows holds every edge in both directions (an undirected
// graph), so without a skip vertex each crossing edge is linked from its
// lower entry only.
void link_across_blocks(const DeviceContext& context, const CsrView& rows, const RowExtent& extent, bool symmetric,
                        vertex_t block_vertices, std::span<vertex_t> parent, ForestState* state);

// parent[v] = the root of v's tree, for every v; state->roots = how many
// vertices are roots.
void compress(const DeviceContext& context, std::span<vertex_t> parent, ForestState* state);

}  // namespace graphrun::cuda

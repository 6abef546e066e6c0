#pragma once
// Union-find over a parent forest (Afforest's linking and compression steps;
// Sutton, Kamath, Plasse, Lu, IPDPS 2018). Several threads link at once:
// every read and write of `parent` is a relaxed std::atomic_ref access, and
// a root is hooked only by a compare-and-swap that expects it to still be a
// root, so concurrent hooks never lose a union.
#include <cstdint>
#include <span>

#include "graphrun/forest_state.hpp"
#include "graphrun/semiring.hpp"
#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

// The precondition of link_neighbours and compress: 0 <= parent[v] <= v for
// every v. It is what iota, linking (a larger root goes under a smaller one)
// and compression (a vertex points at an ancestor) maintain, and it makes
// every parent chain strictly decreasing: no id outside the vector, no
// cycle, and every root the smallest id of its tree.
bool is_decreasing_forest(std::span<const vertex_t> parent, int threads);

// For every vertex u with parent[u] != skip, unites u's tree with the tree
// of each neighbour in entries [first, first + count) of row u of
// a.rows(edges) (clipped to the row). `skip` is read per vertex while others
// link, so a vertex hooked under `skip` during the call may be skipped too
// (Afforest relies only on skipped vertices ending in skip's tree).
// Rows longer than a thread's share are spread over all threads by entries.
void link_neighbours(const CpuGraph& a, Edges edges, edge_t first, edge_t count, vertex_t skip,
                     std::span<vertex_t> parent, int threads);

// link_neighbours over whole rows, linking only the entries u -> w whose w
// lies in another block of block_vertices (> 0) consecutive ids than u.
void link_across_blocks(const CpuGraph& a, Edges edges, vertex_t block_vertices, vertex_t skip,
                        std::span<vertex_t> parent, int threads);

// parent[v] = the smallest vertex of v's component among the entries of
// a.rows(edges) whose two ends lie in v's block of block_vertices (> 0)
// consecutive ids. Overwrites parent; blocks run in parallel.
void local_forest(const CpuGraph& a, Edges edges, vertex_t block_vertices, std::span<vertex_t> parent,
                  int threads);

// parent[v] = the root of v's tree, for every v. Returns how many roots
// there are (the number of trees).
vertex_t compress(std::span<vertex_t> parent, int threads);

// The value held by the most of values[sampled_vertex(i, n)], i < samples
// (graphrun/forest_state.hpp), the smallest on a tie; values outside
// 0..n-1 are not counted (no_vertex when none is, or values is empty).
vertex_t most_sampled_value(std::span<const vertex_t> values, std::uint32_t samples);

}  // namespace graphrun::cpu

#pragma once
// Row lengths of the adjacencies (Edges::both: in- plus out-neighbours, the
// neighbourhood label_mode walks; on an undirected graph the out-degree).
#include <span>

#include "graphrun/semiring.hpp"
#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

// degree has num_vertices entries (checked by the caller).
void degrees(const CpuGraph& a, Edges edges, std::span<vertex_t> degree, int threads);
// Returns false when a listed vertex is out of range.
bool degree_sum(const CpuGraph& a, Edges edges, std::span<const vertex_t> vertices, int threads, edge_t& sum);

}  // namespace graphrun::cpu

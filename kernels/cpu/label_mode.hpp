#pragma once
// CDLP's per-round step: each vertex takes the most frequent label of its
// neighbours, the smallest on a tie, its own label when it has none.
#include <span>

#include "graphrun/semiring.hpp"
#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

// labels and out have num_vertices entries and do not overlap (checked by the
// caller). Each vertex is computed on its own, so the result does not depend
// on the thread count.
void label_mode(const CpuGraph& a, Edges edges, std::span<const vertex_t> labels, std::span<vertex_t> out,
                int threads);

}  // namespace graphrun::cpu

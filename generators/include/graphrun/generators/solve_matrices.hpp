#pragma once
// Lower triangular systems made from graphs, for the benchmark and tests of
// the triangular solve: a graph's adjacency rarely has a diagonal.
#include "graphrun/graph.hpp"

namespace graphrun::generators {

// L = tril(D - A): the lower triangle of the graph's Laplacian with D the
// out-degree plus one, every edge weighing 1 (a forward Gauss-Seidel sweep).
// Self-loops are left out; the diagonal dominates every row, so the solve
// stays bounded however deep its dependencies run.
Graph gauss_seidel_lower(const Graph& graph);

// The matrix's own lower triangle when every row has a non-zero, finite
// diagonal entry, otherwise gauss_seidel_lower(matrix).
Graph solvable_lower(const Graph& matrix);

}  // namespace graphrun::generators

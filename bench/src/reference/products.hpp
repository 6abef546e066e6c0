#pragma once
// Float64 host references of the dense products the bench times (SpMV, SpMM,
// GCN aggregation), computed row by row while checking so no n x F float64
// copy is ever held; and the whole aggregation result for small graphs.
#include <cstddef>
#include <span>
#include <vector>

#include "check.hpp"
#include "graphrun/algorithms/aggregate.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::bench {

// y = A x over the out-edge CSR (row v: v's out-neighbours), with weights.
Check check_spmv(const Csr& a, std::span<const float> x, std::span<const float> y);
// Y = A X, X and Y row-major n x width.
Check check_spmm(const Csr& a, std::span<const float> x, std::span<const float> y, std::size_t width);
// H' = D^-1/2 (A^T + I) D^-1/2 H with D = in-degree + 1 (edges count 1
// each): the AggregateNorm::gcn definition. `in` is the in-edge CSR.
Check check_gcn_aggregate(const Csr& in, std::span<const float> h, std::span<const float> out, std::size_t width);

// Row-major n x width aggregation in float64 with any AggregateNorm, from the
// out-edge list (each u->v adds to row v), so it does not rely on the
// transpose. weighted: sum norm only, edge weights as coefficients.
std::vector<double> aggregate_reference(const Graph& graph, std::span<const float> features, std::size_t width,
                                        AggregateNorm norm, bool weighted);

}  // namespace graphrun::bench

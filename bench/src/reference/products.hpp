#pragma once
// Float64 host references of the dense products the bench times (SpMV, SpMM,
// GCN aggregation), computed row by row while checking so no n x F float64
// copy is ever held.
#include <cstddef>
#include <span>

#include "bench/src/check.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::bench {

// y = A x over the out-edge CSR (row v: v's out-neighbours), with weights.
Check check_spmv(const Csr& a, std::span<const float> x, std::span<const float> y);
// Y = A X, X and Y row-major n x width.
Check check_spmm(const Csr& a, std::span<const float> x, std::span<const float> y, std::size_t width);
// H' = D^-1/2 (A^T + I) D^-1/2 H with D = in-degree + 1 (edges count 1
// each): the AggregateNorm::gcn definition. `in` is the in-edge CSR.
Check check_gcn_aggregate(const Csr& in, std::span<const float> h, std::span<const float> out, std::size_t width);

}  // namespace graphrun::bench

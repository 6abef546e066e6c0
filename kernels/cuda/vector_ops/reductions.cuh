#pragma once
// Reductions of the primitive interface: each runs one CUB reduction on
// context.stream and reads back one scalar (synchronous). Float inputs are
// summed in double so long vectors (PageRank residuals over millions of
// vertices) keep their precision.
#include <cstddef>
#include <cstdint>
#include <span>

#include "graphrun/semiring.hpp"
#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Sum of the entries the mask selects (every entry when mask.flags is null).
double sum(const DeviceContext& context, std::span<const float> x, VertexMask mask);
double l1_distance(const DeviceContext& context, std::span<const float> x, std::span<const float> y);
std::size_t count_nonzero(const DeviceContext& context, std::span<const std::uint8_t> x);
std::size_t count_different(const DeviceContext& context, std::span<const vertex_t> x, std::span<const vertex_t> y);
// Entries with x[i] != y[i] (NaN differs from everything; +inf equals +inf).
std::size_t count_different(const DeviceContext& context, std::span<const float> x, std::span<const float> y);
// Sum over the listed rows of their entry counts in `csr`.
edge_t degree_sum(const DeviceContext& context, const CsrView& csr, std::span<const vertex_t> rows);

}  // namespace graphrun::cuda

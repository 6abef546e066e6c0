#pragma once
// The device passes around cuSPARSE's SpGEMM in the triangle count of the
// cusparse backend (cusparse_triangles.cpp): L, the graph's edges oriented
// towards the higher (degree, id) rank with ones as values, and the sum of
// L·L over L's pattern. The rank order bounds L·L's products by m sqrt(m)
// where the id order lets hubs blow them up.
#include <cstdint>

#include "graphrun/memory.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cusparse {

// L's rows: the entries (i, j) of `graph` with j ranking below i, columns
// ascending, values 1.0, 32-bit offsets (the caller checked the entry count
// fits).
struct LowerPattern {
  DeviceVector<std::int32_t> offsets;
  DeviceVector<std::int32_t> columns;
  DeviceVector<double> values;
  std::int64_t entries = 0;
};
LowerPattern rank_oriented(const cuda::DeviceContext& context, const cuda::CsrView& graph);

// The sum of C(i, j) over C's entries that L also holds: C = L·L counts the
// paths i -> k -> j down the ranks, so each triangle is counted once. C's rows need
// not be sorted; L's are.
std::uint64_t masked_sum(const cuda::DeviceContext& context, const LowerPattern& lower, vertex_t rows,
                         const std::int32_t* c_offsets, const std::int32_t* c_columns, const double* c_values);

}  // namespace graphrun::cusparse

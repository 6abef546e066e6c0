#pragma once
// Arrays cuSPARSE needs that the CUDA graph does not store: 32-bit row
// offsets and an all-ones value array; for graphs past 2^31 entries 64-bit
// column indices instead (COO row ids come from cuda::spmv::expand_row_ids).
// Each is built on the device, on the context's stream, from the graph's
// own CSR.
#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"

namespace graphrun::cusparse {

// to[i] = from[i] converted, for i < count: 32-bit copies of the row offsets
// (the caller guarantees every offset is below 2^31), 64-bit copies of the
// column indices, float values widened to double.
template <class From, class To>
void convert(const cuda::DeviceContext& context, const From* from, To* to, std::int64_t count);

void fill_ones(const cuda::DeviceContext& context, float* values, std::int64_t count);

}  // namespace graphrun::cusparse

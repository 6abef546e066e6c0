#pragma once
// Arrays cuSPARSE needs that the CUDA graph does not store: each row
// block's 32-bit row offsets rebased to the block's start (its COO row ids
// come from cuda::spmv::expand_row_ids on the block's rows), and an all-ones
// value array. Each is built on the device, on the context's stream, from
// the graph's own CSR.
#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"

namespace graphrun::cusparse {

// to[i] = from[i] - base converted, for i < count: a row block's 32-bit
// offsets (the caller guarantees every difference fits), float values
// widened to double (base 0).
template <class From, class To>
void convert(const cuda::DeviceContext& context, const From* from, To* to, std::int64_t count, From base = From{});

void fill_ones(const cuda::DeviceContext& context, float* values, std::int64_t count);

}  // namespace graphrun::cusparse

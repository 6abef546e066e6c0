#pragma once
// Arrays cuSPARSE needs that the CUDA graph does not store: 32-bit row
// offsets, COO row ids and an all-ones value array; for graphs past 2^31
// entries 64-bit column indices and row ids instead. Each is built on the
// device, on the context's stream, from the graph's own CSR.
#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"

namespace graphrun::cusparse {

// narrowed[i] = offsets[i] for i < count. The caller guarantees that every
// offset is below 2^31 (the graph has fewer entries than that).
void narrow_offsets(const cuda::DeviceContext& context, const edge_t* offsets, std::int32_t* narrowed,
                    std::int64_t count);

// row_ids[e] = the row holding entry e, for the CSR with 32-bit `offsets`
// (num_rows + 1 of them) and `entries` entries. Split by entries, not rows,
// so one huge row does not serialise on one thread.
void expand_row_ids(const cuda::DeviceContext& context, const std::int32_t* offsets, vertex_t num_rows,
                    std::int32_t* row_ids, std::int64_t entries);

// 64-bit copies: wide[i] = columns[i]; row_ids[e] = the row holding entry e
// of the CSR with the graph's own 64-bit `offsets`.
void widen_indices(const cuda::DeviceContext& context, const vertex_t* columns, std::int64_t* wide, std::int64_t count);
void expand_row_ids64(const cuda::DeviceContext& context, const edge_t* offsets, vertex_t num_rows,
                      std::int64_t* row_ids, std::int64_t entries);

void fill_ones(const cuda::DeviceContext& context, float* values, std::int64_t count);

// widened[i] = values[i] as double, for i < count.
void widen_values(const cuda::DeviceContext& context, const float* values, double* widened, std::int64_t count);

}  // namespace graphrun::cusparse

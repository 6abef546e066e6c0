#pragma once
// label_mode for a listed subset of rows by sorting their neighbour labels
// (segmented sort, then the longest run per row): no limit on a row's
// distinct labels. The fallback for rows whose label partitions overflowed
// a shared-memory table. Device code: include from .cu files only.
#include <cstdint>

#include "graphrun/types.hpp"
#include "kernels/cuda/label_mode/neighbour_rows.cuh"
#include "kernels/cuda/runtime/context.cuh"

namespace graphrun::cuda::label_mode_detail {

// out[v] for v in row_list[0, row_count) (device memory); every listed row
// has at least one neighbour.
void label_mode_by_sorting(const DeviceContext& context, NeighbourRows rows, const vertex_t* row_list,
                           std::int64_t row_count, const vertex_t* labels, vertex_t* out);

}  // namespace graphrun::cuda::label_mode_detail

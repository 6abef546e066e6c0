#include "cuda/spmv/common/row_expansion.cuh"

#include <cub/device/device_scan.cuh>
#include <cuda/functional>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/formats/coo/coo_kernels.cuh"

namespace graphrun::cuda::spmv {

template <class RowId>
void expand_row_ids(const DeviceContext& context, const edge_t* offsets, std::int64_t num_rows, RowId* rows,
                    std::int64_t num_entries) {
  if (num_entries <= 0) return;
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(rows, 0, static_cast<std::size_t>(num_entries) * sizeof(RowId), context.stream));
  for_each_index(context, num_rows, ScatterRowStarts<RowId>{offsets, rows});
  run_cub(context, "cub::DeviceScan::InclusiveScan (row ids)", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::InclusiveScan(temp, temp_bytes, rows, ::cuda::maximum<>{}, num_entries, context.stream);
  });
}

template void expand_row_ids<vertex_t>(const DeviceContext&, const edge_t*, std::int64_t, vertex_t*, std::int64_t);
template void expand_row_ids<std::int64_t>(const DeviceContext&, const edge_t*, std::int64_t, std::int64_t*,
                                           std::int64_t);

}  // namespace graphrun::cuda::spmv

#include "cuda/spmv/common/row_expansion.cuh"

#include <cub/device/device_scan.cuh>
#include <cuda/functional>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/formats/coo/coo_kernels.cuh"

namespace graphrun::cuda::spmv {

void expand_row_ids(const DeviceContext& context, const edge_t* offsets, std::int64_t num_rows, vertex_t* rows,
                    std::int64_t num_entries) {
  if (num_entries <= 0) return;
  GRAPHRUN_CUDA_CHECK(
      cudaMemsetAsync(rows, 0, static_cast<std::size_t>(num_entries) * sizeof(vertex_t), context.stream));
  for_each_index(context, num_rows, ScatterRowStarts{offsets, rows});
  run_cub(context, "cub::DeviceScan::InclusiveScan (row ids)", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::InclusiveScan(temp, temp_bytes, rows, ::cuda::maximum<>{}, num_entries, context.stream);
  });
}

}  // namespace graphrun::cuda::spmv

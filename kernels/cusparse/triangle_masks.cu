#include "cusparse/triangle_masks.hpp"

#include <cub/device/device_scan.cuh>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"

namespace graphrun::cusparse {

LowerPattern rank_oriented(const cuda::DeviceContext& context, const cuda::CsrView& graph) {
  const vertex_t n = graph.num_rows;
  LowerPattern lower{DeviceVector<std::int32_t>(context.memory, static_cast<std::size_t>(n) + 1),
                     DeviceVector<std::int32_t>(context.memory, 0), DeviceVector<double>(context.memory, 0), 0};
  DeviceVector<std::int32_t> lengths(context.memory, static_cast<std::size_t>(n) + 1);
  std::int32_t* length = lengths.data();
  const cuda::CsrView rows = graph;
  // (degree, id) order: row i keeps column j when j ranks below i.
  const auto below = [=] __device__(vertex_t j, vertex_t i) {
    const edge_t dj = rows.offsets[j + 1] - rows.offsets[j], di = rows.offsets[i + 1] - rows.offsets[i];
    return dj < di || (dj == di && j < i);
  };
  cuda::for_each_index(context, static_cast<std::int64_t>(n) + 1, [=] __device__(std::int64_t r) {
    if (r == rows.num_rows) {
      length[r] = 0;
      return;
    }
    std::int32_t kept = 0;
    for (edge_t k = rows.offsets[r]; k < rows.offsets[r + 1]; ++k)
      kept += below(rows.indices[k], static_cast<vertex_t>(r)) ? 1 : 0;
    length[r] = kept;
  });
  cuda::run_cub(context, "cub::DeviceScan::ExclusiveSum", [&](void* temp, std::size_t& bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, bytes, lengths.data(), lower.offsets.data(), n + 1, context.stream);
  });
  lower.entries = cuda::read_scalar(context, static_cast<const std::int32_t*>(lower.offsets.data() + n));
  lower.columns = DeviceVector<std::int32_t>(context.memory, static_cast<std::size_t>(lower.entries));
  lower.values = DeviceVector<double>(context.memory, static_cast<std::size_t>(lower.entries));
  const std::int32_t* offsets = lower.offsets.data();
  std::int32_t* columns = lower.columns.data();
  double* values = lower.values.data();
  cuda::for_each_index(context, n, [=] __device__(std::int64_t r) {
    std::int32_t at = offsets[r];
    for (edge_t k = rows.offsets[r]; k < rows.offsets[r + 1]; ++k) {
      if (!below(rows.indices[k], static_cast<vertex_t>(r))) continue;
      columns[at] = static_cast<std::int32_t>(rows.indices[k]);  // ascending: the row's order; ids < 2^31
      values[at++] = 1.0;
    }
  });
  return lower;
}

std::uint64_t masked_sum(const cuda::DeviceContext& context, const LowerPattern& lower, vertex_t rows,
                         const std::int32_t* c_offsets, const std::int32_t* c_columns, const double* c_values) {
  DeviceVector<unsigned long long> total(context.memory, 1);
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(total.data(), 0, sizeof(unsigned long long), context.stream));
  unsigned long long* sum = total.data();
  const std::int32_t* l_offsets = lower.offsets.data();
  const std::int32_t* l_columns = lower.columns.data();
  cuda::for_each_index(context, rows, [=] __device__(std::int64_t r) {
    unsigned long long own = 0;
    for (std::int32_t k = c_offsets[r]; k < c_offsets[r + 1]; ++k) {
      const std::int32_t j = c_columns[k];
      std::int32_t begin = l_offsets[r], end = l_offsets[r + 1];
      while (begin < end) {
        const std::int32_t middle = begin + (end - begin) / 2;
        if (l_columns[middle] < j) begin = middle + 1;
        else end = middle;
      }
      // C's entries count paths exactly: doubles hold integers to 2^53.
      if (begin < l_offsets[r + 1] && l_columns[begin] == j) own += static_cast<unsigned long long>(c_values[k]);
    }
    if (own != 0) atomicAdd(sum, own);
  });
  return cuda::read_scalar(context, static_cast<const unsigned long long*>(total.data()));
}

}  // namespace graphrun::cusparse

#include "cuda/runtime/frontier_edges.cuh"

#include <cub/device/device_scan.cuh>

#include "cuda/runtime/cub_call.cuh"
#include "cuda/runtime/launch.cuh"

namespace graphrun::cuda {

DeviceVector<edge_t> frontier_edge_starts(const DeviceContext& context, const CsrView& csr,
                                          std::span<const vertex_t> frontier, int* bad_id) {
  const auto count = static_cast<std::int64_t>(frontier.size());
  DeviceVector<edge_t> degrees(context.memory, frontier.size() + 1);
  DeviceVector<edge_t> starts(context.memory, frontier.size() + 1);
  edge_t* degree = degrees.data();
  const vertex_t* ids = frontier.data();
  const edge_t* offsets = csr.offsets;
  const vertex_t n = csr.num_rows;
  for_each_index(context, count + 1, [=] __device__(std::int64_t k) {
    if (k == count) {
      degree[k] = 0;
      return;
    }
    const vertex_t u = ids[k];
    const bool valid = is_vertex(u, n);
    if (!valid) *bad_id = 1;
    degree[k] = valid ? offsets[u + 1] - offsets[u] : 0;
  });
  edge_t* start = starts.data();
  run_cub(context, "cub::DeviceScan::ExclusiveSum", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, degree, start, count + 1, context.stream);
  });
  return starts;
}

}  // namespace graphrun::cuda

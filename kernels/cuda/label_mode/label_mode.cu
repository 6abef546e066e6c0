// Host-side dispatch of label_mode: one pass sorts rows into classes by
// neighbour count (row_classes.cuh), then each class runs the kernel shaped
// for it (label_mode_kernels.cuh); rows whose label partitions overflowed a
// shared table (only deliberately colliding labels do) are finished by
// sorting (sorted_label_mode.cu).
#include "kernels/cuda/label_mode/label_mode.cuh"

#include <algorithm>
#include <array>
#include <cstdint>

#include "graphrun/memory.hpp"
#include "kernels/cuda/label_mode/label_keys.hpp"
#include "kernels/cuda/label_mode/label_mode_kernels.cuh"
#include "kernels/cuda/label_mode/neighbour_rows.cuh"
#include "kernels/cuda/label_mode/row_classes.cuh"
#include "kernels/cuda/label_mode/sorted_label_mode.cuh"
#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/cub_call.cuh"
#include "kernels/cuda/runtime/launch.cuh"

namespace graphrun::cuda {

namespace {

using namespace label_mode_detail;

// Device buffers of one call: the class lists and the large rows' state,
// each sized by the bound of row_class_capacity (no count is known before
// the classification pass).
struct ClassBuffers {
  std::array<std::int64_t, large> list_begin{};
  std::int64_t large_capacity = 0;
  DeviceVector<vertex_t> lists;
  DeviceVector<vertex_t> large_rows;
  DeviceVector<std::uint64_t> large_best;
  DeviceVector<int> large_overflowed;
  DeviceVector<LargeRowPart> large_parts;
  DeviceVector<unsigned int> counters;  // row_class_count + 1 (parts) + 1 (overflowed rows)

  ClassBuffers(MemoryResource& memory, vertex_t n, edge_t entries) {
    std::int64_t total = 0;
    for (int c = short_4; c < large; ++c) {
      list_begin[c] = total;
      total += row_class_capacity(static_cast<RowClass>(c), n, entries);
    }
    large_capacity = row_class_capacity(large, n, entries);
    // Each large row has partition_count = ceil(count / entries_per_partition)
    // <= count / entries_per_partition + 1 parts.
    const std::int64_t part_capacity = entries / entries_per_partition + large_capacity;
    lists = DeviceVector<vertex_t>(memory, static_cast<std::size_t>(total));
    large_rows = DeviceVector<vertex_t>(memory, static_cast<std::size_t>(large_capacity));
    large_best = DeviceVector<std::uint64_t>(memory, static_cast<std::size_t>(large_capacity));
    large_overflowed = DeviceVector<int>(memory, static_cast<std::size_t>(large_capacity));
    large_parts = DeviceVector<LargeRowPart>(memory, static_cast<std::size_t>(part_capacity));
    counters = DeviceVector<unsigned int>(memory, row_class_count + 2);
  }

  ClassLists device_view() {
    ClassLists view{};
    view.lists = lists.data();
    for (int c = short_4; c < large; ++c) view.list_begin[c] = list_begin[c];
    view.large_rows = large_rows.data();
    view.large_best = large_best.data();
    view.large_overflowed = large_overflowed.data();
    view.large_parts = large_parts.data();
    view.counters = counters.data();
    return view;
  }
  unsigned int* overflowed_row_counter() { return counters.data() + row_class_count + 1; }
};

template <int kLanes>
void run_short_rows(const DeviceContext& context, NeighbourRows rows, const vertex_t* row_list, std::int64_t count,
                    const vertex_t* labels, vertex_t* out) {
  constexpr int rows_per_warp = 32 / kLanes;
  const std::int64_t warps = (count + rows_per_warp - 1) / rows_per_warp;
  short_rows_kernel<kLanes><<<grid_stride_blocks(context, warps * 32), threads_per_block, 0, context.stream>>>(
      rows, row_list, count, labels, out);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

// Large rows whose tables overflowed go to `overflowed`; the others get
// their combined best label.
void finish_large_rows(const DeviceContext& context, ClassBuffers& buffers, std::int64_t large_count,
                       vertex_t* overflowed, vertex_t* out) {
  const vertex_t* large_rows = buffers.large_rows.data();
  const std::uint64_t* best = buffers.large_best.data();
  const int* failed = buffers.large_overflowed.data();
  unsigned int* overflowed_count = buffers.overflowed_row_counter();
  for_each_index(context, large_count, [=] __device__(std::int64_t slot) {
    if (failed[slot] != 0)
      overflowed[atomicAdd(overflowed_count, 1u)] = large_rows[slot];  // rare: a plain atomic
    else
      out[large_rows[slot]] = label_of_key(best[slot]);
  });
}

}  // namespace

void label_mode(const DeviceContext& context, const CsrView& first, const CsrView* second,
                std::span<const vertex_t> labels, std::span<vertex_t> out) {
  const vertex_t n = first.num_rows;
  if (n == 0) return;
  const edge_t entries = first.num_entries + (second ? second->num_entries : 0);
  const vertex_t* label = labels.data();
  vertex_t* result = out.data();
  if (entries == 0) {
    GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(result, label, sizeof(vertex_t) * static_cast<std::size_t>(n),
                                        cudaMemcpyDeviceToDevice, context.stream));
    return;
  }
  const NeighbourRows rows(first, second);

  ClassBuffers buffers(context.memory, n, entries);
  GRAPHRUN_CUDA_CHECK(
      cudaMemsetAsync(buffers.counters.data(), 0, sizeof(unsigned int) * buffers.counters.size(), context.stream));
  classify_rows_kernel<<<grid_stride_blocks(context, n), threads_per_block, 0, context.stream>>>(
      rows, n, label, result, buffers.device_view());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  // One read-back sizes every grid below and skips empty classes.
  std::array<unsigned int, row_class_count + 1> counts{};
  context.memory.copy(counts.data(), buffers.counters.data(), sizeof(counts), CopyKind::backend_to_host);

  const auto list = [&](RowClass c) { return buffers.lists.data() + buffers.list_begin[c]; };
  if (counts[short_4] > 0) run_short_rows<4>(context, rows, list(short_4), counts[short_4], label, result);
  if (counts[short_8] > 0) run_short_rows<8>(context, rows, list(short_8), counts[short_8], label, result);
  if (counts[short_16] > 0) run_short_rows<16>(context, rows, list(short_16), counts[short_16], label, result);
  if (counts[short_32] > 0) run_short_rows<32>(context, rows, list(short_32), counts[short_32], label, result);
  if (counts[medium] > 0) {
    medium_rows_kernel<<<grid_stride_blocks(context, static_cast<std::int64_t>(counts[medium]) * 32),
                         threads_per_block, 0, context.stream>>>(rows, list(medium), counts[medium], label, result);
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  }
  const std::int64_t large_count = counts[large];
  if (large_count == 0) return;
  const std::int64_t part_count = counts[row_class_count];
  large_rows_kernel<<<grid_stride_blocks(context, part_count * threads_per_block), threads_per_block, 0,
                      context.stream>>>(rows, buffers.large_rows.data(), buffers.large_parts.data(), part_count,
                                        label, buffers.large_best.data(), buffers.large_overflowed.data());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  DeviceVector<vertex_t> overflowed(context.memory, static_cast<std::size_t>(large_count));
  finish_large_rows(context, buffers, large_count, overflowed.data(), result);
  const unsigned int overflowed_count = read_scalar(context, static_cast<const unsigned int*>(buffers.overflowed_row_counter()));
  label_mode_by_sorting(context, rows, overflowed.data(), overflowed_count, label, result);
}

}  // namespace graphrun::cuda

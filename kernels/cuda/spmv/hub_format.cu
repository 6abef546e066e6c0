#include "kernels/cuda/spmv/hub_format.cuh"

#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <string>
#include <type_traits>

#include "graphrun/error.hpp"
#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/cub_call.cuh"
#include "kernels/cuda/runtime/launch.cuh"
#include "kernels/cuda/spmv/csr_merge_hub_kernels.cuh"
#include "kernels/cuda/spmv/semiring_list.cuh"

namespace graphrun::cuda::spmv {
namespace {

struct CountColumnEntries {
  const vertex_t* columns;
  unsigned* counts;
  __device__ void operator()(std::int64_t entry) const { atomicAdd(counts + columns[entry], 1u); }
};

// (The SpMV family links without vector_ops, whose iota this repeats.)
struct Iota {
  vertex_t* out;
  __device__ void operator()(std::int64_t i) const { out[i] = static_cast<vertex_t>(i); }
};

struct MarkHubSlot {
  const vertex_t* hub_columns;
  vertex_t* slot_of_column;
  __device__ void operator()(std::int64_t slot) const { slot_of_column[hub_columns[slot]] = static_cast<vertex_t>(slot); }
};

struct CodeColumn {
  const vertex_t* columns;
  const vertex_t* slot_of_column;  // -1: not a hub
  vertex_t* coded_columns;
  __device__ void operator()(std::int64_t entry) const {
    const vertex_t column = columns[entry];
    const vertex_t slot = slot_of_column[column];
    coded_columns[entry] = slot < 0 ? column : -1 - slot;
  }
};

// Resident blocks per SM of a csr_merge_hub_kernel instantiation with
// `shared_bytes` of dynamic shared memory, after setting the carveout that
// holds just them: the rest of the SM's 256 KB stays L1, which matters. L1
// holds the lines of the loads in flight and the gathers of the columns that
// are not hubs; on kron-s20 three blocks per SM ran 0.263 ms with 60 KB of
// L1 (7168 hubs) and 0.313 ms with 28 KB (8192 hubs, all 228 KB shared).
template <class Kernel>
int fit_resident_blocks(Kernel kernel, std::size_t shared_bytes) {
  GRAPHRUN_CUDA_CHECK(
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared_bytes)));
  GRAPHRUN_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
  int most = 0;
  GRAPHRUN_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&most, kernel, CsrMergeHubPolicy::threads_per_block, shared_bytes));
  if (most == 0)
    throw RuntimeError("SpMV kernel csr-merge-hub: a block with " + std::to_string(shared_bytes) +
                       " bytes of shared memory does not fit on this GPU's multiprocessors");
  cudaFuncAttributes attributes{};
  GRAPHRUN_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
  int device = 0;
  GRAPHRUN_CUDA_CHECK(cudaGetDevice(&device));
  int shared_per_multiprocessor = 0;
  int reserved_per_block = 0;
  GRAPHRUN_CUDA_CHECK(
      cudaDeviceGetAttribute(&shared_per_multiprocessor, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device));
  GRAPHRUN_CUDA_CHECK(cudaDeviceGetAttribute(&reserved_per_block, cudaDevAttrReservedSharedMemoryPerBlock, device));
  const std::int64_t needed =
      static_cast<std::int64_t>(most) *
      (static_cast<std::int64_t>(attributes.sharedSizeBytes + shared_bytes) + reserved_per_block);
  const int carveout = static_cast<int>(
      std::min<std::int64_t>(100, (needed * 100 + shared_per_multiprocessor - 1) / shared_per_multiprocessor));
  GRAPHRUN_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, carveout));
  // The driver picks the shared-memory configuration from a few sizes; if
  // the one the hint selects holds fewer blocks, take all of it.
  int fitted = 0;
  GRAPHRUN_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fitted, kernel,
                                                                    CsrMergeHubPolicy::threads_per_block, shared_bytes));
  if (fitted < most)
    GRAPHRUN_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
  return most;
}

}  // namespace

HubFormat::HubFormat(const CsrView& csr, const DeviceContext& context)
    : partition_(csr, context, CsrMergeHubPolicy::tile_items) {
  const std::int64_t columns = csr.num_cols;
  const std::int64_t entries = csr.num_entries;
  const std::int64_t hubs = std::min<std::int64_t>(CsrMergeHubPolicy::hub_columns, columns);
  coded_columns_ = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(entries));
  hub_columns_ = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(hubs));
  hub_values_ = DeviceVector<std::uint64_t>(context.memory, static_cast<std::size_t>(hubs));
  if (hubs == 0 || entries == 0) return;

  // Entries per column, then the columns by that count, most first. The sort
  // is stable, so equal counts keep the smaller column first and the format
  // is the same on every build.
  DeviceVector<unsigned> counts(context.memory, static_cast<std::size_t>(columns));
  GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(counts.data(), 0, counts.size() * sizeof(unsigned), context.stream));
  for_each_index(context, entries, CountColumnEntries{csr.indices, counts.data()});
  DeviceVector<unsigned> sorted_counts(context.memory, static_cast<std::size_t>(columns));
  DeviceVector<vertex_t> column_ids(context.memory, static_cast<std::size_t>(columns));
  DeviceVector<vertex_t> ranked_columns(context.memory, static_cast<std::size_t>(columns));
  for_each_index(context, columns, Iota{column_ids.data()});
  run_cub(context, "cub::DeviceRadixSort::SortPairsDescending (hub columns)", [&](void* temp, std::size_t& temp_bytes) {
    return cub::DeviceRadixSort::SortPairsDescending(temp, temp_bytes, counts.data(), sorted_counts.data(),
                                                     column_ids.data(), ranked_columns.data(),
                                                     static_cast<std::int64_t>(columns), 0, 32, context.stream);
  });
  GRAPHRUN_CUDA_CHECK(cudaMemcpyAsync(hub_columns_.data(), ranked_columns.data(), hub_columns_.size() * sizeof(vertex_t),
                                      cudaMemcpyDeviceToDevice, context.stream));

  // Each column's slot (-1: not a hub; all bits set), then the coded columns.
  DeviceVector<vertex_t>& slot_of_column = column_ids;  // reused: the ids are no longer needed
  GRAPHRUN_CUDA_CHECK(
      cudaMemsetAsync(slot_of_column.data(), 0xff, slot_of_column.size() * sizeof(vertex_t), context.stream));
  for_each_index(context, hubs, MarkHubSlot{hub_columns_.data(), slot_of_column.data()});
  for_each_index(context, entries, CodeColumn{csr.indices, slot_of_column.data(), coded_columns_.data()});
}

template <class Semiring>
void HubFormat::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  const std::int64_t tiles = partition_.tile_count();
  if (tiles == 0) return;
  using value_type = typename Semiring::value_type;
  static_assert(sizeof(value_type) <= sizeof(std::uint64_t), "hub_values_ holds values of up to 8 bytes");
  auto* const hub_values = reinterpret_cast<value_type*>(hub_values_.data());
  for_each_index(context, hubs(), GatherHubValues<value_type>{hub_columns_.data(), operands.x, hub_values});

  const int cached = static_cast<int>(
      std::min<std::int64_t>(hubs(), CsrMergeHubPolicy::cache_bytes / static_cast<int>(sizeof(value_type))));
  const std::size_t shared_bytes = hub_shared_bytes<Semiring>(cached);
  const RowMask mask = row_mask_of(operands.args);
  const RowOutput<Semiring> out{operands.y, operands.args.accumulate};
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted) {
    constexpr bool kWeighted = decltype(weighted)::value;
    const auto launch = [&](auto every_hub_cached) {
      constexpr bool kEveryHubCached = decltype(every_hub_cached)::value;
      const auto kernel = csr_merge_hub_kernel<Semiring, kWeighted, kEveryHubCached>;
      const HubEntryProduct<Semiring, kWeighted, kEveryHubCached> product{
          coded_columns_.data(), operands.csr.values, operands.x, hub_values, nullptr, cached};
      // Fitted once per kernel and plan: the attributes stay set, and the
      // host calls stay out of the time between the gather and the launch.
      const void* const key = reinterpret_cast<const void*>(kernel);
      auto fitted = resident_per_multiprocessor_.find(key);
      if (fitted == resident_per_multiprocessor_.end())
        fitted = resident_per_multiprocessor_.emplace(key, fit_resident_blocks(kernel, shared_bytes)).first;
      const auto blocks = static_cast<int>(
          std::min<std::int64_t>(tiles, static_cast<std::int64_t>(fitted->second) * context.multiprocessors));
      // A programmatic dependent of the gather above: its blocks start, and
      // issue their first tile's matrix loads, while the gather finishes.
      cudaLaunchAttribute overlap{};
      overlap.id = cudaLaunchAttributeProgrammaticStreamSerialization;
      overlap.val.programmaticStreamSerializationAllowed = 1;
      cudaLaunchConfig_t config{};
      config.gridDim = dim3(static_cast<unsigned>(blocks));
      config.blockDim = dim3(CsrMergeHubPolicy::threads_per_block);
      config.dynamicSmemBytes = shared_bytes;
      config.stream = context.stream;
      config.attrs = &overlap;
      config.numAttrs = 1;
      GRAPHRUN_CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, operands.csr, partition_.tiles(), product, mask, out,
                                             partition_.spanning_rows<value_type>()));
    };
    if (cached == hubs())
      launch(std::true_type{});
    else
      launch(std::false_type{});
  });
}

#define GRAPHRUN_INSTANTIATE(S) \
  template void HubFormat::run<S>(const DeviceContext&, const SpmvOperands<S>&);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv

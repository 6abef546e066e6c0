#include "kernels/cuda/spmv/hub_format.cuh"

#include <algorithm>
#include <type_traits>

#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/launch.cuh"
#include "kernels/cuda/spmv/csr_merge_hub_kernels.cuh"
#include "kernels/cuda/spmv/hub_cache.cuh"
#include "kernels/cuda/spmv/hub_columns.cuh"
#include "kernels/cuda/spmv/semiring_list.cuh"

namespace graphrun::cuda::spmv {
namespace {

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

}  // namespace

HubFormat::HubFormat(const CsrView& csr, const edge_t* transpose_offsets, const DeviceContext& context)
    : partition_(csr, context, CsrMergeHubPolicy::tile_items) {
  HubColumns ranked = rank_hub_columns(csr, CsrMergeHubPolicy::hub_columns, context, transpose_offsets);
  coded_columns_ = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(csr.num_entries));
  hub_values_ = DeviceVector<std::uint64_t>(context.memory, ranked.columns.size());
  if (!ranked.columns.empty())
    for_each_index(context, csr.num_entries,
                   CodeColumn{csr.indices, ranked.slot_of_column.data(), coded_columns_.data()});
  hub_columns_ = std::move(ranked.columns);
}

template <class Semiring>
void HubFormat::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  const std::int64_t tiles = partition_.tile_count();
  if (tiles == 0) return;
  using value_type = typename Semiring::value_type;
  static_assert(sizeof(value_type) <= sizeof(std::uint64_t), "hub_values_ holds values of up to 8 bytes");
  auto* const hub_values = reinterpret_cast<value_type*>(hub_values_.data());
  for_each_index(context, hubs(), GatherColumnValues<Semiring>{hub_columns_.data(), operands.x, hub_values, hubs()});

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
      const int resident = resident_blocks(resident_per_multiprocessor_, kernel,
                                           CsrMergeHubPolicy::threads_per_block, shared_bytes, "csr-merge-hub");
      const auto blocks = static_cast<int>(
          std::min<std::int64_t>(tiles, static_cast<std::int64_t>(resident) * context.multiprocessors));
      // A programmatic dependent of the gather above: its blocks start, and
      // issue their first tile's matrix loads, while the gather finishes.
      launch_programmatic_dependent(kernel, blocks, CsrMergeHubPolicy::threads_per_block, shared_bytes,
                                    context.stream, operands.csr, partition_.tiles(), product, mask, out,
                                    partition_.spanning_rows<value_type>());
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

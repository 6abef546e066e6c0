#include "cuda/spmv/formats/csr_merge/merge_partition.cuh"

#include <stdexcept>
#include <string>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/formats/csr_merge/csr_merge_kernels.cuh"
#include "cuda/spmv/dispatch/semiring_list.cuh"

namespace graphrun::cuda::spmv {

MergePartition::MergePartition(const CsrView& csr, const DeviceContext& context, std::int64_t tile_items)
    : tile_items_(tile_items) {
  const std::int64_t steps = static_cast<std::int64_t>(csr.num_rows) + csr.num_entries;
  tiles_ = (steps + tile_items - 1) / tile_items;
  if (tiles_ == 0) return;
  tile_rows_ = DeviceVector<vertex_t>(context.memory, static_cast<std::size_t>(tiles_) + 1);
  tile_entries_ = DeviceVector<edge_t>(context.memory, static_cast<std::size_t>(tiles_) + 1);
  for_each_index(context, tiles_ + 1,
                 MergeTileStarts{csr.offsets, csr.num_rows, steps, tile_items, tile_rows_.data(), tile_entries_.data()});
  span_slots_ = SpanSlots(context, tiles_);
}

template <class Semiring>
void MergePartition::run(const DeviceContext& context, const SpmvOperands<Semiring>& operands,
                         int shared_memory_carveout_percent) {
  if (tile_items_ != CsrMergePolicy::tile_items)
    throw std::logic_error("csr-merge run on a partition of " + std::to_string(tile_items_) + "-step tiles, not " +
                           std::to_string(CsrMergePolicy::tile_items));
  if (tiles_ == 0) return;
  const RowMask mask = row_mask_of(operands.args);
  const RowOutput<Semiring> out{operands.y, operands.args.accumulate};
  const auto spanning = spanning_rows<typename Semiring::value_type>();
  with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted) {
    constexpr bool kWeighted = decltype(weighted)::value;
    const EntryProduct<Semiring, kWeighted, LoadPath::bypass_l1> product{operands.csr.indices, operands.csr.values,
                                                                          operands.x};
    // A hint, set before each launch (it applies to the current device):
    // the caller's carveout, CsrMergePolicy::shared_memory_carveout_percent
    // unless it measured another. A launch from another host thread with
    // another carveout may take either: a speed, never a result, differs.
    GRAPHRUN_CUDA_CHECK(cudaFuncSetAttribute(csr_merge_kernel<Semiring, kWeighted>,
                                             cudaFuncAttributePreferredSharedMemoryCarveout,
                                             shared_memory_carveout_percent));
    csr_merge_kernel<Semiring, kWeighted>
        <<<tile_blocks(tiles_, "csr-merge"), CsrMergePolicy::threads_per_block, 0, context.stream>>>(
            operands.csr, tiles(), product, mask, out, spanning);
    GRAPHRUN_CUDA_CHECK_LAUNCH();
  });
}

#define GRAPHRUN_INSTANTIATE(S) \
  template void MergePartition::run<S>(const DeviceContext&, const SpmvOperands<S>&, int);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv

#include "cuda/spmv/formats/coo/coo_format.cuh"

#include <type_traits>

#include "cuda/runtime/check.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/formats/coo/coo_kernels.cuh"
#include "cuda/spmv/common/row_expansion.cuh"
#include "cuda/spmv/dispatch/semiring_list.cuh"

namespace graphrun::cuda::spmv {
CooFormat::CooFormat(const CsrView& csr, const DeviceContext& context)
    : rows_(context.memory, static_cast<std::size_t>(csr.num_entries)) {
  expand_row_ids(context, csr.offsets, csr.num_rows, rows_.data(), csr.num_entries);
  view_ = CooView{rows_.data(), csr.indices, csr.values, csr.num_entries};
  segmented_ = SegmentedCoo(view_, context.memory);
}

template <class Semiring>
void CooFormat::run_atomic(const DeviceContext& context, const SpmvOperands<Semiring>& operands) const {
  using Policy = CooAtomicPolicy;
  using Word = typename AtomicCombine<Semiring>::word_type;
  const RowMask mask = row_mask_of(operands.args);
  const auto combine_into = [&](Word* target) {
    if (view_.count == 0) return;
    const int blocks =
        capped_grid_blocks(context, view_.count, Policy::threads_per_block, Policy::blocks_per_multiprocessor);
    with_weighting<Semiring>(reads_weights<Semiring>(operands.args, operands.csr), [&](auto weighted) {
      constexpr bool kWeighted = decltype(weighted)::value;
      coo_atomic_kernel<Semiring, kWeighted>
          <<<blocks, Policy::threads_per_block, 0, context.stream>>>(view_, operands.x, mask, target);
      GRAPHRUN_CUDA_CHECK_LAUNCH();
    });
  };
  if constexpr (std::is_same_v<Word, typename Semiring::value_type>) {
    initialise_selected_rows(context, operands);
    combine_into(operands.y);
  } else {
    // No byte atomics: combine into a word per row, then store the words.
    const std::int64_t rows = operands.csr.num_rows;
    DeviceVector<Word> words(context.memory, static_cast<std::size_t>(rows));
    for_each_index(context, rows, FillWordsWithIdentity<Semiring>{words.data()});
    combine_into(words.data());
    for_each_index(context, rows,
                   StoreRowWords<Semiring>{mask, words.data(), RowOutput<Semiring>{operands.y, operands.args.accumulate}});
  }
}

template <class Semiring>
void CooFormat::run_segmented(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  initialise_selected_rows(context, operands);
  // Every selected row now holds its starting value: the reduction adds to it.
  segmented_.run<Semiring>(context, operands.x, reads_weights<Semiring>(operands.args, operands.csr),
                           row_mask_of(operands.args), RowOutput<Semiring>{operands.y, true});
}

#define GRAPHRUN_INSTANTIATE(S)                                                                         \
  template void CooFormat::run_atomic<S>(const DeviceContext&, const SpmvOperands<S>&) const;         \
  template void CooFormat::run_segmented<S>(const DeviceContext&, const SpmvOperands<S>&);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda::spmv

// Registry entry of csr-merge: merge-path load balancing over rows and
// entries (merge_partition.cuh, csr_merge_kernels.cuh).
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/spmv_format.cuh"
#include "cuda/spmv/formats/csr_merge/merge_partition.cuh"

namespace graphrun::cuda::spmv {
namespace {

struct CsrMerge {
  MergePartition partition;
  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
    partition.run(context, operands);
  }
  std::size_t bytes() const { return partition.bytes(); }
};

}  // namespace

SpmvFormatEntry csr_merge_entry() {
  return {.name = "csr-merge",
          .family = FormatFamily::graphrun,
          .summary = "merge-path tiles of equal rows + entries, staged through shared memory",
          .build = [](const FormatInputs& in) {
            return make_format<CsrMerge>(MergePartition(in.csr, in.context, CsrMergePolicy::tile_items));
          }};
}

}  // namespace graphrun::cuda::spmv

// Registry entries of coo-atomic and coo-segmented (seed 000's COO kernels):
// both over a COO copy of the adjacency (coo_format.cuh), combining the
// entries of a row by atomics or by a warp segmented scan.
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/spmv_format.cuh"
#include "cuda/spmv/formats/coo/coo_format.cuh"

namespace graphrun::cuda::spmv {
namespace {

struct CooAtomic {
  CooFormat copy;
  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
    copy.run_atomic(context, operands);
  }
  std::size_t bytes() const { return copy.bytes(); }
};

struct CooSegmented {
  CooFormat copy;
  template <class Semiring>
  void run(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
    copy.run_segmented(context, operands);
  }
  std::size_t bytes() const { return copy.bytes(); }
};

}  // namespace

SpmvFormatEntry coo_atomic_entry() {
  return {.name = "coo-atomic",
          .family = FormatFamily::seed,
          .summary = "COO, a thread per entry adding into y with atomics (float sums not deterministic)",
          .build = [](const FormatInputs& in) { return make_format<CooAtomic>(CooFormat(in.csr, in.context)); }};
}

SpmvFormatEntry coo_segmented_entry() {
  return {.name = "coo-segmented",
          .family = FormatFamily::seed,
          .summary = "COO, rows combined by a warp segmented scan and a carry chain",
          .build = [](const FormatInputs& in) { return make_format<CooSegmented>(CooFormat(in.csr, in.context)); }};
}

}  // namespace graphrun::cuda::spmv

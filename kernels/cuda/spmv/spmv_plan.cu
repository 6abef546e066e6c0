// SpmvPlan: the public entry of the native SpMV family (spmv.cuh). It holds
// the row statistics (computed at construction), builds derived formats on
// first use and dispatches each call to its kernel family's host side.
#include <cuda_runtime.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "graphrun/error.hpp"
#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/spmv/column_split_format.cuh"
#include "kernels/cuda/spmv/compact_format.cuh"
#include "kernels/cuda/spmv/coo_format.cuh"
#include "kernels/cuda/spmv/csr_row_dispatch.cuh"
#include "kernels/cuda/spmv/ell_format.cuh"
#include "kernels/cuda/spmv/hub_format.cuh"
#include "kernels/cuda/spmv/hub_split_format.cuh"
#include "kernels/cuda/spmv/hyb_format.cuh"
#include "kernels/cuda/spmv/kernel_catalog.hpp"
#include "kernels/cuda/spmv/kernel_selection.hpp"
#include "kernels/cuda/spmv/merge_partition.cuh"
#include "kernels/cuda/spmv/packed_stencil_format.cuh"
#include "kernels/cuda/spmv/row_stats.hpp"
#include "kernels/cuda/spmv/semiring_list.cuh"
#include "kernels/cuda/spmv/spmv.cuh"
#include "kernels/cuda/spmv/spmv_policies.cuh"
#include "kernels/cuda/spmv/stencil_format.cuh"

namespace graphrun::cuda {

using spmv::SpmvKernel;

std::vector<std::string> spmv_kernel_names() { return spmv::kernel_names(); }

namespace {

spmv::DeviceShape shape_of_current_device() {
  int device = 0;
  GRAPHRUN_CUDA_CHECK(cudaGetDevice(&device));
  int multiprocessors = 0;
  GRAPHRUN_CUDA_CHECK(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
  int l2_bytes = 0;
  GRAPHRUN_CUDA_CHECK(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device));
  return {multiprocessors, l2_bytes};
}

void validate(const CsrView& csr) {
  if (csr.num_rows < 0 || csr.num_cols < 0 || csr.num_entries < 0)
    throw UsageError("SpmvPlan: negative CSR dimensions");
  if (csr.num_rows > 0 && csr.offsets == nullptr) throw UsageError("SpmvPlan: CSR offsets missing");
  if (csr.num_entries > 0 && csr.indices == nullptr) throw UsageError("SpmvPlan: CSR column indices missing");
}

}  // namespace

struct SpmvPlan::Impl {
  Impl(CsrView view, const edge_t* transpose_row_offsets, MemoryResource& memory, cudaStream_t stream)
      : csr(view), transpose_offsets(transpose_row_offsets), shape(shape_of_current_device()),
        context{stream, memory, shape.multiprocessors}, stats(spmv::compute_row_stats(view, context)) {}

  CsrView csr;
  const edge_t* transpose_offsets;  // nullptr: not on the device
  spmv::DeviceShape shape;
  DeviceContext context;
  spmv::RowStats stats;
  // Derived formats, built on first use and kept for the plan's lifetime.
  std::optional<spmv::EllFormat> ell;
  std::optional<spmv::EllFormat> ell_compact;
  std::optional<spmv::StencilFormat> stencil;
  std::optional<spmv::PackedStencilFormat> packed_stencil;
  std::optional<spmv::HybFormat> hyb;
  std::optional<spmv::CompactFormat> compact;
  std::optional<spmv::CooFormat> coo;
  std::optional<spmv::ColumnSplitFormat> column_split;
  std::optional<spmv::MergePartition> merge;
  std::optional<spmv::HubFormat> hub;
  std::optional<spmv::HubSplitFormat> hub_split;

  // Resolves "auto" and validates the name (and the bounds of ell and of the
  // compact kernels).
  SpmvKernel resolve(const std::string& requested) const {
    const SpmvKernel kernel =
        requested == spmv::auto_kernel_name ? spmv::auto_kernel(stats, shape) : spmv::parse_kernel(requested);
    if (kernel == SpmvKernel::ell || kernel == SpmvKernel::ell_compact) spmv::require_ell_padding_bounded(stats, kernel);
    if (kernel == SpmvKernel::ell_compact || kernel == SpmvKernel::csr_compact)
      spmv::require_column_offsets_fit(stats, kernel);
    if (kernel == SpmvKernel::stencil) spmv::require_stencil_fits(stats);
    if (kernel == SpmvKernel::stencil_packed) spmv::require_packed_stencil_fits(stats);
    return kernel;
  }

  // Lanes per row of a csr-vector kernel; csr-vector-auto's from the row
  // statistics and the GPU's size.
  int vector_lanes(SpmvKernel kernel) const {
    return kernel == SpmvKernel::csr_vector_auto ? spmv::vector_lanes_for(stats, context.multiprocessors)
                                                 : spmv::vector_lanes_of(kernel);
  }

  const spmv::EllFormat& ell_format() {
    if (!ell) ell.emplace(csr, stats.longest_row, context);
    return *ell;
  }

  const spmv::EllFormat& ell_compact_format() {
    if (!ell_compact) ell_compact.emplace(csr, stats.longest_row, context, spmv::EllColumns::offsets);
    return *ell_compact;
  }

  const spmv::StencilFormat& stencil_format() {
    if (!stencil) stencil.emplace(csr, stats.diagonals.value(), context);  // resolve() checked it
    return *stencil;
  }

  const spmv::PackedStencilFormat& packed_stencil_format() {
    if (!packed_stencil) packed_stencil.emplace(csr, stats.diagonals.value(), context);  // resolve() checked it
    return *packed_stencil;
  }

  const spmv::CompactFormat& compact_format() {
    if (!compact) compact.emplace(csr, context);
    return *compact;
  }

  std::optional<RowKernel> row_kernel(SpmvKernel kernel) {
    using Loop = RowKernel::Loop;
    switch (kernel) {
      case SpmvKernel::csr_scalar: return RowKernel{Loop::scalar, 1};
      case SpmvKernel::csr_scalar_unroll4: return RowKernel{Loop::scalar_unrolled, 1};
      case SpmvKernel::csr_vector:
      case SpmvKernel::csr_vector_2:
      case SpmvKernel::csr_vector_4:
      case SpmvKernel::csr_vector_8:
      case SpmvKernel::csr_vector_16:
      case SpmvKernel::csr_vector_auto: return RowKernel{Loop::vector, vector_lanes(kernel)};
      case SpmvKernel::csr_stream: return RowKernel{Loop::stream, 1};
      case SpmvKernel::ell: return RowKernel{Loop::ell, 1, ell_format().view()};
      case SpmvKernel::ell_compact: return RowKernel{Loop::ell, 1, ell_compact_format().view()};
      case SpmvKernel::csr_compact: return RowKernel{.loop = Loop::compact, .compact = compact_format().view()};
      case SpmvKernel::stencil: return RowKernel{.loop = Loop::stencil, .stencil = stencil_format().view()};
      case SpmvKernel::stencil_packed:
        return RowKernel{.loop = Loop::stencil_packed, .packed_stencil = packed_stencil_format().view()};
      default: return std::nullopt;
    }
  }

  template <class Semiring>
  void run(SpmvKernel kernel, const spmv::SpmvOperands<Semiring>& operands) {
    switch (kernel) {
      case SpmvKernel::csr_scalar: return spmv::run_csr_scalar(context, operands);
      case SpmvKernel::csr_scalar_unroll4: return spmv::run_csr_scalar_unrolled(context, operands);
      case SpmvKernel::csr_vector:
      case SpmvKernel::csr_vector_2:
      case SpmvKernel::csr_vector_4:
      case SpmvKernel::csr_vector_8:
      case SpmvKernel::csr_vector_16:
      case SpmvKernel::csr_vector_auto: return spmv::run_csr_vector(context, operands, vector_lanes(kernel));
      case SpmvKernel::csr_vector_shared_x: return spmv::run_csr_vector_shared_x(context, operands);
      case SpmvKernel::csr_stream: return spmv::run_csr_stream(context, operands);
      case SpmvKernel::ell: return ell_format().run(context, operands);
      case SpmvKernel::ell_compact: return ell_compact_format().run(context, operands);
      case SpmvKernel::csr_compact: return compact_format().run(context, operands);
      case SpmvKernel::stencil: return stencil_format().run(context, operands);
      case SpmvKernel::stencil_packed: return packed_stencil_format().run(context, operands);
      case SpmvKernel::hyb:
        if (!hyb) hyb.emplace(csr, spmv::hyb_ell_width(stats), context);
        return hyb->run(context, operands);
      case SpmvKernel::coo_atomic:
        if (!coo) coo.emplace(csr, context);
        return coo->run_atomic(context, operands);
      case SpmvKernel::coo_segmented:
        if (!coo) coo.emplace(csr, context);
        return coo->run_segmented(context, operands);
      case SpmvKernel::coo_column_split:
        if (!column_split)
          column_split.emplace(csr,
                               std::max(spmv::ColumnSplitPolicy::min_forced_parts,
                                        spmv::column_split_parts(csr.num_cols, shape.l2_bytes)),
                               context);
        return column_split->run(context, operands);
      case SpmvKernel::csr_merge:
        if (!merge) merge.emplace(csr, context, spmv::CsrMergePolicy::tile_items);
        return merge->run(context, operands);
      case SpmvKernel::csr_merge_hub:
        if (!hub) hub.emplace(csr, transpose_offsets, context);
        return hub->run(context, operands);
      case SpmvKernel::csr_hub_split:
        if (!hub_split)
          hub_split.emplace(csr, transpose_offsets, spmv::x_beyond_l2_share(csr.num_cols, shape.l2_bytes), context);
        return hub_split->run(context, operands);
    }
  }
};

SpmvPlan::SpmvPlan(CsrView csr, MemoryResource& memory, cudaStream_t stream, const edge_t* transpose_offsets) {
  validate(csr);
  impl_ = std::make_unique<Impl>(csr, transpose_offsets, memory, stream);
}

SpmvPlan::~SpmvPlan() = default;

std::string SpmvPlan::choose(const std::string& requested) const { return spmv::name_of(impl_->resolve(requested)); }

std::optional<RowKernel> SpmvPlan::row_kernel(const std::string& kernel) const {
  return impl_->row_kernel(impl_->resolve(kernel));
}

template <class Semiring>
void SpmvPlan::run(const std::string& kernel, const SpmvArgs& args, const typename Semiring::value_type* x,
                   typename Semiring::value_type* y) {
  const SpmvKernel resolved = impl_->resolve(kernel);
  const CsrView& csr = impl_->csr;
  if (csr.num_rows == 0) return;
  if (y == nullptr || (x == nullptr && csr.num_entries > 0))
    throw UsageError("SpmvPlan::run: x or y is missing for a " + std::to_string(csr.num_rows) + "-row SpMV");
  impl_->run<Semiring>(resolved, spmv::SpmvOperands<Semiring>{csr, args, x, y});
}

namespace {

DiagonalRows diagonal_rows_of(const void* masks, int mask_bytes, std::int64_t rows, int diagonals,
                              const std::int32_t (&offsets)[StencilView::max_diagonals]) {
  DiagonalRows view{masks, rows, mask_bytes, diagonals};
  std::copy(std::begin(offsets), std::end(offsets), view.offsets);
  return view;
}

}  // namespace

std::optional<DiagonalRows> SpmvPlan::diagonal_rows(const std::string& kernel) const {
  Impl& plan = *impl_;
  SpmvKernel resolved;
  if (kernel == spmv::auto_kernel_name)
    resolved = spmv::auto_kernel(plan.stats, plan.shape);
  else if (kernel == spmv::name_of(SpmvKernel::stencil) && spmv::forced_stencil_fits(plan.stats))
    resolved = SpmvKernel::stencil;
  else if (kernel == spmv::name_of(SpmvKernel::stencil_packed) && spmv::packed_stencil_fits(plan.stats))
    resolved = SpmvKernel::stencil_packed;
  else
    return std::nullopt;
  if (resolved == SpmvKernel::stencil) {
    const StencilView& v = plan.stencil_format().view();
    return diagonal_rows_of(v.masks, sizeof(std::uint32_t), v.rows, v.diagonals, v.offsets);
  }
  if (resolved == SpmvKernel::stencil_packed) {
    const PackedStencilView& v = plan.packed_stencil_format().view();
    return diagonal_rows_of(v.masks, v.mask_bytes, v.rows, v.diagonals, v.offsets);
  }
  return std::nullopt;
}

const spmv::RowStats& SpmvPlan::stats() const { return impl_->stats; }

std::size_t SpmvPlan::bytes() const {
  std::size_t total = 0;
  if (impl_->ell) total += impl_->ell->bytes();
  if (impl_->ell_compact) total += impl_->ell_compact->bytes();
  if (impl_->stencil) total += impl_->stencil->bytes();
  if (impl_->packed_stencil) total += impl_->packed_stencil->bytes();
  if (impl_->hyb) total += impl_->hyb->bytes();
  if (impl_->compact) total += impl_->compact->bytes();
  if (impl_->coo) total += impl_->coo->bytes();
  if (impl_->column_split) total += impl_->column_split->bytes();
  if (impl_->merge) total += impl_->merge->bytes();
  if (impl_->hub) total += impl_->hub->bytes();
  if (impl_->hub_split) total += impl_->hub_split->bytes();
  return total;
}

#define GRAPHRUN_INSTANTIATE(S)                                                                            \
  template void SpmvPlan::run<S>(const std::string&, const SpmvArgs&, const S::value_type*, S::value_type*);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda

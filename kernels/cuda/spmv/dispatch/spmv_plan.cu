// SpmvPlan: the public entry of the native SpMV family (spmv.cuh). It holds
// the row statistics (computed at construction), resolves a kernel name
// through the registry (format_registry.hpp) and keeps each format it built
// by its canonical name. It knows no format: every format-specific rule is
// in the format's folder or in selection/.
#include <cuda_runtime.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "graphrun/error.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/context.cuh"
#include "cuda/runtime/device_memory.cuh"
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/dispatch/semiring_list.cuh"
#include "cuda/spmv/dispatch/spmv_format.cuh"
#include "cuda/spmv/selection/auto_rule.hpp"
#include "cuda/spmv/selection/row_stats.hpp"
#include "cuda/spmv/spmv.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"

namespace graphrun::cuda {

std::vector<std::string> spmv_kernel_names() { return spmv::spmv_format_names(); }

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
  if (!is_vertex_count(csr.num_rows) || !is_vertex_count(csr.num_cols) || csr.num_entries < 0)
    throw UsageError("SpmvPlan: CSR rows or columns outside 0.." + std::to_string(max_vertices) +
                     ", or a negative entry count");
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
  std::map<std::string, std::unique_ptr<spmv::SpmvFormat>> formats;  // built so far, by canonical name
  // Set once auto's format did not fit the free device memory: auto runs
  // this copy-free kernel from then on, and the note says why.
  std::optional<spmv::KernelChoice> auto_fallback;
  std::string fallback_note;

  // Resolves "auto" and parses the name; sets *refusal to the format's
  // reason where it cannot hold this adjacency.
  spmv::KernelChoice resolve(const std::string& requested, std::string* refusal) const {
    const spmv::KernelChoice choice =
        requested != spmv::auto_kernel_name ? spmv::parse_kernel(requested)
        : auto_fallback                     ? *auto_fallback
                                            : spmv::auto_kernel(stats, shape);
    if (choice.entry->refusal != nullptr)
      if (std::optional<std::string> reason = choice.entry->refusal(stats)) *refusal = std::move(*reason);
    return choice;
  }

  // The choice for `requested`, or UsageError with the format's refusal.
  spmv::KernelChoice accepted(const std::string& requested) const {
    std::string refusal;
    const spmv::KernelChoice choice = resolve(requested, &refusal);
    if (!refusal.empty()) throw UsageError(refusal);
    return choice;
  }

  // The format of `choice`, built on first use. When `requested` is auto
  // and the build does not fit the free device memory, or leaves less than
  // AutoPolicy::min_free_after_format_bytes free, auto falls back to the
  // copy-free kernel for good (an explicitly named kernel fails instead).
  spmv::SpmvFormat& format(const spmv::KernelChoice& choice, const std::string& requested) {
    const std::string name = choice.name();
    if (const auto built = formats.find(name); built != formats.end()) return *built->second;
    const bool automatic = requested == spmv::auto_kernel_name;
    std::unique_ptr<spmv::SpmvFormat> made;
    std::string why;
    try {
      made = choice.entry->build(spmv::FormatInputs{csr, stats, shape, transpose_offsets, context, choice.parameter});
      if (automatic && made->bytes() > 0 && !leaves_headroom()) {
        made.reset();
        why = "it left less than " + std::to_string(spmv::AutoPolicy::min_free_after_format_bytes >> 20) +
              " MiB free";
      }
    } catch (const OutOfMemoryError& error) {
      if (!automatic) throw;
      why = error.what();
    }
    if (made) return *formats.emplace(name, std::move(made)).first->second;
    const spmv::KernelChoice fallback = spmv::copy_free_kernel(stats, shape);
    if (fallback.name() == name) throw OutOfMemoryError(why);
    spmv::SpmvFormat& fallback_format = format(fallback, fallback.name());  // built before auto switches
    auto_fallback = fallback;
    fallback_note = "spmv: auto's " + name + " format did not fit the free GPU memory (" + why + "); auto runs " +
                    fallback.name() + ", which keeps no copy of the matrix";
    return fallback_format;
  }

  // Whether the device keeps AutoPolicy::min_free_after_format_bytes free
  // (always, for memory that is not a device's).
  bool leaves_headroom() const {
    auto* device = dynamic_cast<DeviceMemoryResource*>(&context.memory);
    return device == nullptr || device->free_bytes() >= spmv::AutoPolicy::min_free_after_format_bytes;
  }
};

SpmvPlan::SpmvPlan(CsrView csr, MemoryResource& memory, cudaStream_t stream, const edge_t* transpose_offsets) {
  validate(csr);
  impl_ = std::make_unique<Impl>(csr, transpose_offsets, memory, stream);
}

SpmvPlan::~SpmvPlan() = default;

std::string SpmvPlan::choose(const std::string& requested) const { return impl_->accepted(requested).name(); }

template <class Semiring>
void SpmvPlan::run(const std::string& kernel, const SpmvArgs& args, const typename Semiring::value_type* x,
                   typename Semiring::value_type* y) {
  const spmv::KernelChoice choice = impl_->accepted(kernel);
  const CsrView& csr = impl_->csr;
  if (csr.num_rows == 0) return;
  if (y == nullptr || (x == nullptr && csr.num_entries > 0))
    throw UsageError("SpmvPlan::run: x or y is missing for a " + std::to_string(csr.num_rows) + "-row SpMV");
  impl_->format(choice, kernel).run(impl_->context, spmv::SpmvOperands<Semiring>{csr, args, x, y});
}

bool SpmvPlan::run_fused_pagerank_step(const std::string& kernel, const PageRankStepOperands& operands) {
  return impl_->format(impl_->accepted(kernel), kernel).run_fused_pagerank_step(impl_->context, operands);
}

std::optional<DiagonalRows> SpmvPlan::diagonal_rows(const std::string& kernel) const {
  // A name the format refuses is not an error here: the caller reads the
  // CSR instead.
  std::string refusal;
  const spmv::KernelChoice choice = impl_->resolve(kernel, &refusal);
  if (!choice.entry->diagonal_masks || !refusal.empty()) return std::nullopt;
  // Where auto fell back, the copy-free format has no masks: nullopt.
  return impl_->format(choice, kernel).diagonal_rows();
}

const spmv::RowStats& SpmvPlan::stats() const { return impl_->stats; }

const std::string& SpmvPlan::fallback_note() const { return impl_->fallback_note; }

std::size_t SpmvPlan::bytes() const {
  std::size_t total = 0;
  for (const auto& [name, format] : impl_->formats) total += format->bytes();
  return total;
}

#define GRAPHRUN_INSTANTIATE(S)                                                                            \
  template void SpmvPlan::run<S>(const std::string&, const SpmvArgs&, const S::value_type*, S::value_type*);
GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_INSTANTIATE)
#undef GRAPHRUN_INSTANTIATE

}  // namespace graphrun::cuda

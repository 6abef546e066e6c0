#pragma once
// The one interface every native SpMV format implements, and the inputs a
// format builds from. A format is the data one kernel reads (a derived copy
// of the CSR, a partition, or nothing beyond the CSR itself) together with
// the launch of that kernel; SpmvPlan (spmv.cuh) holds built formats by name
// and knows none of them (format_registry.hpp lists them).
//
// Rules every format keeps:
//   - It is built once per adjacency, on the plan's stream, from the CSR and
//     its row statistics, and is read-only afterwards except for scratch it
//     owns; run() may be called any number of times.
//   - run() computes y<mask> = A (+.x) x for the operands' semiring with the
//     SpmvArgs semantics of spmv.cuh: unselected rows of y are untouched,
//     accumulate combines with y's old value, use_weights = false reads the
//     structure alone.
//   - Float sums are bit-identical run to run, except where the registry
//     entry says otherwise (coo-atomic).
#include <cstddef>
#include <memory>
#include <optional>
#include <utility>

#include "cuda/runtime/context.cuh"
#include "cuda/spmv/dispatch/semiring_list.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"
#include "cuda/spmv/selection/auto_rule.hpp"
#include "cuda/spmv/selection/row_stats.hpp"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {
struct PageRankStepOperands;  // kernels/cuda/vector_ops/pagerank_step.cuh
}

namespace graphrun::cuda::spmv {

// What a format may read to build itself. The references outlive the format.
struct FormatInputs {
  const CsrView& csr;
  const RowStats& stats;
  const DeviceShape& shape;
  const edge_t* transpose_offsets;  // the transpose's row offsets on the device, or nullptr
  const DeviceContext& context;
  int parameter;  // the name's parameter (csr-vector:K's lanes), 0 when the name has none
};

class SpmvFormat {
 public:
  virtual ~SpmvFormat() = default;

#define GRAPHRUN_SPMV_FORMAT_RUN(S) \
  virtual void run(const DeviceContext& context, const SpmvOperands<S>& operands) = 0;
  GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_SPMV_FORMAT_RUN)
#undef GRAPHRUN_SPMV_FORMAT_RUN

  // Device bytes this format holds beyond the CSR (footprint reports).
  virtual std::size_t bytes() const = 0;

  // PageRank's fused step over this format's row loop, queued on the
  // context's stream (pagerank_step.cuh); false, queuing nothing, when the
  // format has no row loop to fuse into (the caller runs two passes).
  virtual bool run_fused_pagerank_step(const DeviceContext&, const PageRankStepOperands&) { return false; }

  // The structure as diagonal masks, for formats that store it so
  // (label_mode reads them instead of the CSR); nullopt otherwise.
  virtual std::optional<DiagonalRows> diagonal_rows() const { return std::nullopt; }
};

// A format whose kernels are member templates of Impl,
//   template <class Semiring> void Impl::run(const DeviceContext&, const SpmvOperands<Semiring>&);
//   std::size_t Impl::bytes() const;
// exposed through SpmvFormat. Instantiate it in Impl's own .cu file, where
// Impl::run's definition is visible.
template <class Impl>
class FormatOf final : public SpmvFormat {
 public:
  template <class... Args>
  explicit FormatOf(Args&&... args) : impl_{std::forward<Args>(args)...} {}

#define GRAPHRUN_SPMV_FORMAT_RUN(S) \
  void run(const DeviceContext& context, const SpmvOperands<S>& operands) override { impl_.run(context, operands); }
  GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_SPMV_FORMAT_RUN)
#undef GRAPHRUN_SPMV_FORMAT_RUN

  std::size_t bytes() const override { return impl_.bytes(); }
  Impl& impl() { return impl_; }
  const Impl& impl() const { return impl_; }

 private:
  Impl impl_;
};

template <class Impl, class... Args>
std::unique_ptr<SpmvFormat> make_format(Args&&... args) {
  return std::make_unique<FormatOf<Impl>>(std::forward<Args>(args)...);
}

}  // namespace graphrun::cuda::spmv

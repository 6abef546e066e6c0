#pragma once
// A row format: its kernel computes each row's sum whole in one thread, one
// lane group or one warp and hands it to a row output while it is still in
// a register. SpMV's output stores y (RowOutput, common/row_access.cuh);
// PageRank's fused step updates the rank instead (pagerank_fused_rows.cuh),
// so a row format gets the fused step for free and runs exactly its SpMV
// row loop on its SpMV grid there.
//
// Launcher, the format's own part, provides
//   static constexpr int threads_per_block;
//   int blocks(const DeviceContext&, std::int64_t rows) const;
//   template <class Semiring, class Output>
//   void launch(const DeviceContext&, const SpmvOperands<Semiring>&, int blocks, const Output&) const;
//   std::size_t bytes() const;                        (derived data it holds)
// and optionally
//   std::optional<DiagonalRows> diagonal_rows() const;
// Device code: include from the format's .cu file only, which instantiates
// RowFormat<Launcher> (make_row_format).
#include <cstddef>
#include <memory>
#include <optional>
#include <utility>

#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/dispatch/spmv_format.cuh"
#include "cuda/vector_ops/pagerank_fused_rows.cuh"

namespace graphrun::cuda::spmv {

template <class Launcher>
class RowFormat final : public SpmvFormat {
 public:
  template <class... Args>
  explicit RowFormat(Args&&... args) : launcher_{std::forward<Args>(args)...} {}

#define GRAPHRUN_ROW_FORMAT_RUN(S)                                                            \
  void run(const DeviceContext& context, const SpmvOperands<S>& operands) override {          \
    launcher_.launch(context, operands, launcher_.blocks(context, operands.csr.num_rows),     \
                     RowOutput<S>{operands.y, operands.args.accumulate});                     \
  }
  GRAPHRUN_SPMV_FOR_EACH_SEMIRING(GRAPHRUN_ROW_FORMAT_RUN)
#undef GRAPHRUN_ROW_FORMAT_RUN

  std::size_t bytes() const override { return launcher_.bytes(); }

  bool run_fused_pagerank_step(const DeviceContext& context, const PageRankStepOperands& operands) override {
    fused_pagerank_rows(context, launcher_, operands);
    return true;
  }

  std::optional<DiagonalRows> diagonal_rows() const override {
    if constexpr (requires { launcher_.diagonal_rows(); })
      return launcher_.diagonal_rows();
    else
      return std::nullopt;
  }

 private:
  Launcher launcher_;
};

template <class Launcher, class... Args>
std::unique_ptr<SpmvFormat> make_row_format(Args&&... args) {
  return std::make_unique<RowFormat<Launcher>>(std::forward<Args>(args)...);
}

}  // namespace graphrun::cuda::spmv

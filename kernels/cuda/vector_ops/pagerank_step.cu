// PageRank's fused step: the SpMV row kernel's launch (row_launch.cuh)
// with PageRankRowOutput in place of RowOutput.
#include "kernels/cuda/vector_ops/pagerank_step.cuh"

#include <stdexcept>

#include "graphrun/semiring.hpp"
#include "kernels/cuda/spmv/row_launch.cuh"
#include "kernels/cuda/vector_ops/pagerank_row_output.cuh"
#include "kernels/cuda/vector_ops/rank_sums.cuh"

namespace graphrun::cuda {

namespace {

using Pull = spmv::SpmvOperands<PlusTimes<float>>;

template <class Teleport, int kBlockThreads>
PageRankRowOutput<Teleport, kBlockThreads> row_output(const PageRankStepOperands& operands, const Teleport& teleport,
                                                      const BlockSlots& slots) {
  return {.teleport = teleport,
          .share = operands.share.data(),
          .rank = operands.rank.data(),
          .next_rank = operands.next_rank.data(),
          .next_contribution = operands.next_contribution.data(),
          .sums = operands.sums.data(),
          .slots = slots,
          .damping = operands.damping};
}

// Launches one row kernel of kThreads-thread blocks over `blocks` blocks with
// a PageRank row output whose per-block slots live as long as the call:
// launch(out, blocks).
template <class Teleport, int kThreads, class Launch>
void with_row_output(const DeviceContext& context, const PageRankStepOperands& operands, const Teleport& teleport,
                     int blocks, Launch&& launch) {
  BlockSlotStorage slots(context, blocks);
  launch(row_output<Teleport, kThreads>(operands, teleport, slots.slots()), blocks);
}

template <class Teleport>
void run_fused(const DeviceContext& context, const RowKernel& kernel, const Pull& pull,
               const PageRankStepOperands& operands, const Teleport& teleport) {
  const std::int64_t rows = pull.csr.num_rows;
  switch (kernel.loop) {
    case RowKernel::Loop::scalar:
    case RowKernel::Loop::scalar_unrolled:
      return with_row_output<Teleport, spmv::CsrScalarPolicy::threads_per_block>(
          context, operands, teleport, spmv::csr_scalar_blocks(context, rows), [&](const auto& out, int blocks) {
            if (kernel.loop == RowKernel::Loop::scalar)
              spmv::launch_csr_scalar<false>(context, pull, blocks, out);
            else
              spmv::launch_csr_scalar<true>(context, pull, blocks, out);
          });
    case RowKernel::Loop::vector:
      return with_row_output<Teleport, spmv::CsrVectorPolicy::threads_per_block>(
          context, operands, teleport, spmv::csr_vector_blocks(context, rows, kernel.lanes),
          [&](const auto& out, int blocks) {
            spmv::with_vector_lanes(kernel.lanes, [&](auto lanes) {
              spmv::launch_csr_vector<PlusTimes<float>, decltype(lanes)::value>(context, pull, blocks, out);
            });
          });
    case RowKernel::Loop::stream:
      return with_row_output<Teleport, spmv::CsrStreamPolicy::threads_per_block>(
          context, operands, teleport, spmv::csr_stream_blocks(context, rows),
          [&](const auto& out, int blocks) { spmv::launch_csr_stream(context, pull, blocks, out); });
    case RowKernel::Loop::ell:
      return with_row_output<Teleport, spmv::EllPolicy::threads_per_block>(
          context, operands, teleport, spmv::ell_blocks(context, rows),
          [&](const auto& out, int blocks) { spmv::launch_ell(context, kernel.ell, pull, blocks, out); });
    case RowKernel::Loop::compact:
      return with_row_output<Teleport, spmv::CompactPolicy::threads_per_block>(
          context, operands, teleport, spmv::compact_blocks(context, rows),
          [&](const auto& out, int blocks) { spmv::launch_compact(context, kernel.compact, pull, blocks, out); });
    case RowKernel::Loop::stencil:
      return with_row_output<Teleport, spmv::StencilPolicy::threads_per_block>(
          context, operands, teleport, spmv::stencil_blocks(context, rows),
          [&](const auto& out, int blocks) { spmv::launch_stencil(context, kernel.stencil, pull, blocks, out); });
    case RowKernel::Loop::stencil_packed:
      return with_row_output<Teleport, spmv::PackedStencilPolicy::threads_per_block>(
          context, operands, teleport, spmv::packed_stencil_blocks(context, rows), [&](const auto& out, int blocks) {
            spmv::launch_packed_stencil(context, kernel.packed_stencil, pull, blocks, out);
          });
  }
  throw std::logic_error("fused_pagerank_step: unknown row kernel loop");
}

}  // namespace

void fused_pagerank_step(const DeviceContext& context, const RowKernel& kernel,
                         const PageRankStepOperands& operands) {
  // The pull SpMV as the row kernels take it: no mask, no accumulation, and
  // no y (the output is the rank update).
  const Pull pull{operands.pull, SpmvArgs{.use_weights = operands.use_weights}, operands.contribution.data(),
                  nullptr};
  if (operands.teleport.empty())
    run_fused(context, kernel, pull, operands, UniformTeleport{uniform_teleport(operands.rank.size())});
  else
    run_fused(context, kernel, pull, operands, TeleportVector{operands.teleport.data()});
}

}  // namespace graphrun::cuda

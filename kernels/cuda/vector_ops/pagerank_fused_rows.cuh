#pragma once
// PageRank's fused step over a row format's launcher (row_format.cuh): the
// format's SpMV row loop with PageRankRowOutput in place of RowOutput, so
// one launch computes each row's pull sum and updates its rank, and leaves
// the step's sums in backend memory like the unfused update pass
// (rank_update.cuh). Device code: include from .cu files only.
#include <cstdint>

#include "graphrun/semiring.hpp"
#include "cuda/spmv/dispatch/spmv_launch.cuh"
#include "cuda/vector_ops/pagerank_row_output.cuh"
#include "cuda/vector_ops/pagerank_step.cuh"
#include "cuda/vector_ops/rank_sums.cuh"

namespace graphrun::cuda {

// Runs launcher's row loop with the fused update; operands.pull.num_rows
// must be at least 1. Queues its work and returns.
template <class Launcher>
void fused_pagerank_rows(const DeviceContext& context, const Launcher& launcher,
                         const PageRankStepOperands& operands) {
  // The pull SpMV as the row kernels take it: no mask, no accumulation, and
  // no y (the output is the rank update).
  const spmv::SpmvOperands<PlusTimes<float>> pull{operands.pull, SpmvArgs{.use_weights = operands.use_weights},
                                                  operands.carried.data(), nullptr};
  const int blocks = launcher.blocks(context, pull.csr.num_rows);
  const auto run = [&](const auto& teleport) {
    using Teleport = std::decay_t<decltype(teleport)>;
    // The per-block slots live as long as the call.
    BlockSlotStorage slots(context, blocks);
    const PageRankRowOutput<Teleport, Launcher::threads_per_block> out{
        .teleport = teleport,
        .share = operands.share.data(),
        .carried = operands.carried.data(),
        .next_carried = operands.next_carried.data(),
        .sums = operands.sums.data(),
        .slots = slots.slots(),
        .damping = operands.damping};
    launcher.launch(context, pull, blocks, out);
  };
  if (operands.teleport.empty())
    run(UniformTeleport{uniform_teleport(operands.carried.size())});
  else
    run(TeleportVector{operands.teleport.data()});
}

}  // namespace graphrun::cuda

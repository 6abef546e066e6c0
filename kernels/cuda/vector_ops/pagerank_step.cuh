#pragma once
// The operands of PageRank's fused step on the native row formats (see
// Backend::pagerank_step): one SpMV launch whose row epilogue updates the
// carried ranks (pagerank_row_output.cuh, pagerank_fused_rows.cuh) and leaves the
// step's sums in backend memory, like the unfused update pass
// (rank_update.cuh). SpmvPlan::run_fused_pagerank_step runs it.
#include <span>

#include "graphrun/rank_update.hpp"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// One step's operands; sizes and aliasing are checked by the caller
// (CudaBackend, engine_detail::check_pagerank_step).
struct PageRankStepOperands {
  CsrView pull;  // rows of A^T: row v lists the vertices that pass rank to v
  bool use_weights;
  std::span<const float> carried;   // the SpMV's input and the old ranks (PageRankKernels)
  std::span<const float> teleport;  // empty: uniform 1/n
  float damping;
  std::span<const float> share;
  std::span<float> next_carried;
  std::span<RankSums> sums;
};

}  // namespace graphrun::cuda

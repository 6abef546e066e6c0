#pragma once
// The row output of PageRank's fused step. The row kernels (csr-scalar,
// csr-vector, csr-stream, ell, csr-compact) hand it each row's SpMV sum y_v
// while it is still in a register; instead of storing y it updates vertex v's
// carried rank right there (update_carried_rank, the arithmetic of the
// unfused pass), so y is never written and read back
// and the update costs no second launch. After its last row every thread
// adds its sums into the block's slot, and the last block the total. Once
// the updates have stopped (RankSums) it writes nothing: the launch still
// reads the matrix, but the ranks of the converged iteration stay intact.
// Device code: include from .cu files only.
#include <cstdint>

#include "cuda/vector_ops/rank_sums.cuh"

namespace graphrun::cuda {

// kBlockThreads: the block size of the row kernel it is launched with (the
// block reduction of finish_block is sized by it).
template <class Teleport, int kBlockThreads>
struct PageRankRowOutput {
  using value_type = float;
  Teleport teleport;
  const float* share;
  const float* carried;  // the SpMV's input, read again here for the old rank
  float* next_carried;   // never the same memory as carried: rewriting entries just read stalls the pass
  RankSums* sums;  // the previous dangling mass and the stop flag in; this step's sums out (by the last block)
  BlockSlots slots;
  float damping;
  RankTerms thread_sums{0.0, 0.0};  // the rows this thread stored so far (each thread has its own copy)

  __device__ __forceinline__ void store(std::int64_t row, float y) {
    // Read per row, an L1 hit after the first: the row kernels give their
    // output no hook at the start. The last block overwrites *sums only
    // after every block has passed finish_block, i.e. stored all its rows.
    if (updates_stopped(sums)) return;
    const float weight = teleport_weight(damping, sums->dangling_mass);
    next_carried[row] =
        update_carried_rank(weight, damping, teleport.at(row), y, share[row], carried[row], thread_sums);
  }
  __device__ __forceinline__ void finish_block() {
    if (!updates_stopped(sums)) add_block_sums<kBlockThreads>(thread_sums, slots, sums);
  }
};

}  // namespace graphrun::cuda

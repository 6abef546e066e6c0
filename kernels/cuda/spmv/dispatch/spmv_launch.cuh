#pragma once
// Host-side pieces every SpMV dispatch function shares: the operands of one
// call, grid sizing, and turning the run-time weight flag into the kernels'
// template argument.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "graphrun/error.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmv {

// One SpMV call: y<mask> = A (+.x) x with the descriptor's flags.
template <class Semiring>
struct SpmvOperands {
  using value_type = typename Semiring::value_type;
  CsrView csr;
  SpmvArgs args;
  const value_type* x;
  value_type* y;
};

// Blocks for a kernel with one block per tile (no grid-stride loop).
inline int tile_blocks(std::int64_t tiles, const char* kernel) {
  if (tiles > std::numeric_limits<int>::max())
    throw RuntimeError(std::string("SpMV kernel ") + kernel + ": " + std::to_string(tiles) +
                       " tiles exceed the CUDA grid limit; the graph is too large for this kernel");
  return static_cast<int>(std::max<std::int64_t>(tiles, 1));
}

// Calls launch(std::bool_constant<weighted>{}); semirings that ignore weights
// are only ever instantiated unweighted.
template <class Semiring, class Launch>
void with_weighting(bool weighted, Launch&& launch) {
  if constexpr (Semiring::reads_weights) {
    if (weighted) {
      launch(std::true_type{});
      return;
    }
  }
  launch(std::false_type{});
}

// The grid of a thread-per-row launcher whose Policy has threads_per_block
// and blocks_per_multiprocessor: a launcher derives from it for its
// threads_per_block and blocks().
template <class Policy>
struct ThreadPerRowGrid {
  static constexpr int threads_per_block = Policy::threads_per_block;
  int blocks(const DeviceContext& context, std::int64_t rows) const {
    return capped_grid_blocks(context, rows, threads_per_block, Policy::blocks_per_multiprocessor);
  }
};

}  // namespace graphrun::cuda::spmv

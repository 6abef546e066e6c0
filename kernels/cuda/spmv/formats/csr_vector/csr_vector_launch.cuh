#pragma once
// Launch of csr-vector:K (csr_vector_kernels.cuh), K = 2, 4, 8, 16 or 32
// lanes per row, generic in the row output (row_format.cuh). Device code:
// include from .cu files only.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "cuda/runtime/check.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"
#include "cuda/spmv/formats/csr_vector/csr_vector_kernels.cuh"

namespace graphrun::cuda::spmv {

// Calls launch(std::integral_constant<int, lanes>{}) for the run-time lanes
// per row of a csr-vector kernel (2, 4, 8, 16 or 32).
template <class Launch>
void with_vector_lanes(int lanes, Launch&& launch) {
  switch (lanes) {
    case 2: return launch(std::integral_constant<int, 2>{});
    case 4: return launch(std::integral_constant<int, 4>{});
    case 8: return launch(std::integral_constant<int, 8>{});
    case 16: return launch(std::integral_constant<int, 16>{});
    case 32: return launch(std::integral_constant<int, 32>{});
    default: throw std::logic_error("csr-vector: unsupported lanes per row " + std::to_string(lanes));
  }
}

struct CsrVectorLauncher {
  static constexpr int threads_per_block = CsrVectorPolicy::threads_per_block;
  int lanes = 32;  // per row

  int blocks(const DeviceContext& context, std::int64_t rows) const {
    return capped_grid_blocks(context, rows, threads_per_block / lanes, CsrVectorPolicy::blocks_per_multiprocessor);
  }

  template <class Semiring, class Output>
  void launch(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int blocks,
              const Output& out) const {
    const CsrView& csr = operands.csr;
    with_vector_lanes(lanes, [&](auto lanes_per_row) {
      with_weighting<Semiring>(reads_weights<Semiring>(operands.args, csr), [&](auto weighted) {
        constexpr bool kWeighted = decltype(weighted)::value;
        const EntryProduct<Semiring, kWeighted> product{csr.indices, csr.values, operands.x};
        csr_vector_kernel<Semiring, kWeighted, decltype(lanes_per_row)::value, Output>
            <<<blocks, threads_per_block, 0, context.stream>>>(csr, product, row_mask_of(operands.args), out);
        GRAPHRUN_CUDA_CHECK_LAUNCH();
      });
    });
  }

  std::size_t bytes() const { return 0; }
};

}  // namespace graphrun::cuda::spmv

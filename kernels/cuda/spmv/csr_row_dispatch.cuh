#pragma once
// Launches of the row-based CSR kernels (no derived format needed): the host
// side of csr_scalar_kernels.cuh, csr_vector_kernels.cuh and
// csr_stream_kernels.cuh.
#include "kernels/cuda/runtime/context.cuh"
#include "kernels/cuda/spmv/spmv_launch.cuh"

namespace graphrun::cuda::spmv {

template <class Semiring>
void run_csr_scalar(const DeviceContext& context, const SpmvOperands<Semiring>& operands);

template <class Semiring>
void run_csr_scalar_unrolled(const DeviceContext& context, const SpmvOperands<Semiring>& operands);

// lanes: 2, 4, 8, 16 or 32 per row.
template <class Semiring>
void run_csr_vector(const DeviceContext& context, const SpmvOperands<Semiring>& operands, int lanes);

template <class Semiring>
void run_csr_stream(const DeviceContext& context, const SpmvOperands<Semiring>& operands);

template <class Semiring>
void run_csr_vector_shared_x(const DeviceContext& context, const SpmvOperands<Semiring>& operands);

}  // namespace graphrun::cuda::spmv

#pragma once
// Contract between the CUDA backend and the native SpMM kernels
// (kernels/cuda/spmm/): Y = A X, X and Y row-major (num_cols x width and
// num_rows x width), plus-times on floats.
#include <cuda_runtime.h>

#include <cstddef>
#include <string>
#include <vector>

#include "cuda/runtime/context.cuh"
#include "cuda/spmm/common/spmm_plan.cuh"
#include "backends.hpp"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Names accepted by BackendOptions::spmm_kernel (besides "auto"), one per
// registered kernel (dispatch/kernel_registry.cpp; each kernel's folder
// under formats/ says what it does and when "auto" takes it).
std::vector<std::string> spmm_kernel_names();
// The same kernels with their family and a one-line summary.
std::vector<KernelInfo> spmm_kernel_info();

// Resolves "auto" (by sizes, width and whether `a` has long rows, as its
// SpmmPlan lists them: SpmmAutoRule in spmm_policy.cuh) or validates a name
// (UsageError listing the valid ones). Reads no device memory.
std::string choose_spmm_kernel(const std::string& requested, const CsrView& a, bool has_long_rows,
                               std::size_t width);

// Queues Y = A X on context.stream, with the medium and long rows of `a` as
// `plan` (built for this `a`) listed them; no host round trip. Any width:
// accesses are float4 when width % 4 == 0 and x, y are 16-byte aligned, else
// float2 or float, never misaligned.
// Every entry of Y is written (rows without entries get 0). `kernel` may be
// a name above or "auto". use_weights = false, or a.values == nullptr (a
// pattern graph), multiplies every entry by 1.
void spmm(const DeviceContext& context, const std::string& kernel, const CsrView& a, const SpmmPlan& plan,
          bool use_weights, const float* x, float* y, std::size_t width);

// The same with a plan built for this one call (one host round trip).
void spmm(const DeviceContext& context, const std::string& kernel, const CsrView& a, bool use_weights, const float* x,
          float* y, std::size_t width);

}  // namespace graphrun::cuda

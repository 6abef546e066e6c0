#pragma once
// Factories of the concrete backends (internal to the library; users go
// through graphrun::make_backend / Engine).
#include <memory>

#include "graphrun/engine.hpp"

namespace graphrun {

KernelListing cpu_kernel_listing();
std::shared_ptr<Backend> make_cpu_backend(const BackendOptions& options);
#if GRAPHRUN_HAVE_CUDA
// Number of visible CUDA devices (0 when the driver or device is missing).
int cuda_device_count();
KernelListing cuda_kernel_listing();
KernelListing cusparse_kernel_listing();
std::shared_ptr<Backend> make_cuda_backend(const BackendOptions& options);
std::shared_ptr<Backend> make_cusparse_backend(const BackendOptions& options);
#endif

}  // namespace graphrun

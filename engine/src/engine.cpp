#include "graphrun/engine.hpp"

#include <algorithm>
#include <thread>

#include "graphrun/error.hpp"
#include "backends.hpp"  // kernels/backends.hpp, through graphrun_kernels_internal

namespace graphrun {

EngineOptions for_local_process(EngineOptions options, int local_rank, int local_count) {
  options.backend_options.device += local_rank;
  if (options.backend_options.threads == 0 && local_count > 1)
    options.backend_options.threads =
        std::max(1, static_cast<int>(std::thread::hardware_concurrency()) / local_count);
  return options;
}

bool cuda_available() {
#if GRAPHRUN_HAVE_CUDA
  return cuda_device_count() > 0;
#else
  return false;
#endif
}

BackendKind default_backend() { return cuda_available() ? BackendKind::cuda : BackendKind::cpu; }

std::shared_ptr<Backend> make_backend(BackendKind kind, const BackendOptions& options) {
  if (kind == BackendKind::cpu) return make_cpu_backend(options);
#if GRAPHRUN_HAVE_CUDA
  if (!cuda_available())
    throw RuntimeError(std::string("backend '") + to_string(kind) +
                       "' needs a CUDA GPU, but none is visible (use --backend cpu)");
  return kind == BackendKind::cuda ? make_cuda_backend(options) : make_cusparse_backend(options);
#else
  throw RuntimeError(std::string("backend '") + to_string(kind) +
                     "' is not available: graphrun was built without CUDA (use --backend cpu)");
#endif
}

std::vector<std::pair<BackendKind, KernelListing>> compiled_kernels() {
  std::vector<std::pair<BackendKind, KernelListing>> kernels = {{BackendKind::cpu, cpu_kernel_listing()}};
#if GRAPHRUN_HAVE_CUDA
  kernels.emplace_back(BackendKind::cuda, cuda_kernel_listing());
  kernels.emplace_back(BackendKind::cusparse, cusparse_kernel_listing());
#endif
  return kernels;
}

Engine::Engine(const EngineOptions& options)
    : backend_(make_backend(options.backend.value_or(default_backend()), options.backend_options)) {}

}  // namespace graphrun

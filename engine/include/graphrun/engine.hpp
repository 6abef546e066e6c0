#pragma once
// Engine: a backend chosen at run time plus the graphs uploaded to it.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "graphrun/backend.hpp"

namespace graphrun {

struct EngineOptions {
  // Unset: cuda when built with CUDA and a GPU is visible, cpu otherwise.
  std::optional<BackendKind> backend;
  BackendOptions backend_options;
};

// The options of process `local_rank` of the `local_count` processes of an
// MPI run on one host: GPU backend_options.device + local_rank, and, when
// the threads are left to the backend (0), the host's threads / processes.
EngineOptions for_local_process(EngineOptions options, int local_rank, int local_count);

// True when graphrun was built with CUDA and at least one device is visible.
bool cuda_available();
BackendKind default_backend();

// Creates a backend; a clear RuntimeError when CUDA is asked for and absent.
std::shared_ptr<Backend> make_backend(BackendKind kind, const BackendOptions& options);

// A kernel a backend accepts by name (--spmv-kernel, --spmm-kernel).
struct KernelInfo {
  std::string name;
  std::string family;   // "seed" (a seed paper's kernel), "graphrun", "cuSPARSE" or "cpu"
  std::string summary;  // one line
};

// A backend's SpMV and SpMM kernels.
struct KernelListing {
  std::vector<KernelInfo> spmv;
  std::vector<KernelInfo> spmm;
};

// The kernels of every backend this build has, whether or not a GPU is
// visible (no device is touched).
std::vector<std::pair<BackendKind, KernelListing>> compiled_kernels();

class Engine {
 public:
  explicit Engine(const EngineOptions& options = {});
  // One owner of the backend's streams and scratch: moved, never copied.
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  Engine(Engine&&) noexcept = default;
  Engine& operator=(Engine&&) noexcept = default;

  Backend& backend() { return *backend_; }
  BackendKind kind() const { return backend_->kind(); }
  // Uploads once; keep the handle and pass it to every algorithm call. The
  // handle may outlive the Engine (it shares the backend).
  std::unique_ptr<DeviceGraph> upload(const Graph& graph) { return backend_->upload(graph); }

 private:
  std::shared_ptr<Backend> backend_;
};

}  // namespace graphrun

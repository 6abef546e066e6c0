// CpuBackend: construction, description, graphs, timing, SpMV and SpMM.
// Vector maps, reductions, traversal steps and components
// are in cpu_backend_*.cpp.
#include "cpu/cpu_backend.hpp"

#include <omp.h>

#include <string>

#include "graphrun/error.hpp"
#include "graphrun/primitive_dispatch.hpp"
#include "backends.hpp"
#include "cpu/cpu_graph.hpp"
#include "cpu/spmm.hpp"
#include "cpu/spmv.hpp"
#include "cpu/spmv_kernel.hpp"
#include "cpu/steady_timer.hpp"

namespace graphrun::cpu {
namespace {

int resolve_threads(int requested) {
  if (requested < 0)
    throw UsageError("cpu backend: thread count must be positive (or 0 for OpenMP's default), got " +
                     std::to_string(requested));
  return requested > 0 ? requested : omp_get_max_threads();
}

std::vector<std::string> describe_ignored_requests(const BackendOptions& options, int threads) {
  std::vector<std::string> notes;
  if (options.device != 0)
    notes.push_back("cpu: device ordinal " + std::to_string(options.device) +
                    " ignored (the cpu backend has a single device)");
  if (threads > omp_get_num_procs())
    notes.push_back("cpu: " + std::to_string(threads) + " threads on " + std::to_string(omp_get_num_procs()) +
                    " processors: oversubscribed, timings are not representative");
  return notes;
}

// The one SpMM kernel (kernels/cpu/spmm.cpp): rows split by entries over
// the threads, each row of Y accumulated in cache.
constexpr const char* cpu_spmm_kernel_name = "row-parallel";

const BackendOptions& require_single_spmm_kernel(const BackendOptions& options) {
  if (options.spmm_kernel != "auto" && options.spmm_kernel != cpu_spmm_kernel_name)
    throw UsageError("unknown SpMM kernel '" + options.spmm_kernel + "' for the cpu backend (valid: auto, " +
                     cpu_spmm_kernel_name + ")");
  return options;
}

}  // namespace

CpuBackend::CpuBackend(const BackendOptions& options)
    : spmv_kernel_(parse_spmv_kernel(require_single_spmm_kernel(options).spmv_kernel)),
      threads_(resolve_threads(options.threads)) {
  for (std::string& note : describe_ignored_requests(options, threads_)) add_note(std::move(note));
}

std::string CpuBackend::do_device_name() const {
  return "cpu (OpenMP, " + std::to_string(threads_) + (threads_ == 1 ? " thread)" : " threads)");
}

std::unique_ptr<DeviceGraph> CpuBackend::do_upload(const Graph& graph) {
  return std::make_unique<CpuGraph>(graph, memory_, threads_);
}

// The SpMV kernels by name; SpMM has one kernel, so no list.
std::vector<std::string> CpuBackend::do_kernel_names(Product product) const {
  return product == Product::spmv ? spmv_kernel_names() : std::vector<std::string>{};
}

std::string CpuBackend::do_spmv_kernel_for(const DeviceGraph& a, Edges) const {
  as_cpu_graph(a);  // a graph of another backend is a caller error here too
  // One kernel for every graph and direction: the choice is the user's (or
  // auto's fixed default), never a silent per-graph switch.
  return to_string(spmv_kernel_);
}

std::string CpuBackend::do_spmm_kernel_for(const DeviceGraph& a, std::size_t) const {
  as_cpu_graph(a);
  return cpu_spmm_kernel_name;
}

std::vector<double> CpuBackend::do_time_runs(const std::function<void()>& work, const std::function<void()>& between,
                                             int warmup, int repetitions) {
  return cpu::time_runs(work, between, warmup, repetitions);
}

void CpuBackend::do_spmv(const DeviceGraph& a, SemiringId semiring, const SpmvDescriptor& d, ConstRawSpan x,
                         RawSpan y) {
  const CpuGraph& graph = as_cpu_graph(a);
  visit_semiring(semiring, [&]<class Semiring>(Semiring) {
    using T = typename Semiring::value_type;
    cpu::spmv<Semiring>(spmv_kernel_, graph, d, x.as<T>().data(), y.as<T>().data(), threads_);
  });
}

void CpuBackend::do_spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x, std::span<float> y,
                         std::size_t width) {
  cpu::spmm(as_cpu_graph(a), d, x.data(), y.data(), width, threads_);
}

}  // namespace graphrun::cpu

namespace graphrun {

KernelListing cpu_kernel_listing() {
  KernelListing listing;
  for (const std::string& name : cpu::spmv_kernel_names())
    listing.spmv.push_back({name, "cpu", name.starts_with("csr") ? "OpenMP over rows of the CSR" : "OpenMP over COO entries"});
  listing.spmm.push_back({cpu::cpu_spmm_kernel_name, "cpu", "OpenMP over rows split by entries"});
  return listing;
}

std::shared_ptr<Backend> make_cpu_backend(const BackendOptions& options) {
  return std::make_shared<cpu::CpuBackend>(options);
}

}  // namespace graphrun

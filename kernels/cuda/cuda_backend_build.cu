// CudaBackend: graphs built on the device (Backend::build_graph's device
// path, build_device_graph from edge arrays already on the device) and CSRs
// adopted in place (adopt_device_csr); the kernels are in graph_build/. The
// cusparse backend inherits them.
#include <chrono>
#include <cmath>
#include <string>

#include "graphrun/host_memory.hpp"  // format_gib
#include "graphrun/internal/bulk_download.hpp"
#include "cuda/cuda_backend.cuh"
#include "cuda/cuda_graph.cuh"
#include "cuda/graph_build/device_checks.cuh"
#include "cuda/graph_build/device_csr_build.cuh"
#include "cuda/runtime/check.cuh"

namespace graphrun::cuda {
namespace {

// Share of the free device memory a build may plan to use: the rest is
// headroom for the pool's rounding and the driver.
constexpr double usable_free_memory = 0.9;

// Device bytes of a CSR with n rows and `entries` entries (values or not).
std::size_t csr_bytes(vertex_t n, std::uint64_t entries, bool weighted) {
  return (static_cast<std::size_t>(n) + 1) * sizeof(edge_t) + entries * (sizeof(vertex_t) + (weighted ? 4 : 0));
}

// Whether `needed` bytes fit in the share of the free memory a build may use.
bool fits(std::size_t needed, std::size_t free_bytes) {
  return static_cast<double>(needed) <= usable_free_memory * static_cast<double>(free_bytes);
}

// What a device build did to its input's `file_entries` entries.
BuildStats device_build_stats(std::uint64_t file_entries, const BuildPlan& plan, const DeviceBuildResult& built,
                              std::uint64_t entries) {
  BuildStats stats;
  stats.file_entries = file_entries;
  stats.self_loops = built.self_loops;
  stats.self_loops_dropped = plan.drop_self_loops ? plan.file_self_loops : 0;
  stats.duplicates_merged = built.scattered - entries;
  return stats;
}

}  // namespace

std::size_t CudaBackend::free_device_bytes() {
  activate();
  return memory_.free_bytes();
}

std::size_t CudaBackend::resident_bytes(const Graph& graph) const {
  const std::size_t one =
      csr_bytes(graph.num_vertices(), static_cast<std::uint64_t>(graph.num_entries()), graph.out_edges().weighted());
  return graph.directed() ? 2 * one : one;
}

void CudaBackend::require_free_memory(std::size_t needed, const std::string& what) {
  const std::size_t free_bytes = free_device_bytes();
  if (!fits(needed, free_bytes))
    throw OutOfMemoryError("out of GPU memory on device " + std::to_string(device_) + ": " + what + " needs " +
                       format_gib(needed) + ", and " + format_gib(free_bytes) + " is free");
}

std::optional<Graph> CudaBackend::do_build_on_device(EdgeList& edges, const BuildOptions& options, std::string& why) {
  const auto start = std::chrono::steady_clock::now();
  const BuildPlan plan = plan_build(edges, options);  // the host build's checks and errors
  const std::size_t free_bytes = free_device_bytes();
  const std::size_t needed = device_build_bytes(edges.size(), plan.vertices, edges.weighted(), plan.undirected, true);
  if (!fits(needed, free_bytes)) {
    why = "the device build needs " + format_gib(needed) + ", and " + format_gib(free_bytes) +
          " of device memory is free";
    return std::nullopt;
  }

  DeviceBuildResult built = build_csr_on_device(context(), edges, plan);
  if (built.overflow) throw sum_overflow_error(options, edges.ids, built.overflow_row, built.overflow_column);

  BuildStats stats = device_build_stats(edges.size(), plan, built, built.csr.indices.size());
  IdMap ids = std::move(edges.ids);
  edges = EdgeList{};
  Csr csr;
  csr.offsets = detail::download_bulk(memory_, built.csr.offsets.data(), built.csr.offsets.size());
  csr.indices = detail::download_bulk(memory_, built.csr.indices.data(), built.csr.indices.size());
  csr.values = detail::download_bulk(memory_, built.csr.values.data(), built.csr.values.size());
  stats.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return Graph::from_csr(std::move(csr), !plan.undirected, std::move(ids), stats);
}

DeviceBuild CudaBackend::do_device_graph(const DeviceGraphSource& source) {
  if (source.kind == DeviceGraphSource::Kind::csr) return adopt_csr(source.csr, source.directed, source.owner);
  return build_from_device_edges(source.edges, source.options);
}

DeviceBuild CudaBackend::build_from_device_edges(const DeviceEdgeArrays& edges, const BuildOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const DeviceContext device = context();
  // The ids, checked as the host path checks them and in its order.
  const DeviceIdScan scan = scan_device_ids(device, edges);
  const std::string input = options.input_name();
  if (scan.first_negative >= 0)
    throw UsageError(input + ": edge " + std::to_string(scan.first_negative) + " has a negative vertex id (" +
                     std::to_string(scan.negative_id) + ")");
  const std::int64_t vertices = edges.num_vertices.value_or(scan.largest + 1);
  if (vertices > max_vertices)
    throw UsageError(input + ": n = " + std::to_string(vertices) + " is outside 0.." + std::to_string(max_vertices));
  if (scan.largest >= vertices)
    throw UsageError(input + ": vertex id " + std::to_string(scan.largest) + " is not below n = " +
                     std::to_string(vertices));
  BuildPlan plan;
  plan.vertices = static_cast<vertex_t>(vertices);
  plan.undirected = options.undirected.value_or(false);
  plan.drop_self_loops = options.drop_self_loops;
  plan.duplicates = options.duplicates;
  plan.file_self_loops = scan.self_loops;

  const bool weighted = edges.weights != nullptr;
  const std::uint64_t most_entries = plan.undirected ? 2 * edges.count : edges.count;
  std::size_t needed = device_build_bytes(edges.count, plan.vertices, weighted, plan.undirected, false);
  if (!plan.undirected)  // the transpose, built beside the finished out-CSR
    needed = std::max(needed, csr_bytes(plan.vertices, most_entries, weighted) + most_entries * sizeof(vertex_t) +
                                  device_build_bytes(most_entries, plan.vertices, weighted, false, false));
  require_free_memory(needed, "building the graph of " + input);

  DeviceBuildResult built = build_csr_on_device(device, edges, plan);
  IdMap positions;
  positions.base = 0;
  if (built.overflow) throw sum_overflow_error(options, positions, built.overflow_row, built.overflow_column);

  CudaGraph::OnDevice parts;
  parts.num_vertices = plan.vertices;
  parts.num_entries = static_cast<edge_t>(built.csr.indices.size());
  parts.directed = !plan.undirected;
  parts.weighted = weighted && parts.num_entries > 0;  // as Csr::weighted() of the host build
  if (parts.directed) {
    const DeviceCsrArrays out{built.csr.offsets.data(), built.csr.indices.data(),
                              weighted ? built.csr.values.data() : nullptr, parts.num_vertices, parts.num_entries};
    parts.in = transpose_on_device(device, out);
  }
  parts.out = std::move(built.csr);

  DeviceBuild result;
  result.stats = device_build_stats(edges.count, plan, built, static_cast<std::uint64_t>(parts.num_entries));
  result.graph = std::make_unique<CudaGraph>(std::move(parts), device);
  stream_.synchronize();  // the caller may free or change the list once this returns
  result.stats.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

DeviceBuild CudaBackend::adopt_csr(const DeviceCsrArrays& csr, bool directed, std::shared_ptr<const void> owner) {
  const DeviceContext device = context();
  const bool weighted = csr.values != nullptr;
  std::size_t needed = static_cast<std::size_t>(csr.num_entries);  // the checks' byte per entry
  if (directed || csr.num_entries > 0)  // a transpose: the in-CSR, or the mirror check
    needed += csr_bytes(csr.num_vertices, static_cast<std::uint64_t>(csr.num_entries), weighted) +
              static_cast<std::size_t>(csr.num_entries) * sizeof(vertex_t) +
              device_build_bytes(static_cast<std::size_t>(csr.num_entries), csr.num_vertices, weighted, false, false);
  require_free_memory(needed, "adopting a CSR");

  DeviceBuild result;
  const DeviceCsrCheck check = check_device_csr(device, csr, !directed);
  if (!check.passed) return result;
  result.stats.file_entries = static_cast<std::uint64_t>(csr.num_entries);
  result.stats.self_loops = check.self_loops;

  CudaGraph::OnDevice parts;
  parts.borrowed = true;
  parts.borrowed_out = csr;
  parts.owner = std::move(owner);
  parts.num_vertices = csr.num_vertices;
  parts.num_entries = csr.num_entries;
  parts.directed = directed;
  parts.weighted = weighted && csr.num_entries > 0;  // as adopt_csr's Csr::weighted()
  if (directed) parts.in = transpose_on_device(device, csr);
  result.graph = std::make_unique<CudaGraph>(std::move(parts), device);
  stream_.synchronize();
  return result;
}

}  // namespace graphrun::cuda

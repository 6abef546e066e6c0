// The memory plan before the upload (engine/memory_plan.hpp): the cuda
// backend's resident_bytes is exactly what an upload allocates, each
// algorithm's workspace bound (algorithms/workspace.hpp) holds its peak
// beside the graph, and SpMV's "auto" runs a copy-free kernel, saying so,
// when its own format does not fit the free device memory; a device build
// counts the pool's cached blocks as free, as the plan does.
#include <cuda_runtime.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "cuda_test_support.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/algorithms/sssp.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/algorithms/workspace.hpp"
#include "graphrun/memory_plan.hpp"
#include "kernels/cuda/label_mode/row_classes.hpp"
#include "kernels/cuda/runtime/device_memory.cuh"

namespace graphrun::test {
namespace {

cuda::DeviceMemoryResource& device_memory_of(Engine& engine) {
  return dynamic_cast<cuda::DeviceMemoryResource&>(engine.backend().memory());
}

// Builds the auto SpMV formats of both adjacencies, so that a peak measured
// afterwards is the algorithm's own (formats are outside the workspace).
void build_auto_formats(Backend& backend, const DeviceGraph& graph) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  DeviceVector<float> x(backend.memory(), n), y(backend.memory(), n);
  backend.fill(x.span(), 1.0f);
  for (const Edges edges : {Edges::out, Edges::in})
    backend.spmv(graph, PlusTimes<float>{}, SpmvDescriptor{.edges = edges}, x.span(), y.span());
  backend.synchronize();
}

// Device memory held away from graphrun's pool: all but `leave` bytes of
// what is free (cached pool blocks given back first), released on scope exit.
class HeldMemory {
 public:
  HeldMemory(cuda::DeviceMemoryResource& memory, std::size_t leave) {
    std::size_t free = memory.free_bytes();
    for (std::size_t ask = free > leave ? free - leave : 0; ask > 0 && pointer_ == nullptr;
         ask = ask > (std::size_t{1} << 20) ? ask - (std::size_t{1} << 20) : 0) {
      if (cudaMalloc(&pointer_, ask) != cudaSuccess) {
        pointer_ = nullptr;
        cudaGetLastError();
      }
    }
  }
  ~HeldMemory() {
    if (pointer_ != nullptr) cudaFree(pointer_);
  }
  HeldMemory(const HeldMemory&) = delete;
  HeldMemory& operator=(const HeldMemory&) = delete;
  bool holding() const { return pointer_ != nullptr; }

 private:
  void* pointer_ = nullptr;
};

// The entries of rows label propagation stages chunk by chunk (longer than
// a block's chunk): outside its workspace bound, about 24 bytes each.
std::size_t huge_row_entries(const Graph& graph) {
  std::size_t entries = 0;
  for (const Csr* csr : {&graph.out_edges(), &graph.in_edges()})
    for (vertex_t r = 0; r < csr->num_rows(); ++r)
      if (csr->degree(r) > cuda::label_mode_detail::block_chunk_entries)
        entries += static_cast<std::size_t>(csr->degree(r));
  return entries;
}

bool copy_free(const std::string& kernel) {
  return kernel == "csr-scalar" || kernel == "csr-stream" || kernel.rfind("csr-vector", 0) == 0;
}

}  // namespace

TEST_CASE("the memory plan predicts the upload and bounds each algorithm's peak", "[memory_plan]") {
  auto rng = seeded_rng(54);
  std::vector<NamedGraph> graphs = {real_graph("cond-mat-2005.mtx"), real_graph("pushpull.mtx"),
                                    large_random_graph(rng)};
  graphs.push_back({"kron-s17", generated_graph(GeneratorKind::kron, 17)});
  for (const NamedGraph& named : graphs) {
    INFO(named.name);
    const Graph& host = named.graph;
    const vertex_t n = host.num_vertices();
    Engine gpu = engine_of(BackendKind::cuda);
    cuda::DeviceMemoryResource& memory = device_memory_of(gpu);
    const MemoryPlan plan = plan_memory(gpu.backend(), host, {pagerank_workspace(n, false)});
    REQUIRE(plan.free_bytes.has_value());
    REQUIRE(plan.needs.size() == 2);
    CHECK(plan.needs[0].what == "graph");
    CHECK(plan.fits());
    // The CSR arrays and nothing else: a pattern graph (pushpull, kron-s17)
    // keeps no values on the device either.
    const bool weighted = host.out_edges().weighted();
    const std::size_t adjacency_bytes =
        (static_cast<std::size_t>(n) + 1) * sizeof(edge_t) +
        static_cast<std::size_t>(host.num_entries()) * (sizeof(vertex_t) + (weighted ? sizeof(float) : 0));
    CHECK(plan.needs[0].bytes == (host.directed() ? 2 : 1) * adjacency_bytes);
    const std::size_t before_upload = memory.bytes_in_use();
    const auto graph = gpu.upload(host);
    CHECK(memory.bytes_in_use() - before_upload == plan.needs[0].bytes);
    CHECK(graph->bytes() == plan.needs[0].bytes);
    CHECK((graph->out_csr().values != nullptr) == weighted);
    build_auto_formats(gpu.backend(), *graph);

    // Each bound without its fixed scratch allowance, plus 4 MiB for CUB's
    // temporary storage on graphs of this size.
    const auto check_peak = [&](const std::string& algorithm, const MemoryNeed& bound, const auto& run,
                                std::size_t outside_bound = 0) {
      INFO(algorithm);
      memory.reset_peak();
      const std::size_t base = memory.bytes_in_use();
      run();
      const std::size_t peak = memory.peak_bytes_in_use() - base;
      const std::size_t allowed = bound.bytes - workspace_scratch_bytes + (std::size_t{4} << 20) + outside_bound;
      INFO("peak " << peak << " bytes beside the graph, bound " << allowed);
      CHECK(peak <= allowed);
    };
    check_peak("pagerank", pagerank_workspace(n, false), [&] { (void)pagerank(gpu, *graph); });
    PageRankParams personalized;
    personalized.personalization = {0};
    check_peak("personalized pagerank", pagerank_workspace(n, true),
               [&] { (void)pagerank(gpu, *graph, personalized); });
    for (const BfsDirection direction : {BfsDirection::optimizing, BfsDirection::push, BfsDirection::pull}) {
      BfsParams params;
      params.direction = direction;
      check_peak("bfs " + std::to_string(static_cast<int>(direction)), bfs_workspace(n),
                 [&] { (void)bfs(gpu, *graph, params); });
    }
    SsspParams sssp_params;
    check_peak("sssp", sssp_workspace(n), [&] { (void)sssp(gpu, *graph, sssp_params); });
    check_peak("wcc", wcc_workspace(n), [&] { (void)weakly_connected_components(gpu, *graph); });
    LabelPropagationParams lp_params;
    lp_params.max_iterations = 3;
    check_peak(
        "lp", label_propagation_workspace(n), [&] { (void)label_propagation(gpu, *graph, lp_params); },
        32 * huge_row_entries(host));
  }
}

TEST_CASE("a plan past the free device memory is an OutOfMemoryError naming each need", "[memory_plan]") {
  Engine gpu = engine_of(BackendKind::cuda);
  const Graph host = path_graph(1000, true);
  MemoryPlan plan = plan_memory(gpu.backend(), host, {MemoryNeed{"pagerank vectors", std::size_t{1} << 50}});
  REQUIRE(plan.free_bytes.has_value());
  CHECK_FALSE(plan.fits());
  try {
    require_fit(plan, "pagerank on path.mtx", gpu.backend().device_name());
    FAIL("no error");
  } catch (const OutOfMemoryError& error) {
    const std::string message = error.what();
    INFO(message);
    CHECK(message.find("out of GPU memory") != std::string::npos);
    CHECK(message.find("pagerank on path.mtx needs graph ") != std::string::npos);
    CHECK(message.find("pagerank vectors 1048576.00 GiB") != std::string::npos);
    CHECK(message.find(" is free") != std::string::npos);
  }
}

TEST_CASE("auto runs a copy-free kernel and says so when its format does not fit", "[memory_plan]") {
  auto rng = seeded_rng(55);
  std::vector<NamedGraph> candidates;
  candidates.push_back({"kron-s18", generated_graph(GeneratorKind::kron, 18)});
  candidates.push_back(large_random_graph(rng));
  candidates.push_back({"uniform-s20", generated_graph(GeneratorKind::uniform, 20)});
  bool tried = false;
  for (const NamedGraph& named : candidates) {
    INFO(named.name);
    Engine gpu = engine_of(BackendKind::cuda);
    Backend& backend = gpu.backend();
    const auto graph = gpu.upload(named.graph);
    const std::string chosen = backend.spmv_kernel_for(*graph, Edges::out);  // plan and statistics, no format
    INFO("auto chose " << chosen);
    if (copy_free(chosen)) continue;
    tried = true;
    const auto n = static_cast<std::size_t>(named.graph.num_vertices());
    std::vector<float> x_host(n);
    for (std::size_t v = 0; v < n; ++v) x_host[v] = static_cast<float>(v % 8);  // integer sums: exact
    DeviceVector<float> x = to_backend(backend, x_host);
    DeviceVector<float> y(backend.memory(), n);
    Engine cpu = engine_of(BackendKind::cpu);
    const auto on_cpu = cpu.upload(named.graph);
    DeviceVector<float> x_cpu = to_backend(cpu.backend(), x_host);
    DeviceVector<float> y_cpu(cpu.backend().memory(), n);
    cpu.backend().spmv(*on_cpu, PlusTimes<float>{}, SpmvDescriptor{}, x_cpu.span(), y_cpu.span());
    {
      HeldMemory held(device_memory_of(gpu), std::size_t{64} << 10);
      REQUIRE(held.holding());
      backend.spmv(*graph, PlusTimes<float>{}, SpmvDescriptor{}, x.span(), y.span());
      backend.synchronize();
    }
    CHECK_SAME(compare_exact(y_cpu.to_host(), y.to_host()));
    const std::string fallback = backend.spmv_kernel_for(*graph, Edges::out);
    CHECK(copy_free(fallback));
    const std::vector<std::string> notes = backend.notes();
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].find("spmv: auto's " + chosen + " format did not fit the free GPU memory") == 0);
    CHECK(notes[0].find("auto runs " + fallback) != std::string::npos);
    // A kernel named explicitly gets no fallback: the error reaches the caller.
    BackendOptions named_kernel;
    named_kernel.spmv_kernel = chosen;
    const auto forced = cuda_backend(named_kernel);
    const auto forced_graph = forced->upload(named.graph);
    (void)forced->spmv_kernel_for(*forced_graph, Edges::out);
    DeviceVector<float> x_forced = to_backend(*forced, x_host);
    DeviceVector<float> y_forced(forced->memory(), n);
    {
      HeldMemory held(dynamic_cast<cuda::DeviceMemoryResource&>(forced->memory()), std::size_t{64} << 10);
      REQUIRE(held.holding());
      CHECK_THROWS_AS(
          forced->spmv(*forced_graph, PlusTimes<float>{}, SpmvDescriptor{}, x_forced.span(), y_forced.span()),
          OutOfMemoryError);
    }
    break;
  }
  CHECK(tried);  // some candidate's auto kernel builds a format
}

TEST_CASE("a device build counts the pool's cached blocks as free memory", "[memory_plan][graph_build]") {
  // A pattern list whose device build needs about 0.5 GiB.
  auto rng = seeded_rng(61);
  const vertex_t n = vertex_t{1} << 20;
  EdgeList edges;
  edges.num_vertices = n;
  std::uniform_int_distribution<vertex_t> id(0, n - 1);
  for (std::size_t e = 0; e < (std::size_t{16} << 20); ++e) {
    edges.src.push_back(id(rng));
    edges.dst.push_back(id(rng));
  }
  const Graph host = Graph::build(edges);

  Engine gpu = engine_of(BackendKind::cuda);
  cuda::DeviceMemoryResource& memory = device_memory_of(gpu);
  // 1.5 GiB left to graphrun, then 1.25 GiB of it cached by the pool: the
  // driver reports about 0.25 GiB free, the pool can hand out 1.5 GiB.
  HeldMemory held(memory, std::size_t{3} << 29);
  REQUIRE(held.holding());
  { DeviceVector<float> cached(memory, (std::size_t{5} << 28) / sizeof(float)); }
  gpu.backend().synchronize();
  std::size_t driver_free = 0, total = 0;
  REQUIRE(cudaMemGetInfo(&driver_free, &total) == cudaSuccess);
  INFO("driver free " << driver_free << " B");
  REQUIRE(driver_free < (std::size_t{1} << 29));  // the cached blocks are not free to the driver

  BuildReport report;
  const Graph built = gpu.backend().build_graph(std::move(edges), {}, BuildPlace::automatic, &report);
  INFO(report.why);
  CHECK(report.where == "device");
  CHECK(compare_exact(host.out_edges().offsets, built.out_edges().offsets) == "");
  CHECK(compare_exact(host.out_edges().indices, built.out_edges().indices) == "");
}

}  // namespace graphrun::test

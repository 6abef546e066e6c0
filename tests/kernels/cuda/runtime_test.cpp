// Device runtime of the CUDA backend: device discovery and naming, memory
// resource (copies, accounting, out-of-memory), timing, and the errors a
// misused backend must raise.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <regex>

#include "cuda_test_support.hpp"
#include "graphrun/algorithms/kernels/bfs_kernels.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"

namespace graphrun::test {

TEST_CASE("cuda_device_count sees the device and device_name describes it", "[runtime][sanitize]") {
  REQUIRE(cuda_device_count() >= 1);
  const auto backend = cuda_backend();
  CHECK(backend->kind() == BackendKind::cuda);
  const std::string name = backend->device_name();
  INFO(name);
  CHECK(std::regex_match(name, std::regex(R"(.+ \(device 0, sm_[0-9]+, [0-9]+ SMs\))")));
}

TEST_CASE("a device ordinal that does not exist is a RuntimeError naming the valid range", "[runtime][sanitize]") {
  BackendOptions options;
  options.device = cuda_device_count();
  try {
    cuda_backend(options);
    FAIL("no error for device " << options.device);
  } catch (const RuntimeError& error) {
    INFO(error.what());
    CHECK(std::string(error.what()).find("does not exist") != std::string::npos);
    CHECK(std::string(error.what()).find("valid: 0") != std::string::npos);
  }
  options.device = -1;
  CHECK_THROWS_AS(cuda_backend(options), RuntimeError);
}

TEST_CASE("memory resource: copies round-trip and bytes_in_use follows allocations", "[runtime][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(1);
  const auto backend = cuda_backend();
  MemoryResource& memory = backend->memory();
  const std::size_t before = memory.bytes_in_use();
  const auto host = random_vector<float>(rng, 100003, -5.0f, 5.0f);
  {
    DeviceVector<float> a = to_backend(*backend, host);
    DeviceVector<float> b(memory, host.size());
    CHECK(memory.bytes_in_use() == before + 2 * host.size() * sizeof(float));
    memory.copy(b.data(), a.data(), host.size() * sizeof(float), CopyKind::backend_to_backend);
    CHECK(b.to_host() == host);
  }
  CHECK(memory.bytes_in_use() == before);
  DeviceVector<double> empty(memory, 0);
  CHECK(empty.to_host().empty());
}

TEST_CASE("large uploads go through pinned staging intact, and the source is free on return", "[runtime][sanitize]") {
  // Sizes around the staging chunk: below the direct-copy bound, exactly
  // one chunk, several chunks with a remainder (both buffers reused while
  // their DMAs may still run).
  const auto backend = cuda_backend();
  MemoryResource& memory = backend->memory();
  constexpr std::size_t mib = std::size_t{1} << 20;
  for (const std::size_t bytes : {7 * mib + 4, 16 * mib, 16 * mib + 4, 53 * mib + 12}) {
    INFO("bytes " << bytes);
    std::vector<std::uint32_t> host(bytes / sizeof(std::uint32_t));
    for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<std::uint32_t>(i * 2654435761u);
    const std::vector<std::uint32_t> expected = host;
    DeviceVector<std::uint32_t> first(memory, host.size()), second(memory, host.size());
    memory.copy(first.data(), host.data(), bytes, CopyKind::host_to_backend);
    std::fill(host.begin(), host.end(), 0u);  // the copy has its own staged bytes by now
    memory.copy(second.data(), host.data(), bytes, CopyKind::host_to_backend);
    CHECK(first.to_host() == expected);
    CHECK(second.to_host() == host);
  }
}

// Not in the [sanitize] subset: the sanitizers report the (intended) failed
// allocation as an API error.
TEST_CASE("running out of device memory is a RuntimeError with the sizes, and the backend keeps working",
          "[runtime]") {
  const auto backend = cuda_backend();
  const std::size_t too_much = std::size_t(1) << 40;  // 1 TiB: more than any current GPU
  try {
    DeviceVector<std::byte> huge(backend->memory(), too_much);
    FAIL("a 1 TiB allocation succeeded");
  } catch (const RuntimeError& error) {
    const std::string message = error.what();
    INFO(message);
    CHECK(message.find("out of GPU memory") != std::string::npos);
    CHECK(message.find(std::to_string(too_much)) != std::string::npos);
    CHECK(message.find("free") != std::string::npos);
  }
  // The failure left no sticky state behind: allocation and kernels still work.
  DeviceVector<vertex_t> ids(backend->memory(), 1000);
  backend->iota(ids);
  const auto host = ids.to_host();
  CHECK(host.front() == 0);
  CHECK(host.back() == 999);
}

TEST_CASE("time_runs measures each repetition on CUDA events", "[runtime][sanitize]") {
  const auto backend = cuda_backend();
  DeviceVector<float> v(backend->memory(), 1 << 20);
  int works = 0, betweens = 0;
  const auto times = backend->time_runs(
      [&] {
        ++works;
        backend->fill(v, 1.0f);
      },
      [&] { ++betweens; }, 2, 5);
  CHECK(times.size() == 5);
  CHECK(works == 7);
  CHECK(betweens == 5);
  for (double t : times) CHECK(t >= 0.0);
  CHECK(backend->time_runs([&] { backend->fill(v, 2.0f); }, {}, 0, 0).empty());
}

TEST_CASE("misuse is a UsageError, not a crash", "[runtime][sanitize]") {
  const auto gpu = cuda_backend();
  const auto cpu = cpu_backend();
  const Graph graph = graph_from_edges(4, {0, 1, 2}, {1, 2, 3}, {}, false);
  const auto on_cpu = cpu->upload(graph);
  const auto on_gpu = gpu->upload(graph);
  DeviceVector<float> x(gpu->memory(), 4), y(gpu->memory(), 4), short_y(gpu->memory(), 3);
  gpu->fill(x, 1.0f);
  // A graph of another backend.
  CHECK_THROWS_AS(gpu->spmv(*on_cpu, PlusTimes<float>{}, {}, x, y), UsageError);
  // Edges::both outside label_mode.
  SpmvDescriptor both;
  both.edges = Edges::both;
  CHECK_THROWS_AS(gpu->spmv(*on_gpu, PlusTimes<float>{}, both, x, y), UsageError);
  CHECK_THROWS_AS(bfs_kernels(*gpu).degree_sum(*on_gpu, Edges::both, std::span<const vertex_t>{}), UsageError);
  // Wrong sizes and aliasing.
  CHECK_THROWS_AS(gpu->spmv(*on_gpu, PlusTimes<float>{}, {}, x, short_y), UsageError);
  CHECK_THROWS_AS(gpu->spmv(*on_gpu, PlusTimes<float>{}, {}, x, x), UsageError);
  CHECK_THROWS_AS(gpu->axpby(1.0f, x, 1.0f, short_y), UsageError);
  // SpMM refuses masks and accumulation.
  SpmvDescriptor accumulate;
  accumulate.accumulate = true;
  CHECK_THROWS_AS(gpu->spmm(*on_gpu, accumulate, x, y, 1), UsageError);
  // An unknown kernel name lists the valid ones.
  BackendOptions options;
  options.spmv_kernel = "no-such-kernel";
  const auto misconfigured = cuda_backend(options);
  const auto graph_there = misconfigured->upload(graph);
  DeviceVector<float> x2(misconfigured->memory(), 4), y2(misconfigured->memory(), 4);
  misconfigured->fill(x2, 1.0f);
  CHECK_THROWS_AS(misconfigured->spmv(*graph_there, PlusTimes<float>{}, {}, x2, y2), UsageError);
  // A frontier id outside the graph.
  DeviceVector<level_t> level(gpu->memory(), 4);
  DeviceVector<vertex_t> parent(gpu->memory(), 4), next(gpu->memory(), 4);
  gpu->fill(level, no_level);
  const auto bad_frontier = to_backend(*gpu, std::vector<vertex_t>{7});
  CHECK_THROWS_AS(bfs_kernels(*gpu).bfs_push(*on_gpu, bad_frontier, 1, level, parent, next), UsageError);
  // ... after which the backend still works.
  const auto good_frontier = to_backend(*gpu, std::vector<vertex_t>{0});
  CHECK(bfs_kernels(*gpu).bfs_push(*on_gpu, good_frontier, 1, level, parent, next) == 1);
}

TEST_CASE("upload reports the device bytes of the graph", "[runtime][sanitize]") {
  const auto gpu = cuda_backend();
  const Graph directed = graph_from_edges(5, {0, 1, 2, 3}, {1, 2, 3, 4}, {}, false);
  const Graph undirected = graph_from_edges(5, {0, 1, 2, 3}, {1, 2, 3, 4}, {}, true);
  const Graph weighted = graph_from_edges(5, {0, 1, 2, 3}, {1, 2, 3, 4}, {0.5f, 1.5f, 2.0f, 3.0f}, false);
  // Pattern graphs: offsets and columns, no values (kernels read weight 1).
  const std::size_t pattern_csr_bytes = 6 * sizeof(edge_t) + 4 * sizeof(vertex_t);
  const auto d = gpu->upload(directed);
  const auto u = gpu->upload(undirected);
  const auto w = gpu->upload(weighted);
  CHECK(d->bytes() == 2 * pattern_csr_bytes);  // out- and in-CSR
  CHECK(d->out_csr().values == nullptr);
  CHECK(d->num_entries() == 4);
  CHECK(u->num_entries() == 8);
  // Undirected: one CSR serves both directions.
  CHECK(u->bytes() == 6 * sizeof(edge_t) + 8 * sizeof(vertex_t));
  CHECK(w->bytes() == 2 * (pattern_csr_bytes + 4 * sizeof(float)));
  CHECK(w->out_csr().values != nullptr);
  CHECK(gpu->notes().empty());
}

// The graph's share of its backend: the device arrays go back to the
// backend's pool after the last outside handle is gone (memcheck: no use
// after free), and the pool is released with the graph.
TEST_CASE("an uploaded graph outlives the handles to its backend", "[runtime][sanitize]") {
  const Graph graph = graph_from_edges(5, {0, 1, 2, 3}, {1, 2, 3, 4}, {}, false);
  std::unique_ptr<DeviceGraph> resident;
  std::weak_ptr<Backend> backend_seen;
  {
    Engine engine({.backend = BackendKind::cuda, .backend_options = {}});
    backend_seen = engine.backend().weak_from_this();
    resident = engine.upload(graph);
  }
  REQUIRE_FALSE(backend_seen.expired());
  CHECK(backend_seen.lock()->memory().bytes_in_use() >= resident->bytes());
  resident.reset();
  CHECK(backend_seen.expired());
}

}  // namespace graphrun::test

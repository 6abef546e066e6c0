// The cpu backend's memory, timer and self-description.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstring>
#include <thread>

#include "reference.hpp"
#include "graphrun/algorithms/kernels/label_kernels.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"
#include "kernels/cpu/cpu_backend.hpp"

namespace graphrun::test {

TEST_CASE("host memory: aligned allocations, byte accounting, copies") {
  auto backend = make_cpu_backend({});
  MemoryResource& memory = backend->memory();
  const std::size_t before = memory.bytes_in_use();
  {
    DeviceVector<double> a(memory, 1000);
    DeviceVector<std::uint8_t> b(memory, 3);
    CHECK(memory.bytes_in_use() == before + 8000 + 3);
    CHECK(reinterpret_cast<std::uintptr_t>(a.data()) % 64 == 0);
    CHECK(reinterpret_cast<std::uintptr_t>(b.data()) % 64 == 0);

    std::vector<double> host(1000);
    for (std::size_t i = 0; i < host.size(); ++i) host[i] = 0.5 * double(i) - 7.0;
    a.assign(host);
    DeviceVector<double> c(memory, 1000);
    memory.copy(c.data(), a.data(), 8000, CopyKind::backend_to_backend);
    CHECK(c.to_host() == host);

    DeviceVector<double> moved = std::move(c);
    CHECK(memory.bytes_in_use() == before + 16003);  // a move transfers, never duplicates
  }
  CHECK(memory.bytes_in_use() == before);
  CHECK(memory.allocate(0) == nullptr);
  memory.deallocate(nullptr, 0);
  CHECK(memory.bytes_in_use() == before);
}

TEST_CASE("host memory: an impossible allocation is a RuntimeError") {
  auto backend = make_cpu_backend({});
  CHECK_THROWS_AS(backend->memory().allocate(std::size_t(1) << 62), RuntimeError);
}

TEST_CASE("time_runs: warm-up, repetitions and the between hook") {
  auto backend = make_cpu_backend({});
  int work_calls = 0, between_calls = 0;
  std::vector<int> order;
  const auto times = backend->time_runs(
      [&] {
        ++work_calls;
        order.push_back(1);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      },
      [&] {
        ++between_calls;
        order.push_back(0);
      },
      2, 3);
  REQUIRE(times.size() == 3);
  CHECK(work_calls == 5);
  CHECK(between_calls == 3);
  CHECK(order == std::vector<int>{1, 1, 0, 1, 0, 1, 0, 1});
  for (double ms : times) {
    CHECK(ms >= 2.0);     // the sleep is measured...
    CHECK(ms < 1000.0);   // ...in milliseconds, not microseconds
  }
  CHECK(backend->time_runs([] {}, {}, 0, 0).empty());
  CHECK_THROWS_AS(backend->time_runs([] {}, {}, -1, 2), UsageError);
}

TEST_CASE("device name, kind and notes") {
  BackendOptions options;
  options.threads = 2;
  auto backend = make_cpu_backend(options);
  CHECK(backend->kind() == BackendKind::cpu);
  CHECK(backend->device_name() == "cpu (OpenMP, 2 threads)");
  options.threads = 1;
  CHECK(make_cpu_backend(options)->device_name() == "cpu (OpenMP, 1 thread)");
  CHECK(make_cpu_backend({})->device_name().rfind("cpu (OpenMP, ", 0) == 0);
  CHECK(make_cpu_backend({})->notes().empty());

  BackendOptions odd;
  odd.device = 3;
  odd.threads = 4096;
  const auto notes = make_cpu_backend(odd)->notes();
  REQUIRE(notes.size() == 2);
  CHECK(notes[0].find("device ordinal 3") != std::string::npos);
  CHECK(notes[1].find("4096 threads") != std::string::npos);
  backend->synchronize();  // nothing queued: returns at once
}

TEST_CASE("an uploaded graph reports its bytes, views included once built") {
  EdgeList edges;
  edges.num_vertices = 5;
  edges.src = {0, 0, 1, 3, 4};
  edges.dst = {1, 2, 2, 4, 0};
  const Graph graph = Graph::build(edges);
  BackendOptions options;
  options.spmv_kernel = "coo-parallel";
  auto backend = make_cpu_backend(options);
  auto a = backend->upload(graph);
  CHECK(a->num_vertices() == 5);
  CHECK(a->num_entries() == 5);
  CHECK(a->directed());
  const std::size_t csr_bytes = graph.out_edges().bytes() + graph.in_edges().bytes();
  CHECK(a->bytes() == csr_bytes);
  DeviceVector<float> x(backend->memory(), 5), y(backend->memory(), 5);
  const std::size_t memory_before = backend->memory().bytes_in_use();
  backend->fill(x.span(), 1.0f);
  backend->spmv(*a, PlusTimes<float>{}, SpmvDescriptor{}, x.span(), y.span());
  // The coo row array of the out-edges (5 entries of 4 bytes), built once.
  CHECK(a->bytes() == csr_bytes + 5 * sizeof(vertex_t));
  backend->spmv(*a, PlusTimes<float>{}, SpmvDescriptor{}, x.span(), y.span());
  CHECK(a->bytes() == csr_bytes + 5 * sizeof(vertex_t));
  CHECK(backend->memory().bytes_in_use() == memory_before + 5 * sizeof(vertex_t));
  CHECK(y.to_host() == std::vector<float>{2, 1, 0, 1, 1});
}

TEST_CASE("a graph with no vertices") {
  EdgeList edges;
  edges.num_vertices = 0;
  const Graph graph = Graph::build(edges);
  for (const char* kernel : {"csr-parallel", "coo-parallel"}) {
    BackendOptions options;
    options.spmv_kernel = kernel;
    options.threads = 3;
    auto backend = make_cpu_backend(options);
    auto a = backend->upload(graph);
    std::span<float> none;
    CHECK_NOTHROW(backend->spmv(*a, PlusTimes<float>{}, SpmvDescriptor{}, std::span<const float>(), none));
    CHECK_NOTHROW(backend->spmm(*a, SpmvDescriptor{}, std::span<const float>(), none, 4));
    CHECK_NOTHROW(
        label_kernels(*backend).label_mode(*a, Edges::both, std::span<const vertex_t>(), std::span<vertex_t>()));
    CHECK(backend->sum(std::span<const float>()) == 0.0);
  }
}

}  // namespace graphrun::test

namespace graphrun::test {

TEST_CASE("an uploaded graph keeps its backend alive: a backend no shared_ptr owns refuses uploads") {
  EdgeList edges;
  edges.num_vertices = 3;
  edges.src = {0, 1, 2};
  edges.dst = {1, 2, 0};
  const Graph graph = Graph::build(edges);
  std::unique_ptr<DeviceGraph> a;
  std::weak_ptr<Backend> backend_seen;
  std::size_t view_bytes = 0;
  {
    BackendOptions options;
    options.spmv_kernel = "coo-serial";
    auto backend = make_cpu_backend(options);
    backend_seen = backend;
    a = backend->upload(graph);
    {
      DeviceVector<float> x(backend->memory(), 3), y(backend->memory(), 3);
      backend->fill(x.span(), 1.0f);
      backend->spmv(*a, PlusTimes<float>{}, SpmvDescriptor{}, x.span(), y.span());  // builds a view in its memory
      CHECK(y.to_host() == std::vector<float>{1, 1, 1});
    }
    view_bytes = backend->memory().bytes_in_use();  // the graph's COO row view
    REQUIRE(view_bytes > 0);
  }
  // The caller's handle is gone; the graph's share keeps the backend and
  // the view's memory alive until the graph goes.
  REQUIRE_FALSE(backend_seen.expired());
  CHECK(backend_seen.lock()->memory().bytes_in_use() == view_bytes);
  a.reset();
  CHECK(backend_seen.expired());

  cpu::CpuBackend unshared(BackendOptions{});
  CHECK_THROWS_WITH(unshared.upload(graph), Catch::Contains("not owned by a std::shared_ptr"));
}

TEST_CASE("graphs from device arrays: the cpu backend refuses them, download_graph gives the host CSR back") {
  EdgeList edges;
  edges.num_vertices = 4;
  edges.src = {0, 2, 3, 3};
  edges.dst = {1, 1, 3, 0};
  edges.weights = {0.5f, 2.0f, 1.0f, -1.0f};
  const Graph graph = Graph::build(edges);
  auto backend = make_cpu_backend({});
  DeviceEdgeArrays list;
  list.src = edges.src.data();
  list.dst = edges.dst.data();
  list.count = edges.size();
  CHECK_THROWS_WITH(backend->build_device_graph(list, {}), Catch::Contains("keeps graphs in host memory"));
  const Csr& csr = graph.out_edges();
  const DeviceCsrArrays arrays{csr.offsets.data(), csr.indices.data(), csr.values.data(), 4, csr.num_entries()};
  CHECK_THROWS_WITH(backend->adopt_device_csr(arrays, true, nullptr), Catch::Contains("keeps graphs in host memory"));

  for (const bool weighted : {true, false}) {
    EdgeList pattern = edges;
    if (!weighted) pattern.weights.clear();
    const Graph original = Graph::build(pattern);
    const auto resident = backend->upload(original);
    CHECK(resident->weighted() == weighted);
    BuildStats stats;
    stats.self_loops = 1;
    const Graph back = backend->download_graph(*resident, stats);
    CHECK(back.out_edges().offsets == original.out_edges().offsets);
    CHECK(back.out_edges().indices == original.out_edges().indices);
    CHECK(back.out_edges().values == original.out_edges().values);
    CHECK(back.directed() == original.directed());
    CHECK(back.stats().self_loops == 1);
    CHECK(back.ids().original(3) == 3);
  }
}

}  // namespace graphrun::test

// label_mode (the CDLP step) of the CUDA backend against the CPU backend,
// exact: Edges out / in / both, labels drawn from a small range (ties are
// common, so the smallest-label rule is exercised) and from the full id range,
// on graphs with huge rows and rows without neighbours.
#include "cuda/cuda_test_support.hpp"

namespace graphrun::test {

namespace {

void check_label_mode(const std::vector<NamedGraph>& graphs, std::mt19937_64& rng) {
  const auto cpu = cpu_backend();
  const auto gpu = cuda_backend();
  for (const NamedGraph& g : graphs) {
    const auto on_cpu = cpu->upload(g.graph);
    const auto on_gpu = gpu->upload(g.graph);
    const vertex_t n = g.graph.num_vertices();
    const auto size = static_cast<std::size_t>(n);
    for (const Edges edges : {Edges::out, Edges::in, Edges::both}) {
      for (const vertex_t label_range : {vertex_t(3), vertex_t(40), n}) {
        INFO("graph " << g.name << ", Edges " << static_cast<int>(edges) << ", labels in 0.." << label_range - 1);
        // Negative labels too: the interface allows any vertex_t label.
        auto labels = random_vector<vertex_t>(rng, size, -1, label_range - 1);
        const auto run = [&](Backend& backend, const DeviceGraph& graph) {
          auto in = to_backend(backend, labels);
          auto out = to_backend(backend, poisoned<vertex_t>(size));
          backend.label_mode(graph, edges, in, out);
          return out.to_host();
        };
        CHECK_SAME(compare_exact(run(*cpu, *on_cpu), run(*gpu, *on_gpu)));
      }
    }
    {
      INFO("graph " << g.name << ", three synchronous CDLP rounds from iota");
      std::vector<vertex_t> expected, actual;
      for (Backend* backend : {cpu.get(), gpu.get()}) {
        const DeviceGraph& graph = backend == cpu.get() ? *on_cpu : *on_gpu;
        DeviceVector<vertex_t> a(backend->memory(), size), b(backend->memory(), size);
        backend->iota(a);
        for (int round = 0; round < 3; ++round) {
          backend->label_mode(graph, Edges::both, a, b);
          std::swap(a, b);
        }
        (backend == cpu.get() ? expected : actual) = a.to_host();
      }
      CHECK_SAME(compare_exact(expected, actual));
    }
  }
}

}  // namespace

TEST_CASE("label_mode matches the CPU backend, edge cases and real graphs", "[label]") {
  SEED_INFO();
  auto rng = seeded_rng(40);
  std::vector<NamedGraph> graphs = edge_case_graphs(rng);
  for (NamedGraph& g : real_graphs()) graphs.push_back(std::move(g));
  check_label_mode(graphs, rng);
}

TEST_CASE("label_mode, 2^20-row random graph", "[label][large]") {
  SEED_INFO();
  auto rng = seeded_rng(41);
  check_label_mode({large_random_graph(rng)}, rng);
}

TEST_CASE("label_mode, sanitizer subset", "[label][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(42);
  std::vector<NamedGraph> graphs = sanitizer_graphs(rng);
  graphs.push_back(real_graph("karate.mtx"));
  check_label_mode(graphs, rng);
}

}  // namespace graphrun::test

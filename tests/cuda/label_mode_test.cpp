// label_mode (the CDLP step) of the CUDA backend against the CPU backend,
// exact: Edges out / in / both; labels from a small range (ties are common,
// so the smallest-label rule is exercised), from the full id range, and
// extreme ints (INT_MIN is the CUDA hash table's free-slot pattern); rows at
// every class boundary of the CUDA kernels (32/33 lanes, 256/257 for the
// warp table, 2048/2049 for one label partition); huge rows; and a row whose
// labels are chosen to collide in one partition, which must overflow the
// shared table and be finished by the sorting fallback.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>

#include "cuda/cuda_test_support.hpp"
#include "kernels/cuda/label_mode/label_keys.hpp"

namespace graphrun::test {

namespace {

using cuda::label_mode_detail::entries_per_partition;
using cuda::label_mode_detail::partition_count;
using cuda::label_mode_detail::partition_hash;

enum class LabelKind { few, some, vertex_ids, extreme_ints };

const char* name_of(LabelKind kind) {
  switch (kind) {
    case LabelKind::few: return "labels in -1..2";
    case LabelKind::some: return "labels in -1..39";
    case LabelKind::vertex_ids: return "labels in -1..n-1";
    case LabelKind::extreme_ints: return "labels from {INT_MIN, INT_MIN+1, -1, 0, 5, 2^30, INT_MAX}";
  }
  return "?";
}

std::vector<vertex_t> random_labels(std::mt19937_64& rng, LabelKind kind, vertex_t n) {
  const auto size = static_cast<std::size_t>(n);
  switch (kind) {
    case LabelKind::few: return random_vector<vertex_t>(rng, size, -1, 2);
    case LabelKind::some: return random_vector<vertex_t>(rng, size, -1, 39);
    case LabelKind::vertex_ids: return random_vector<vertex_t>(rng, size, -1, n - 1);
    case LabelKind::extreme_ints: {
      constexpr vertex_t lowest = std::numeric_limits<vertex_t>::min();
      const vertex_t choices[] = {lowest, lowest + 1, -1, 0, 5, 1 << 30, std::numeric_limits<vertex_t>::max()};
      std::vector<vertex_t> labels(size);
      std::uniform_int_distribution<int> pick(0, 6);
      for (vertex_t& label : labels) label = choices[pick(rng)];
      return labels;
    }
  }
  return {};
}

std::vector<vertex_t> run_label_mode(Backend& backend, const DeviceGraph& graph, Edges edges,
                                     const std::vector<vertex_t>& labels) {
  auto in = to_backend(backend, labels);
  auto out = to_backend(backend, poisoned<vertex_t>(labels.size()));
  backend.label_mode(graph, edges, in, out);
  return out.to_host();
}

const char* name_of(Edges edges) {
  return edges == Edges::out ? "out" : edges == Edges::in ? "in" : "both";
}

void check_label_mode(const std::vector<NamedGraph>& graphs, std::mt19937_64& rng) {
  const auto cpu = cpu_backend();
  const auto gpu = cuda_backend();
  for (const NamedGraph& g : graphs) {
    const auto on_cpu = cpu->upload(g.graph);
    const auto on_gpu = gpu->upload(g.graph);
    const vertex_t n = g.graph.num_vertices();
    const auto size = static_cast<std::size_t>(n);
    for (const Edges edges : {Edges::out, Edges::in, Edges::both}) {
      for (const LabelKind kind : {LabelKind::few, LabelKind::some, LabelKind::vertex_ids, LabelKind::extreme_ints}) {
        INFO("graph " << g.name << ", Edges " << name_of(edges) << ", " << name_of(kind));
        const auto labels = random_labels(rng, kind, n);
        CHECK_SAME(compare_exact(run_label_mode(*cpu, *on_cpu, edges, labels),
                                 run_label_mode(*gpu, *on_gpu, edges, labels)));
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

// Appends a row `v` -> `length` distinct random targets in [first_target, n).
void add_row(std::mt19937_64& rng, vertex_t v, vertex_t length, vertex_t n, std::vector<vertex_t>& src,
             std::vector<vertex_t>& dst, vertex_t first_target = 0) {
  std::vector<vertex_t> targets(static_cast<std::size_t>(n - first_target));
  std::iota(targets.begin(), targets.end(), first_target);
  std::shuffle(targets.begin(), targets.end(), rng);
  for (vertex_t k = 0; k < length; ++k) {
    src.push_back(v);
    dst.push_back(targets[static_cast<std::size_t>(k)]);
  }
}

// Out-rows of exactly the lengths where the CUDA kernels change shape
// (rows 0, 1, ... in this order; the rest of the rows are empty).
NamedGraph class_boundary_rows(std::mt19937_64& rng) {
  const vertex_t lengths[] = {1,   2,   3,   4,    5,    7,    8,    9,    15,   16,  17,
                              31,  32,  33,  63,   64,   255,  256,  257,  511,  2047,
                              2048, 2049, 3584, 3585, 4096, 4097, 8193};
  const vertex_t n = 9000;
  std::vector<vertex_t> src, dst;
  vertex_t row = 0;
  for (const vertex_t length : lengths) add_row(rng, row++, length, n, src, dst);
  return {"rows of exactly 1..8193 entries at class boundaries",
          graph_from_edges(n, src, dst, std::vector<float>(src.size(), 1.0f), false)};
}

// `count` distinct labels that all land in label partition 0 of a row cut
// into `partitions` (or any divisor of it).
std::vector<vertex_t> colliding_labels(std::size_t count, std::uint32_t partitions) {
  std::vector<vertex_t> labels;
  for (std::int64_t x = std::numeric_limits<vertex_t>::min(); labels.size() < count; ++x)
    if (partition_hash(static_cast<vertex_t>(x)) % partitions == 0) labels.push_back(static_cast<vertex_t>(x));
  return labels;
}

}  // namespace

TEST_CASE("label_mode matches the CPU backend, edge cases and real graphs", "[label]") {
  SEED_INFO();
  auto rng = seeded_rng(40);
  std::vector<NamedGraph> graphs = edge_case_graphs(rng);
  graphs.push_back(class_boundary_rows(rng));
  graphs.push_back({"undirected, one row holds most entries (40000 of 46000)",
                    random_graph(rng, {.vertices = 50000, .edges = 23000, .undirected = true, .hub_share = 0.87})});
  for (NamedGraph& g : real_graphs()) graphs.push_back(std::move(g));
  check_label_mode(graphs, rng);
}

// A hub whose neighbours carry labels colliding in one label partition:
// more distinct labels than a block table takes, so the hub row must take
// the sorting fallback; its answer is still exact.
TEST_CASE("label_mode, colliding labels overflow to the sorting fallback", "[label]") {
  SEED_INFO();
  auto rng = seeded_rng(43);
  const vertex_t hub_degree = 7000;
  const std::size_t distinct = 5000;  // 2000 labels twice, 3000 once
  REQUIRE(partition_count(hub_degree) > 1);
  REQUIRE(static_cast<std::int64_t>(distinct) > 2 * entries_per_partition);
  const std::vector<vertex_t> special = colliding_labels(distinct, partition_count(hub_degree));

  const vertex_t n = hub_degree + 500;
  std::vector<vertex_t> src, dst;
  for (vertex_t u = 1; u <= hub_degree; ++u) {  // hub 0 <-> 1..hub_degree, half of them each way
    src.push_back(u % 2 == 0 ? 0 : u);
    dst.push_back(u % 2 == 0 ? u : 0);
  }
  for (vertex_t v = hub_degree + 1; v < n; ++v) add_row(rng, v, 40, n, src, dst, 1);  // medium rows, none touching the hub
  const std::vector<float> weights(src.size(), 1.0f);
  const std::vector<NamedGraph> graphs = {{"directed hub", graph_from_edges(n, src, dst, weights, false)},
                                          {"undirected hub", graph_from_edges(n, src, dst, weights, true)}};

  const auto cpu = cpu_backend();
  const auto gpu = cuda_backend();
  for (const NamedGraph& g : graphs) {
    const auto on_cpu = cpu->upload(g.graph);
    const auto on_gpu = gpu->upload(g.graph);
    std::vector<vertex_t> labels = random_labels(rng, LabelKind::vertex_ids, n);
    std::vector<vertex_t> order(distinct);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);  // which colliding labels appear twice: fresh each run
    for (vertex_t u = 1; u <= hub_degree; ++u)
      labels[static_cast<std::size_t>(u)] = special[order[static_cast<std::size_t>(u - 1) % distinct]];
    for (const Edges edges : {Edges::out, Edges::both}) {
      INFO("graph " << g.name << ", Edges " << name_of(edges));
      const auto expected = run_label_mode(*cpu, *on_cpu, edges, labels);
      CHECK_SAME(compare_exact(expected, run_label_mode(*gpu, *on_gpu, edges, labels)));
      if (g.graph.directed() && edges == Edges::out) continue;  // the hub's out-row alone is 3500 entries
      // The hub sees every colliding label, 2000 of them twice: the smallest
      // of those is the answer (computed here without any backend).
      std::vector<vertex_t> twice;
      for (std::size_t k = distinct; k < static_cast<std::size_t>(hub_degree); ++k) twice.push_back(special[order[k - distinct]]);
      CHECK(expected[0] == *std::min_element(twice.begin(), twice.end()));
    }
  }
}

TEST_CASE("label_mode, 2^20-row random graph, deterministic run to run", "[label][large]") {
  SEED_INFO();
  auto rng = seeded_rng(41);
  const NamedGraph g = large_random_graph(rng);
  check_label_mode({g}, rng);
  const auto gpu = cuda_backend();
  const auto on_gpu = gpu->upload(g.graph);
  const auto labels = random_labels(rng, LabelKind::some, g.graph.num_vertices());
  const auto first = run_label_mode(*gpu, *on_gpu, Edges::both, labels);
  CHECK_SAME(compare_exact(first, run_label_mode(*gpu, *on_gpu, Edges::both, labels)));
}

TEST_CASE("label_mode, sanitizer subset", "[label][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(42);
  std::vector<NamedGraph> graphs = sanitizer_graphs(rng);
  graphs.push_back(real_graph("karate.mtx"));
  graphs.push_back(class_boundary_rows(rng));
  check_label_mode(graphs, rng);
}

}  // namespace graphrun::test

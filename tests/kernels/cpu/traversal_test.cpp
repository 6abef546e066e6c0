// BFS steps, degrees and label_mode against references computed from the
// graphs' triples; results that are promised deterministic are compared
// across thread counts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <limits>
#include <map>
#include <set>

#include "support/random_seed.hpp"
#include "reference.hpp"
#include "cpu_test_support.hpp"
#include "graphrun/algorithms/kernels/bfs_kernels.hpp"
#include "graphrun/algorithms/kernels/label_kernels.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"

namespace graphrun::test {
namespace {

constexpr vertex_t poison_id = -5;

std::shared_ptr<Backend> backend_with(int threads) {
  BackendOptions options;
  options.threads = threads;
  return make_cpu_backend(options);
}

struct StepResult {
  std::vector<level_t> level;
  std::vector<vertex_t> parent, next;
};

// One BFS step (BfsKernels::bfs_push or BfsKernels::bfs_pull) from host vectors,
// next_frontier poisoned; returns the outputs read back.
using BfsStep = std::size_t (BfsKernels::*)(const DeviceGraph&, std::span<const vertex_t>, level_t,
                                            std::span<level_t>, std::span<vertex_t>, std::span<vertex_t>);

StepResult run_step(BfsStep step, Backend& backend, const DeviceGraph& a, const std::vector<vertex_t>& frontier,
                    level_t depth, const std::vector<level_t>& level, const std::vector<vertex_t>& parent) {
  auto frontier_device = to_backend(backend, frontier);
  auto level_device = to_backend(backend, level);
  auto parent_device = to_backend(backend, parent);
  auto next_device = to_backend(backend, std::vector<vertex_t>(level.size(), poison_id));
  const std::size_t count = (bfs_kernels(backend).*step)(a, frontier_device.span(), depth, level_device.span(),
                                                         parent_device.span(), next_device.span());
  std::vector<vertex_t> next = next_device.to_host();
  next.resize(count);
  return {level_device.to_host(), parent_device.to_host(), next};
}

StepResult run_push(Backend& backend, const DeviceGraph& a, const std::vector<vertex_t>& frontier, level_t depth,
                    const std::vector<level_t>& level, const std::vector<vertex_t>& parent) {
  StepResult result = run_step(&BfsKernels::bfs_push, backend, a, frontier, depth, level, parent);
  std::sort(result.next.begin(), result.next.end());  // push lists in any order
  return result;
}

StepResult run_pull(Backend& backend, const DeviceGraph& a, const std::vector<vertex_t>& frontier, level_t depth,
                    const std::vector<level_t>& level, const std::vector<vertex_t>& parent) {
  // Not sorted: the cpu backend promises ascending ids.
  return run_step(&BfsKernels::bfs_pull, backend, a, frontier, depth, level, parent);
}

// One step from `frontier` by the definition both directions share: every
// entry u -> v with u listed and v unvisited offers u as v's parent, and
// the smallest offer wins.
StepResult reference_step(const TestGraph& g, const std::vector<vertex_t>& frontier, level_t depth,
                          const std::vector<level_t>& level, const std::vector<vertex_t>& parent) {
  StepResult want{level, parent, {}};
  const std::set<vertex_t> in_frontier(frontier.begin(), frontier.end());
  std::set<vertex_t> next;
  for (const Triple& t : g.entries) {
    if (!in_frontier.count(t.source) || level[t.target] != no_level) continue;
    want.level[t.target] = depth;
    want.parent[t.target] = next.insert(t.target).second ? t.source : std::min(want.parent[t.target], t.source);
  }
  want.next.assign(next.begin(), next.end());
  return want;
}

// Levels by a serial breadth-first search over the triples; parent = the
// smallest vertex one level up with an edge to v (the source's is itself).
std::pair<std::vector<level_t>, std::vector<vertex_t>> reference_bfs(const TestGraph& g, vertex_t source) {
  const auto n = static_cast<std::size_t>(g.graph.num_vertices());
  std::vector<std::vector<vertex_t>> out(n);
  for (const Triple& t : g.entries) out[t.source].push_back(t.target);
  std::vector<level_t> level(n, no_level);
  std::vector<vertex_t> parent(n, no_vertex);
  std::deque<vertex_t> queue{source};
  level[source] = 0;
  while (!queue.empty()) {
    const vertex_t u = queue.front();
    queue.pop_front();
    for (vertex_t v : out[u])
      if (level[v] == no_level) {
        level[v] = level[u] + 1;
        queue.push_back(v);
      }
  }
  parent[source] = source;
  for (const Triple& t : g.entries)
    if (t.target != source && level[t.source] != no_level && level[t.target] == level[t.source] + 1)
      parent[t.target] = parent[t.target] == no_vertex ? t.source : std::min(parent[t.target], t.source);
  return {level, parent};
}

// Label most frequent in `labels`, smallest on a tie; `own` when empty.
vertex_t reference_mode(const std::vector<vertex_t>& labels, vertex_t own) {
  std::map<vertex_t, std::size_t> count;
  for (vertex_t label : labels) ++count[label];
  vertex_t best = own;
  std::size_t best_count = 0;
  for (const auto& [label, times] : count)  // ascending labels: strict > keeps the smallest
    if (times > best_count) {
      best = label;
      best_count = times;
    }
  return best;
}

}  // namespace

namespace {

struct StepInputs {
  std::vector<vertex_t> frontier;
  std::vector<level_t> level;
  std::vector<vertex_t> parent;
};

// About 30 % of the vertices already have a level (0..3), each vertex is on
// the frontier with probability `share` (ascending ids; callers shuffle),
// parents are poisoned.
StepInputs random_step_inputs(std::mt19937_64& rng, vertex_t n, double share) {
  StepInputs in{{}, std::vector<level_t>(static_cast<std::size_t>(n)),
                std::vector<vertex_t>(static_cast<std::size_t>(n), poison_id)};
  for (vertex_t v = 0; v < n; ++v) {
    in.level[v] = std::bernoulli_distribution(0.3)(rng) ? static_cast<level_t>(rng() % 4) : no_level;
    if (std::bernoulli_distribution(share)(rng)) in.frontier.push_back(v);
  }
  return in;
}

void check_step(const StepResult& want, const StepResult& got) {
  CHECK(got.level == want.level);
  CHECK(got.parent == want.parent);
  CHECK(got.next == want.next);
}

}  // namespace

TEST_CASE("bfs_push: one step from any frontier, smallest parent, untouched rest") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (const TestGraph& g : all_test_graphs(rng)) {
    INFO("graph " << g.name);
    const vertex_t n = g.graph.num_vertices();
    auto serial = backend_with(1), parallel = backend_with(4);
    auto serial_graph = serial->upload(g.graph), parallel_graph = parallel->upload(g.graph);
    // Several steps on the same uploaded graph: the kernel's scratch must be
    // clean again after each step.
    for (int round = 0; round < 3; ++round) {
      INFO("round " << round);
      auto [frontier, level, parent] = random_step_inputs(rng, n, 0.2);
      if (n > 1 && !frontier.empty()) frontier.push_back(frontier.front());  // a repeated id changes nothing
      std::shuffle(frontier.begin(), frontier.end(), rng);
      const level_t depth = 7;

      const StepResult want = reference_step(g, frontier, depth, level, parent);
      check_step(want, run_push(*serial, *serial_graph, frontier, depth, level, parent));
      check_step(want, run_push(*parallel, *parallel_graph, frontier, depth, level, parent));
    }
  }
}

TEST_CASE("bfs_push refuses out-of-range frontier ids and short outputs") {
  const Graph graph = path_graph_3();
  auto backend = make_cpu_backend({});
  auto a = backend->upload(graph);
  std::vector<level_t> level{0, no_level, no_level};
  std::vector<vertex_t> parent{0, no_vertex, no_vertex};
  auto level_device = to_backend(*backend, level);
  auto parent_device = to_backend(*backend, parent);
  DeviceVector<vertex_t> next(backend->memory(), 3);
  for (vertex_t bad : {3, -1}) {
    auto frontier = to_backend(*backend, std::vector<vertex_t>{bad});
    CHECK_THROWS_AS(
        bfs_kernels(*backend).bfs_push(*a, frontier.span(), 1, level_device.span(), parent_device.span(), next.span()),
        UsageError);
  }
  auto frontier = to_backend(*backend, std::vector<vertex_t>{0});
  CHECK_THROWS_AS(bfs_kernels(*backend).bfs_push(*a, frontier.span(), 1, level_device.span(), parent_device.span(),
                                                 next.span().first(2)),
                  UsageError);
  // The refused calls left nothing behind: a valid step still works.
  CHECK(bfs_kernels(*backend).bfs_push(*a, frontier.span(), 1, level_device.span(), parent_device.span(),
                                       next.span()) == 1);
  CHECK(parent_device.to_host() == std::vector<vertex_t>{0, 0, no_vertex});
}

TEST_CASE("bfs_pull: one step from any frontier, first frontier in-neighbour, untouched rest") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (const TestGraph& g : all_test_graphs(rng)) {
    INFO("graph " << g.name);
    const vertex_t n = g.graph.num_vertices();
    auto serial = backend_with(1), parallel = backend_with(4);
    auto serial_graph = serial->upload(g.graph), parallel_graph = parallel->upload(g.graph);
    // Frontier densities from empty to every vertex; listed vertices may be
    // unvisited too (the contract tests membership only).
    for (double share : {0.0, 0.02, 0.3, 1.0}) {
      INFO("frontier share " << share);
      auto [frontier, level, parent] = random_step_inputs(rng, n, share);
      if (!frontier.empty()) frontier.push_back(frontier.back());  // a repeated id changes nothing
      std::shuffle(frontier.begin(), frontier.end(), rng);
      const level_t depth = 5;
      const StepResult want = reference_step(g, frontier, depth, level, parent);
      // next compared as listed: ascending for any thread count.
      check_step(want, run_pull(*serial, *serial_graph, frontier, depth, level, parent));
      check_step(want, run_pull(*parallel, *parallel_graph, frontier, depth, level, parent));
    }
  }
}

TEST_CASE("bfs_pull finds the smallest parent in a hub in-row scanned to its end") {
  // Vertex 0's in-row holds every other vertex; only the last one (and, in the
  // second step, also a middle one) is on the frontier.
  const vertex_t n = 20000;
  EdgeList edges;
  edges.num_vertices = n;
  for (vertex_t u = 1; u < n; ++u) {
    edges.src.push_back(u);
    edges.dst.push_back(0);
  }
  const Graph graph = Graph::build(edges);
  for (int threads : {1, 4}) {
    INFO(threads << " threads");
    auto backend = backend_with(threads);
    auto a = backend->upload(graph);
    for (const std::vector<vertex_t>& frontier : {std::vector<vertex_t>{n - 1}, std::vector<vertex_t>{n - 1, 777, 778}}) {
      std::vector<level_t> level(static_cast<std::size_t>(n), 0);
      std::vector<vertex_t> parent(static_cast<std::size_t>(n), poison_id);
      level[0] = no_level;
      const StepResult result = run_pull(*backend, *a, frontier, 3, level, parent);
      CHECK(result.next == std::vector<vertex_t>{0});
      CHECK(result.level[0] == 3);
      CHECK(result.parent[0] == *std::min_element(frontier.begin(), frontier.end()));
    }
  }
}

TEST_CASE("push-only, pull-only and alternating BFS all reach the reference levels and parents") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (const TestGraph& g : all_test_graphs(rng)) {
    const vertex_t n = g.graph.num_vertices();
    const vertex_t source = std::uniform_int_distribution<vertex_t>(0, n - 1)(rng);
    INFO("graph " << g.name << ", source " << source);
    const auto [want_level, want_parent] = reference_bfs(g, source);
    // 0: pull only; 1: pull on odd depths, push on even; 2: push only (1 and 3 threads).
    for (const auto& [pattern, threads] : {std::pair{0, 3}, std::pair{1, 3}, std::pair{2, 1}, std::pair{2, 3}}) {
      INFO("pattern " << pattern << ", " << threads << " threads");
      auto backend = backend_with(threads);
      auto a = backend->upload(g.graph);
      std::vector<level_t> level(static_cast<std::size_t>(n), no_level);
      std::vector<vertex_t> parent(static_cast<std::size_t>(n), no_vertex);
      level[source] = 0;
      parent[source] = source;
      auto level_device = to_backend(*backend, level);
      auto parent_device = to_backend(*backend, parent);
      auto frontier = to_backend(*backend, std::vector<vertex_t>(static_cast<std::size_t>(n), poison_id));
      auto next = to_backend(*backend, std::vector<vertex_t>(static_cast<std::size_t>(n), poison_id));
      frontier.data()[0] = source;
      std::size_t size = 1;
      for (level_t depth = 1; size > 0; ++depth) {
        REQUIRE(std::int64_t{depth} <= n);  // a BFS cannot have more levels than vertices
        const bool pull = pattern == 0 || (pattern == 1 && depth % 2 == 1);
        const auto step = pull ? &BfsKernels::bfs_pull : &BfsKernels::bfs_push;
        size = (bfs_kernels(*backend).*step)(*a, frontier.span().first(size), depth, level_device.span(),
                                             parent_device.span(), next.span());
        frontier.swap(next);
      }
      CHECK(level_device.to_host() == want_level);
      CHECK(parent_device.to_host() == want_parent);
    }
  }
}

TEST_CASE("bfs_pull refuses bad frontier ids, wrong sizes and aliasing, and writes nothing then") {
  const Graph graph = path_graph_3();
  auto backend = make_cpu_backend({});
  auto a = backend->upload(graph);
  auto level = to_backend(*backend, std::vector<level_t>{0, no_level, no_level});
  auto parent = to_backend(*backend, std::vector<vertex_t>{0, poison_id, poison_id});
  auto next = to_backend(*backend, std::vector<vertex_t>(3, poison_id));
  for (vertex_t bad : {3, -1}) {
    auto frontier = to_backend(*backend, std::vector<vertex_t>{0, bad});
    CHECK_THROWS_AS(bfs_kernels(*backend).bfs_pull(*a, frontier.span(), 1, level.span(), parent.span(), next.span()),
                    UsageError);
  }
  auto frontier = to_backend(*backend, std::vector<vertex_t>{0});
  CHECK_THROWS_AS(
      bfs_kernels(*backend).bfs_pull(*a, frontier.span(), 1, level.span(), parent.span(), next.span().first(2)),
      UsageError);
  CHECK_THROWS_AS(
      bfs_kernels(*backend).bfs_pull(*a, frontier.span(), 1, level.span().first(2), parent.span(), next.span()),
      UsageError);
  CHECK_THROWS_AS(
      bfs_kernels(*backend).bfs_pull(*a, frontier.span(), 1, level.span(), parent.span().first(2), next.span()),
      UsageError);
  CHECK_THROWS_AS(bfs_kernels(*backend).bfs_pull(*a, next.span().first(1), 1, level.span(), parent.span(), next.span()),
                  UsageError);
  CHECK(level.to_host() == std::vector<level_t>{0, no_level, no_level});
  CHECK(parent.to_host() == std::vector<vertex_t>{0, poison_id, poison_id});
  // A valid step still works: 1 is reached from 0, 2 is not (1 is not on the frontier).
  CHECK(bfs_kernels(*backend).bfs_pull(*a, frontier.span(), 1, level.span(), parent.span(), next.span()) == 1);
  CHECK(level.to_host() == std::vector<level_t>{0, 1, no_level});
  CHECK(parent.to_host() == std::vector<vertex_t>{0, 0, poison_id});
  CHECK(next.to_host()[0] == 1);
}

TEST_CASE("degrees and degree_sum") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (const TestGraph& g : all_test_graphs(rng)) {
    INFO("graph " << g.name);
    const vertex_t n = g.graph.num_vertices();
    std::vector<vertex_t> listed(static_cast<std::size_t>(2 * n));
    for (vertex_t& v : listed) v = std::uniform_int_distribution<vertex_t>(0, n - 1)(rng);
    for (Edges edges : {Edges::out, Edges::in, Edges::both}) {
      INFO("edges " << int(edges));
      const auto neighbours = neighbour_lists(g, edges);
      std::vector<vertex_t> want(static_cast<std::size_t>(n));
      for (vertex_t v = 0; v < n; ++v) want[v] = static_cast<vertex_t>(neighbours[v].size());
      edge_t want_sum = 0;
      for (vertex_t v : listed) want_sum += want[v];
      for (int threads : {1, 3}) {
        auto backend = backend_with(threads);
        auto a = backend->upload(g.graph);
        auto degree = to_backend(*backend, std::vector<vertex_t>(static_cast<std::size_t>(n), poison_id));
        backend->degrees(*a, edges, degree.span());
        CHECK(degree.to_host() == want);
        auto listed_device = to_backend(*backend, listed);
        CHECK(bfs_kernels(*backend).degree_sum(*a, edges, listed_device.span()) == want_sum);
        auto bad = to_backend(*backend, std::vector<vertex_t>{0, n});
        CHECK_THROWS_AS(bfs_kernels(*backend).degree_sum(*a, edges, bad.span()), UsageError);
      }
    }
  }
}

TEST_CASE("label_mode: most frequent neighbour label, smallest on a tie, own label without neighbours") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (const TestGraph& g : all_test_graphs(rng)) {
    INFO("graph " << g.name);
    const vertex_t n = g.graph.num_vertices();
    auto serial = backend_with(1), parallel = backend_with(4);
    auto serial_graph = serial->upload(g.graph), parallel_graph = parallel->upload(g.graph);
    for (Edges edges : {Edges::out, Edges::in, Edges::both}) {
      const auto neighbours = neighbour_lists(g, edges);
      // Few distinct labels make ties common; ids as labels is CDLP's start.
      for (vertex_t distinct : {vertex_t{3}, n}) {
        INFO("edges " << int(edges) << ", " << distinct << " distinct labels");
        std::vector<vertex_t> labels(static_cast<std::size_t>(n));
        for (vertex_t& label : labels) label = std::uniform_int_distribution<vertex_t>(0, distinct - 1)(rng) * 11;
        std::vector<vertex_t> want(static_cast<std::size_t>(n));
        for (vertex_t v = 0; v < n; ++v) {
          std::vector<vertex_t> around;
          for (vertex_t u : neighbours[v]) around.push_back(labels[u]);
          want[v] = reference_mode(around, labels[v]);
        }
        for (auto* run : {&serial, &parallel}) {
          Backend& backend = **run;
          const DeviceGraph& a = run == &serial ? *serial_graph : *parallel_graph;
          auto labels_device = to_backend(backend, labels);
          auto out = to_backend(backend, std::vector<vertex_t>(static_cast<std::size_t>(n), poison_id));
          label_kernels(backend).label_mode(a, edges, labels_device.span(), out.span());
          CHECK(out.to_host() == want);
        }
      }
    }
  }
}

TEST_CASE("label_mode counts a vertex linked both ways twice under Edges::both") {
  // 0 -> 1, 1 -> 0, 0 -> 2, 3 isolated. Labels: 1 has 9, 2 has 4.
  EdgeList edges;
  edges.num_vertices = 4;
  edges.src = {0, 1, 0};
  edges.dst = {1, 0, 2};
  const Graph graph = Graph::build(edges);
  auto backend = make_cpu_backend({});
  auto a = backend->upload(graph);
  auto labels = to_backend(*backend, std::vector<vertex_t>{20, 9, 4, 30});
  DeviceVector<vertex_t> out(backend->memory(), 4);
  // both: vertex 0 sees {9 (out), 4 (out), 9 (in)}: 9 twice beats 4.
  label_kernels(*backend).label_mode(*a, Edges::both, labels.span(), out.span());
  CHECK(out.to_host() == std::vector<vertex_t>{9, 20, 20, 30});
  // out only: vertex 0 sees {9, 4}: a tie, the smaller label wins; 2 and 3
  // have no out-neighbours and keep their own labels.
  label_kernels(*backend).label_mode(*a, Edges::out, labels.span(), out.span());
  CHECK(out.to_host() == std::vector<vertex_t>{4, 20, 4, 30});
}

}  // namespace graphrun::test

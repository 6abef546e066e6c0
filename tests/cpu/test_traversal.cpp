// BFS steps, degrees and label_mode against references computed from the
// graphs' triples; results that are promised deterministic are compared
// across thread counts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <limits>
#include <map>
#include <set>

#include "cpu/random_seed.hpp"
#include "cpu/reference.hpp"
#include "cpu/test_graphs.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"

namespace graphrun::test {
namespace {

constexpr vertex_t unreached = std::numeric_limits<vertex_t>::max();  // MinSecond identity
constexpr vertex_t poison_id = -5;

std::unique_ptr<Backend> backend_with(int threads) {
  BackendOptions options;
  options.threads = threads;
  return make_cpu_backend(options);
}

struct PushResult {
  std::vector<vertex_t> level, parent, next;  // next sorted (the contract allows any order)
};

PushResult run_push(Backend& backend, const DeviceGraph& a, const std::vector<vertex_t>& frontier, vertex_t depth,
                    const std::vector<vertex_t>& level, const std::vector<vertex_t>& parent) {
  auto frontier_device = to_backend(backend, frontier);
  auto level_device = to_backend(backend, level);
  auto parent_device = to_backend(backend, parent);
  auto next_device = to_backend(backend, std::vector<vertex_t>(level.size(), poison_id));
  const std::size_t count =
      backend.bfs_push(a, frontier_device.span(), depth, level_device.span(), parent_device.span(), next_device.span());
  std::vector<vertex_t> next = next_device.to_host();
  next.resize(count);
  std::sort(next.begin(), next.end());
  return {level_device.to_host(), parent_device.to_host(), next};
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
      std::vector<vertex_t> frontier, level(static_cast<std::size_t>(n)), parent(static_cast<std::size_t>(n), poison_id);
      for (vertex_t v = 0; v < n; ++v) {
        level[v] = std::bernoulli_distribution(0.3)(rng) ? static_cast<vertex_t>(rng() % 4) : no_vertex;
        if (std::bernoulli_distribution(0.2)(rng)) frontier.push_back(v);
      }
      if (n > 1 && !frontier.empty()) frontier.push_back(frontier.front());  // a repeated id changes nothing
      std::shuffle(frontier.begin(), frontier.end(), rng);
      const vertex_t depth = 7;

      std::vector<vertex_t> want_level = level, want_parent = parent;
      const std::set<vertex_t> in_frontier(frontier.begin(), frontier.end());
      std::set<vertex_t> want_next;
      for (const Triple& t : g.entries) {
        if (!in_frontier.count(t.source) || level[t.target] != no_vertex) continue;
        want_level[t.target] = depth;
        want_parent[t.target] = want_next.insert(t.target).second ? t.source : std::min(want_parent[t.target], t.source);
      }

      const PushResult one = run_push(*serial, *serial_graph, frontier, depth, level, parent);
      const PushResult four = run_push(*parallel, *parallel_graph, frontier, depth, level, parent);
      for (const PushResult* result : {&one, &four}) {
        CHECK(result->level == want_level);
        CHECK(result->parent == want_parent);
        CHECK(result->next == std::vector<vertex_t>(want_next.begin(), want_next.end()));
      }
    }
  }
}

TEST_CASE("bfs_push drives a whole BFS to the reference levels and parents") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (const TestGraph& g : all_test_graphs(rng)) {
    const vertex_t n = g.graph.num_vertices();
    const vertex_t source = std::uniform_int_distribution<vertex_t>(0, n - 1)(rng);
    INFO("graph " << g.name << ", source " << source);
    // Reference: level by breadth-first search over the triples, parent = the
    // smallest vertex one level up with an edge to v.
    std::vector<std::vector<vertex_t>> out(static_cast<std::size_t>(n));
    for (const Triple& t : g.entries) out[t.source].push_back(t.target);
    std::vector<vertex_t> want_level(static_cast<std::size_t>(n), no_vertex), want_parent(want_level);
    std::deque<vertex_t> queue{source};
    want_level[source] = 0;
    while (!queue.empty()) {
      const vertex_t u = queue.front();
      queue.pop_front();
      for (vertex_t v : out[u])
        if (want_level[v] == no_vertex) {
          want_level[v] = want_level[u] + 1;
          queue.push_back(v);
        }
    }
    want_parent[source] = source;
    for (const Triple& t : g.entries)
      if (t.target != source && want_level[t.source] != no_vertex && want_level[t.target] == want_level[t.source] + 1)
        want_parent[t.target] = want_parent[t.target] == no_vertex ? t.source : std::min(want_parent[t.target], t.source);

    for (int threads : {1, 3}) {
      INFO(threads << " threads");
      auto backend = backend_with(threads);
      auto a = backend->upload(g.graph);
      std::vector<vertex_t> level(static_cast<std::size_t>(n), no_vertex), parent(level);
      level[source] = 0;
      parent[source] = source;
      auto level_device = to_backend(*backend, level);
      auto parent_device = to_backend(*backend, parent);
      auto frontier = to_backend(*backend, std::vector<vertex_t>(static_cast<std::size_t>(n), poison_id));
      auto next = to_backend(*backend, std::vector<vertex_t>(static_cast<std::size_t>(n), poison_id));
      frontier.data()[0] = source;
      std::size_t size = 1;
      for (vertex_t depth = 1; size > 0; ++depth) {
        REQUIRE(depth <= n);  // a BFS cannot have more levels than vertices
        size = backend->bfs_push(*a, frontier.span().first(size), depth, level_device.span(), parent_device.span(),
                                 next.span());
        frontier.swap(next);
      }
      CHECK(level_device.to_host() == want_level);
      CHECK(parent_device.to_host() == want_parent);
    }
  }
}

TEST_CASE("bfs_push refuses out-of-range frontier ids and short outputs") {
  EdgeList edges;
  edges.num_vertices = 3;
  edges.src = {0, 1};
  edges.dst = {1, 2};
  const Graph graph = Graph::build(edges);
  auto backend = make_cpu_backend({});
  auto a = backend->upload(graph);
  std::vector<vertex_t> level{0, no_vertex, no_vertex}, parent{0, no_vertex, no_vertex};
  auto level_device = to_backend(*backend, level);
  auto parent_device = to_backend(*backend, parent);
  DeviceVector<vertex_t> next(backend->memory(), 3);
  for (vertex_t bad : {3, -1}) {
    auto frontier = to_backend(*backend, std::vector<vertex_t>{bad});
    CHECK_THROWS_AS(backend->bfs_push(*a, frontier.span(), 1, level_device.span(), parent_device.span(), next.span()),
                    UsageError);
  }
  auto frontier = to_backend(*backend, std::vector<vertex_t>{0});
  CHECK_THROWS_AS(
      backend->bfs_push(*a, frontier.span(), 1, level_device.span(), parent_device.span(), next.span().first(2)),
      UsageError);
  // The refused calls left nothing behind: a valid step still works.
  CHECK(backend->bfs_push(*a, frontier.span(), 1, level_device.span(), parent_device.span(), next.span()) == 1);
  CHECK(parent_device.to_host() == std::vector<vertex_t>{0, 0, no_vertex});
}

TEST_CASE("bfs_settle and bfs_pull_inputs") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (std::size_t n : {1u, 9u, 5003u}) {
    INFO("n " << n);
    std::vector<vertex_t> reached(n), level(n);
    for (std::size_t v = 0; v < n; ++v) {
      reached[v] = std::bernoulli_distribution(0.4)(rng) ? static_cast<vertex_t>(rng() % n) : unreached;
      level[v] = std::bernoulli_distribution(0.5)(rng) ? static_cast<vertex_t>(rng() % 3) : no_vertex;
    }
    std::vector<vertex_t> want_level = level, want_parent(n, poison_id), want_ids;
    for (std::size_t v = 0; v < n; ++v)
      if (reached[v] != unreached) {
        want_level[v] = 4;
        want_parent[v] = reached[v];
        want_ids.push_back(static_cast<vertex_t>(v));
      }
    for (int threads : {1, 3}) {
      INFO(threads << " threads");
      auto backend = backend_with(threads);
      auto reached_device = to_backend(*backend, reached);
      auto level_device = to_backend(*backend, level);
      auto parent_device = to_backend(*backend, std::vector<vertex_t>(n, poison_id));
      auto ids = to_backend(*backend, std::vector<vertex_t>(n, poison_id));
      const std::size_t count =
          backend->bfs_settle(reached_device.span(), 4, level_device.span(), parent_device.span(), ids.span());
      CHECK(count == want_ids.size());
      CHECK(level_device.to_host() == want_level);
      CHECK(parent_device.to_host() == want_parent);
      auto got_ids = ids.to_host();
      got_ids.resize(count);
      CHECK(got_ids == want_ids);  // ascending, whatever the thread count

      // Pull inputs from a frontier list.
      std::vector<vertex_t> frontier;
      for (std::size_t v = 0; v < n; ++v)
        if (std::bernoulli_distribution(0.3)(rng)) frontier.push_back(static_cast<vertex_t>(v));
      std::shuffle(frontier.begin(), frontier.end(), rng);
      auto frontier_device = to_backend(*backend, frontier);
      auto x = to_backend(*backend, std::vector<vertex_t>(n, poison_id));
      auto visited = to_backend(*backend, std::vector<std::uint8_t>(n, 0xEE));
      backend->bfs_pull_inputs(frontier_device.span(), level_device.span(), x.span(), visited.span());
      std::vector<vertex_t> want_x(n, unreached);
      for (vertex_t v : frontier) want_x[v] = v;
      std::vector<std::uint8_t> want_visited(n);
      for (std::size_t v = 0; v < n; ++v) want_visited[v] = want_level[v] != no_vertex ? 1 : 0;
      CHECK(x.to_host() == want_x);
      CHECK(visited.to_host() == want_visited);

      auto bad_frontier = to_backend(*backend, std::vector<vertex_t>{static_cast<vertex_t>(n)});
      CHECK_THROWS_AS(backend->bfs_pull_inputs(bad_frontier.span(), level_device.span(), x.span(), visited.span()),
                      UsageError);
    }
  }
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
        CHECK(backend->degree_sum(*a, edges, listed_device.span()) == want_sum);
        auto bad = to_backend(*backend, std::vector<vertex_t>{0, n});
        CHECK_THROWS_AS(backend->degree_sum(*a, edges, bad.span()), UsageError);
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
      for (vertex_t distinct : {3, n}) {
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
          backend.label_mode(a, edges, labels_device.span(), out.span());
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
  backend->label_mode(*a, Edges::both, labels.span(), out.span());
  CHECK(out.to_host() == std::vector<vertex_t>{9, 20, 20, 30});
  // out only: vertex 0 sees {9, 4}: a tie, the smaller label wins; 2 and 3
  // have no out-neighbours and keep their own labels.
  backend->label_mode(*a, Edges::out, labels.span(), out.span());
  CHECK(out.to_host() == std::vector<vertex_t>{4, 20, 4, 30});
}

}  // namespace graphrun::test

// BFS steps (bfs_push, bfs_settle, bfs_pull_inputs), degree_sum and degrees
// of the CUDA backend against the CPU backend: exact equality everywhere.
// Frontiers are random, with duplicates, over graphs with hubs and empty rows;
// next-frontier order is unspecified, so frontiers are compared as sorted lists.
#include <algorithm>

#include "cuda/cuda_test_support.hpp"

namespace graphrun::test {

namespace {

std::vector<vertex_t> sorted_prefix(std::vector<vertex_t> ids, std::size_t count) {
  ids.resize(count);
  std::sort(ids.begin(), ids.end());
  return ids;
}

// A mid-BFS state: some vertices visited at levels < depth, a frontier drawn
// from them (with repeats).
struct BfsState {
  std::vector<vertex_t> level, parent, frontier;
  vertex_t depth;
};

BfsState random_bfs_state(std::mt19937_64& rng, vertex_t n) {
  BfsState state;
  state.depth = 3;
  state.level.assign(static_cast<std::size_t>(n), no_vertex);
  state.parent = poisoned<vertex_t>(static_cast<std::size_t>(n));
  std::bernoulli_distribution visited(0.3);
  std::uniform_int_distribution<vertex_t> old_level(0, state.depth - 1);
  std::vector<vertex_t> seen;
  for (vertex_t v = 0; v < n; ++v) {
    if (!visited(rng)) continue;
    state.level[v] = old_level(rng);
    state.parent[v] = v;
    seen.push_back(v);
  }
  if (seen.empty()) {
    seen.push_back(0);
    state.level[0] = 0;
  }
  std::uniform_int_distribution<std::size_t> pick(0, seen.size() - 1);
  const std::size_t frontier_size = 1 + seen.size() / 2;
  for (std::size_t k = 0; k < frontier_size; ++k) state.frontier.push_back(seen[pick(rng)]);  // repeats on purpose
  return state;
}

struct PushResult {
  std::size_t count;
  std::vector<vertex_t> level, parent, next;
};

PushResult push_once(Backend& backend, const DeviceGraph& graph, const BfsState& state) {
  const auto n = state.level.size();
  auto level = to_backend(backend, state.level);
  auto parent = to_backend(backend, state.parent);
  auto frontier = to_backend(backend, state.frontier);
  auto next = to_backend(backend, poisoned<vertex_t>(n));
  const std::size_t count = backend.bfs_push(graph, frontier, state.depth, level, parent, next);
  return {count, level.to_host(), parent.to_host(), sorted_prefix(next.to_host(), count)};
}

// A whole push-only BFS from `source`; returns (level, parent).
std::pair<std::vector<vertex_t>, std::vector<vertex_t>> push_bfs(Backend& backend, const DeviceGraph& graph,
                                                                  vertex_t source) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  std::vector<vertex_t> level0(n, no_vertex), parent0 = poisoned<vertex_t>(n);
  level0[source] = 0;
  parent0[source] = source;
  auto level = to_backend(backend, level0);
  auto parent = to_backend(backend, parent0);
  auto frontier = to_backend(backend, std::vector<vertex_t>(n, source));
  auto next = to_backend(backend, poisoned<vertex_t>(n));
  std::size_t size = 1;
  for (vertex_t depth = 1; size > 0; ++depth) {
    size = backend.bfs_push(graph, std::span<const vertex_t>(frontier.data(), size), depth, level, parent, next);
    std::swap(frontier, next);
  }
  return {level.to_host(), parent.to_host()};
}

void check_traversal(const std::vector<NamedGraph>& graphs, std::mt19937_64& rng) {
  const auto cpu = cpu_backend();
  const auto gpu = cuda_backend();
  for (const NamedGraph& g : graphs) {
    INFO("graph " << g.name);
    const auto on_cpu = cpu->upload(g.graph);
    const auto on_gpu = gpu->upload(g.graph);
    const vertex_t n = g.graph.num_vertices();
    const auto size = static_cast<std::size_t>(n);

    for (int round = 0; round < 3; ++round) {
      INFO("bfs_push, random state " << round);
      const BfsState state = random_bfs_state(rng, n);
      const PushResult expected = push_once(*cpu, *on_cpu, state);
      const PushResult actual = push_once(*gpu, *on_gpu, state);
      CHECK(expected.count == actual.count);
      CHECK_SAME(compare_exact(expected.level, actual.level));
      CHECK_SAME(compare_exact(expected.parent, actual.parent));
      CHECK_SAME(compare_exact(expected.next, actual.next));
      CHECK(std::adjacent_find(actual.next.begin(), actual.next.end()) == actual.next.end());  // no duplicates
    }
    {
      INFO("push-only BFS twice in a row (scratch state restored between calls)");
      std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
      for (int run = 0; run < 2; ++run) {
        const vertex_t source = vertex(rng);
        const auto expected = push_bfs(*cpu, *on_cpu, source);
        const auto actual = push_bfs(*gpu, *on_gpu, source);
        CHECK_SAME(compare_exact(expected.first, actual.first));
        CHECK_SAME(compare_exact(expected.second, actual.second));
      }
    }
    {
      INFO("bfs_settle");
      std::vector<vertex_t> reached(size, MinSecond::identity());
      std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
      std::bernoulli_distribution hit(0.35);
      for (auto& r : reached)
        if (hit(rng)) r = vertex(rng);
      const auto levels = random_vector<vertex_t>(rng, size, -1, 4);
      const auto run = [&](Backend& backend) {
        auto dreached = to_backend(backend, reached);
        auto level = to_backend(backend, levels);
        auto parent = to_backend(backend, poisoned<vertex_t>(size));
        auto ids = to_backend(backend, poisoned<vertex_t>(size));
        const std::size_t count = backend.bfs_settle(dreached, 5, level, parent, ids);
        return std::tuple{count, level.to_host(), parent.to_host(), sorted_prefix(ids.to_host(), count)};
      };
      const auto [count_c, level_c, parent_c, ids_c] = run(*cpu);
      const auto [count_g, level_g, parent_g, ids_g] = run(*gpu);
      CHECK(count_c == count_g);
      CHECK_SAME(compare_exact(level_c, level_g));
      CHECK_SAME(compare_exact(parent_c, parent_g));
      CHECK_SAME(compare_exact(ids_c, ids_g));
    }
    {
      INFO("bfs_pull_inputs");
      const auto levels = random_vector<vertex_t>(rng, size, -1, 3);
      const auto frontier = random_vector<vertex_t>(rng, size / 3 + 1, 0, n - 1);
      const auto run = [&](Backend& backend) {
        auto ids = to_backend(backend, frontier);
        auto level = to_backend(backend, levels);
        auto x = to_backend(backend, poisoned<vertex_t>(size));
        auto visited = to_backend(backend, poisoned<std::uint8_t>(size));
        backend.bfs_pull_inputs(ids, level, x, visited);
        return std::pair{x.to_host(), visited.to_host()};
      };
      const auto [x_c, visited_c] = run(*cpu);
      const auto [x_g, visited_g] = run(*gpu);
      CHECK_SAME(compare_exact(x_c, x_g));
      CHECK_SAME(compare_exact(visited_c, visited_g));
    }
    for (const Edges edges : {Edges::out, Edges::in}) {
      INFO("degrees / degree_sum, Edges::" << (edges == Edges::out ? "out" : "in"));
      auto cd = to_backend(*cpu, poisoned<vertex_t>(size));
      auto gd = to_backend(*gpu, poisoned<vertex_t>(size));
      cpu->degrees(*on_cpu, edges, cd);
      gpu->degrees(*on_gpu, edges, gd);
      CHECK_SAME(compare_exact(cd.to_host(), gd.to_host()));
      for (const std::size_t count : {std::size_t(0), std::size_t(1), size, 3 * size}) {
        const auto vertices = random_vector<vertex_t>(rng, count, 0, n - 1);
        CHECK(cpu->degree_sum(*on_cpu, edges, to_backend(*cpu, vertices)) ==
              gpu->degree_sum(*on_gpu, edges, to_backend(*gpu, vertices)));
      }
    }
  }
}

}  // namespace

TEST_CASE("BFS steps and degrees match the CPU backend, edge cases and real graphs", "[bfs]") {
  SEED_INFO();
  auto rng = seeded_rng(30);
  std::vector<NamedGraph> graphs = edge_case_graphs(rng);
  for (NamedGraph& g : real_graphs()) graphs.push_back(std::move(g));
  check_traversal(graphs, rng);
}

TEST_CASE("BFS steps and degrees, 2^20-row random graph", "[bfs][large]") {
  SEED_INFO();
  auto rng = seeded_rng(31);
  check_traversal({large_random_graph(rng)}, rng);
}

TEST_CASE("BFS steps and degrees, sanitizer subset", "[bfs][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(32);
  std::vector<NamedGraph> graphs = sanitizer_graphs(rng);
  graphs.push_back(real_graph("karate.mtx"));
  check_traversal(graphs, rng);
}

}  // namespace graphrun::test

// BFS steps (bfs_push, bfs_pull), degree_sum and degrees of the CUDA backend
// against the CPU backend: exact equality everywhere. Frontiers are random,
// with duplicates, over graphs with hubs and empty rows; next-frontier order
// is unspecified, so frontiers are compared as sorted lists. Whole BFS runs
// that mix the two step kinds must match a push-only run on the CPU backend
// (the result does not depend on the directions taken).
#include <algorithm>

#include "cuda_test_support.hpp"
#include "graphrun/algorithms/kernels/bfs_kernels.hpp"
#include "graphrun/error.hpp"

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
  std::vector<level_t> level;
  std::vector<vertex_t> parent, frontier;
  level_t depth;
};

BfsState random_bfs_state(std::mt19937_64& rng, vertex_t n) {
  BfsState state;
  state.depth = 3;
  state.level.assign(static_cast<std::size_t>(n), no_level);
  state.parent = poisoned<vertex_t>(static_cast<std::size_t>(n));
  std::bernoulli_distribution visited(0.3);
  std::uniform_int_distribution<level_t> old_level(0, state.depth - 1);
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

// Backend::bfs_push or Backend::bfs_pull (the same signature).
using BfsStep = std::size_t (BfsKernels::*)(const DeviceGraph&, std::span<const vertex_t>, level_t,
                                            std::span<level_t>, std::span<vertex_t>, std::span<vertex_t>);

struct StepResult {
  std::size_t count;
  std::vector<level_t> level;
  std::vector<vertex_t> parent, next;
};

StepResult step_once(Backend& backend, BfsStep step, const DeviceGraph& graph, const BfsState& state) {
  const auto n = state.level.size();
  auto level = to_backend(backend, state.level);
  auto parent = to_backend(backend, state.parent);
  auto frontier = to_backend(backend, state.frontier);
  auto next = to_backend(backend, poisoned<vertex_t>(n));
  const std::size_t count = (bfs_kernels(backend).*step)(graph, frontier, state.depth, level, parent, next);
  return {count, level.to_host(), parent.to_host(), sorted_prefix(next.to_host(), count)};
}

// One step of `step` from `state` on both backends, compared exactly.
void check_step(Backend& cpu, const DeviceGraph& on_cpu, Backend& gpu, const DeviceGraph& on_gpu, BfsStep step,
                const BfsState& state) {
  const StepResult expected = step_once(cpu, step, on_cpu, state);
  const StepResult actual = step_once(gpu, step, on_gpu, state);
  CHECK(expected.count == actual.count);
  CHECK_SAME(compare_exact(expected.level, actual.level));
  CHECK_SAME(compare_exact(expected.parent, actual.parent));
  CHECK_SAME(compare_exact(expected.next, actual.next));
  CHECK(std::adjacent_find(actual.next.begin(), actual.next.end()) == actual.next.end());  // no duplicates
}

// Which step kind a whole BFS takes at each depth.
enum class StepPattern { push_only, pull_only, alternating };

// A whole BFS from `source` with the steps `pattern` picks; returns (level, parent).
std::pair<std::vector<level_t>, std::vector<vertex_t>> run_bfs(Backend& backend, const DeviceGraph& graph,
                                                                 vertex_t source, StepPattern pattern) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  std::vector<level_t> level0(n, no_level);
  std::vector<vertex_t> parent0 = poisoned<vertex_t>(n);
  level0[source] = 0;
  parent0[source] = source;
  auto level = to_backend(backend, level0);
  auto parent = to_backend(backend, parent0);
  auto frontier = to_backend(backend, std::vector<vertex_t>(n, source));
  auto next = to_backend(backend, poisoned<vertex_t>(n));
  std::size_t size = 1;
  for (level_t depth = 1; size > 0; ++depth) {
    REQUIRE(std::int64_t{depth} <= graph.num_vertices());  // a BFS has at most n levels
    const bool pull = pattern == StepPattern::pull_only || (pattern == StepPattern::alternating && depth % 2 == 0);
    const BfsStep step = pull ? &BfsKernels::bfs_pull : &BfsKernels::bfs_push;
    size = (bfs_kernels(backend).*step)(graph, std::span<const vertex_t>(frontier.data(), size), depth, level, parent,
                                        next);
    std::swap(frontier, next);
  }
  return {level.to_host(), parent.to_host()};
}

// A frontier of `count` random vertices (repeats allowed) over a state in
// which a share of the vertices is visited.
BfsState sparse_frontier_state(std::mt19937_64& rng, vertex_t n, std::size_t count) {
  BfsState state = random_bfs_state(rng, n);
  state.frontier = random_vector<vertex_t>(rng, count, 0, n - 1);
  return state;
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

    for (const BfsStep step : {&BfsKernels::bfs_push, &BfsKernels::bfs_pull}) {
      INFO((step == &BfsKernels::bfs_push ? "bfs_push" : "bfs_pull"));
      for (int round = 0; round < 3; ++round) {
        INFO("random state " << round);
        check_step(*cpu, *on_cpu, *gpu, *on_gpu, step, random_bfs_state(rng, n));
      }
      // Few frontier vertices: most in-rows are scanned to their end.
      for (const std::size_t count : {std::size_t(1), std::size_t(7)}) {
        INFO("sparse frontier of " << count);
        check_step(*cpu, *on_cpu, *gpu, *on_gpu, step, sparse_frontier_state(rng, n, count));
      }
    }
    {
      INFO("whole BFS twice in a row per pattern, against a push-only BFS on the CPU");
      std::uniform_int_distribution<vertex_t> vertex(0, n - 1);
      for (const StepPattern pattern : {StepPattern::push_only, StepPattern::pull_only, StepPattern::alternating}) {
        INFO("pattern " << static_cast<int>(pattern));
        for (int run = 0; run < 2; ++run) {
          const vertex_t source = vertex(rng);
          const auto expected = run_bfs(*cpu, *on_cpu, source, StepPattern::push_only);
          const auto actual = run_bfs(*gpu, *on_gpu, source, pattern);
          CHECK_SAME(compare_exact(expected.first, actual.first));
          CHECK_SAME(compare_exact(expected.second, actual.second));
        }
      }
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
        CHECK(bfs_kernels(*cpu).degree_sum(*on_cpu, edges, to_backend(*cpu, vertices)) ==
              bfs_kernels(*gpu).degree_sum(*on_gpu, edges, to_backend(*gpu, vertices)));
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

TEST_CASE("bfs_pull on a hub in-row of over a million entries (block-wide scan)", "[bfs][large]") {
  SEED_INFO();
  auto rng = seeded_rng(33);
  // Vertex 0's in-row holds every other vertex; a sprinkle of random edges
  // gives the other rows something to scan too.
  const vertex_t n = (1 << 20) + 4099;
  std::vector<vertex_t> src, dst;
  for (vertex_t u = 1; u < n; ++u) {
    src.push_back(u);
    dst.push_back(0);
  }
  const auto extra_src = random_vector<vertex_t>(rng, 2 * static_cast<std::size_t>(n), 0, n - 1);
  const auto extra_dst = random_vector<vertex_t>(rng, 2 * static_cast<std::size_t>(n), 1, n - 1);
  src.insert(src.end(), extra_src.begin(), extra_src.end());
  dst.insert(dst.end(), extra_dst.begin(), extra_dst.end());
  const Graph graph = graph_from_edges(n, src, dst, std::vector<float>(src.size(), 1.0f), false);
  const auto cpu = cpu_backend();
  const auto gpu = cuda_backend();
  const auto on_cpu = cpu->upload(graph);
  const auto on_gpu = gpu->upload(graph);
  // The hub unvisited; its first frontier in-neighbour at the very end of its
  // row, in the middle, or none at all (vertex 0 is not in its own in-row:
  // the whole row is scanned in vain), or random ones.
  for (const std::vector<vertex_t>& frontier : {std::vector<vertex_t>{n - 1}, std::vector<vertex_t>{n - 1, n / 2, n / 2 + 1},
                                                std::vector<vertex_t>{0}, random_vector<vertex_t>(rng, 64, 1, n - 1)}) {
    BfsState state = random_bfs_state(rng, n);
    state.level[0] = no_level;
    state.frontier = frontier;
    INFO("frontier of " << frontier.size());
    check_step(*cpu, *on_cpu, *gpu, *on_gpu, &BfsKernels::bfs_pull, state);
  }
  {
    BfsState state = random_bfs_state(rng, n);
    state.level[0] = no_level;
    state.frontier = {n - 1};
    const StepResult actual = step_once(*gpu, &BfsKernels::bfs_pull, *on_gpu, state);
    CHECK(actual.level[0] == state.depth);  // checked on its own too: the hub's parent is the last id
    CHECK(actual.parent[0] == n - 1);
  }
}

TEST_CASE("bfs_pull refuses bad frontier ids and sizes, leaving level and parent as they were", "[bfs][sanitize]") {
  const Graph graph = graph_from_edges(3, {0, 1}, {1, 2}, {1.0f, 1.0f}, false);
  const auto gpu = cuda_backend();
  const auto a = gpu->upload(graph);
  const std::vector<level_t> level0{0, no_level, no_level};
  const std::vector<vertex_t> parent0{0, poison_value<vertex_t>(), poison_value<vertex_t>()};
  auto level = to_backend(*gpu, level0);
  auto parent = to_backend(*gpu, parent0);
  auto next = to_backend(*gpu, poisoned<vertex_t>(3));
  for (const vertex_t bad : {3, -1}) {
    auto frontier = to_backend(*gpu, std::vector<vertex_t>{0, bad});
    CHECK_THROWS_AS(bfs_kernels(*gpu).bfs_pull(*a, frontier, 1, level, parent, next), UsageError);
  }
  auto frontier = to_backend(*gpu, std::vector<vertex_t>{0});
  CHECK_THROWS_AS(bfs_kernels(*gpu).bfs_pull(*a, frontier, 1, level, parent, next.span().first(2)), UsageError);
  CHECK_THROWS_AS(bfs_kernels(*gpu).bfs_pull(*a, frontier, 1, level.span().first(2), parent, next), UsageError);
  CHECK_THROWS_AS(bfs_kernels(*gpu).bfs_pull(*a, next.span().first(1), 1, level, parent, next), UsageError);
  CHECK_SAME(compare_exact(level0, level.to_host()));
  CHECK_SAME(compare_exact(parent0, parent.to_host()));
  // A valid step still works: 1 is reached from 0; 2 is not (1 is not on the frontier).
  CHECK(bfs_kernels(*gpu).bfs_pull(*a, frontier, 1, level, parent, next) == 1);
  CHECK(level.to_host() == std::vector<level_t>{0, 1, no_level});
  CHECK(parent.to_host() == std::vector<vertex_t>{0, 0, poison_value<vertex_t>()});
  CHECK(next.to_host()[0] == 1);
}

TEST_CASE("BFS steps and degrees, sanitizer subset", "[bfs][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(32);
  std::vector<NamedGraph> graphs = sanitizer_graphs(rng);
  graphs.push_back(real_graph("karate.mtx"));
  check_traversal(graphs, rng);
}

}  // namespace graphrun::test

// BFS levels the CUDA backend runs on the device (BfsKernels::bfs_levels,
// one cooperative kernel) against the CPU backend, whose levels all come from
// single steps: levels, parents and the whole summary (step counts included,
// since both follow the rules of bfs_progress.hpp) must be equal. The graphs
// are the ones the loop is for (a path of 100,000 vertices, one per level;
// road networks; a mesh; layers whose frontiers move the loop between block
// 0, the first cluster and the grid, with rows short enough for a thread
// each and long enough for groups of lanes) and the ones that stress its tiers
// (hub_graph: a row the block tier finishes, a frontier too large for the
// loop).

#include <string>

#include "cuda_test_support.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/kernels/bfs_kernels.hpp"
#include "graphrun/error.hpp"
#include "graphrun/generate.hpp"

namespace graphrun::test {

namespace {

void check_same_search(Engine& cpu, Engine& gpu, const NamedGraph& g, vertex_t source, BfsDirection direction) {
  INFO("graph " << g.name << ", source " << source << ", direction " << static_cast<int>(direction));
  const auto on_cpu = cpu.upload(g.graph);
  const auto on_gpu = gpu.upload(g.graph);
  BfsParams params;
  params.source = source;
  params.direction = direction;
  check_same_bfs(bfs(cpu, *on_cpu, params), bfs(gpu, *on_gpu, params));
}

}  // namespace

TEST_CASE("BFS with levels on the device matches the CPU backend", "[bfs][levels]") {
  Engine cpu = engine_of(BackendKind::cpu);
  for (const BackendKind kind : {BackendKind::cuda, BackendKind::cusparse}) {
    INFO("backend " << to_string(kind));
    Engine gpu = engine_of(kind);
    const std::vector<NamedGraph> graphs = {
        {"path-100000-undirected", path_graph(100'000, true)},
        {"path-100000-directed", path_graph(100'000, false)},
        {"road-s14", generated_graph(GeneratorKind::road, 14)},
        {"road-s17", generated_graph(GeneratorKind::road, 17)},
        {"mesh-s14", generated_graph(GeneratorKind::mesh, 14)},
        {"kron-s14", generated_graph(GeneratorKind::kron, 14)},
        {"hub-5000-directed", hub_graph(5000, false)},
        {"hub-5000-undirected", hub_graph(5000, true)},
        {"hub-70000-directed", hub_graph(70'000, false)},
    };
    for (const NamedGraph& g : graphs) {
      const vertex_t n = g.graph.num_vertices();
      for (const vertex_t source : {vertex_t{0}, n / 2, n - 1})
        for (const BfsDirection direction : {BfsDirection::optimizing, BfsDirection::push})
          check_same_search(cpu, gpu, g, source, direction);
    }
    // Frontiers that fit one block, the first cluster, or neither, in turn
    // (BfsLevelsPolicy: 1,024 and 8 x 1,024 threads; the directed graph's
    // rows are short enough for one thread each, the undirected graph's
    // small layers get groups of lanes), so the loop hands levels between
    // block 0, the cluster and the grid both ways.
    std::mt19937_64 rng(2026);
    const std::vector<vertex_t> layers = {1,    300,  1500, 6000, 9000, 2500, 800, 3000, 7000,
                                          12000, 4000, 600, 1100, 8000, 500,  50,  1};
    for (const bool undirected : {true, false}) {
      const NamedGraph g{undirected ? "layered-undirected" : "layered-directed",
                         layered_graph(rng, layers, undirected, 1)};
      for (const BfsDirection direction : {BfsDirection::optimizing, BfsDirection::push})
        check_same_search(cpu, gpu, g, 0, direction);
    }
    // Longer rows: frontier vertices get groups of 8, 16 or 32 lanes. A
    // directed tree's rows hold exactly its arity (8: 8 lanes, 16: 16, 30:
    // 32), and its levels move from block 0 to the cluster to the grid as
    // they grow; layered graphs mix row lengths (about 2 x fan_out + 2
    // entries undirected, fan_out directed).
    for (const vertex_t arity : {8, 16, 30})
      for (const bool undirected : {false, true}) {
        const int depth = arity == 8 ? 6 : arity == 16 ? 5 : 4;
        const NamedGraph g{"tree-" + std::to_string(arity) + (undirected ? "-undirected" : "-directed"),
                           tree_graph(arity, depth, undirected)};
        for (const BfsDirection direction : {BfsDirection::optimizing, BfsDirection::push})
          check_same_search(cpu, gpu, g, 0, direction);
      }
    for (const int fan_out : {4, 12})
      for (const bool undirected : {true, false}) {
        const NamedGraph g{"layered-fan-out-" + std::to_string(fan_out) + (undirected ? "-undirected" : "-directed"),
                           layered_graph(rng, {1, 40, 300, 1500, 3000, 900, 120, 8}, undirected, fan_out)};
        for (const BfsDirection direction : {BfsDirection::optimizing, BfsDirection::push})
          check_same_search(cpu, gpu, g, 0, direction);
      }
    // Pull on every level scans every vertex: small graphs only.
    for (const NamedGraph& g : {NamedGraph{"path-3000", path_graph(3000, true)},
                                NamedGraph{"road-s12", generated_graph(GeneratorKind::road, 12)},
                                NamedGraph{"hub-5000-undirected", hub_graph(5000, true)}})
      for (const vertex_t source : {vertex_t{0}, g.graph.num_vertices() / 2})
        check_same_search(cpu, gpu, g, source, BfsDirection::pull);
  }
}

TEST_CASE("bfs_levels runs a path's levels in one call and declines large frontiers", "[bfs][levels]") {
  const auto backend = cuda_backend();
  BfsKernels& kernels = bfs_kernels(*backend);
  const auto run_from = [&](const Graph& graph, vertex_t source, std::size_t& levels_run) {
    const auto on_gpu = backend->upload(graph);
    const auto n = static_cast<std::size_t>(graph.num_vertices());
    std::vector<level_t> level(n, no_level);
    std::vector<vertex_t> parent(n, no_vertex);
    level[static_cast<std::size_t>(source)] = 0;
    parent[static_cast<std::size_t>(source)] = source;
    auto level_d = to_backend(*backend, level);
    auto parent_d = to_backend(*backend, parent);
    auto frontier_d = to_backend(*backend, std::vector<vertex_t>{source});
    DeviceVector<vertex_t> queue(backend->memory(), n);
    BfsParams params;
    params.source = source;
    BfsProgress progress;
    progress.frontier_size = 1;
    progress.summary.reached = 1;
    progress.unexplored_in_edges = graph.num_entries();
    const edge_t out_edges = graph.out_edges().degree(source);
    bfs_account_frontier(progress, params, out_edges, graph.in_edges().degree(source), graph.directed(), n);
    std::size_t begin = 0;
    levels_run = kernels.bfs_levels(*on_gpu, params, progress, frontier_d, level_d, parent_d, queue, begin);
    return progress;
  };

  std::size_t levels = 0;
  const BfsProgress path = run_from(path_graph(50'000, true), 0, levels);
  CHECK(levels == 50'000);  // 49,999 levels that find a vertex, one that finds none
  CHECK(path.frontier_size == 0);
  CHECK(path.summary.depth == 49'999);
  CHECK(path.summary.reached == 50'000);
  CHECK(path.summary.push_steps + path.summary.pull_steps == 50'000);

  // The source's row alone has more out-edges than the loop takes.
  const BfsProgress hub = run_from(hub_graph(70'000, false), 2, levels);
  CHECK(levels == 0);
  CHECK(hub.frontier_size == 1);
}

TEST_CASE("bfs_levels refuses a frontier id outside the graph", "[bfs][levels][sanitize]") {
  const auto backend = cuda_backend();
  const Graph graph = path_graph(100, true);
  const auto on_gpu = backend->upload(graph);
  std::vector<level_t> level(100, no_level);
  std::vector<vertex_t> parent(100, no_vertex);
  level[0] = 0;
  auto level_d = to_backend(*backend, level);
  auto parent_d = to_backend(*backend, parent);
  auto frontier_d = to_backend(*backend, std::vector<vertex_t>{0, 100});
  DeviceVector<vertex_t> queue(backend->memory(), 100);
  BfsParams params;
  BfsProgress progress;
  progress.frontier_size = 2;
  progress.frontier_out_edges = 2;
  progress.unexplored_in_edges = graph.num_entries();
  std::size_t begin = 0;
  CHECK_THROWS_AS(
      bfs_kernels(*backend).bfs_levels(*on_gpu, params, progress, frontier_d, level_d, parent_d, queue, begin),
      UsageError);
  CHECK(level_d.to_host() == level);
  CHECK(parent_d.to_host() == parent);
}

TEST_CASE("BFS with levels on the device, sanitizer subset", "[bfs][levels][sanitize]") {
  Engine cpu = engine_of(BackendKind::cpu);
  Engine gpu = engine_of(BackendKind::cuda);
  for (const NamedGraph& g : {NamedGraph{"path-300", path_graph(300, false)},
                              NamedGraph{"road-s10", generated_graph(GeneratorKind::road, 10)},
                              NamedGraph{"hub-600-undirected", hub_graph(600, true)}})
    for (const BfsDirection direction : {BfsDirection::optimizing, BfsDirection::pull})
      check_same_search(cpu, gpu, g, 0, direction);
  // Block 0, the cluster, the grid, then the cluster and block 0 again.
  std::mt19937_64 rng(7);
  const NamedGraph layered{"layered", layered_graph(rng, {1, 700, 3000, 9000, 2000, 400, 1}, false, 1)};
  check_same_search(cpu, gpu, layered, 0, BfsDirection::push);
  // Groups of 8 lanes per frontier vertex in block 0 and the cluster, of 32
  // lanes in block 0 and the grid.
  for (const vertex_t arity : {8, 30}) {
    const NamedGraph tree{"tree-" + std::to_string(arity), tree_graph(arity, arity == 8 ? 5 : 3, false)};
    check_same_search(cpu, gpu, tree, 0, BfsDirection::push);
  }
}

}  // namespace graphrun::test

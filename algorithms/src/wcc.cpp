// Weakly connected components by union-find with subgraph sampling
// (Afforest; Sutton, Kamath, Plasse, Lu, IPDPS 2018), on two primitives:
//   link_neighbours  unite u's tree with its neighbours' (larger root hooked
//                    under the smaller, so a root is its tree's smallest id)
//   compress         parent[v] = root of v's tree
// 1. Link every vertex to its first `neighbour_rounds` out-neighbours, one
//    entry per round, compressing after each: on a graph with a giant
//    component this already joins most of it (a sparse sample of the edges).
// 2. Sample vertices; the most frequent root is taken to be the giant
//    component's (pick_skip_root, on the device), and its members are
//    skipped from now on.
// 3. Link every other vertex to the rest of its out-row, and on a directed
//    graph to its whole in-row: an edge u -> v whose u was skipped is then
//    still linked from v's in-row, unless v was skipped as well, and then
//    both already lie in the sampled tree. Vertices are skipped when
//    parent[u] == that root (not when u's root is: a vertex hooked under it
//    during the pass may be skipped too, which the same argument covers, and
//    if the root itself is hooked under a smaller one its members move along).
//    On an undirected graph in-rows are the out-rows, so the rest of the
//    out-row covers both directions.
// 4. Compress: parent[v] = the smallest vertex of v's component.
// Graphs whose ids follow their locality (road maps, grids; the backend says
// so through local_block_vertices) go block by block instead: local_forest
// finds the components inside blocks of consecutive ids (on the GPU in
// shared memory), link_across_blocks unites the edges between blocks, and
// a compress finishes; every edge is read twice and no sample is needed. On
// a road map Afforest's neighbour rounds would instead hook long chains of
// grid neighbours through contended atomics in global memory.
// The primitives chain on the device through one ForestState (the skip root,
// the broken-forest flag): the host waits at the end only, for the component
// count, instead of after every primitive.
#include "graphrun/algorithms/wcc.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>

#include "device_buffers.hpp"
#include "graphrun/algorithms/kernels/components_kernels.hpp"

namespace graphrun {

using algorithms_detail::make_buffer;

namespace {

// GAP's cc.cc uses two neighbour rounds and 1024 samples: enough to find a
// giant component that holds a sizeable share of the vertices.
constexpr int neighbour_rounds = 2;
constexpr std::uint32_t root_samples = 1024;

// Reads the component count of the last compress and checks the flag.
WccDeviceResult finish(WccSummary result, DeviceVector<vertex_t> parent,
                       const DeviceVector<ForestState>& state) {
  // Each component has exactly one root, its smallest vertex, with parent[v]
  // == v; the last compress counted them.
  const ForestState final_state = state.to_host().front();
  // The forest is built here from iota or local_forest, so a broken one is graphrun's bug.
  if (final_state.broken != 0)
    throw RuntimeError("weakly_connected_components: the union-find forest broke its invariant (a bug in the backend)");
  result.num_components = static_cast<std::size_t>(final_state.roots);
  return WccDeviceResult{result, std::move(parent)};
}

}  // namespace

WccDeviceResult weakly_connected_components_on_device(Engine& engine, const DeviceGraph& graph) {
  Backend& backend = engine.backend();
  ComponentsKernels& kernels = components_kernels(backend);
  const auto size = static_cast<std::size_t>(graph.num_vertices());
  WccSummary result;
  if (size == 0) return WccDeviceResult{result, make_buffer<vertex_t>(backend, 0)};

  auto parent = make_buffer<vertex_t>(backend, size);
  auto state = make_buffer<ForestState>(backend, 1);
  state.assign(std::span<const ForestState>(std::array{ForestState{}}));
  // Out-rows alone hold every edge once, which is all weak connectivity needs.
  const vertex_t block_vertices = kernels.local_block_vertices(graph, Edges::out);
  if (block_vertices > 0) {
    kernels.local_forest(graph, Edges::out, block_vertices, parent);
    kernels.link_across_blocks(graph, Edges::out, block_vertices, parent, state);
    kernels.compress(parent, state);
    result.iterations = 2;  // two passes over the rows
    return finish(result, std::move(parent), state);
  }
  backend.iota(parent);

  for (int round = 0; round < neighbour_rounds; ++round) {
    kernels.link_neighbours(graph, Edges::out, round, 1, parent, state);
    kernels.compress(parent, state);
    ++result.iterations;
  }

  kernels.pick_skip_root(parent, root_samples, state);
  constexpr edge_t rest_of_row = std::numeric_limits<edge_t>::max();
  kernels.link_neighbours(graph, Edges::out, neighbour_rounds, rest_of_row, parent, state);
  ++result.iterations;
  if (graph.directed()) {
    kernels.link_neighbours(graph, Edges::in, 0, rest_of_row, parent, state);
    ++result.iterations;
  }
  kernels.compress(parent, state);
  return finish(result, std::move(parent), state);
}

WccResult weakly_connected_components(Engine& engine, const DeviceGraph& graph) {
  const WccDeviceResult found = weakly_connected_components_on_device(engine, graph);
  return WccResult{static_cast<const WccSummary&>(found), found.component.to_host()};
}

}  // namespace graphrun

// Direction-optimizing BFS (Beamer, Asanovic, Patterson, SC'12; the GraphBLAST
// formulation with masks). Each step expands the current frontier by one
// level, either
//   push: bfs_push over the sparse frontier list (SpMSpV, MIN_SECOND), or
//   pull: bfs_pull, where every unvisited vertex scans its in-row (sorted by
//         id) and stops at the first frontier member, so a pull step reads a
//         fraction of the in-edges a masked MIN_SECOND SpMV would.
// Both give every newly reached vertex its smallest-id parent on the previous
// level, so the result does not depend on the directions taken. Per step only
// the next frontier's size and the degree sums the heuristic needs come back
// to the host. A backend with a level loop of its own (BfsKernels::bfs_levels,
// the same rules from bfs_progress.hpp) runs the levels it takes without
// those round trips: on a road network, thousands of levels of a few hundred
// vertices each.
// Run by several processes (BlockExchange), each holds the in-edges of its
// block: a step settles this block's vertices only, the next frontier is
// every process's list, and the heuristic's counts are summed, so each
// process takes the directions one process would.
#include "graphrun/algorithms/bfs.hpp"

#include <memory>
#include <string>
#include <utility>

#include "device_buffers.hpp"
#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/algorithms/kernels/bfs_kernels.hpp"

namespace graphrun {
namespace {

using algorithms_detail::element;
using algorithms_detail::make_buffer;
using algorithms_detail::prefix;
using algorithms_detail::require;

// The device state before a search's first level: every level no_level and
// every parent no_vertex but the source's (level 0, its own parent), the
// frontier {source}.
void start_search_at(Backend& backend, vertex_t source, DeviceVector<level_t>& level, DeviceVector<vertex_t>& parent,
                     DeviceVector<vertex_t>& frontier) {
  backend.fill(level, no_level);
  backend.fill(parent, no_vertex);
  backend.fill(element(level, static_cast<std::size_t>(source)), 0);
  backend.fill(element(parent, static_cast<std::size_t>(source)), source);
  backend.fill(element(frontier, 0), source);
}

class DirectionOptimizingBfs {
 public:
  DirectionOptimizingBfs(Backend& backend, const DeviceGraph& graph, const BfsParams& params,
                         BlockExchange* exchange)
      : backend_(backend),
        exchange_(exchange),
        kernels_(bfs_kernels(backend)),
        graph_(graph),
        params_(params),
        size_(static_cast<std::size_t>(graph.num_vertices())),
        level_(make_buffer<level_t>(backend, size_)),
        parent_(make_buffer<vertex_t>(backend, size_)),
        frontier_(make_buffer<vertex_t>(backend, size_)),
        next_frontier_(make_buffer<vertex_t>(backend, size_)) {}

  // Runs the search; level and parent are moved into the result, so a
  // DirectionOptimizingBfs runs once.
  BfsDeviceResult run() {
    start_at_source();
    while (progress_.frontier_size != 0) {
      // A run of levels the backend keeps to itself, where it has such a
      // loop and takes this level; otherwise one step from here.
      std::size_t begin = 0;
      if (exchange_ == nullptr && kernels_.bfs_levels(graph_, params_, progress_, frontier(), level_, parent_, next_frontier_, begin) > 0) {
        frontier_.swap(next_frontier_);
        frontier_begin_ = begin;
        continue;
      }
      step();
    }
    return BfsDeviceResult{progress_.summary, std::move(level_), std::move(parent_)};
  }

 private:
  void start_at_source() {
    start_search_at(backend_, params_.source, level_, parent_, frontier_);
    progress_.frontier_size = 1;
    progress_.summary.reached = 1;
    progress_.pulling = params_.direction == BfsDirection::pull;
    progress_.unexplored_in_edges = total(static_cast<std::uint64_t>(graph_.num_entries()));
    account_frontier();
  }

  std::span<const vertex_t> frontier() const {
    return frontier_.span().subspan(frontier_begin_, progress_.frontier_size);
  }

  // One level by the backend's single push or pull step.
  void step() {
    const level_t depth = bfs_next_depth(progress_);
    std::size_t found = progress_.pulling
                            ? kernels_.bfs_pull(graph_, frontier(), depth, level_, parent_, next_frontier_)
                            : kernels_.bfs_push(graph_, frontier(), depth, level_, parent_, next_frontier_);
    if (exchange_ != nullptr) found = exchange_->concatenate(next_frontier_, found);
    frontier_.swap(next_frontier_);
    frontier_begin_ = 0;
    bfs_record_level(progress_, found);
    if (found != 0) account_frontier();
  }

  // The out-edges of the current frontier (and, for the heuristic on a
  // directed graph, its in-edges) into the progress; picks the next direction.
  void account_frontier() {
    const edge_t out_edges = degree_sum(Edges::out);
    // Only the heuristic reads the in-edge count: a fixed direction saves the
    // directed graph's second degree sum (a read-back) per level.
    const bool need_in = params_.direction == BfsDirection::optimizing && graph_.directed();
    const edge_t in_edges = need_in ? degree_sum(Edges::in) : out_edges;
    bfs_account_frontier(progress_, params_, out_edges, in_edges, graph_.directed(), size_);
  }

  edge_t degree_sum(Edges edges) {
    return static_cast<edge_t>(total(static_cast<std::uint64_t>(kernels_.degree_sum(graph_, edges, frontier()))));
  }

  // A count over this process's edges, summed over the processes.
  std::uint64_t total(std::uint64_t local) { return exchange_ != nullptr ? exchange_->sum(local) : local; }

  Backend& backend_;
  BlockExchange* exchange_;
  BfsKernels& kernels_;
  const DeviceGraph& graph_;
  const BfsParams& params_;
  std::size_t size_;
  DeviceVector<level_t> level_;
  DeviceVector<vertex_t> parent_;
  DeviceVector<vertex_t> frontier_;
  DeviceVector<vertex_t> next_frontier_;
  std::size_t frontier_begin_ = 0;  // the frontier is frontier_[begin, begin + progress_.frontier_size)
  BfsProgress progress_;
};

void check_params(const BfsParams& params, vertex_t num_vertices) {
  require(is_vertex(params.source, num_vertices),
          "bfs: source vertex " + std::to_string(params.source) + " is outside the graph (" +
              std::to_string(num_vertices) + " vertices)");
  require(params.alpha > 0.0, "bfs: alpha must be > 0, got " + std::to_string(params.alpha));
  require(params.beta > 0.0, "bfs: beta must be > 0, got " + std::to_string(params.beta));
}

}  // namespace

BfsDeviceResult bfs_on_device(Engine& engine, const DeviceGraph& graph, const BfsParams& params) {
  check_params(params, graph.num_vertices());
  return DirectionOptimizingBfs(engine.backend(), graph, params, nullptr).run();
}

BfsDeviceResult bfs_on_device(Engine& engine, const DeviceGraph& graph, const BfsParams& params,
                              BlockExchange& exchange) {
  check_params(params, graph.num_vertices());
  return DirectionOptimizingBfs(engine.backend(), graph, params, &exchange).run();
}

void bfs_warm_up(Engine& engine) {
  Backend& backend = engine.backend();
  if (backend.kind() == BackendKind::cpu) return;
  // A star, centre 0 and leaves 1..leaves: from the centre one push step and
  // one pull step reach every leaf; a search from a leaf starts in the
  // backend's level loop where it has one.
  constexpr vertex_t leaves = 64;
  EdgeList edges;
  edges.num_vertices = leaves + 1;
  edges.symmetry = Symmetry::symmetric;
  for (vertex_t leaf = 1; leaf <= leaves; ++leaf) {
    edges.src.push_back(leaf);
    edges.dst.push_back(0);
  }
  const std::unique_ptr<DeviceGraph> star = engine.upload(Graph::build(std::move(edges)));
  BfsKernels& kernels = bfs_kernels(backend);
  const auto size = static_cast<std::size_t>(star->num_vertices());
  DeviceVector<level_t> level = make_buffer<level_t>(backend, size);
  DeviceVector<vertex_t> parent = make_buffer<vertex_t>(backend, size);
  DeviceVector<vertex_t> frontier = make_buffer<vertex_t>(backend, size);
  DeviceVector<vertex_t> next_frontier = make_buffer<vertex_t>(backend, size);
  start_search_at(backend, 0, level, parent, frontier);
  (void)kernels.degree_sum(*star, Edges::out, prefix(frontier, 1));
  (void)kernels.degree_sum(*star, Edges::in, prefix(frontier, 1));
  (void)kernels.bfs_push(*star, prefix(frontier, 1), 1, level, parent, next_frontier);
  start_search_at(backend, 0, level, parent, frontier);
  (void)kernels.bfs_pull(*star, prefix(frontier, 1), 1, level, parent, next_frontier);
  BfsParams from_leaf;
  from_leaf.source = 1;
  (void)bfs_on_device(engine, *star, from_leaf);
  backend.synchronize();
}

BfsResult bfs(Engine& engine, const DeviceGraph& graph, const BfsParams& params) {
  return to_host(bfs_on_device(engine, graph, params));
}

BfsResult to_host(const BfsDeviceResult& found, bool with_parents) {
  return BfsResult{static_cast<const BfsSummary&>(found), found.level.to_host(),
                   with_parents ? found.parent.to_host() : std::vector<vertex_t>{}};
}

}  // namespace graphrun

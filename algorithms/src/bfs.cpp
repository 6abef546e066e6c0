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
// to the host.
#include "graphrun/algorithms/bfs.hpp"

#include <string>
#include <utility>

#include "device_buffers.hpp"
#include "graphrun/algorithms/kernels/bfs_kernels.hpp"

namespace graphrun {
namespace {

using algorithms_detail::element;
using algorithms_detail::make_buffer;
using algorithms_detail::prefix;
using algorithms_detail::require;

class DirectionOptimizingBfs {
 public:
  DirectionOptimizingBfs(Backend& backend, const DeviceGraph& graph, const BfsParams& params)
      : backend_(backend),
        kernels_(bfs_kernels(backend)),
        graph_(graph),
        params_(params),
        size_(static_cast<std::size_t>(graph.num_vertices())),
        level_(make_buffer<vertex_t>(backend, size_)),
        parent_(make_buffer<vertex_t>(backend, size_)),
        frontier_(make_buffer<vertex_t>(backend, size_)),
        next_frontier_(make_buffer<vertex_t>(backend, size_)),
        unexplored_in_edges_(graph.num_entries()) {}

  // Runs the search; level and parent are moved into the result, so a
  // DirectionOptimizingBfs runs once.
  BfsDeviceResult run() {
    BfsSummary result;
    start_at_source();
    result.reached = 1;
    bool pulling = params_.direction == BfsDirection::pull;
    for (vertex_t depth = 1;; ++depth) {
      // Edges the current frontier would scan in a push step; every reached
      // vertex is on exactly one frontier, so these sum to edges_traversed.
      const edge_t frontier_out_edges = degree_sum(Edges::out);
      result.edges_traversed += frontier_out_edges;
      if (params_.direction == BfsDirection::optimizing) {
        // Only the heuristic reads the in-edge count: a fixed direction
        // saves the directed graph's second degree sum (a read-back) per level.
        unexplored_in_edges_ -= graph_.directed() ? degree_sum(Edges::in) : frontier_out_edges;
        pulling = choose_pull(pulling, frontier_out_edges);
      }

      frontier_size_ = pulling ? pull_step(depth) : push_step(depth);
      ++(pulling ? result.pull_steps : result.push_steps);
      frontier_.swap(next_frontier_);
      if (frontier_size_ == 0) break;
      result.reached += frontier_size_;
      result.depth = depth;
    }
    return BfsDeviceResult{result, std::move(level_), std::move(parent_)};
  }

 private:
  void start_at_source() {
    backend_.fill(level_, no_vertex);
    backend_.fill(parent_, no_vertex);
    backend_.fill(element(level_, source()), 0);
    backend_.fill(element(parent_, source()), params_.source);
    backend_.fill(element(frontier_, 0), params_.source);
    frontier_size_ = 1;
  }

  std::size_t source() const { return static_cast<std::size_t>(params_.source); }

  edge_t degree_sum(Edges edges) { return kernels_.degree_sum(graph_, edges, prefix(frontier_, frontier_size_)); }

  // Beamer's heuristic: pull once the frontier's out-edges outweigh the
  // in-edges a pull step would scan (those of unvisited vertices) / alpha;
  // push again once the frontier is a small fraction (1/beta) of the graph.
  bool choose_pull(bool pulling, edge_t frontier_out_edges) const {
    if (!pulling)
      return static_cast<double>(frontier_out_edges) * params_.alpha > static_cast<double>(unexplored_in_edges_);
    return static_cast<double>(frontier_size_) * params_.beta >= static_cast<double>(size_);
  }

  std::size_t push_step(vertex_t depth) {
    return kernels_.bfs_push(graph_, prefix(frontier_, frontier_size_), depth, level_, parent_, next_frontier_);
  }

  std::size_t pull_step(vertex_t depth) {
    return kernels_.bfs_pull(graph_, prefix(frontier_, frontier_size_), depth, level_, parent_, next_frontier_);
  }

  Backend& backend_;
  BfsKernels& kernels_;
  const DeviceGraph& graph_;
  const BfsParams& params_;
  std::size_t size_;
  DeviceVector<vertex_t> level_;
  DeviceVector<vertex_t> parent_;
  DeviceVector<vertex_t> frontier_;
  DeviceVector<vertex_t> next_frontier_;
  std::size_t frontier_size_ = 0;
  // In-edges of vertices without a level (at most what a pull step scans);
  // kept up to date only under BfsDirection::optimizing.
  edge_t unexplored_in_edges_;
};

void check_params(const BfsParams& params, vertex_t num_vertices) {
  require(params.source >= 0 && params.source < num_vertices,
          "bfs: source vertex " + std::to_string(params.source) + " is outside the graph (" +
              std::to_string(num_vertices) + " vertices)");
  require(params.alpha > 0.0, "bfs: alpha must be > 0, got " + std::to_string(params.alpha));
  require(params.beta > 0.0, "bfs: beta must be > 0, got " + std::to_string(params.beta));
}

}  // namespace

BfsDeviceResult bfs_on_device(Engine& engine, const DeviceGraph& graph, const BfsParams& params) {
  check_params(params, graph.num_vertices());
  return DirectionOptimizingBfs(engine.backend(), graph, params).run();
}

BfsResult bfs(Engine& engine, const DeviceGraph& graph, const BfsParams& params) {
  const BfsDeviceResult found = bfs_on_device(engine, graph, params);
  return BfsResult{static_cast<const BfsSummary&>(found), found.level.to_host(), found.parent.to_host()};
}

}  // namespace graphrun

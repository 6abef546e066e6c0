// Direction-optimizing BFS (Beamer, Asanovic, Patterson, SC'12; the GraphBLAST
// formulation with masks). Each step expands the current frontier by one
// level, either
//   push: bfs_push over the sparse frontier list (SpMSpV, MIN_SECOND), or
//   pull: y<!visited> = A^T x over MIN_SECOND with x[u] = u on the frontier,
//         then bfs_settle turns the reached entries into the next frontier.
// Both give every newly reached vertex its smallest-id parent on the previous
// level, so the result does not depend on the directions taken. Per step only
// frontier sizes and degree sums come back to the host.
#include "graphrun/algorithms/bfs.hpp"

#include <optional>
#include <string>

#include "algorithms/src/device_buffers.hpp"

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
        graph_(graph),
        params_(params),
        size_(static_cast<std::size_t>(graph.num_vertices())),
        level_(make_buffer<vertex_t>(backend, size_)),
        parent_(make_buffer<vertex_t>(backend, size_)),
        frontier_(make_buffer<vertex_t>(backend, size_)),
        next_frontier_(make_buffer<vertex_t>(backend, size_)),
        unexplored_in_edges_(graph.num_entries()) {}

  BfsResult run() {
    BfsResult result;
    start_at_source();
    result.reached = 1;
    bool pulling = params_.direction == BfsDirection::pull;
    for (vertex_t depth = 1;; ++depth) {
      // Edges the current frontier would scan in a push step; every reached
      // vertex is on exactly one frontier, so these sum to edges_traversed.
      const edge_t frontier_out_edges = degree_sum(Edges::out);
      result.edges_traversed += frontier_out_edges;
      unexplored_in_edges_ -= graph_.directed() ? degree_sum(Edges::in) : frontier_out_edges;
      if (params_.direction == BfsDirection::optimizing) pulling = choose_pull(pulling, frontier_out_edges);

      frontier_size_ = pulling ? pull_step(depth) : push_step(depth);
      ++(pulling ? result.pull_steps : result.push_steps);
      frontier_.swap(next_frontier_);
      if (frontier_size_ == 0) break;
      result.reached += frontier_size_;
      result.depth = depth;
    }
    result.level = level_.to_host();
    result.parent = parent_.to_host();
    return result;
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

  edge_t degree_sum(Edges edges) { return backend_.degree_sum(graph_, edges, prefix(frontier_, frontier_size_)); }

  // Beamer's heuristic: pull once the frontier's out-edges outweigh the
  // in-edges a pull step would scan (those of unvisited vertices) / alpha;
  // push again once the frontier is a small fraction (1/beta) of the graph.
  bool choose_pull(bool pulling, edge_t frontier_out_edges) const {
    if (!pulling)
      return static_cast<double>(frontier_out_edges) * params_.alpha > static_cast<double>(unexplored_in_edges_);
    return static_cast<double>(frontier_size_) * params_.beta >= static_cast<double>(size_);
  }

  std::size_t push_step(vertex_t depth) {
    return backend_.bfs_push(graph_, prefix(frontier_, frontier_size_), depth, level_, parent_, next_frontier_);
  }

  std::size_t pull_step(vertex_t depth) {
    if (!pull_buffers_) pull_buffers_.emplace(backend_, size_);
    PullBuffers& pull = *pull_buffers_;
    backend_.bfs_pull_inputs(prefix(frontier_, frontier_size_), level_, pull.dense_frontier, pull.visited);
    // Visited vertices are masked out and keep the identity, which
    // bfs_settle reads as "not reached in this step".
    backend_.fill(pull.reached_from, MinSecond::identity());
    const SpmvDescriptor unvisited_in_edges{
        .edges = Edges::in,
        .use_weights = false,
        .accumulate = false,
        .mask = VertexMask{.flags = pull.visited.data(), .complement = true}};
    backend_.spmv(graph_, MinSecond{}, unvisited_in_edges, pull.dense_frontier, pull.reached_from);
    return backend_.bfs_settle(pull.reached_from, depth, level_, parent_, next_frontier_);
  }

  // Dense vectors only pull steps need; allocated on the first pull step.
  struct PullBuffers {
    PullBuffers(Backend& backend, std::size_t size)
        : dense_frontier(make_buffer<vertex_t>(backend, size)),
          reached_from(make_buffer<vertex_t>(backend, size)),
          visited(make_buffer<std::uint8_t>(backend, size)) {}
    DeviceVector<vertex_t> dense_frontier;  // x[u] = u on the frontier, identity elsewhere
    DeviceVector<vertex_t> reached_from;    // smallest frontier in-neighbour per vertex
    DeviceVector<std::uint8_t> visited;     // mask: vertices that already have a level
  };

  Backend& backend_;
  const DeviceGraph& graph_;
  const BfsParams& params_;
  std::size_t size_;
  DeviceVector<vertex_t> level_;
  DeviceVector<vertex_t> parent_;
  DeviceVector<vertex_t> frontier_;
  DeviceVector<vertex_t> next_frontier_;
  std::size_t frontier_size_ = 0;
  edge_t unexplored_in_edges_;  // in-edges of vertices without a level: what a pull step scans
  std::optional<PullBuffers> pull_buffers_;
};

void check_params(const BfsParams& params, vertex_t num_vertices) {
  require(params.source >= 0 && params.source < num_vertices,
          "bfs: source vertex " + std::to_string(params.source) + " is outside the graph (" +
              std::to_string(num_vertices) + " vertices)");
  require(params.alpha > 0.0, "bfs: alpha must be > 0, got " + std::to_string(params.alpha));
  require(params.beta > 0.0, "bfs: beta must be > 0, got " + std::to_string(params.beta));
}

}  // namespace

BfsResult bfs(Engine& engine, const DeviceGraph& graph, const BfsParams& params) {
  check_params(params, graph.num_vertices());
  return DirectionOptimizingBfs(engine.backend(), graph, params).run();
}

}  // namespace graphrun

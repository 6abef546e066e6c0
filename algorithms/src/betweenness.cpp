// Betweenness centrality by Brandes' algorithm.
//
// Contract: betweenness.hpp.
//
// Maths (Brandes 2001). From a source s, with d(s, v) the BFS level:
//   paths[v]      = sum of paths[u] over in-neighbours u one level up
//                   (paths[s] = 1): the shortest s-v paths;
//   dependency[v] = sum over out-neighbours w one level down of
//                   paths[v] / paths[w] * (1 + dependency[w]);
// and centrality[v] = sum over sources s != v of dependency[v]. An
// undirected graph stores each edge both ways, so each unordered pair is
// met from both ends and the sum is halved; a k-source sample is scaled by
// n / k (networkx's conventions).
//
// Code. A level is found by BFS's push step into a stack of the levels in
// order (Brandes' S), then its path counts by a pull over in-edges; the
// dependencies run back up the stack level by level.
#include "graphrun/algorithms/betweenness.hpp"

#include <string>

#include "device_buffers.hpp"
#include "graphrun/algorithms/kernels/bfs_kernels.hpp"
#include "graphrun/algorithms/kernels/centrality_kernels.hpp"

namespace graphrun {
namespace {

using algorithms_detail::element;
using algorithms_detail::make_buffer;
using algorithms_detail::require;

class Brandes {
 public:
  Brandes(Backend& backend, const DeviceGraph& graph)
      : backend_(backend),
        search_(bfs_kernels(backend)),
        kernels_(centrality_kernels(backend)),
        graph_(graph),
        size_(static_cast<std::size_t>(graph.num_vertices())),
        level_(make_buffer<level_t>(backend, size_)),
        parent_(make_buffer<vertex_t>(backend, size_)),
        paths_(make_buffer<double>(backend, size_)),
        dependency_(make_buffer<double>(backend, size_)),
        // Twice n: the list after the last level always has room for n
        // entries, as bfs_push asks of its output.
        stack_(make_buffer<vertex_t>(backend, 2 * size_)),
        centrality_(make_buffer<double>(backend, size_)) {
    backend_.fill(centrality_, 0.0);
  }

  void add_source(vertex_t source) {
    backend_.fill(level_, no_level);
    backend_.fill(parent_, no_vertex);
    backend_.fill(dependency_, 0.0);
    const auto s = static_cast<std::size_t>(source);
    backend_.fill(element(level_, s), 0);
    backend_.fill(element(parent_, s), source);
    backend_.fill(element(paths_, s), 1.0);
    backend_.fill(element(stack_, 0), source);
    std::vector<std::size_t> starts = {0, 1};  // level d is stack[starts[d], starts[d + 1])
    for (level_t depth = 1;; ++depth) {
      const std::size_t begin = starts[static_cast<std::size_t>(depth)];
      const std::size_t found = search_.bfs_push(graph_, level_slice(starts, depth - 1), depth, level_, parent_,
                                                 stack_.span().subspan(begin));
      if (found == 0) break;
      require_level_after(depth, "betweenness");
      starts.push_back(begin + found);
      kernels_.brandes_paths(graph_, level_slice(starts, depth), depth, level_, paths_);
    }
    const auto deepest = static_cast<level_t>(starts.size() - 2);
    for (level_t depth = deepest - 1; depth >= 1; --depth)
      kernels_.brandes_dependencies(graph_, level_slice(starts, depth), depth, level_, paths_, dependency_,
                                    centrality_);
  }

  std::vector<double> centrality() const { return centrality_.to_host(); }

 private:
  std::span<const vertex_t> level_slice(const std::vector<std::size_t>& starts, level_t depth) const {
    const auto d = static_cast<std::size_t>(depth);
    return stack_.span().subspan(starts[d], starts[d + 1] - starts[d]);
  }

  Backend& backend_;
  BfsKernels& search_;
  CentralityKernels& kernels_;
  const DeviceGraph& graph_;
  std::size_t size_;
  DeviceVector<level_t> level_;
  DeviceVector<vertex_t> parent_;
  DeviceVector<double> paths_;
  DeviceVector<double> dependency_;
  DeviceVector<vertex_t> stack_;
  DeviceVector<double> centrality_;
};

}  // namespace

BetweennessResult betweenness_centrality(Engine& engine, const DeviceGraph& graph, const BetweennessParams& params) {
  const vertex_t n = graph.num_vertices();
  for (const vertex_t source : params.sources)
    require(is_vertex(source, n), "betweenness: source vertex " + std::to_string(source) +
                                           " is outside the graph (" + std::to_string(n) + " vertices)");
  BetweennessResult result;
  if (n == 0) return result;
  Brandes brandes(engine.backend(), graph);
  const bool exact = params.sources.empty();
  if (exact) {
    for (vertex_t s = 0; s < n; ++s) brandes.add_source(s);
  } else {
    for (const vertex_t s : params.sources) brandes.add_source(s);
  }
  result.sources = exact ? static_cast<std::size_t>(n) : params.sources.size();
  double scale = graph.directed() ? 1.0 : 0.5;
  if (!exact) scale *= static_cast<double>(n) / static_cast<double>(params.sources.size());
  result.centrality = brandes.centrality();
  for (double& value : result.centrality) value *= scale;
  return result;
}

}  // namespace graphrun

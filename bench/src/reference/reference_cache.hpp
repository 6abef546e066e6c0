#pragma once
// Host reference results of one graph, computed on first request and shared
// by every backend's rows (the reference of a 30 M-entry graph takes
// seconds; it must not be recomputed per backend and kernel).
#include <map>
#include <optional>
#include <vector>

#include "reference/pagerank.hpp"
#include "reference/traversal.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::bench {

class ReferenceCache {
 public:
  explicit ReferenceCache(const Graph& graph) : graph_(&graph) {}

  const Graph& graph() const { return *graph_; }
  const PageRankReference& pagerank(double damping, double tolerance, int max_iterations, bool fixed);
  const BfsReference& bfs(vertex_t source);
  const std::vector<vertex_t>& wcc();
  const std::vector<vertex_t>& label_propagation(int rounds);

 private:
  struct PageRankKey {
    double damping, tolerance;
    int max_iterations;
    bool fixed;
    auto operator<=>(const PageRankKey&) const = default;
  };
  const Graph* graph_;
  std::map<PageRankKey, PageRankReference> pagerank_;
  std::map<vertex_t, BfsReference> bfs_;
  std::optional<std::vector<vertex_t>> wcc_;
  std::map<int, std::vector<vertex_t>> label_propagation_;
};

}  // namespace graphrun::bench

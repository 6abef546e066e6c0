#include "reference/reference_cache.hpp"

#include "reference/label_propagation.hpp"

namespace graphrun::bench {

const PageRankReference& ReferenceCache::pagerank(double damping, double tolerance, int max_iterations, bool fixed) {
  const PageRankKey key{damping, tolerance, max_iterations, fixed};
  auto found = pagerank_.find(key);
  if (found == pagerank_.end())
    found = pagerank_.emplace(key, pagerank_reference(*graph_, damping, tolerance, max_iterations, fixed)).first;
  return found->second;
}

const BfsReference& ReferenceCache::bfs(vertex_t source) {
  auto found = bfs_.find(source);
  if (found == bfs_.end()) found = bfs_.emplace(source, bfs_reference(*graph_, source)).first;
  return found->second;
}

const std::vector<vertex_t>& ReferenceCache::wcc() {
  if (!wcc_) wcc_ = wcc_reference(*graph_);
  return *wcc_;
}

const std::vector<vertex_t>& ReferenceCache::label_propagation(int rounds) {
  auto found = label_propagation_.find(rounds);
  if (found == label_propagation_.end())
    found = label_propagation_.emplace(rounds, label_propagation_reference(*graph_, rounds)).first;
  return found->second;
}

}  // namespace graphrun::bench

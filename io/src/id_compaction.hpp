#pragma once
// Compacts the sparse 64-bit ids of an edge list to 0..n-1 in sorted order of
// the original ids, so that "smallest label wins" ties break as they would on
// the file's own numbering (LDBC CDLP depends on it).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "graphrun/edge_list.hpp"

#include "graphrun/types.hpp"

namespace graphrun::io::detail {

struct CompactedIds {
  std::vector<std::int64_t> sorted_ids;  // sorted_ids[v] = original id of v
  std::vector<vertex_t> src;
  std::vector<vertex_t> dst;
};

enum class CompactionStrategy {
  automatic,  // bitmap when the id range is small against the entry count, else sort
  bitmap,     // presence bitmap over [min, max] and popcount ranks
  sort,       // parallel sort + unique, binary-search ranks
};

// The parsed endpoints: vertex_t when every id fits one (they are then
// relabelled in place), else 64-bit.
template <class Id>
struct IdColumns {
  std::vector<Id> src;
  std::vector<Id> dst;
};

// ids must be non-negative. Throws InputError(path) when there are more than
// max_vertices distinct ids. Id: vertex_t or std::int64_t.
template <class Id>
CompactedIds compact_ids(IdColumns<Id>&& ids, const std::string& path,
                         CompactionStrategy strategy = CompactionStrategy::automatic);

// The EdgeList of a file with sparse ids (text or binary edge lists):
// compacted columns, the sorted original ids, and the weights if any.
inline EdgeList sparse_id_edge_list(CompactedIds&& compacted, std::vector<float>&& weights) {
  EdgeList edges;
  edges.num_vertices = static_cast<vertex_t>(compacted.sorted_ids.size());
  edges.symmetry = Symmetry::general;
  edges.src = std::move(compacted.src);
  edges.dst = std::move(compacted.dst);
  edges.weights = std::move(weights);
  edges.ids.base = 0;
  edges.ids.ids = std::move(compacted.sorted_ids);
  return edges;
}

}  // namespace graphrun::io::detail

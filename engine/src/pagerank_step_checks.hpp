#pragma once
// The argument contract of Backend::pagerank_step (backend.hpp), checked by
// its default implementation and by every backend that overrides it, so that
// all backends refuse exactly the same calls.
#include <span>

#include "graphrun/backend.hpp"

namespace graphrun::engine_detail {

// UsageError naming the argument for Edges::both, a masked or accumulating
// descriptor, a vector whose size is not a.num_vertices() (an empty teleport
// is the uniform distribution), a sums span that is not one element, or an
// output (next_rank, next_contribution, sums) that overlaps an input or
// another output.
void check_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> contribution,
                         std::span<const float> teleport, std::span<const float> share, std::span<const float> rank,
                         std::span<const float> next_rank, std::span<const float> next_contribution,
                         std::span<const RankSums> sums);

}  // namespace graphrun::engine_detail

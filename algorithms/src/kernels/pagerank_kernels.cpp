// PageRankKernels' public primitives: the argument contract every backend
// shares, checked once, then its do_ virtual; and the unfused step.
#include "graphrun/algorithms/kernels/pagerank_kernels.hpp"

#include <initializer_list>

#include "kernels/family_access.hpp"
#include "graphrun/internal/primitive_checks.hpp"

namespace graphrun {

using engine_detail::require;
using engine_detail::require_disjoint;
using engine_detail::require_size;

void PageRankKernels::pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                                      std::span<const float> share, std::span<const float> rank,
                                      std::span<float> next_rank, std::span<float> contribution,
                                      std::span<RankSums> sums) {
  constexpr const char* primitive = "pagerank_update";
  require_size(primitive, "y", y.size(), rank.size());
  if (!teleport.empty()) require_size(primitive, "teleport", teleport.size(), rank.size());
  require_size(primitive, "share", share.size(), rank.size());
  require_size(primitive, "next_rank", next_rank.size(), rank.size());
  require_size(primitive, "contribution", contribution.size(), rank.size());
  require_size(primitive, "sums", sums.size(), 1);
  for (const std::span<const float> input : {y, teleport, share, rank}) {
    require_disjoint(primitive, next_rank, input, "next_rank may not alias an input");
    require_disjoint(primitive, contribution, input, "contribution may not alias an input");
    require_disjoint(primitive, sums, input, "sums may not alias a vector");
  }
  require_disjoint(primitive, contribution, next_rank, "contribution may not alias next_rank");
  require_disjoint(primitive, sums, next_rank, "sums may not alias a vector");
  require_disjoint(primitive, sums, contribution, "sums may not alias a vector");
  do_pagerank_update(y, teleport, damping, share, rank, next_rank, contribution, sums);
}

void PageRankKernels::pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull,
                                    std::span<const float> contribution, std::span<const float> teleport, float damping,
                                    std::span<const float> share, std::span<const float> rank,
                                    std::span<float> next_rank, std::span<float> next_contribution,
                                    std::span<RankSums> sums) {
  constexpr const char* primitive = "pagerank_step";
  require(pull.edges != Edges::both, primitive, "Edges::both is not one adjacency (the pull step walks Edges::in)");
  // Every rank is rewritten: a masked row would keep a stale y (unfused) or
  // get no update at all (fused), and accumulating into y means nothing here.
  require(pull.mask.flags == nullptr, primitive, "the pull descriptor may not carry a mask");
  require(!pull.accumulate, primitive, "the pull descriptor may not accumulate");
  const auto n = static_cast<std::size_t>(a.num_vertices());
  require_size(primitive, "contribution", contribution.size(), n);
  if (!teleport.empty()) require_size(primitive, "teleport", teleport.size(), n);
  require_size(primitive, "share", share.size(), n);
  require_size(primitive, "rank", rank.size(), n);
  require_size(primitive, "next_rank", next_rank.size(), n);
  require_size(primitive, "next_contribution", next_contribution.size(), n);
  require_size(primitive, "sums", sums.size(), 1);
  // The SpMV gathers contribution at any column while rows are written, so
  // no output may share bytes with an input or with another output.
  for (const std::span<const float> input : {contribution, teleport, share, rank}) {
    require_disjoint(primitive, next_rank, input, "next_rank may not alias contribution, teleport, share or rank");
    require_disjoint(primitive, next_contribution, input,
                     "next_contribution may not alias contribution, teleport, share or rank");
    require_disjoint(primitive, sums, input, "sums may not alias a vector");
  }
  require_disjoint(primitive, next_contribution, next_rank, "next_contribution may not alias next_rank");
  require_disjoint(primitive, sums, next_rank, "sums may not alias a vector");
  require_disjoint(primitive, sums, next_contribution, "sums may not alias a vector");
  do_pagerank_step(a, pull, contribution, teleport, damping, share, rank, next_rank, next_contribution, sums);
}

void PageRankKernels::do_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull,
                                       std::span<const float> contribution, std::span<const float> teleport,
                                       float damping, std::span<const float> share, std::span<const float> rank,
                                       std::span<float> next_rank, std::span<float> next_contribution,
                                       std::span<RankSums> sums) {
  unfused_pagerank_step(a, pull, contribution, teleport, damping, share, rank, next_rank, next_contribution, sums);
}

void PageRankKernels::unfused_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull,
                                            std::span<const float> contribution, std::span<const float> teleport,
                                            float damping, std::span<const float> share, std::span<const float> rank,
                                            std::span<float> next_rank, std::span<float> next_contribution,
                                            std::span<RankSums> sums) {
  // The Backend beside this family in the same object (a cross-cast).
  Backend& backend = dynamic_cast<Backend&>(*this);
  // y lives for this call only: cuda's stream-ordered pool hands the same
  // block back every iteration; the cpu backend allocates it afresh.
  DeviceVector<float> y(backend.memory(), rank.size());
  backend.spmv(a, PlusTimes<float>{}, pull, contribution, y);
  // pagerank_step's checks cover the update's (y is fresh, of rank's size).
  do_pagerank_update(y, teleport, damping, share, rank, next_rank, next_contribution, sums);
}

PageRankKernels& pagerank_kernels(Backend& backend) {
  return algorithms_detail::kernel_family<PageRankKernels>(backend, "PageRank");
}

}  // namespace graphrun

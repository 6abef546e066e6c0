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
                                      std::span<const float> share, std::span<const float> carried,
                                      std::span<float> next_carried, std::span<RankSums> sums) {
  constexpr const char* primitive = "pagerank_update";
  require_size(primitive, "y", y.size(), carried.size());
  if (!teleport.empty()) require_size(primitive, "teleport", teleport.size(), carried.size());
  require_size(primitive, "share", share.size(), carried.size());
  require_size(primitive, "next_carried", next_carried.size(), carried.size());
  require_size(primitive, "sums", sums.size(), 1);
  for (const std::span<const float> input : {y, teleport, share, carried}) {
    require_disjoint(primitive, next_carried, input, "next_carried may not alias an input");
    require_disjoint(primitive, sums, input, "sums may not alias a vector");
  }
  require_disjoint(primitive, sums, next_carried, "sums may not alias a vector");
  do_pagerank_update(y, teleport, damping, share, carried, next_carried, sums);
}

void PageRankKernels::pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> carried,
                                    std::span<const float> teleport, float damping, std::span<const float> share,
                                    std::span<float> next_carried, std::span<RankSums> sums) {
  constexpr const char* primitive = "pagerank_step";
  require(pull.edges != Edges::both, primitive, "Edges::both is not one adjacency (the pull step walks Edges::in)");
  // Every rank is rewritten: a masked row would keep a stale y (unfused) or
  // get no update at all (fused), and accumulating into y means nothing here.
  require(pull.mask.flags == nullptr, primitive, "the pull descriptor may not carry a mask");
  require(!pull.accumulate, primitive, "the pull descriptor may not accumulate");
  const auto n = static_cast<std::size_t>(a.num_vertices());
  require_size(primitive, "carried", carried.size(), n);
  if (!teleport.empty()) require_size(primitive, "teleport", teleport.size(), n);
  require_size(primitive, "share", share.size(), n);
  require_size(primitive, "next_carried", next_carried.size(), n);
  require_size(primitive, "sums", sums.size(), 1);
  // The SpMV gathers carried at any column while rows are written, so no
  // output may share bytes with an input or with the other output.
  for (const std::span<const float> input : {carried, teleport, share}) {
    require_disjoint(primitive, next_carried, input, "next_carried may not alias carried, teleport or share");
    require_disjoint(primitive, sums, input, "sums may not alias a vector");
  }
  require_disjoint(primitive, sums, next_carried, "sums may not alias a vector");
  do_pagerank_step(a, pull, carried, teleport, damping, share, next_carried, sums);
}

namespace {

void check_conversion(const char* primitive, const char* from_name, std::span<const float> share,
                      std::span<const float> from, std::span<float> to) {
  require_size(primitive, from_name, from.size(), share.size());
  require_size(primitive, "output", to.size(), share.size());
  require_disjoint(primitive, to, share, "the output may not alias share");
  require_disjoint(primitive, to, from, "the output may not alias its input");
}

}  // namespace

void PageRankKernels::pagerank_carry(std::span<const float> share, std::span<const float> rank,
                                     std::span<float> carried) {
  check_conversion("pagerank_carry", "rank", share, rank, carried);
  do_pagerank_convert(share, rank, carried, true);
}

void PageRankKernels::pagerank_ranks(std::span<const float> share, std::span<const float> carried,
                                     std::span<float> rank) {
  check_conversion("pagerank_ranks", "carried", share, carried, rank);
  do_pagerank_convert(share, carried, rank, false);
}

void PageRankKernels::do_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull,
                                       std::span<const float> carried, std::span<const float> teleport,
                                       float damping, std::span<const float> share, std::span<float> next_carried,
                                       std::span<RankSums> sums) {
  unfused_pagerank_step(a, pull, carried, teleport, damping, share, next_carried, sums);
}

void PageRankKernels::unfused_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull,
                                            std::span<const float> carried, std::span<const float> teleport,
                                            float damping, std::span<const float> share,
                                            std::span<float> next_carried, std::span<RankSums> sums) {
  // The Backend beside this family in the same object (a cross-cast).
  Backend& backend = dynamic_cast<Backend&>(*this);
  // y lives for this call only: cuda's stream-ordered pool hands the same
  // block back every iteration; the cpu backend allocates it afresh.
  DeviceVector<float> y(backend.memory(), carried.size());
  backend.spmv(a, PlusTimes<float>{}, pull, carried, y);
  // pagerank_step's checks cover the update's (y is fresh, of carried's size).
  do_pagerank_update(y, teleport, damping, share, carried, next_carried, sums);
}

PageRankKernels& pagerank_kernels(Backend& backend) {
  return algorithms_detail::kernel_family<PageRankKernels>(backend, "PageRank");
}

}  // namespace graphrun

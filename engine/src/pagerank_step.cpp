// Backend::pagerank_step: its argument checks and its default, unfused
// implementation (the SpMV, then the rank update pass), which the backends
// without a fused step (cpu, cusparse) run as it is.
#include <string>

#include "engine/src/pagerank_step_checks.hpp"
#include "engine/src/span_overlap.hpp"
#include "graphrun/error.hpp"

namespace graphrun {

namespace engine_detail {
namespace {

constexpr const char* primitive = "pagerank_step";

void require(bool condition, const std::string& reason) {
  if (!condition) throw UsageError(std::string(primitive) + ": " + reason);
}

template <class T>
void require_size(std::span<const T> vector, std::size_t expected, const char* what) {
  require(vector.size() == expected, std::string(what) + " has " + std::to_string(vector.size()) +
                                         " entries, expected " + std::to_string(expected));
}

}  // namespace

void check_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> contribution,
                         std::span<const float> teleport, std::span<const float> share, std::span<const float> rank,
                         std::span<const float> next_rank, std::span<const float> next_contribution,
                         std::span<const RankSums> sums) {
  require(pull.edges != Edges::both, "Edges::both is not one adjacency (the pull step walks Edges::in)");
  // Every rank is rewritten: a masked row would keep a stale y (unfused) or
  // get no update at all (fused), and accumulating into y means nothing here.
  require(pull.mask.flags == nullptr, "the pull descriptor may not carry a mask");
  require(!pull.accumulate, "the pull descriptor may not accumulate");
  const auto n = static_cast<std::size_t>(a.num_vertices());
  require_size(contribution, n, "contribution");
  if (!teleport.empty()) require_size(teleport, n, "teleport");
  require_size(share, n, "share");
  require_size(rank, n, "rank");
  require_size(next_rank, n, "next_rank");
  require_size(next_contribution, n, "next_contribution");
  require_size(sums, 1, "sums");
  // The SpMV gathers contribution at any column while rows are written, so
  // no output may share bytes with an input or with another output.
  for (const std::span<const float> input : {contribution, teleport, share, rank}) {
    require(!overlap(next_rank, input), "next_rank may not alias contribution, teleport, share or rank");
    require(!overlap(next_contribution, input),
            "next_contribution may not alias contribution, teleport, share or rank");
    require(!overlap(sums, input), "sums may not alias a vector");
  }
  require(!overlap(next_contribution, next_rank), "next_contribution may not alias next_rank");
  require(!overlap(sums, next_rank) && !overlap(sums, next_contribution), "sums may not alias a vector");
}

}  // namespace engine_detail

void Backend::pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> contribution,
                            std::span<const float> teleport, float damping, std::span<const float> share,
                            std::span<const float> rank, std::span<float> next_rank,
                            std::span<float> next_contribution, std::span<RankSums> sums) {
  engine_detail::check_pagerank_step(a, pull, contribution, teleport, share, rank, next_rank, next_contribution,
                                     sums);
  // y lives for this call only: cuda's stream-ordered pool hands the same
  // block back every iteration; the cpu backend allocates it afresh.
  DeviceVector<float> y(memory(), rank.size());
  spmv(a, PlusTimes<float>{}, pull, contribution, y);
  pagerank_update(y, teleport, damping, share, rank, next_rank, next_contribution, sums);
}

}  // namespace graphrun

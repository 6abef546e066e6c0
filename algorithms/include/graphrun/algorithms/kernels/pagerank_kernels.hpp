#pragma once
// The kernels of PageRank (algorithms/src/pagerank.cpp): the fused rank
// update and the whole iteration (pull SpMV and update). A backend that runs
// PageRank derives from PageRankKernels beside Backend (kernels/); pagerank
// reaches them through pagerank_kernels(backend).
//
// Non-virtual interface, as Backend's: the primitives check their arguments
// once for every backend (algorithms/src/kernels/pagerank_kernels.cpp) and
// call the protected do_ virtuals (3; do_pagerank_step has the unfused
// default).
#include <span>

#include "graphrun/backend.hpp"
#include "graphrun/rank_update.hpp"

namespace graphrun {

class PageRankKernels {
 public:
  virtual ~PageRankKernels() = default;

  // PageRank's state between iterations is one vector, `carried`: entry v is
  // carried_rank(rank[v], share[v]) (rank_update.hpp), what v's out-edges
  // carry per unit weight into the next SpMV, or the rank itself where v is
  // dangling (share == 0). Its rank is rank_of_carried(carried[v], share[v]).
  // So an iteration reads one vector and writes another: 8 bytes a vertex
  // beside share, where a rank and a contribution pair would take 16.

  // ---- PageRank's per-iteration vector pass, fused (no read-back) ----------
  // With y = A^T carried just computed and d = damping:
  //   w       = (1 - d) + d * sums[0].dangling_mass   (the mass of the old rank)
  //   next    = w * teleport + d * y                  the new rank
  //   next_carried = carried_rank(next, share)        the next SpMV's input
  //   sums[0] = after_update(sums[0], {L1 distance between the old ranks
  //              and next, measured on the carried values (rank_distance:
  //              0 at a float fixed point), next's mass on the dangling
  //              vertices (share == 0)})
  // (rank_update.hpp has the arithmetic.) `sums` is one element in backend
  // memory, read and then replaced, so consecutive iterations chain on the
  // device and the host reads it only when it wants the residual. When
  // sums[0].stopped is set the call writes nothing at all: a host may queue
  // updates past the one that met sums[0].stop_below. An empty
  // `teleport` is the uniform distribution 1/n, which then costs no reads.
  // The new state goes to its own vector (the caller swaps the two): a pass
  // that rewrites the entries it has just read stalls on them and no longer
  // streams at memory bandwidth. UsageError for a vector whose size is not
  // carried's (teleport may be empty), sums that is not one element, or an
  // output that overlaps an input or the other output.
  void pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                       std::span<const float> share, std::span<const float> carried, std::span<float> next_carried,
                       std::span<RankSums> sums);

  // ---- One PageRank iteration: the pull SpMV and the rank update -----------
  // y = A^T carried (plus-times with the `pull` descriptor), then
  // pagerank_update(y, teleport, damping, share, carried, next_carried,
  // sums): the same next_carried, bit for bit, as those two calls on this
  // backend with its SpMV kernel, and the same sums up to the order of their
  // double additions. The default (unfused_pagerank_step) is exactly those
  // two calls (y lives for the call); cpu and cusparse run it. cuda instead
  // updates each rank inside the row kernel of its SpMV, so y is never
  // stored and read back and the update costs no second pass (notes() says
  // when the graph's kernel has no such form and the two passes ran). Other
  // rows still gather `carried` while `next_carried` is written, so the two
  // must be distinct buffers: the caller swaps them.
  // UsageError for Edges::both, a masked or accumulating descriptor, a vector
  // whose size is not num_vertices (teleport may be empty: uniform), or an
  // output (next_carried, sums) that overlaps an input or the other output.
  void pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> carried,
                     std::span<const float> teleport, float damping, std::span<const float> share,
                     std::span<float> next_carried, std::span<RankSums> sums);

  // ---- Between ranks and the carried state ---------------------------------
  // carried[v] = carried_rank(rank[v], share[v]), and back:
  // rank[v] = rank_of_carried(carried[v], share[v]). UsageError for sizes
  // that differ or an output that overlaps an input.
  void pagerank_carry(std::span<const float> share, std::span<const float> rank, std::span<float> carried);
  void pagerank_ranks(std::span<const float> share, std::span<const float> carried, std::span<float> rank);

 protected:
  // Called after the checks above.
  virtual void do_pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                                  std::span<const float> share, std::span<const float> carried,
                                  std::span<float> next_carried, std::span<RankSums> sums) = 0;
  // The default is unfused_pagerank_step (cpu and cusparse run it).
  virtual void do_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> carried,
                                std::span<const float> teleport, float damping, std::span<const float> share,
                                std::span<float> next_carried, std::span<RankSums> sums);
  // to_carried: rank -> carried (carried_rank), else carried -> rank.
  virtual void do_pagerank_convert(std::span<const float> share, std::span<const float> from, std::span<float> to,
                                   bool to_carried) = 0;

  // The step as two passes on the backend this object is part of (a class
  // implementing PageRankKernels is a Backend): its plus-times SpMV into a y
  // that lives for the call, then do_pagerank_update.
  void unfused_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> carried,
                             std::span<const float> teleport, float damping, std::span<const float> share,
                             std::span<float> next_carried, std::span<RankSums> sums);
};

// The PageRank kernels of `backend`; UsageError when it has none.
PageRankKernels& pagerank_kernels(Backend& backend);

}  // namespace graphrun

#pragma once
// The kernel of label propagation (CDLP, algorithms/src/label_propagation.cpp):
// the label mode of every vertex's neighbourhood, which no semiring
// reduction computes. A backend that runs it derives from LabelKernels beside
// Backend (kernels/); label propagation reaches it through
// label_kernels(backend).
//
// Non-virtual interface, as Backend's: label_mode and count_changes check
// their arguments once for every backend (algorithms/src/kernels/
// label_kernels.cpp) and call the protected do_ functions (2 virtuals).
#include <span>

#include "graphrun/backend.hpp"
#include "graphrun/label_rounds.hpp"

namespace graphrun {

class LabelKernels {
 public:
  virtual ~LabelKernels() = default;

  // ---- Label propagation (CDLP) --------------------------------------------
  // out[v] = the most frequent label among labels[u] over v's neighbours per
  // `edges`; the smallest such label on a tie; labels[v] if v has none.
  // `labels_are`: what the caller promises of the labels (LabelSet). labels
  // and out have num_vertices entries and may not overlap (rounds are
  // synchronous: every vertex reads the previous round's labels).
  void label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels, std::span<vertex_t> out,
                  LabelSet labels_are);
  void label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels, std::span<vertex_t> out) {
    label_mode(a, edges, labels, out, LabelSet::any);
  }

  // rounds[0] = after_round(rounds[0], the number of v with before[v] !=
  // after[v]) (label_rounds.hpp): the stopping record of a run until stable,
  // applied where the labels are, so the host reads it back when it likes.
  // before and after have the same size; rounds has one element.
  void count_changes(std::span<const vertex_t> before, std::span<const vertex_t> after,
                     std::span<LabelRounds> rounds);

 protected:
  // Called with num_vertices > 0 and checked sizes.
  virtual void do_label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels,
                             std::span<vertex_t> out, LabelSet labels_are) = 0;
  // Called with checked sizes (before may be empty).
  virtual void do_count_changes(std::span<const vertex_t> before, std::span<const vertex_t> after,
                                std::span<LabelRounds> rounds) = 0;
};

// The label propagation kernel of `backend`; UsageError when it has none.
LabelKernels& label_kernels(Backend& backend);

}  // namespace graphrun

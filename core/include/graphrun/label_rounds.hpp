#pragma once
// What label propagation's rounds leave in backend memory when it runs until
// the labels are stable (LabelKernels::count_changes), so the host need not
// read a change count back after every round. Written once for every backend
// (host and device code).
//
// The rule: a round that changed no label is the last one counted. A round
// is a pure function of the previous labels, so once labels == mode(labels)
// every later round writes the same labels again; the host may therefore
// queue rounds past the stable one and read this back seldom, and the answer
// does not depend on when it reads.
#include <cstdint>

#include "graphrun/semiring.hpp"

namespace graphrun {

struct LabelRounds {
  std::uint64_t changes = 0;           // labels the last counted round changed
  std::uint64_t previous_changes = 0;  // the round before it (0 before two): one read gives a rate of decay
  std::int32_t rounds = 0;             // rounds counted
  std::int32_t stable = 0;             // 1 once a counted round changed no label
};

// The record after a round that changed `changes` labels.
GRAPHRUN_HOST_DEVICE LabelRounds after_round(const LabelRounds& before, std::uint64_t changes) {
  if (before.stable != 0) return before;
  LabelRounds after = before;
  after.previous_changes = before.changes;
  after.changes = changes;
  after.rounds = before.rounds + 1;
  after.stable = changes == 0 ? 1 : 0;
  return after;
}

}  // namespace graphrun

// ResidualCheckSchedule: when the host reads a residual back. Its batches
// decide only the cost of a run (the stopping rule lives on the device), so
// the tests check the cost: reads and iterations queued past convergence on
// residual sequences of known shape, and the batches the rule gives.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>

#include "graphrun/algorithms/residual_checks.hpp"

namespace graphrun {
namespace {

struct RunCost {
  int converged_at = 0;  // first iteration whose residual is below the tolerance
  int queued = 0;
  int reads = 0;
};

// Plays a run to `tolerance` with residual(i) after iteration i, as the
// PageRank loop does: queue a batch, read the last two residuals, stop once
// one of the queued iterations met the tolerance.
RunCost play(const std::function<double(int)>& residual, double tolerance, int max_iterations,
             ResidualCheckSchedule schedule) {
  RunCost cost;
  for (int i = 1; i <= max_iterations && cost.converged_at == 0; ++i)
    if (residual(i) < tolerance) cost.converged_at = i;
  while (cost.queued < max_iterations) {
    cost.queued += std::min(schedule.next_batch(), max_iterations - cost.queued);
    ++cost.reads;
    if (cost.converged_at != 0 && cost.queued >= cost.converged_at) break;
    schedule.observe(cost.queued, residual(cost.queued), cost.queued > 1 ? residual(cost.queued - 1) : 0.0);
  }
  return cost;
}

TEST_CASE("residual checks: a fixed interval queues that many iterations per read") {
  ResidualCheckSchedule schedule(1e-6, 5);
  CHECK(schedule.next_batch() == 5);
  schedule.observe(5, 1.0, 2.0);
  CHECK(schedule.next_batch() == 5);
}

TEST_CASE("residual checks: two iterations, then the iterations the last rate predicts, rounded up") {
  ResidualCheckSchedule schedule(1e-6);
  CHECK(schedule.next_batch() == 2);
  schedule.observe(2, 0.25, 0.5);
  // rate 0.5: 0.25 * 0.5^k < 1e-6 from k = 18 (log2(250000) = 17.93).
  CHECK(schedule.next_batch() == 18);
  schedule.observe(6, 1.5e-6, 4e-6);
  CHECK(schedule.next_batch() == 1);  // rate 0.375: 0.41 iterations left
}

TEST_CASE("residual checks: a residual that does not decay doubles the batch up to the cap") {
  ResidualCheckSchedule schedule(1e-9, 0, ResidualCheckPolicy{.max_batch = 6});
  schedule.observe(2, 1e-3, 1e-3);
  CHECK(schedule.next_batch() == 4);
  schedule.observe(6, 2e-3, 1e-3);
  CHECK(schedule.next_batch() == 6);
  schedule.observe(12, 2e-3, 0.0);  // no rate without the residual before
  CHECK(schedule.next_batch() == 6);
}

TEST_CASE("residual checks: a tolerance of zero is never predicted to be met") {
  ResidualCheckSchedule schedule(0.0);
  schedule.observe(2, 0.25, 0.5);
  CHECK(schedule.next_batch() == ResidualCheckPolicy{}.max_batch);
}

TEST_CASE("residual checks: geometric decays converge with no wasted iteration and few reads") {
  const int max_batch = ResidualCheckPolicy{}.max_batch;
  for (const double rate : {0.1, 0.3, 0.5, 0.7, 0.85, 0.95}) {
    INFO("rate " << rate);
    const double tolerance = 3e-7;  // no rate^i near it
    const RunCost cost =
        play([&](int i) { return std::pow(rate, i); }, tolerance, 1000, ResidualCheckSchedule(tolerance));
    CHECK(cost.queued == cost.converged_at);
    // The first read, the batches of max_batch, and one more for rounding.
    CHECK(cost.reads <= 3 + (cost.converged_at - 2) / max_batch);
  }
}

TEST_CASE("residual checks: a decay that slows down costs reads, not iterations") {
  // The rate of decay climbs from 0.3 to 0.8 (PageRank on a mesh or a
  // power-law graph does much the same).
  const auto residual = [](int i) {
    double r = 1.0;
    for (int k = 1; k <= i; ++k) r *= std::min(0.8, 0.3 + 0.05 * k);
    return r;
  };
  const RunCost cost = play(residual, 1e-6, 200, ResidualCheckSchedule(1e-6));
  CHECK(cost.queued == cost.converged_at);
  CHECK(cost.reads <= 5);
}

TEST_CASE("residual checks: a decay that speeds up wastes at most one batch") {
  // Slow for ten iterations, then ten times faster.
  const auto residual = [](int i) { return i <= 10 ? std::pow(0.9, i) : std::pow(0.9, 10) * std::pow(0.1, i - 10); };
  const RunCost cost = play(residual, 1e-8, 200, ResidualCheckSchedule(1e-8));
  CHECK(cost.converged_at == 18);  // 0.9^10 * 0.1^8 < 1e-8 < 0.9^10 * 0.1^7
  CHECK(cost.queued >= cost.converged_at);
  CHECK(cost.queued - cost.converged_at < ResidualCheckPolicy{}.max_batch);
}

}  // namespace
}  // namespace graphrun

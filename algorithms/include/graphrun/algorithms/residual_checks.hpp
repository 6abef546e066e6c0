#pragma once
// When the host reads a residual back while an iterative algorithm runs to a
// tolerance on a backend that applies the stopping rule itself (PageRank's
// RankSums, rank_update.hpp; label propagation's LabelRounds, whose change
// count is the residual and 1 the tolerance, label_rounds.hpp). Iterations
// queued after the one that converged change nothing, so the schedule
// decides only what the run costs, never its answer: each read makes the
// device wait for the host once, and each iteration queued past convergence
// is a wasted pass over the matrix.
//
// The predicted schedule queues `first_batch` iterations, then reads. Each
// read gives the last two residuals, hence the rate of decay over the last
// iteration, and the schedule queues the iterations that rate predicts are
// left before the tolerance is met, r * rate^k < tolerance, rounded up: at
// least one and at most `max_batch`. PageRank's decay slows down as it goes,
// so the prediction falls short more often than it overshoots, which costs
// one more read rather than wasted iterations. A residual that does not
// decay (a float rounding cycle above a tight tolerance) doubles the batch
// each read.
#include <algorithm>
#include <cmath>

namespace graphrun {

struct ResidualCheckPolicy {
  int first_batch = 2;  // two iterations: the first read has a rate
  int max_batch = 32;   // bounds the waste where the decay suddenly speeds up
};

class ResidualCheckSchedule {
 public:
  // every > 0: a read after every `every` iterations (1: every iteration,
  // the right choice where a read costs nothing); 0: predicted.
  explicit ResidualCheckSchedule(double tolerance, int every = 0, ResidualCheckPolicy policy = {})
      : tolerance_(tolerance), every_(every), policy_(policy) {}

  // Iterations to queue before the next read (at least 1).
  int next_batch() const {
    if (every_ > 0) return every_;
    if (iterations_ == 0) return policy_.first_batch;
    const double rate = residual_ / previous_residual_;  // not finite while previous_residual_ is 0
    if (!(residual_ > 0.0 && std::isfinite(rate) && rate < 1.0))
      return std::min(policy_.max_batch, 2 * last_batch_);
    const double left = std::log(tolerance_ / residual_) / std::log(rate);  // +inf for tolerance 0
    return static_cast<int>(std::clamp(std::ceil(left), 1.0, static_cast<double>(policy_.max_batch)));
  }

  // What a read found after `iterations` iterations in all: the last
  // residual and the one before it (0 when there was none).
  void observe(int iterations, double residual, double previous_residual) {
    last_batch_ = std::max(1, iterations - iterations_);
    iterations_ = iterations;
    residual_ = residual;
    previous_residual_ = previous_residual;
  }

 private:
  double tolerance_;
  int every_;
  ResidualCheckPolicy policy_;
  int iterations_ = 0;
  int last_batch_ = 1;
  double residual_ = 0.0, previous_residual_ = 0.0;
};

}  // namespace graphrun

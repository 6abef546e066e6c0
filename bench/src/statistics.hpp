#pragma once
// Order statistics of repeated timings: the bench reports the median (robust
// to the odd preempted run) and the spread around it.
#include <cstddef>
#include <span>

namespace graphrun::bench {

struct Summary {
  std::size_t count = 0;
  double median = 0.0;
  double min = 0.0;
  double max = 0.0;
  double q1 = 0.0;  // 25th percentile
  double q3 = 0.0;  // 75th percentile
};

// Percentile p in [0, 1] of sorted values, linear interpolation between the
// closest ranks (numpy's default), so q1/median/q3 agree with the report's
// Python side.
double percentile_of_sorted(std::span<const double> sorted, double p);

// Throws std::invalid_argument on an empty sample or a NaN in it.
Summary summarize(std::span<const double> samples);

}  // namespace graphrun::bench

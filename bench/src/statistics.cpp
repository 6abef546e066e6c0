#include "statistics.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace graphrun::bench {

double percentile_of_sorted(std::span<const double> sorted, double p) {
  if (sorted.empty()) throw std::invalid_argument("percentile of an empty sample");
  if (!(p >= 0.0 && p <= 1.0)) throw std::invalid_argument("percentile outside [0, 1]");
  const double rank = p * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(rank));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  const double fraction = rank - static_cast<double>(below);
  return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

Summary summarize(std::span<const double> samples) {
  if (samples.empty()) throw std::invalid_argument("summary of an empty sample");
  std::vector<double> sorted(samples.begin(), samples.end());
  if (std::any_of(sorted.begin(), sorted.end(), [](double x) { return std::isnan(x); }))
    throw std::invalid_argument("summary of a sample holding NaN");
  std::sort(sorted.begin(), sorted.end());
  Summary summary;
  summary.count = sorted.size();
  summary.min = sorted.front();
  summary.max = sorted.back();
  summary.median = percentile_of_sorted(sorted, 0.5);
  summary.q1 = percentile_of_sorted(sorted, 0.25);
  summary.q3 = percentile_of_sorted(sorted, 0.75);
  return summary;
}

}  // namespace graphrun::bench

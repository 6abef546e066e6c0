#pragma once
// Correctness verdicts of benchmark rows. Floating-point results are
// compared with a stated tolerance (sums may be reordered by a kernel);
// integer results (BFS levels, labels, components) must match exactly.
#include <concepts>
#include <cstdint>
#include <ranges>
#include <span>
#include <string>

#include "graphrun/types.hpp"

namespace graphrun::bench {

struct Check {
  bool passed = true;
  double error = 0.0;   // the measure compared with the tolerance (0 for exact)
  std::string detail;   // e.g. "max err 2.1e-07 / |A||x| (tol 1e-04), rel L2 3.0e-08"
};

// Tolerance of every float sum, relative to the magnitude of the sum's terms:
// |y_i - ref_i| <= float_sum_tolerance * sum_j |a_ij x_j|. Reordering a float
// sum of d terms errs by about sqrt(d) * 6e-8 of that magnitude, so 1e-4
// admits rows of ~10^6 entries while a lost or doubled entry of a row with up
// to ~10^4 entries fails.
inline constexpr double float_sum_tolerance = 1e-4;
// PageRank: L1 distance of the rank vectors (each sums to 1).
inline constexpr double pagerank_l1_tolerance = 1e-4;

// Accumulates per-element errors of a float result against a float64
// reference and the magnitude of its terms.
class ScaledErrorCheck {
 public:
  void add(double value, double reference, double magnitude);
  void merge(const ScaledErrorCheck& other);
  Check verdict(double tolerance) const;

 private:
  double max_scaled_error_ = 0.0;
  double squared_error_ = 0.0;
  double squared_reference_ = 0.0;
  std::uint64_t non_finite_ = 0;
};

Check exact_match(std::span<const vertex_t> result, std::span<const vertex_t> expected, const std::string& what);
Check l1_match(std::span<const float> result, std::span<const double> expected, double tolerance);
Check failed(const std::string& reason);

// Order-sensitive 64-bit fingerprint of a vector of 32-bit integers (BFS
// levels and parents are kept as fingerprints: 32 sources x n levels would
// not fit on big graphs). Equal bits give equal fingerprints, whatever the
// signedness.
std::uint64_t fingerprint_words(std::span<const std::uint32_t> words);
template <std::ranges::contiguous_range Values>
  requires std::integral<std::ranges::range_value_t<Values>> &&
           (sizeof(std::ranges::range_value_t<Values>) == sizeof(std::uint32_t))
std::uint64_t fingerprint(const Values& values) {
  return fingerprint_words({reinterpret_cast<const std::uint32_t*>(std::ranges::data(values)), std::ranges::size(values)});
}

}  // namespace graphrun::bench

#pragma once
// Host reference of y<mask> = A (+.x) x for the SpMV semirings, computed from
// the CSR arrays row by row, and the comparison rule: exact for the min / or
// semirings (order does not change their results), a rounding bound scaled
// by the row's sum of |terms| for plus-times (kernels sum in another order).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "graphrun/semiring.hpp"
#include "host_graphs.hpp"

namespace graphrun::test {

template <class Semiring>
inline constexpr bool is_plus_times = std::is_same_v<Semiring, PlusTimes<float>> ||
                                      std::is_same_v<Semiring, PlusTimes<double>>;

// Row results before mask and accumulate: `value` exact for min / or
// semirings; for plus-times `sum` (long double) and `magnitude` (sum of |terms|).
template <class Semiring>
struct RowReference {
  std::vector<typename Semiring::value_type> value;
  std::vector<long double> sum;
  std::vector<long double> magnitude;
};

template <class Semiring>
RowReference<Semiring> reference_rows(const HostCsr& a, const std::vector<typename Semiring::value_type>& x,
                                      bool use_weights) {
  RowReference<Semiring> reference;
  const auto rows = static_cast<std::size_t>(a.rows);
  reference.value.assign(rows, Semiring::identity());
  reference.sum.assign(rows, 0.0L);
  reference.magnitude.assign(rows, 0.0L);
  for (std::size_t r = 0; r < rows; ++r) {
    auto value = Semiring::identity();
    long double sum = 0.0L, magnitude = 0.0L;
    for (edge_t e = a.offsets[r]; e < a.offsets[r + 1]; ++e) {
      const float weight = use_weights ? a.values[static_cast<std::size_t>(e)] : 1.0f;
      const auto x_value = x[static_cast<std::size_t>(a.indices[static_cast<std::size_t>(e)])];
      if constexpr (is_plus_times<Semiring>) {
        const long double term = static_cast<long double>(weight) * static_cast<long double>(x_value);
        sum += term;
        magnitude += std::fabs(term);
      } else {
        value = Semiring::add(value, Semiring::multiply(weight, x_value));
      }
    }
    reference.value[r] = value;
    reference.sum[r] = sum;
    reference.magnitude[r] = magnitude;
  }
  return reference;
}

// How plus-times results are compared. exact: the inputs are small dyadic
// numbers whose every partial sum is representable, so any summation order
// gives the reference bit for bit (a dropped or doubled entry always shows).
// rounding: real-valued inputs, a bound of a few units of rounding per
// sqrt(row length) partial sums, relative to the row's sum of |terms|.
enum class SumCheck { exact, rounding };

// Why y[row] is wrong, or "" when it is right. y_before is what y held before
// the call; unselected rows must keep it bit for bit.
template <class Semiring>
std::string check_row(const RowReference<Semiring>& reference, const HostCsr& a, std::size_t row, bool selected,
                      bool accumulate, typename Semiring::value_type y_before, typename Semiring::value_type got,
                      SumCheck sum_check) {
  using T = typename Semiring::value_type;
  if (!selected) {
    if (std::memcmp(&got, &y_before, sizeof(T)) == 0) return "";
    return "unselected row was written";
  }
  if constexpr (is_plus_times<Semiring>) {
    const long double expected = (accumulate ? static_cast<long double>(y_before) : 0.0L) + reference.sum[row];
    long double tolerance = 0.0L;
    if (sum_check == SumCheck::rounding) {
      const long double scale =
          reference.magnitude[row] + (accumulate ? std::fabs(static_cast<long double>(y_before)) : 0.0L);
      const long double unit = std::is_same_v<T, float> ? 1e-6L : 1e-14L;
      const long double length = static_cast<long double>(a.length(static_cast<std::int64_t>(row)));
      tolerance = unit * (2.0L * std::sqrt(length + 1.0L) + 2.0L) * scale + 1e-30L;
    }
    if (std::isfinite(static_cast<double>(got)) && std::fabs(static_cast<long double>(got) - expected) <= tolerance)
      return "";
    return "expected " + std::to_string(static_cast<double>(expected)) + " got " +
           std::to_string(static_cast<double>(got)) + " (tolerance " + std::to_string(static_cast<double>(tolerance)) +
           ")";
  } else {
    const T expected = accumulate ? Semiring::add(y_before, reference.value[row]) : reference.value[row];
    if (got == expected) return "";
    return "expected " + std::to_string(static_cast<double>(expected)) + " got " +
           std::to_string(static_cast<double>(got));
  }
}

}  // namespace graphrun::test

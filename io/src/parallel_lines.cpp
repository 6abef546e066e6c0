#include "parallel_lines.hpp"

namespace graphrun::io::detail {

std::vector<std::size_t> split_at_lines(std::string_view text, int max_ranges) {
  constexpr std::size_t min_range_bytes = 4096;
  const auto wanted = static_cast<std::size_t>(std::max(1, max_ranges));
  const std::size_t ranges = std::max<std::size_t>(1, std::min(wanted, text.size() / min_range_bytes));
  std::vector<std::size_t> bounds(ranges + 1, text.size());
  bounds[0] = 0;
  for (std::size_t t = 1; t < ranges; ++t) {
    const std::size_t target = std::max(bounds[t - 1], text.size() * t / ranges);
    // A range starts just after the newline at or after target - 1, so a
    // target that already is a line start stays one.
    const std::size_t newline = target == 0 ? std::string_view::npos : text.find('\n', target - 1);
    bounds[t] = target == 0 ? 0 : (newline == std::string_view::npos ? text.size() : newline + 1);
    bounds[t] = std::max(bounds[t], bounds[t - 1]);
  }
  return bounds;
}

}  // namespace graphrun::io::detail

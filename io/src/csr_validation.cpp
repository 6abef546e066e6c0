#include "csr_validation.hpp"

#include <algorithm>
#include <limits>

namespace graphrun::io::detail {
namespace {

enum class RowFault { none, bad_offsets, column_out_of_range, columns_not_increasing };

// Checks row r on its own (rows are checked in parallel, so nothing about
// other rows may be assumed); `at` receives the offending position.
RowFault check_row(const Csr& csr, vertex_t n, vertex_t r, edge_t& at) {
  const edge_t begin = csr.offsets[r], end = csr.offsets[r + 1];
  if (begin < 0 || begin > end || end > csr.num_entries()) return RowFault::bad_offsets;
  for (edge_t e = begin; e < end; ++e) {
    at = e;
    const vertex_t column = csr.indices[e];
    if (column < 0 || column >= n) return RowFault::column_out_of_range;
    if (e > begin && csr.indices[e - 1] >= column) return RowFault::columns_not_increasing;
  }
  return RowFault::none;
}

std::string describe(const Csr& csr, vertex_t r, RowFault fault, edge_t at) {
  const std::string row = "row " + std::to_string(r) + ": ";
  switch (fault) {
    case RowFault::bad_offsets:
      return row + "offsets " + std::to_string(csr.offsets[r]) + ".." + std::to_string(csr.offsets[r + 1]) +
             " are decreasing or outside 0.." + std::to_string(csr.num_entries());
    case RowFault::column_out_of_range: return row + "column " + std::to_string(csr.indices[at]) + " is out of range";
    case RowFault::columns_not_increasing:
      return row + "columns are not strictly increasing at entry " + std::to_string(at);
    case RowFault::none: break;
  }
  return {};
}

}  // namespace

std::string find_csr_problem(const Csr& csr, vertex_t n) {
  if (csr.offsets.size() != static_cast<std::size_t>(n) + 1)
    return "offsets hold " + std::to_string(csr.offsets.size()) + " values, expected " + std::to_string(n + 1);
  if (csr.values.size() != csr.indices.size()) return "values and column indices differ in length";
  if (csr.offsets.front() != 0) return "offsets do not start at 0";
  if (csr.offsets.back() != csr.num_entries()) return "the last offset is not the entry count";

  vertex_t first_bad = std::numeric_limits<vertex_t>::max();
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : first_bad)
  for (vertex_t r = 0; r < n; ++r) {
    edge_t at = 0;
    if (check_row(csr, n, r, at) != RowFault::none) first_bad = std::min(first_bad, r);
  }
  if (first_bad == std::numeric_limits<vertex_t>::max()) return {};
  edge_t at = 0;
  const RowFault fault = check_row(csr, n, first_bad, at);
  return describe(csr, first_bad, fault, at);
}

}  // namespace graphrun::io::detail

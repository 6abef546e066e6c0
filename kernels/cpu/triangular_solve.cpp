#include "cpu/triangular_solve.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "graphrun/error.hpp"
#include "cpu/tuning.hpp"

namespace graphrun::cpu {
namespace {

// x_i = (b_i - sum of L_ij x_j over the row's entries before the diagonal)
// / L_ii: the diagonal is the row's last entry.
template <class T>
void solve_row(const Csr& rows, vertex_t i, std::span<const T> b, std::span<T> x) {
  const edge_t diagonal = rows.offsets[i + 1] - 1;
  T sum = 0;
  for (edge_t k = rows.offsets[i]; k < diagonal; ++k)
    sum += static_cast<T>(rows.value(k)) * x[static_cast<std::size_t>(rows.indices[k])];
  x[static_cast<std::size_t>(i)] = (b[static_cast<std::size_t>(i)] - sum) / static_cast<T>(rows.value(diagonal));
}

}  // namespace

std::unique_ptr<CpuTrsvAnalysis> analyse_lower(const CpuGraph& lower, TrsvMethod method, TrsvPrecision precision,
                                               int threads) {
  const Csr& rows = lower.rows(Edges::out);
  const vertex_t n = rows.num_rows();
  std::vector<level_t> level(static_cast<std::size_t>(n), 0);
  level_t deepest = -1;
  for (vertex_t i = 0; i < n; ++i) {
    const edge_t begin = rows.offsets[i], end = rows.offsets[i + 1];
    if (end == begin || rows.indices[end - 1] != i || rows.value(end - 1) == 0.0f)
      throw UsageError("analyse_lower: row " + std::to_string(i) +
                       " does not end with a non-zero diagonal entry (lower_triangle() makes L)");
    std::int64_t own = 0;  // 64-bit: a chain of 2^31 rows passes level_t's range
    for (edge_t k = begin; k + 1 < end; ++k) {
      const vertex_t j = rows.indices[k];
      if (j >= i) throw UsageError("analyse_lower: row " + std::to_string(i) + " holds column " + std::to_string(j));
      own = std::max<std::int64_t>(own, std::int64_t{level[static_cast<std::size_t>(j)]} + 1);
    }
    if (own > std::numeric_limits<level_t>::max())
      throw UsageError("analyse_lower: row " + std::to_string(i) + " lies on dependency level " + std::to_string(own) +
                       ", deeper than a level_t holds");
    level[static_cast<std::size_t>(i)] = static_cast<level_t>(own);
    deepest = std::max(deepest, static_cast<level_t>(own));
  }
  const auto levels = static_cast<std::size_t>(std::int64_t{deepest} + 1);
  if (method == TrsvMethod::automatic)
    method = threads > 1 && static_cast<double>(n) >= CpuTuning::trsv_rows_per_level * static_cast<double>(levels)
                 ? TrsvMethod::level_set
                 : TrsvMethod::sequential;
  auto analysis = std::make_unique<CpuTrsvAnalysis>(method, precision, levels);
  if (method != TrsvMethod::level_set) return analysis;
  // Counting sort of the rows by level, ascending rows within a level.
  analysis->starts.assign(levels + 1, 0);
  for (const level_t l : level) ++analysis->starts[static_cast<std::size_t>(l) + 1];
  for (std::size_t l = 0; l < levels; ++l) analysis->starts[l + 1] += analysis->starts[l];
  analysis->order.resize(static_cast<std::size_t>(n));
  std::vector<std::size_t> next(analysis->starts.begin(), analysis->starts.end() - 1);
  for (vertex_t i = 0; i < n; ++i) analysis->order[next[static_cast<std::size_t>(level[static_cast<std::size_t>(i)])]++] = i;
  return analysis;
}

template <class T>
void solve_lower(const CpuGraph& lower, const CpuTrsvAnalysis& analysis, std::span<const T> b, std::span<T> x,
                 int threads) {
  const Csr& rows = lower.rows(Edges::out);
  if (analysis.method() != TrsvMethod::level_set) {
    for (vertex_t i = 0; i < rows.num_rows(); ++i) solve_row(rows, i, b, x);
    return;
  }
  for (std::size_t l = 0; l + 1 < analysis.starts.size(); ++l) {
    const auto begin = static_cast<std::int64_t>(analysis.starts[l]), end = static_cast<std::int64_t>(analysis.starts[l + 1]);
#pragma omp parallel for num_threads(threads) schedule(static) if (end - begin >= CpuTuning::trsv_min_parallel_rows)
    for (std::int64_t r = begin; r < end; ++r) solve_row(rows, analysis.order[static_cast<std::size_t>(r)], b, x);
  }
}

template void solve_lower<float>(const CpuGraph&, const CpuTrsvAnalysis&, std::span<const float>, std::span<float>, int);
template void solve_lower<double>(const CpuGraph&, const CpuTrsvAnalysis&, std::span<const double>, std::span<double>,
                                  int);

}  // namespace graphrun::cpu

#include "host_graphs.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace graphrun::test {
namespace {

// splitmix64: a small, fast, well-mixed generator for the R-MAT edges (tens of
// millions of draws), seeded per chunk so chunks can be generated in parallel.
struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
};

// Weights uniform in [-1, 1], one per stored entry.
void fill_random_weights(std::mt19937_64& random, HostCsr& m) {
  std::uniform_real_distribution<float> weight(-1.0f, 1.0f);
  m.values.resize(m.indices.size());
  for (float& v : m.values) v = weight(random);
}

// Rows of the given lengths, row r's columns drawn by column(r) and sorted.
template <class DrawColumn>
HostCsr csr_with_drawn_columns(std::mt19937_64& random, const std::vector<std::int64_t>& lengths, std::int64_t cols,
                               DrawColumn&& column) {
  HostCsr m;
  m.rows = static_cast<std::int64_t>(lengths.size());
  m.cols = cols;
  m.offsets.reserve(lengths.size() + 1);
  for (std::int64_t r = 0; r < m.rows; ++r) {
    const std::size_t first = m.indices.size();
    for (std::int64_t k = 0; k < (cols > 0 ? lengths[static_cast<std::size_t>(r)] : 0); ++k)
      m.indices.push_back(column(r));
    std::sort(m.indices.begin() + static_cast<std::ptrdiff_t>(first), m.indices.end());
    m.offsets.push_back(m.entries());
  }
  fill_random_weights(random, m);
  return m;
}

}  // namespace

HostCsr csr_from_lengths(std::mt19937_64& random, const std::vector<std::int64_t>& lengths, std::int64_t cols) {
  std::uniform_int_distribution<vertex_t> column(0, static_cast<vertex_t>(std::max<std::int64_t>(cols, 1) - 1));
  return csr_with_drawn_columns(random, lengths, cols, [&](std::int64_t) { return column(random); });
}

std::vector<std::int64_t> uniform_lengths(std::mt19937_64& random, std::int64_t rows, std::int64_t min_length,
                                          std::int64_t max_length) {
  std::uniform_int_distribution<std::int64_t> length(min_length, max_length);
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(rows));
  for (auto& l : lengths) l = length(random);
  return lengths;
}

std::vector<std::int64_t> power_law_lengths(std::mt19937_64& random, std::int64_t rows, double mean,
                                            std::int64_t huge_row_length) {
  std::uniform_real_distribution<double> unit(1e-9, 1.0);
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(rows));
  for (auto& l : lengths) l = static_cast<std::int64_t>(std::floor(mean / 3.0 * std::pow(unit(random), -1.0 / 1.5)));
  if (rows > 0) {
    std::uniform_int_distribution<std::int64_t> which(0, rows - 1);
    lengths[static_cast<std::size_t>(which(random))] = huge_row_length;
  }
  return lengths;
}

std::vector<std::int64_t> mostly_empty_lengths(std::mt19937_64& random, std::int64_t rows, double empty_fraction,
                                               std::int64_t max_length) {
  std::bernoulli_distribution empty(empty_fraction);
  std::uniform_int_distribution<std::int64_t> length(1, max_length);
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(rows));
  for (auto& l : lengths) l = empty(random) ? 0 : length(random);
  return lengths;
}

HostCsr banded_csr(std::mt19937_64& random, std::int64_t rows, std::int64_t half_width) {
  HostCsr m;
  m.rows = rows;
  m.cols = rows;
  m.offsets.reserve(static_cast<std::size_t>(rows) + 1);
  m.indices.reserve(static_cast<std::size_t>(rows * (2 * half_width + 1)));
  for (std::int64_t r = 0; r < rows; ++r) {
    for (std::int64_t c = std::max<std::int64_t>(0, r - half_width); c <= std::min(rows - 1, r + half_width); ++c)
      m.indices.push_back(static_cast<vertex_t>(c));
    m.offsets.push_back(m.entries());
  }
  fill_random_weights(random, m);
  return m;
}

HostCsr near_diagonal_csr(std::mt19937_64& random, const std::vector<std::int64_t>& lengths, std::int64_t reach) {
  const auto rows = static_cast<std::int64_t>(lengths.size());
  return csr_with_drawn_columns(random, lengths, rows, [&](std::int64_t r) {
    std::uniform_int_distribution<std::int64_t> column(std::max<std::int64_t>(0, r - reach),
                                                       std::min(rows - 1, r + reach));
    return static_cast<vertex_t>(column(random));
  });
}

HostCsr rmat_csr(std::uint64_t seed, int scale, int edge_factor) {
  const std::int64_t vertices = std::int64_t{1} << scale;
  const std::int64_t edges = vertices * edge_factor;
  std::vector<vertex_t> sources(static_cast<std::size_t>(edges)), targets(static_cast<std::size_t>(edges));
  constexpr std::int64_t chunk = 1 << 16;
#pragma omp parallel for schedule(static)
  for (std::int64_t first = 0; first < edges; first += chunk) {
    SplitMix64 generator{seed ^ (static_cast<std::uint64_t>(first) * 0xd1b54a32d192ed03ULL)};
    for (std::int64_t e = first; e < std::min(edges, first + chunk); ++e) {
      std::int64_t u = 0, v = 0;
      for (int level = 0; level < scale; ++level) {
        const double p = generator.unit();
        const int quadrant = p < 0.57 ? 0 : p < 0.76 ? 1 : p < 0.95 ? 2 : 3;
        u = 2 * u + (quadrant >> 1);
        v = 2 * v + (quadrant & 1);
      }
      sources[static_cast<std::size_t>(e)] = static_cast<vertex_t>(u);
      targets[static_cast<std::size_t>(e)] = static_cast<vertex_t>(v);
    }
  }
  HostCsr m;
  m.rows = vertices;
  m.cols = vertices;
  m.offsets.assign(static_cast<std::size_t>(vertices) + 1, 0);
  for (const vertex_t u : sources) ++m.offsets[static_cast<std::size_t>(u) + 1];
  std::partial_sum(m.offsets.begin(), m.offsets.end(), m.offsets.begin());
  m.indices.resize(static_cast<std::size_t>(edges));
  std::vector<edge_t> next(m.offsets.begin(), m.offsets.end() - 1);
  for (std::int64_t e = 0; e < edges; ++e)
    m.indices[static_cast<std::size_t>(next[static_cast<std::size_t>(sources[static_cast<std::size_t>(e)])]++)] =
        targets[static_cast<std::size_t>(e)];
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t r = 0; r < vertices; ++r)
    std::sort(m.indices.begin() + m.offsets[static_cast<std::size_t>(r)],
              m.indices.begin() + m.offsets[static_cast<std::size_t>(r) + 1]);
  m.values.resize(static_cast<std::size_t>(edges));
  SplitMix64 weights{seed + 1};
  for (float& w : m.values) w = static_cast<float>(weights.unit());
  return m;
}

HostCsr transpose(const HostCsr& a) {
  HostCsr t;
  t.rows = a.cols;
  t.cols = a.rows;
  t.offsets.assign(static_cast<std::size_t>(a.cols) + 1, 0);
  for (const vertex_t column : a.indices) ++t.offsets[static_cast<std::size_t>(column) + 1];
  for (std::size_t c = 0; c < static_cast<std::size_t>(a.cols); ++c) t.offsets[c + 1] += t.offsets[c];
  t.indices.resize(a.indices.size());
  t.values.resize(a.values.size());
  std::vector<edge_t> next(t.offsets.begin(), t.offsets.end() - 1);
  for (std::int64_t row = 0; row < a.rows; ++row)
    for (auto k = static_cast<std::size_t>(a.offsets[static_cast<std::size_t>(row)]);
         k < static_cast<std::size_t>(a.offsets[static_cast<std::size_t>(row) + 1]); ++k) {
      const auto at = static_cast<std::size_t>(next[static_cast<std::size_t>(a.indices[k])]++);
      t.indices[at] = static_cast<vertex_t>(row);
      t.values[at] = a.values[k];
    }
  return t;
}

}  // namespace graphrun::test

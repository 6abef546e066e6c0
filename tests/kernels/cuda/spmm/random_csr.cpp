#include "random_csr.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace graphrun::test {
namespace {

std::vector<vertex_t> row_lengths(std::mt19937_64& random, vertex_t rows, vertex_t cols, RowShape shape,
                                  double mean_length) {
  std::vector<vertex_t> lengths(static_cast<std::size_t>(rows), 0);
  const auto capped = [&](double length) {
    return static_cast<vertex_t>(std::clamp(length, 0.0, static_cast<double>(cols)));
  };
  switch (shape) {
    case RowShape::uniform: {
      std::uniform_real_distribution<double> length(0.0, 2.0 * mean_length);
      for (vertex_t& l : lengths) l = capped(std::round(length(random)));
      break;
    }
    case RowShape::half_empty: {
      std::uniform_real_distribution<double> length(0.0, 4.0 * mean_length);
      for (std::size_t r = 1; r < lengths.size(); r += 2) lengths[r] = capped(std::round(length(random)));
      break;
    }
    case RowShape::one_huge_row: {
      std::uniform_int_distribution<vertex_t> short_length(0, 3);
      for (vertex_t& l : lengths) l = capped(short_length(random));
      if (rows > 0) {
        std::uniform_int_distribution<vertex_t> which(0, rows - 1);
        lengths[static_cast<std::size_t>(which(random))] = capped(mean_length * rows);
      }
      break;
    }
    case RowShape::power_law: {
      // Pareto lengths with tail exponent ~1.5, scaled to the mean.
      std::uniform_real_distribution<double> unit(1e-9, 1.0);
      for (vertex_t& l : lengths) l = capped(std::floor(mean_length / 3.0 * std::pow(unit(random), -1.0 / 1.5)));
      break;
    }
    case RowShape::banded:
      break;  // lengths follow from the band
  }
  return lengths;
}

// `length` distinct sorted columns in [0, taken.size()) (Floyd's sampling:
// exact length, no rejection loops even for rows that fill every column).
// `taken` is all false on entry and is left all false.
void sample_columns(std::mt19937_64& random, vertex_t length, std::vector<char>& taken, std::vector<vertex_t>& out) {
  const auto cols = static_cast<vertex_t>(taken.size());
  const std::size_t first = out.size();
  for (vertex_t j = cols - length; j < cols; ++j) {
    const vertex_t t = std::uniform_int_distribution<vertex_t>(0, j)(random);
    const vertex_t pick = taken[static_cast<std::size_t>(t)] ? j : t;
    taken[static_cast<std::size_t>(pick)] = 1;
    out.push_back(pick);
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
  for (std::size_t i = first; i < out.size(); ++i) taken[static_cast<std::size_t>(out[i])] = 0;
}

}  // namespace

const char* to_string(RowShape shape) {
  switch (shape) {
    case RowShape::uniform:
      return "uniform";
    case RowShape::half_empty:
      return "half-empty";
    case RowShape::one_huge_row:
      return "one-huge-row";
    case RowShape::power_law:
      return "power-law";
    case RowShape::banded:
      return "banded";
  }
  return "?";
}

HostCsr random_csr(std::mt19937_64& random, vertex_t rows, vertex_t cols, RowShape shape, double mean_length) {
  HostCsr m;
  m.rows = rows;
  m.cols = cols;
  m.offsets.assign(1, 0);
  const std::vector<vertex_t> lengths = row_lengths(random, rows, cols, shape, mean_length);
  const auto half_band = static_cast<vertex_t>(mean_length / 2);
  std::vector<char> taken(static_cast<std::size_t>(cols), 0);
  for (vertex_t r = 0; r < rows; ++r) {
    if (cols > 0 && shape == RowShape::banded) {
      for (vertex_t c = std::max<vertex_t>(0, r - half_band); c <= std::min<vertex_t>(cols - 1, r + half_band); ++c)
        m.indices.push_back(c);
    } else if (cols > 0) {
      sample_columns(random, lengths[static_cast<std::size_t>(r)], taken, m.indices);
    }
    m.offsets.push_back(m.entries());
  }
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  m.values.resize(m.indices.size());
  for (float& v : m.values) v = value(random);
  return m;
}

HostCsr csr_with_row_lengths(std::mt19937_64& random, vertex_t cols, const std::vector<vertex_t>& lengths) {
  HostCsr m;
  m.rows = static_cast<vertex_t>(lengths.size());
  m.cols = cols;
  m.offsets.assign(1, 0);
  std::vector<char> taken(static_cast<std::size_t>(cols), 0);
  for (vertex_t length : lengths) {
    sample_columns(random, std::min(length, cols), taken, m.indices);
    m.offsets.push_back(m.entries());
  }
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  m.values.resize(m.indices.size());
  for (float& v : m.values) v = value(random);
  return m;
}

HostCsr transpose(const HostCsr& matrix) {
  HostCsr t;
  t.rows = matrix.cols;
  t.cols = matrix.rows;
  t.offsets.assign(static_cast<std::size_t>(t.rows) + 1, 0);
  for (vertex_t c : matrix.indices) ++t.offsets[static_cast<std::size_t>(c) + 1];
  std::partial_sum(t.offsets.begin(), t.offsets.end(), t.offsets.begin());
  t.indices.resize(matrix.indices.size());
  t.values.resize(matrix.values.size());
  std::vector<edge_t> next(t.offsets.begin(), t.offsets.end() - 1);
  for (vertex_t r = 0; r < matrix.rows; ++r)  // rows in order: transposed rows come out sorted
    for (edge_t e = matrix.offsets[static_cast<std::size_t>(r)]; e < matrix.offsets[static_cast<std::size_t>(r) + 1];
         ++e) {
      const auto column = static_cast<std::size_t>(matrix.indices[static_cast<std::size_t>(e)]);
      const auto slot = static_cast<std::size_t>(next[column]++);
      t.indices[slot] = r;
      t.values[slot] = matrix.values[static_cast<std::size_t>(e)];
    }
  return t;
}

HostCsr symmetrized(const HostCsr& matrix) {
  const HostCsr t = transpose(matrix);
  HostCsr s;
  s.rows = matrix.rows;
  s.cols = matrix.cols;
  s.offsets.assign(1, 0);
  for (vertex_t r = 0; r < matrix.rows; ++r) {
    // Merge row r of A and of A^T. Both directions of the pair {r, c} take
    // the weight of A's entry in row min(r, c) when A has it, else of A's
    // entry in row max(r, c): the same choice from either side, so the
    // result is symmetric in weights too.
    const auto row = static_cast<std::size_t>(r);
    edge_t i = matrix.offsets[row], j = t.offsets[row];
    const edge_t i_end = matrix.offsets[row + 1], j_end = t.offsets[row + 1];
    while (i < i_end || j < j_end) {
      const vertex_t ci = i < i_end ? matrix.indices[static_cast<std::size_t>(i)] : matrix.cols;
      const vertex_t cj = j < j_end ? t.indices[static_cast<std::size_t>(j)] : matrix.cols;
      const vertex_t c = std::min(ci, cj);
      float w = 0.0f;
      if (r <= c)
        w = ci == c ? matrix.values[static_cast<std::size_t>(i)] : t.values[static_cast<std::size_t>(j)];
      else
        w = cj == c ? t.values[static_cast<std::size_t>(j)] : matrix.values[static_cast<std::size_t>(i)];
      s.indices.push_back(c);
      s.values.push_back(w);
      if (ci == c) ++i;
      if (cj == c) ++j;
    }
    s.offsets.push_back(s.entries());
  }
  return s;
}

Graph as_graph(const HostCsr& matrix, bool directed) {
  Csr csr;
  csr.offsets = matrix.offsets;
  csr.indices = matrix.indices;
  csr.values = matrix.values;
  IdMap ids;
  ids.base = 0;
  return Graph::from_csr(std::move(csr), directed, std::move(ids));
}

std::vector<float> random_dense(std::mt19937_64& random, std::size_t count) {
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<float> x(count);
  for (float& v : x) v = value(random);
  return x;
}

template <class T>
Reference reference_product(const HostCsr& a, const std::vector<T>& x, std::size_t width, bool use_weights) {
  Reference ref;
  ref.value.assign(static_cast<std::size_t>(a.rows) * width, 0.0);
  ref.magnitude.assign(ref.value.size(), 0.0);
  for (vertex_t r = 0; r < a.rows; ++r) {
    const auto row = static_cast<std::size_t>(r);
    for (edge_t e = a.offsets[row]; e < a.offsets[row + 1]; ++e) {
      const double weight = use_weights ? a.values[static_cast<std::size_t>(e)] : 1.0;
      const std::size_t x_row = static_cast<std::size_t>(a.indices[static_cast<std::size_t>(e)]) * width;
      for (std::size_t k = 0; k < width; ++k) {
        const double product = weight * static_cast<double>(x[x_row + k]);
        ref.value[row * width + k] += product;
        ref.magnitude[row * width + k] += std::abs(product);
      }
    }
  }
  return ref;
}

template <class T>
std::vector<std::size_t> mismatches(const std::vector<T>& actual, const Reference& expected, double relative,
                                    double absolute) {
  std::vector<std::size_t> wrong;
  if (actual.size() != expected.value.size()) {
    wrong.push_back(std::min(actual.size(), expected.value.size()));
    return wrong;
  }
  for (std::size_t i = 0; i < actual.size(); ++i) {
    const double error = std::abs(static_cast<double>(actual[i]) - expected.value[i]);
    if (!(error <= relative * expected.magnitude[i] + absolute)) wrong.push_back(i);  // NaN fails too
  }
  return wrong;
}

template Reference reference_product<float>(const HostCsr&, const std::vector<float>&, std::size_t, bool);
template Reference reference_product<double>(const HostCsr&, const std::vector<double>&, std::size_t, bool);
template std::vector<std::size_t> mismatches<float>(const std::vector<float>&, const Reference&, double, double);
template std::vector<std::size_t> mismatches<double>(const std::vector<double>&, const Reference&, double, double);

}  // namespace graphrun::test

#pragma once
// Random sparse matrices of chosen row-length shapes and a double-precision
// host reference of Y = A X, for the GPU SpMM / SpMV tests and timings.
#include <cstddef>
#include <random>
#include <vector>

#include "graphrun/graph.hpp"
#include "graphrun/types.hpp"

namespace graphrun::test {

struct HostCsr {
  vertex_t rows = 0;
  vertex_t cols = 0;
  std::vector<edge_t> offsets{0};
  std::vector<vertex_t> indices;
  std::vector<float> values;

  edge_t entries() const { return static_cast<edge_t>(indices.size()); }
};

enum class RowShape {
  uniform,       // lengths uniform in [0, 2 * mean]
  half_empty,    // every other row empty, the rest twice as long
  one_huge_row,  // one row holds most entries (all columns when cols allow)
  power_law,     // Zipf-like lengths: a few hubs, many short rows
  banded,        // row i holds the columns within mean/2 of i
};

const char* to_string(RowShape shape);

// Rows sorted and duplicate-free (valid for Graph::from_csr when square);
// values uniform in [-1, 1].
HostCsr random_csr(std::mt19937_64& random, vertex_t rows, vertex_t cols, RowShape shape, double mean_length);

// Rows of exactly the given lengths (each at most cols), random columns.
HostCsr csr_with_row_lengths(std::mt19937_64& random, vertex_t cols, const std::vector<vertex_t>& lengths);

HostCsr transpose(const HostCsr& matrix);

// The directed (or undirected: the caller passes a symmetric matrix) graph
// whose out-CSR is `matrix`; square matrices only.
Graph as_graph(const HostCsr& matrix, bool directed);

// Symmetric version of a square matrix (A + A^T pattern, mirrored weights).
HostCsr symmetrized(const HostCsr& matrix);

std::vector<float> random_dense(std::mt19937_64& random, std::size_t count);

// Y = A X for row-major X (cols x width), accumulated in double, with the sum
// of |a| |x| per output as the scale of the rounding a float kernel may show.
struct Reference {
  std::vector<double> value;
  std::vector<double> magnitude;
};
template <class T>
Reference reference_product(const HostCsr& a, const std::vector<T>& x, std::size_t width, bool use_weights);

// Indices i where |actual[i] - expected.value[i]| exceeds
// relative * magnitude[i] + absolute (NaN always does). Empty = all close.
template <class T>
std::vector<std::size_t> mismatches(const std::vector<T>& actual, const Reference& expected, double relative,
                                    double absolute);

}  // namespace graphrun::test

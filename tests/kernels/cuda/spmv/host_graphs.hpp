#pragma once
// Host CSR matrices of the shapes the SpMV kernels must handle (uniform,
// power-law with one huge row, mostly empty rows, banded, R-MAT) for the
// kernel tests and the timing run. Columns are sorted within each row;
// duplicates are allowed (a graph built without merging keeps them).
#include <cstdint>
#include <random>
#include <vector>

#include "graphrun/types.hpp"

namespace graphrun::test {

struct HostCsr {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::vector<edge_t> offsets{0};
  std::vector<vertex_t> indices;
  std::vector<float> values;

  std::int64_t entries() const { return static_cast<std::int64_t>(indices.size()); }
  std::int64_t length(std::int64_t row) const {
    return offsets[static_cast<std::size_t>(row) + 1] - offsets[static_cast<std::size_t>(row)];
  }
};

// Rows of the given lengths, columns uniform in [0, cols) and sorted, weights
// uniform in [-1, 1].
HostCsr csr_from_lengths(std::mt19937_64& random, const std::vector<std::int64_t>& lengths, std::int64_t cols);

// Lengths uniform in [min_length, max_length].
std::vector<std::int64_t> uniform_lengths(std::mt19937_64& random, std::int64_t rows, std::int64_t min_length,
                                          std::int64_t max_length);

// Pareto lengths (tail exponent 1.5) around `mean`, plus one row holding
// `huge_row_length` entries.
std::vector<std::int64_t> power_law_lengths(std::mt19937_64& random, std::int64_t rows, double mean,
                                            std::int64_t huge_row_length);

// A fraction `empty_fraction` of the rows empty, the rest uniform in [1, max_length].
std::vector<std::int64_t> mostly_empty_lengths(std::mt19937_64& random, std::int64_t rows, double empty_fraction,
                                               std::int64_t max_length);

// Row i holds columns i - half_width .. i + half_width (clipped); weights random.
HostCsr banded_csr(std::mt19937_64& random, std::int64_t rows, std::int64_t half_width);

// Square, rows of the given lengths, columns uniform within `reach` of the
// row (clipped to the matrix) and sorted, weights uniform in [-1, 1]: a
// road map or mesh whose ids follow the geometry.
HostCsr near_diagonal_csr(std::mt19937_64& random, const std::vector<std::int64_t>& lengths, std::int64_t reach);

// R-MAT (a, b, c, d) = (0.57, 0.19, 0.19, 0.05) with 2^scale vertices and
// edge_factor * 2^scale edges, as a CSR with sorted rows (Graph500-like skew).
HostCsr rmat_csr(std::uint64_t seed, int scale, int edge_factor);

// The transpose (rows of A^T, sorted: a counting sort by column keeps the
// row order), weights carried along.
HostCsr transpose(const HostCsr& a);

}  // namespace graphrun::test

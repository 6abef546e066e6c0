#pragma once
// Stable sort of one CSR row by column, carrying the weights along when the
// graph has them: equal columns keep their order, which is the file order
// the duplicate merge relies on.
//
// Short rows: insertion sort in place. Longer rows: least-significant-digit
// radix sort with 8-bit digits through a per-thread buffer, skipping every
// digit the whole row shares (column ids of a row often span few digits).
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "graphrun/types.hpp"

namespace graphrun::detail {

struct RowSortPolicy {
  static constexpr edge_t insertion_max = 48;  // longest row sorted by insertion
  static constexpr int digit_bits = 8;
};

// Per-thread scratch of the radix sort; grows to the longest row seen.
struct RowSortBuffer {
  std::vector<vertex_t> columns;
  std::vector<float> weights;
};

template <bool Weighted>
void insertion_sort_row(vertex_t* column, float* weight, edge_t count) {
  for (edge_t i = 1; i < count; ++i) {
    const vertex_t c = column[i];
    const float w = Weighted ? weight[i] : 0.0f;
    edge_t j = i;
    for (; j > 0 && column[j - 1] > c; --j) {
      column[j] = column[j - 1];
      if constexpr (Weighted) weight[j] = weight[j - 1];
    }
    column[j] = c;
    if constexpr (Weighted) weight[j] = w;
  }
}

// Columns are non-negative vertex ids, so their bits sort as unsigned.
template <bool Weighted>
void radix_sort_row(vertex_t* column, float* weight, edge_t count, RowSortBuffer& buffer) {
  constexpr int radix = 1 << RowSortPolicy::digit_bits;
  const auto size = static_cast<std::size_t>(count);
  if (buffer.columns.size() < size) buffer.columns.resize(size);
  if (Weighted && buffer.weights.size() < size) buffer.weights.resize(size);
  std::uint32_t all_bits = 0;
  for (edge_t i = 0; i < count; ++i) all_bits |= static_cast<std::uint32_t>(column[i]);

  vertex_t* from_column = column;
  float* from_weight = weight;
  vertex_t* to_column = buffer.columns.data();
  float* to_weight = Weighted ? buffer.weights.data() : nullptr;
  for (int shift = 0; shift < 32 && (all_bits >> shift) != 0; shift += RowSortPolicy::digit_bits) {
    std::array<edge_t, radix> bucket{};
    for (edge_t i = 0; i < count; ++i) ++bucket[(static_cast<std::uint32_t>(from_column[i]) >> shift) & (radix - 1)];
    bool one_bucket = false;
    edge_t running = 0;
    for (edge_t& b : bucket) {
      one_bucket = one_bucket || b == count;
      const edge_t c = b;
      b = running;
      running += c;
    }
    if (one_bucket) continue;  // every column has this digit: the pass is the identity
    for (edge_t i = 0; i < count; ++i) {
      const edge_t slot = bucket[(static_cast<std::uint32_t>(from_column[i]) >> shift) & (radix - 1)]++;
      to_column[slot] = from_column[i];
      if constexpr (Weighted) to_weight[slot] = from_weight[i];
    }
    std::swap(from_column, to_column);
    if constexpr (Weighted) std::swap(from_weight, to_weight);
  }
  if (from_column != column) {
    std::copy_n(from_column, size, column);
    if constexpr (Weighted) std::copy_n(from_weight, size, weight);
  }
}

template <bool Weighted>
void sort_row_by_column(vertex_t* column, float* weight, edge_t count, RowSortBuffer& buffer) {
  if (count <= RowSortPolicy::insertion_max) insertion_sort_row<Weighted>(column, weight, count);
  else radix_sort_row<Weighted>(column, weight, count, buffer);
}

}  // namespace graphrun::detail

#pragma once
// "The K best vertices" lines shared by the commands that rank vertices.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "graphrun/edge_list.hpp"

namespace graphrun::cli {

// Indices of the k largest values (none for k <= 0), ties by smaller vertex
// id (deterministic). k is 64-bit: callers add vertex counts to --top.
template <class T>
std::vector<vertex_t> top_k(std::span<const T> values, std::int64_t k) {
  std::vector<vertex_t> order(values.size());
  std::iota(order.begin(), order.end(), vertex_t{0});
  const auto count = std::min<std::size_t>(static_cast<std::size_t>(std::max<std::int64_t>(k, 0)), order.size());
  std::partial_sort(order.begin(), order.begin() + count, order.end(), [&](vertex_t a, vertex_t b) {
    return values[a] != values[b] ? values[a] > values[b] : a < b;
  });
  order.resize(count);
  return order;
}

}  // namespace graphrun::cli

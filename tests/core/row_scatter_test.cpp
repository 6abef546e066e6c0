// The stable row scatter of every CSR build (core/src/row_scatter.hpp):
// its 64-bit cursors, which the builds take only past 2^32 - 1 entries,
// must place every entry exactly where the 32-bit ones do, and both must
// equal a serial stable pass, for any chunk count.
#include <catch2/catch.hpp>
#include <omp.h>

#include <cstdint>
#include <random>
#include <vector>

#include "core/src/row_scatter.hpp"

using namespace graphrun;

namespace {

// Item i yields (row_a[i], i) and, when mirrored[i], (row_b[i], i + items).
struct Items {
  std::vector<vertex_t> row_a, row_b;
  std::vector<bool> mirrored;
  std::size_t size() const { return row_a.size(); }
};

Items random_items(std::size_t count, vertex_t rows, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  // Skewed rows: a quarter of the entries land in row 0, a hub.
  std::uniform_int_distribution<vertex_t> row(0, rows - 1);
  std::bernoulli_distribution hub(0.25), mirror(0.5);
  Items items;
  for (std::size_t i = 0; i < count; ++i) {
    items.row_a.push_back(hub(rng) ? 0 : row(rng));
    items.row_b.push_back(row(rng));
    items.mirrored.push_back(mirror(rng));
  }
  return items;
}

struct Scattered {
  std::vector<edge_t> offsets;
  std::vector<std::uint64_t> slots;
};

template <typename Counter>
Scattered scatter(const Items& items, vertex_t rows, int chunks) {
  Scattered result;
  result.slots.assign(2 * items.size(), ~std::uint64_t{0});
  auto for_each_entry = [&](std::size_t i, auto&& emit) {
    emit(items.row_a[i], std::uint64_t{i});
    if (items.mirrored[i]) emit(items.row_b[i], std::uint64_t{i + items.size()});
  };
  auto store = [&](edge_t slot, std::uint64_t payload) { result.slots[static_cast<std::size_t>(slot)] = payload; };
  detail::EvenSplit split;
  result.offsets =
      detail::scatter_rows_stable_with<Counter>(items.size(), rows, chunks, for_each_entry, store, split);
  return result;
}

// Row by row, each row's payloads in item order: what a serial pass gives.
Scattered serial(const Items& items, vertex_t rows) {
  std::vector<std::vector<std::uint64_t>> by_row(static_cast<std::size_t>(rows));
  for (std::size_t i = 0; i < items.size(); ++i) {
    by_row[static_cast<std::size_t>(items.row_a[i])].push_back(i);
    if (items.mirrored[i]) by_row[static_cast<std::size_t>(items.row_b[i])].push_back(i + items.size());
  }
  Scattered result;
  result.offsets.push_back(0);
  for (const auto& row : by_row) {
    result.slots.insert(result.slots.end(), row.begin(), row.end());
    result.offsets.push_back(static_cast<edge_t>(result.slots.size()));
  }
  result.slots.resize(2 * items.size(), ~std::uint64_t{0});
  return result;
}

}  // namespace

TEST_CASE("row scatter: 64-bit cursors place entries as 32-bit ones and a serial pass do", "[build][scatter]") {
  const vertex_t rows = 997;
  const Items items = random_items(60'000, rows, 7);
  const Scattered expected = serial(items, rows);
  for (const int chunks : {1, 2, 3, 8}) {
    INFO("chunks " << chunks);
    const Scattered narrow = scatter<std::uint32_t>(items, rows, chunks);
    const Scattered wide = scatter<std::uint64_t>(items, rows, chunks);
    CHECK(narrow.offsets == expected.offsets);
    CHECK(narrow.slots == expected.slots);
    CHECK(wide.offsets == expected.offsets);
    CHECK(wide.slots == expected.slots);
  }
}

TEST_CASE("row scatter: the histograms' memory bound counts the cursor width", "[build][scatter]") {
  const std::size_t budget = std::size_t{64} << 20;  // the bound when entries are few
  for (const std::size_t rows : {std::size_t{1} << 20, std::size_t{3} << 21, std::size_t{1} << 23}) {
    for (const std::size_t bytes : {sizeof(std::uint32_t), sizeof(std::uint64_t)}) {
      const int chunks = detail::scatter_chunks(std::size_t{1} << 20, rows, bytes);
      INFO("rows " << rows << ", counter bytes " << bytes << ", chunks " << chunks);
      CHECK(chunks >= 1);
      CHECK(chunks <= omp_get_max_threads());
      CHECK((chunks == 1 || static_cast<std::size_t>(chunks) * rows * bytes <= budget));
    }
  }
}

// Counts csr-hub-split's candidate tiers on a graph: columns ranked by
// entries, 57344 a tier; per tier its entries and the slots of its groups
// when each row's entries of the tier are padded to groups of 8 (as built)
// or of 4.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <vector>

#include "graphrun/io/read.hpp"

int main(int argc, char** argv) {
  constexpr int64_t tier_columns = 57344;
  constexpr int tiers = 12;
  const graphrun::Graph graph = graphrun::io::load_graph(argv[1]);
  const graphrun::Csr& csr = graph.out_edges();
  const int64_t rows = csr.num_rows(), entries = csr.num_entries();
  std::vector<uint32_t> degree(rows, 0);
  for (int64_t e = 0; e < entries; ++e) ++degree[csr.indices[e]];
  std::vector<int> order(rows);
  std::iota(order.begin(), order.end(), 0);
  const int64_t ranked = std::min<int64_t>(rows, tiers * tier_columns);
  std::partial_sort(order.begin(), order.begin() + ranked, order.end(),
                    [&](int a, int b) { return degree[a] > degree[b] || (degree[a] == degree[b] && a < b); });
  std::vector<int8_t> tier_of(rows, -1);
  for (int64_t i = 0; i < ranked; ++i) tier_of[order[i]] = static_cast<int8_t>(i / tier_columns);
  std::vector<int64_t> tier_entries(tiers, 0), slots8(tiers, 0), slots4(tiers, 0);
  for (int64_t r = 0; r < rows; ++r) {
    int64_t count[tiers] = {};
    for (int64_t e = csr.offsets[r]; e < csr.offsets[r + 1]; ++e) {
      const int t = tier_of[csr.indices[e]];
      if (t >= 0) ++count[t];
    }
    for (int t = 0; t < tiers; ++t) {
      tier_entries[t] += count[t];
      slots8[t] += (count[t] + 7) / 8 * 8;
      slots4[t] += (count[t] + 3) / 4 * 4;
    }
  }
  std::printf("%s: %lld rows, %lld entries\n", argv[1], (long long)rows, (long long)entries);
  std::printf("tier | entries | %% of all | fill (groups of 8) | fill (groups of 4) | rest entries after it\n");
  int64_t rest = entries;
  for (int t = 0; t < tiers; ++t) {
    rest -= tier_entries[t];
    std::printf("%d | %lld | %.2f | %.3f | %.3f | %lld (%.1f %%)\n", t, (long long)tier_entries[t],
                100.0 * tier_entries[t] / entries, slots8[t] ? double(tier_entries[t]) / slots8[t] : 0.0,
                slots4[t] ? double(tier_entries[t]) / slots4[t] : 0.0, (long long)rest, 100.0 * rest / entries);
  }
}

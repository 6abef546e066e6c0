#include "output/derived_metrics.hpp"

#include <map>
#include <tuple>

namespace graphrun::bench {

void add_speedups_vs_cusparse(std::span<ResultRow> rows) {
  using Key = std::tuple<std::string, std::string, std::size_t>;
  std::map<Key, double> best_cusparse;
  for (const ResultRow& row : rows) {
    if (row.backend != "cusparse" || !row.timed() || !row.check.passed) continue;
    const Key key{row.graph, row.operation, row.width};
    auto [slot, inserted] = best_cusparse.emplace(key, row.time_ms.median);
    if (!inserted && row.time_ms.median < slot->second) slot->second = row.time_ms.median;
  }
  for (ResultRow& row : rows) {
    const auto best = best_cusparse.find(Key{row.graph, row.operation, row.width});
    if (best != best_cusparse.end() && row.timed() && row.time_ms.median > 0)
      row.speedup_vs_cusparse = best->second / row.time_ms.median;
  }
}

}  // namespace graphrun::bench

#include "id_compaction.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <limits>
#include <string>
#include <type_traits>

#include "graphrun/error.hpp"
#include "graphrun/internal/parallel.hpp"

namespace graphrun::io::detail {
namespace {

struct IdRange {
  std::int64_t min = 0;
  std::int64_t max = -1;
};

template <class Id>
IdRange range_of(std::span<const Id> a, std::span<const Id> b) {
  std::int64_t lo = std::numeric_limits<std::int64_t>::max(), hi = std::numeric_limits<std::int64_t>::min();
#pragma omp parallel for reduction(min : lo) reduction(max : hi)
  for (std::size_t i = 0; i < a.size(); ++i) {
    lo = std::min({lo, static_cast<std::int64_t>(a[i]), static_cast<std::int64_t>(b[i])});
    hi = std::max({hi, static_cast<std::int64_t>(a[i]), static_cast<std::int64_t>(b[i])});
  }
  return a.empty() ? IdRange{} : IdRange{lo, hi};
}

void check_vertex_count(std::uint64_t distinct, const std::string& path) {
  if (distinct > static_cast<std::uint64_t>(max_vertices))
    throw InputError(path, 0,
                     "the file has " + std::to_string(distinct) + " distinct vertex ids: graphrun supports at most " +
                         std::to_string(max_vertices) + " vertices");
}

// Writes the compact id of every endpoint: `rank` maps an original id to its
// position among the sorted distinct ids. Narrow ids (vertex_t) are
// relabelled in place, in the arrays the parser filled; wide ids into new ones.
template <class Id, class Rank>
void relabel(IdColumns<Id>& ids, const Rank& rank, CompactedIds& result) {
  if constexpr (std::is_same_v<Id, vertex_t>) {
    result.src = std::move(ids.src);
    result.dst = std::move(ids.dst);
  } else {
    graphrun::detail::resize_bulk(result.src, ids.src.size());
    graphrun::detail::resize_bulk(result.dst, ids.dst.size());
  }
  const Id* src = std::is_same_v<Id, vertex_t> ? reinterpret_cast<const Id*>(result.src.data()) : ids.src.data();
  const Id* dst = std::is_same_v<Id, vertex_t> ? reinterpret_cast<const Id*>(result.dst.data()) : ids.dst.data();
  const std::size_t count = result.src.size();
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < count; ++i) {
    result.src[i] = rank(static_cast<std::int64_t>(src[i]));
    result.dst[i] = rank(static_cast<std::int64_t>(dst[i]));
  }
}

// Bitmap strategy: one bit per id in [min, max]; the rank of an id is the
// number of set bits before it (prefix count per word + popcount).
template <class Id>
CompactedIds compact_by_bitmap(IdColumns<Id>& ids, IdRange range, const std::string& path) {
  const std::span<const Id> src(ids.src), dst(ids.dst);
  const auto id_span = static_cast<std::uint64_t>(range.max - range.min) + 1;
  const std::size_t words = static_cast<std::size_t>((id_span + 63) / 64);
  std::vector<std::uint64_t> bits(words, 0);
  auto mark = [&](Id id) {
    const auto offset = static_cast<std::uint64_t>(id - range.min);
    const std::uint64_t bit = std::uint64_t{1} << (offset % 64);
    std::atomic_ref<std::uint64_t> word(bits[offset / 64]);
    // Read first: most ids repeat, and a plain load of a shared cache line
    // is far cheaper than an atomic read-modify-write that bounces it.
    if ((word.load(std::memory_order_relaxed) & bit) == 0) word.fetch_or(bit, std::memory_order_relaxed);
  };
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < src.size(); ++i) {
    mark(src[i]);
    mark(dst[i]);
  }
  std::vector<std::uint64_t> rank_before(words + 1, 0);
  for (std::size_t w = 0; w < words; ++w)
    rank_before[w + 1] = rank_before[w] + static_cast<std::uint64_t>(std::popcount(bits[w]));
  check_vertex_count(rank_before[words], path);

  CompactedIds result;
  result.sorted_ids.resize(static_cast<std::size_t>(rank_before[words]));
#pragma omp parallel for schedule(static)
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t word = bits[w];
    std::uint64_t slot = rank_before[w];
    while (word != 0) {
      const int bit = std::countr_zero(word);
      result.sorted_ids[slot++] = range.min + static_cast<std::int64_t>(w * 64 + static_cast<std::size_t>(bit));
      word &= word - 1;
    }
  }
  auto rank = [&](std::int64_t id) {
    const auto offset = static_cast<std::uint64_t>(id - range.min);
    const std::uint64_t below = bits[offset / 64] & ((std::uint64_t{1} << (offset % 64)) - 1);
    return static_cast<vertex_t>(rank_before[offset / 64] + static_cast<std::uint64_t>(std::popcount(below)));
  };
  relabel(ids, rank, result);
  return result;
}

// Sorts in parallel: each thread sorts a slice, then slices are merged
// pairwise, the pairs of one round in parallel.
void parallel_sort(std::vector<std::int64_t>& values) {
  const int slices = std::max(1, std::min<int>(omp_get_max_threads(), static_cast<int>(values.size() / 65536)));
  std::vector<std::size_t> bounds(static_cast<std::size_t>(slices) + 1);
  for (int s = 0; s <= slices; ++s)
    bounds[s] = values.size() * static_cast<std::size_t>(s) / static_cast<std::size_t>(slices);
#pragma omp parallel for schedule(static, 1)
  for (int s = 0; s < slices; ++s) std::sort(values.begin() + bounds[s], values.begin() + bounds[s + 1]);
  for (int width = 1; width < slices; width *= 2) {
#pragma omp parallel for schedule(static, 1)
    for (int s = 0; s < slices; s += 2 * width) {
      const auto first = values.begin() + bounds[s];
      const auto middle = values.begin() + bounds[std::min(s + width, slices)];
      const auto last = values.begin() + bounds[std::min(s + 2 * width, slices)];
      std::inplace_merge(first, middle, last);
    }
  }
}

template <class Id>
CompactedIds compact_by_sort(IdColumns<Id>& columns, const std::string& path) {
  CompactedIds result;
  std::vector<std::int64_t>& ids = result.sorted_ids;
  ids.resize(columns.src.size() + columns.dst.size());
  std::copy(columns.src.begin(), columns.src.end(), ids.begin());
  std::copy(columns.dst.begin(), columns.dst.end(), ids.begin() + static_cast<std::ptrdiff_t>(columns.src.size()));
  parallel_sort(ids);
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  ids.shrink_to_fit();
  check_vertex_count(ids.size(), path);

  auto rank = [&](std::int64_t id) {
    return static_cast<vertex_t>(std::lower_bound(ids.begin(), ids.end(), id) - ids.begin());
  };
  relabel(columns, rank, result);
  return result;
}

}  // namespace

template <class Id>
CompactedIds compact_ids(IdColumns<Id>&& ids, const std::string& path, CompactionStrategy strategy) {
  const IdRange range = range_of(std::span<const Id>(ids.src), std::span<const Id>(ids.dst));
  if (strategy == CompactionStrategy::automatic) {
    // The bitmap costs (max - min) / 8 bytes; worth it while that stays
    // within ~4 bytes per entry, the size of the compacted ids themselves.
    const auto id_span = static_cast<std::uint64_t>(range.max - range.min) + 1;
    strategy = id_span / 32 <= ids.src.size() + 1 ? CompactionStrategy::bitmap : CompactionStrategy::sort;
  }
  if (ids.src.empty()) return {};
  return strategy == CompactionStrategy::bitmap ? compact_by_bitmap(ids, range, path) : compact_by_sort(ids, path);
}

CompactedNames compact_names(IdColumns<std::string>&& ids, const std::string& path) {
  CompactedNames result;
  result.names.reserve(ids.src.size() + ids.dst.size());
  result.names.insert(result.names.end(), ids.src.begin(), ids.src.end());
  result.names.insert(result.names.end(), ids.dst.begin(), ids.dst.end());
  std::sort(result.names.begin(), result.names.end());
  result.names.erase(std::unique(result.names.begin(), result.names.end()), result.names.end());
  result.names.shrink_to_fit();
  check_vertex_count(result.names.size(), path);
  const auto relabel = [&](const std::vector<std::string>& column) {
    std::vector<vertex_t> compact(column.size());
    const auto count = static_cast<std::int64_t>(column.size());
#pragma omp parallel for schedule(static) if (count > 65536)
    for (std::int64_t i = 0; i < count; ++i) {
      const auto at = std::lower_bound(result.names.begin(), result.names.end(), column[static_cast<std::size_t>(i)]);
      compact[static_cast<std::size_t>(i)] = static_cast<vertex_t>(at - result.names.begin());
    }
    return compact;
  };
  result.src = relabel(ids.src);
  std::vector<std::string>().swap(ids.src);
  result.dst = relabel(ids.dst);
  return result;
}

template CompactedIds compact_ids<vertex_t>(IdColumns<vertex_t>&&, const std::string&, CompactionStrategy);
template CompactedIds compact_ids<std::int64_t>(IdColumns<std::int64_t>&&, const std::string&, CompactionStrategy);

}  // namespace graphrun::io::detail

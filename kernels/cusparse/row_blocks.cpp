#include "cusparse/row_blocks.hpp"

#include <algorithm>
#include <string>

#include "graphrun/error.hpp"

namespace graphrun::cusparse {

std::vector<RowBlock> row_blocks(std::int64_t num_rows, const std::function<edge_t(std::int64_t)>& offset_at,
                                 edge_t limit, edge_t alignment) {
  if (limit < 1 || alignment < 1)
    throw UsageError("cusparse row blocks: the entry limit and the alignment must be positive");
  std::vector<RowBlock> blocks;
  std::int64_t first = 0;
  edge_t first_entry = num_rows > 0 ? offset_at(0) : 0;
  while (first < num_rows) {
    // Invariant: offsets[low] - first_entry <= limit < offsets[high + 1] - first_entry
    // or high == num_rows; the block ends at the largest such row `low`.
    std::int64_t low = first, high = num_rows;
    while (low < high) {
      const std::int64_t middle = low + (high - low + 1) / 2;
      if (offset_at(middle) - first_entry <= limit)
        low = middle;
      else
        high = middle - 1;
    }
    if (low == first)
      throw UsageError("the cusparse backend multiplies at most " + std::to_string(limit) +
                       " stored entries per cuSPARSE call, and row " + std::to_string(first) + " alone has " +
                       std::to_string(offset_at(first + 1) - first_entry) + " (use --backend cuda)");
    edge_t last_entry = offset_at(low);
    if (low < num_rows && last_entry % alignment != 0) {  // the next block's start: an aligned boundary, if near
      const std::int64_t nearest = std::max(first + 1, low - RowBlockPolicy::max_alignment_rows);
      for (std::int64_t end = low - 1; end >= nearest; --end)
        if (const edge_t offset = offset_at(end); offset % alignment == 0) {
          low = end;
          last_entry = offset;
          break;
        }
    }
    blocks.push_back(RowBlock{first, low - first, first_entry, last_entry - first_entry});
    first = low;
    first_entry = last_entry;
  }
  return blocks;
}

}  // namespace graphrun::cusparse

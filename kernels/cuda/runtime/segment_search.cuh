#pragma once
// Binary searches of sorted device arrays: which segment (CSR row, frontier
// entry) a flat position belongs to, so that flat, position-parallel kernels
// split work by entries, not by rows (one huge row is spread over the grid
// instead of one thread); and where a key sits in a sorted row.
#include <cstdint>

namespace graphrun::cuda {

// offsets[0..count) is non-decreasing with offsets[0] <= position. Returns
// the largest k with offsets[k] <= position: the segment holding `position`
// (empty segments, which repeat an offset, are skipped over).
template <class Offset>
__device__ __forceinline__ std::int64_t segment_of(const Offset* offsets, std::int64_t count, Offset position) {
  std::int64_t low = 0, high = count;  // answer in [low, high)
  while (high - low > 1) {
    const std::int64_t middle = low + (high - low) / 2;
    if (offsets[middle] <= position)
      low = middle;
    else
      high = middle;
  }
  return low;
}

// values[0..count) is non-decreasing. Returns the first k with values[k] >=
// key, or count when there is none (std::lower_bound's answer).
template <class Value, class Key>
__device__ __forceinline__ std::int64_t lower_bound(const Value* values, std::int64_t count, Key key) {
  std::int64_t low = 0, high = count;  // answer in [low, high]
  while (low < high) {
    const std::int64_t middle = low + (high - low) / 2;
    if (values[middle] < key)
      low = middle + 1;
    else
      high = middle;
  }
  return low;
}

}  // namespace graphrun::cuda

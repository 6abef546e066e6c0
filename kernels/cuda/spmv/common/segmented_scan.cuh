#pragma once
// Segmented (keyed-by-row) inclusive scans over row partials, for the kernels
// that split rows across lanes, threads and tiles (coo-segmented, csr-merge,
// hyb's COO tail and the carry levels; csr-stream marks segments by head
// lanes instead). Keys are row ids and are non-decreasing across the
// participating lanes / threads, so a segment is a run of equal rows; the
// combine order is always left to right, which makes every result
// deterministic. Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/spmv/common/carry_slots.cuh"
#include "cuda/spmv/common/warp_ops.cuh"

namespace graphrun::cuda::spmv {

// Inclusive segmented scan across the 32 lanes of a warp: afterwards lane l
// holds the combination of the lanes l' <= l with row(l') == row(l).
// kTrackEntries also ORs has_entries over the same lanes.
template <class Semiring, bool kTrackEntries>
__device__ __forceinline__ void warp_segmented_inclusive_scan(RowPartial<typename Semiring::value_type>& item) {
  const int lane = lane_id();
#pragma unroll
  for (int offset = 1; offset < 32; offset *= 2) {
    const vertex_t up_row = shuffle_up(item.row, offset);
    const auto up_value = shuffle_up(item.value, offset);
    bool up_has_entries = true;
    if constexpr (kTrackEntries) up_has_entries = shuffle_up(item.has_entries, offset);
    // Keys are sorted, so an equal key `offset` lanes up means every lane in
    // between is in the same segment: Hillis-Steele stays correct per segment.
    if (lane >= offset && up_row == item.row) {
      item.value = Semiring::add(up_value, item.value);
      if constexpr (kTrackEntries) item.has_entries = item.has_entries || up_has_entries;
    }
  }
}

// The same scan with the segments given by their first lanes instead of
// keys (csr-stream): `heads` has a bit set at each lane that starts a segment
// (lane 0 always starts one). Each lane sums the lanes from its segment's head
// to itself, in a fixed tree order, so the result is the same on every run.
template <class Semiring>
__device__ __forceinline__ typename Semiring::value_type warp_headed_inclusive_scan(typename Semiring::value_type value,
                                                                                    unsigned heads) {
  const int lane = lane_id();
  const unsigned heads_up_to_lane = heads & (~0u >> (31 - lane));
  const int segment_head = heads_up_to_lane == 0 ? 0 : 31 - __clz(heads_up_to_lane);
#pragma unroll
  for (int offset = 1; offset < 32; offset *= 2) {
    const auto up = shuffle_up(value, offset);
    if (lane - offset >= segment_head) value = Semiring::add(up, value);
  }
  return value;
}

// Segmented scan across a thread block (row partials, no filler tracking):
// each thread learns its inclusive partial and the inclusive partial of the
// thread before it (the carry into its first row).
template <class Semiring, int kThreads>
struct BlockSegmentedScan {
  using value_type = typename Semiring::value_type;
  static constexpr int warps = kThreads / 32;
  static_assert(kThreads % 32 == 0, "whole warps");

  struct TempStorage {
    vertex_t warp_row[warps];
    value_type warp_value[warps];
    vertex_t thread_row[kThreads];
    value_type thread_value[kThreads];
  };

  struct Result {
    RowPartial<value_type> inclusive;
    RowPartial<value_type> previous;  // previous thread's inclusive; has_entries = false for thread 0
  };

  __device__ __forceinline__ static Result scan(TempStorage& storage, vertex_t row, value_type value) {
    const int warp = static_cast<int>(threadIdx.x) / 32;
    RowPartial<value_type> item{row, value, true};
    warp_segmented_inclusive_scan<Semiring, false>(item);
    if (lane_id() == 31) {
      storage.warp_row[warp] = item.row;
      storage.warp_value[warp] = item.value;
    }
    __syncthreads();
    // The leading lanes whose row continues from earlier warps take those
    // warps' partials of that row, combined left to right.
    if (warp > 0 && storage.warp_row[warp - 1] == item.row) {
      value_type incoming = storage.warp_value[warp - 1];
      for (int earlier = warp - 2; earlier >= 0 && storage.warp_row[earlier] == item.row; --earlier)
        incoming = Semiring::add(storage.warp_value[earlier], incoming);
      item.value = Semiring::add(incoming, item.value);
    }
    storage.thread_row[threadIdx.x] = item.row;
    storage.thread_value[threadIdx.x] = item.value;
    __syncthreads();
    Result result{item, RowPartial<value_type>{no_row, Semiring::identity(), false}};
    if (threadIdx.x > 0)
      result.previous = {storage.thread_row[threadIdx.x - 1], storage.thread_value[threadIdx.x - 1], true};
    return result;
  }
};

}  // namespace graphrun::cuda::spmv

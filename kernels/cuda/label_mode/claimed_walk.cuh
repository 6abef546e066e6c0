#pragma once
// How the warp- and block-per-item label_mode kernels walk their lists:
// groups (a warp or a block each) claim items one at a time from a device
// cursor instead of striding over the list. Rows differ in length (the
// block class spans 257..2048 entries), so a static stride left the grid
// waiting on the groups that drew the most entries; claimed items even out.
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "graphrun/types.hpp"
#include "cuda/label_mode/neighbour_rows.cuh"
#include "cuda/label_mode/row_classes.hpp"
#include "cuda/spmv/common/warp_ops.cuh"

namespace graphrun::cuda::label_mode_detail {

// A position in a class's list.
using index_t = std::int64_t;

// A warp per item: lane 0 claims, a shuffle hands the index to the warp.
struct WarpClaims {
  __device__ __forceinline__ static index_t group() {
    return (static_cast<index_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  }
  __device__ __forceinline__ static index_t groups() { return static_cast<index_t>(gridDim.x) * blockDim.x / 32; }
  __device__ __forceinline__ static bool claimer() { return spmv::lane_id() == 0; }
  // Every lane calls it; lane 0's claim is returned to all.
  __device__ __forceinline__ index_t publish(index_t claim) { return __shfl_sync(spmv::full_warp_mask, claim, 0); }
  __device__ __forceinline__ index_t published() const { return 0; }  // publish() already returned it
};

// A block per item: thread 0 claims and writes the index to one of two
// shared slots. The reader takes it only after the block's next
// __syncthreads (the kernels' loop-top barrier), and the two slots
// alternate, so a write never meets a read of the same slot before that
// barrier.
struct BlockClaims {
  index_t* slots;  // two, in shared memory
  std::uint32_t parity = 0;

  __device__ __forceinline__ static index_t group() { return static_cast<index_t>(blockIdx.x); }
  __device__ __forceinline__ static index_t groups() { return static_cast<index_t>(gridDim.x); }
  __device__ __forceinline__ static bool claimer() { return threadIdx.x == 0; }
  __device__ __forceinline__ index_t publish(index_t claim) {
    parity ^= 1u;
    if (claimer()) slots[parity] = claim;
    return -1;  // not known to the other threads until after the barrier
  }
  __device__ __forceinline__ index_t published() const { return slots[parity]; }
};

// Walks the items a group claims, with loads running ahead: while item k is
// counted, item k+1's row offsets, item k+2's list entry and the claim of
// item k+3 are on their way, so an item's critical path is its index and
// label loads alone, not cursor -> list -> offsets -> indices -> labels.
// Items 0..2 of a group are g, g + G, g + 2G (G groups), with no atomics;
// later ones come from the cursor, counted from 3G. Claims grow, so the
// walk ends at the first index past the list. Per item, every thread of the
// group calls prefetch() before the item's work and advance() after it.
// The list and rows are passed to each call, not held: kernel parameters
// stay in the constant bank instead of taking registers.
template <class Item, class Claims>
class ClaimedWalk {
 public:
  __device__ __forceinline__ ClaimedWalk(const NeighbourRows& rows, const Item* list, index_t count, Claims claims)
      : claims_(claims) {
    const index_t g = Claims::group();
    const index_t step = Claims::groups();
    index_ = g;
    next_index_ = g + step;
    after_next_index_ = g + 2 * step;
    if (index_ < count) {
      item_ = list[index_];
      bounds_ = rows.bounds(vertex_of(item_));
    }
    if (next_index_ < count) next_item_ = list[next_index_];
  }

  __device__ __forceinline__ bool done(index_t count) const { return index_ >= count; }
  __device__ __forceinline__ index_t index() const { return index_; }
  __device__ __forceinline__ const Item& item() const { return item_; }
  __device__ __forceinline__ RowSpan span(const NeighbourRows& rows) const { return rows.span(bounds_); }

  __device__ __forceinline__ void prefetch(const NeighbourRows& rows, const Item* list, index_t count,
                                           unsigned long long* cursor) {
    if (next_index_ < count) next_bounds_ = rows.bounds(vertex_of(next_item_));
    if (after_next_index_ < 0) after_next_index_ = claims_.published();
    if (after_next_index_ < count) item_after_next_ = list[after_next_index_];
    if (Claims::claimer() && after_next_index_ < count)
      claim_ = 3 * Claims::groups() + static_cast<index_t>(atomicAdd(cursor, 1ull));
    else
      claim_ = count;  // past the list: nothing left to claim
  }

  __device__ __forceinline__ void advance() {
    index_ = next_index_;
    item_ = next_item_;
    bounds_ = next_bounds_;
    next_index_ = after_next_index_;
    next_item_ = item_after_next_;
    after_next_index_ = claims_.publish(claim_);
  }

 private:
  static __device__ __forceinline__ vertex_t vertex_of(vertex_t v) { return v; }
  static __device__ __forceinline__ vertex_t vertex_of(const HugeChunk& chunk) { return chunk.vertex; }

  Claims claims_;
  index_t index_;
  index_t next_index_;
  index_t after_next_index_;
  index_t claim_ = 0;
  Item item_{};
  Item next_item_{};
  Item item_after_next_{};
  RowBounds bounds_{};
  RowBounds next_bounds_{};
};

}  // namespace graphrun::cuda::label_mode_detail

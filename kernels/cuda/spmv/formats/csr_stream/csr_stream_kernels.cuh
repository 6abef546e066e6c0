#pragma once
// csr-stream: a warp owns 32 consecutive rows (lane i: row first + i) and
// streams their entries, which are contiguous in CSR, in windows of 32
// (lane j: entry window + j, windows aligned to 32 entries), so every matrix
// load is one aligned 128-byte line read by one warp load. The window's
// products are combined by a warp segmented scan whose heads are the rows'
// first entries, and lane i takes row i's part of the window from the lane
// that holds its last entry there.
//
// Why: csr-vector:K gives each row its own K lanes, so a warp load covers
// 32 / K row pieces that start anywhere, and rows of a few dozen entries
// touch more matrix sectors than they hold. With the L2 at its sustained
// peak, the extra sectors are the extra time
// (docs/decisions/008-csr-stream.md). Streaming the warp's rows as one run
// reads each matrix sector once whatever the row lengths, and the matrix
// loads skip L1 (each line is read by exactly one warp load), leaving L1 to
// the x gathers.
//
// Rows stay whole within a warp (no carries between warps), so one very long
// row holds up its warp: auto keeps this kernel to graphs without skew.
// Output is RowOutput for SpMV or PageRank's fused epilogue (see
// csr_scalar_kernels.cuh). Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/common/segmented_scan.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"
#include "cuda/spmv/common/warp_ops.cuh"

namespace graphrun::cuda::spmv {

// Lanes [first, last) of a window as a bit mask (0 <= first <= last <= 32).
__device__ __forceinline__ unsigned lane_range_bits(int first, int last) {
  const unsigned below_last = last >= 32 ? ~0u : (1u << last) - 1u;
  const unsigned below_first = first >= 32 ? ~0u : (1u << first) - 1u;
  return below_last & ~below_first;
}

// One lane's row, seen from one window of 32 entries starting at `window`:
// the lanes its entries occupy there, [first, last) (empty when first >=
// last), and whether it starts in this window. Packed into one int because a
// trip keeps one per window in registers (computed with the loads, used by
// the scans).
class RowInWindow {
 public:
  RowInWindow() = default;
  __device__ __forceinline__ static RowInWindow of(edge_t row_start, edge_t row_end, edge_t window) {
    const edge_t first = row_start - window;
    const edge_t last = row_end - window;
    const int clamped_first = static_cast<int>(first < 0 ? 0 : (first > 32 ? 32 : first));
    const int clamped_last = static_cast<int>(last < 0 ? 0 : (last > 32 ? 32 : last));
    return RowInWindow(clamped_first | clamped_last << 6 | (first >= 0 ? 1 << 12 : 0));
  }
  __device__ __forceinline__ int first() const { return bits_ & 63; }
  __device__ __forceinline__ int last() const { return (bits_ >> 6) & 63; }
  __device__ __forceinline__ bool occupied() const { return first() < last(); }
  // Occupied and starting here: the head of a segment of the window's scan.
  __device__ __forceinline__ bool head() const { return occupied() && ((bits_ >> 12) & 1); }

 private:
  __device__ __forceinline__ explicit RowInWindow(int bits) : bits_(bits) {}
  int bits_;
};

// The matrix side of one trip (kWindows windows of 32 entries): where the
// lane's row lies in each window, which lanes hold an entry of a selected
// row, and those entries' columns and weights.
template <class Semiring, bool kWeighted, int kWindows>
struct StreamTrip {
  RowInWindow rows[kWindows];
  bool reads[kWindows];
  vertex_t columns[kWindows];
  float weights[kWindows];

  // [warp_begin, warp_end): the entries of the warp's rows. Without a mask
  // every one of them is read, a compare per lane; with one, the lanes of
  // the selected rows are collected with a warp OR. (Deriving the reads
  // from the rows always, and the rows again for the scans, costs
  // instructions on every trip; the unmasked path, the common one, skips
  // that work.)
  __device__ __forceinline__ void load(const EntryProduct<Semiring, kWeighted, LoadPath::bypass_l1>& product,
                                       edge_t trip, edge_t row_start, edge_t row_end, bool masked,
                                       edge_t warp_begin, edge_t warp_end) {
    const int lane = lane_id();
#pragma unroll
    for (int k = 0; k < kWindows; ++k) {
      const edge_t window = trip + 32 * k;
      const edge_t entry = window + lane;
      rows[k] = RowInWindow::of(row_start, row_end, window);
      if (masked) {
        const unsigned read = warp_or(rows[k].occupied() ? lane_range_bits(rows[k].first(), rows[k].last()) : 0u);
        reads[k] = (read >> lane) & 1u;
      } else {
        reads[k] = entry >= warp_begin && entry < warp_end;
      }
      columns[k] = reads[k] ? load_bypassing_l1(product.columns + entry) : 0;
      weights[k] = reads[k] ? product.weight(entry) : 0.0f;
    }
  }
};

template <class Semiring, bool kWeighted, class Output = RowOutput<Semiring>>
__global__ void __launch_bounds__(CsrStreamPolicy::threads_per_block)
    csr_stream_kernel(CsrView csr, EntryProduct<Semiring, kWeighted, LoadPath::bypass_l1> product, RowMask mask,
                      Output out) {
  using value_type = typename Semiring::value_type;
  constexpr int windows = CsrStreamPolicy::windows_per_trip;
  constexpr edge_t trip_entries = 32 * windows;
  const int lane = lane_id();
  const std::int64_t warps_per_block = blockDim.x / 32;
  const std::int64_t warps_in_grid = static_cast<std::int64_t>(gridDim.x) * warps_per_block;
  for (std::int64_t first_row = (blockIdx.x * warps_per_block + threadIdx.x / 32) * 32; first_row < csr.num_rows;
       first_row += warps_in_grid * 32) {
    const std::int64_t row = first_row + lane;
    const bool in_range = row < csr.num_rows;
    // Lane i reads offsets[first + i]; the row's end is the next lane's
    // start, and the last row's end is one more load.
    const edge_t start = in_range ? load_bypassing_l1(csr.offsets + row) : csr.num_entries;
    edge_t end = shuffle_down(start, 1);
    if (lane == 31 && in_range) end = load_bypassing_l1(csr.offsets + row + 1);
    const edge_t warp_begin = shuffle_from(start, 0);
    // Out-of-range lanes start (and end) at num_entries, the last row's end.
    const edge_t warp_end = shuffle_from(end, 31);
    // An unselected row reads nothing: its lanes contribute the identity to
    // the segment before them, which adds nothing to that row.
    const bool selected = in_range && mask.selected(row);
    const edge_t row_end = selected ? end : start;

    value_type sum = Semiring::identity();
    for (edge_t trip = warp_begin & ~edge_t{31}; trip < warp_end; trip += trip_entries) {
      // All of the trip's matrix loads, then all of its gathers, then the
      // scans: every window's loads are in flight together.
      StreamTrip<Semiring, kWeighted, windows> current;
      current.load(product, trip, start, row_end, mask.flags != nullptr, warp_begin, warp_end);
      value_type products[windows];
#pragma unroll
      for (int k = 0; k < windows; ++k)
        products[k] = current.reads[k]
                          ? Semiring::multiply(current.weights[k], load_read_only(product.x + current.columns[k]))
                          : Semiring::identity();
#pragma unroll
      for (int k = 0; k < windows; ++k) {
        const RowInWindow mine = current.rows[k];
        const unsigned heads = warp_or(mine.head() ? 1u << mine.first() : 0u);
        const value_type scanned = warp_headed_inclusive_scan<Semiring>(products[k], heads);
        const value_type part = shuffle_from(scanned, mine.occupied() ? mine.last() - 1 : lane);
        if (mine.occupied()) sum = Semiring::add(sum, part);
      }
    }
    if (selected) out.store(row, sum);
  }
  out.finish_block();
}

}  // namespace graphrun::cuda::spmv

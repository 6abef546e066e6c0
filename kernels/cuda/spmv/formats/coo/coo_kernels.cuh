#pragma once
// COO views of the adjacency (seed 003): the row id of every stored entry,
// next to the CSR's own columns and weights, built on the device by scattering
// each non-empty row's id to its first entry and taking a running maximum.
// Also coo-atomic: one thread per entry, combined into y with atomics.
// Device code: include from .cu files only.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/common/atomic_combine.cuh"
#include "cuda/spmv/common/row_access.cuh"
#include "cuda/spmv/dispatch/spmv_launch.cuh"
#include "cuda/spmv/tuning/spmv_policies.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmv {

// Entries sorted by row (CSR order). columns/weights may be the CSR's arrays.
struct CooView {
  const vertex_t* rows = nullptr;
  const vertex_t* columns = nullptr;
  const float* weights = nullptr;  // nullptr: unweighted
  std::int64_t count = 0;
};

// rows[offsets[r] - offsets[0]] = r for every non-empty row r of a
// zero-filled array; an inclusive max-scan then gives every entry its row
// (empty rows write nothing, so no two rows race for a position).
struct ScatterRowStarts {
  const edge_t* offsets;
  vertex_t* rows;
  __device__ void operator()(std::int64_t row) const {
    const edge_t start = offsets[row];
    if (offsets[row + 1] > start) rows[start - offsets[0]] = static_cast<vertex_t>(row);
  }
};

// Entry-parallel passes combine into y, so the selected rows start from the
// identity unless the caller accumulates into what y holds.
template <class Semiring>
void initialise_selected_rows(const DeviceContext& context, const SpmvOperands<Semiring>& operands) {
  if (operands.args.accumulate) return;
  for_each_index(context, operands.csr.num_rows,
                 FillSelectedWithIdentity<Semiring>{row_mask_of(operands.args), operands.y});
}

// Byte semirings combine into one word per row (AtomicCombine::word_type);
// this pass fills those words with the identity first ...
template <class Semiring>
struct FillWordsWithIdentity {
  typename AtomicCombine<Semiring>::word_type* words;
  __device__ void operator()(std::int64_t row) const {
    words[row] = static_cast<typename AtomicCombine<Semiring>::word_type>(Semiring::identity());
  }
};

// ... and this one stores them into the selected rows of y afterwards.
template <class Semiring>
struct StoreRowWords {
  RowMask mask;
  const typename AtomicCombine<Semiring>::word_type* words;
  RowOutput<Semiring> out;
  __device__ void operator()(std::int64_t row) const {
    if (mask.selected(row)) out.store(row, static_cast<typename Semiring::value_type>(words[row]));
  }
};

// target: y itself, or the per-row words of a byte semiring.
template <class Semiring, bool kWeighted>
__global__ void __launch_bounds__(CooAtomicPolicy::threads_per_block)
    coo_atomic_kernel(CooView coo, const typename Semiring::value_type* x, RowMask mask,
                      typename AtomicCombine<Semiring>::word_type* target) {
  const EntryProduct<Semiring, kWeighted, LoadPath::streamed> product{coo.columns, coo.weights, x};
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t entry = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; entry < coo.count;
       entry += stride) {
    const vertex_t row = load_streamed(coo.rows + entry);
    if (!mask.selected(row)) continue;
    AtomicCombine<Semiring>::apply(target + row, product(entry));
  }
}

}  // namespace graphrun::cuda::spmv

#pragma once
// Decisions made from the row statistics: what "auto" runs, how many lanes
// csr-vector-auto uses, whether forced "ell" is acceptable and how wide hyb's
// ELL part is. Host logic only (no device code), so the rules read in one place.
#include <cstdint>

#include "kernels/cuda/spmv/kernel_catalog.hpp"
#include "kernels/cuda/spmv/row_stats.hpp"

namespace graphrun::cuda::spmv {

SpmvKernel auto_kernel(const RowStats& stats);

// Lanes per row for csr-vector-auto: 2..32, the smallest power of two not
// below the mean row length.
int vector_lanes_for(const RowStats& stats);

// Throws UsageError (naming the padding and suggesting hyb) when an ELL copy
// would exceed EllPolicy::max_slots_per_entry times the stored entries.
void require_ell_padding_bounded(const RowStats& stats);

// Slots per row of hyb's ELL part (Bell & Garland's rule, see HybPolicy).
std::int64_t hyb_ell_width(const RowStats& stats);

}  // namespace graphrun::cuda::spmv

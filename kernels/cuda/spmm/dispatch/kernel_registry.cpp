#include <string_view>
#include <vector>

#include "cuda/spmm/dispatch/spmm_kernel.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"

namespace graphrun::cuda::spmm_dispatch {

// One line per kernel: its folder under formats/ defines `<id>_entry()`.
#define GRAPHRUN_SPMM_KERNELS(X) \
  X(warp_row)                    \
  X(row_cache)                   \
  X(row_group)                   \
  X(nnz_split)                   \
  X(slice_staged)

#define GRAPHRUN_DECLARE_ENTRY(id) SpmmKernelEntry id##_entry();
GRAPHRUN_SPMM_KERNELS(GRAPHRUN_DECLARE_ENTRY)
#undef GRAPHRUN_DECLARE_ENTRY

const std::vector<SpmmKernelEntry>& spmm_kernels() {
  static const std::vector<SpmmKernelEntry> kernels = {
#define GRAPHRUN_LIST_ENTRY(id) id##_entry(),
      GRAPHRUN_SPMM_KERNELS(GRAPHRUN_LIST_ENTRY)
#undef GRAPHRUN_LIST_ENTRY
  };
  return kernels;
}

const SpmmKernelEntry* find_spmm_kernel(std::string_view name) {
  for (const SpmmKernelEntry& entry : spmm_kernels())
    if (entry.name == name) return &entry;
  return nullptr;
}

int group_lanes_for(std::size_t vectors, int per_lane) {
  const auto per = static_cast<std::size_t>(per_lane);
  const std::size_t lanes_needed = (vectors + per - 1) / per;
  int lanes = 1;
  while (lanes < spmm_warp_size && static_cast<std::size_t>(lanes) < lanes_needed) lanes *= 2;
  return lanes;
}

bool has_short_rows(const CsrView& a) {
  return a.num_entries < RowGroupPolicy::short_rows_mean_entries * static_cast<std::int64_t>(a.num_rows);
}

}  // namespace graphrun::cuda::spmm_dispatch

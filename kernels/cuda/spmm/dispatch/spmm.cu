// Host-side dispatch of the native SpMM kernels: the "auto" rule, the
// access width, the long-row pass, and the call through the registry
// (kernel_registry.cpp). Every kernel lives in formats/<name>/.
#include <cstdint>
#include <string>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/memory.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmm/common/long_row_kernel.cuh"
#include "cuda/spmm/dispatch/spmm_kernel.cuh"
#include "cuda/spmm/spmm.cuh"
#include "cuda/spmm/tuning/spmm_policy.cuh"

namespace graphrun::cuda {
namespace {

using spmm_dispatch::SpmmCall;
using spmm_dispatch::SpmmKernelEntry;

// Widest access (4, 2 or 1 floats) that divides the row width; the pointers
// must also be aligned to it, or a row start could straddle a float4.
int vector_width(std::size_t width, const float* x, const float* y) {
  const auto aligned = [&](std::uintptr_t bytes) {
    return reinterpret_cast<std::uintptr_t>(x) % bytes == 0 && reinterpret_cast<std::uintptr_t>(y) % bytes == 0;
  };
  if (width % 4 == 0 && aligned(16)) return 4;
  if (width % 2 == 0 && aligned(8)) return 2;
  return 1;
}

// "auto" needs no row statistics beyond the plan's long-row count:
// slice-staged takes what fits one block, nnz-split balances any row
// lengths, and row-group adapts per row (short rows per lane group, longer
// ones per warp, hubs per block), so the sizes and the width pick.
// `v`: the vector width the call can use (vector_width).
const SpmmKernelEntry& resolve(const std::string& requested, const CsrView& a, bool has_long_rows,
                               std::size_t width, int v) {
  const std::size_t vectors = width / static_cast<std::size_t>(v);
  std::string name = requested;
  if (requested == "auto") {
    if (SpmmAutoRule::prefer_slice_staged(a.num_rows, a.num_cols, a.num_entries, vectors, v, has_long_rows))
      name = "slice-staged";
    else if (SpmmAutoRule::prefer_nnz_split(a.num_entries, a.num_rows, vectors))
      name = "nnz-split";
    else
      name = SpmmAutoRule::prefer_row_group(vectors) ? "row-group" : "row-cache";
  }
  if (const SpmmKernelEntry* entry = spmm_dispatch::find_spmm_kernel(name)) return *entry;
  std::string valid = "auto";
  for (const std::string& known : spmm_kernel_names()) valid += ", " + known;
  throw UsageError("unknown SpMM kernel '" + requested + "' for the cuda backend (valid: " + valid + ")");
}

// Rows the main kernels skip (long_row_kernel.cuh), as the plan listed them:
// multiply every piece, then add up the rows of several pieces. Nothing is
// launched when there are none.
template <int V, bool UseWeights>
void launch_long_rows(const DeviceContext& context, const CsrView& a, const LongRowList& long_rows, const float* x,
                      float* y, std::size_t width) {
  using Policy = LongRowPolicy;
  if (long_rows.count == 0) return;
  // Scratch rows only matter for rows of several pieces, but a row's pieces
  // are numbered among all pieces; one row per piece keeps the indexing flat.
  DeviceVector<float> piece_sums(context.memory, long_rows.pieces > long_rows.count
                                                     ? static_cast<std::size_t>(long_rows.pieces) * width
                                                     : std::size_t{0});
  spmm_detail::long_row_piece_kernel<V, UseWeights>
      <<<static_cast<unsigned>(long_rows.pieces), Policy::threads_per_block, 0, context.stream>>>(
          a, x, y, width, spmm_dispatch::group_lanes_for(width / V), long_rows.rows, long_rows.piece_counts, long_rows.piece_begin,
          long_rows.count, piece_sums.data());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  if (long_rows.pieces == long_rows.count) return;  // every long row was one piece, already in Y
  // Plain pointers: the lambda captures them.
  const float* sums = piece_sums.data();
  const vertex_t* rows = long_rows.rows;
  const std::uint32_t* pieces = long_rows.piece_counts;
  const std::uint32_t* begins = long_rows.piece_begin;
  for_each_index(context, long_rows.count * static_cast<std::int64_t>(width / V), [=] __device__(std::int64_t item) {
    spmm_detail::sum_long_row_pieces<V>(item, y, width, rows, pieces, begins, sums);
  });
}

}  // namespace

std::vector<KernelInfo> spmm_kernel_info() {
  std::vector<KernelInfo> kernels;
  for (const SpmmKernelEntry& entry : spmm_dispatch::spmm_kernels())
    kernels.push_back({std::string(entry.name),
                       entry.family == spmm_dispatch::KernelFamily::seed ? "seed" : "graphrun",
                       std::string(entry.summary)});
  return kernels;
}

std::vector<std::string> spmm_kernel_names() {
  std::vector<std::string> names;
  for (const SpmmKernelEntry& entry : spmm_dispatch::spmm_kernels()) names.emplace_back(entry.name);
  return names;
}

std::string choose_spmm_kernel(const std::string& requested, const CsrView& a, bool has_long_rows,
                               std::size_t width) {
  // Dense buffers from the backend's pool are 256-byte aligned, so only
  // divisibility decides the vector width here (null pointers are aligned
  // to every access width).
  return std::string(resolve(requested, a, has_long_rows, width, vector_width(width, nullptr, nullptr)).name);
}

void spmm(const DeviceContext& context, const std::string& kernel, const CsrView& a, const SpmmPlan& plan,
          bool use_weights, const float* x, float* y, std::size_t width) {
  use_weights = use_weights && a.values != nullptr;  // a pattern graph: every weight 1
  const int widest = vector_width(width, x, y);
  const SpmmKernelEntry& entry = resolve(kernel, a, plan.long_rows().count > 0, width, widest);
  const SpmmCall call{context, a, plan, use_weights, x, y, width};
  const int v = entry.access_width != nullptr ? entry.access_width(call, widest) : widest;
  if (width == 0 || a.num_rows == 0) return;
  if (y == nullptr || (x == nullptr && a.num_entries > 0))
    throw UsageError("cuda spmm: null dense matrix for a " + std::to_string(a.num_rows) + "-row product");
  entry.run(call, v);
  if (entry.covers_long_rows) return;
  spmm_dispatch::with_instantiation(v, use_weights, [&](auto width_constant, auto weights_constant) {
    launch_long_rows<decltype(width_constant)::value, decltype(weights_constant)::value>(context, a, plan.long_rows(),
                                                                                        x, y, width);
  });
}

void spmm(const DeviceContext& context, const std::string& kernel, const CsrView& a, bool use_weights, const float* x,
          float* y, std::size_t width) {
  resolve(kernel, a, false, 1, 1);  // an unknown name is refused before the plan is built
  const SpmmPlan plan(context, a);
  spmm(context, kernel, a, plan, use_weights, x, y, width);
}

}  // namespace graphrun::cuda

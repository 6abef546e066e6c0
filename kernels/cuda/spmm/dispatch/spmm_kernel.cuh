#pragma once
// One native SpMM kernel as the dispatch sees it: a registry entry with its
// name, family, summary and the host function that queues it, and the call
// every kernel receives. spmm.cu resolves a name (or "auto") through the
// registry (kernel_registry.cpp) and knows no kernel.
//
// Rules every kernel keeps: Y = A X with X and Y row-major (num_cols x width,
// num_rows x width), plus-times on floats; every entry of Y is written (rows
// without entries get 0); accesses of `v` floats (4, 2 or 1) are aligned,
// because the dispatch chose v from the width and the pointers.
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <vector>

#include "cuda/runtime/context.cuh"
#include "cuda/spmm/common/spmm_plan.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda::spmm_dispatch {

struct SpmmCall {
  const DeviceContext& context;
  const CsrView& a;
  const SpmmPlan& plan;  // built for `a`
  bool use_weights;
  const float* x;
  float* y;
  std::size_t width;
};

// seed: a seed paper's kernel, kept so the bench compares against it;
// graphrun: one of our own, each chosen by `auto` on some class of products.
enum class KernelFamily { seed, graphrun };

struct SpmmKernelEntry {
  std::string_view name;
  KernelFamily family;
  std::string_view summary;  // one line for `graphrun kernels`
  // Whether the kernel computes the plan's long rows itself; otherwise the
  // dispatch adds the long-row pass (common/long_row_kernel.cuh) after it.
  bool covers_long_rows = false;
  // The access width the kernel takes for this call, given the widest `v`
  // the width and pointers allow (nullptr: v itself).
  int (*access_width)(const SpmmCall& call, int v) = nullptr;
  // Queues the product on call.context.stream with accesses of v floats.
  void (*run)(const SpmmCall& call, int v) = nullptr;
};

// Every registered kernel, seed family first.
const std::vector<SpmmKernelEntry>& spmm_kernels();

// The entry named `name`, or nullptr.
const SpmmKernelEntry* find_spmm_kernel(std::string_view name);

// Calls launch(std::integral_constant<int, v>{}, std::bool_constant<weights>{})
// for the run-time access width (4, 2 or 1) and weight flag.
template <class Launch>
void with_instantiation(int vector_width, bool use_weights, Launch&& launch) {
  const auto with_weights = [&](auto width_constant) {
    if (use_weights)
      launch(width_constant, std::true_type{});
    else
      launch(width_constant, std::false_type{});
  };
  switch (vector_width) {
    case 4: with_weights(std::integral_constant<int, 4>{}); break;
    case 2: with_weights(std::integral_constant<int, 2>{}); break;
    default: with_weights(std::integral_constant<int, 1>{}); break;
  }
}

// Lanes per group when each lane owns `per_lane` vectors of a pass: the
// smallest power of two covering the row's vectors, at most a warp.
int group_lanes_for(std::size_t vectors, int per_lane = 1);

// Road-network-like rows (RowGroupPolicy::short_rows_mean_entries): row-group
// and row-cache both take their loads in flight from vectors, not entries.
bool has_short_rows(const CsrView& a);

}  // namespace graphrun::cuda::spmm_dispatch

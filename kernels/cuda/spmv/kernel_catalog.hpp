#pragma once
// The native SpMV kernels by name (the values --spmv-kernel accepts) and
// their parsing. One table, so names, parsing and error messages agree.
#include <string>
#include <vector>

namespace graphrun::cuda::spmv {

enum class SpmvKernel {
  csr_scalar,
  csr_scalar_unroll4,
  csr_vector,  // 32 lanes per row
  csr_vector_2,
  csr_vector_4,
  csr_vector_8,
  csr_vector_16,
  csr_vector_auto,
  csr_vector_shared_x,
  csr_stream,
  ell,
  hyb,
  ell_compact,
  stencil,
  stencil_packed,
  csr_compact,
  coo_atomic,
  coo_segmented,
  coo_column_split,
  csr_merge,
  csr_merge_hub,
  csr_hub_split,
};

inline constexpr const char* auto_kernel_name = "auto";

// Every kernel name, in the order help texts list them.
const std::vector<std::string>& kernel_names();
const std::string& name_of(SpmvKernel kernel);
// Throws UsageError naming the valid kernels (and "auto") for an unknown name.
// "auto" itself is not a kernel: resolve it first.
SpmvKernel parse_kernel(const std::string& name);
// Lanes per row of a fixed-width csr-vector kernel; 0 for every other kernel.
int vector_lanes_of(SpmvKernel kernel);
// The csr-vector kernel with this many lanes (2, 4, 8, 16 or 32).
SpmvKernel vector_kernel_with_lanes(int lanes);

}  // namespace graphrun::cuda::spmv

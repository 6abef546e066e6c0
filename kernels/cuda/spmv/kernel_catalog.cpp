#include "kernels/cuda/spmv/kernel_catalog.hpp"

#include <array>
#include <stdexcept>
#include <utility>

#include "graphrun/error.hpp"

namespace graphrun::cuda::spmv {
namespace {

struct CatalogEntry {
  SpmvKernel kernel;
  const char* name;
  int lanes;  // csr-vector lanes per row, 0 otherwise
};

constexpr std::array<CatalogEntry, 22> catalog{{
    {SpmvKernel::csr_scalar, "csr-scalar", 0},
    {SpmvKernel::csr_scalar_unroll4, "csr-scalar-unroll4", 0},
    {SpmvKernel::csr_vector, "csr-vector", 32},
    {SpmvKernel::csr_vector_2, "csr-vector-2", 2},
    {SpmvKernel::csr_vector_4, "csr-vector-4", 4},
    {SpmvKernel::csr_vector_8, "csr-vector-8", 8},
    {SpmvKernel::csr_vector_16, "csr-vector-16", 16},
    {SpmvKernel::csr_vector_auto, "csr-vector-auto", 0},
    {SpmvKernel::csr_vector_shared_x, "csr-vector-shared-x", 0},
    {SpmvKernel::csr_stream, "csr-stream", 0},
    {SpmvKernel::ell, "ell", 0},
    {SpmvKernel::hyb, "hyb", 0},
    {SpmvKernel::ell_compact, "ell-compact", 0},
    {SpmvKernel::stencil, "stencil", 0},
    {SpmvKernel::stencil_packed, "stencil-packed", 0},
    {SpmvKernel::csr_compact, "csr-compact", 0},
    {SpmvKernel::coo_atomic, "coo-atomic", 0},
    {SpmvKernel::coo_segmented, "coo-segmented", 0},
    {SpmvKernel::coo_column_split, "coo-column-split", 0},
    {SpmvKernel::csr_merge, "csr-merge", 0},
    {SpmvKernel::csr_merge_hub, "csr-merge-hub", 0},
    {SpmvKernel::csr_hub_split, "csr-hub-split", 0},
}};

const CatalogEntry& entry_of(SpmvKernel kernel) {
  for (const CatalogEntry& entry : catalog)
    if (entry.kernel == kernel) return entry;
  throw std::logic_error("SpMV kernel missing from the catalog");
}

}  // namespace

const std::vector<std::string>& kernel_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const CatalogEntry& entry : catalog) all.emplace_back(entry.name);
    return all;
  }();
  return names;
}

const std::string& name_of(SpmvKernel kernel) {
  return kernel_names()[static_cast<std::size_t>(&entry_of(kernel) - catalog.data())];
}

SpmvKernel parse_kernel(const std::string& name) {
  for (const CatalogEntry& entry : catalog)
    if (name == entry.name) return entry.kernel;
  std::string valid = auto_kernel_name;
  for (const CatalogEntry& entry : catalog) valid += std::string(", ") + entry.name;
  throw UsageError("unknown SpMV kernel '" + name + "' for the cuda backend (valid: " + valid + ")");
}

int vector_lanes_of(SpmvKernel kernel) { return entry_of(kernel).lanes; }

SpmvKernel vector_kernel_with_lanes(int lanes) {
  for (const CatalogEntry& entry : catalog)
    if (entry.lanes == lanes) return entry.kernel;
  throw std::logic_error("no csr-vector kernel with " + std::to_string(lanes) + " lanes");
}

}  // namespace graphrun::cuda::spmv

#include "cpu/spmv_kernel.hpp"

#include <array>

#include "graphrun/error.hpp"

namespace graphrun::cpu {
namespace {

constexpr std::array all_kernels{SpmvKernel::csr_serial, SpmvKernel::csr_parallel, SpmvKernel::coo_serial,
                                 SpmvKernel::coo_parallel};

}  // namespace

const char* to_string(SpmvKernel kernel) {
  switch (kernel) {
    case SpmvKernel::csr_serial: return "csr-serial";
    case SpmvKernel::csr_parallel: return "csr-parallel";
    case SpmvKernel::coo_serial: return "coo-serial";
    case SpmvKernel::coo_parallel: return "coo-parallel";
  }
  return "unknown";
}

std::vector<std::string> spmv_kernel_names() {
  std::vector<std::string> names;
  for (SpmvKernel kernel : all_kernels) names.emplace_back(to_string(kernel));
  return names;
}

SpmvKernel parse_spmv_kernel(const std::string& name) {
  if (name == "auto") return default_spmv_kernel;
  for (SpmvKernel kernel : all_kernels)
    if (name == to_string(kernel)) return kernel;
  std::string valid = "auto";
  for (const std::string& known : spmv_kernel_names()) valid += ", " + known;
  throw UsageError("cpu backend: unknown SpMV kernel '" + name + "' (valid: " + valid + ")");
}

}  // namespace graphrun::cpu

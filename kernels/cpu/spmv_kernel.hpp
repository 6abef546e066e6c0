#pragma once
// The SpMV kernels of the cpu backend, by the names BackendOptions::spmv_kernel
// and benchmark reports use.
#include <cstdint>
#include <string>
#include <vector>

namespace graphrun::cpu {

enum class SpmvKernel : std::uint8_t {
  csr_serial,    // one thread walks the CSR rows: the baseline
  csr_parallel,  // rows split into blocks of equal entry counts
  coo_serial,    // one thread walks the entries
  coo_parallel,  // entries split evenly, cut rows combined afterwards
};

// What "auto" picks: csr-parallel balances by entries already, and reads 4
// bytes per entry less than coo (no row array).
inline constexpr SpmvKernel default_spmv_kernel = SpmvKernel::csr_parallel;

const char* to_string(SpmvKernel kernel);
// Every accepted name except "auto", in enum order.
std::vector<std::string> spmv_kernel_names();
// A kernel name or "auto"; anything else is a UsageError listing the names.
SpmvKernel parse_spmv_kernel(const std::string& name);

}  // namespace graphrun::cpu

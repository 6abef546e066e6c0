#include "cusparse/cusparse_algorithms.hpp"

#include "graphrun/error.hpp"

namespace graphrun::cusparse {
namespace {

// "auto" choices, from the cuSPARSE documentation (CUDA 12/13, cusparseSpMV
// and cusparseSpMM):
//  - SpMV: CSR_ALG1 is the default algorithm for CSR, and the performance
//    notes say CSR_ALG1 / COO_ALG1 are faster than the bit-wise deterministic
//    CSR_ALG2 / COO_ALG2; the documentation gives no per-matrix advice beyond
//    that, so "auto" is csr-alg1 for every graph (with
//    cusparseSpMV_preprocess done once, which the notes recommend for
//    repeated products with one matrix).
//  - SpMM: the performance notes say row-major dense layout is faster than
//    column-major and that CSR_ALG2 is the CSR algorithm to use with it
//    (CSR_ALG1 is meant for column-major), so "auto" is csr-alg2.
constexpr const char* spmv_auto = "csr-alg1";
constexpr const char* spmm_auto = "csr-alg2";

template <class Algorithm>
const Algorithm& resolve(const std::vector<Algorithm>& algorithms, const std::string& requested, const char* automatic,
                         const char* primitive) {
  const std::string wanted = requested == "auto" ? std::string(automatic) : requested;
  for (const Algorithm& algorithm : algorithms)
    if (wanted == algorithm.name) return algorithm;
  std::string valid = "auto";
  for (const Algorithm& algorithm : algorithms) valid += std::string(", ") + algorithm.name;
  throw UsageError("unknown " + std::string(primitive) + " kernel '" + requested +
                   "' for the cusparse backend (valid: " + valid + ")");
}

}  // namespace

const std::vector<SpmvAlgorithm>& spmv_algorithms() {
  static const std::vector<SpmvAlgorithm> algorithms = {
      {"csr-alg1", SparseFormat::csr, CUSPARSE_SPMV_CSR_ALG1},
      {"csr-alg2", SparseFormat::csr, CUSPARSE_SPMV_CSR_ALG2},
      {"coo-alg1", SparseFormat::coo, CUSPARSE_SPMV_COO_ALG1},
      {"coo-alg2", SparseFormat::coo, CUSPARSE_SPMV_COO_ALG2},
  };
  return algorithms;
}

const std::vector<SpmmAlgorithm>& spmm_algorithms() {
  static const std::vector<SpmmAlgorithm> algorithms = {
      {"csr-alg1", CUSPARSE_SPMM_CSR_ALG1},
      {"csr-alg2", CUSPARSE_SPMM_CSR_ALG2},
      {"csr-alg3", CUSPARSE_SPMM_CSR_ALG3},
  };
  return algorithms;
}

const SpmvAlgorithm& resolve_spmv_algorithm(const std::string& requested) {
  return resolve(spmv_algorithms(), requested, spmv_auto, "SpMV");
}

const SpmmAlgorithm& resolve_spmm_algorithm(const std::string& requested) {
  return resolve(spmm_algorithms(), requested, spmm_auto, "SpMM");
}

}  // namespace graphrun::cusparse

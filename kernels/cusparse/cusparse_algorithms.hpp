#pragma once
// The cuSPARSE algorithms the backend exposes, by the names --spmv-kernel and
// --spmm-kernel accept, and what "auto" means for each primitive.
#include <cusparse.h>

#include <string>
#include <vector>

namespace graphrun::cusparse {

enum class SparseFormat { csr, coo };

struct SpmvAlgorithm {
  const char* name;
  SparseFormat format;
  cusparseSpMVAlg_t id;
};

struct SpmmAlgorithm {
  const char* name;
  cusparseSpMMAlg_t id;
};

// csr-alg1, csr-alg2, coo-alg1, coo-alg2
const std::vector<SpmvAlgorithm>& spmv_algorithms();
// csr-alg1, csr-alg2, csr-alg3 (CSR with row-major dense matrices)
const std::vector<SpmmAlgorithm>& spmm_algorithms();

// "auto" resolves to the algorithm cuSPARSE's documentation recommends (see
// the .cpp); any other name must be listed above (UsageError naming the
// valid ones otherwise).
const SpmvAlgorithm& resolve_spmv_algorithm(const std::string& requested);
const SpmmAlgorithm& resolve_spmm_algorithm(const std::string& requested);

}  // namespace graphrun::cusparse

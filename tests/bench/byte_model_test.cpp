#include <catch2/catch.hpp>
#include <cmath>

#include "bench/src/byte_model.hpp"

using namespace graphrun::bench;

TEST_CASE("SpMV byte model: offsets (n+1)*8 + nnz*(4+4) + x and y n*4 each") {
  // n = 3, nnz = 4: 32 + 32 + 12 + 12 bytes.
  CHECK(csr_bytes(3, 4, true) == 64.0);
  CHECK(spmv_bytes(3, 4, true) == 88.0);
  // Empty graph: the single offset only.
  CHECK(spmv_bytes(0, 0, true) == 8.0);
  // A graph500 scale-20 shape, checked term by term.
  const double n = 1 << 20, nnz = 33554432;
  CHECK(spmv_bytes(1 << 20, 33554432, true) == (n + 1) * 8 + nnz * 8 + n * 8);
}

TEST_CASE("a pattern graph's byte model counts no values") {
  CHECK(csr_bytes(3, 4, false) == 48.0);
  CHECK(spmv_bytes(3, 4, false) == 72.0);
  const double n = 1 << 20, nnz = 33554432;
  CHECK(spmv_bytes(1 << 20, 33554432, false) == (n + 1) * 8 + nnz * 4 + n * 8);
}

TEST_CASE("SpMM byte model adds X and Y of n x F floats") {
  CHECK(spmm_bytes(3, 4, 16, true) == 64.0 + 2 * 3 * 16 * 4);
  CHECK(spmm_bytes(3, 4, 1, true) == spmv_bytes(3, 4, true));
  CHECK(spmm_bytes(3, 4, 1, false) == spmv_bytes(3, 4, false));
}

TEST_CASE("flops and rates") {
  CHECK(spmv_flops(10) == 20.0);
  CHECK(spmm_flops(10, 64) == 1280.0);
  CHECK(giga_per_second(1e9, 1000.0) == Approx(1.0));
  CHECK(giga_per_second(3e9, 0.5) == Approx(6000.0));
  CHECK(std::isnan(giga_per_second(1.0, 0.0)));
}

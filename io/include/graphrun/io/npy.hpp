#pragma once
// NumPy .npy files of float32 in C order (GNN features).
#include <cstddef>
#include <string>
#include <vector>

namespace graphrun::io {

struct DenseMatrix {
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::vector<float> values;  // row-major rows x cols
};

// Accepts 1-D (n -> n x 1) and 2-D '<f4' C-order arrays; anything else is an
// InputError saying what was found.
DenseMatrix read_npy(const std::string& path);
// A vector: shape (n,) or (n, 1), '<f4' or '<f8' (widened to double);
// anything else is an InputError saying what was found.
std::vector<double> read_npy_vector(const std::string& path);
void write_npy(const std::string& path, const DenseMatrix& matrix);

}  // namespace graphrun::io

#pragma once
// The header of a NumPy .npy file: a Python dict literal such as
// {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace graphrun::io::detail {

struct NpyHeader {
  std::string descr;
  bool fortran_order = false;
  std::vector<std::uint64_t> shape;
};

// Throws InputError(path, 0, reason) for anything that is not such a dict.
NpyHeader parse_npy_header(std::string_view text, const std::string& path);

// The dict for a C-order float32 array of the given shape (without padding).
std::string format_npy_header(const std::vector<std::uint64_t>& shape);

}  // namespace graphrun::io::detail

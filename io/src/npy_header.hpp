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

// The dict for a C-order array of the given shape (without padding); descr
// is the dtype as numpy writes it: '<f4', or a record list such as
// [('id', '<i8'), ('rank', '<f4')].
std::string format_npy_header(const std::vector<std::uint64_t>& shape, const std::string& descr = "'<f4'");

class OutputFile;
// Magic, version 1.0 and the header dict, padded so the data starts 64-byte
// aligned.
void write_npy_preamble(OutputFile& out, std::string header);

}  // namespace graphrun::io::detail

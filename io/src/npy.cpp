// NumPy .npy (format versions 1.0 to 3.0) for float32 C-order arrays.
#include "graphrun/io/npy.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <span>

#include "graphrun/error.hpp"
#include "npy_header.hpp"
#include "posix_file.hpp"

namespace graphrun::io {
namespace {

constexpr std::array<char, 6> npy_magic = {'\x93', 'N', 'U', 'M', 'P', 'Y'};
constexpr std::size_t npy_alignment = 64;  // numpy pads the header so data starts aligned
constexpr std::uint32_t largest_header = 1u << 20;

// .npy data is little-endian ('<f4'); swap on a big-endian host.
void to_or_from_little_endian(std::span<float> values) {
  if constexpr (std::endian::native == std::endian::big) {
    for (float& v : values) v = std::bit_cast<float>(__builtin_bswap32(std::bit_cast<std::uint32_t>(v)));
  }
}

std::uint32_t little_endian_value(const unsigned char* bytes, int count) {
  std::uint32_t value = 0;
  for (int i = count - 1; i >= 0; --i) value = value << 8 | bytes[i];
  return value;
}

}  // namespace

DenseMatrix read_npy(const std::string& path) {
  detail::InputFile file(path);
  std::array<unsigned char, 8> preamble{};
  if (file.read_some({reinterpret_cast<char*>(preamble.data()), preamble.size()}) != preamble.size() ||
      std::memcmp(preamble.data(), npy_magic.data(), npy_magic.size()) != 0)
    throw InputError(path, 0, "not a NumPy .npy file: it does not start with \\x93NUMPY");
  const int major = preamble[6];
  if (major < 1 || major > 3)
    throw InputError(path, 0,
                     ".npy format version " + std::to_string(major) + "." + std::to_string(preamble[7]) +
                         " is not supported (expected 1.0 to 3.0)");
  const int length_bytes = major == 1 ? 2 : 4;
  std::array<unsigned char, 4> length{};
  file.read_exact({reinterpret_cast<char*>(length.data()), static_cast<std::size_t>(length_bytes)}, "the .npy header");
  const std::uint32_t header_length = little_endian_value(length.data(), length_bytes);
  if (header_length > largest_header) throw InputError(path, 0, "bad .npy header: implausibly long header");
  std::string text(header_length, '\0');
  file.read_exact(text, "the .npy header");
  const detail::NpyHeader header = detail::parse_npy_header(text, path);

  if (header.descr != "<f4")
    throw InputError(path, 0, "dtype '" + header.descr + "' is not supported: expected little-endian float32 '<f4'");
  if (header.fortran_order)
    throw InputError(path, 0, "Fortran-order arrays are not supported: save a C-order array (numpy.ascontiguousarray)");
  if (header.shape.empty() || header.shape.size() > 2)
    throw InputError(
        path, 0,
        "a " + std::to_string(header.shape.size()) + "-dimensional array is not supported: expected 1 or 2 dimensions");

  DenseMatrix matrix;
  matrix.rows = header.shape[0];
  matrix.cols = header.shape.size() == 2 ? header.shape[1] : 1;
  std::uint64_t count = 0;
  if (__builtin_mul_overflow(static_cast<std::uint64_t>(matrix.rows), static_cast<std::uint64_t>(matrix.cols),
                             &count) ||
      count > (std::uint64_t{1} << 60))
    throw InputError(path, 0, "bad .npy header: the shape is too large");
  const std::uint64_t data_offset = 6 + 2 + static_cast<std::uint64_t>(length_bytes) + header_length;
  const std::uint64_t expected = data_offset + count * sizeof(float);
  if (file.size() < expected)
    throw InputError(path, 0,
                     "truncated .npy file: the shape needs " + std::to_string(count * sizeof(float)) +
                         " bytes of data, the file has " +
                         std::to_string(file.size() - std::min(file.size(), data_offset)));
  if (file.size() > expected)
    throw InputError(path, 0,
                     ".npy file has " + std::to_string(file.size() - expected) + " bytes after the array data");
  matrix.values.resize(static_cast<std::size_t>(count));
  const auto bytes = std::as_writable_bytes(std::span<float>(matrix.values));
  file.read_exact({reinterpret_cast<char*>(bytes.data()), bytes.size()}, "the array data");
  to_or_from_little_endian(matrix.values);
  return matrix;
}

void write_npy(const std::string& path, const DenseMatrix& matrix) {
  if (matrix.values.size() != matrix.rows * matrix.cols)
    throw UsageError("write_npy " + path + ": " + std::to_string(matrix.values.size()) + " values for a " +
                     std::to_string(matrix.rows) + " x " + std::to_string(matrix.cols) + " matrix");
  detail::OutputFile out(path);
  detail::write_npy_preamble(out, detail::format_npy_header({matrix.rows, matrix.cols}));
  if constexpr (std::endian::native == std::endian::little) {
    out.write(matrix.values.data(), matrix.values.size() * sizeof(float));
  } else {
    std::vector<float> little(matrix.values);
    to_or_from_little_endian(little);
    out.write(little.data(), little.size() * sizeof(float));
  }
  out.commit();
}

}  // namespace graphrun::io

namespace graphrun::io::detail {

void write_npy_preamble(OutputFile& out, std::string header) {
  // Version 1.0: 6 magic + 2 version + 2 length bytes, then the dict padded
  // with spaces and ended by '\n' so the data starts 64-byte aligned.
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((npy_alignment - unpadded % npy_alignment) % npy_alignment, ' ');
  header.push_back('\n');
  if (header.size() > 0xffff) throw UsageError("a .npy header of " + std::to_string(header.size()) + " bytes needs format 2.0");
  out.write(npy_magic.data(), npy_magic.size());
  const std::array<unsigned char, 4> version_and_length = {1, 0, static_cast<unsigned char>(header.size() & 0xff),
                                                           static_cast<unsigned char>(header.size() >> 8)};
  out.write(version_and_length.data(), version_and_length.size());
  out.write(header.data(), header.size());
}

}  // namespace graphrun::io::detail

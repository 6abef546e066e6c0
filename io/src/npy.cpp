// NumPy .npy (format versions 1.0 to 3.0) for float32 C-order arrays, and
// float32 or float64 vectors.
#include "graphrun/io/npy.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <span>
#include <string_view>
#include <initializer_list>

#include "graphrun/checked_size.hpp"
#include "graphrun/error.hpp"
#include "npy_header.hpp"
#include "posix_file.hpp"

namespace graphrun::io {
namespace {

constexpr std::array<char, 6> npy_magic = {'\x93', 'N', 'U', 'M', 'P', 'Y'};
constexpr std::size_t npy_alignment = 64;  // numpy pads the header so data starts aligned
constexpr std::uint32_t largest_header = 1u << 20;

// .npy data is little-endian ('<f4', '<f8'); swap on a big-endian host.
template <class T>
void to_or_from_little_endian(std::span<T> values) {
  if constexpr (std::endian::native == std::endian::big) {
    for (T& v : values) {
      if constexpr (sizeof(T) == 8) v = std::bit_cast<T>(__builtin_bswap64(std::bit_cast<std::uint64_t>(v)));
      else v = std::bit_cast<T>(__builtin_bswap32(std::bit_cast<std::uint32_t>(v)));
    }
  }
}

std::uint32_t little_endian_value(const unsigned char* bytes, int count) {
  std::uint32_t value = 0;
  for (int i = count - 1; i >= 0; --i) value = value << 8 | bytes[i];
  return value;
}

// A .npy file's header, read.
struct NpyArray {
  detail::NpyHeader header;
  std::uint64_t data_offset = 0;
  std::uint64_t count = 0;  // elements
};

// Reads and checks `file`'s header: C order, one or two
// dimensions, one of `dtypes` ('<f4' or '<f8'), and exactly the bytes the
// shape needs after it.
NpyArray open_npy(detail::InputFile& file, const std::string& path, std::initializer_list<std::string_view> dtypes,
                  const char* expected) {
  NpyArray array;
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
  array.header = detail::parse_npy_header(text, path);
  const detail::NpyHeader& header = array.header;

  if (std::find(dtypes.begin(), dtypes.end(), header.descr) == dtypes.end())
    throw InputError(path, 0, "dtype '" + header.descr + "' is not supported: expected " + expected);
  if (header.fortran_order)
    throw InputError(path, 0, "Fortran-order arrays are not supported: save a C-order array (numpy.ascontiguousarray)");
  if (header.shape.empty() || header.shape.size() > 2)
    throw InputError(
        path, 0,
        "a " + std::to_string(header.shape.size()) + "-dimensional array is not supported: expected 1 or 2 dimensions");
  const std::uint64_t rows = header.shape[0], cols = header.shape.size() == 2 ? header.shape[1] : 1;
  const std::optional<std::size_t> count = checked_product(rows, cols);
  if (!count || *count > (std::uint64_t{1} << 60)) throw InputError(path, 0, "bad .npy header: the shape is too large");
  array.count = *count;
  array.data_offset = 6 + 2 + static_cast<std::uint64_t>(length_bytes) + header_length;
  const std::uint64_t item_size = header.descr == "<f8" ? 8 : 4;
  const std::uint64_t expected_size = array.data_offset + array.count * item_size;
  if (file.size() < expected_size)
    throw InputError(path, 0,
                     "truncated .npy file: the shape needs " + std::to_string(array.count * item_size) +
                         " bytes of data, the file has " +
                         std::to_string(file.size() - std::min(file.size(), array.data_offset)));
  if (file.size() > expected_size)
    throw InputError(path, 0,
                     ".npy file has " + std::to_string(file.size() - expected_size) + " bytes after the array data");
  return array;
}

template <class T>
std::vector<T> read_values(detail::InputFile& file, const NpyArray& array) {
  std::vector<T> values(static_cast<std::size_t>(array.count));
  const auto bytes = std::as_writable_bytes(std::span<T>(values));
  file.read_exact({reinterpret_cast<char*>(bytes.data()), bytes.size()}, "the array data");
  to_or_from_little_endian(std::span<T>(values));
  return values;
}

}  // namespace

DenseMatrix read_npy(const std::string& path) {
  detail::InputFile file(path);
  const NpyArray array = open_npy(file, path, {"<f4"}, "little-endian float32 '<f4'");
  DenseMatrix matrix;
  matrix.rows = array.header.shape[0];
  matrix.cols = array.header.shape.size() == 2 ? array.header.shape[1] : 1;
  matrix.values = read_values<float>(file, array);
  return matrix;
}

std::vector<double> read_npy_vector(const std::string& path) {
  detail::InputFile file(path);
  const NpyArray array = open_npy(file, path, {"<f4", "<f8"}, "little-endian float32 '<f4' or float64 '<f8'");
  const auto& shape = array.header.shape;
  if (shape.size() == 2 && shape[1] != 1)
    throw InputError(path, 0,
                     "a " + std::to_string(shape[0]) + " x " + std::to_string(shape[1]) +
                         " array is not a vector: expected shape (n,) or (n, 1)");
  if (array.header.descr == "<f8") return read_values<double>(file, array);
  const std::vector<float> values = read_values<float>(file, array);
  return {values.begin(), values.end()};
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
    to_or_from_little_endian(std::span<float>(little));
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

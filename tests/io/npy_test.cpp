// .npy float32 files: round trips, hand-built files as numpy writes them, and
// every unsupported or damaged file refused.
#include "graphrun/io/npy.hpp"

#include <catch2/catch.hpp>
#include <cstring>

#include "io/io_test_support.hpp"

using graphrun::io::DenseMatrix;
using graphrun::io::read_npy;
using graphrun::io::read_npy_vector;
using graphrun::io::write_npy;
using graphrun::test::TempDir;

namespace {

// An .npy file byte by byte, as the format description says: magic, version,
// little-endian header length, the dict padded with spaces to a multiple of
// 64 bytes and ended by '\n', then the data.
std::string npy_file(const std::string& dict, const std::string& data, int major = 1) {
  const std::size_t length_bytes = major == 1 ? 2 : 4;
  std::string header = dict;
  const std::size_t unpadded = 8 + length_bytes + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header.push_back('\n');
  std::string bytes = "\x93NUMPY";
  bytes.push_back(static_cast<char>(major));
  bytes.push_back('\0');
  for (std::size_t i = 0; i < length_bytes; ++i) bytes.push_back(static_cast<char>((header.size() >> (8 * i)) & 0xff));
  return bytes + header + data;
}

std::string float_bytes(const std::vector<float>& values) {
  std::string bytes(values.size() * 4, '\0');
  for (std::size_t i = 0; i < values.size(); ++i) {
    std::uint32_t bits;
    std::memcpy(&bits, &values[i], 4);
    for (int b = 0; b < 4; ++b) bytes[i * 4 + b] = static_cast<char>((bits >> (8 * b)) & 0xff);  // little-endian
  }
  return bytes;
}

}  // namespace

TEST_CASE("random matrices round-trip bit for bit", "[io][npy]") {
  const auto seed = graphrun::test::fresh_seed();
  INFO("seed " << seed);
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<float> value(-1e6f, 1e6f);
  TempDir dir;
  for (const auto& [rows, cols] : {std::pair<std::size_t, std::size_t>{0, 0}, {1, 1}, {5, 0}, {7, 3}, {1000, 64}}) {
    INFO(rows << " x " << cols);
    DenseMatrix matrix{rows, cols, std::vector<float>(rows * cols)};
    for (float& v : matrix.values) v = value(random);
    const auto file = dir.path("m.npy");
    write_npy(file, matrix);
    const std::string bytes = graphrun::test::read_bytes(file);
    CHECK((bytes.size() - rows * cols * 4) % 64 == 0);  // data aligned as numpy aligns it
    const DenseMatrix back = read_npy(file);
    CHECK(back.rows == rows);
    CHECK(back.cols == cols);
    CHECK(back.values == matrix.values);
  }
}

TEST_CASE("files as numpy writes them: 1-D, 2-D, format 2.0, double-quoted keys", "[io][npy]") {
  TempDir dir;
  SECTION("1-D becomes n x 1") {
    const auto file = dir.write("v.npy", npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }",
                                                  float_bytes({1.5f, -2.0f, 3.25f})));
    const DenseMatrix m = read_npy(file);
    CHECK(m.rows == 3);
    CHECK(m.cols == 1);
    CHECK(m.values == std::vector<float>{1.5f, -2.0f, 3.25f});
  }
  SECTION("2-D, keys in another order, format version 2.0") {
    const auto file = dir.write("m.npy", npy_file("{\"shape\": (2, 2), \"fortran_order\": False, \"descr\": \"<f4\"}",
                                                  float_bytes({1, 2, 3, 4}), 2));
    const DenseMatrix m = read_npy(file);
    CHECK(m.rows == 2);
    CHECK(m.cols == 2);
    CHECK(m.values == std::vector<float>{1, 2, 3, 4});
  }
}

TEST_CASE("vectors of float32 or float64, shape (n,) or (n, 1)", "[io][npy]") {
  TempDir dir;
  std::string doubles(3 * 8, '\0');
  const double values[] = {0.1, -1e300, 5e-324};
  for (int i = 0; i < 3; ++i) {
    std::uint64_t bits;
    std::memcpy(&bits, &values[i], 8);
    for (int b = 0; b < 8; ++b) doubles[static_cast<std::size_t>(i * 8 + b)] = static_cast<char>((bits >> (8 * b)) & 0xff);
  }
  const auto f8 = dir.write("d.npy", npy_file("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", doubles));
  CHECK(read_npy_vector(f8) == std::vector<double>{0.1, -1e300, 5e-324});
  const auto f4 = dir.write("f.npy", npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 1), }",
                                              float_bytes({0.1f, 2.0f})));
  CHECK(read_npy_vector(f4) == std::vector<double>{static_cast<double>(0.1f), 2.0});
  const auto wide = dir.write("w.npy", npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 2), }",
                                                float_bytes({1, 2})));
  CHECK_INPUT_ERROR([&] { read_npy_vector(wide); }, wide, 0, "a 1 x 2 array is not a vector");
  const auto short_f8 = dir.write("s.npy", npy_file("{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }", doubles));
  CHECK_INPUT_ERROR([&] { read_npy_vector(short_f8); }, short_f8, 0, "the shape needs 32 bytes of data, the file has 24");
  const auto ints = dir.write("i.npy", npy_file("{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }", doubles));
  CHECK_INPUT_ERROR([&] { read_npy_vector(ints); }, ints, 0, "float32 '<f4' or float64 '<f8'");
}

TEST_CASE("unsupported and damaged .npy files are refused", "[io][npy][errors]") {
  TempDir dir;
  const std::string four = float_bytes({1, 2, 3, 4});
  const std::vector<std::pair<std::string, std::string>> cases = {
      {npy_file("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", four),
       "Fortran-order arrays are not supported"},
      {npy_file("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }", four), "dtype '<f8' is not supported"},
      {npy_file("{'descr': '>f4', 'fortran_order': False, 'shape': (4,), }", four), "dtype '>f4' is not supported"},
      {npy_file("{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }", four), "dtype '<i4' is not supported"},
      {npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 2, 2), }", four),
       "3-dimensional array is not supported"},
      {npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (), }", four.substr(0, 4)), "0-dimensional array"},
      {npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", four),
       "truncated .npy file: the shape needs 24 bytes of data, the file has 16"},
      {npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", four), "4 bytes after the array data"},
      {npy_file("{'descr': '<f4', 'shape': (4,), }", four), "lacks one of"},
      {npy_file("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (4,), }", four), "expected True or False"},
      {npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), 'extra': 1}", four), "unexpected key 'extra'"},
      {npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (-4,), }", four), "expected a non-negative integer"},
      {npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (4,)", four), "expected ','"},
      {npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", four, 9),
       "format version 9.0 is not supported"},
      {"\x93NUMPX\x01\x00", "not a NumPy .npy file"},
      {"\x93NUM", "not a NumPy .npy file"},
      {std::string("\x93NUMPY\x01\x00\x40", 9), "the .npy header"},
  };
  for (const auto& [bytes, reason] : cases) {
    INFO(reason);
    const auto file = dir.write("bad.npy", bytes);
    CHECK_INPUT_ERROR([&] { read_npy(file); }, file, 0, reason);
  }
}

TEST_CASE("write_npy refuses a matrix whose values do not match its shape", "[io][npy][errors]") {
  TempDir dir;
  CHECK_THROWS_AS(write_npy(dir.path("x.npy"), DenseMatrix{2, 2, {1, 2, 3}}), graphrun::UsageError);
}

// Native SpMM kernels (kernels/cuda/spmm) against a double-precision host
// reference: every kernel x width x weighting on matrices with empty rows,
// one huge row, power-law and banded rows, n = 1 and nnz = 0.
#include <catch2/catch.hpp>
#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <type_traits>
#include <random>
#include <string>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/memory.hpp"
#include "kernels/cuda/runtime/device_memory.cuh"
#include "kernels/cuda/runtime/stream.cuh"
#include "kernels/cuda/spmm/spmm.cuh"
#include "kernels/cuda/spmm/tuning/spmm_policy.cuh"
#include "random_csr.hpp"

namespace {

using graphrun::DeviceVector;
using graphrun::edge_t;
using graphrun::vertex_t;
using graphrun::test::HostCsr;
using graphrun::test::RowShape;

// 260 and 300: more than one row-group pass (65 and 75 float4 vectors).
const std::vector<std::size_t> widths = {1, 3, 4, 5, 16, 31, 32, 64, 100, 128, 256, 260, 300};
const std::vector<std::string> kernels = {"warp-row", "row-cache", "row-group", "nnz-split", "slice-staged", "auto"};
constexpr float poison = std::numeric_limits<float>::quiet_NaN();
constexpr double relative_tolerance = 1e-5;  // float accumulation vs double reference
constexpr double absolute_tolerance = 1e-6;

int multiprocessors() {
  int count = 0;
  if (cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess) return 1;
  return count;
}

struct Device {
  graphrun::cuda::Stream stream;
  graphrun::cuda::DeviceMemoryResource memory{0, stream.get()};
  graphrun::cuda::DeviceContext context{stream.get(), memory, multiprocessors()};
};

// `shift` leading elements, so that an array can start past its buffer's
// (256-byte aligned) start.
template <class T>
std::vector<T> shifted(const std::vector<T>& values, std::size_t shift) {
  std::vector<T> padded(shift, T{});
  padded.insert(padded.end(), values.begin(), values.end());
  return padded;
}

// The matrix on the device; with `shift`, each array starts that many
// elements into its buffer (misaligned sources).
struct DeviceCsr {
  DeviceVector<edge_t> offsets;
  DeviceVector<vertex_t> indices;
  DeviceVector<float> values;
  graphrun::cuda::CsrView view;

  DeviceCsr(graphrun::MemoryResource& memory, const HostCsr& host, std::size_t shift = 0)
      : offsets(memory, std::span<const edge_t>(shifted(host.offsets, shift))),
        indices(memory, std::span<const vertex_t>(shifted(host.indices, shift))),
        values(memory, std::span<const float>(shifted(host.values, shift))) {
    view.offsets = offsets.data() + shift;
    view.indices = indices.data() + shift;
    view.values = values.data() + shift;
    view.num_rows = host.rows;
    view.num_cols = host.cols;
    view.num_entries = host.entries();
  }
};

// Y = A X with Y poisoned (NaN) first; x_shift / y_shift move the dense base
// pointers by that many floats (misalignment tests).
std::vector<float> native_spmm(Device& device, const std::string& kernel, const DeviceCsr& a, bool use_weights,
                               const std::vector<float>& x, std::size_t width, std::size_t x_shift = 0,
                               std::size_t y_shift = 0) {
  std::vector<float> shifted_x(x_shift, poison);
  shifted_x.insert(shifted_x.end(), x.begin(), x.end());
  DeviceVector<float> x_device(device.memory, std::span<const float>(shifted_x));
  const std::size_t y_size = static_cast<std::size_t>(a.view.num_rows) * width;
  const std::vector<float> poisoned(y_shift + y_size, poison);
  DeviceVector<float> y_device(device.memory, std::span<const float>(poisoned));
  graphrun::cuda::spmm(device.context, kernel, a.view, use_weights, x_device.data() + x_shift,
                       y_device.data() + y_shift, width);
  device.stream.synchronize();
  std::vector<float> y = y_device.to_host();
  y.erase(y.begin(), y.begin() + static_cast<std::ptrdiff_t>(y_shift));
  return y;
}

void check_product(const std::vector<float>& actual, const graphrun::test::Reference& expected) {
  const std::vector<std::size_t> wrong =
      graphrun::test::mismatches(actual, expected, relative_tolerance, absolute_tolerance);
  if (!wrong.empty()) {
    const std::size_t i = wrong.front();
    UNSCOPED_INFO(wrong.size() << " wrong entries; first at " << i << ": got " << actual[i] << ", expected "
                               << expected.value[i]);
  }
  CHECK(wrong.empty());
}

// Whether slice-staged refuses `matrix`: the dispatch narrows the vector
// width until a one-vector slice fits, so it refuses, at any width and
// alignment, exactly when one float of X per row does not fit next to it.
bool slice_staged_refuses(const HostCsr& matrix) {
  return !graphrun::cuda::SliceStagedPolicy::fits(matrix.rows, matrix.cols, matrix.entries(), 1);
}

// `kernel`'s product against the reference, or, for slice-staged on a matrix
// it cannot stage, its refusal (a UsageError, nothing written).
void check_kernel_product(Device& device, const std::string& kernel, const DeviceCsr& a, const HostCsr& matrix,
                          bool use_weights, const std::vector<float>& x, std::size_t width,
                          const graphrun::test::Reference& expected, std::size_t x_shift = 0,
                          std::size_t y_shift = 0) {
  if (kernel == "slice-staged" && slice_staged_refuses(matrix))
    CHECK_THROWS_AS(native_spmm(device, kernel, a, use_weights, x, width, x_shift, y_shift), graphrun::UsageError);
  else
    check_product(native_spmm(device, kernel, a, use_weights, x, width, x_shift, y_shift), expected);
}

struct NamedMatrix {
  std::string name;
  HostCsr matrix;
};

std::vector<NamedMatrix> test_matrices(std::mt19937_64& random) {
  using graphrun::test::random_csr;
  HostCsr single_entry;
  single_entry.rows = 1;
  single_entry.cols = 1;
  single_entry.offsets = {0, 1};
  single_entry.indices = {0};
  single_entry.values = {-0.75f};
  HostCsr single_empty;
  single_empty.rows = 1;
  single_empty.cols = 1;
  single_empty.offsets = {0, 0};
  return {
      {"uniform 1500x1500", random_csr(random, 1500, 1500, RowShape::uniform, 12)},
      {"half-empty 1200x1200", random_csr(random, 1200, 1200, RowShape::half_empty, 8)},
      {"one huge row 800x6000", random_csr(random, 800, 6000, RowShape::one_huge_row, 6)},
      {"power-law 2000x2000", random_csr(random, 2000, 2000, RowShape::power_law, 10)},
      {"banded 1000x1000", random_csr(random, 1000, 1000, RowShape::banded, 9)},
      {"n = 1, one entry", single_entry},
      {"n = 1, nnz = 0", single_empty},
      {"50 rows, nnz = 0", random_csr(random, 50, 50, RowShape::uniform, 0)},
  };
}

}  // namespace

TEST_CASE("native SpMM kernels match the host reference for every width and weighting", "[spmm][native]") {
  Device device;
  std::mt19937_64 random(20261123);
  for (const NamedMatrix& test : test_matrices(random)) {
    CAPTURE(test.name, test.matrix.entries());
    const DeviceCsr a(device.memory, test.matrix);
    for (std::size_t width : widths) {
      const std::vector<float> x =
          graphrun::test::random_dense(random, static_cast<std::size_t>(test.matrix.cols) * width);
      for (bool use_weights : {true, false}) {
        const auto expected = graphrun::test::reference_product(test.matrix, x, width, use_weights);
        for (const std::string& kernel : kernels) {
          CAPTURE(width, use_weights, kernel);
          check_kernel_product(device, kernel, a, test.matrix, use_weights, x, width, expected);
        }
      }
    }
  }
}

TEST_CASE("native SpMM on a pattern CSR (no stored values) multiplies every entry by 1", "[spmm][native]") {
  Device device;
  std::mt19937_64 random(20261201);
  for (const NamedMatrix& test : test_matrices(random)) {
    CAPTURE(test.name, test.matrix.entries());
    HostCsr pattern = test.matrix;
    pattern.values.clear();
    const DeviceCsr a(device.memory, pattern);
    REQUIRE(a.view.values == nullptr);
    for (std::size_t width : widths) {
      const std::vector<float> x =
          graphrun::test::random_dense(random, static_cast<std::size_t>(test.matrix.cols) * width);
      const auto expected = graphrun::test::reference_product(test.matrix, x, width, false);
      for (const std::string& kernel : kernels) {
        CAPTURE(width, kernel);
        check_kernel_product(device, kernel, a, test.matrix, true, x, width, expected);
      }
    }
  }
}

TEST_CASE("native SpMM splits rows at the long-row threshold correctly", "[spmm][native]") {
  // Rows just below, at and above LongRowPolicy::min_entries (one warp vs
  // block pieces), at and above one and two pieces (a piece written straight
  // to Y vs pieces added up afterwards), hubs of many pieces, and short and
  // empty rows around them.
  Device device;
  std::mt19937_64 random(13);
  const auto threshold = static_cast<vertex_t>(graphrun::cuda::LongRowPolicy::min_entries);
  const auto piece = static_cast<vertex_t>(graphrun::cuda::LongRowPolicy::piece_entries);
  std::vector<vertex_t> lengths(1500);
  std::uniform_int_distribution<vertex_t> short_length(0, 40);
  for (vertex_t& length : lengths) length = short_length(random);
  lengths[0] = threshold - 1;
  lengths[1] = threshold;
  lengths[2] = threshold + 1;
  lengths[7] = 30000;
  lengths[8] = 0;
  lengths[300] = 2 * threshold + 17;
  lengths[1200] = 12345;
  lengths[1499] = threshold;
  lengths[400] = piece;
  lengths[401] = piece + 1;
  lengths[402] = 2 * piece;
  lengths[403] = 2 * piece + 1;
  const HostCsr matrix = graphrun::test::csr_with_row_lengths(random, 40000, lengths);
  const DeviceCsr a(device.memory, matrix);
  for (std::size_t width : {1u, 5u, 32u, 100u, 256u}) {
    const std::vector<float> x = graphrun::test::random_dense(random, static_cast<std::size_t>(matrix.cols) * width);
    for (bool use_weights : {true, false}) {
      const auto expected = graphrun::test::reference_product(matrix, x, width, use_weights);
      for (const std::string& kernel : kernels) {
        CAPTURE(width, use_weights, kernel);
        check_kernel_product(device, kernel, a, matrix, use_weights, x, width, expected);
      }
    }
  }
}

TEST_CASE("native SpMM never issues misaligned vector loads", "[spmm][native]") {
  // Base pointers shifted by one float (4-byte aligned only) or two floats
  // (8-byte aligned) with widths divisible by 4: the dispatch must fall back
  // to narrower accesses (a misaligned float4 load faults the kernel).
  Device device;
  std::mt19937_64 random(7);
  const HostCsr matrix = graphrun::test::random_csr(random, 700, 700, RowShape::power_law, 9);
  const DeviceCsr a(device.memory, matrix);
  for (std::size_t width : {4u, 8u, 128u, 256u}) {
    const std::vector<float> x = graphrun::test::random_dense(random, static_cast<std::size_t>(matrix.cols) * width);
    const auto expected = graphrun::test::reference_product(matrix, x, width, true);
    for (std::size_t shift : {1u, 2u, 3u}) {
      for (const std::string& kernel : kernels) {
        CAPTURE(width, shift, kernel);
        check_kernel_product(device, kernel, a, matrix, true, x, width, expected, shift, 0);
        check_kernel_product(device, kernel, a, matrix, true, x, width, expected, 0, shift);
      }
    }
  }
}

TEST_CASE("native SpMM is deterministic run to run", "[spmm][native]") {
  Device device;
  std::mt19937_64 random(11);
  // Power-law rows up to a few thousand entries: long rows included.
  const HostCsr matrix = graphrun::test::random_csr(random, 3000, 3000, RowShape::power_law, 60);
  const DeviceCsr a(device.memory, matrix);
  for (std::size_t width : {1u, 5u, 64u, 256u}) {
    const std::vector<float> x = graphrun::test::random_dense(random, static_cast<std::size_t>(matrix.cols) * width);
    for (const std::string kernel : {"warp-row", "row-cache", "row-group", "nnz-split"}) {
      CAPTURE(width, kernel);
      CHECK(native_spmm(device, kernel, a, true, x, width) == native_spmm(device, kernel, a, true, x, width));
    }
  }
}

namespace {

// `kernel` against the host reference at each width, weighted and not.
void check_kernel(Device& device, const std::string& kernel, std::mt19937_64& random, const HostCsr& matrix,
                  const std::vector<std::size_t>& widths) {
  const DeviceCsr a(device.memory, matrix);
  for (std::size_t width : widths) {
    const std::vector<float> x = graphrun::test::random_dense(random, static_cast<std::size_t>(matrix.cols) * width);
    for (bool use_weights : {true, false}) {
      const auto expected = graphrun::test::reference_product(matrix, x, width, use_weights);
      CAPTURE(kernel, width, use_weights);
      check_product(native_spmm(device, kernel, a, use_weights, x, width), expected);
    }
  }
}

}  // namespace

TEST_CASE("row-group SpMM: short and shared rows mixed within warps", "[spmm][native]") {
  // row-group gives a row shorter than RowGroupPolicy::shared_row_entries to
  // its lane group and longer ones (below the long-row threshold) to the
  // whole warp, one after the other. Lengths here sit just below, at and
  // above that threshold, several shared rows fall into one warp (up to 32
  // rows per warp at width 1), runs of empty rows and a long row sit between
  // them, and the row count (1001) is no multiple of any warp's row count.
  Device device;
  std::mt19937_64 random(29);
  const auto shared = static_cast<vertex_t>(graphrun::cuda::RowGroupPolicy::shared_row_entries);
  const auto long_row = static_cast<vertex_t>(graphrun::cuda::LongRowPolicy::min_entries);
  std::vector<vertex_t> lengths(1001);
  std::uniform_int_distribution<vertex_t> pick(0, 9);
  std::uniform_int_distribution<vertex_t> medium(shared, long_row - 1);
  for (vertex_t& length : lengths) {
    const vertex_t kind = pick(random);
    length = kind < 3 ? 0 : kind < 6 ? shared - (kind - 2) : kind < 8 ? shared + (kind - 6) : medium(random);
  }
  for (std::size_t i = 64; i < 96; ++i) lengths[i] = shared + static_cast<vertex_t>(i % 3);  // a warp of shared rows
  lengths[200] = long_row + 3;
  lengths[1000] = shared;  // the last row, alone in its warp
  const HostCsr matrix = graphrun::test::csr_with_row_lengths(random, 3000, lengths);
  check_kernel(device, "row-group", random, matrix, {1, 2, 3, 8, 16, 17, 32, 64, 132, 256, 264});
}

TEST_CASE("row-group and row-cache SpMM: road-like short rows take two vectors per lane", "[spmm][native]") {
  // Rows of fewer than RowGroupPolicy::short_rows_mean_entries entries on
  // average switch row-group to two vectors per lane (half the lanes per
  // row) from short_rows_min_vectors on, and row-cache to two entries per
  // trip and, from RowCachePolicy::wide_min_vectors on, two vectors per lane;
  // widths just below and above those bounds, widths that leave a lane's
  // second vector idle, and a few shared and long rows among the short ones.
  Device device;
  std::mt19937_64 random(31);
  std::vector<vertex_t> lengths(5000);
  std::uniform_int_distribution<vertex_t> short_length(0, 6);
  for (vertex_t& length : lengths) length = short_length(random);
  lengths[17] = static_cast<vertex_t>(graphrun::cuda::RowGroupPolicy::shared_row_entries) + 5;
  lengths[4000] = static_cast<vertex_t>(graphrun::cuda::LongRowPolicy::min_entries) + 1;
  const HostCsr matrix = graphrun::test::csr_with_row_lengths(random, 5000, lengths);
  REQUIRE(matrix.entries() < graphrun::cuda::RowGroupPolicy::short_rows_mean_entries * matrix.rows);
  check_kernel(device, "row-group", random, matrix, {28, 32, 36, 60, 64, 68, 128, 132});
  check_kernel(device, "row-cache", random, matrix, {1, 6, 28, 64, 127, 128, 132, 256, 260, 300});
}

TEST_CASE("row-cache SpMM: one vector per lane, column tiles over the grid", "[spmm][native]") {
  // Rows of at least short_rows_mean_entries entries on average: row-cache
  // takes one vector per lane and four entries per trip, so widths of more
  // than 32 vectors are several tiles over gridDim.y. Row lengths around the
  // trip (4) and the chunk (32), empty rows, a long row, and widths on both
  // sides of one and two tiles.
  Device device;
  std::mt19937_64 random(37);
  std::vector<vertex_t> lengths(3001);
  std::uniform_int_distribution<vertex_t> any_length(0, 70);
  for (vertex_t& length : lengths) length = any_length(random);
  for (std::size_t i = 0; i < 40; ++i) lengths[100 + i] = static_cast<vertex_t>(i);  // 0..39: every trip remainder
  lengths[2000] = static_cast<vertex_t>(graphrun::cuda::LongRowPolicy::min_entries) + 9;
  const HostCsr matrix = graphrun::test::csr_with_row_lengths(random, 4000, lengths);
  REQUIRE_FALSE(matrix.entries() < graphrun::cuda::RowGroupPolicy::short_rows_mean_entries * matrix.rows);
  check_kernel(device, "row-cache", random, matrix, {1, 3, 7, 64, 124, 128, 132, 256, 260, 516});
}

TEST_CASE("SpMM kernel names and the auto rule", "[spmm][native]") {
  using graphrun::cuda::choose_spmm_kernel;
  CHECK(graphrun::cuda::spmm_kernel_names() ==
        std::vector<std::string>{"warp-row", "row-cache", "row-group", "nnz-split", "slice-staged"});

  using graphrun::cuda::SpmmAutoRule;
  // Statistics only: "auto" reads no device memory.
  graphrun::cuda::CsrView small;
  small.num_rows = 1000;
  small.num_cols = 1000;
  small.num_entries = 10000;
  graphrun::cuda::CsrView at_bound = small;
  at_bound.num_rows = 1 << 20;
  at_bound.num_entries = SpmmAutoRule::nnz_split_max_entries;
  // Rows of two nnz-split pieces on average, and one entry fewer.
  graphrun::cuda::CsrView spanning_rows = small;
  spanning_rows.num_entries = SpmmAutoRule::spanning_rows_mean_entries * small.num_rows;
  graphrun::cuda::CsrView just_below = spanning_rows;
  just_below.num_entries -= 1;
  graphrun::cuda::CsrView large = small;
  large.num_rows = 1 << 20;
  large.num_cols = 1 << 20;
  large.num_entries = SpmmAutoRule::nnz_split_max_entries + 1;
  graphrun::cuda::CsrView large_short_rows = large;
  large_short_rows.num_rows = 1 << 22;

  // Up to 2^21 entries (and too large for slice-staged, which the test
  // below covers): nnz-split at every width, unless rows average two pieces
  // or more and there are 64 vectors or more: then row-cache.
  for (std::size_t width : {1u, 4u, 16u, 17u, 64u, 68u, 256u, 1000u}) {
    INFO("width " << width);
    CHECK(choose_spmm_kernel("auto", small, false, width) == "nnz-split");
    CHECK(choose_spmm_kernel("auto", at_bound, false, width) == "nnz-split");
    CHECK(choose_spmm_kernel("auto", just_below, false, width) == "nnz-split");
  }
  for (std::size_t width : {1u, 4u, 63u, 126u, 128u, 252u})  // 1, 1, 63, 63, 32, 63 vectors
    CHECK(choose_spmm_kernel("auto", spanning_rows, false, width) == "nnz-split");
  for (std::size_t width : {65u, 130u, 256u, 260u, 1000u})  // 65, 65, 64, 65, 250 vectors
    CHECK(choose_spmm_kernel("auto", spanning_rows, false, width) == "row-cache");
  // Larger, up to 16 vectors (float4 when width % 4 == 0, float2 when width
  // % 2 == 0, else float): row-group, whatever the row lengths.
  for (std::size_t width : {1u, 4u, 15u, 16u, 30u, 32u, 64u}) {
    CHECK(choose_spmm_kernel("auto", large, false, width) == "row-group");
    CHECK(choose_spmm_kernel("auto", large_short_rows, false, width) == "row-group");
  }
  // More (17 floats, 17 float2, 17 float4, ...): row-cache.
  for (std::size_t width : {17u, 34u, 68u, 128u, 256u, 1000u}) {
    CHECK(choose_spmm_kernel("auto", large, false, width) == "row-cache");
    CHECK(choose_spmm_kernel("auto", large_short_rows, false, width) == "row-cache");
  }
  // Matrices that fit one block with a first slice of a sector (8
  // floats, or the whole row when narrower) and have no long rows:
  // slice-staged, before every other rule. rows = cols = 1000 at width 256
  // (float4, first slice 2 vectors): offsets 1001 * 8 -> 8016 bytes (16-byte
  // aligned), X 1000 * 8 * 4 = 32000, then 8 bytes per entry: 1142 entries
  // make exactly 49152 bytes, 1143 one entry too many.
  graphrun::cuda::CsrView tiny = small;
  tiny.num_rows = tiny.num_cols = 34;
  tiny.num_entries = 156;
  graphrun::cuda::CsrView staged_bound = small;
  staged_bound.num_entries = 1142;
  graphrun::cuda::CsrView over_staged_bound = staged_bound;
  over_staged_bound.num_entries = 1143;
  for (std::size_t width : {1u, 3u, 4u, 16u, 32u, 64u, 256u, 1000u}) {
    INFO("width " << width);
    CHECK(choose_spmm_kernel("auto", tiny, false, width) == "slice-staged");
    CHECK(choose_spmm_kernel("auto", tiny, true, width) == "nnz-split");  // a long row: one thread would walk it
  }
  CHECK(choose_spmm_kernel("auto", staged_bound, false, 256) == "slice-staged");
  CHECK(choose_spmm_kernel("auto", over_staged_bound, false, 256) == "nnz-split");
  CHECK(choose_spmm_kernel("auto", small, false, 256) == "nnz-split");
  // Forced names pass through; unknown ones are usage errors.
  CHECK(choose_spmm_kernel("slice-staged", large, false, 4) == "slice-staged");
  CHECK(choose_spmm_kernel("row-cache", small, false, 1) == "row-cache");
  CHECK(choose_spmm_kernel("warp-row", small, false, 1000) == "warp-row");
  CHECK(choose_spmm_kernel("row-group", small, false, 1000) == "row-group");
  CHECK(choose_spmm_kernel("nnz-split", large, false, 4) == "nnz-split");
  CHECK_THROWS_AS(choose_spmm_kernel("merge-path", small, false, 8), graphrun::UsageError);
  Device device;
  CHECK_THROWS_AS(graphrun::cuda::spmm(device.context, "merge-path", small, true, nullptr, nullptr, 8),
                  graphrun::UsageError);
}

TEST_CASE("SpmmPlan lists exactly the medium and long rows, and a kept plan gives the same products",
          "[spmm][native]") {
  // Lengths at every class bound (shared_row_entries, min_entries, one and
  // two pieces) among short and empty rows; the plan's lists must hold each
  // medium and each long row once, with its piece count, and the pieces must
  // be numbered by an exclusive prefix sum. One plan then serves products of
  // several widths, kernels and weightings, each equal to a fresh plan's.
  using graphrun::cuda::LongRowPolicy;
  using graphrun::cuda::RowGroupPolicy;
  Device device;
  std::mt19937_64 random(41);
  const auto shared = static_cast<vertex_t>(RowGroupPolicy::shared_row_entries);
  const auto long_row = static_cast<vertex_t>(LongRowPolicy::min_entries);
  const auto piece = static_cast<vertex_t>(LongRowPolicy::piece_entries);
  std::vector<vertex_t> lengths(3000);
  std::uniform_int_distribution<vertex_t> short_length(0, shared - 1);
  for (vertex_t& length : lengths) length = short_length(random);
  const std::vector<vertex_t> special = {shared - 1,   shared,    shared + 1, long_row - 1,  long_row,
                                         long_row + 1, piece - 1, piece,      piece + 1,     2 * piece,
                                         2 * piece + 1, 7 * piece + 3};
  for (std::size_t i = 0; i < special.size(); ++i) lengths[100 + 97 * i] = special[i];
  const HostCsr matrix = graphrun::test::csr_with_row_lengths(random, 20000, lengths);
  const DeviceCsr a(device.memory, matrix);
  const graphrun::cuda::SpmmPlan plan(device.context, a.view);
  device.stream.synchronize();

  std::multiset<vertex_t> expected_medium, expected_long;
  std::map<vertex_t, std::uint32_t> expected_pieces;
  for (vertex_t row = 0; row < matrix.rows; ++row) {
    const edge_t length = matrix.offsets[row + 1] - matrix.offsets[row];
    if (graphrun::cuda::is_medium_row(length)) expected_medium.insert(row);
    if (graphrun::cuda::is_long_row(length)) {
      expected_long.insert(row);
      expected_pieces[row] = static_cast<std::uint32_t>((length + piece - 1) / piece);
    }
  }
  const auto to_host = [](const auto* device_data, std::int64_t count) {
    using T = std::remove_cv_t<std::remove_pointer_t<decltype(device_data)>>;
    std::vector<T> host(static_cast<std::size_t>(count));
    if (count > 0)
      REQUIRE(cudaMemcpy(host.data(), device_data, host.size() * sizeof(T), cudaMemcpyDeviceToHost) == cudaSuccess);
    return host;
  };
  const auto medium = plan.medium_rows();
  const std::vector<vertex_t> medium_rows = to_host(medium.rows, medium.count);
  CHECK(std::multiset<vertex_t>(medium_rows.begin(), medium_rows.end()) == expected_medium);
  const auto long_list = plan.long_rows();
  const std::vector<vertex_t> long_rows = to_host(long_list.rows, long_list.count);
  const std::vector<std::uint32_t> pieces = to_host(long_list.piece_counts, long_list.count);
  const std::vector<std::uint32_t> begins = to_host(long_list.piece_begin, long_list.count);
  CHECK(std::multiset<vertex_t>(long_rows.begin(), long_rows.end()) == expected_long);
  std::uint32_t next_piece = 0;
  for (std::size_t i = 0; i < long_rows.size(); ++i) {
    INFO("listed long row " << long_rows[i]);
    CHECK(pieces[i] == expected_pieces[long_rows[i]]);
    CHECK(begins[i] == next_piece);
    next_piece += pieces[i];
  }
  CHECK(long_list.pieces == static_cast<std::int64_t>(next_piece));
  CHECK(plan.bytes() ==
        (medium_rows.size() + long_rows.size()) * sizeof(vertex_t) + 2 * long_rows.size() * sizeof(std::uint32_t));

  for (std::size_t width : {1u, 16u, 33u, 256u}) {
    const std::vector<float> x = graphrun::test::random_dense(random, static_cast<std::size_t>(matrix.cols) * width);
    DeviceVector<float> x_device(device.memory, std::span<const float>(x));
    for (bool use_weights : {true, false}) {
      const auto expected = graphrun::test::reference_product(matrix, x, width, use_weights);
      for (const std::string& kernel : kernels) {
        INFO("kernel " << kernel << ", width " << width << ", use_weights " << use_weights);
        const std::vector<float> poisoned(static_cast<std::size_t>(matrix.rows) * width, poison);
        DeviceVector<float> y_device(device.memory, std::span<const float>(poisoned));
        if (kernel == "slice-staged" && slice_staged_refuses(matrix)) continue;  // refusals: tested above
        graphrun::cuda::spmm(device.context, kernel, a.view, plan, use_weights, x_device.data(), y_device.data(),
                             width);
        device.stream.synchronize();
        const std::vector<float> with_kept_plan = y_device.to_host();
        check_product(with_kept_plan, expected);
        CHECK(with_kept_plan == native_spmm(device, kernel, a, use_weights, x, width));
      }
    }
  }
}

TEST_CASE("SpmmPlan of matrices without medium or long rows holds nothing", "[spmm][native]") {
  Device device;
  std::mt19937_64 random(43);
  for (const vertex_t rows : {0, 1, 500}) {
    INFO(rows << " rows");
    const std::vector<vertex_t> lengths(static_cast<std::size_t>(rows), 3);
    const HostCsr matrix = graphrun::test::csr_with_row_lengths(random, 64, lengths);
    const DeviceCsr a(device.memory, matrix);
    const graphrun::cuda::SpmmPlan plan(device.context, a.view);
    CHECK(plan.medium_rows().count == 0);
    CHECK(plan.long_rows().count == 0);
    CHECK(plan.long_rows().pieces == 0);
    CHECK(plan.bytes() == 0);
  }
}

TEST_CASE("nnz-split SpMM: pieces of every row, rows spanning warps, a kept plan reused", "[spmm][native]") {
  // Every row is cut into pieces of NnzSplitPolicy::piece_entries and a warp
  // holds 32 / group_lanes pieces: 32 at width 1, 8 at width 16, 1 at width
  // 256. Lengths around one and two pieces, rows that span two warps at each
  // of those counts, a hub spanning hundreds of warps, runs of empty rows
  // (one empty piece each), and a last row alone in its warp. One plan serves
  // every width three times: the spanning rows' arrival counters must be
  // back at zero after each call, whatever the pieces per warp were.
  using graphrun::cuda::NnzSplitPolicy;
  Device device;
  std::mt19937_64 random(47);
  const auto piece = static_cast<vertex_t>(NnzSplitPolicy::piece_entries);
  std::vector<vertex_t> lengths(4001);
  std::uniform_int_distribution<vertex_t> short_length(0, 2 * piece);
  for (vertex_t& length : lengths) length = short_length(random);
  const std::vector<vertex_t> special = {0,         1,          piece - 1,  piece,      piece + 1,
                                         2 * piece, 2 * piece + 1, 8 * piece, 8 * piece + 1, 32 * piece + 3,
                                         33 * piece, 5000,      0,          0,          0};
  for (std::size_t i = 0; i < special.size(); ++i) lengths[50 + 131 * i] = special[i];
  for (std::size_t i = 3000; i < 3100; ++i) lengths[i] = 0;  // empty rows across warp bounds
  lengths[4000] = 3 * piece;
  const HostCsr matrix = graphrun::test::csr_with_row_lengths(random, 9000, lengths);
  const DeviceCsr a(device.memory, matrix);
  const graphrun::cuda::SpmmPlan plan(device.context, a.view);
  const graphrun::cuda::RowPieces& pieces = plan.pieces(device.context, a.view);
  std::int64_t expected_pieces = 0;
  for (vertex_t row = 0; row < matrix.rows; ++row) {
    const edge_t length = matrix.offsets[row + 1] - matrix.offsets[row];
    expected_pieces += length == 0 ? 1 : (length + piece - 1) / piece;
  }
  CHECK(pieces.list().pieces == expected_pieces);
  CHECK(pieces.bytes() == static_cast<std::size_t>(expected_pieces) * (sizeof(vertex_t) + sizeof(edge_t)) +
                              sizeof(edge_t) + static_cast<std::size_t>(matrix.rows + 1) * sizeof(std::int64_t) +
                              static_cast<std::size_t>(matrix.rows) * sizeof(unsigned));

  for (int round = 0; round < 3; ++round) {
    for (std::size_t width : {1u, 3u, 16u, 32u, 64u, 128u, 256u, 260u}) {
      const std::vector<float> x =
          graphrun::test::random_dense(random, static_cast<std::size_t>(matrix.cols) * width);
      DeviceVector<float> x_device(device.memory, std::span<const float>(x));
      for (bool use_weights : {true, false}) {
        INFO("round " << round << ", width " << width << ", use_weights " << use_weights);
        const auto expected = graphrun::test::reference_product(matrix, x, width, use_weights);
        const std::vector<float> poisoned(static_cast<std::size_t>(matrix.rows) * width, poison);
        DeviceVector<float> y_device(device.memory, std::span<const float>(poisoned));
        graphrun::cuda::spmm(device.context, "nnz-split", a.view, plan, use_weights, x_device.data(),
                             y_device.data(), width);
        device.stream.synchronize();
        check_product(y_device.to_host(), expected);
      }
    }
  }
}

TEST_CASE("slice-staged launch shapes: slices, blocks and the staged layout", "[spmm][native]") {
  // Host arithmetic only: the shape the launch computes once for the kernel.
  using Policy = graphrun::cuda::SliceStagedPolicy;
  struct Case {
    std::int64_t rows, cols, entries;
    std::size_t vectors;
    int v;
  };
  // ldbc-directed-example's shape at width 32 with float4: 8 vectors in
  // slices of 2 (8 floats), so 4 blocks.
  const Policy::LaunchShape tiny = Policy::launch_shape(10, 10, 17, 8, 4);
  CHECK(tiny.slice_vectors == 2);
  CHECK(tiny.blocks == 4);
  CHECK(tiny.rows == 10);
  CHECK(tiny.entries == 17);
  CHECK(tiny.vectors == 8);
  // celegansneural's at width 32: 297 rows of two vectors would be 594
  // outputs for 512 threads, so slices of one vector (8 blocks); 256 rows
  // still take two, 257 one, at any vector width.
  CHECK(Policy::launch_shape(297, 297, 2345, 8, 4).slice_vectors == 1);
  CHECK(Policy::launch_shape(297, 297, 2345, 8, 4).blocks == 8);
  CHECK(Policy::one_output_slice_vectors(256) == 2);
  CHECK(Policy::one_output_slice_vectors(257) == 1);
  CHECK(Policy::one_output_slice_vectors(2000) == 1);
  CHECK(Policy::one_output_slice_vectors(1) == Policy::threads_per_block);
  // With one float a vector the first slice would be 8 vectors: 100 rows
  // take 5, 256 rows 2, 257 rows 1; 64 rows all 8.
  CHECK(Policy::slice_vectors(64, 64, 1000, 64, 1) == Policy::slice_floats);
  CHECK(Policy::slice_vectors(100, 100, 1000, 64, 1) == 5);
  CHECK(Policy::slice_vectors(256, 256, 1000, 64, 1) == 2);
  CHECK(Policy::slice_vectors(257, 257, 1000, 64, 1) == 1);

  const std::vector<Case> cases = {{10, 10, 17, 8, 4},     {1, 1, 1, 1, 1},       {1, 1, 0, 3, 1},
                                   {34, 34, 156, 64, 4},   {77, 77, 508, 16, 4},  {300, 300, 0, 8, 4},
                                   {700, 40, 2800, 65, 1}, {40, 700, 800, 75, 2}, {1000, 1000, 2000, 64, 4},
                                   {1000, 1000, 4000, 16, 1}};
  for (const Case& c : cases) {
    CAPTURE(c.rows, c.cols, c.entries, c.vectors, c.v);
    const Policy::LaunchShape shape = Policy::launch_shape(c.rows, c.cols, c.entries, c.vectors, c.v);
    REQUIRE(shape.slice_vectors > 0);
    const std::size_t slice = Policy::slice_vectors(c.rows, c.cols, c.entries, c.vectors, c.v);
    const Policy::Layout layout = Policy::layout(c.rows, c.cols, c.entries, slice * static_cast<std::size_t>(c.v));
    CHECK(shape.rows == static_cast<unsigned>(c.rows));
    CHECK(shape.cols == static_cast<unsigned>(c.cols));
    CHECK(shape.entries == static_cast<unsigned>(c.entries));
    CHECK(shape.vectors == c.vectors);
    CHECK(shape.slice_vectors == slice);
    CHECK(static_cast<std::size_t>(shape.blocks) * slice >= c.vectors);
    CHECK(static_cast<std::size_t>(shape.blocks - 1) * slice < c.vectors);
    CHECK(shape.x_slice == layout.x_slice);
    CHECK(shape.columns == layout.columns);
    CHECK(shape.weights == layout.weights);
    CHECK(shape.shared_bytes == layout.bytes);
    CHECK(shape.shared_bytes <= Policy::max_shared_bytes);
    // One output a thread wherever a slice of one vector allows it.
    CHECK((static_cast<std::size_t>(c.rows) * slice <= Policy::threads_per_block || slice == 1));
  }
  // A dense row of more vectors than 32-bit counts take is not launched.
  CHECK(Policy::launch_shape(10, 10, 17, Policy::max_vectors + 1, 4).slice_vectors == 0);
  CHECK(Policy::launch_shape(10, 10, 17, Policy::max_vectors + 1, 4).blocks == 0);
  // Nor is a matrix without room for one float of X per row (rows = cols =
  // 1000: 4642 entries make 8016 + 37136 bytes beside X and 4000 for one
  // float, exactly 49152; one entry more does not fit).
  CHECK(Policy::launch_shape(1000, 1000, 4642, 1, 1).slice_vectors == 1);
  CHECK(Policy::launch_shape(1000, 1000, 4643, 1, 1).slice_vectors == 0);
  CHECK_FALSE(graphrun::cuda::SpmmAutoRule::prefer_slice_staged(10, 10, 17, Policy::max_vectors + 1, 4, false));
}

TEST_CASE("slice-staged SpMM: matrices that fit one block, slices narrowed to fit, refusals", "[spmm][native]") {
  // Matrices small enough to stage, with the shapes the kernel must not
  // care about: empty rows, a row of most of the columns, power-law and
  // banded rows, more rows than columns and the reverse, n = 1, nnz = 0. The
  // widths cross the slice size (8 floats) and the vector widths. Each
  // product is also run with the dense pointers misaligned, twice for
  // determinism, and through "auto", which must pick slice-staged on these
  // matrices (no row reaches LongRowPolicy::min_entries) except the last,
  // which only fits with slices narrower than its first 8 floats. The matrix's own
  // arrays are also moved off their buffers' alignment (a CsrView may start
  // anywhere).
  using graphrun::cuda::SliceStagedPolicy;
  using graphrun::test::random_csr;
  Device device;
  std::mt19937_64 random(53);
  std::vector<vertex_t> one_long_row(60, 2);
  one_long_row[17] = 250;
  one_long_row[18] = 0;
  HostCsr single_entry;
  single_entry.rows = single_entry.cols = 1;
  single_entry.offsets = {0, 1};
  single_entry.indices = {0};
  single_entry.values = {0.5f};
  const std::vector<NamedMatrix> matrices = {
      {"uniform 300x300", random_csr(random, 300, 300, RowShape::uniform, 8)},
      {"half-empty 200x200", random_csr(random, 200, 200, RowShape::half_empty, 6)},
      {"power-law 250x250", random_csr(random, 250, 250, RowShape::power_law, 5)},
      {"banded 400x400", random_csr(random, 400, 400, RowShape::banded, 5)},
      {"one 250-entry row, 60x300", graphrun::test::csr_with_row_lengths(random, 300, one_long_row)},
      {"tall 700x40", random_csr(random, 700, 40, RowShape::uniform, 4)},
      {"wide 40x700", random_csr(random, 40, 700, RowShape::uniform, 20)},
      {"n = 1, one entry", single_entry},
      {"300 rows, nnz = 0", random_csr(random, 300, 300, RowShape::uniform, 0)},
      {"narrowed slices 1000x1000", random_csr(random, 1000, 1000, RowShape::uniform, 2)},
  };
  const HostCsr& narrowed = matrices.back().matrix;
  REQUIRE_FALSE(SliceStagedPolicy::fits(narrowed.rows, narrowed.cols, narrowed.entries(), 8));
  REQUIRE(SliceStagedPolicy::fits(narrowed.rows, narrowed.cols, narrowed.entries(), 4));
  for (const NamedMatrix& test : matrices) {
    CAPTURE(test.name, test.matrix.entries());
    const DeviceCsr a(device.memory, test.matrix);
    for (std::size_t width : {1u, 2u, 3u, 4u, 5u, 8u, 16u, 31u, 32u, 33u, 64u, 100u, 128u, 256u, 260u, 300u}) {
      CAPTURE(width);
      REQUIRE_FALSE(slice_staged_refuses(test.matrix));
      const bool narrows = &test == &matrices.back() && width >= 8;  // first slice 8 floats
      CHECK((graphrun::cuda::choose_spmm_kernel("auto", a.view, false, width) == "slice-staged") == !narrows);
      const std::vector<float> x =
          graphrun::test::random_dense(random, static_cast<std::size_t>(test.matrix.cols) * width);
      for (bool use_weights : {true, false}) {
        CAPTURE(use_weights);
        const auto expected = graphrun::test::reference_product(test.matrix, x, width, use_weights);
        const std::vector<float> staged = native_spmm(device, "slice-staged", a, use_weights, x, width);
        check_product(staged, expected);
        CHECK(staged == native_spmm(device, "slice-staged", a, use_weights, x, width));
        if (!narrows) CHECK(staged == native_spmm(device, "auto", a, use_weights, x, width));
        for (std::size_t shift : {1u, 2u}) {
          check_product(native_spmm(device, "slice-staged", a, use_weights, x, width, shift, 0), expected);
          check_product(native_spmm(device, "slice-staged", a, use_weights, x, width, 0, shift), expected);
        }
        // Offsets, columns and weights starting off their buffers' alignment.
        for (std::size_t shift : {1u, 2u, 3u}) {
          const DeviceCsr misaligned(device.memory, test.matrix, shift);
          CHECK(native_spmm(device, "slice-staged", misaligned, use_weights, x, width) == staged);
        }
      }
    }
  }

  // Refused, with nothing written, when not even one vector of X fits: one
  // entry past the bound at width 1 (rows = cols = 1000: offsets 8016
  // bytes, X 4000, entries 8 bytes each: 4642 entries make 49152).
  std::vector<vertex_t> lengths(1000, 4);
  lengths[0] = 4642 - 999 * 4;
  const HostCsr at_bound = graphrun::test::csr_with_row_lengths(random, 1000, lengths);
  REQUIRE(at_bound.entries() == 4642);
  lengths[0] += 1;
  const HostCsr over_bound = graphrun::test::csr_with_row_lengths(random, 1000, lengths);
  const std::vector<float> x = graphrun::test::random_dense(random, 1000);
  const DeviceCsr fitting(device.memory, at_bound);
  check_product(native_spmm(device, "slice-staged", fitting, true, x, 1),
                graphrun::test::reference_product(at_bound, x, 1, true));
  const DeviceCsr refused(device.memory, over_bound);
  CHECK(slice_staged_refuses(over_bound));
  CHECK_THROWS_WITH(native_spmm(device, "slice-staged", refused, true, x, 1),
                    Catch::Contains("slice-staged needs the whole matrix in one block's shared memory"));
  CHECK(graphrun::cuda::choose_spmm_kernel("auto", refused.view, false, 1) == "nnz-split");

  // Where the first slice does not fit, the slice is the widest that does
  // (not a halving of the first), at every vector width.
  for (const NamedMatrix& test : matrices) {
    const HostCsr& m = test.matrix;
    for (int v : {1, 2, 4})
      for (std::size_t vectors : {1u, 2u, 3u, 5u, 8u, 64u}) {
        CAPTURE(test.name, v, vectors);
        const std::size_t first = std::min(SliceStagedPolicy::first_slice_vectors(vectors, v),
                                           SliceStagedPolicy::one_output_slice_vectors(m.rows));
        const std::size_t slice = SliceStagedPolicy::slice_vectors(m.rows, m.cols, m.entries(), vectors, v);
        CHECK(slice >= 1);
        CHECK(slice <= std::max<std::size_t>(first, 1));
        CHECK(SliceStagedPolicy::fits(m.rows, m.cols, m.entries(), slice * static_cast<std::size_t>(v)));
        if (slice < first)
          CHECK_FALSE(SliceStagedPolicy::fits(m.rows, m.cols, m.entries(), (slice + 1) * static_cast<std::size_t>(v)));
      }
  }

  // A matrix with room for one float of X per row but not for a float4: run
  // at widths of whole float4s with aligned buffers, the dispatch narrows
  // its vectors instead of refusing (rows = cols = 1000, 4000 entries:
  // 8016 + 32000 bytes beside X, 4000 more for one float, 16000 for four).
  const HostCsr narrow_only =
      graphrun::test::csr_with_row_lengths(random, 1000, std::vector<vertex_t>(1000, 4));
  REQUIRE(SliceStagedPolicy::slice_vectors(narrow_only.rows, narrow_only.cols, narrow_only.entries(), 1, 4) == 0);
  REQUIRE_FALSE(slice_staged_refuses(narrow_only));
  const DeviceCsr narrow(device.memory, narrow_only);
  for (std::size_t width : {4u, 8u, 64u}) {
    CAPTURE(width);
    const std::vector<float> dense = graphrun::test::random_dense(random, 1000 * width);
    for (bool use_weights : {true, false})
      check_product(native_spmm(device, "slice-staged", narrow, use_weights, dense, width),
                    graphrun::test::reference_product(narrow_only, dense, width, use_weights));
  }
}

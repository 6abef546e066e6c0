// Every native SpMV kernel (kernels/cuda/spmv) x semiring x mask x accumulate
// x use_weights against a host reference computed here from the CSR arrays,
// on graphs of varied shape: uniform rows with empty ones, power-law with one
// huge row, mostly empty rows, banded, rectangular, n = 1, nnz = 0, n = 0,
// 2^20 rows, and rows at csr-compact's bounds. x is fresh random data per run; y is poisoned first (NaN or an
// impossible value), and masked-out rows must keep their poison bit for bit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/semiring.hpp"
#include "host_graphs.hpp"
#include "format_probes.hpp"
#include "kernels/cuda/spmv/dispatch/format_registry.hpp"
#include "kernels/cuda/spmv/formats/csr_hub_split/hub_columns.cuh"
#include "kernels/cuda/spmv/selection/auto_rule.hpp"
#include "kernels/cuda/spmv/tuning/spmv_policies.cuh"
#include "kernels/cuda/spmv/spmv.cuh"
#include "spmv_reference.hpp"
#include "device_test_support.hpp"

namespace graphrun::test {
namespace {

using cuda::SpmvArgs;
using cuda::SpmvPlan;

// ---- inputs per semiring ------------------------------------------------------

template <class Semiring>
const char* semiring_name();
template <>
const char* semiring_name<PlusTimes<float>>() { return "plus-times<float>"; }
template <>
const char* semiring_name<PlusTimes<double>>() { return "plus-times<double>"; }
template <>
const char* semiring_name<MinPlus>() { return "min-plus"; }
template <>
const char* semiring_name<OrAnd>() { return "or-and"; }
template <>
const char* semiring_name<MinSecond>() { return "min-second"; }

// One valid x / y entry. Plus-times: small integers in exact mode (every
// partial sum representable), reals otherwise. Min-plus: distances with some
// unreached (+inf). Or-and: a sparse 0/1 frontier. Min-second: vertex ids,
// half of them the identity (not on the frontier).
template <class Semiring>
typename Semiring::value_type random_value(std::mt19937_64& random, std::int64_t cols, SumCheck sum_check) {
  using T = typename Semiring::value_type;
  if constexpr (is_plus_times<Semiring>) {
    if (sum_check == SumCheck::exact) return static_cast<T>(std::uniform_int_distribution<int>(-4, 4)(random));
    return static_cast<T>(std::uniform_real_distribution<double>(-1.0, 1.0)(random));
  } else if constexpr (std::is_same_v<Semiring, MinPlus>) {
    if (std::bernoulli_distribution(0.1)(random)) return std::numeric_limits<float>::infinity();
    return std::uniform_real_distribution<float>(0.0f, 10.0f)(random);
  } else if constexpr (std::is_same_v<Semiring, OrAnd>) {
    return std::bernoulli_distribution(0.3)(random) ? 1 : 0;
  } else {
    if (std::bernoulli_distribution(0.5)(random)) return MinSecond::identity();
    return std::uniform_int_distribution<vertex_t>(0, static_cast<vertex_t>(std::max<std::int64_t>(cols, 1) - 1))(random);
  }
}

// A value no correct kernel leaves in a selected row, and which a wrong
// accumulate would not hide (NaN absorbs plus; -1e30 / negative ids win min;
// 0xAB is neither 0 nor 1 and survives OR).
template <class Semiring>
typename Semiring::value_type poison() {
  if constexpr (is_plus_times<Semiring>)
    return std::numeric_limits<typename Semiring::value_type>::quiet_NaN();
  else if constexpr (std::is_same_v<Semiring, MinPlus>)
    return -1e30f;
  else if constexpr (std::is_same_v<Semiring, OrAnd>)
    return 0xAB;
  else
    return -0x5EADBEEF;
}

template <class Semiring>
std::vector<typename Semiring::value_type> random_vector(std::mt19937_64& random, std::int64_t size,
                                                         std::int64_t cols, SumCheck sum_check) {
  std::vector<typename Semiring::value_type> values(static_cast<std::size_t>(size));
  for (auto& v : values) v = random_value<Semiring>(random, cols, sum_check);
  return values;
}

// Mask bytes: 40% clear, the rest any non-zero byte (non-zero = set).
std::vector<std::uint8_t> random_mask(std::mt19937_64& random, std::int64_t rows) {
  std::vector<std::uint8_t> flags(static_cast<std::size_t>(rows));
  std::bernoulli_distribution clear(0.4);
  std::uniform_int_distribution<int> set_value(1, 255);
  for (auto& f : flags) f = clear(random) ? 0 : static_cast<std::uint8_t>(set_value(random));
  return flags;
}

struct MaskCase {
  const char* name;
  bool present;
  bool complement;
};
constexpr MaskCase mask_cases[] = {{"no mask", false, false}, {"mask", true, false}, {"complemented mask", true, true}};

// Weights as multiples of 1/4 in [-1, 1]: with integer x every product and
// partial sum is exact in float, whatever order a kernel sums in.
void make_weights_dyadic(HostCsr& a) {
  for (float& w : a.values) w = std::round(w * 4.0f) / 4.0f;
}

// ---- the check ----------------------------------------------------------------

// The ELL refusal rule restated from the kernel family's contract: padding
// every row to the longest may cost at most 4 slots per stored entry.
bool ell_refused(const HostCsr& a) {
  std::int64_t longest = 0;
  for (std::int64_t r = 0; r < a.rows; ++r) longest = std::max(longest, a.length(r));
  return static_cast<double>(longest) * static_cast<double>(a.rows) > 4.0 * static_cast<double>(a.entries());
}

// The refusal rules of the compact kernels restated: columns at most 32767
// from their row (16-bit offsets: ell-compact, csr-compact), and for
// csr-compact rows of at most 255 entries (8-bit lengths).
bool offsets_refused(const HostCsr& a) {
  for (std::int64_t r = 0; r < a.rows; ++r)
    for (edge_t e = a.offsets[static_cast<std::size_t>(r)]; e < a.offsets[static_cast<std::size_t>(r) + 1]; ++e)
      if (std::abs(a.indices[static_cast<std::size_t>(e)] - r) > 32767) return true;
  return false;
}

bool compact_refused(const HostCsr& a) {
  for (std::int64_t r = 0; r < a.rows; ++r)
    if (a.length(r) > 255) return true;
  return offsets_refused(a);
}

bool ell_compact_refused(const HostCsr& a) { return ell_refused(a) || offsets_refused(a); }

// The distinct diagonals (column - row) of a's entries.
std::size_t diagonal_count(const HostCsr& a) {
  std::set<std::int64_t> diagonals;
  for (std::int64_t r = 0; r < a.rows; ++r)
    for (edge_t e = a.offsets[static_cast<std::size_t>(r)]; e < a.offsets[static_cast<std::size_t>(r) + 1]; ++e)
      diagonals.insert(a.indices[static_cast<std::size_t>(e)] - r);
  return diagonals.size();
}

// The stencil-packed refusal restated: the entries' diagonals are looked for
// within 16-bit offsets only, and there may be at most 32 of them.
bool packed_stencil_refused(const HostCsr& a) { return offsets_refused(a) || diagonal_count(a) > 32; }

// The stencil refusal: stencil-packed's, and a slot per diagonal and row
// may cost at most 4 slots per entry.
bool stencil_refused(const HostCsr& a) {
  return packed_stencil_refused(a) ||
         static_cast<double>(diagonal_count(a)) * static_cast<double>(a.rows) > 4.0 * static_cast<double>(a.entries());
}

std::vector<std::string> kernels_to_test(const HostCsr& a) {
  std::vector<std::string> kernels = cuda::spmv_kernel_names();
  kernels.emplace_back("auto");
  if (ell_refused(a)) kernels.erase(std::find(kernels.begin(), kernels.end(), "ell"));
  if (compact_refused(a)) kernels.erase(std::find(kernels.begin(), kernels.end(), "csr-compact"));
  if (ell_compact_refused(a)) kernels.erase(std::find(kernels.begin(), kernels.end(), "ell-compact"));
  if (stencil_refused(a)) kernels.erase(std::find(kernels.begin(), kernels.end(), "stencil"));
  if (packed_stencil_refused(a)) kernels.erase(std::find(kernels.begin(), kernels.end(), "stencil-packed"));
  return kernels;
}

struct RunCase {
  std::string kernel;
  const MaskCase* mask;
  bool accumulate;
};

// Runs `cases` for one semiring and weight flag with a fresh x, and checks
// every row of every result against the host reference.
template <class Semiring>
void check_runs(SpmvPlan& plan, const HostCsr& a, const std::vector<RunCase>& cases, bool use_weights,
                SumCheck sum_check, std::mt19937_64& random) {
  using T = typename Semiring::value_type;
  const std::vector<T> x = random_vector<Semiring>(random, a.cols, a.cols, sum_check);
  const RowReference<Semiring> reference = reference_rows<Semiring>(a, x, use_weights);
  const DeviceVector<T> x_device = upload(x);
  const std::vector<std::uint8_t> mask = random_mask(random, a.rows);
  const DeviceVector<std::uint8_t> mask_device = upload(mask);

  for (const RunCase& run : cases) {
    const std::vector<T> y_before = run.accumulate
                                        ? random_vector<Semiring>(random, a.rows, a.cols, sum_check)
                                        : std::vector<T>(static_cast<std::size_t>(a.rows), poison<Semiring>());
    DeviceVector<T> y = upload(y_before);
    const SpmvArgs args{use_weights, run.accumulate, run.mask->present ? mask_device.data() : nullptr,
                        run.mask->complement};
    plan.run<Semiring>(run.kernel, args, x_device.data(), y.data());
    const std::vector<T> got = y.to_host();

    std::int64_t wrong_rows = 0;
    std::string first_wrong;
    for (std::size_t r = 0; r < got.size(); ++r) {
      const bool selected = !run.mask->present || ((mask[r] != 0) != run.mask->complement);
      const std::string why =
          check_row<Semiring>(reference, a, r, selected, run.accumulate, y_before[r], got[r], sum_check);
      if (why.empty()) continue;
      if (wrong_rows++ == 0)
        first_wrong = "row " + std::to_string(r) + " (" + std::to_string(a.length(static_cast<std::int64_t>(r))) +
                      " entries): " + why;
    }
    INFO("kernel " << run.kernel << " (" << plan.choose(run.kernel) << "), " << semiring_name<Semiring>() << ", "
                   << run.mask->name << ", accumulate " << run.accumulate << ", use_weights " << use_weights
                   << ": " << wrong_rows << " wrong rows; first: " << first_wrong);
    CHECK(wrong_rows == 0);
  }
}

// Every kernel x mask x accumulate (all_combinations), or each kernel once
// with a random mask / accumulate choice (large graphs), for one semiring and
// both weight flags.
template <class Semiring>
void check_semiring(SpmvPlan& plan, const HostCsr& a, const std::vector<std::string>& kernels, bool all_combinations,
                    SumCheck sum_check, std::mt19937_64& random) {
  std::vector<RunCase> cases;
  for (const std::string& kernel : kernels) {
    if (all_combinations) {
      for (const MaskCase& mask : mask_cases)
        for (const bool accumulate : {false, true}) cases.push_back({kernel, &mask, accumulate});
    } else {
      const auto pick = std::uniform_int_distribution<int>(0, 5)(random);
      cases.push_back({kernel, &mask_cases[pick % 3], pick >= 3});
    }
  }
  for (const bool use_weights : {true, false}) check_runs<Semiring>(plan, a, cases, use_weights, sum_check, random);
}

// `kernels` on one plan, every semiring.
void check_kernels(SpmvPlan& plan, const HostCsr& a, const std::vector<std::string>& kernels, bool all_combinations,
                   SumCheck sum_check, std::mt19937_64& random) {
  check_semiring<PlusTimes<float>>(plan, a, kernels, all_combinations, sum_check, random);
  check_semiring<PlusTimes<double>>(plan, a, kernels, all_combinations, sum_check, random);
  check_semiring<MinPlus>(plan, a, kernels, all_combinations, sum_check, random);
  check_semiring<OrAnd>(plan, a, kernels, all_combinations, sum_check, random);
  check_semiring<MinSecond>(plan, a, kernels, all_combinations, sum_check, random);
}

void check_every_kernel(const HostCsr& a, bool all_combinations, SumCheck sum_check, std::mt19937_64& random) {
  TestDevice& device = test_device();
  const DeviceCsr csr(device.memory, a);
  SpmvPlan plan(csr.view, device.memory, device.stream.get());
  INFO("graph: " << a.rows << " rows, " << a.cols << " cols, " << a.entries() << " entries");
  if (ell_refused(a)) {
    CHECK_THROWS_AS(plan.choose("ell"), UsageError);
  } else {
    CHECK(plan.choose("ell") == "ell");
  }
  if (compact_refused(a)) {
    CHECK_THROWS_AS(plan.choose("csr-compact"), UsageError);
  } else {
    CHECK(plan.choose("csr-compact") == "csr-compact");
  }
  if (ell_compact_refused(a)) {
    CHECK_THROWS_AS(plan.choose("ell-compact"), UsageError);
  } else {
    CHECK(plan.choose("ell-compact") == "ell-compact");
  }
  if (stencil_refused(a)) {
    CHECK_THROWS_AS(plan.choose("stencil"), UsageError);
  } else {
    CHECK(plan.choose("stencil") == "stencil");
  }
  if (packed_stencil_refused(a)) {
    CHECK_THROWS_AS(plan.choose("stencil-packed"), UsageError);
  } else {
    CHECK(plan.choose("stencil-packed") == "stencil-packed");
  }
  check_kernels(plan, a, kernels_to_test(a), all_combinations, sum_check, random);
}

std::mt19937_64 seeded(std::uint64_t salt) { return std::mt19937_64(test_seed() ^ (salt * 0x9e3779b97f4a7c15ULL)); }

// An attribute of the device the tests run on (the GPU's size sets some shapes).
int device_attribute(cudaDeviceAttr attribute) {
  int device_id = 0, value = 0;
  REQUIRE(cudaGetDevice(&device_id) == cudaSuccess);
  REQUIRE(cudaDeviceGetAttribute(&value, attribute, device_id) == cudaSuccess);
  return value;
}

// The context the SpMV family's formats are built in, on the test device.
cuda::DeviceContext device_context(TestDevice& device) {
  return cuda::DeviceContext{device.stream.get(), device.memory, device_attribute(cudaDevAttrMultiProcessorCount)};
}

HostCsr exact_graph(std::mt19937_64& random, const std::vector<std::int64_t>& lengths, std::int64_t cols) {
  HostCsr a = csr_from_lengths(random, lengths, cols);
  make_weights_dyadic(a);
  return a;
}

}  // namespace

// ---- every kernel on every shape ---------------------------------------------------

TEST_CASE("spmv kernels: uniform rows with empty ones", "[spmv]") {
  auto random = seeded(1);
  check_every_kernel(exact_graph(random, uniform_lengths(random, 3000, 0, 12), 3000), true, SumCheck::exact, random);
}

TEST_CASE("spmv kernels: power-law rows with one huge row", "[spmv]") {
  auto random = seeded(2);
  check_every_kernel(exact_graph(random, power_law_lengths(random, 6000, 4.0, 60000), 6000), true, SumCheck::exact,
                     random);
}

TEST_CASE("spmv kernels: mostly empty rows", "[spmv]") {
  auto random = seeded(3);
  check_every_kernel(exact_graph(random, mostly_empty_lengths(random, 8000, 0.9, 40), 8000), true, SumCheck::exact,
                     random);
}

TEST_CASE("spmv kernels: long regular rows", "[spmv]") {
  auto random = seeded(4);
  check_every_kernel(exact_graph(random, uniform_lengths(random, 1500, 50, 70), 1500), true, SumCheck::exact, random);
}

TEST_CASE("spmv kernels: banded rows (x tile staged in shared memory)", "[spmv]") {
  auto random = seeded(5);
  HostCsr a = banded_csr(random, 4000, 20);
  make_weights_dyadic(a);
  check_every_kernel(a, true, SumCheck::exact, random);
}

TEST_CASE("spmv kernels: rectangular, few columns", "[spmv]") {
  auto random = seeded(6);
  check_every_kernel(exact_graph(random, uniform_lengths(random, 2500, 0, 30), 40), true, SumCheck::exact, random);
}

TEST_CASE("spmv kernels: one row (n = 1)", "[spmv]") {
  auto random = seeded(7);
  SECTION("one entry") { check_every_kernel(exact_graph(random, {1}, 1), true, SumCheck::exact, random); }
  SECTION("70000 entries across many tiles") {
    check_every_kernel(exact_graph(random, {70000}, 100000), true, SumCheck::exact, random);
  }
}

TEST_CASE("spmv kernels: no stored entries (nnz = 0)", "[spmv]") {
  auto random = seeded(8);
  check_every_kernel(exact_graph(random, std::vector<std::int64_t>(700, 0), 700), true, SumCheck::exact, random);
}

TEST_CASE("spmv kernels: a pattern CSR (no stored values) reads every weight as 1", "[spmv]") {
  auto random = seeded(31);
  HostCsr banded = banded_csr(random, 3000, 12);
  const std::vector<HostCsr> shapes{
      csr_from_lengths(random, uniform_lengths(random, 3000, 0, 12), 3000),
      csr_from_lengths(random, power_law_lengths(random, 6000, 4.0, 60000), 6000),
      csr_from_lengths(random, {1}, 1),
      csr_from_lengths(random, std::vector<std::int64_t>(300, 0), 300),
      banded,
  };
  for (const HostCsr& a : shapes) {
    INFO("graph: " << a.rows << " rows, " << a.entries() << " entries");
    HostCsr pattern = a, ones = a;
    pattern.values.clear();
    std::fill(ones.values.begin(), ones.values.end(), 1.0f);
    TestDevice& device = test_device();
    const DeviceCsr csr(device.memory, pattern);
    REQUIRE(csr.view.values == nullptr);
    SpmvPlan plan(csr.view, device.memory, device.stream.get());
    check_kernels(plan, ones, kernels_to_test(a), false, SumCheck::exact, random);
  }
}

TEST_CASE("spmv kernels: real-valued inputs stay within rounding bounds", "[spmv]") {
  auto random = seeded(9);
  check_every_kernel(csr_from_lengths(random, power_law_lengths(random, 4000, 6.0, 20000), 4000), true,
                     SumCheck::rounding, random);
}

TEST_CASE("spmv kernels: 2^20 rows with a 300000-entry row", "[spmv][large]") {
  auto random = seeded(10);
  std::vector<std::int64_t> lengths = uniform_lengths(random, std::int64_t{1} << 20, 0, 6);
  lengths[12345] = 300000;
  check_every_kernel(exact_graph(random, lengths, std::int64_t{1} << 20), false, SumCheck::exact, random);
}

// Rows near the diagonal whose farthest columns are the farthest 16-bit
// offsets hold, below (row 40000) and above (row 100) the diagonal; rows stay
// sorted, as these are the extremes of their ranges.
HostCsr reaching_graph(std::mt19937_64& random, std::vector<std::int64_t> lengths) {
  lengths[40000] = std::max<std::int64_t>(lengths[40000], 1);
  lengths[100] = std::max<std::int64_t>(lengths[100], 1);
  HostCsr a = near_diagonal_csr(random, lengths, 32767);
  a.indices[static_cast<std::size_t>(a.offsets[40000])] = 40000 - 32767;
  a.indices[static_cast<std::size_t>(a.offsets[101] - 1)] = 100 + 32767;
  make_weights_dyadic(a);
  return a;
}

TEST_CASE("spmv kernels: the compact kernels' bounds (columns 32767 from their row, 255-entry rows)", "[spmv]") {
  auto random = seeded(15);
  constexpr std::int64_t rows = 70001;  // the last 32-row tile holds one row
  SECTION("rows of 3..6 entries: ell-compact and csr-compact") {
    const HostCsr a = reaching_graph(random, uniform_lengths(random, rows, 3, 6));
    REQUIRE_FALSE(ell_compact_refused(a));
    REQUIRE_FALSE(compact_refused(a));
    check_every_kernel(a, true, SumCheck::exact, random);
  }
  SECTION("some rows of 255 entries: csr-compact") {
    std::vector<std::int64_t> lengths = uniform_lengths(random, rows, 0, 6);
    for (const std::int64_t row : {std::int64_t{31}, std::int64_t{100}, rows - 1}) lengths[row] = 255;
    const HostCsr a = reaching_graph(random, lengths);
    REQUIRE_FALSE(compact_refused(a));
    check_every_kernel(a, true, SumCheck::exact, random);
  }
}

// R-MAT columns are skewed like a Kronecker graph's: 2^16 columns, so
// csr-hub-split's hub slots hold only the most-gathered columns (its rest
// part is not empty), and plus-times<double> reads its slots past those
// that fit its cache from the global hub copy.
TEST_CASE("spmv kernels: csr-hub-split with more columns than hub slots", "[spmv]") {
  using SplitPolicy = cuda::spmv::HubSplitPolicy;
  auto random = seeded(16);
  HostCsr a = rmat_csr(test_seed(), 16, 8);
  REQUIRE(a.cols > SplitPolicy::hub_columns);
  REQUIRE(SplitPolicy::cache_bytes / static_cast<int>(sizeof(double)) < SplitPolicy::hub_columns);
  make_weights_dyadic(a);
  check_every_kernel(a, false, SumCheck::exact, random);
}

// csr-hub-split with every hub tier it may keep (HubSplitPolicy::max_tiers)
// and a rest part. Tier k's columns (HubSplitPolicy::hub_columns each) have
// max_tiers - k entries apiece and the rest part's columns 1, so the ranking
// by entries (ties: the smaller column first) puts exactly tier k's columns
// in tier k. Every row but the last holds 8 (max_tiers - k) entries of tier
// k, whole groups, so each tier fills its slots and is kept whatever its
// size; their rows straddle the hub passes' tiles. The last row holds every
// column of tier 0 (which keeps it first), 7168 groups: it spans many tiles,
// the middle ones wholly inside it.
HostCsr every_tier_csr(std::mt19937_64& random) {
  constexpr std::int64_t hubs = cuda::spmv::HubSplitPolicy::hub_columns;
  constexpr std::int64_t group = cuda::spmv::HubSplitPolicy::group_entries;
  constexpr std::int64_t tiers = cuda::spmv::HubSplitPolicy::max_tiers;
  constexpr std::int64_t rows = hubs / group;
  static_assert(tiers < rows, "a column's copies land in distinct rows");
  constexpr std::int64_t rest_columns = 1000;
  HostCsr a;
  a.rows = rows + 1;
  a.cols = tiers * hubs + rest_columns;
  std::uniform_int_distribution<int> weight(-8, 8);
  for (std::int64_t r = 0; r < rows; ++r) {
    std::vector<vertex_t> columns;
    for (std::int64_t tier = 0; tier < tiers; ++tier)
      // Copy `copy` of the tier's columns: row r takes (r + copy + j rows) mod
      // hubs for j < group; each column lands in tiers - tier rows, never
      // twice in one.
      for (std::int64_t copy = 0; copy < tiers - tier; ++copy)
        for (std::int64_t j = 0; j < group; ++j)
          columns.push_back(static_cast<vertex_t>(tier * hubs + (r + copy + j * rows) % hubs));
    if (r < rest_columns) columns.push_back(static_cast<vertex_t>(tiers * hubs + r));
    std::sort(columns.begin(), columns.end());
    for (const vertex_t column : columns) {
      a.indices.push_back(column);
      a.values.push_back(static_cast<float>(weight(random)) / 4.0f);
    }
    a.offsets.push_back(static_cast<edge_t>(a.indices.size()));
  }
  for (std::int64_t column = 0; column < hubs; ++column) {
    a.indices.push_back(static_cast<vertex_t>(column));
    a.values.push_back(static_cast<float>(weight(random)) / 4.0f);
  }
  a.offsets.push_back(static_cast<edge_t>(a.indices.size()));
  return a;
}

TEST_CASE("spmv kernels: csr-hub-split with every hub tier kept", "[spmv]") {
  auto random = seeded(18);
  const HostCsr a = every_tier_csr(random);
  INFO(a.rows << " rows, " << a.cols << " columns, " << a.entries() << " entries");
  TestDevice& device = test_device();
  const DeviceCsr csr(device.memory, a);
  const cuda::DeviceContext context = device_context(device);
  for (const bool compact_rest_x : {false, true}) {
    const HubSplitShape shape = hub_split_shape(csr.view, compact_rest_x, context);
    CHECK(shape.tiers_kept == cuda::spmv::HubSplitPolicy::max_tiers);
    // 1000 rest entries: the hub passes run after the rest pass, in turn.
    CHECK(shape.hub_multiprocessors == 0);
  }
  SpmvPlan plan(csr.view, device.memory, device.stream.get());
  check_kernels(plan, a, {"csr-hub-split"}, true, SumCheck::exact, random);
}

// csr-hub-split whose second candidate tier fails its fill rule: tier 0's
// columns (HubSplitPolicy::hub_columns) have 2 entries each, the next
// hub_columns columns 1 each, and every row holds one of those, so their tier
// would fill 1 slot in 8 of its groups. Only tier 0 is kept, and the ranked
// columns of the tier not kept go back to the rest part.
TEST_CASE("spmv kernels: csr-hub-split drops a tier that fills too few slots", "[spmv]") {
  constexpr std::int64_t hubs = cuda::spmv::HubSplitPolicy::hub_columns;
  auto random = seeded(20);
  std::uniform_int_distribution<int> weight(-8, 8);
  HostCsr a;
  a.rows = hubs;
  a.cols = 2 * hubs;
  for (std::int64_t r = 0; r < hubs; ++r) {
    std::vector<vertex_t> columns{static_cast<vertex_t>(r), static_cast<vertex_t>((r + 1) % hubs),
                                  static_cast<vertex_t>(hubs + r)};
    std::sort(columns.begin(), columns.end());
    for (const vertex_t column : columns) {
      a.indices.push_back(column);
      a.values.push_back(static_cast<float>(weight(random)) / 4.0f);
    }
    a.offsets.push_back(static_cast<edge_t>(a.indices.size()));
  }
  TestDevice& device = test_device();
  const DeviceCsr csr(device.memory, a);
  const cuda::DeviceContext context = device_context(device);
  for (const bool compact_rest_x : {false, true})
    CHECK(hub_split_shape(csr.view, compact_rest_x, context).tiers_kept == 1);
  SpmvPlan plan(csr.view, device.memory, device.stream.get());
  check_kernels(plan, a, {"csr-hub-split"}, true, SumCheck::exact, random);
}

// The hub formats' ranking read from the transpose's offsets (where a
// CudaGraph holds them) against counting the entries, on a directed R-MAT
// graph (its transpose is another matrix): the same columns in the same
// slots, and the per-column counts a host count gives; then both hub
// kernels through a plan that has the offsets.
TEST_CASE("spmv kernels: hub columns ranked from the transpose's offsets", "[spmv]") {
  auto random = seeded(19);
  HostCsr a = rmat_csr(test_seed(), 15, 8);
  make_weights_dyadic(a);
  const HostCsr t = transpose(a);
  std::vector<unsigned> host_counts(static_cast<std::size_t>(a.cols), 0);
  for (const vertex_t column : a.indices) ++host_counts[static_cast<std::size_t>(column)];
  TestDevice& device = test_device();
  const DeviceCsr csr(device.memory, a);
  const DeviceCsr transposed(device.memory, t);
  const cuda::DeviceContext context = device_context(device);
  for (const std::int64_t hubs : {std::int64_t{1}, std::int64_t{3000}, a.cols}) {
    INFO(hubs << " hubs of " << a.cols << " columns, " << a.entries() << " entries");
    const cuda::spmv::HubColumns counted = cuda::spmv::rank_hub_columns(csr.view, hubs, context, nullptr);
    const cuda::spmv::HubColumns read =
        cuda::spmv::rank_hub_columns(csr.view, hubs, context, transposed.view.offsets);
    CHECK(read.column_entries.to_host() == host_counts);
    CHECK(counted.column_entries.to_host() == host_counts);
    CHECK(read.columns.to_host() == counted.columns.to_host());
    CHECK(read.slot_of_column.to_host() == counted.slot_of_column.to_host());
  }
  SpmvPlan plan(csr.view, device.memory, device.stream.get(), transposed.view.offsets);
  check_kernels(plan, a, {"csr-hub-split"}, true, SumCheck::exact, random);
}

// With x beyond the L2 share, csr-hub-split sums its rest part from a
// compact copy of x, gathered each call (hub_split_format.cuh): an R-MAT
// graph with enough columns for that on this GPU, checked for every
// semiring, mask and accumulate, with the rest part's columns renumbered.
// Its rest part is large enough for the hub passes to overlap the rest
// pass (their sums added after both; the semirings' identities differ, so
// the hub sums are reset between semirings of one plan).
TEST_CASE("spmv kernels: csr-hub-split's compact rest x, on a graph whose x is beyond the L2 share", "[spmv]") {
  auto random = seeded(17);
  const auto l2_bytes = static_cast<std::int64_t>(device_attribute(cudaDevAttrL2CacheSize));
  int scale = 16;
  while (!cuda::spmv::x_beyond_l2_share(std::int64_t{1} << scale, l2_bytes)) ++scale;
  HostCsr a = rmat_csr(test_seed(), scale, 2);
  make_weights_dyadic(a);
  INFO("R-MAT scale " << scale << ": " << a.cols << " columns, " << a.entries() << " entries");
  TestDevice& device = test_device();
  const DeviceCsr csr(device.memory, a);
  const cuda::DeviceContext context = device_context(device);
  const int hub_multiprocessors = hub_split_shape(csr.view, true, context).hub_multiprocessors;
  CHECK(hub_multiprocessors > 0);
  CHECK(hub_multiprocessors < context.multiprocessors);
  SpmvPlan plan(csr.view, device.memory, device.stream.get());
  check_kernels(plan, a, {"csr-hub-split"}, true, SumCheck::exact, random);
}

// Rows r holding columns r + d for the diagonals d given (those inside the
// matrix), each kept with probability `keep`, dyadic weights.
HostCsr diagonal_csr(std::mt19937_64& random, std::int64_t rows, const std::vector<std::int64_t>& diagonals,
                     double keep) {
  HostCsr a;
  a.rows = a.cols = rows;
  std::bernoulli_distribution kept(keep);
  std::uniform_int_distribution<int> weight(-8, 8);
  for (std::int64_t r = 0; r < rows; ++r) {
    for (const std::int64_t d : diagonals) {
      if (r + d < 0 || r + d >= rows || !kept(random)) continue;
      a.indices.push_back(static_cast<vertex_t>(r + d));
      a.values.push_back(static_cast<float>(weight(random)) / 4.0f);
    }
    a.offsets.push_back(static_cast<edge_t>(a.indices.size()));
  }
  return a;
}

// diagonal_csr's matrix made symmetric: its entries at or below the main
// diagonal, each entry (r, c) below it also stored as (c, r) with the same
// weight (an undirected graph's adjacency).
HostCsr symmetric_diagonal_csr(std::mt19937_64& random, std::int64_t rows, const std::vector<std::int64_t>& diagonals,
                               double keep) {
  const HostCsr drawn = diagonal_csr(random, rows, diagonals, keep);
  std::vector<std::vector<std::pair<vertex_t, float>>> entries(static_cast<std::size_t>(rows));
  for (std::int64_t r = 0; r < rows; ++r)
    for (edge_t e = drawn.offsets[static_cast<std::size_t>(r)]; e < drawn.offsets[static_cast<std::size_t>(r) + 1]; ++e) {
      const vertex_t c = drawn.indices[static_cast<std::size_t>(e)];
      const float w = drawn.values[static_cast<std::size_t>(e)];
      if (c > r) continue;
      entries[static_cast<std::size_t>(r)].emplace_back(c, w);
      if (c < r) entries[static_cast<std::size_t>(c)].emplace_back(static_cast<vertex_t>(r), w);
    }
  HostCsr a;
  a.rows = a.cols = rows;
  for (auto& row : entries) {
    std::sort(row.begin(), row.end());
    for (const auto& [c, w] : row) {
      a.indices.push_back(c);
      a.values.push_back(w);
    }
    a.offsets.push_back(static_cast<edge_t>(a.indices.size()));
  }
  return a;
}

// The bytes of the copy a plan for `a` builds to run `kernel` once.
std::size_t format_copy_bytes(const HostCsr& a, const std::string& kernel) {
  TestDevice& device = test_device();
  const DeviceCsr csr(device.memory, a);
  SpmvPlan plan(csr.view, device.memory, device.stream.get());
  const DeviceVector<float> x = upload(std::vector<float>(static_cast<std::size_t>(a.cols), 1.0f));
  DeviceVector<float> y = upload(std::vector<float>(static_cast<std::size_t>(a.rows), 0.0f));
  plan.run<PlusTimes<float>>(kernel, SpmvArgs{}, x.data(), y.data());
  return plan.bytes();
}

// A 3-D 27-point stencil on an nx x ny x nz grid (x fastest).
std::vector<std::int64_t> stencil_27(std::int64_t nx, std::int64_t ny) {
  std::vector<std::int64_t> diagonals;
  for (std::int64_t dz = -1; dz <= 1; ++dz)
    for (std::int64_t dy = -1; dy <= 1; ++dy)
      for (std::int64_t dx = -1; dx <= 1; ++dx) diagonals.push_back(dz * nx * ny + dy * nx + dx);
  return diagonals;
}

TEST_CASE("spmv kernels: entries on few diagonals (the stencil format's case)", "[spmv]") {
  auto random = seeded(17);
  SECTION("a 27-point mesh, 10 % of its entries dropped (rows without some diagonals, a few empty)") {
    const HostCsr a = diagonal_csr(random, 20 * 20 * 20, stencil_27(20, 20), 0.9);
    REQUIRE_FALSE(stencil_refused(a));
    check_every_kernel(a, true, SumCheck::exact, random);
  }
  SECTION("rows that lose every diagonal") {
    const HostCsr a = diagonal_csr(random, 3000, {-7, -1, 0, 1, 7}, 0.4);
    REQUIRE_FALSE(stencil_refused(a));
    check_every_kernel(a, true, SumCheck::exact, random);
  }
  SECTION("32 diagonals, the most a row's mask holds") {
    std::vector<std::int64_t> diagonals;
    for (std::int64_t d = -16; d < 16; ++d) diagonals.push_back(d * 3);
    const HostCsr a = diagonal_csr(random, 4000, diagonals, 1.0);
    REQUIRE_FALSE(stencil_refused(a));
    check_every_kernel(a, true, SumCheck::exact, random);
    diagonals.push_back(48);  // one more
    const HostCsr b = diagonal_csr(random, 4000, diagonals, 1.0);
    REQUIRE(stencil_refused(b));
    check_every_kernel(b, false, SumCheck::exact, random);
  }
  SECTION("diagonals at the 16-bit reach, and one past it") {
    const HostCsr a = diagonal_csr(random, 70000, {-32767, 0, 32767}, 1.0);
    REQUIRE_FALSE(stencil_refused(a));
    check_every_kernel(a, false, SumCheck::exact, random);
    const HostCsr b = diagonal_csr(random, 70000, {-32768, 0}, 1.0);
    REQUIRE(stencil_refused(b));
    check_every_kernel(b, false, SumCheck::exact, random);
  }
  SECTION("symmetric weights (an undirected mesh): only the diagonals at or below the main one keep slots") {
    const std::int64_t rows = 20 * 20 * 20;
    // The stencil copy: a 4-byte mask a row and a 4-byte weight a row on each diagonal with slots.
    const auto row_bytes = static_cast<std::size_t>(rows) * 4;
    const HostCsr a = symmetric_diagonal_csr(random, rows, stencil_27(20, 20), 0.9);
    REQUIRE_FALSE(stencil_refused(a));
    check_every_kernel(a, true, SumCheck::exact, random);
    CHECK(format_copy_bytes(a, "stencil") == row_bytes + 14 * row_bytes);
    // Row 1000's last entry, above the main diagonal, and its mirror entry.
    const auto upper = static_cast<std::size_t>(a.offsets[1001] - 1);
    const auto column = static_cast<std::size_t>(a.indices[upper]);
    REQUIRE(column > 1000);
    const auto row_begin = a.indices.begin() + a.offsets[column], row_end = a.indices.begin() + a.offsets[column + 1];
    const auto mirror = static_cast<std::size_t>(std::find(row_begin, row_end, 1000) - a.indices.begin());
    REQUIRE(mirror < static_cast<std::size_t>(a.offsets[column + 1]));
    // The entry no longer equal to its mirror, by value and then by the sign
    // of a zero alone: every diagonal gets its own slots.
    HostCsr changed = a;
    changed.values[upper] += 0.25f;
    check_every_kernel(changed, true, SumCheck::exact, random);
    CHECK(format_copy_bytes(changed, "stencil") == row_bytes + 27 * row_bytes);
    changed.values[upper] = -0.0f;
    changed.values[mirror] = 0.0f;
    CHECK(format_copy_bytes(changed, "stencil") == row_bytes + 27 * row_bytes);
    changed.values[upper] = 0.0f;
    CHECK(format_copy_bytes(changed, "stencil") == row_bytes + 14 * row_bytes);
  }
  SECTION("few diagonals, but more than 4 slots per entry") {
    const HostCsr a = diagonal_csr(random, 5000, {-2, -1, 0, 1, 2}, 0.15);
    REQUIRE(stencil_refused(a));
    REQUIRE_FALSE(packed_stencil_refused(a));
    check_every_kernel(a, false, SumCheck::exact, random);
  }
}

// stencil-packed's masks come in 1, 2 and 4 bytes, and its kernel walks a
// row's diagonals 8 at a time, skipping groups without entries: grids whose
// rows use a few of their diagonals at each mask width, rows counts that
// end inside a 32-row tile, and rows whose entries sit in one group only.
TEST_CASE("spmv kernels: short rows on a few of their diagonals (the stencil-packed format's case)", "[spmv]") {
  auto random = seeded(18);
  SECTION("a road-like grid, 6 diagonals (1-byte masks), 70 % of its entries kept") {
    const std::int64_t side = 300;
    const HostCsr a = diagonal_csr(random, side * side + 17, {-side - 1, -side, -1, 1, side, side + 1}, 0.7);
    REQUIRE_FALSE(stencil_refused(a));
    REQUIRE_FALSE(packed_stencil_refused(a));
    check_every_kernel(a, true, SumCheck::exact, random);
    // Its copy: a byte a row and a 64-bit start a tile (the weights are the CSR's).
    CHECK(format_copy_bytes(a, "stencil-packed") == static_cast<std::size_t>(a.rows + (a.rows + 31) / 32 * 8));
  }
  SECTION("16 diagonals (2-byte masks), 20 % kept: stencil pads 5 slots an entry and refuses") {
    std::vector<std::int64_t> diagonals;
    for (std::int64_t d = -8; d <= 8; ++d)
      if (d != 0) diagonals.push_back(d * 5);
    const HostCsr a = diagonal_csr(random, 20000 + 5, diagonals, 0.2);
    REQUIRE(stencil_refused(a));
    REQUIRE_FALSE(packed_stencil_refused(a));
    check_every_kernel(a, true, SumCheck::exact, random);
  }
  SECTION("32 diagonals (4-byte masks), 10 % kept, and 33 (refused)") {
    std::vector<std::int64_t> diagonals;
    for (std::int64_t d = -16; d < 16; ++d) diagonals.push_back(d * 7 + 1);
    const HostCsr a = diagonal_csr(random, 30000 + 31, diagonals, 0.1);
    REQUIRE(stencil_refused(a));
    REQUIRE_FALSE(packed_stencil_refused(a));
    check_every_kernel(a, true, SumCheck::exact, random);
    diagonals.push_back(300);
    const HostCsr b = diagonal_csr(random, 30000, diagonals, 1.0);
    REQUIRE(packed_stencil_refused(b));
    check_every_kernel(b, false, SumCheck::exact, random);
  }
  SECTION("entries only on the last diagonals of a 4-byte mask, and only on the first") {
    std::vector<std::int64_t> diagonals;
    for (std::int64_t d = 0; d < 32; ++d) diagonals.push_back(d - 16);
    HostCsr a = diagonal_csr(random, 9000, diagonals, 1.0);
    // Keep each row's entries on diagonals 24..31 (rows r % 3 == 0), 0..7
    // (r % 3 == 1), or none (r % 3 == 2); every diagonal keeps an entry
    // somewhere, so the mask stays 4 bytes.
    HostCsr kept;
    kept.rows = kept.cols = a.rows;
    for (std::int64_t r = 0; r < a.rows; ++r) {
      for (edge_t e = a.offsets[static_cast<std::size_t>(r)]; e < a.offsets[static_cast<std::size_t>(r) + 1]; ++e) {
        const std::int64_t k = a.indices[static_cast<std::size_t>(e)] - r + 16;
        if ((r % 3 == 0 && k >= 24) || (r % 3 == 1 && k < 8) || (r == 30 && k >= 8 && k < 24)) {
          kept.indices.push_back(a.indices[static_cast<std::size_t>(e)]);
          kept.values.push_back(a.values[static_cast<std::size_t>(e)]);
        }
      }
      kept.offsets.push_back(kept.entries());
    }
    REQUIRE(diagonal_count(kept) == 32);
    check_every_kernel(kept, true, SumCheck::exact, random);
  }
  SECTION("more row tiles than the grid has warps: each warp loads its next tile's structure ahead") {
    // csr-compact's grid holds 16 blocks of 256 rows an SM, stencil-packed's
    // 8: three times the larger grid's rows gives every warp of either at
    // least three tiles, the last warps' final tile cut short.
    const std::int64_t grid_rows = std::int64_t{device_attribute(cudaDevAttrMultiProcessorCount)} *
                                   cuda::spmv::CompactPolicy::blocks_per_multiprocessor *
                                   cuda::spmv::CompactPolicy::threads_per_block;
    const std::int64_t side = 1024;
    const HostCsr a = diagonal_csr(random, 3 * grid_rows + 17, {-side - 1, -side, -1, 1, side, side + 1}, 0.5);
    REQUIRE_FALSE(compact_refused(a));
    REQUIRE_FALSE(packed_stencil_refused(a));
    check_every_kernel(a, false, SumCheck::exact, random);
  }
}

// ---- plan behaviour ------------------------------------------------------------

TEST_CASE("spmv plan: a graph without rows runs every kernel as a no-op", "[spmv]") {
  TestDevice& device = test_device();
  const HostCsr empty;
  const DeviceCsr csr(device.memory, empty);
  SpmvPlan plan(csr.view, device.memory, device.stream.get());
  for (const std::string& kernel : kernels_to_test(empty))
    CHECK_NOTHROW(plan.run<PlusTimes<float>>(kernel, SpmvArgs{}, nullptr, nullptr));
}

TEST_CASE("spmv plan: kernel names, unknown names and the refusals of ell and the compact kernels", "[spmv]") {
  // The 16 public names (two families of 8) and csr-vector's lane counts.
  const std::vector<std::string> expected = {
      "csr-scalar", "csr-scalar-unroll4", "csr-vector",   "csr-vector:2",   "csr-vector:4",     "csr-vector:8",
      "csr-vector:16", "csr-vector-shared-x", "ell",       "hyb",            "coo-atomic",       "coo-segmented",
      "csr-stream", "csr-compact",        "ell-compact", "stencil",        "stencil-packed",   "coo-column-split",
      "csr-merge",  "csr-hub-split"};
  CHECK(cuda::spmv::spmv_formats().size() == 16);
  std::vector<std::string> names = cuda::spmv_kernel_names();
  std::sort(names.begin(), names.end());
  std::vector<std::string> sorted_expected = expected;
  std::sort(sorted_expected.begin(), sorted_expected.end());
  CHECK(names == sorted_expected);

  auto random = seeded(11);
  TestDevice& device = test_device();
  const HostCsr skewed = exact_graph(random, power_law_lengths(random, 2000, 3.0, 30000), 2000);
  REQUIRE(ell_refused(skewed));
  REQUIRE(compact_refused(skewed));
  const DeviceCsr csr(device.memory, skewed);
  SpmvPlan plan(csr.view, device.memory, device.stream.get());
  for (const std::string& name : expected) {
    if (name != "ell" && name != "ell-compact" && name != "csr-compact" && name != "stencil" && name != "stencil-packed")
      CHECK(plan.choose(name) == name);
  }
  try {
    plan.choose("csr-bogus");
    FAIL("unknown kernel name accepted");
  } catch (const UsageError& error) {
    CHECK_THAT(error.what(), Catch::Contains("csr-bogus") && Catch::Contains("csr-merge"));
  }
  // csr-vector's lanes are a parameter; other names take none.
  CHECK(plan.choose("csr-vector:32") == "csr-vector");
  CHECK(plan.choose("csr-vector:8") == "csr-vector:8");
  for (const std::string bad : {"csr-vector:3", "csr-vector:64", "csr-vector:", "csr-vector:8x", "csr-scalar:2"})
    CHECK_THROWS_AS(plan.choose(bad), UsageError);
  CHECK_THROWS_WITH(plan.choose("csr-vector:3"), Catch::Contains("2, 4, 8, 16 or 32"));
  for (const std::string removed : {"csr-vector-4", "csr-vector-auto", "csr-merge-hub"})
    CHECK_THROWS_AS(plan.choose(removed), UsageError);
  for (const std::string kernel : {"ell", "ell-compact"}) {
    try {
      plan.choose(kernel);
      FAIL(kernel << " accepted on a power-law graph");
    } catch (const UsageError& error) {
      CHECK_THAT(error.what(), Catch::Contains("'" + kernel + "'") && Catch::Contains("hyb"));
    }
  }
  const DeviceVector<float> x = upload(std::vector<float>(2000, 1.0f));
  DeviceVector<float> y = upload(std::vector<float>(2000, 0.0f));
  CHECK_THROWS_AS(plan.run<PlusTimes<float>>("ell", SpmvArgs{}, x.data(), y.data()), UsageError);
  CHECK_THROWS_AS(plan.run<PlusTimes<float>>("csr-compact", SpmvArgs{}, x.data(), y.data()), UsageError);
  CHECK_THROWS_AS(plan.run<PlusTimes<float>>("ell-compact", SpmvArgs{}, x.data(), y.data()), UsageError);
  REQUIRE(stencil_refused(skewed));
  CHECK_THROWS_WITH(plan.choose("stencil"), Catch::Contains("'stencil'") && Catch::Contains("more than 32 diagonals"));
  CHECK_THROWS_AS(plan.run<PlusTimes<float>>("stencil", SpmvArgs{}, x.data(), y.data()), UsageError);
  CHECK_THROWS_WITH(plan.choose("stencil-packed"),
                    Catch::Contains("'stencil-packed'") && Catch::Contains("more than 32 diagonals"));
  CHECK_THROWS_AS(plan.run<PlusTimes<float>>("stencil-packed", SpmvArgs{}, x.data(), y.data()), UsageError);

  // One past each of the compact kernels' bounds: the message names the kernel and the bound.
  const auto refusal = [&](const HostCsr& a, const std::string& kernel) -> std::string {
    const DeviceCsr one_past(device.memory, a);
    const SpmvPlan refusing(one_past.view, device.memory, device.stream.get());
    try {
      refusing.choose(kernel);
    } catch (const UsageError& error) {
      return error.what();
    }
    return "accepted";
  };
  HostCsr long_row = near_diagonal_csr(random, {256}, 0);
  CHECK_THAT(refusal(long_row, "csr-compact"),
             Catch::Contains("csr-compact") && Catch::Contains("256 entries") && Catch::Contains("255"));
  HostCsr far_column = near_diagonal_csr(random, std::vector<std::int64_t>(40000, 1), 0);
  far_column.indices[0] = 32768;  // row 0, one column past the reach
  for (const std::string kernel : {"csr-compact", "ell-compact"})
    CHECK_THAT(refusal(far_column, kernel),
               Catch::Contains(kernel) && Catch::Contains("32768 columns") && Catch::Contains("32767"));
  far_column.indices[0] = 32767;
  CHECK(refusal(far_column, "csr-compact") == "accepted");
  CHECK(refusal(far_column, "ell-compact") == "accepted");
}

TEST_CASE("spmv plan: auto follows the documented rule", "[spmv]") {
  auto random = seeded(12);
  TestDevice& device = test_device();
  const auto choice = [&](const HostCsr& a) {
    const DeviceCsr csr(device.memory, a);
    const SpmvPlan plan(csr.view, device.memory, device.stream.get());
    return plan.choose("auto");
  };
  // Graphs too small to fill the GPU thread-per-row get a warp per row,
  // whatever their shape.
  CHECK(choice(banded_csr(random, 5000, 1)) == "csr-vector");
  CHECK(choice(csr_from_lengths(random, power_law_lengths(random, 5000, 4.0, 50000), 5000)) == "csr-vector");
  CHECK(choice(csr_from_lengths(random, std::vector<std::int64_t>(100, 0), 100)) == "csr-scalar");
  // Graphs with twice the rows that fill the GPU (2048 resident threads per SM).
  const std::int64_t rows = 2 * static_cast<std::int64_t>(device_attribute(cudaDevAttrMultiProcessorCount)) * 2048;
  // Short rows on 3 diagonals: a 1-byte mask a row, not csr-compact's
  // 1 + 2 x 3 bytes ...
  CHECK(choice(banded_csr(random, rows, 1)) == "stencil-packed");
  // ... but csr-compact on 32 diagonals with 1.3 entries a row (a 4-byte
  // mask against 1 + 2 x 1.3 bytes) ...
  std::vector<std::int64_t> spread;
  for (std::int64_t d = -16; d < 16; ++d) spread.push_back(d * 3);
  CHECK(choice(diagonal_csr(random, rows, spread, 0.04)) == "csr-compact");
  // ... and on rows whose columns lie on hundreds of diagonals ...
  CHECK(choice(near_diagonal_csr(random, uniform_lengths(random, rows, 1, 4), 200)) == "csr-compact");
  // ... and thread per row over the CSR once one column lies beyond 16-bit offsets.
  HostCsr far = banded_csr(random, rows, 1);
  far.indices[static_cast<std::size_t>(far.offsets[40000])] = 40000 - 32768;
  CHECK(choice(far) == "csr-scalar");
  // Rows of one length, mean ~17 (a band): ELL pads almost nothing, and
  // the entries lie on 17 diagonals: a mask per row instead of a column per
  // slot. A band of 33 diagonals is one too many for the mask; its columns
  // fit 16-bit offsets from the diagonal.
  CHECK(choice(banded_csr(random, rows, 8)) == "stencil");
  CHECK(choice(banded_csr(random, rows, 15)) == "stencil");
  CHECK(choice(banded_csr(random, rows, 16)) == "ell-compact");
  // Lengths 10..14: the longest row pads ELL to 1.17 slots per entry, within
  // 1.25; random columns need the full 32 bits.
  CHECK(choice(csr_from_lengths(random, uniform_lengths(random, rows, 10, 14), rows)) == "ell");
  // Short rows with random columns: thread per row up to a mean of 3 ...
  CHECK(choice(csr_from_lengths(random, uniform_lengths(random, rows, 1, 4), rows)) == "csr-scalar");
  // ... and a warp streaming 32 rows beyond (lengths 2..6 pad ELL to 1.5
  // slots per entry).
  CHECK(choice(csr_from_lengths(random, uniform_lengths(random, rows, 2, 6), rows)) == "csr-stream");
  // Lengths 4..20 pad ELL to ~1.7 slots per entry. Random columns: a warp
  // streams 32 rows' entries.
  CHECK(choice(csr_from_lengths(random, uniform_lengths(random, rows, 4, 20), rows)) == "csr-stream");
  // Local rows (columns within 4096) of lengths 4..30: ELL would pad ~1.8
  // slots per entry; mean ~17, ~8 entries per lane -> 4 lanes.
  CHECK(choice(csr_from_lengths(random, uniform_lengths(random, rows, 4, 30), 4096)) == "csr-vector:4");
  // Skewed, x within the L2: equal merge steps per block.
  CHECK(choice(csr_from_lengths(random, power_law_lengths(random, rows, 4.0, 50000), rows)) == "csr-merge");
  // Skewed, random columns, and x (4 bytes a column) twice the L2: the
  // entries are split by column range so that each part's x slice stays in L2.
  const std::int64_t wide = 2 * static_cast<std::int64_t>(device_attribute(cudaDevAttrL2CacheSize)) / 4;
  CHECK(choice(csr_from_lengths(random, power_law_lengths(random, rows, 4.0, 50000), wide)) == "coo-column-split");
  // The same x, but every column within its first eighth (a quarter of the
  // L2), as the hubs of a degree-sorted graph: the gathers stay in L2 without
  // a split.
  HostCsr crowded = csr_from_lengths(random, power_law_lengths(random, rows, 4.0, 50000), wide / 8);
  crowded.cols = wide;
  CHECK(choice(crowded) == "csr-merge");
}

// The skewed branch of "auto" on the row statistics alone (kron-s20's,
// kron-s24's, and variations): csr-hub-split needs random columns spread
// over x and enough merge steps for every SM.
TEST_CASE("spmv plan: auto takes csr-hub-split for large skewed graphs with random columns", "[spmv]") {
  const cuda::spmv::DeviceShape h100{132, std::int64_t{50} << 20};
  cuda::spmv::RowStats kron;
  kron.num_rows = kron.num_cols = 1 << 20;
  kron.num_entries = 31400696;
  kron.longest_row = 64578;
  kron.mean_row = static_cast<double>(kron.num_entries) / static_cast<double>(kron.num_rows);
  kron.stddev_row = 150.0;
  kron.mean_span = 900000.0;
  const auto name = [&](const cuda::spmv::RowStats& stats) {
    return cuda::spmv::auto_kernel(stats, h100).name();
  };
  CHECK(name(kron) == "csr-hub-split");
  // 132 SMs x 49152 steps = 6.5 M steps: just below, csr-merge.
  cuda::spmv::RowStats small = kron;
  small.num_rows = small.num_cols = 1 << 19;
  small.num_entries = 6488064 - small.num_rows - 1;
  small.mean_row = static_cast<double>(small.num_entries) / static_cast<double>(small.num_rows);
  CHECK(name(small) == "csr-merge");
  small.num_entries += 1;
  CHECK(name(small) == "csr-hub-split");
  // kron-s18: too few rows to fill the GPU a thread per row, but enough
  // merge steps: csr-hub-split, not a warp per row; below the bound, a warp
  // per row.
  cuda::spmv::RowStats s18 = kron;
  s18.num_rows = s18.num_cols = 1 << 18;
  s18.num_entries = 7609618;
  s18.mean_row = static_cast<double>(s18.num_entries) / static_cast<double>(s18.num_rows);
  CHECK(name(s18) == "csr-hub-split");
  s18.num_entries = 6488064 - s18.num_rows - 1;
  s18.mean_row = static_cast<double>(s18.num_entries) / static_cast<double>(s18.num_rows);
  CHECK(name(s18) == "csr-vector");
  // Local columns: the gathers hit L1 already.
  cuda::spmv::RowStats local = kron;
  local.mean_span = 1000.0;
  CHECK(name(local) == "csr-merge");
  // x beyond the L2 share (kron-s24: 67 MB of x), its gathers spread evenly
  // over 256 column ranges: csr-hub-split; with fewer steps than the bound
  // (5 M: 2^20 rows, 4 M entries), coo-column-split. Crowded into the first
  // range (a degree-sorted graph's hubs): csr-hub-split all the same (its
  // rest part gathers from a compact x), csr-merge below the step bound. An
  // x within the L2 share counts as spread whatever its histogram.
  cuda::spmv::RowStats wide = kron;
  wide.num_rows = wide.num_cols = 1 << 24;
  wide.num_entries = 520800000;
  wide.mean_row = static_cast<double>(wide.num_entries) / static_cast<double>(wide.num_rows);
  wide.mean_span = 15000000.0;
  wide.column_histogram.assign(256, wide.num_entries / 256);
  CHECK(name(wide) == "csr-hub-split");
  cuda::spmv::RowStats wide_small = wide;
  wide_small.num_rows = 1 << 20;
  wide_small.num_entries = 4000000;
  wide_small.mean_row = static_cast<double>(wide_small.num_entries) / static_cast<double>(wide_small.num_rows);
  wide_small.column_histogram.assign(256, wide_small.num_entries / 256);
  CHECK(name(wide_small) == "coo-column-split");
  cuda::spmv::RowStats crowded = wide;
  crowded.column_histogram.assign(256, 0);
  crowded.column_histogram[0] = crowded.num_entries;
  CHECK(name(crowded) == "csr-hub-split");
  cuda::spmv::RowStats crowded_small = wide_small;
  crowded_small.column_histogram.assign(256, 0);
  crowded_small.column_histogram[0] = crowded_small.num_entries;
  CHECK(name(crowded_small) == "csr-merge");
  cuda::spmv::RowStats crowded_in_l2 = kron;
  crowded_in_l2.column_histogram.assign(256, 0);
  crowded_in_l2.column_histogram[0] = crowded_in_l2.num_entries;
  CHECK(name(crowded_in_l2) == "csr-hub-split");
  // Past csr-hub-split's column bound (its rest codes share 32 bits with
  // its hub slots), auto takes csr-merge and naming the kernel is refused.
  cuda::spmv::RowStats huge = wide;
  huge.num_rows = huge.num_cols = cuda::spmv::HubSplitPolicy::max_columns;
  CHECK(name(huge) == "csr-hub-split");
  CHECK_FALSE(cuda::spmv::hub_split_refusal(huge.num_cols));
  huge.num_rows = huge.num_cols = cuda::spmv::HubSplitPolicy::max_columns + 1;
  CHECK(name(huge) == "csr-merge");
  const std::optional<std::string> refusal = cuda::spmv::hub_split_refusal(huge.num_cols);
  REQUIRE(refusal);
  CHECK_THAT(*refusal, Catch::Contains("csr-hub-split") && Catch::Contains(std::to_string(huge.num_cols)) &&
                           Catch::Contains(std::to_string(cuda::spmv::HubSplitPolicy::max_columns)));
}

TEST_CASE("spmv plan: hot_column_fraction counts the densest ranges that fit the slice", "[spmv]") {
  cuda::spmv::RowStats stats;
  stats.num_cols = 1 << 20;  // 4 MB of x; 256 ranges of 16 KB
  stats.num_entries = 1000;
  stats.column_histogram.assign(256, 0);
  stats.column_histogram[3] = 600;
  stats.column_histogram[200] = 300;
  stats.column_histogram[7] = 100;
  CHECK(cuda::spmv::hot_column_fraction(stats, 16384.0) == Approx(0.6));   // one range: the densest
  CHECK(cuda::spmv::hot_column_fraction(stats, 32767.0) == Approx(0.6));   // not yet two
  CHECK(cuda::spmv::hot_column_fraction(stats, 32768.0) == Approx(0.9));
  CHECK(cuda::spmv::hot_column_fraction(stats, 1e12) == Approx(1.0));      // all of x
  CHECK(cuda::spmv::hot_column_fraction(stats, 0.0) == Approx(0.0));
  stats.column_histogram.clear();
  CHECK(cuda::spmv::hot_column_fraction(stats, 1e12) == 0.0);  // no histogram: no claim
}

TEST_CASE("spmv plan: column parts keep each x slice within half the L2", "[spmv]") {
  const std::int64_t l2 = 50 << 20;
  // x fits in half the L2: no split.
  CHECK(cuda::spmv::column_split_parts(0, l2) == 1);
  CHECK(cuda::spmv::column_split_parts(l2 / 8, l2) == 1);
  // x = half the L2 + one column: two parts; 67 MB of x (kron-s24): three.
  CHECK(cuda::spmv::column_split_parts(l2 / 8 + 1, l2) == 2);
  CHECK(cuda::spmv::column_split_parts(16777216, l2) == 3);
  // Capped: every part costs a pass over y.
  CHECK(cuda::spmv::column_split_parts(std::int64_t{1} << 40, l2) == 16);
  // No L2 reported: never split.
  CHECK(cuda::spmv::column_split_parts(16777216, 0) == 1);
}

TEST_CASE("spmv plan: deterministic kernels repeat bit for bit", "[spmv]") {
  auto random = seeded(13);
  TestDevice& device = test_device();
  const HostCsr a = csr_from_lengths(random, power_law_lengths(random, 20000, 5.0, 150000), 20000);
  const DeviceCsr csr(device.memory, a);
  SpmvPlan plan(csr.view, device.memory, device.stream.get());
  std::vector<float> x_host(static_cast<std::size_t>(a.cols));
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  for (float& v : x_host) v = value(random);
  const DeviceVector<float> x = upload(x_host);
  for (const std::string kernel :
       {"csr-scalar", "csr-vector", "csr-stream", "hyb", "coo-segmented", "coo-column-split", "csr-merge",
        "csr-hub-split"}) {
    std::vector<float> first;
    for (int repetition = 0; repetition < 3; ++repetition) {
      DeviceVector<float> y = upload(std::vector<float>(static_cast<std::size_t>(a.rows), poison<PlusTimes<float>>()));
      plan.run<PlusTimes<float>>(kernel, SpmvArgs{}, x.data(), y.data());
      const std::vector<float> got = y.to_host();
      if (repetition == 0)
        first = got;
      else
        CHECK(std::memcmp(first.data(), got.data(), got.size() * sizeof(float)) == 0);
    }
  }
}

TEST_CASE("spmv plan: bytes() counts the derived formats built so far", "[spmv]") {
  auto random = seeded(14);
  TestDevice& device = test_device();
  const HostCsr a = csr_from_lengths(random, uniform_lengths(random, 5000, 1, 9), 5000);
  const DeviceCsr csr(device.memory, a);
  SpmvPlan plan(csr.view, device.memory, device.stream.get());
  const DeviceVector<float> x = upload(std::vector<float>(5000, 1.0f));
  DeviceVector<float> y = upload(std::vector<float>(5000, 0.0f));
  CHECK(plan.bytes() == 0);
  plan.run<PlusTimes<float>>("csr-vector", SpmvArgs{}, x.data(), y.data());
  CHECK(plan.bytes() == 0);  // row-based CSR kernels need no derived format
  plan.run<PlusTimes<float>>("coo-atomic", SpmvArgs{}, x.data(), y.data());
  const std::size_t with_coo = plan.bytes();
  CHECK(with_coo >= static_cast<std::size_t>(a.entries()) * sizeof(vertex_t));  // a row id per entry
  plan.run<PlusTimes<float>>("ell", SpmvArgs{}, x.data(), y.data());
  std::int64_t longest = 0;
  for (std::int64_t r = 0; r < a.rows; ++r) longest = std::max(longest, a.length(r));
  CHECK(plan.bytes() - with_coo >= static_cast<std::size_t>(longest * a.rows) * (sizeof(vertex_t) + sizeof(float)));
  const std::size_t with_ell = plan.bytes();
  plan.run<PlusTimes<float>>("ell", SpmvArgs{}, x.data(), y.data());
  CHECK(plan.bytes() == with_ell);  // cached, not rebuilt
  // ell-compact: the same slots, 2 bytes of column offset and 4 of weight each.
  plan.run<PlusTimes<float>>("ell-compact", SpmvArgs{}, x.data(), y.data());
  CHECK(plan.bytes() - with_ell == static_cast<std::size_t>(longest * a.rows) * (sizeof(std::int16_t) + sizeof(float)));
  // csr-compact: a byte per row and two per entry (its weights are the CSR's).
  const std::size_t before_compact = plan.bytes();  // ELL and ell-compact included
  plan.run<PlusTimes<float>>("csr-compact", SpmvArgs{}, x.data(), y.data());
  CHECK(plan.bytes() - before_compact >= static_cast<std::size_t>(a.rows + 2 * a.entries()));
  CHECK(plan.bytes() - before_compact < static_cast<std::size_t>(2 * a.rows + 2 * a.entries()));
  const std::size_t with_compact = plan.bytes();
  // coo-column-split keeps its own rows, columns and weights per entry.
  plan.run<PlusTimes<float>>("coo-column-split", SpmvArgs{}, x.data(), y.data());
  CHECK(plan.bytes() - with_compact >= static_cast<std::size_t>(a.entries()) * (2 * sizeof(vertex_t) + sizeof(float)));
}

}  // namespace graphrun::test

// Vector maps and reductions of the CUDA backend against the CPU backend, on
// fresh random inputs of awkward sizes (0, 1, odd, a few million), outputs
// poisoned before each call.
#include <cmath>
#include <tuple>

#include "cuda_test_support.hpp"
#include "graphrun/algorithms/kernels/pagerank_kernels.hpp"
#include "graphrun/error.hpp"

namespace graphrun::test {

namespace {

// Runs `operation` on both backends with the same host inputs and compares
// the outputs exactly (all maps are one IEEE operation per entry, or pure
// data movement, so both backends must agree bit for bit).
struct BothBackends {
  std::shared_ptr<Backend> cpu = cpu_backend();
  std::shared_ptr<Backend> gpu = cuda_backend();
};

std::vector<std::size_t> sizes(bool sanitize) {
  if (sanitize) return {0, 1, 33, 1000};
  return {0, 1, 2, 31, 257, 100003, 3u << 20};
}

// Relative bound for a double-accumulated sum of n terms of total magnitude
// `magnitude`: both backends sum in double (CUB tree / OpenMP partials), so
// they differ by rounding of order n * 2^-53 of the magnitude.
double double_sum_bound(std::size_t n, double magnitude) { return 4.0 * (static_cast<double>(n) + 1) * 1.2e-16 * magnitude + 1e-300; }

void check_maps(bool sanitize) {
  SEED_INFO();
  auto rng = seeded_rng(2);
  BothBackends b;
  for (const std::size_t n : sizes(sanitize)) {
    INFO("n = " << n);
    const auto x = random_vector<float>(rng, n, -10.0f, 10.0f);
    const auto y = random_vector<float>(rng, n, -10.0f, 10.0f);
    const auto degree = random_vector<vertex_t>(rng, n, 0, 1000);
    std::vector<float> with_zeros = x;
    for (std::size_t i = 0; i < n; i += 3) with_zeros[i] = (i % 2) ? 0.0f : -0.0f;

    // Each lambda applies one primitive on `backend` to device copies of the
    // host inputs and returns the output read back.
    const auto both = [&](auto&& run) { return std::pair{run(*b.cpu), run(*b.gpu)}; };

    {
      auto [c, g] = both([&](Backend& k) {
        auto v = to_backend(k, poisoned<float>(n));
        k.fill(v, 2.5f);
        return v.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
    }
    {
      auto [c, g] = both([&](Backend& k) {
        auto v = to_backend(k, poisoned<double>(n));
        k.fill(v, -1.25);
        return v.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
    }
    {
      auto [c, g] = both([&](Backend& k) {
        auto v = to_backend(k, poisoned<vertex_t>(n));
        k.fill(v, vertex_t(77));
        return v.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
    }
    {
      auto [c, g] = both([&](Backend& k) {
        auto v = to_backend(k, poisoned<std::uint8_t>(n));
        k.fill(v, std::uint8_t(3));
        return v.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
    }
    {
      auto [c, g] = both([&](Backend& k) {
        auto v = to_backend(k, poisoned<vertex_t>(n));
        k.iota(v);
        return v.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
    }
    for (const auto& [alpha, beta] : {std::pair{0.85f, 0.15f}, std::pair{1.0f, -1.0f}, std::pair{-2.0f, 0.0f}}) {
      INFO("axpby " << alpha << ", " << beta);
      auto [c, g] = both([&](Backend& k) {
        auto dx = to_backend(k, x);
        auto dy = to_backend(k, y);
        k.axpby(alpha, dx, beta, dy);
        return dy.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
    }
    {
      auto [c, g] = both([&](Backend& k) {
        auto dx = to_backend(k, x), dy = to_backend(k, y), out = to_backend(k, poisoned<float>(n));
        k.multiply(dx, dy, out);
        return out.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
    }
    for (const auto& [add, exponent] :
         {std::pair{0, -1.0f}, std::pair{1, -0.5f}, std::pair{0, 0.5f}, std::pair{0, 1.0f}, std::pair{2, -1.5f}}) {
      INFO("degree_power add " << add << " exponent " << exponent);
      auto [c, g] = both([&](Backend& k) {
        auto d = to_backend(k, degree);
        auto out = to_backend(k, poisoned<float>(n));
        k.degree_power(d, add, exponent, out);
        return out.to_host();
      });
      // pow in double rounded to float on both sides; the libraries' double
      // pow may differ in the last double bit, which can move the float by one
      // ulp in rare halfway cases.
      std::vector<double> bound(n);
      for (std::size_t i = 0; i < n; ++i) bound[i] = std::abs(static_cast<double>(c[i])) * 1.2e-7;
      CHECK_SAME(compare_within(c, g, bound));
    }
    {
      auto [c, g] = both([&](Backend& k) {
        auto v = to_backend(k, with_zeros);
        auto flags = to_backend(k, poisoned<std::uint8_t>(n));
        k.flag_zero(v, flags);
        return flags.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
    }
    {
      auto [c, g] = both([&](Backend& k) {
        auto v = to_backend(k, with_zeros);
        auto out = to_backend(k, poisoned<float>(n));
        k.reciprocal(v, out);
        return out.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
    }
    for (const std::size_t width : {std::size_t(1), std::size_t(3), std::size_t(8)}) {
      if (n * width > (std::size_t(4) << 20)) continue;
      INFO("scale_rows width " << width);
      const auto matrix = random_vector<float>(rng, n * width, -3.0f, 3.0f);
      auto [c, g] = both([&](Backend& k) {
        auto m = to_backend(k, matrix);
        auto s = to_backend(k, x);
        k.scale_rows(m, width, s);
        return m.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
    }
    if (n > 0) {
      const auto indices = random_vector<vertex_t>(rng, n, 0, static_cast<vertex_t>(n - 1));
      auto [c, g] = both([&](Backend& k) {
        auto values = to_backend(k, degree);
        auto index = to_backend(k, indices);
        auto out = to_backend(k, poisoned<vertex_t>(n));
        k.gather(values, index, out);
        return out.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
      // An index outside values is refused on both backends, never read.
      for (const vertex_t bad : {static_cast<vertex_t>(n), no_vertex}) {
        std::vector<vertex_t> with_bad = indices;
        with_bad[n / 2] = bad;
        for (Backend* k : {b.cpu.get(), b.gpu.get()}) {
          auto values = to_backend(*k, degree);
          auto index = to_backend(*k, with_bad);
          auto out = to_backend(*k, poisoned<vertex_t>(n));
          CHECK_THROWS_AS(k->gather(values, index, out), UsageError);
        }
      }
    }
    {
      const auto other = random_vector<vertex_t>(rng, n, 0, 1000);
      auto [c, g] = both([&](Backend& k) {
        auto dx = to_backend(k, degree);
        auto dy = to_backend(k, other);
        k.minimum(dx, dy);
        return dy.to_host();
      });
      CHECK_SAME(compare_exact(c, g));
    }
  }
}

void check_reductions(bool sanitize) {
  SEED_INFO();
  auto rng = seeded_rng(3);
  BothBackends b;
  for (const std::size_t n : sizes(sanitize)) {
    INFO("n = " << n);
    const auto x = random_vector<float>(rng, n, -10.0f, 10.0f);
    const auto y = random_vector<float>(rng, n, -10.0f, 10.0f);
    const auto flags = random_flags(rng, n, 0.3);
    auto bytes = random_flags(rng, n, 0.4);
    for (std::size_t i = 0; i < n; i += 5) bytes[i] = static_cast<std::uint8_t>(2 + i % 250);  // non-0/1 "true"
    const auto ids_a = random_vector<vertex_t>(rng, n, 0, 5);
    const auto ids_b = random_vector<vertex_t>(rng, n, 0, 5);
    double magnitude = 0.0, distance_magnitude = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      magnitude += std::abs(x[i]);
      distance_magnitude += std::abs(x[i]) + std::abs(y[i]);
    }

    auto cx = to_backend(*b.cpu, x), cy = to_backend(*b.cpu, y);
    auto gx = to_backend(*b.gpu, x), gy = to_backend(*b.gpu, y);
    auto cf = to_backend(*b.cpu, flags), gf = to_backend(*b.gpu, flags);
    auto cbytes = to_backend(*b.cpu, bytes), gbytes = to_backend(*b.gpu, bytes);
    auto ca = to_backend(*b.cpu, ids_a), cb = to_backend(*b.cpu, ids_b);
    auto ga = to_backend(*b.gpu, ids_a), gb = to_backend(*b.gpu, ids_b);

    CHECK(std::abs(b.cpu->sum(cx) - b.gpu->sum(gx)) <= double_sum_bound(n, magnitude));
    for (const bool complement : {false, true}) {
      INFO("masked sum, complement " << complement);
      CHECK(std::abs(b.cpu->sum(cx, VertexMask{cf.data(), complement}) -
                     b.gpu->sum(gx, VertexMask{gf.data(), complement})) <= double_sum_bound(n, magnitude));
    }
    CHECK(b.gpu->sum(gx, VertexMask{}) == b.gpu->sum(gx));
    CHECK(std::abs(b.cpu->l1_distance(cx, cy) - b.gpu->l1_distance(gx, gy)) <=
          double_sum_bound(n, distance_magnitude));
    CHECK(b.gpu->l1_distance(gx, gx) == 0.0);
    CHECK(b.cpu->count_nonzero(cbytes) == b.gpu->count_nonzero(gbytes));
    CHECK(b.cpu->count_different(ca, cb) == b.gpu->count_different(ga, gb));
    CHECK(b.gpu->count_different(ga, ga) == 0);
  }
}

}  // namespace

// Backend vectors holding `host` after `offset` leading entries; the test
// passes view(offset) so that a vector starts off 16-byte alignment.
template <class T>
struct OffsetVector {
  DeviceVector<T> storage;
  std::size_t offset;
  OffsetVector(Backend& backend, const std::vector<T>& host, std::size_t offset_entries)
      : offset(offset_entries) {
    std::vector<T> padded(offset, T{});
    padded.insert(padded.end(), host.begin(), host.end());
    storage = to_backend(backend, padded);
  }
  std::span<T> view() { return storage.span().subspan(offset); }
  std::vector<T> to_host() const {
    const std::vector<T> all = storage.to_host();
    return {all.begin() + static_cast<std::ptrdiff_t>(offset), all.end()};
  }
};

// The fused PageRank pass: the next carried rank bit for bit (one
// explicitly rounded expression per entry on both backends, the teleport
// weight from the dangling mass in the sums slot), the two sums within double
// summation-order rounding; with a teleport vector and with the uniform one,
// with 16-byte-aligned vectors (the cuda kernel's four-vertex path) and with
// every vector one entry off (its one-vertex path). Then the conversions
// between ranks and carried ranks, bit for bit both ways.
void check_pagerank_update(bool sanitize) {
  SEED_INFO();
  auto rng = seeded_rng(5);
  BothBackends b;
  for (const std::size_t offset : {0u, 1u}) {
    for (const bool uniform : {false, true}) {
      for (const std::size_t n : sizes(sanitize)) {
        INFO("n = " << n << (uniform ? ", uniform teleport" : ", teleport vector") << ", offset " << offset);
        const auto y = random_vector<float>(rng, n, 0.0f, 1e-3f);
        const auto teleport = uniform ? std::vector<float>{} : random_vector<float>(rng, n, 0.0f, 1e-3f);
        const auto carried = random_vector<float>(rng, n, 0.0f, 1e-3f);
        auto share = random_vector<float>(rng, n, 0.01f, 1.0f);
        for (std::size_t i = 0; i < n; i += 3) share[i] = 0.0f;  // dangling vertices
        const double previous_dangling = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
        const auto run = [&](Backend& k) {
          OffsetVector<float> dy(k, y, offset), ds(k, share, offset), dc(k, carried, offset);
          OffsetVector<float> dt(k, teleport, uniform ? 0 : offset);
          OffsetVector<float> dn(k, poisoned<float>(n), offset), dr(k, poisoned<float>(n), offset);
          OffsetVector<float> dback(k, poisoned<float>(n), offset);
          auto sums = to_backend(k, std::vector<RankSums>{{.residual = -1.0, .dangling_mass = previous_dangling}});
          PageRankKernels& kernels = pagerank_kernels(k);
          kernels.pagerank_update(dy.view(), dt.view(), 0.85f, ds.view(), dc.view(), dn.view(), sums.span());
          CHECK(dc.to_host() == carried);
          kernels.pagerank_ranks(ds.view(), dn.view(), dr.view());
          kernels.pagerank_carry(ds.view(), dr.view(), dback.view());
          return std::tuple{sums.to_host().front(), dn.to_host(), dr.to_host(), dback.to_host()};
        };
        const auto [c_sums, c_next, c_rank, c_back] = run(*b.cpu);
        const auto [g_sums, g_next, g_rank, g_back] = run(*b.gpu);
        CHECK_SAME(compare_exact(c_next, g_next));
        CHECK_SAME(compare_exact(c_rank, g_rank));
        CHECK_SAME(compare_exact(c_back, g_back));
        CHECK(std::abs(c_sums.residual - g_sums.residual) <= double_sum_bound(n, c_sums.residual));
        CHECK(std::abs(c_sums.dangling_mass - g_sums.dangling_mass) <= double_sum_bound(n, c_sums.dangling_mass));
        if (n > 0) CHECK(c_sums.dangling_mass > 0.0);  // the test has dangling vertices
        if (n == 0) CHECK((g_sums.residual == 0.0 && g_sums.dangling_mass == 0.0));
      }
    }
  }
}

TEST_CASE("vector maps match the CPU backend bit for bit", "[vector]") { check_maps(false); }
TEST_CASE("vector maps, small sizes", "[vector][sanitize]") { check_maps(true); }
TEST_CASE("reductions match the CPU backend", "[vector]") { check_reductions(false); }
TEST_CASE("reductions, small sizes", "[vector][sanitize]") { check_reductions(true); }
TEST_CASE("pagerank_update matches the CPU backend", "[vector]") { check_pagerank_update(false); }
TEST_CASE("pagerank_update, small sizes", "[vector][sanitize]") { check_pagerank_update(true); }

}  // namespace graphrun::test

// Reductions (and the fused PageRank pass): double accumulation checked
// against a long double sum, and the same bits for every thread count.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <utility>

#include "graphrun/algorithms/kernels/pagerank_kernels.hpp"
#include "graphrun/error.hpp"

#include "support/random_seed.hpp"
#include "reference.hpp"
#include "kernels/backends.hpp"

namespace graphrun::test {
namespace {

std::shared_ptr<Backend> backend_with(int threads) {
  BackendOptions options;
  options.threads = threads;
  return make_cpu_backend(options);
}

}  // namespace

TEST_CASE("sum, masked sum and l1_distance") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (std::size_t size : {0u, 1u, 4095u, 4096u, 4097u, 100003u}) {
    INFO("size " << size);
    std::vector<float> x(size), y(size);
    std::vector<std::uint8_t> flags(size);
    for (std::size_t i = 0; i < size; ++i) {
      // Magnitudes over six orders: a float accumulator would lose the small ones.
      x[i] = std::uniform_real_distribution<float>(-1, 1)(rng) * std::pow(10.0f, float(rng() % 7) - 3.0f);
      y[i] = std::uniform_real_distribution<float>(-1, 1)(rng);
      flags[i] = std::bernoulli_distribution(0.4)(rng) ? 1 : 0;
    }
    long double total = 0, masked = 0, complement = 0, l1 = 0, magnitude = 0;
    for (std::size_t i = 0; i < size; ++i) {
      total += x[i];
      (flags[i] ? masked : complement) += x[i];
      l1 += std::abs(static_cast<long double>(x[i]) - y[i]);
      magnitude += std::abs(x[i]) + std::abs(y[i]);
    }
    // Double accumulation of `size` terms: error far below 1e-12 of the magnitude.
    const double tolerance = 1e-12 * static_cast<double>(magnitude) + 1e-300;

    double first_sum = 0, first_masked = 0, first_l1 = 0;
    for (int threads : {1, 2, 3, 8}) {
      INFO(threads << " threads");
      auto backend = backend_with(threads);
      auto x_device = to_backend(*backend, x);
      auto y_device = to_backend(*backend, y);
      auto flags_device = to_backend(*backend, flags);
      const double sum = backend->sum(x_device.span());
      const double sum_masked = backend->sum(x_device.span(), VertexMask{flags_device.data(), false});
      const double sum_complement = backend->sum(x_device.span(), VertexMask{flags_device.data(), true});
      const double sum_unmasked = backend->sum(x_device.span(), VertexMask{});
      const double distance = backend->l1_distance(x_device.span(), y_device.span());
      CHECK(std::abs(sum - static_cast<double>(total)) <= tolerance);
      CHECK(std::abs(sum_masked - static_cast<double>(masked)) <= tolerance);
      CHECK(std::abs(sum_complement - static_cast<double>(complement)) <= tolerance);
      CHECK(same_bits(sum_unmasked, sum));
      CHECK(std::abs(distance - static_cast<double>(l1)) <= tolerance);
      if (threads == 1) {
        first_sum = sum;
        first_masked = sum_masked;
        first_l1 = distance;
      } else {
        CHECK(same_bits(sum, first_sum));
        CHECK(same_bits(sum_masked, first_masked));
        CHECK(same_bits(distance, first_l1));
      }
    }
  }
}

TEST_CASE("count_nonzero and count_different") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (std::size_t size : {0u, 1u, 4097u, 50001u}) {
    INFO("size " << size);
    std::vector<std::uint8_t> bytes(size);
    std::vector<vertex_t> x(size), y(size);
    std::size_t nonzero = 0, different = 0;
    for (std::size_t i = 0; i < size; ++i) {
      bytes[i] = std::bernoulli_distribution(0.3)(rng) ? std::uint8_t(1 + rng() % 255) : 0;
      x[i] = static_cast<vertex_t>(rng() % 5);
      y[i] = static_cast<vertex_t>(rng() % 5);
      nonzero += bytes[i] != 0;
      different += x[i] != y[i];
    }
    for (int threads : {1, 3}) {
      auto backend = backend_with(threads);
      auto bytes_device = to_backend(*backend, bytes);
      auto x_device = to_backend(*backend, x);
      auto y_device = to_backend(*backend, y);
      CHECK(backend->count_nonzero(bytes_device.span()) == nonzero);
      CHECK(backend->count_different(x_device.span(), y_device.span()) == different);
    }
  }
}


// The fused PageRank pass against its definition evaluated term by term in
// the test: the teleport weight from the dangling mass in the sums slot, the
// same float expressions for the new rank and what it carries (bit-exact),
// long double sums for the residual and the dangling mass. An empty teleport
// vector is the uniform distribution 1/n.
TEST_CASE("pagerank_update") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  const float damping = 0.85f;
  const double previous_dangling = 0.125;
  const auto weight = static_cast<float>((1.0 - damping) + damping * previous_dangling);
  for (const bool uniform : {false, true}) {
    for (std::size_t size : {0u, 1u, 4095u, 4097u, 100003u}) {
      INFO("size " << size << (uniform ? ", uniform teleport" : ", teleport vector"));
      std::vector<float> y(size), teleport(size), share(size), carried(size);
      for (std::size_t i = 0; i < size; ++i) {
        y[i] = std::uniform_real_distribution<float>(0, 1e-3f)(rng);
        teleport[i] = uniform ? 1.0f / static_cast<float>(size) : std::uniform_real_distribution<float>(0, 1e-3f)(rng);
        // About a third of the vertices dangle (share exactly 0).
        share[i] = rng() % 3 == 0 ? 0.0f : 1.0f / static_cast<float>(1 + rng() % 50);
        carried[i] = std::uniform_real_distribution<float>(0, 1e-3f)(rng);
      }
      // Written from the contract: a dangling vertex carries its rank, any
      // other rank * share.
      std::vector<float> expected_next(size);
      long double residual = 0, dangling = 0;
      for (std::size_t i = 0; i < size; ++i) {
        const float rank = weight * teleport[i] + damping * y[i];
        expected_next[i] = share[i] == 0.0f ? rank : rank * share[i];
        // The distance on the carried values (rank_distance).
        const long double moved = std::abs(static_cast<long double>(expected_next[i]) - carried[i]);
        residual += share[i] == 0.0f ? moved : moved / share[i];
        if (share[i] == 0.0f) dangling += rank;
      }
      double first_residual = 0, first_dangling = 0;
      for (int threads : {1, 3}) {
        INFO(threads << " threads");
        auto backend = backend_with(threads);
        auto y_device = to_backend(*backend, y);
        auto teleport_device = to_backend(*backend, uniform ? std::vector<float>{} : teleport);
        auto share_device = to_backend(*backend, share);
        auto carried_device = to_backend(*backend, carried);
        // One update from `from` into a fresh poisoned vector and sums slot.
        const auto update = [&](const DeviceVector<float>& from) {
          auto next = to_backend(*backend, std::vector<float>(size, std::nanf("")));
          auto slot =
              to_backend(*backend, std::vector<RankSums>{{.residual = -1.0, .dangling_mass = previous_dangling}});
          pagerank_kernels(*backend).pagerank_update(y_device.span(), teleport_device.span(), damping,
                                                     share_device.span(), from.span(), next.span(), slot.span());
          return std::pair{std::move(next), slot.to_host().front()};
        };
        const auto [next_device, sums] = update(carried_device);
        CHECK(next_device.to_host() == expected_next);
        CHECK(carried_device.to_host() == carried);  // the old state is an input
        CHECK(std::abs(sums.residual - static_cast<double>(residual)) <= 1e-12 * static_cast<double>(residual));
        CHECK(std::abs(sums.dangling_mass - static_cast<double>(dangling)) <= 1e-12 * static_cast<double>(dangling));
        // The same update again from its own output is a float fixed point:
        // nothing carried changes, and the residual is exactly 0.
        const auto [again_device, again_sums] = update(next_device);
        CHECK(again_device.to_host() == expected_next);
        CHECK(again_sums.residual == 0.0);
        if (threads == 1) {
          first_residual = sums.residual;
          first_dangling = sums.dangling_mass;
        } else {
          CHECK(same_bits(sums.residual, first_residual));
          CHECK(same_bits(sums.dangling_mass, first_dangling));
        }
      }
    }
  }
}

TEST_CASE("pagerank_update refuses bad arguments") {
  auto backend = backend_with(2);
  auto a = to_backend(*backend, std::vector<float>(8, 1.0f));
  auto b = to_backend(*backend, std::vector<float>(8, 1.0f));
  auto c = to_backend(*backend, std::vector<float>(8, 1.0f));
  auto short_vector = to_backend(*backend, std::vector<float>(7, 1.0f));
  auto sums = to_backend(*backend, std::vector<RankSums>(1));
  auto two_sums = to_backend(*backend, std::vector<RankSums>(2));
  const std::span<const float> uniform;
  const auto update = [&](std::span<const float> teleport, std::span<const float> carried, std::span<float> next,
                          std::span<RankSums> slot) {
    pagerank_kernels(*backend).pagerank_update(a.span(), teleport, 0.85f, a.span(), carried, next, slot);
  };
  CHECK_THROWS_AS(update(a.span(), short_vector.span(), c.span(), sums.span()), UsageError);
  CHECK_THROWS_AS(update(a.span(), b.span(), short_vector.span(), sums.span()), UsageError);
  CHECK_THROWS_AS(update(short_vector.span(), b.span(), c.span(), sums.span()),
                  UsageError);  // a teleport vector of the wrong size
  CHECK_THROWS_AS(update(a.span(), b.span(), a.span(), sums.span()), UsageError);  // next aliases y
  CHECK_THROWS_AS(update(a.span(), b.span(), b.span(), sums.span()), UsageError);  // next aliases carried
  CHECK_THROWS_AS(update(uniform, b.span(), c.span(), two_sums.span()), UsageError);  // one slot
  CHECK_NOTHROW(update(a.span(), b.span(), c.span(), sums.span()));
  CHECK_NOTHROW(update(uniform, b.span(), c.span(), sums.span()));
}

TEST_CASE("pagerank_carry and pagerank_ranks convert both ways") {
  auto backend = backend_with(3);
  // Dangling (share 0), degrees 1, 3 and 7, and 5000 more so a team runs.
  std::vector<float> share{0.0f, 1.0f, 1.0f / 3.0f, 1.0f / 7.0f}, rank{0.25f, 0.125f, 0.1f, 3e-7f};
  for (int i = 0; i < 5000; ++i) {
    share.push_back(i % 4 == 0 ? 0.0f : 1.0f / static_cast<float>(1 + i % 13));
    rank.push_back(1e-4f * static_cast<float>(1 + i % 17));
  }
  auto share_device = to_backend(*backend, share);
  auto rank_device = to_backend(*backend, rank);
  auto carried_device = to_backend(*backend, std::vector<float>(share.size(), std::nanf("")));
  auto back_device = to_backend(*backend, std::vector<float>(share.size(), std::nanf("")));
  PageRankKernels& kernels = pagerank_kernels(*backend);
  kernels.pagerank_carry(share_device.span(), rank_device.span(), carried_device.span());
  kernels.pagerank_ranks(share_device.span(), carried_device.span(), back_device.span());
  const std::vector<float> carried = carried_device.to_host(), back = back_device.to_host();
  MismatchLog log;
  for (std::size_t v = 0; v < share.size(); ++v) {
    const float want = share[v] == 0.0f ? rank[v] : rank[v] * share[v];
    if (!same_bits(carried[v], want)) log.add(v, carried[v], want, " (carried)");
    // One rounding each way: within 2 units in the last place.
    const float tolerance = 2.0f * std::numeric_limits<float>::epsilon() * rank[v];
    if (share[v] == 0.0f ? !same_bits(back[v], rank[v]) : std::abs(back[v] - rank[v]) > tolerance)
      log.add(v, back[v], rank[v], " (rank back)");
  }
  CHECK(log.str() == "");
  CHECK_THROWS_AS(kernels.pagerank_carry(share_device.span(), rank_device.span().first(3), carried_device.span()),
                  UsageError);
  CHECK_THROWS_AS(kernels.pagerank_ranks(share_device.span(), carried_device.span(), carried_device.span()),
                  UsageError);  // the output aliases its input
}

}  // namespace graphrun::test

// Element-wise maps: random inputs, poisoned outputs, sizes on both sides of
// the parallel threshold, 1 and 3 threads.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "support/random_seed.hpp"
#include "reference.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"

namespace graphrun::test {
namespace {

constexpr float nan_float = std::numeric_limits<float>::quiet_NaN();

std::vector<float> random_floats(std::mt19937_64& rng, std::size_t size) {
  std::vector<float> values(size);
  for (float& v : values) v = std::uniform_real_distribution<float>(-10.0f, 10.0f)(rng);
  return values;
}

std::vector<vertex_t> random_ids(std::mt19937_64& rng, std::size_t size, vertex_t bound) {
  std::vector<vertex_t> values(size);
  for (vertex_t& v : values) v = std::uniform_int_distribution<vertex_t>(0, bound - 1)(rng);
  return values;
}

// Runs body(backend, size) for every thread count and size under test.
template <class Body>
void for_each_configuration(Body body) {
  for (int threads : {1, 3}) {
    BackendOptions options;
    options.threads = threads;
    auto backend = make_cpu_backend(options);
    for (std::size_t size : {0u, 1u, 7u, 10007u}) {
      INFO(threads << " threads, size " << size);
      body(*backend, size);
    }
  }
}

}  // namespace

TEST_CASE("fill and iota") {
  for_each_configuration([](Backend& backend, std::size_t size) {
    DeviceVector<float> f(backend.memory(), size);
    DeviceVector<double> d(backend.memory(), size);
    DeviceVector<vertex_t> v(backend.memory(), size);
    DeviceVector<std::uint8_t> b(backend.memory(), size);
    backend.fill(f.span(), 2.5f);
    backend.fill(d.span(), -1.25);
    backend.fill(v.span(), static_cast<vertex_t>(-3));
    backend.fill(b.span(), std::uint8_t{7});
    CHECK(f.to_host() == std::vector<float>(size, 2.5f));
    CHECK(d.to_host() == std::vector<double>(size, -1.25));
    CHECK(v.to_host() == std::vector<vertex_t>(size, static_cast<vertex_t>(-3)));
    CHECK(b.to_host() == std::vector<std::uint8_t>(size, 7));
    backend.fill(v.span(), static_cast<vertex_t>(-99));  // poison before iota
    backend.iota(v.span());
    const auto ids = v.to_host();
    bool ascending_ids = true;
    for (std::size_t i = 0; i < size; ++i) ascending_ids = ascending_ids && ids[i] == static_cast<vertex_t>(i);
    CHECK(ascending_ids);
  });
}

TEST_CASE("axpby, multiply and scale_rows") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for_each_configuration([&](Backend& backend, std::size_t size) {
    const auto x = random_floats(rng, size), y = random_floats(rng, size);
    const float a = std::uniform_real_distribution<float>(-3, 3)(rng), b = std::uniform_real_distribution<float>(-3, 3)(rng);
    auto x_device = to_backend(backend, x);
    auto y_device = to_backend(backend, y);
    backend.axpby(a, x_device.span(), b, y_device.span());
    const auto axpby = y_device.to_host();
    MismatchLog axpby_log;
    for (std::size_t i = 0; i < size; ++i) {
      const double want = double(a) * x[i] + double(b) * y[i];
      const double tolerance = 2.4e-7 * (std::abs(double(a) * x[i]) + std::abs(double(b) * y[i]));
      if (!(std::abs(axpby[i] - want) <= tolerance)) axpby_log.add(i, axpby[i], want);
    }
    CHECK(axpby_log.str() == "");

    auto out = to_backend(backend, std::vector<float>(size, nan_float));
    auto y_again = to_backend(backend, y);
    backend.multiply(x_device.span(), y_again.span(), out.span());
    const auto product = out.to_host();
    MismatchLog multiply_log;
    for (std::size_t i = 0; i < size; ++i)
      if (product[i] != x[i] * y[i]) multiply_log.add(i, product[i], x[i] * y[i]);
    CHECK(multiply_log.str() == "");

    // size rows of width 3 (and width 0: nothing to scale).
    const std::size_t width = 3;
    const auto matrix = random_floats(rng, size * width), scale = random_floats(rng, size);
    auto matrix_device = to_backend(backend, matrix);
    auto scale_device = to_backend(backend, scale);
    backend.scale_rows(matrix_device.span(), width, scale_device.span());
    const auto scaled = matrix_device.to_host();
    MismatchLog scale_log;
    for (std::size_t r = 0; r < size; ++r)
      for (std::size_t c = 0; c < width; ++c)
        if (scaled[r * width + c] != matrix[r * width + c] * scale[r])
          scale_log.add(r * width + c, scaled[r * width + c], matrix[r * width + c] * scale[r]);
    CHECK(scale_log.str() == "");
    CHECK_NOTHROW(backend.scale_rows(matrix_device.span().first(0), 0, scale_device.span()));
    if (size > 0)
      CHECK_THROWS_AS(backend.scale_rows(matrix_device.span(), width + 1, scale_device.span()), UsageError);
  });
}

TEST_CASE("degree_power") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for_each_configuration([&](Backend& backend, std::size_t size) {
    const auto degree = random_ids(rng, size, 50);  // includes zeros
    auto degree_device = to_backend(backend, degree);
    struct Case {
      vertex_t add;
      float exponent;
    };
    for (const Case c : {Case{0, -1.0f}, Case{1, -0.5f}, Case{0, 1.0f}, Case{2, 0.75f}}) {
      INFO("add " << c.add << ", exponent " << c.exponent);
      auto out = to_backend(backend, std::vector<float>(size, nan_float));
      backend.degree_power(degree_device.span(), c.add, c.exponent, out.span());
      const auto got = out.to_host();
      MismatchLog log;
      for (std::size_t i = 0; i < size; ++i) {
        const double base = double(degree[i]) + c.add;
        double want = 0.0;  // the contract: 0 where degree + add == 0
        if (base != 0.0) {
          if (c.exponent == -1.0f) want = 1.0 / base;
          else if (c.exponent == -0.5f) want = 1.0 / std::sqrt(base);
          else want = std::pow(base, double(c.exponent));
        }
        if (!(std::abs(got[i] - want) <= 1.2e-7 * std::abs(want))) log.add(i, got[i], want);
      }
      CHECK(log.str() == "");
    }
  });
}

TEST_CASE("flag_zero, gather and minimum") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for_each_configuration([&](Backend& backend, std::size_t size) {
    auto values = random_floats(rng, size);
    for (std::size_t i = 0; i < size; i += 3) values[i] = (i % 2) ? -0.0f : 0.0f;
    if (size > 1) values[1] = nan_float;  // NaN is not zero
    auto values_device = to_backend(backend, values);
    auto flags = to_backend(backend, std::vector<std::uint8_t>(size, 0xEE));
    backend.flag_zero(values_device.span(), flags.span());
    const auto got_flags = flags.to_host();
    MismatchLog flag_log;
    for (std::size_t i = 0; i < size; ++i)
      if (got_flags[i] != (values[i] == 0.0f ? 1 : 0)) flag_log.add(i, got_flags[i], values[i] == 0.0f);
    CHECK(flag_log.str() == "");

    if (size > 0) {
      const auto table = random_ids(rng, size + 5, 1000);
      const auto indices = random_ids(rng, size, static_cast<vertex_t>(table.size()));
      auto table_device = to_backend(backend, table);
      auto indices_device = to_backend(backend, indices);
      auto out = to_backend(backend, std::vector<vertex_t>(size, -42));
      backend.gather(table_device.span(), indices_device.span(), out.span());
      const auto gathered = out.to_host();
      MismatchLog gather_log;
      for (std::size_t i = 0; i < size; ++i)
        if (gathered[i] != table[indices[i]]) gather_log.add(i, gathered[i], table[indices[i]]);
      CHECK(gather_log.str() == "");
      auto bad_indices = to_backend(backend, indices);
      bad_indices.data()[size - 1] = static_cast<vertex_t>(table.size());
      CHECK_THROWS_AS(backend.gather(table_device.span(), bad_indices.span(), out.span()), UsageError);
      bad_indices.data()[size - 1] = -1;
      CHECK_THROWS_AS(backend.gather(table_device.span(), bad_indices.span(), out.span()), UsageError);
    }

    const auto x = random_ids(rng, size, 100), y = random_ids(rng, size, 100);
    auto x_device = to_backend(backend, x);
    auto y_device = to_backend(backend, y);
    backend.minimum(x_device.span(), y_device.span());
    const auto smaller = y_device.to_host();
    MismatchLog min_log;
    for (std::size_t i = 0; i < size; ++i)
      if (smaller[i] != std::min(x[i], y[i])) min_log.add(i, smaller[i], std::min(x[i], y[i]));
    CHECK(min_log.str() == "");
  });
}

TEST_CASE("vector maps refuse mismatched sizes") {
  auto backend = make_cpu_backend({});
  DeviceVector<float> four(backend->memory(), 4), three(backend->memory(), 3);
  DeviceVector<vertex_t> ids(backend->memory(), 4), short_ids(backend->memory(), 3);
  DeviceVector<std::uint8_t> flags(backend->memory(), 3);
  CHECK_THROWS_AS(backend->axpby(1.0f, four.span(), 1.0f, three.span()), UsageError);
  CHECK_THROWS_AS(backend->multiply(four.span(), four.span(), three.span()), UsageError);
  CHECK_THROWS_AS(backend->degree_power(ids.span(), 0, 1.0f, three.span()), UsageError);
  CHECK_THROWS_AS(backend->flag_zero(four.span(), flags.span()), UsageError);
  CHECK_THROWS_AS(backend->minimum(ids.span(), short_ids.span()), UsageError);
  CHECK_THROWS_AS(backend->gather(ids.span(), ids.span(), short_ids.span()), UsageError);
}

}  // namespace graphrun::test

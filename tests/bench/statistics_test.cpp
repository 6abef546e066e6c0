#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "bench/src/statistics.hpp"

using graphrun::bench::summarize;

TEST_CASE("summary of small samples: median, quartiles (linear interpolation), extremes") {
  const std::vector<double> four = {4.0, 1.0, 3.0, 2.0};
  const auto s = summarize(four);
  CHECK(s.count == 4);
  CHECK(s.min == 1.0);
  CHECK(s.max == 4.0);
  CHECK(s.median == Approx(2.5));
  CHECK(s.q1 == Approx(1.75));  // numpy.percentile([1,2,3,4], 25)
  CHECK(s.q3 == Approx(3.25));

  const std::vector<double> one = {7.5};
  const auto single = summarize(one);
  CHECK(single.median == 7.5);
  CHECK(single.q1 == 7.5);
  CHECK(single.q3 == 7.5);

  const std::vector<double> five = {10, 50, 20, 40, 30};
  CHECK(summarize(five).median == 30);
}

TEST_CASE("median of random samples equals the middle order statistic") {
  std::mt19937_64 random(std::random_device{}());
  std::uniform_real_distribution<double> value(0.0, 100.0);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<double> sample(1 + random() % 40);
    for (double& x : sample) x = value(random);
    std::vector<double> sorted = sample;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    const double expected = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    const auto s = summarize(sample);
    REQUIRE(s.median == Approx(expected));
    REQUIRE(s.min == sorted.front());
    REQUIRE(s.max == sorted.back());
    REQUIRE(s.q1 <= s.median);
    REQUIRE(s.median <= s.q3);
  }
}

TEST_CASE("summary refuses empty samples and NaN") {
  CHECK_THROWS_AS(summarize(std::vector<double>{}), std::invalid_argument);
  CHECK_THROWS_AS(summarize(std::vector<double>{1.0, std::nan("")}), std::invalid_argument);
}

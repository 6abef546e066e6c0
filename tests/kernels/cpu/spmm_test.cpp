// SpMM (Y = A X, row-major X and Y) against the triples, for several widths.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "support/random_seed.hpp"
#include "reference.hpp"
#include "cpu_test_support.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"

namespace graphrun::test {

TEST_CASE("spmm matches the reference for every width, direction and weighting") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  for (const TestGraph& g : all_test_graphs(rng)) {
    INFO("graph " << g.name);
    const auto n = static_cast<std::size_t>(g.graph.num_vertices());
    for (int threads : {1, 3}) {
      BackendOptions options;
      options.threads = threads;
      auto backend = make_cpu_backend(options);
      auto a = backend->upload(g.graph);
      for (std::size_t width : {1u, 3u, 8u, 17u})
        for (Edges edges : {Edges::out, Edges::in})
          for (bool use_weights : {false, true}) {
            INFO(threads << " threads, width " << width << ", edges " << (edges == Edges::out ? "out" : "in")
                         << ", use_weights " << use_weights);
            std::vector<float> x(n * width);
            for (float& v : x) v = value(rng);
            auto x_device = to_backend(*backend, x);
            // Poisoned: every entry of Y must be written.
            auto y_device = to_backend(*backend, std::vector<float>(n * width, std::numeric_limits<float>::quiet_NaN()));
            SpmvDescriptor d;
            d.edges = edges;
            d.use_weights = use_weights;
            backend->spmm(*a, d, x_device.span(), y_device.span(), width);
            const std::vector<float> y = y_device.to_host();

            const auto terms = row_terms(g, edges);
            MismatchLog log;
            for (std::size_t r = 0; r < n; ++r)
              for (std::size_t c = 0; c < width; ++c) {
                double want = 0.0, magnitude = 0.0;
                for (const Term& term : terms[r]) {
                  const double product = (use_weights ? term.weight : 1.0) * x[term.column * width + c];
                  want += product;
                  magnitude += std::abs(product);
                }
                const double tolerance = 4.0 * double(terms[r].size() + 2) * 1.2e-7 * magnitude;
                if (!(std::abs(y[r * width + c] - want) <= tolerance)) log.add(r * width + c, y[r * width + c], want);
              }
            CHECK(log.str() == "");
          }
    }
  }
}

TEST_CASE("spmm refuses masks, accumulate and wrong sizes") {
  const Graph graph = path_graph_3();
  auto backend = make_cpu_backend({});
  auto a = backend->upload(graph);
  DeviceVector<float> x(backend->memory(), 6), y(backend->memory(), 6);
  DeviceVector<std::uint8_t> flags(backend->memory(), 3);
  backend->fill(x.span(), 1.0f);
  backend->fill(flags.span(), std::uint8_t{1});
  SpmvDescriptor masked;
  masked.mask.flags = flags.data();
  CHECK_THROWS_AS(backend->spmm(*a, masked, x.span(), y.span(), 2), UsageError);
  SpmvDescriptor accumulating;
  accumulating.accumulate = true;
  CHECK_THROWS_AS(backend->spmm(*a, accumulating, x.span(), y.span(), 2), UsageError);
  CHECK_THROWS_AS(backend->spmm(*a, SpmvDescriptor{}, x.span(), y.span(), 3), UsageError);
  CHECK_THROWS_AS(backend->spmm(*a, SpmvDescriptor{}, x.span(), y.span().first(5), 2), UsageError);
  CHECK_NOTHROW(backend->spmm(*a, SpmvDescriptor{}, x.span(), y.span(), 2));
  // Width 0 is an empty product, not an error.
  CHECK_NOTHROW(backend->spmm(*a, SpmvDescriptor{}, x.span().first(0), y.span().first(0), 0));
}

}  // namespace graphrun::test

// Backend::pagerank_step's default (the cpu backend runs it unchanged):
// exactly spmv then pagerank_update, checked two ways. Against those two
// calls on the same backend, bit for bit, sums included; and against the
// step's definition evaluated in the test from the graph's triples (the new
// rank w * t + damping * y with y summed in long double, within the float
// rounding of the backend's row sum and update, and carried as
// PageRankKernels says). Plus the argument contract
// every backend shares (engine/src/pagerank_step.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>

#include "support/random_seed.hpp"
#include "reference.hpp"
#include "cpu_test_support.hpp"
#include "graphrun/algorithms/kernels/pagerank_kernels.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"

namespace graphrun::test {
namespace {

constexpr float damping = 0.85f;

std::shared_ptr<Backend> backend_with(int threads) {
  BackendOptions options;
  options.threads = threads;
  return make_cpu_backend(options);
}

// One step's inputs, drawn fresh for every call. An empty teleport is the
// uniform distribution. `carried` is the state (PageRankKernels): rank *
// share, or the rank where share is 0.
struct StepInputs {
  std::vector<float> carried, teleport, share;
  double previous_dangling_mass = 0.0;
  double stop_below = -1.0;  // the stopping rule in the sums (RankSums)
  std::int32_t updates = 0;
  bool stopped = false;
};

StepInputs random_inputs(std::mt19937_64& rng, std::size_t n, bool uniform) {
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  StepInputs in;
  in.previous_dangling_mass = 0.5 * unit(rng);
  for (std::size_t v = 0; v < n; ++v) {
    const float rank = unit(rng) / static_cast<float>(n);
    // About a quarter of the vertices dangle (share exactly 0).
    in.share.push_back(rng() % 4 == 0 ? 0.0f : 1.0f / static_cast<float>(1 + rng() % 30));
    in.carried.push_back(in.share.back() == 0.0f ? rank : rank * in.share.back());
    if (!uniform) in.teleport.push_back(rng() % 5 == 0 ? unit(rng) : 0.0f);
  }
  return in;
}

struct StepOutputs {
  RankSums sums;
  std::vector<float> carried, next_carried;
};

template <class Run>
StepOutputs run_with_buffers(Backend& backend, const StepInputs& in, Run&& run) {
  const std::size_t n = in.carried.size();
  const auto nan = std::numeric_limits<float>::quiet_NaN();
  auto carried = to_backend(backend, in.carried);
  auto teleport = to_backend(backend, in.teleport);
  auto share = to_backend(backend, in.share);
  auto next_carried = to_backend(backend, std::vector<float>(n, nan));
  const RankSums previous{.residual = -1.0,
                          .dangling_mass = in.previous_dangling_mass,
                          .stop_below = in.stop_below,
                          .updates = in.updates,
                          .stopped = in.stopped ? 1 : 0};
  auto sums = to_backend(backend, std::vector<RankSums>{previous});
  run(std::span<const float>(carried.span()), std::span<const float>(teleport.span()),
      std::span<const float>(share.span()), next_carried.span(), sums.span());
  return {sums.to_host().front(), carried.to_host(), next_carried.to_host()};
}

StepOutputs run_step(Backend& backend, const DeviceGraph& graph, const SpmvDescriptor& pull, const StepInputs& in) {
  return run_with_buffers(backend, in, [&](auto carried, auto teleport, auto share, auto next_carried, auto sums) {
    pagerank_kernels(backend).pagerank_step(graph, pull, carried, teleport, damping, share, next_carried, sums);
  });
}

StepOutputs run_two_calls(Backend& backend, const DeviceGraph& graph, const SpmvDescriptor& pull,
                          const StepInputs& in) {
  return run_with_buffers(backend, in, [&](auto carried, auto teleport, auto share, auto next_carried, auto sums) {
    auto y = to_backend(backend, std::vector<float>(carried.size(), std::numeric_limits<float>::quiet_NaN()));
    backend.spmv(graph, PlusTimes<float>{}, pull, carried, y.span());
    pagerank_kernels(backend).pagerank_update(y.span(), teleport, damping, share, carried, next_carried, sums);
  });
}

// The step from its definition: y_v over v's in-entries (triples, long
// double; a pattern graph's triples weigh 1), the new rank, what it carries
// and both sums. A rank may differ from it by the float row sum's rounding
// (4 (deg + 2) eps sum |w x|, as in test_spmv.cpp) times damping plus the
// update's two roundings; the carried value by one more rounding, and the
// residual, measured on the carried values, by one more.
void check_against_definition(const TestGraph& g, bool weighted, const StepInputs& in, const StepOutputs& got) {
  const auto terms = row_terms(g, Edges::in);
  const long double eps = std::numeric_limits<float>::epsilon();
  const std::size_t n = in.carried.size();
  const long double weight = (1.0L - damping) + damping * static_cast<long double>(in.previous_dangling_mass);
  long double residual = 0, dangling = 0, residual_slack = 0, dangling_slack = 0;
  MismatchLog carried;
  for (std::size_t v = 0; v < n; ++v) {
    long double y = 0, magnitude = 0;
    for (const Term& term : terms[v]) {
      const long double product = (weighted ? term.weight : 1.0L) * in.carried[term.column];
      y += product;
      magnitude += std::abs(product);
    }
    const long double teleport = in.teleport.empty() ? 1.0L / static_cast<float>(n) : in.teleport[v];
    const long double rank = weight * teleport + damping * y;
    // w and t are floats rounded from exact values: two more eps on that term.
    const long double slack = damping * 4.0L * static_cast<long double>(terms[v].size() + 2) * eps * magnitude +
                              4.0L * eps * (std::abs(rank) + damping * magnitude) + 1e-30L;
    const bool dangles = in.share[v] == 0.0f;
    const long double want = dangles ? rank : rank * in.share[v];
    const long double carried_slack = dangles ? slack : (slack + eps * std::abs(rank)) * in.share[v];
    if (!(std::abs(got.next_carried[v] - want) <= carried_slack))
      carried.add(v, got.next_carried[v], static_cast<double>(want));
    const long double old_rank = dangles ? in.carried[v] : static_cast<long double>(in.carried[v]) / in.share[v];
    residual += std::abs(rank - old_rank);
    // Measured on the carried values: one more rounding of rank * share.
    residual_slack += slack + eps * (std::abs(rank) + std::abs(old_rank));
    if (dangles) {
      dangling += rank;
      dangling_slack += slack;
    }
  }
  CHECK(carried.str() == "");
  CHECK(got.carried == in.carried);  // the old state is an input
  CHECK(std::abs(got.sums.residual - residual) <= residual_slack + 1e-12L * residual);
  CHECK(std::abs(got.sums.dangling_mass - dangling) <= dangling_slack + 1e-12L * dangling);
}

void check_same(const StepOutputs& expected, const StepOutputs& got) {
  CHECK(got.next_carried == expected.next_carried);
  CHECK(same_bits(got.sums.residual, expected.sums.residual));
  CHECK(same_bits(got.sums.dangling_mass, expected.sums.dangling_mass));
}

}  // namespace

TEST_CASE("pagerank_step's default is spmv then pagerank_update") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  for (const TestGraph& g : all_test_graphs(rng)) {
    const auto n = static_cast<std::size_t>(g.graph.num_vertices());
    for (const int threads : {1, 3}) {
      auto backend = backend_with(threads);
      const auto graph = backend->upload(g.graph);
      for (const bool weighted : {false, true})
        for (const bool uniform : {true, false}) {
          INFO("graph " << g.name << ", " << threads << " threads, weighted " << weighted << ", "
                        << (uniform ? "uniform" : "personalized") << " teleport");
          const SpmvDescriptor pull{.edges = Edges::in, .use_weights = weighted};
          const StepInputs in = random_inputs(rng, n, uniform);
          const StepOutputs step = run_step(*backend, *graph, pull, in);
          check_same(run_two_calls(*backend, *graph, pull, in), step);
          check_against_definition(g, weighted, in, step);
        }
    }
  }
}

TEST_CASE("pagerank_step refuses bad arguments") {
  const Graph graph = path_graph_3();
  auto backend = backend_with(2);
  const auto a = backend->upload(graph);
  const auto vector = [&](std::size_t size) { return to_backend(*backend, std::vector<float>(size, 0.25f)); };
  auto carried = vector(3), teleport = vector(3), share = vector(3), next_carried = vector(3);
  auto shorter = vector(2), wide = vector(4);
  auto sums = to_backend(*backend, std::vector<RankSums>(1)), two_sums = to_backend(*backend, std::vector<RankSums>(2));
  auto flags = to_backend(*backend, std::vector<std::uint8_t>(3, 1));
  const SpmvDescriptor pull{.edges = Edges::in};
  using Out = std::span<float>;
  const auto step = [&](const SpmvDescriptor& d, std::span<const float> x, std::span<const float> t,
                        std::span<const float> s, Out next_x, std::span<RankSums> slot) {
    pagerank_kernels(*backend).pagerank_step(*a, d, x, t, damping, s, next_x, slot);
  };
  const auto x = carried.span(), t = teleport.span(), s = share.span(), nx = next_carried.span();
  const auto slot = sums.span();
  CHECK_NOTHROW(step(pull, x, t, s, nx, slot));
  CHECK_NOTHROW(step(pull, x, {}, s, nx, slot));  // uniform teleport
  const std::vector<float> next_after = next_carried.to_host();
  CHECK_THROWS_AS(step(SpmvDescriptor{.edges = Edges::both}, x, t, s, nx, slot), UsageError);
  CHECK_THROWS_AS(step(SpmvDescriptor{.edges = Edges::in, .accumulate = true}, x, t, s, nx, slot), UsageError);
  CHECK_THROWS_AS(step(SpmvDescriptor{.edges = Edges::in, .mask = {.flags = flags.data()}}, x, t, s, nx, slot),
                  UsageError);
  CHECK_THROWS_AS(step(pull, shorter.span(), t, s, nx, slot), UsageError);
  CHECK_THROWS_AS(step(pull, x, shorter.span(), s, nx, slot), UsageError);
  CHECK_THROWS_AS(step(pull, x, t, shorter.span(), nx, slot), UsageError);
  CHECK_THROWS_AS(step(pull, x, t, s, shorter.span(), slot), UsageError);
  CHECK_THROWS_AS(step(pull, x, t, s, nx, two_sums.span()), UsageError);
  CHECK_THROWS_AS(step(pull, x, t, s, carried.span(), slot), UsageError);   // next x = x
  CHECK_THROWS_AS(step(pull, x, t, s, share.span(), slot), UsageError);     // next x = share
  CHECK_THROWS_AS(step(pull, x, t, s, teleport.span(), slot), UsageError);  // next x = teleport
  // Overlapping, not identical: next x starts one entry into x.
  CHECK_THROWS_AS(step(pull, wide.span().first(3), t, s, wide.span().last(3), slot), UsageError);
  // The refused calls wrote nothing.
  CHECK(next_carried.to_host() == next_after);
}

TEST_CASE("pagerank_step on a graph with no vertices leaves empty sums") {
  EdgeList edges;
  edges.num_vertices = 0;
  const Graph graph = Graph::build(edges);
  auto backend = backend_with(2);
  const auto a = backend->upload(graph);
  auto sums = to_backend(*backend, std::vector<RankSums>{{.residual = 7.0, .dangling_mass = 7.0}});
  pagerank_kernels(*backend).pagerank_step(*a, SpmvDescriptor{.edges = Edges::in}, {}, {}, damping, {}, {},
                                           sums.span());
  const RankSums result = sums.to_host().front();
  CHECK(result.residual == 0.0);
  CHECK(result.dangling_mass == 0.0);
}

// The stopping rule kept in the sums (RankSums, after_update): an update
// counts itself and sets `stopped` when its residual falls below stop_below
// (or is not finite, when stop_below >= 0); once stopped, the step and the
// update write nothing, sums included.
TEST_CASE("pagerank_step and pagerank_update apply the stopping rule in the sums") {
  SEED_INFO();
  std::mt19937_64 rng(test_seed());
  auto backend = backend_with(2);
  const TestGraph g = all_test_graphs(rng).back();
  REQUIRE(g.graph.num_vertices() > 0);
  const auto graph = backend->upload(g.graph);
  const auto n = static_cast<std::size_t>(g.graph.num_vertices());
  const SpmvDescriptor pull{.edges = Edges::in};
  using Run = StepOutputs (*)(Backend&, const DeviceGraph&, const SpmvDescriptor&, const StepInputs&);
  for (const Run run : {Run{run_step}, Run{run_two_calls}}) {
    StepInputs in = random_inputs(rng, n, true);
    in.updates = 5;
    const StepOutputs free = run(*backend, *graph, pull, in);  // stop_below < 0: never stops
    CHECK(free.sums.updates == 6);
    CHECK(free.sums.stopped == 0);
    CHECK(free.sums.previous_residual == -1.0);  // the residual in the sums before
    CHECK(free.sums.stop_below == -1.0);
    REQUIRE(free.sums.residual > 0.0);

    in.stop_below = 2.0 * free.sums.residual;  // met: the update is applied, then stops
    const StepOutputs met = run(*backend, *graph, pull, in);
    check_same(free, met);
    CHECK(met.sums.stopped == 1);
    CHECK(met.sums.updates == 6);
    CHECK(met.sums.stop_below == in.stop_below);
    for (const double not_met : {free.sums.residual, 0.0}) {  // "below" is strict
      in.stop_below = not_met;
      CHECK(run(*backend, *graph, pull, in).sums.stopped == 0);
    }

    in.stopped = true;  // stopped before: nothing is written
    const StepOutputs after_stop = run(*backend, *graph, pull, in);
    CHECK(std::all_of(after_stop.next_carried.begin(), after_stop.next_carried.end(),
                      [](float x) { return std::isnan(x); }));
    CHECK(after_stop.sums.residual == -1.0);
    CHECK(same_bits(after_stop.sums.dangling_mass, in.previous_dangling_mass));
    CHECK(after_stop.sums.updates == 5);
    CHECK(after_stop.sums.stopped == 1);

    // A residual that is not finite stops a run to tolerance, not a fixed count.
    in.stopped = false;
    in.carried[0] = std::numeric_limits<float>::quiet_NaN();  // |new - old| is NaN at vertex 0
    in.stop_below = 0.0;
    const StepOutputs nan_tolerance = run(*backend, *graph, pull, in);
    CHECK(std::isnan(nan_tolerance.sums.residual));
    CHECK(nan_tolerance.sums.stopped == 1);
    in.stop_below = -1.0;
    CHECK(run(*backend, *graph, pull, in).sums.stopped == 0);
  }
}

}  // namespace graphrun::test

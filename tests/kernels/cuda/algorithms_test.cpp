// The algorithms (written once against the primitive interface) on the cuda
// and cusparse backends against the CPU backend. BFS, label propagation and
// WCC must match exactly (every primitive they use is exact), and so must
// SSSP's distances, bit for bit (the least fixed point of float relaxations
// does not depend on their order: sssp.cpp). PageRank and
// aggregation sum floats in backend-specific order: PageRank within the L1
// bound of pagerank_bound() (ranks sum to 1, tolerance 1e-7 stops both),
// aggregation within 32 * eps_float * sqrt(deg + 3) * sum |w x| per entry.
#include <algorithm>
#include <cmath>
#include <limits>

#include "cuda_test_support.hpp"
#include "graphrun/algorithms/aggregate.hpp"
#include "graphrun/algorithms/betweenness.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/algorithms/multi_bfs.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/algorithms/sssp.hpp"
#include "graphrun/algorithms/kernels/centrality_kernels.hpp"
#include "graphrun/algorithms/kernels/triangle_kernels.hpp"
#include "graphrun/algorithms/triangles.hpp"
#include "graphrun/algorithms/wcc.hpp"

namespace graphrun::test {

namespace {

double l1(const std::vector<float>& a, const std::vector<float>& b) {
  double total = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) total += std::abs(static_cast<double>(a[i]) - static_cast<double>(b[i]));
  return total;
}

// Per-entry bound for aggregate: neighbourhood magnitude over in-edges (plus
// the vertex itself for gcn's + I).
std::vector<double> aggregate_bounds(const Graph& graph, const std::vector<float>& x, std::size_t width,
                                     const AggregateParams& params) {
  const Csr& in = graph.in_edges();
  const double eps = std::numeric_limits<float>::epsilon();
  std::vector<double> bound(x.size());
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) {
    const double growth = 32.0 * eps * std::sqrt(static_cast<double>(in.degree(v)) + 3.0);
    for (std::size_t c = 0; c < width; ++c) {
      const auto at = [&](vertex_t u) { return std::abs(static_cast<double>(x[static_cast<std::size_t>(u) * width + c])); };
      double magnitude = params.norm == AggregateNorm::gcn ? at(v) : 0.0;
      for (edge_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e)
        magnitude += (params.weighted ? std::abs(static_cast<double>(in.value(e))) : 1.0) * at(in.indices[e]);
      bound[static_cast<std::size_t>(v) * width + c] = growth * magnitude + 1e-30;
    }
  }
  return bound;
}

// L1 distance two float PageRank runs may differ by. Each rank is a float sum
// over in-edges whose rounding grows like eps * sqrt(in-degree) with the
// summation order (a serial CPU loop vs a GPU tree); the damped iteration
// contracts by d per step, so rounding accumulates to at most 1/(1-d) times
// one step's. Ranks sum to 1, so one step's L1 rounding is at most
// eps * sqrt(max in-degree + 1). Floor 2e-5 for small graphs.
double pagerank_bound(const Graph& graph, float damping) {
  const Csr& in = graph.in_edges();
  vertex_t max_degree = 0;
  for (vertex_t v = 0; v < in.num_rows(); ++v) max_degree = std::max(max_degree, in.degree(v));
  const double eps = std::numeric_limits<float>::epsilon();
  return std::max(2e-5, eps * std::sqrt(static_cast<double>(max_degree) + 1.0) / (1.0 - damping));
}

// Weighted PageRank is defined for positive weights only (pagerank.hpp);
// bcsstk13 and west0067 store negative entries.
bool positive_weights(const Graph& graph) {
  const auto& values = graph.out_edges().values;
  return std::all_of(values.begin(), values.end(), [](float w) { return w > 0.0f; });
}

bool non_negative_weights(const Graph& graph) {
  const auto& values = graph.out_edges().values;
  return std::all_of(values.begin(), values.end(), [](float w) { return w >= 0.0f; });
}

// quick: fewer sources, iterations and widths (the sanitizer subset).
void check_algorithms(const std::vector<NamedGraph>& graphs, std::mt19937_64& rng, bool quick) {
  Engine cpu = engine_of(BackendKind::cpu);
  for (const BackendKind kind : {BackendKind::cuda, BackendKind::cusparse}) {
    Engine gpu = engine_of(kind);
    for (const NamedGraph& g : graphs) {
      INFO("backend " << to_string(kind) << ", graph " << g.name);
      const auto on_cpu = cpu.upload(g.graph);
      const auto on_gpu = gpu.upload(g.graph);
      const vertex_t n = g.graph.num_vertices();

      const std::vector<vertex_t> sources = quick ? std::vector<vertex_t>{0, n - 1} : std::vector<vertex_t>{0, n / 2, n - 1};
      for (const vertex_t source : sources) {
        for (const BfsDirection direction : {BfsDirection::optimizing, BfsDirection::push, BfsDirection::pull}) {
          INFO("bfs from " << source << ", direction " << static_cast<int>(direction));
          BfsParams params;
          params.source = source;
          params.direction = direction;
          check_same_bfs(bfs(cpu, *on_cpu, params), bfs(gpu, *on_gpu, params));
        }
      }
      {
        INFO("multi-source bfs");
        const std::vector<vertex_t> sources = {0, n / 2, n - 1, 0};
        const MultiBfsResult expected = multi_source_bfs(cpu, *on_cpu, sources);
        const MultiBfsResult actual = multi_source_bfs(gpu, *on_gpu, sources);
        CHECK_SAME(compare_exact(expected.level, actual.level));
        CHECK(expected.reached == actual.reached);
        CHECK(expected.depth == actual.depth);
      }
      for (const vertex_t source : sources) {
        for (const SsspParams params : {SsspParams{.source = source},
                                        SsspParams{.source = source, .delta = 0.5},
                                        SsspParams{.source = source, .method = SsspMethod::near_far},
                                        SsspParams{.source = source, .method = SsspMethod::bellman_ford}}) {
          INFO("sssp from " << source << ", delta " << params.delta << ", method " << static_cast<int>(params.method));
          if (!non_negative_weights(g.graph)) {
            CHECK_THROWS_AS(sssp(gpu, *on_gpu, params), UsageError);
            continue;
          }
          const SsspResult expected = sssp(cpu, *on_cpu, params);
          const SsspResult actual = sssp(gpu, *on_gpu, params);
          CHECK_SAME(compare_exact(expected.distance, actual.distance));
          CHECK(expected.reached == actual.reached);
          if (params.method == SsspMethod::bellman_ford) CHECK(expected.rounds == actual.rounds);
        }
      }
      {
        INFO("betweenness from three sources");  // every source would be n searches
        const BetweennessParams params{{0, n / 2, n - 1}};
        CHECK_SAME(compare_exact(betweenness_centrality(cpu, *on_cpu, params).centrality,
                                 betweenness_centrality(gpu, *on_gpu, params).centrality));
      }
      {
        INFO("triangle count and lcc");
        const Graph simple = undirected_simple(g.graph, EdgeCounts::none);
        const auto simple_cpu = cpu.upload(simple);
        const auto simple_gpu = gpu.upload(simple);
        for (const bool per_vertex : {false, true}) {
          const TriangleCountResult expected = triangle_count(cpu, *simple_cpu, per_vertex);
          const TriangleCountResult actual = triangle_count(gpu, *simple_gpu, per_vertex);
          CHECK(expected.total == actual.total);
          CHECK(expected.per_vertex == actual.per_vertex);
        }
        const Graph closure = undirected_simple(g.graph, EdgeCounts::by_direction);
        const LocalClusteringResult expected = local_clustering(cpu, *cpu.upload(closure));
        const LocalClusteringResult actual = local_clustering(gpu, *gpu.upload(closure));
        CHECK(expected.coefficient == actual.coefficient);  // integer sums and degrees: exact
        if (g.graph.directed()) {
          CHECK_THROWS_AS(triangle_count(gpu, *on_gpu, false), UsageError);
        } else {  // the graph's own weights, read by triangle_weight on both backends
          DeviceVector<std::uint64_t> cpu_sums(cpu.backend().memory(), static_cast<std::size_t>(n));
          DeviceVector<std::uint64_t> gpu_sums(gpu.backend().memory(), static_cast<std::size_t>(n));
          CHECK(triangle_kernels(cpu.backend()).triangle_sums(*on_cpu, true, cpu_sums.span()) ==
                triangle_kernels(gpu.backend()).triangle_sums(*on_gpu, true, gpu_sums.span()));
          CHECK(cpu_sums.to_host() == gpu_sums.to_host());
        }
      }
      {
        INFO("label propagation");
        LabelPropagationParams params;
        params.max_iterations = quick ? 3 : 10;
        const auto expected = label_propagation(cpu, *on_cpu, params);
        const auto actual = label_propagation(gpu, *on_gpu, params);
        CHECK_SAME(compare_exact(expected.label, actual.label));
        CHECK(expected.iterations == actual.iterations);
        CHECK(expected.last_changes == actual.last_changes);
        // Until stable: the cpu backend reads the record after every round,
        // the GPU's when its schedule says (and, in the second run, every
        // third round); rounds queued past the stable one change nothing.
        params.stop_when_stable = true;
        params.max_iterations = quick ? 8 : 40;
        const auto stable_expected = label_propagation(cpu, *on_cpu, params);
        for (const int interval : {0, 3}) {
          INFO("until stable, check interval " << interval);
          params.stable_check_interval = interval;
          const auto stable_actual = label_propagation(gpu, *on_gpu, params);
          CHECK_SAME(compare_exact(stable_expected.label, stable_actual.label));
          CHECK(stable_expected.iterations == stable_actual.iterations);
          CHECK(stable_expected.last_changes == stable_actual.last_changes);
          CHECK(stable_actual.queued_iterations >= stable_actual.iterations);
        }
      }
      {
        INFO("weakly connected components");
        const auto expected = weakly_connected_components(cpu, *on_cpu);
        const auto actual = weakly_connected_components(gpu, *on_gpu);
        CHECK_SAME(compare_exact(expected.component, actual.component));
        CHECK(expected.num_components == actual.num_components);
      }
      for (const bool weighted : {false, true}) {
        if (weighted && !positive_weights(g.graph)) continue;
        INFO("pagerank, weighted " << weighted);
        PageRankParams params;
        params.weighted = weighted;
        params.tolerance = 1e-7;
        params.max_iterations = quick ? 10 : 100;
        if (weighted && n > 2) params.personalization = {0, n / 2};
        const auto expected = pagerank(cpu, *on_cpu, params);
        const auto actual = pagerank(gpu, *on_gpu, params);
        REQUIRE(actual.rank.size() == expected.rank.size());
        CHECK(l1(expected.rank, actual.rank) <= pagerank_bound(g.graph, params.damping));
      }
      {
        INFO("pagerank, LDBC fixed iterations");
        PageRankParams params;
        params.fixed_iterations = true;
        params.max_iterations = quick ? 5 : 30;
        const auto expected = pagerank(cpu, *on_cpu, params);
        const auto actual = pagerank(gpu, *on_gpu, params);
        CHECK(expected.iterations == actual.iterations);
        CHECK(l1(expected.rank, actual.rank) <= pagerank_bound(g.graph, params.damping));
      }
      const std::vector<std::size_t> widths = quick ? std::vector<std::size_t>{33} : std::vector<std::size_t>{1, 16, 33};
      for (const std::size_t width : widths) {
        const auto features = random_vector<float>(rng, static_cast<std::size_t>(n) * width, -1.0f, 1.0f);
        for (const AggregateParams params : {AggregateParams{AggregateNorm::sum, false},
                                             AggregateParams{AggregateNorm::sum, true},
                                             AggregateParams{AggregateNorm::mean, false},
                                             AggregateParams{AggregateNorm::gcn, false}}) {
          INFO("aggregate width " << width << ", norm " << static_cast<int>(params.norm) << ", weighted "
                                  << params.weighted);
          const auto expected = aggregate(cpu, *on_cpu, features, width, params);
          const auto actual = aggregate(gpu, *on_gpu, features, width, params);
          CHECK_SAME(compare_within(expected, actual, aggregate_bounds(g.graph, features, width, params)));
          // The same on vectors already in GPU memory (the Python package's
          // tensor path): the host path's result, features left unwritten.
          const DeviceVector<float> on_device(gpu.backend().memory(), std::span<const float>(features));
          DeviceVector<float> output(gpu.backend().memory(), features.size());
          aggregate_into(gpu, *on_gpu, on_device, output, width, params);
          CHECK_SAME(compare_within(expected, output.to_host(), aggregate_bounds(g.graph, features, width, params)));
          CHECK(on_device.to_host() == features);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("algorithms on cuda and cusparse match the CPU backend, real and edge-case graphs", "[algorithms]") {
  SEED_INFO();
  auto rng = seeded_rng(50);
  std::vector<NamedGraph> graphs = real_graphs();
  for (NamedGraph& g : edge_case_graphs(rng)) graphs.push_back(std::move(g));
  check_algorithms(graphs, rng, false);
}

TEST_CASE("algorithms, 2^20-row random graph", "[algorithms][large]") {
  SEED_INFO();
  auto rng = seeded_rng(51);
  check_algorithms({large_random_graph(rng)}, rng, true);
}

// Kept small: racecheck instruments every shared-memory access of every
// kernel the algorithms launch on both backends.
TEST_CASE("algorithms, sanitizer subset", "[algorithms][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(52);
  std::vector<NamedGraph> graphs = sanitizer_graphs(rng);
  graphs.erase(graphs.begin());  // n = 1 without entries: the self-loop case covers n = 1
  graphs.push_back(real_graph("karate.mtx"));
  check_algorithms(graphs, rng, true);
}

// The warm-up runs each device step of a search on a star of its own: it
// must neither throw nor leave anything behind that changes a later search.
TEST_CASE("bfs_warm_up leaves searches on the warmed engine unchanged", "[algorithms][sanitize]") {
  const Graph graph = real_graph("karate.mtx").graph;
  Engine cpu = engine_of(BackendKind::cpu);
  bfs_warm_up(cpu);
  const auto on_cpu = cpu.upload(graph);
  for (const BackendKind kind : {BackendKind::cuda, BackendKind::cusparse}) {
    INFO("backend " << to_string(kind));
    Engine gpu = engine_of(kind);
    bfs_warm_up(gpu);
    bfs_warm_up(gpu);  // twice: nothing of the first run is left to trip over
    const auto on_gpu = gpu.upload(graph);
    for (const BfsDirection direction : {BfsDirection::optimizing, BfsDirection::push, BfsDirection::pull}) {
      BfsParams params;
      params.source = 0;
      params.direction = direction;
      check_same_bfs(bfs(cpu, *on_cpu, params), bfs(gpu, *on_gpu, params));
    }
  }
}

// Brandes' wide-row kernel under the sanitizers: a star whose centre's rows
// are longer than BrandesSumOrder::wide_row, from a leaf (the centre one
// level down) and from the centre. Betweenness only: cuSPARSE's own SpMV
// kernel reports shared-memory hazards of its own on rows this long.
TEST_CASE("betweenness through a wide row, sanitizer subset", "[algorithms][sanitize]") {
  const auto leaves = static_cast<vertex_t>(BrandesSumOrder::wide_row) + 100;
  std::vector<vertex_t> centre(static_cast<std::size_t>(leaves), 0), leaf(static_cast<std::size_t>(leaves));
  for (vertex_t v = 0; v < leaves; ++v) leaf[static_cast<std::size_t>(v)] = v + 1;
  const Graph star = graph_from_edges(leaves + 1, centre, leaf, {}, true);
  Engine cpu = engine_of(BackendKind::cpu);
  const BetweennessParams params{{1, 0, leaves}};
  const std::vector<double> expected = betweenness_centrality(cpu, *cpu.upload(star), params).centrality;
  for (const BackendKind kind : {BackendKind::cuda, BackendKind::cusparse}) {
    INFO("backend " << to_string(kind));
    Engine gpu = engine_of(kind);
    CHECK_SAME(compare_exact(expected, betweenness_centrality(gpu, *gpu.upload(star), params).centrality));
  }
}

}  // namespace graphrun::test

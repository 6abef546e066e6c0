// Single-source shortest paths.
//
// Contract: sssp.hpp. distance[s] = 0; distance[v] = min over in-edges u -> v
// of distance[u] + w(u, v), the least fixed point (+inf where unreachable).
//
// Maths. Both methods only ever lower a distance to distance[u] + w for an
// edge u -> v, computed in float, and stop at a fixed point of those
// relaxations. With w >= 0 the float sum is monotone in distance[u], so along
// a least path every prefix bounds the next vertex: the fixed point each
// method reaches is the least one, the same bits whatever order the
// relaxations ran in (one answer for every backend and thread count).
//
// Delta-stepping, near-far form (Meyer and Sanders, J. Algorithms 2003;
// Davidson, Baxter, Garland, Owens, IPDPS 2014). Distances below `limit` form
// the current bucket. Its vertices are relaxed in rounds, each round's
// improved vertices below the limit making the next round's near list; those
// improved to `limit` or beyond go to one far list. When a round lists
// nothing near, every distance below the limit is final; the limit moves up
// by delta (or, past an empty stretch, to the bucket of the least far
// distance) and the far list is split into the new near list and the rest.
// A small delta wastes little work on distances that later fall (Dijkstra
// in the limit); a large one gives more parallel work per round
// (Bellman-Ford in the limit). A backend may run the whole search in a loop
// of its own instead (SsspKernels::sssp_run; the cpu backend files improved
// vertices in per-thread bins, as GAP does): SsspMethod::delta_stepping takes
// it, SsspMethod::near_far always runs the steps above.
//
// Bellman-Ford: distance = min(distance, A^T (min.+) distance), one min-plus
// SpMV per round over the in-edges, until a round changes nothing (at most
// n - 1 changing rounds). The reference path: it runs on any backend's
// semiring SpMV and checks delta-stepping in the tests. Run by several
// processes (BlockExchange), each round lowers this process's block, and
// the blocks are shared before the rounds' changes are counted.
#include "graphrun/algorithms/sssp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "device_buffers.hpp"
#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/algorithms/kernels/sssp_kernels.hpp"

namespace graphrun {
namespace {

using algorithms_detail::element;
using algorithms_detail::make_buffer;
using algorithms_detail::require;

constexpr float infinity = std::numeric_limits<float>::infinity();

// The smallest float above `x`: a limit that lets the vertex at distance x in.
float just_above(float x) { return std::nextafter(x, infinity); }

class NearFarSssp {
 public:
  // distance: +inf everywhere but distance[source] = 0.
  NearFarSssp(Backend& backend, SsspKernels& kernels, const DeviceGraph& graph, vertex_t source, float delta,
              DeviceVector<float> distance)
      : backend_(backend),
        kernels_(kernels),
        graph_(graph),
        source_(source),
        delta_(delta),
        size_(static_cast<std::size_t>(graph.num_vertices())),
        distance_(std::move(distance)),
        near_round_(make_buffer<std::int32_t>(backend, size_)),
        in_far_(make_buffer<std::int32_t>(backend, size_)),
        near_(make_buffer<vertex_t>(backend, size_)),
        next_near_(make_buffer<vertex_t>(backend, size_)),
        far_(make_buffer<vertex_t>(backend, size_)),
        kept_(make_buffer<vertex_t>(backend, size_)) {}

  SsspDeviceResult run() {
    backend_.fill(near_round_, 0);
    backend_.fill(in_far_, 0);
    backend_.fill(element(near_, 0), source_);
    std::size_t near_size = 1;
    float limit = next_limit(0.0f, 0.0f);
    summary_.delta = delta_;
    summary_.buckets = 1;
    for (;;) {
      while (near_size != 0) near_size = relax(near_size, limit);
      if (far_size_ == 0) break;
      // Every distance below `limit` is final: the next bucket.
      const float lower = limit;
      SsspListed split = split_far(lower, next_limit(lower, lower));
      while (split.near == 0 && split.far != 0)  // an empty stretch: jump to the least far distance
        split = split_far(lower, next_limit(lower, split.smallest_far));
      near_size = split.near;
      limit = last_limit_;
      ++summary_.buckets;
    }
    return SsspDeviceResult{summary_, std::move(distance_)};
  }

 private:
  // The limit of the bucket after `lower` that holds distance `at_least`:
  // lower + delta, or the first multiple of delta above at_least, and always
  // above at_least, so the vertex there enters the near list (progress even
  // where float sums stop growing by delta).
  float next_limit(float lower, float at_least) const {
    const double buckets = std::floor(static_cast<double>(at_least) / delta_) + 1.0;
    const auto by_delta = static_cast<float>(std::max(static_cast<double>(lower) + delta_, buckets * delta_));
    return std::max(by_delta, just_above(at_least));
  }

  std::size_t relax(std::size_t near_size, float limit) {
    const SsspListed listed =
        kernels_.sssp_relax(graph_, near_.span().first(near_size), limit, next_round(), distance_, marks(),
                            next_near_, far_, far_size_);
    near_.swap(next_near_);
    far_size_ = listed.far;
    ++summary_.rounds;
    summary_.edges_relaxed += listed.edges;
    return listed.near;
  }

  SsspListed split_far(float lower, float limit) {
    const SsspListed listed = kernels_.sssp_split(far_.span().first(far_size_), lower, limit, next_round(),
                                                  distance_, marks(), near_, kept_);
    far_.swap(kept_);
    far_size_ = listed.far;
    last_limit_ = limit;
    return listed;
  }

  SsspMarks marks() { return SsspMarks{near_round_.span(), in_far_.span()}; }

  // A step's round number. A mark is compared with the current round only,
  // so past the int32 range the marks and the count start again from 0.
  std::int32_t next_round() {
    if (round_ == std::numeric_limits<std::int32_t>::max()) {
      backend_.fill(near_round_, 0);
      round_ = 0;
    }
    return ++round_;
  }

  Backend& backend_;
  SsspKernels& kernels_;
  const DeviceGraph& graph_;
  vertex_t source_;
  double delta_;
  std::size_t size_;
  DeviceVector<float> distance_;
  DeviceVector<std::int32_t> near_round_;
  DeviceVector<std::int32_t> in_far_;
  DeviceVector<vertex_t> near_;
  DeviceVector<vertex_t> next_near_;
  DeviceVector<vertex_t> far_;
  DeviceVector<vertex_t> kept_;
  std::size_t far_size_ = 0;
  std::int32_t round_ = 0;
  float last_limit_ = 0.0f;
  SsspSummary summary_;
};

// The backend's own loop where it has one and `own_loop` allows it, else the
// near-far steps.
SsspDeviceResult delta_stepping(Backend& backend, SsspKernels& kernels, const DeviceGraph& graph, vertex_t source,
                                float delta, bool own_loop) {
  DeviceVector<float> distance = make_buffer<float>(backend, static_cast<std::size_t>(graph.num_vertices()));
  backend.fill(distance, infinity);
  backend.fill(element(distance, static_cast<std::size_t>(source)), 0.0f);
  SsspWork work;
  if (!own_loop || !kernels.sssp_run(graph, source, delta, distance, work))
    return NearFarSssp(backend, kernels, graph, source, delta, std::move(distance)).run();
  SsspSummary summary;
  summary.delta = delta;
  summary.rounds = work.rounds;
  summary.buckets = work.buckets;
  summary.edges_relaxed = work.edges;
  return SsspDeviceResult{summary, std::move(distance)};
}

SsspDeviceResult bellman_ford(Backend& backend, const DeviceGraph& graph, vertex_t source,
                              BlockExchange* exchange = nullptr) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  DeviceVector<float> distance = make_buffer<float>(backend, n);
  DeviceVector<float> next = make_buffer<float>(backend, n);
  backend.fill(distance, infinity);
  backend.fill(element(distance, static_cast<std::size_t>(source)), 0.0f);
  SpmvDescriptor pull;
  pull.edges = Edges::in;
  pull.accumulate = true;  // next = next min (A^T min.+ distance)
  SsspSummary summary;
  for (;;) {
    algorithms_detail::copy_buffer(backend, distance, next);
    backend.spmv(graph, MinPlus{}, pull, distance.span(), next.span());
    if (exchange != nullptr) exchange->share_blocks(next.span());
    ++summary.rounds;
    summary.edges_relaxed += graph.num_entries();
    const std::size_t changed = backend.count_different(distance.span(), next.span());
    distance.swap(next);
    if (changed == 0) break;
  }
  return SsspDeviceResult{summary, std::move(distance)};
}

// The reached count, on the backend: the entries that differ from +inf.
std::size_t count_reached(Backend& backend, const DeviceVector<float>& distance) {
  DeviceVector<float> unreached = make_buffer<float>(backend, distance.size());
  backend.fill(unreached, infinity);
  return backend.count_different(distance.span(), unreached.span());
}

// Vertices with at least one out-edge. A Kronecker graph leaves about 40%
// of its vertices isolated; counting them would halve its mean degree.
std::size_t vertices_with_out_edges(Backend& backend, const DeviceGraph& graph) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  DeviceVector<vertex_t> degree = make_buffer<vertex_t>(backend, n);
  DeviceVector<vertex_t> zero = make_buffer<vertex_t>(backend, n);
  backend.degrees(graph, Edges::out, degree);
  backend.fill(zero, vertex_t{0});
  return backend.count_different(degree.span(), zero.span());
}

// Called before the search allocates, so its two vectors add nothing to the
// peak (sssp_workspace).
float default_delta(Backend& backend, const SsspWeights& weights, const DeviceGraph& graph, SsspBucketRule rule) {
  const double entries = static_cast<double>(graph.num_entries());
  if (entries == 0.0) return 1.0f;
  const double mean_weight = weights.sum / entries;
  const double with_edges = static_cast<double>(vertices_with_out_edges(backend, graph));
  const double mean_degree = std::max(entries / std::max(with_edges, 1.0), 1.0);
  const double delta = rule.lanes * mean_weight / std::pow(mean_degree, rule.degree_exponent);
  // All-zero weights: every distance is 0 and any positive width will do.
  return delta > 0.0 ? static_cast<float>(delta) : 1.0f;
}

// The arguments' checks; `invalid` is the count of bad weights (over every
// process's block in a run by several).
void check_sssp(const DeviceGraph& graph, const SsspParams& params, std::uint64_t invalid) {
  require(is_vertex(params.source, graph.num_vertices()),
          "sssp: source vertex " + std::to_string(params.source) + " is outside the graph (" +
              std::to_string(graph.num_vertices()) + " vertices)");
  require(std::isfinite(params.delta) && params.delta >= 0.0,
          "sssp: delta must be positive (or 0 for the default), got " + std::to_string(params.delta));
  require(invalid == 0,
          "sssp: " + std::to_string(invalid) + " edge weights are negative or NaN; shortest paths need weights >= 0");
}

}  // namespace

const char* sssp_method_name(SsspMethod method) {
  switch (method) {
    case SsspMethod::delta_stepping: return "delta-stepping";
    case SsspMethod::near_far: return "near-far";
    case SsspMethod::bellman_ford: return "bellman-ford";
  }
  throw UsageError("sssp: unknown method " + std::to_string(static_cast<int>(method)));
}

SsspMethod parse_sssp_method(const std::string& name) {
  for (const SsspMethod method : {SsspMethod::delta_stepping, SsspMethod::near_far, SsspMethod::bellman_ford})
    if (name == sssp_method_name(method)) return method;
  throw UsageError("sssp: method must be delta-stepping, near-far or bellman-ford, got '" + name + "'");
}

SsspDeviceResult sssp_on_device(Engine& engine, const DeviceGraph& graph, const SsspParams& params) {
  Backend& backend = engine.backend();
  SsspKernels& kernels = sssp_kernels(backend);
  const SsspWeights weights = kernels.sssp_weights(graph);
  check_sssp(graph, params, static_cast<std::uint64_t>(weights.invalid));
  const float delta = params.delta > 0.0 ? static_cast<float>(params.delta)
                                         : default_delta(backend, weights, graph, kernels.sssp_bucket_rule());
  SsspDeviceResult result = params.method == SsspMethod::bellman_ford
                                ? bellman_ford(backend, graph, params.source)
                                : delta_stepping(backend, kernels, graph, params.source, delta,
                                                 params.method == SsspMethod::delta_stepping);
  result.method = params.method;
  result.reached = count_reached(backend, result.distance);
  return result;
}

SsspDeviceResult sssp_on_device(Engine& engine, const DeviceGraph& graph, const SsspParams& params,
                                BlockExchange& exchange) {
  Backend& backend = engine.backend();
  // Every process checks the same total, so all throw or none does.
  const SsspWeights weights = sssp_kernels(backend).sssp_weights(graph);
  check_sssp(graph, params, exchange.sum(static_cast<std::uint64_t>(weights.invalid)));
  SsspDeviceResult result = bellman_ford(backend, graph, params.source, &exchange);
  result.method = SsspMethod::bellman_ford;
  result.reached = count_reached(backend, result.distance);
  return result;
}

SsspResult sssp(Engine& engine, const DeviceGraph& graph, const SsspParams& params) {
  SsspDeviceResult found = sssp_on_device(engine, graph, params);
  SsspResult result;
  static_cast<SsspSummary&>(result) = found;
  result.distance = found.distance.to_host();
  for (const float d : result.distance)
    if (d != infinity) result.max_distance = std::max(result.max_distance, d);
  return result;
}

}  // namespace graphrun

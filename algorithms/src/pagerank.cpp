// PageRank as a loop of primitives (pull formulation, deterministic):
//   x    = PR .* share                  share = 1/outdeg (or 1/out-weight sum), 0 if dangling
//   y    = A^T x                        spmv plus-times over in-edges
//   PR'  = d*y + ((1-d) + d*dangling) t dangling = sum of PR over vertices with share 0
// The state between iterations is one vector, the carried rank
// (PageRankKernels): x where share != 0 and PR on the dangling vertices,
// whose entries no edge gathers. So PR is never stored beside x, and an
// iteration holds 12 bytes a vertex (share and two carried vectors).
// Each iteration is one pagerank_step: the SpMV, then PR' as the next
// carried vector, with the L1 residual and PR''s dangling mass left in
// backend memory, where the next step reads the dangling mass. A backend may
// fuse the update into the SpMV's row kernel (cuda does), so the carried
// vector is double-buffered: the step reads one while writing the other, and
// the two swap roles. The stopping rule travels in the sums (RankSums): the
// update whose residual meets the tolerance sets `stopped`, and the steps
// queued after it write nothing. So the host queues batches of steps and
// reads the sums back only between batches, as ResidualCheckSchedule says
// (residual_checks.hpp); the state of the converged iteration is left in
// one of the two vectors, which one by the parity of the steps queued after
// it, and pagerank_ranks turns it into ranks in the other. A fixed iteration
// count reads the sums once, at the end: then the device never waits for the
// host.
// Run by several processes (BlockExchange), a step is the unfused form of
// pagerank_step with the exchange between its two calls: y = A^T x over this
// process's block of in-rows, the blocks of y shared, then pagerank_update
// over the whole vectors on every process. That is the cpu backend's step
// call for call, so every process holds the one-process ranks bit for bit
// there; on a GPU the ranks match the fused step's and the sums differ only
// in the order of their double additions (pagerank_kernels.hpp). The update
// leaves the sums in backend memory, so iterations chain on the device as
// they do on one process, and every process computes the same sums from the
// same vectors by the same reduction, so they all take the same decisions.
#include "graphrun/algorithms/pagerank.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "device_buffers.hpp"
#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/algorithms/kernels/pagerank_kernels.hpp"
#include "graphrun/algorithms/residual_checks.hpp"

namespace graphrun {
namespace {

using algorithms_detail::copy_buffer;
using algorithms_detail::make_buffer;
using algorithms_detail::require;

void check_params(const PageRankParams& params, vertex_t num_vertices) {
  require(params.damping >= 0.0f && params.damping <= 1.0f,
          "pagerank: damping must be in [0, 1], got " + std::to_string(params.damping));
  require(params.max_iterations >= 0,
          "pagerank: max_iterations must be >= 0, got " + std::to_string(params.max_iterations));
  require(params.tolerance >= 0.0, "pagerank: tolerance must be >= 0, got " + std::to_string(params.tolerance));
  require(params.residual_check_interval >= 0, "pagerank: residual_check_interval must be >= 0, got " +
                                                   std::to_string(params.residual_check_interval));
  for (const vertex_t v : params.personalization)
    require(is_vertex(v, num_vertices), "pagerank: personalization vertex " + std::to_string(v) +
                                            " is outside the graph (0.." +
                                                std::to_string(std::int64_t{num_vertices} - 1) + ")");
}

// Teleport distribution t for a personalized run: uniform on the
// personalization set (a vertex listed twice still counts once). It is an
// input, so building it on the host and uploading it once is the natural
// way. Without personalization t = 1/n everywhere needs no vector at all
// (pagerank_step takes an empty one).
DeviceVector<float> personalized_teleport(Backend& backend, vertex_t num_vertices,
                                          const std::vector<vertex_t>& personalization) {
  std::vector<float> host(static_cast<std::size_t>(num_vertices), 0.0f);
  for (const vertex_t v : personalization) host[static_cast<std::size_t>(v)] = 1.0f;
  std::size_t members = 0;
  for (const float member : host) members += member != 0.0f;
  for (float& value : host) value /= static_cast<float>(members);
  auto teleport = make_buffer<float>(backend, host.size());
  teleport.assign(host);
  return teleport;
}

// The sums slot before the first iteration: the initial rank's mass on the
// dangling vertices (share == 0) and the stopping rule; pagerank_step
// replaces it every iteration until the rule stops the updates. The flags
// live only for this sum, before the second state vector exists.
DeviceVector<RankSums> initial_sums(Backend& backend, std::span<const float> share, const DeviceVector<float>& rank,
                                    const PageRankParams& params) {
  auto dangling = make_buffer<std::uint8_t>(backend, share.size());
  backend.flag_zero(share, dangling);
  const RankSums initial{.residual = 0.0,
                         .dangling_mass = backend.sum(rank, VertexMask{.flags = dangling.data(), .complement = false}),
                         .stop_below = params.fixed_iterations ? -1.0 : params.tolerance};
  auto sums = make_buffer<RankSums>(backend, 1);
  sums.assign(std::span<const RankSums>(&initial, 1));
  return sums;
}

PageRankDeviceResult run_pagerank(Backend& backend, const DeviceGraph& graph, const PageRankParams& params,
                                  std::span<const float> share, BlockExchange* exchange) {
  const vertex_t n = graph.num_vertices();
  PageRankDeviceResult result;
  if (n == 0) {
    result.converged = true;  // nothing to rank
    return result;
  }

  PageRankKernels& kernels = pagerank_kernels(backend);
  const auto size = static_cast<std::size_t>(n);
  const float damping = params.damping;

  const bool personalized = !params.personalization.empty();
  const DeviceVector<float> teleport =
      personalized ? personalized_teleport(backend, n, params.personalization) : DeviceVector<float>{};
  auto initial_rank = make_buffer<float>(backend, size);
  if (personalized)
    copy_buffer(backend, teleport, initial_rank);  // PR_0 = t
  else
    backend.fill(initial_rank, uniform_teleport(size));
  DeviceVector<RankSums> sums = initial_sums(backend, share, initial_rank, params);
  auto carried = make_buffer<float>(backend, size);
  kernels.pagerank_carry(share, initial_rank, carried);
  // Written by each step, then swapped with carried; it starts as the
  // initial ranks' buffer, which nothing reads again.
  DeviceVector<float> next_carried = std::move(initial_rank);
  // Where a read costs nothing (host memory), every iteration; else predicted.
  int check_every = params.residual_check_interval;
  if (check_every == 0 && backend.kind() == BackendKind::cpu) check_every = 1;
  ResidualCheckSchedule schedule(params.tolerance, check_every);

  // Rank flows along edges u->v into v: the pull SpMV walks v's in-edges.
  const SpmvDescriptor pull{.edges = Edges::in, .use_weights = params.weighted};
  DeviceVector<float> y = exchange != nullptr ? make_buffer<float>(backend, size) : DeviceVector<float>{};
  const auto step = [&] {
    if (exchange == nullptr) {
      kernels.pagerank_step(graph, pull, carried, teleport, damping, share, next_carried, sums);
    } else {  // the step's two calls, with the blocks of y shared between them
      backend.spmv(graph, PlusTimes<float>{}, pull, carried, y);
      exchange->share_blocks(y);
      kernels.pagerank_update(y, teleport, damping, share, carried, next_carried, sums);
    }
    carried.swap(next_carried);
  };
  int queued = 0;
  RankSums last;  // as read after the last batch
  while (queued < params.max_iterations) {
    const int left = params.max_iterations - queued;
    const int batch = params.fixed_iterations ? left : std::min(schedule.next_batch(), left);
    for (int i = 0; i < batch; ++i) step();
    queued += batch;
    last = sums.to_host().front();
    if (last.stopped != 0) break;
    schedule.observe(queued, last.residual, last.previous_residual);
  }
  // The last applied update wrote the state; each step queued after it
  // swapped the vectors once more without writing.
  if ((queued - last.updates) % 2 != 0) carried.swap(next_carried);
  result.iterations = last.updates;
  result.queued_iterations = queued;
  result.residual = last.residual;
  // NaN or infinite ranks never pass for converged (NaN < tolerance is false,
  // but a caller must not read them as "not converged yet" either).
  if (!std::isfinite(result.residual))
    throw RuntimeError("pagerank: the residual is not finite after " + std::to_string(result.iterations) +
                       " iterations: the ranks overflowed or hold NaN (check the edge weights)");
  result.converged = result.iterations > 0 && result.residual < params.tolerance;
  kernels.pagerank_ranks(share, carried, next_carried);
  result.rank = std::move(next_carried);
  return result;
}

}  // namespace

// share[u]: the fraction of u's rank each out-edge carries per unit weight,
// i.e. 1/outdeg(u) (or 1/sum of u's out-weights when weighted); 0 when u has
// nothing to pass on, which is exactly the dangling set.
void pagerank_share_of_degrees(Backend& backend, std::span<const vertex_t> out_degree, std::span<float> share) {
  backend.degree_power(out_degree, 0, -1.0f, share);
}

DeviceVector<float> pagerank_out_share(Backend& backend, const DeviceGraph& graph, bool weighted) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  auto share = make_buffer<float>(backend, n);
  if (!weighted) {
    auto degree = make_buffer<vertex_t>(backend, n);
    backend.degrees(graph, Edges::out, degree);
    pagerank_share_of_degrees(backend, degree, share);
    return share;
  }
  // Out-weight sums as one SpMV of the out-edges against a vector of ones.
  auto ones = make_buffer<float>(backend, n);
  auto strength = make_buffer<float>(backend, n);
  backend.fill(ones, 1.0f);
  backend.spmv(graph, PlusTimes<float>{}, SpmvDescriptor{.edges = Edges::out, .use_weights = true}, ones, strength);
  backend.reciprocal(strength, share);
  return share;
}

PageRankDeviceResult pagerank_on_device(Engine& engine, const DeviceGraph& graph, const PageRankParams& params) {
  check_params(params, graph.num_vertices());
  Backend& backend = engine.backend();
  const DeviceVector<float> share = pagerank_out_share(backend, graph, params.weighted);
  return run_pagerank(backend, graph, params, share, nullptr);
}

PageRankDeviceResult pagerank_on_device(Engine& engine, const DeviceGraph& graph, const PageRankParams& params,
                                        std::span<const float> share, BlockExchange& exchange) {
  check_params(params, graph.num_vertices());
  require(share.size() == static_cast<std::size_t>(graph.num_vertices()),
          "pagerank: share has " + std::to_string(share.size()) + " entries for " +
              std::to_string(graph.num_vertices()) + " vertices");
  return run_pagerank(engine.backend(), graph, params, share, &exchange);
}

PageRankResult pagerank(Engine& engine, const DeviceGraph& graph, const PageRankParams& params) {
  const PageRankDeviceResult found = pagerank_on_device(engine, graph, params);
  return PageRankResult{static_cast<const PageRankSummary&>(found), found.rank.to_host()};
}

}  // namespace graphrun

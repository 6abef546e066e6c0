// Host-side dispatch of the CUDA backend: hands every primitive, its
// arguments checked by Backend and the algorithm kernel interfaces, to the
// kernel family that implements it (spmv/, spmm/, vector_ops/, bfs/,
// label_mode/).
#include <algorithm>
#include <functional>
#include <optional>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/primitive_dispatch.hpp"
#include "backends.hpp"
#include "cuda/bfs/bfs_batch.cuh"
#include "cuda/bfs/bfs_levels.cuh"
#include "cuda/bfs/bfs_pull.cuh"
#include "cuda/bfs/bfs_steps.cuh"
#include "cuda/centrality/brandes.cuh"
#include "cuda/sssp/sssp_steps.cuh"
#include "cuda/triangles/triangle_sums.cuh"
#include "cuda/triangular/trsv.cuh"
#include "cuda/cuda_backend.cuh"
#include "cuda/cuda_graph.cuh"
#include "cuda/device_info.cuh"
#include "cuda/label_mode/label_mode.cuh"
#include "cuda/runtime/check.cuh"
#include "cuda/spmm/spmm.cuh"
#include "cuda/spmv/dispatch/format_registry.hpp"
#include "cuda/spmv/selection/row_stats.hpp"
#include "cuda/vector_ops/maps.cuh"
#include "cuda/vector_ops/pagerank_step.cuh"
#include "cuda/vector_ops/rank_update.cuh"
#include "cuda/vector_ops/reductions.cuh"

namespace graphrun::cuda {

namespace {

// Selects the device before any member that allocates on it is built.
int selected_device(int ordinal) {
  select_device(ordinal);
  return ordinal;
}

SpmvArgs spmv_args(const SpmvDescriptor& d) {
  return SpmvArgs{d.use_weights, d.accumulate, d.mask.flags, d.mask.complement};
}

}  // namespace

CudaBackend::CudaBackend(const BackendOptions& options)
    : options_(options),
      device_(selected_device(options.device)),
      multiprocessors_(multiprocessor_count(device_)),
      device_name_(describe_device(device_)),
      stream_(),
      memory_(device_, stream_.get()) {}

CudaBackend::~CudaBackend() = default;

BackendKind CudaBackend::do_kind() const { return BackendKind::cuda; }
std::string CudaBackend::do_device_name() const { return device_name_; }
MemoryResource& CudaBackend::do_memory() { return memory_; }
void CudaBackend::do_synchronize() { stream_.synchronize(); }

void CudaBackend::do_synchronize_device() {
  activate();
  GRAPHRUN_CUDA_CHECK(cudaDeviceSynchronize());
}

void CudaBackend::activate() const { GRAPHRUN_CUDA_CHECK(cudaSetDevice(device_)); }

DeviceContext CudaBackend::context() const {
  activate();
  return DeviceContext{stream_.get(), memory_, multiprocessors_, &beside_};
}

CsrView CudaBackend::csr_view(const DeviceGraph& graph, Edges edges) { return as_cuda_graph(graph).view(edges); }

std::unique_ptr<DeviceGraph> CudaBackend::do_upload(const Graph& graph) {
  return std::make_unique<CudaGraph>(graph, context());
}

std::vector<std::string> CudaBackend::do_kernel_names(Product product) const {
  return product == Product::spmv ? spmv_kernel_names() : spmm_kernel_names();
}

std::string CudaBackend::do_spmv_kernel_for(const DeviceGraph& a, Edges edges) const {
  activate();  // the plan may be built here, on first use
  return as_cuda_graph(a).plan(edges).choose(options_.spmv_kernel);
}

std::string CudaBackend::do_spmm_kernel_for(const DeviceGraph& a, std::size_t width) const {
  const SpmmPlan& plan = as_cuda_graph(a).spmm_plan(Edges::out, context());  // built on first use
  return choose_spmm_kernel(options_.spmm_kernel, csr_view(a, Edges::out), plan.long_rows().count > 0, width);
}

std::vector<double> CudaBackend::do_time_runs(const std::function<void()>& work, const std::function<void()>& between,
                                              int warmup, int repetitions) {
  for (int i = 0; i < warmup; ++i) work();
  std::vector<double> milliseconds;
  milliseconds.reserve(static_cast<std::size_t>(std::max(repetitions, 0)));
  activate();
  Event start, stop;
  for (int i = 0; i < repetitions; ++i) {
    if (between) between();
    start.record(stream_.get());
    work();
    stop.record(stream_.get());
    stop.synchronize();
    milliseconds.push_back(Event::elapsed_ms(start, stop));
  }
  return milliseconds;
}

// ---- SpMV and SpMM -------------------------------------------------------------

void CudaBackend::note_spmv_fallback(const SpmvPlan& plan) {
  if (!plan.fallback_note().empty()) add_note(plan.fallback_note());
}

void CudaBackend::do_spmv(const DeviceGraph& a, SemiringId semiring, const SpmvDescriptor& d, ConstRawSpan x,
                          RawSpan y) {
  if (a.num_vertices() == 0) return;
  activate();
  SpmvPlan& plan = as_cuda_graph(a).plan(d.edges);
  visit_semiring(semiring, [&]<class Semiring>(Semiring) {
    using T = typename Semiring::value_type;
    plan.run<Semiring>(options_.spmv_kernel, spmv_args(d), x.as<T>().data(), y.as<T>().data());
  });
  note_spmv_fallback(plan);
}

void CudaBackend::do_spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x, std::span<float> y,
                          std::size_t width) {
  if (static_cast<std::size_t>(a.num_vertices()) * width == 0) return;
  const CsrView csr = csr_view(a, d.edges);
  activate();
  const SpmmPlan& plan = as_cuda_graph(a).spmm_plan(d.edges, context());
  const std::string kernel = choose_spmm_kernel(options_.spmm_kernel, csr, plan.long_rows().count > 0, width);
  cuda::spmm(context(), kernel, csr, plan, d.use_weights, x.data(), y.data(), width);
}

// ---- BFS, degrees, label mode ------------------------------------------------

std::size_t CudaBackend::do_bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                                     std::span<level_t> level, std::span<vertex_t> parent,
                                     std::span<vertex_t> next_frontier) {
  const CudaGraph& graph = as_cuda_graph(a);
  return cuda::bfs_push(context(), graph.view(Edges::out), graph.bfs_candidates(context()), frontier, depth, level, parent,
                        next_frontier);
}

std::size_t CudaBackend::do_bfs_pull(const DeviceGraph& a, std::span<const vertex_t> frontier, level_t depth,
                                     std::span<level_t> level, std::span<vertex_t> parent,
                                     std::span<vertex_t> next_frontier) {
  return cuda::bfs_pull(context(), as_cuda_graph(a).view(Edges::in), frontier, depth, level, parent, next_frontier);
}

std::size_t CudaBackend::do_bfs_levels(const DeviceGraph& a, const BfsParams& params, BfsProgress& progress,
                                       std::span<const vertex_t> frontier, std::span<level_t> level,
                                       std::span<vertex_t> parent, std::span<vertex_t> queue,
                                       std::size_t& frontier_begin) {
  const CudaGraph& graph = as_cuda_graph(a);
  return cuda::bfs_levels(context(), graph.view(Edges::out), graph.view(Edges::in), a.directed(), params, progress,
                          frontier, level, parent, queue, frontier_begin);
}

bool CudaBackend::do_bfs_batch(const DeviceGraph& a, std::span<const vertex_t> sources, std::span<level_t> level,
                               std::span<level_t> depth, std::span<std::size_t> reached) {
  const CudaGraph& graph = as_cuda_graph(a);
  cuda::bfs_batch(context(), graph.view(Edges::out), graph.view(Edges::in), sources, level, depth, reached);
  return true;
}

SsspBucketRule CudaBackend::do_sssp_bucket_rule() const { return cuda::SsspPolicy::bucket_rule; }

SsspWeights CudaBackend::do_sssp_weights(const DeviceGraph& a) {
  return cuda::sssp_weights(context(), csr_view(a, Edges::out));
}

SsspListed CudaBackend::do_sssp_relax(const DeviceGraph& a, std::span<const vertex_t> frontier, float limit,
                                      std::int32_t round, std::span<float> distance, SsspMarks marks,
                                      std::span<vertex_t> near, std::span<vertex_t> far, std::size_t far_size) {
  return cuda::sssp_relax(context(), csr_view(a, Edges::out), frontier, limit, round, distance, marks, near, far,
                          far_size);
}

SsspListed CudaBackend::do_sssp_split(std::span<const vertex_t> far, float lower, float limit, std::int32_t round,
                                      std::span<const float> distance, SsspMarks marks, std::span<vertex_t> near,
                                      std::span<vertex_t> kept) {
  return cuda::sssp_split(context(), far, lower, limit, round, distance, marks, near, kept);
}

std::uint64_t CudaBackend::do_triangle_sums(const DeviceGraph& a, bool weighted, std::span<std::uint64_t> sums) {
  return cuda::triangle_sums(context(), csr_view(a, Edges::out), weighted, sums);
}

std::vector<TrsvMethod> CudaBackend::do_methods() const {
  return {TrsvMethod::level_set, TrsvMethod::sync_free, TrsvMethod::recursive_block};
}

std::unique_ptr<TrsvAnalysis> CudaBackend::do_analyse_lower(const DeviceGraph& lower, TrsvMethod method,
                                                            TrsvPrecision precision) {
  return cuda::analyse_lower(context(), csr_view(lower, Edges::out), method, precision);
}

void CudaBackend::do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const double> b,
                                 std::span<double> x) {
  cuda::solve_lower(context(), csr_view(lower, Edges::out), analysis_of<CudaTrsvAnalysis>(analysis), b, x);
}

void CudaBackend::do_solve_lower(const DeviceGraph& lower, const TrsvAnalysis& analysis, std::span<const float> b,
                                 std::span<float> x) {
  cuda::solve_lower(context(), csr_view(lower, Edges::out), analysis_of<CudaTrsvAnalysis>(analysis), b, x);
}

void CudaBackend::do_brandes_paths(const DeviceGraph& a, std::span<const vertex_t> vertices, level_t depth,
                                   std::span<const level_t> level, std::span<double> paths) {
  cuda::brandes_paths(context(), csr_view(a, Edges::in), vertices, depth, level, paths);
}

void CudaBackend::do_brandes_dependencies(const DeviceGraph& a, std::span<const vertex_t> vertices,
                                          level_t depth, std::span<const level_t> level,
                                          std::span<const double> paths, std::span<double> dependency,
                                          std::span<double> centrality) {
  cuda::brandes_dependencies(context(), csr_view(a, Edges::out), vertices, depth, level, paths, dependency,
                             centrality);
}

edge_t CudaBackend::do_degree_sum(const DeviceGraph& a, Edges edges, std::span<const vertex_t> vertices) {
  return cuda::degree_sum(context(), csr_view(a, edges), vertices);
}

void CudaBackend::do_degrees(const DeviceGraph& a, Edges edges, std::span<vertex_t> degree) {
  row_lengths(context(), csr_view(a, edges), degree);
}

void CudaBackend::do_label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels,
                                std::span<vertex_t> out, LabelSet labels_are) {
  const CudaGraph& graph = as_cuda_graph(a);
  activate();  // the plans (for their longest rows) may be built here, on first use
  const auto longest = [&](Edges side) { return graph.plan(side).stats().longest_row; };
  if (edges == Edges::both && graph.directed()) {
    const CsrView in = graph.view(Edges::in);
    cuda::label_mode(context(), graph.view(Edges::out), &in, longest(Edges::out) + longest(Edges::in), labels, out,
                     labels_are);
    return;
  }
  // Undirected: in == out, so `both` is the out-adjacency (see semiring.hpp).
  const Edges side = edges == Edges::in ? Edges::in : Edges::out;
  // Where the adjacency's SpMV runs on a stencil copy, its diagonal masks
  // are the cheaper structure to read (1..4 bytes a row instead of the
  // CSR's offsets and a column index per entry), and the copy is there already.
  const std::optional<DiagonalRows> diagonal = graph.plan(side).diagonal_rows(options_.spmv_kernel);
  note_spmv_fallback(graph.plan(side));
  if (diagonal) {
    cuda::label_mode(context(), *diagonal, labels, out);
    return;
  }
  cuda::label_mode(context(), graph.view(side), nullptr, longest(side), labels, out, labels_are);
}

void CudaBackend::do_count_changes(std::span<const vertex_t> before, std::span<const vertex_t> after,
                                   std::span<LabelRounds> rounds) {
  if (change_counters_.size() == 0) {
    change_counters_ = DeviceVector<unsigned long long>(memory_, 2);
    GRAPHRUN_CUDA_CHECK(cudaMemsetAsync(change_counters_.data(), 0, 2 * sizeof(unsigned long long), stream_.get()));
  }
  cuda::count_changes(
      context(), before, after, rounds.data(),
      {change_counters_.data(), reinterpret_cast<unsigned int*>(change_counters_.data() + 1)});
}

// ---- Vector maps -------------------------------------------------------------

void CudaBackend::do_fill(RawSpan v, Scalar value) {
  visit_element_type(v.type, [&]<class T>(std::type_identity<T>) { cuda::fill(context(), v.as<T>(), value.as<T>()); });
}

void CudaBackend::do_iota(std::span<vertex_t> out) { cuda::iota(context(), out); }

void CudaBackend::do_map(MapOp op, const MapOperands& m) {
  switch (op) {
    case MapOp::axpby: return cuda::axpby(context(), m.a, m.x.as<float>(), m.b, m.out.as<float>());
    case MapOp::multiply: return cuda::multiply(context(), m.x.as<float>(), m.y.as<float>(), m.out.as<float>());
    case MapOp::minimum: return cuda::minimum(context(), m.x.as<vertex_t>(), m.out.as<vertex_t>());
    case MapOp::degree_power: return cuda::degree_power(context(), m.x.as<vertex_t>(), m.add, m.a, m.out.as<float>());
    case MapOp::flag_zero: return cuda::flag_zero(context(), m.x.as<float>(), m.out.as<std::uint8_t>());
    case MapOp::reciprocal: return cuda::reciprocal(context(), m.x.as<float>(), m.out.as<float>());
    case MapOp::scale_rows: return cuda::scale_rows(context(), m.out.as<float>(), m.width, m.x.as<float>());
  }
}

bool CudaBackend::do_gather(std::span<const vertex_t> values, std::span<const vertex_t> indices,
                            std::span<vertex_t> out) {
  return cuda::gather(context(), values, indices, out);
}

// ---- Reductions --------------------------------------------------------------

Reduction CudaBackend::do_reduce(ReduceOp op, ConstRawSpan x, ConstRawSpan y, VertexMask mask) {
  switch (op) {
    case ReduceOp::sum:
    case ReduceOp::masked_sum: return {.value = cuda::sum(context(), x.as<float>(), mask)};
    case ReduceOp::l1_distance: return {.value = cuda::l1_distance(context(), x.as<float>(), y.as<float>())};
    case ReduceOp::count_nonzero: return {.count = cuda::count_nonzero(context(), x.as<std::uint8_t>())};
    case ReduceOp::count_different:
      if (x.type == ElementType::float32) return {.count = cuda::count_different(context(), x.as<float>(), y.as<float>())};
      return {.count = cuda::count_different(context(), x.as<vertex_t>(), y.as<vertex_t>())};
  }
  return {};
}

// ---- PageRank ------------------------------------------------------------------

void CudaBackend::do_pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                                     std::span<const float> share, std::span<const float> carried,
                                     std::span<float> next_carried, std::span<RankSums> sums) {
  cuda::pagerank_update(context(), y, teleport, damping, share, carried, next_carried, sums);
}

void CudaBackend::do_pagerank_convert(std::span<const float> share, std::span<const float> from, std::span<float> to,
                                      bool to_carried) {
  cuda::pagerank_convert(context(), share, from, to, to_carried);
}

void CudaBackend::do_pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> carried,
                                   std::span<const float> teleport, float damping, std::span<const float> share,
                                   std::span<float> next_carried, std::span<RankSums> sums) {
  if (a.num_vertices() == 0) {  // nothing to rank: the unfused step leaves the empty sums
    unfused_pagerank_step(a, pull, carried, teleport, damping, share, next_carried, sums);
    return;
  }
  activate();  // the plan may be built here, on first use
  // Only the row kernels carry the fused epilogue; on any other kernel the
  // SpMV and the update pass stay separate, so every --spmv-kernel works.
  SpmvPlan& plan = as_cuda_graph(a).plan(pull.edges);
  const bool fused = plan.run_fused_pagerank_step(options_.spmv_kernel,
                                                  PageRankStepOperands{.pull = csr_view(a, pull.edges),
                                                                       .use_weights = pull.use_weights,
                                                                       .carried = carried,
                                                                       .teleport = teleport,
                                                                       .damping = damping,
                                                                       .share = share,
                                                                       .next_carried = next_carried,
                                                                       .sums = sums});
  note_spmv_fallback(plan);
  if (!fused) {
    add_note("pagerank: " + plan.choose(options_.spmv_kernel) +
             " has no fused rank update; the SpMV and the update ran as two passes");
    unfused_pagerank_step(a, pull, carried, teleport, damping, share, next_carried, sums);
  }
}

}  // namespace graphrun::cuda

namespace graphrun {

KernelListing cuda_kernel_listing() {
  KernelListing listing;
  for (const cuda::spmv::SpmvFormatEntry& entry : cuda::spmv::spmv_formats())
    listing.spmv.push_back({std::string(entry.name),
                            entry.family == cuda::spmv::FormatFamily::seed ? "seed" : "graphrun",
                            std::string(entry.summary)});
  listing.spmm = cuda::spmm_kernel_info();
  return listing;
}

std::shared_ptr<Backend> make_cuda_backend(const BackendOptions& options) {
  return std::make_shared<cuda::CudaBackend>(options);
}

}  // namespace graphrun

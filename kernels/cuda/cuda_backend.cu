// Host-side dispatch of the CUDA backend: validates every call against the
// primitive interface's contract, then hands it to the kernel family that
// implements it (spmv/, spmm/, vector_ops/, bfs/, label_mode/).
#include <algorithm>
#include <functional>
#include <optional>
#include <string>

#include "engine/src/pagerank_step_checks.hpp"
#include "engine/src/span_overlap.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"
#include "kernels/cuda/bfs/bfs_pull.cuh"
#include "kernels/cuda/bfs/bfs_steps.cuh"
#include "kernels/cuda/cuda_backend.cuh"
#include "kernels/cuda/cuda_graph.cuh"
#include "kernels/cuda/device_info.cuh"
#include "kernels/cuda/label_mode/label_mode.cuh"
#include "kernels/cuda/runtime/check.cuh"
#include "kernels/cuda/spmm/spmm.cuh"
#include "kernels/cuda/spmv/dispatch/format_registry.hpp"
#include "kernels/cuda/spmv/selection/row_stats.hpp"
#include "kernels/cuda/vector_ops/maps.cuh"
#include "kernels/cuda/vector_ops/pagerank_step.cuh"
#include "kernels/cuda/vector_ops/rank_update.cuh"
#include "kernels/cuda/vector_ops/reductions.cuh"

namespace graphrun::cuda {

namespace {

// Selects the device before any member that allocates on it is built.
int selected_device(int ordinal) {
  select_device(ordinal);
  return ordinal;
}

void require_size(std::size_t actual, std::size_t expected, const char* primitive, const char* what) {
  if (actual != expected)
    throw UsageError(std::string(primitive) + ": " + what + " has " + std::to_string(actual) + " entries, expected " +
                     std::to_string(expected));
}

using engine_detail::overlap;

template <class A, class B>
void require_disjoint(std::span<A> output, std::span<B> input, const char* primitive, const char* what) {
  if (overlap(output, input)) throw UsageError(std::string(primitive) + ": " + what);
}

void require_single_adjacency(Edges edges, const char* primitive) {
  if (edges == Edges::both)
    throw UsageError(std::string(primitive) + ": Edges::both is accepted by label_mode only (use out or in)");
}

// The checks bfs_push and bfs_pull share; false when the step has nothing
// to do (no vertices or an empty frontier).
bool bfs_step_has_work(const char* primitive, const DeviceGraph& a, std::span<const vertex_t> frontier,
                       std::span<vertex_t> level, std::span<vertex_t> parent, std::span<vertex_t> next_frontier) {
  const auto n = static_cast<std::size_t>(a.num_vertices());
  require_size(level.size(), n, primitive, "level");
  require_size(parent.size(), n, primitive, "parent");
  require_size(next_frontier.size(), n, primitive, "next_frontier");
  require_disjoint(next_frontier, frontier, primitive, "next_frontier may not alias frontier");
  return n != 0 && !frontier.empty();
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

BackendKind CudaBackend::kind() const { return BackendKind::cuda; }
std::string CudaBackend::device_name() const { return device_name_; }
MemoryResource& CudaBackend::memory() { return memory_; }
void CudaBackend::synchronize() { stream_.synchronize(); }
std::vector<std::string> CudaBackend::notes() const { return notes_; }

void CudaBackend::activate() const { GRAPHRUN_CUDA_CHECK(cudaSetDevice(device_)); }

DeviceContext CudaBackend::context() const {
  activate();
  return DeviceContext{stream_.get(), memory_, multiprocessors_, &beside_};
}

CsrView CudaBackend::csr_view(const DeviceGraph& graph, Edges edges) { return as_cuda_graph(graph).view(edges); }

void CudaBackend::add_note(std::string note) {
  if (std::find(notes_.begin(), notes_.end(), note) == notes_.end()) notes_.push_back(std::move(note));
}

std::unique_ptr<DeviceGraph> CudaBackend::upload(const Graph& graph) {
  activate();
  return std::make_unique<CudaGraph>(graph, memory_, stream_.get());
}

std::vector<std::string> CudaBackend::spmv_kernels() const { return spmv_kernel_names(); }

std::string CudaBackend::spmv_kernel_for(const DeviceGraph& a, Edges edges) const {
  activate();  // the plan may be built here, on first use
  return as_cuda_graph(a).plan(edges).choose(options_.spmv_kernel);
}

std::vector<std::string> CudaBackend::spmm_kernels() const { return spmm_kernel_names(); }

std::string CudaBackend::spmm_kernel_for(const DeviceGraph& a, std::size_t width) const {
  const SpmmPlan& plan = as_cuda_graph(a).spmm_plan(Edges::out, context());  // built on first use
  return choose_spmm_kernel(options_.spmm_kernel, csr_view(a, Edges::out), plan.long_rows().count > 0, width);
}

std::vector<double> CudaBackend::time_runs(const std::function<void()>& work, const std::function<void()>& between,
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

// ---- SpMV --------------------------------------------------------------------

template <class Semiring>
void CudaBackend::run_spmv(const DeviceGraph& a, const SpmvDescriptor& d,
                           std::span<const typename Semiring::value_type> x,
                           std::span<typename Semiring::value_type> y) {
  require_single_adjacency(d.edges, "spmv");
  const auto n = static_cast<std::size_t>(a.num_vertices());
  require_size(x.size(), n, "spmv", "x");
  require_size(y.size(), n, "spmv", "y");
  require_disjoint(y, x, "spmv", "y may not alias x");
  if (n == 0) return;
  activate();
  SpmvPlan& plan = as_cuda_graph(a).plan(d.edges);
  plan.run<Semiring>(plan.choose(options_.spmv_kernel), spmv_args(d), x.data(), y.data());
}

void CudaBackend::spmv(const DeviceGraph& a, PlusTimes<float>, const SpmvDescriptor& d, std::span<const float> x,
                       std::span<float> y) {
  run_spmv<PlusTimes<float>>(a, d, x, y);
}
void CudaBackend::spmv(const DeviceGraph& a, PlusTimes<double>, const SpmvDescriptor& d, std::span<const double> x,
                       std::span<double> y) {
  run_spmv<PlusTimes<double>>(a, d, x, y);
}
void CudaBackend::spmv(const DeviceGraph& a, MinPlus, const SpmvDescriptor& d, std::span<const float> x,
                       std::span<float> y) {
  run_spmv<MinPlus>(a, d, x, y);
}
void CudaBackend::spmv(const DeviceGraph& a, OrAnd, const SpmvDescriptor& d, std::span<const std::uint8_t> x,
                       std::span<std::uint8_t> y) {
  run_spmv<OrAnd>(a, d, x, y);
}
void CudaBackend::spmv(const DeviceGraph& a, MinSecond, const SpmvDescriptor& d, std::span<const vertex_t> x,
                       std::span<vertex_t> y) {
  run_spmv<MinSecond>(a, d, x, y);
}

// ---- SpMM --------------------------------------------------------------------

void CudaBackend::spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x, std::span<float> y,
                       std::size_t width) {
  require_single_adjacency(d.edges, "spmm");
  if (d.mask.flags != nullptr || d.accumulate)
    throw UsageError("spmm: masks and accumulation are not supported (descriptor must leave them default)");
  const std::size_t elements = static_cast<std::size_t>(a.num_vertices()) * width;
  require_size(x.size(), elements, "spmm", "X (n x width)");
  require_size(y.size(), elements, "spmm", "Y (n x width)");
  require_disjoint(y, x, "spmm", "Y may not alias X");
  if (elements == 0) return;
  const CsrView csr = csr_view(a, d.edges);
  activate();
  const SpmmPlan& plan = as_cuda_graph(a).spmm_plan(d.edges, context());
  const std::string kernel = choose_spmm_kernel(options_.spmm_kernel, csr, plan.long_rows().count > 0, width);
  cuda::spmm(context(), kernel, csr, plan, d.use_weights, x.data(), y.data(), width);
}

// ---- BFS, degrees, label mode ------------------------------------------------

std::size_t CudaBackend::bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier, vertex_t depth,
                                  std::span<vertex_t> level, std::span<vertex_t> parent,
                                  std::span<vertex_t> next_frontier) {
  if (!bfs_step_has_work("bfs_push", a, frontier, level, parent, next_frontier)) return 0;
  const CudaGraph& graph = as_cuda_graph(a);
  return cuda::bfs_push(context(), graph.view(Edges::out), graph.bfs_candidates(), frontier, depth, level, parent,
                        next_frontier);
}

std::size_t CudaBackend::bfs_pull(const DeviceGraph& a, std::span<const vertex_t> frontier, vertex_t depth,
                                  std::span<vertex_t> level, std::span<vertex_t> parent,
                                  std::span<vertex_t> next_frontier) {
  if (!bfs_step_has_work("bfs_pull", a, frontier, level, parent, next_frontier)) return 0;
  return cuda::bfs_pull(context(), as_cuda_graph(a).view(Edges::in), frontier, depth, level, parent, next_frontier);
}

edge_t CudaBackend::degree_sum(const DeviceGraph& a, Edges edges, std::span<const vertex_t> vertices) {
  require_single_adjacency(edges, "degree_sum");
  return cuda::degree_sum(context(), csr_view(a, edges), vertices);
}

void CudaBackend::degrees(const DeviceGraph& a, Edges edges, std::span<vertex_t> degree) {
  require_single_adjacency(edges, "degrees");
  require_size(degree.size(), static_cast<std::size_t>(a.num_vertices()), "degrees", "degree");
  row_lengths(context(), csr_view(a, edges), degree);
}

void CudaBackend::label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels,
                             std::span<vertex_t> out, LabelSet labels_are) {
  const auto n = static_cast<std::size_t>(a.num_vertices());
  require_size(labels.size(), n, "label_mode", "labels");
  require_size(out.size(), n, "label_mode", "out");
  require_disjoint(out, labels, "label_mode", "out may not alias labels");
  if (n == 0) return;
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
  if (const std::optional<DiagonalRows> diagonal = graph.plan(side).diagonal_rows(options_.spmv_kernel)) {
    cuda::label_mode(context(), *diagonal, labels, out);
    return;
  }
  cuda::label_mode(context(), graph.view(side), nullptr, longest(side), labels, out, labels_are);
}

// ---- Vector maps -------------------------------------------------------------

void CudaBackend::fill(std::span<float> v, float value) { cuda::fill(context(), v, value); }
void CudaBackend::fill(std::span<double> v, double value) { cuda::fill(context(), v, value); }
void CudaBackend::fill(std::span<vertex_t> v, vertex_t value) { cuda::fill(context(), v, value); }
void CudaBackend::fill(std::span<std::uint8_t> v, std::uint8_t value) { cuda::fill(context(), v, value); }
void CudaBackend::iota(std::span<vertex_t> out) { cuda::iota(context(), out); }

void CudaBackend::axpby(float a, std::span<const float> x, float b, std::span<float> y) {
  require_size(x.size(), y.size(), "axpby", "x");
  cuda::axpby(context(), a, x, b, y);
}

void CudaBackend::multiply(std::span<const float> x, std::span<const float> y, std::span<float> out) {
  require_size(x.size(), out.size(), "multiply", "x");
  require_size(y.size(), out.size(), "multiply", "y");
  cuda::multiply(context(), x, y, out);
}

void CudaBackend::degree_power(std::span<const vertex_t> degree, vertex_t add, float exponent, std::span<float> out) {
  require_size(degree.size(), out.size(), "degree_power", "degree");
  cuda::degree_power(context(), degree, add, exponent, out);
}

void CudaBackend::flag_zero(std::span<const float> values, std::span<std::uint8_t> flags) {
  require_size(values.size(), flags.size(), "flag_zero", "values");
  cuda::flag_zero(context(), values, flags);
}

void CudaBackend::reciprocal(std::span<const float> x, std::span<float> out) {
  require_size(x.size(), out.size(), "reciprocal", "x");
  cuda::reciprocal(context(), x, out);
}

void CudaBackend::scale_rows(std::span<float> x, std::size_t width, std::span<const float> scale) {
  require_size(x.size(), scale.size() * width, "scale_rows", "x (rows x width)");
  if (width == 0) return;
  cuda::scale_rows(context(), x, width, scale);
}

void CudaBackend::gather(std::span<const vertex_t> values, std::span<const vertex_t> indices, std::span<vertex_t> out) {
  require_size(indices.size(), out.size(), "gather", "indices");
  require_disjoint(out, values, "gather", "out may not alias values");
  require_disjoint(out, indices, "gather", "out may not alias indices");
  if (!cuda::gather(context(), values, indices, out))
    throw UsageError("gather: an index is outside values (" + std::to_string(values.size()) + " entries)");
}

void CudaBackend::minimum(std::span<const vertex_t> x, std::span<vertex_t> y) {
  require_size(x.size(), y.size(), "minimum", "x");
  cuda::minimum(context(), x, y);
}

// ---- Reductions --------------------------------------------------------------

double CudaBackend::sum(std::span<const float> x) { return cuda::sum(context(), x, VertexMask{}); }
double CudaBackend::sum(std::span<const float> x, VertexMask mask) { return cuda::sum(context(), x, mask); }

double CudaBackend::l1_distance(std::span<const float> x, std::span<const float> y) {
  require_size(x.size(), y.size(), "l1_distance", "x");
  return cuda::l1_distance(context(), x, y);
}

std::size_t CudaBackend::count_nonzero(std::span<const std::uint8_t> x) { return cuda::count_nonzero(context(), x); }

std::size_t CudaBackend::count_different(std::span<const vertex_t> x, std::span<const vertex_t> y) {
  require_size(x.size(), y.size(), "count_different", "x");
  return cuda::count_different(context(), x, y);
}

// ---- PageRank's fused vector pass -------------------------------------------

void CudaBackend::pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                                  std::span<const float> share, std::span<const float> rank,
                                  std::span<float> next_rank, std::span<float> contribution,
                                  std::span<RankSums> sums) {
  constexpr const char* primitive = "pagerank_update";
  require_size(y.size(), rank.size(), primitive, "y");
  if (!teleport.empty()) require_size(teleport.size(), rank.size(), primitive, "teleport");
  require_size(share.size(), rank.size(), primitive, "share");
  require_size(next_rank.size(), rank.size(), primitive, "next_rank");
  require_size(contribution.size(), rank.size(), primitive, "contribution");
  require_size(sums.size(), 1, primitive, "sums");
  for (const std::span<const float> input : {y, teleport, share, rank}) {
    require_disjoint(next_rank, input, primitive, "next_rank may not alias an input");
    require_disjoint(contribution, input, primitive, "contribution may not alias an input");
    require_disjoint(sums, input, primitive, "sums may not alias a vector");
  }
  require_disjoint(contribution, next_rank, primitive, "contribution may not alias next_rank");
  require_disjoint(sums, next_rank, primitive, "sums may not alias a vector");
  require_disjoint(sums, contribution, primitive, "sums may not alias a vector");
  cuda::pagerank_update(context(), y, teleport, damping, share, rank, next_rank, contribution, sums);
}

void CudaBackend::pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull,
                                std::span<const float> contribution, std::span<const float> teleport, float damping,
                                std::span<const float> share, std::span<const float> rank,
                                std::span<float> next_rank, std::span<float> next_contribution,
                                std::span<RankSums> sums) {
  engine_detail::check_pagerank_step(a, pull, contribution, teleport, share, rank, next_rank, next_contribution,
                                     sums);
  if (a.num_vertices() == 0) {  // nothing to rank: the default leaves the empty sums
    Backend::pagerank_step(a, pull, contribution, teleport, damping, share, rank, next_rank, next_contribution, sums);
    return;
  }
  activate();  // the plan may be built here, on first use
  // Only the row kernels carry the fused epilogue; on any other kernel the
  // SpMV and the update pass stay separate, so every --spmv-kernel works.
  SpmvPlan& plan = as_cuda_graph(a).plan(pull.edges);
  const bool fused = plan.run_fused_pagerank_step(options_.spmv_kernel,
                                                  PageRankStepOperands{.pull = csr_view(a, pull.edges),
                                                                       .use_weights = pull.use_weights,
                                                                       .contribution = contribution,
                                                                       .teleport = teleport,
                                                                       .damping = damping,
                                                                       .share = share,
                                                                       .rank = rank,
                                                                       .next_rank = next_rank,
                                                                       .next_contribution = next_contribution,
                                                                       .sums = sums});
  if (!fused) {
    add_note("pagerank: " + plan.choose(options_.spmv_kernel) +
             " has no fused rank update; the SpMV and the update ran as two passes");
    Backend::pagerank_step(a, pull, contribution, teleport, damping, share, rank, next_rank, next_contribution, sums);
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

std::unique_ptr<Backend> make_cuda_backend(const BackendOptions& options) {
  return std::make_unique<cuda::CudaBackend>(options);
}

}  // namespace graphrun

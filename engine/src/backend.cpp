// Backend's public primitives: each checks its arguments once, for every
// backend, then calls the backend's do_ virtual (the non-virtual interface
// of backend.hpp).
#include "graphrun/backend.hpp"

#include <algorithm>
#include <string>

#include "graphrun/internal/csr_validation.hpp"
#include "graphrun/internal/primitive_checks.hpp"
#include "graphrun/error.hpp"
#include "graphrun/internal/bulk_download.hpp"

namespace graphrun {

using engine_detail::require;
using engine_detail::require_disjoint;
using engine_detail::require_matrix_size;
using engine_detail::require_size;

namespace {

// The operands of a map that reads x and writes out (the others default).
MapOperands reading(ConstRawSpan x, RawSpan out) {
  MapOperands m;
  m.x = x;
  m.out = out;
  return m;
}

}  // namespace

std::unique_ptr<DeviceGraph> Backend::upload(const Graph& graph) {
  std::shared_ptr<const Backend> owner = weak_from_this().lock();
  if (!owner)
    throw UsageError("Backend::upload: the backend is not owned by a std::shared_ptr (create it with make_backend "
                     "or use an Engine), so its graphs could not keep it alive");
  std::unique_ptr<DeviceGraph> resident = do_upload(graph);
  resident->uploaded_by_ = std::move(owner);
  return resident;
}

Graph Backend::build_graph(EdgeList&& edges, const BuildOptions& options, BuildPlace place, BuildReport* report) {
  BuildReport local;
  BuildReport& out = report ? *report : local;
  if (place != BuildPlace::host) {
    std::string why;
    if (std::optional<Graph> built = do_build_on_device(edges, options, why)) {
      out = {"device", place == BuildPlace::device ? "asked for (--build device)" : "a GPU backend runs and the build fits"};
      return std::move(*built);
    }
    if (place == BuildPlace::device) throw UsageError("cannot build on the device: " + why);
    out = {"host", why};
  } else {
    out = {"host", "asked for (--build host)"};
  }
  return Graph::build(std::move(edges), options);
}

std::optional<Graph> Backend::do_build_on_device(EdgeList&, const BuildOptions&, std::string& why) {
  why = std::string("the ") + to_string(kind()) + " backend has no device";
  return std::nullopt;
}

namespace {

// The backend that will own a graph made outside upload: it must be held by
// a std::shared_ptr, as upload requires.
std::shared_ptr<const Backend> owner_of(const Backend& backend, const char* primitive) {
  std::shared_ptr<const Backend> owner = backend.weak_from_this().lock();
  if (!owner)
    throw UsageError(std::string("Backend::") + primitive +
                     ": the backend is not owned by a std::shared_ptr (create it with make_backend or use an Engine)");
  return owner;
}

// A host copy of a CSR in `memory`: num_vertices + 1 offsets, num_entries
// indices and, when `with_values` and present, as many values.
Csr copy_to_host(MemoryResource& memory, const DeviceCsrArrays& arrays, bool with_values) {
  const auto entries = static_cast<std::size_t>(arrays.num_entries);
  Csr csr;
  csr.offsets = detail::download_bulk(memory, arrays.offsets, static_cast<std::size_t>(arrays.num_vertices) + 1);
  csr.indices = detail::download_bulk(memory, arrays.indices, entries);
  if (with_values && arrays.values != nullptr && entries > 0)
    csr.values = detail::download_bulk(memory, arrays.values, entries);
  return csr;
}

}  // namespace

DeviceBuild Backend::build_device_graph(const DeviceEdgeArrays& edges, const BuildOptions& options) {
  std::shared_ptr<const Backend> owner = owner_of(*this, "build_device_graph");
  if (edges.count > 0 && (edges.src == nullptr || edges.dst == nullptr))
    throw UsageError("build_device_graph: src and dst may be null only for an empty edge list");
  if (edges.num_vertices && (*edges.num_vertices < 0 || *edges.num_vertices > max_vertices))
    throw UsageError(options.input_name() + ": n = " + std::to_string(*edges.num_vertices) + " is outside 0.." +
                     std::to_string(max_vertices));
  DeviceGraphSource source;
  source.edges = edges;
  source.options = options;
  DeviceBuild built = do_device_graph(source);
  built.graph->uploaded_by_ = std::move(owner);
  return built;
}

DeviceBuild Backend::adopt_device_csr(const DeviceCsrArrays& csr, bool directed, std::shared_ptr<const void> owner,
                                      const std::string& what) {
  std::shared_ptr<const Backend> backend = owner_of(*this, "adopt_device_csr");
  if (!is_vertex_count(csr.num_vertices) || csr.num_entries < 0)
    throw UsageError(what + ": " + std::to_string(static_cast<std::int64_t>(csr.num_vertices)) + " vertices and " +
                     std::to_string(csr.num_entries) + " entries; a graph has 0.." + std::to_string(max_vertices) +
                     " vertices and no negative count");
  if (csr.offsets == nullptr || (csr.num_entries > 0 && csr.indices == nullptr))
    throw UsageError(what + ": the offsets (and, with entries, the indices) may not be null");
  DeviceGraphSource source;  // holds `owner` until the failure path below has read the arrays
  source.kind = DeviceGraphSource::Kind::csr;
  source.csr = csr;
  source.directed = directed;
  source.owner = std::move(owner);
  DeviceBuild built = do_device_graph(source);
  if (built.graph) {
    built.graph->uploaded_by_ = std::move(backend);
    return built;
  }
  // The offsets may hold anything here: copy what the counts promise.
  const Csr host = copy_to_host(memory(), csr, true);
  const detail::CsrProblem problem = detail::find_first_csr_problem(host, csr.num_vertices, !directed);
  if (problem.kind != detail::CsrProblem::Kind::none) throw UsageError(what + ": " + problem.what);
  throw RuntimeError(what + ": the device's CSR check failed where the host's passed (a device fault?)");
}

DeviceBuild Backend::do_device_graph(const DeviceGraphSource& source) {
  throw UsageError(std::string("the ") + to_string(kind()) + " backend keeps graphs in host memory: " +
                   (source.kind == DeviceGraphSource::Kind::edges ? "build from host arrays (Graph::build)"
                                                                  : "adopt a host CSR (Graph::from_csr)"));
}

Graph Backend::download_graph(const DeviceGraph& graph, const BuildStats& stats, std::int64_t id_base) {
  Csr csr = copy_to_host(memory(), graph.out_csr(), graph.weighted());
  IdMap ids;
  ids.base = id_base;
  return Graph::from_csr(std::move(csr), graph.directed(), std::move(ids), stats);
}

void Backend::add_note(std::string note) {
  if (std::find(notes_.begin(), notes_.end(), note) == notes_.end()) notes_.push_back(std::move(note));
}

// ---- SpMV and SpMM -------------------------------------------------------------

template <class Semiring>
void Backend::checked_spmv(const DeviceGraph& a, const SpmvDescriptor& d,
                           std::span<const typename Semiring::value_type> x,
                           std::span<typename Semiring::value_type> y) {
  // Built once per semiring: an SpMV call allocates nothing to check.
  static const std::string name = std::string("spmv(") + SemiringOf<Semiring>::name + ")";
  const char* primitive = name.c_str();
  engine_detail::require_single_adjacency(primitive, d.edges);
  const auto n = static_cast<std::size_t>(a.num_vertices());
  require_size(primitive, "x", x.size(), n);
  require_size(primitive, "y", y.size(), n);
  require_disjoint(primitive, y, x, "y may not alias x");
  do_spmv(a, SemiringOf<Semiring>::id, d, ConstRawSpan(x), RawSpan(y));
}

void Backend::spmv(const DeviceGraph& a, PlusTimes<float>, const SpmvDescriptor& d, std::span<const float> x,
                   std::span<float> y) {
  checked_spmv<PlusTimes<float>>(a, d, x, y);
}
void Backend::spmv(const DeviceGraph& a, PlusTimes<double>, const SpmvDescriptor& d, std::span<const double> x,
                   std::span<double> y) {
  checked_spmv<PlusTimes<double>>(a, d, x, y);
}
void Backend::spmv(const DeviceGraph& a, MinPlus, const SpmvDescriptor& d, std::span<const float> x,
                   std::span<float> y) {
  checked_spmv<MinPlus>(a, d, x, y);
}
void Backend::spmv(const DeviceGraph& a, OrAnd, const SpmvDescriptor& d, std::span<const std::uint8_t> x,
                   std::span<std::uint8_t> y) {
  checked_spmv<OrAnd>(a, d, x, y);
}
void Backend::spmv(const DeviceGraph& a, MinSecond, const SpmvDescriptor& d, std::span<const vertex_t> x,
                   std::span<vertex_t> y) {
  checked_spmv<MinSecond>(a, d, x, y);
}

void Backend::spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x, std::span<float> y,
                   std::size_t width) {
  constexpr const char* primitive = "spmm";
  engine_detail::require_single_adjacency(primitive, d.edges);
  engine_detail::require_plain_descriptor(primitive, d);
  const auto n = static_cast<std::size_t>(a.num_vertices());
  require_matrix_size(primitive, "X", x.size(), n, width);
  require_matrix_size(primitive, "Y", y.size(), n, width);
  require_disjoint(primitive, y, x, "Y may not alias X");
  do_spmm(a, d, x, y, width);
}

void Backend::degrees(const DeviceGraph& a, Edges edges, std::span<vertex_t> degree) {
  require_size("degrees", "degree", degree.size(), static_cast<std::size_t>(a.num_vertices()));
  do_degrees(a, edges, degree);
}

// ---- Vector maps -----------------------------------------------------------------

void Backend::iota(std::span<vertex_t> out) {
  require(out.size() <= static_cast<std::size_t>(max_vertices), "iota", "more entries than vertex ids");
  do_iota(out);
}

void Backend::axpby(float a, std::span<const float> x, float b, std::span<float> y) {
  require_size("axpby", "x", x.size(), y.size());
  MapOperands m = reading(ConstRawSpan(x), RawSpan(y));
  m.a = a;
  m.b = b;
  do_map(MapOp::axpby, m);
}

void Backend::multiply(std::span<const float> x, std::span<const float> y, std::span<float> out) {
  require_size("multiply", "x", x.size(), out.size());
  require_size("multiply", "y", y.size(), out.size());
  MapOperands m = reading(ConstRawSpan(x), RawSpan(out));
  m.y = ConstRawSpan(y);
  do_map(MapOp::multiply, m);
}

void Backend::degree_power(std::span<const vertex_t> degree, vertex_t add, float exponent, std::span<float> out) {
  require_size("degree_power", "degree", degree.size(), out.size());
  MapOperands m = reading(ConstRawSpan(degree), RawSpan(out));
  m.a = exponent;
  m.add = add;
  do_map(MapOp::degree_power, m);
}

void Backend::flag_zero(std::span<const float> values, std::span<std::uint8_t> flags) {
  require_size("flag_zero", "values", values.size(), flags.size());
  do_map(MapOp::flag_zero, reading(ConstRawSpan(values), RawSpan(flags)));
}

void Backend::reciprocal(std::span<const float> x, std::span<float> out) {
  require_size("reciprocal", "x", x.size(), out.size());
  do_map(MapOp::reciprocal, reading(ConstRawSpan(x), RawSpan(out)));
}

void Backend::scale_rows(std::span<float> x, std::size_t width, std::span<const float> scale) {
  require_matrix_size("scale_rows", "x", x.size(), scale.size(), width);
  if (width == 0) return;
  MapOperands m = reading(ConstRawSpan(scale), RawSpan(x));
  m.width = width;
  do_map(MapOp::scale_rows, m);
}

void Backend::gather(std::span<const vertex_t> values, std::span<const vertex_t> indices, std::span<vertex_t> out) {
  constexpr const char* primitive = "gather";
  require_size(primitive, "indices", indices.size(), out.size());
  require_disjoint(primitive, out, values, "out may not alias values");
  require_disjoint(primitive, out, indices, "out may not alias indices");
  require(do_gather(values, indices, out), primitive,
          "an index is outside values (" + std::to_string(values.size()) + " entries)");
}

void Backend::minimum(std::span<const vertex_t> x, std::span<vertex_t> y) {
  require_size("minimum", "x", x.size(), y.size());
  do_map(MapOp::minimum, reading(ConstRawSpan(x), RawSpan(y)));
}

// ---- Reductions ------------------------------------------------------------------

double Backend::sum(std::span<const float> x) {
  return do_reduce(ReduceOp::sum, ConstRawSpan(x), {}, VertexMask{}).value;
}

double Backend::sum(std::span<const float> x, VertexMask mask) {
  return do_reduce(ReduceOp::masked_sum, ConstRawSpan(x), {}, mask).value;
}

double Backend::l1_distance(std::span<const float> x, std::span<const float> y) {
  require_size("l1_distance", "y", y.size(), x.size());
  return do_reduce(ReduceOp::l1_distance, ConstRawSpan(x), ConstRawSpan(y), VertexMask{}).value;
}

std::size_t Backend::count_nonzero(std::span<const std::uint8_t> x) {
  return do_reduce(ReduceOp::count_nonzero, ConstRawSpan(x), {}, VertexMask{}).count;
}

std::size_t Backend::count_different(std::span<const vertex_t> x, std::span<const vertex_t> y) {
  require_size("count_different", "y", y.size(), x.size());
  return do_reduce(ReduceOp::count_different, ConstRawSpan(x), ConstRawSpan(y), VertexMask{}).count;
}

std::size_t Backend::count_different(std::span<const float> x, std::span<const float> y) {
  require_size("count_different", "y", y.size(), x.size());
  return do_reduce(ReduceOp::count_different, ConstRawSpan(x), ConstRawSpan(y), VertexMask{}).count;
}

}  // namespace graphrun

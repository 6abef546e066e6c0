// graphrun._core.Engine and the algorithm entry points. Each algorithm runs
// on a ResidentGraph (a graph uploaded to an engine) with the GIL released,
// and returns its vectors through export_vector (arrays.hpp) plus a dict of
// its summary.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "graphrun/algorithms/aggregate.hpp"
#include "graphrun/algorithms/betweenness.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/multi_bfs.hpp"
#include "graphrun/algorithms/sssp.hpp"
#include "graphrun/algorithms/triangles.hpp"
#include "graphrun/algorithms/triangular_solve.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/algorithms/wcc.hpp"
#include "graphrun/error.hpp"

namespace graphrun::python {
namespace {

// Runs `work` with the GIL released: other Python threads go on meanwhile.
template <class Work>
auto released(Work&& work) {
  py::gil_scoped_release unlocked;
  return work();
}

SharedEngine make_engine(const std::optional<std::string>& backend, int device, int threads,
                         const std::string& spmv_kernel, const std::string& spmm_kernel) {
  EngineOptions options;
  if (backend && *backend != "auto") options.backend = parse_backend(*backend);
  options.backend_options.device = device;
  options.backend_options.threads = threads;
  options.backend_options.spmv_kernel = spmv_kernel;
  options.backend_options.spmm_kernel = spmm_kernel;
  SharedEngine shared;
  shared.engine = released([&] { return std::make_shared<Engine>(options); });
  if (shared.engine->kind() != BackendKind::cpu) shared.device = DLDevice{kDLCUDA, device};
  return shared;
}

ResidentHandle upload(const SharedEngine& shared, const GraphHandle& graph) {
  return std::make_shared<ResidentGraph>(
      ResidentGraph{shared, graph, released([&] { return shared.engine->upload(*graph); }), graph->stats()});
}

std::vector<std::int64_t> vertex_shape(const ResidentGraph& r) { return {r.device->num_vertices()}; }
std::int64_t vertex_count(const ResidentGraph& r) { return r.device->num_vertices(); }

// A result of one value per vertex of r's graph, typed as arrays.hpp says.
template <class T>
py::object export_per_vertex(const ResidentGraph& r, DeviceVector<T> vector) {
  return export_vector(r.shared, std::move(vector), vertex_shape(r), vertex_count(r));
}

// A position from Python (a source, by default) as a vertex id; UsageError
// naming the algorithm when it lies outside 0..n-1 (before the cast could
// wrap it).
vertex_t source_vertex(const ResidentGraph& r, std::int64_t source, const char* algorithm,
                       const char* what = "source") {
  if (source < 0 || source >= std::int64_t{r.device->num_vertices()})
    throw UsageError(std::string(algorithm) + ": " + what + " " + std::to_string(source) + " is outside 0.." +
                     std::to_string(std::int64_t{r.device->num_vertices()} - 1));
  return static_cast<vertex_t>(source);
}

BfsDirection parse_direction(const std::string& name) {
  if (name == "optimizing") return BfsDirection::optimizing;
  if (name == "push") return BfsDirection::push;
  if (name == "pull") return BfsDirection::pull;
  throw UsageError("direction must be optimizing, push or pull (got '" + name + "')");
}

AggregateNorm parse_norm(const std::string& name) {
  if (name == "sum") return AggregateNorm::sum;
  if (name == "mean") return AggregateNorm::mean;
  if (name == "gcn") return AggregateNorm::gcn;
  throw UsageError("norm must be sum, mean or gcn (got '" + name + "')");
}

py::tuple pagerank(const ResidentGraph& r, float damping, double tolerance, int max_iterations,
                   bool fixed_iterations, const std::vector<std::int64_t>& personalization, bool weighted) {
  PageRankParams params;
  params.damping = damping;
  params.tolerance = tolerance;
  params.max_iterations = max_iterations;
  params.fixed_iterations = fixed_iterations;
  for (const std::int64_t v : personalization)
    params.personalization.push_back(source_vertex(r, v, "pagerank", "personalization vertex"));
  params.weighted = weighted;
  PageRankDeviceResult found = released([&] { return pagerank_on_device(*r.shared.engine, *r.device, params); });
  py::dict summary;
  summary["iterations"] = found.iterations;
  summary["residual"] = found.residual;
  summary["converged"] = found.converged;
  return py::make_tuple(export_per_vertex(r, std::move(found.rank)), summary);
}

py::tuple bfs(const ResidentGraph& r, std::int64_t source, const std::string& direction, double alpha, double beta) {
  BfsParams params;
  params.source = source_vertex(r, source, "bfs");
  params.direction = parse_direction(direction);
  params.alpha = alpha;
  params.beta = beta;
  BfsDeviceResult found = released([&] { return bfs_on_device(*r.shared.engine, *r.device, params); });
  py::dict summary;
  summary["depth"] = found.depth;
  summary["reached"] = found.reached;
  summary["edges_traversed"] = found.edges_traversed;
  summary["push_steps"] = found.push_steps;
  summary["pull_steps"] = found.pull_steps;
  return py::make_tuple(export_per_vertex(r, std::move(found.level)), export_per_vertex(r, std::move(found.parent)),
                        summary);
}

py::tuple multi_source_bfs(const ResidentGraph& r, const std::vector<std::int64_t>& sources) {
  std::vector<vertex_t> chosen;
  for (const std::int64_t source : sources) chosen.push_back(source_vertex(r, source, "multi_source_bfs"));
  MultiBfsDeviceResult found =
      released([&] { return multi_source_bfs_on_device(*r.shared.engine, *r.device, chosen); });
  py::dict summary;
  summary["depth"] = found.depth;
  summary["reached"] = found.reached;
  summary["bit_parallel_batches"] = found.batches;
  const std::vector<std::int64_t> shape{static_cast<std::int64_t>(chosen.size()), r.device->num_vertices()};
  return py::make_tuple(export_vector(r.shared, std::move(found.level), shape, vertex_count(r)), summary);
}

py::tuple sssp(ResidentGraph& r, std::int64_t source, double delta, const std::string& method, bool parents) {
  SsspParams params;
  params.source = source_vertex(r, source, "sssp");
  params.delta = delta;
  params.method = parse_sssp_method(method);
  SsspDeviceResult found = released([&] { return sssp_on_device(*r.shared.engine, *r.device, params); });
  py::object parent = py::none();
  if (parents) {  // host work over the host graph (sssp_parents), as a numpy array
    const Graph& host = host_graph(r);
    const std::vector<vertex_t> tree = released([&] {
      return sssp_parents(host, params.source, std::span<const float>(found.distance.to_host()));
    });
    // Ids typed as every vertex vector Python sees (arrays.hpp).
    const py::dtype ids(numpy_name(vertex_dlpack_type(vertex_count(r))));
    py::array array(ids, static_cast<py::ssize_t>(tree.size()));
    std::copy(tree.begin(), tree.end(), static_cast<vertex_t*>(array.mutable_data()));
    parent = array;
  }
  py::dict summary;
  summary["reached"] = found.reached;
  summary["rounds"] = found.rounds;
  summary["buckets"] = found.buckets;
  summary["delta"] = found.delta;
  summary["edges_relaxed"] = found.edges_relaxed;
  return py::make_tuple(export_per_vertex(r, std::move(found.distance)), parent, summary);
}

py::tuple triangle_count(const ResidentGraph& r, bool per_vertex) {
  TriangleCountResult found = released([&] { return graphrun::triangle_count(*r.shared.engine, *r.device, per_vertex); });
  py::object counts = py::none();
  if (per_vertex) {
    py::array_t<std::uint64_t> array(static_cast<py::ssize_t>(found.per_vertex.size()));
    std::copy(found.per_vertex.begin(), found.per_vertex.end(), array.mutable_data());
    counts = array;
  }
  return py::make_tuple(found.total, counts);
}

py::tuple local_clustering(const ResidentGraph& r) {
  LocalClusteringResult found = released([&] { return graphrun::local_clustering(*r.shared.engine, *r.device); });
  py::array_t<double> coefficient(static_cast<py::ssize_t>(found.coefficient.size()));
  std::copy(found.coefficient.begin(), found.coefficient.end(), coefficient.mutable_data());
  return py::make_tuple(coefficient, found.average);
}

// x with L x = b on the resident lower triangle (its host graph is L): b
// as float64 (None: ones); x float64, or float32 for precision "float".
py::tuple trsv(ResidentGraph& r, std::optional<py::array_t<double, py::array::c_style | py::array::forcecast>> b,
               const std::string& method, const std::string& precision) {
  const auto n = static_cast<std::size_t>(r.device->num_vertices());
  std::vector<double> rhs(n, 1.0);
  if (b) {
    if (b->ndim() != 1 || static_cast<std::size_t>(b->shape(0)) != n)
      throw UsageError("trsv: b must be a vector of " + std::to_string(n) + " entries");
    std::copy(b->data(), b->data() + n, rhs.begin());
  }
  TrsvParams params;
  params.method = parse_trsv_method(method);
  if (precision == "float") params.precision = TrsvPrecision::single;
  else if (precision != "double") throw UsageError("trsv: precision must be 'double' or 'float', got '" + precision + "'");
  std::vector<double> x;
  double residual = 0.0;
  std::string chosen;
  std::size_t levels = 0;
  const Graph& lower = host_graph(r);
  released([&] {
    TriangularSolver solver(*r.shared.engine, *r.device, params);
    x = solver.solve(rhs);
    residual = triangular_residual(lower, x, rhs);
    chosen = to_string(solver.method());
    levels = solver.levels();
  });
  py::dict summary;
  summary["method"] = chosen;
  summary["levels"] = levels;
  summary["residual"] = residual;
  if (params.precision == TrsvPrecision::single) {
    py::array_t<float> single(static_cast<py::ssize_t>(n));
    std::copy(x.begin(), x.end(), single.mutable_data());
    return py::make_tuple(single, summary);
  }
  py::array_t<double> result(static_cast<py::ssize_t>(n));
  std::copy(x.begin(), x.end(), result.mutable_data());
  return py::make_tuple(result, summary);
}

py::array_t<double> betweenness(const ResidentGraph& r, const std::vector<std::int64_t>& sources) {
  BetweennessParams params;
  for (const std::int64_t s : sources) params.sources.push_back(source_vertex(r, s, "betweenness"));
  BetweennessResult found = released([&] { return betweenness_centrality(*r.shared.engine, *r.device, params); });
  py::array_t<double> values(static_cast<py::ssize_t>(found.centrality.size()));
  std::copy(found.centrality.begin(), found.centrality.end(), values.mutable_data());
  return values;
}

py::tuple wcc(const ResidentGraph& r) {
  WccDeviceResult found =
      released([&] { return weakly_connected_components_on_device(*r.shared.engine, *r.device); });
  py::dict summary;
  summary["num_components"] = found.num_components;
  summary["iterations"] = found.iterations;
  return py::make_tuple(export_per_vertex(r, std::move(found.component)), summary);
}

py::tuple label_propagation(const ResidentGraph& r, int max_iterations, bool stop_when_stable) {
  LabelPropagationParams params;
  params.max_iterations = max_iterations;
  params.stop_when_stable = stop_when_stable;
  LabelPropagationDeviceResult found =
      released([&] { return label_propagation_on_device(*r.shared.engine, *r.device, params); });
  py::dict summary;
  summary["iterations"] = found.iterations;
  summary["last_changes"] = found.last_changes;
  summary["converged"] = found.last_changes == 0;
  return py::make_tuple(export_per_vertex(r, std::move(found.label)), summary);
}

// Features as a host numpy array: copied in, the result copied out.
py::array aggregate_host(const ResidentGraph& r, const py::array_t<float, py::array::c_style | py::array::forcecast>& x,
                         const std::string& norm, bool weighted) {
  if (x.ndim() != 2) throw UsageError("aggregate: features must be two-dimensional (vertices x width)");
  const auto rows = x.shape(0), width = x.shape(1);
  if (rows != r.device->num_vertices())
    throw UsageError("aggregate: features have " + std::to_string(rows) + " rows for " +
                     std::to_string(r.device->num_vertices()) + " vertices");
  const AggregateParams params{parse_norm(norm), weighted};
  const std::vector<float> result = released([&] {
    return aggregate(*r.shared.engine, *r.device, std::span<const float>(x.data(), static_cast<std::size_t>(x.size())),
                     static_cast<std::size_t>(width), params);
  });
  py::array_t<float> out({rows, width});
  std::copy(result.begin(), result.end(), out.mutable_data());
  return out;
}

// Features as a DLPack tensor in the engine's memory: read in place, and the
// result left in the engine's memory (a DeviceArray, or numpy on the cpu
// backend).
py::object aggregate_tensor(const ResidentGraph& r, const py::object& features, const std::string& norm,
                            bool weighted) {
  const BorrowedTensor x(features);
  const DLTensor& t = x.tensor();
  const DLDevice want = r.shared.device;
  const bool host_ok = want.device_type == kDLCPU && t.device.device_type == kDLCPU;
  if (!host_ok && !(t.device.device_type == want.device_type && t.device.device_id == want.device_id))
    throw UsageError("aggregate: the features are on DLPack device (" + std::to_string(t.device.device_type) + ", " +
                     std::to_string(t.device.device_id) + "), the engine's memory is on (" +
                     std::to_string(want.device_type) + ", " + std::to_string(want.device_id) +
                     "): move them there first");
  if (t.dtype.code != kDLFloat || t.dtype.bits != 32 || t.dtype.lanes != 1)
    throw UsageError("aggregate: features must be float32");
  if (t.ndim != 2 || !x.compact())
    throw UsageError("aggregate: features must be a contiguous two-dimensional (vertices x width) tensor");
  if (t.shape[0] != r.device->num_vertices())
    throw UsageError("aggregate: features have " + std::to_string(t.shape[0]) + " rows for " +
                     std::to_string(r.device->num_vertices()) + " vertices");
  const auto width = static_cast<std::size_t>(t.shape[1]);
  const std::size_t count = static_cast<std::size_t>(t.shape[0]) * width;
  const AggregateParams params{parse_norm(norm), weighted};
  DeviceVector<float> output(r.shared.engine->backend().memory(), count);
  released([&] {
    aggregate_into(*r.shared.engine, *r.device, std::span<const float>(static_cast<const float*>(x.data()), count),
                   output, width, params);
  });
  return export_vector(r.shared, std::move(output), {t.shape[0], t.shape[1]}, vertex_count(r));
}

}  // namespace

void register_engine(py::module_& m) {
  py::class_<SharedEngine>(m, "Engine")
      .def(py::init(&make_engine), py::arg("backend") = py::none(), py::arg("device") = 0, py::arg("threads") = 0,
           py::arg("spmv_kernel") = "auto", py::arg("spmm_kernel") = "auto")
      .def_property_readonly("backend", [](const SharedEngine& e) { return std::string(to_string(e.engine->kind())); })
      .def_property_readonly("device_name", [](const SharedEngine& e) { return e.engine->backend().device_name(); })
      .def_property_readonly("device", [](const SharedEngine& e) { return e.device.device_id; })
      .def_property_readonly("bytes_in_use", [](const SharedEngine& e) {
        return e.engine->backend().memory().bytes_in_use();
      })
      .def_property_readonly("peak_bytes_in_use", [](const SharedEngine& e) {
        return e.engine->backend().memory().peak_bytes_in_use();
      })
      .def("upload", &upload, py::arg("graph"));
  py::class_<ResidentGraph, ResidentHandle>(m, "ResidentGraph")
      .def_property_readonly("graph", [](const ResidentGraph& r) { return r.graph; },
                             "The host graph, or None for a graph made on the GPU and not downloaded")
      .def("host_graph", [](ResidentGraph& r) { return (host_graph(r), r.graph); },
           "The host graph, downloaded once for a graph made on the GPU")
      .def_property_readonly("bytes", [](const ResidentGraph& r) { return r.device->bytes(); })
      .def_property_readonly("num_vertices", [](const ResidentGraph& r) {
        return static_cast<std::int64_t>(r.device->num_vertices());
      })
      .def_property_readonly("num_entries", [](const ResidentGraph& r) {
        return static_cast<std::int64_t>(r.device->num_entries());
      })
      .def_property_readonly("directed", [](const ResidentGraph& r) { return r.device->directed(); })
      .def_property_readonly("weighted", [](const ResidentGraph& r) { return r.device->weighted(); })
      .def_property_readonly("duplicates_merged", [](const ResidentGraph& r) { return r.stats.duplicates_merged; })
      .def_property_readonly("self_loops", [](const ResidentGraph& r) { return r.stats.self_loops; })
      .def("out_csr", [](const ResidentHandle& r) {
        const DeviceCsrArrays csr = r->device->out_csr();
        const auto n = static_cast<std::int64_t>(csr.num_vertices), m = static_cast<std::int64_t>(csr.num_entries);
        const auto wrap = [&](auto view) -> py::object {
          if (r->shared.device.device_type != kDLCPU) return py::cast(std::move(view));
          py::array host = view.host_view();  // the graph's own arrays: read-only
          host.attr("setflags")(py::arg("write") = false);
          return host;
        };
        py::object values = csr.values == nullptr ? py::none()
                                                  : wrap(DeviceArray::view(r->shared, r, csr.values, m, n));
        return py::make_tuple(wrap(DeviceArray::view(r->shared, r, csr.offsets, n + 1, n)),
                              wrap(DeviceArray::view(r->shared, r, csr.indices, m, n)), values);
      }, "(offsets int64, indices int32 (uint32 past 2^31 - 1 vertices), values float32 or None): "
         "the resident out-CSR's arrays, in place");
  m.def("cuda_available", &cuda_available);
  m.def("pagerank", &pagerank, py::arg("resident"), py::arg("damping"), py::arg("tolerance"),
        py::arg("max_iterations"), py::arg("fixed_iterations"), py::arg("personalization"), py::arg("weighted"));
  m.def("bfs", &bfs, py::arg("resident"), py::arg("source"), py::arg("direction"), py::arg("alpha"), py::arg("beta"));
  m.def("multi_source_bfs", &multi_source_bfs, py::arg("resident"), py::arg("sources"));
  m.def("sssp", &sssp, py::arg("resident"), py::arg("source"), py::arg("delta"), py::arg("method"),
        py::arg("parents"));
  m.def("wcc", &wcc, py::arg("resident"));
  m.def("triangle_count", &triangle_count, py::arg("resident"), py::arg("per_vertex"));
  m.def("betweenness", &betweenness, py::arg("resident"), py::arg("sources"));
  m.def("local_clustering", &local_clustering, py::arg("resident"));
  m.def("trsv", &trsv, py::arg("resident"), py::arg("b"), py::arg("method"), py::arg("precision"));
  m.def("label_propagation", &label_propagation, py::arg("resident"), py::arg("max_iterations"),
        py::arg("stop_when_stable"));
  m.def("aggregate_host", &aggregate_host, py::arg("resident"), py::arg("features"), py::arg("norm"),
        py::arg("weighted"));
  m.def("aggregate_tensor", &aggregate_tensor, py::arg("resident"), py::arg("features"), py::arg("norm"),
        py::arg("weighted"));
}

}  // namespace graphrun::python

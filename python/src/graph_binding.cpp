// graphrun._core.Graph: a built host graph from a file, from edge arrays or
// from a canonical CSR; its CSR and vertex ids as numpy views.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "graphrun/lower_triangle.hpp"
#include "graphrun/undirected_simple.hpp"
#include "graphrun/error.hpp"
#include "graphrun/io/adopt_csr.hpp"
#include "graphrun/io/read.hpp"
#include "graphrun/io/stream_scope.hpp"

namespace graphrun::python {
namespace {

template <class T>
using HostArray = py::array_t<T, py::array::c_style | py::array::forcecast>;

BuildPlace parse_build_place(const std::string& name) {
  if (name == "auto") return BuildPlace::automatic;
  if (name == "host") return BuildPlace::host;
  if (name == "device") return BuildPlace::device;
  throw UsageError("build must be auto, host or device (got '" + name + "')");
}

GraphHandle load(const std::string& path, const std::string& format, std::optional<bool> undirected,
                 bool drop_self_loops, const std::string& duplicates, bool weights, const std::string& src,
                 const std::string& dst, const std::string& weight, const std::string& ids, const std::string& header,
                 SharedEngine* engine, const std::string& build) {
  BuildOptions options;
  options.undirected = undirected;
  options.drop_self_loops = drop_self_loops;
  options.duplicates = parse_duplicate_policy(duplicates);
  options.source = path;
  io::ReadOptions read;
  read.format = io::parse_format(format);
  read.ignore_weights = !weights;
  read.source_column = src;
  read.target_column = dst;
  read.weight_column = weight;
  read.ids = io::parse_id_kind(ids);
  read.header = io::parse_header_choice(header);
  const BuildPlace place = parse_build_place(build);
  py::gil_scoped_release unlocked;
  const io::StreamScope input(path);  // detection and the read share one copy of a stream
  const io::Format detected = read.format == io::Format::automatic ? io::detect_format(path) : read.format;
  if (detected == io::Format::snapshot) return std::make_shared<Graph>(io::load_graph(path, options, read));
  EdgeList edges = io::read_edges(path, read);
  if (engine == nullptr) return std::make_shared<Graph>(Graph::build(std::move(edges), options));
  return std::make_shared<Graph>(engine->engine->backend().build_graph(std::move(edges), options, place));
}

// Vertex ids are positions 0..n-1; n defaults to the largest id + 1.
GraphHandle from_edges(const HostArray<std::int64_t>& src, const HostArray<std::int64_t>& dst,
                       const std::optional<HostArray<float>>& weights, std::optional<std::int64_t> n, bool directed,
                       const std::string& duplicates, bool drop_self_loops) {
  if (src.ndim() != 1 || dst.ndim() != 1 || src.size() != dst.size())
    throw UsageError("from_edges: src and dst must be one-dimensional and of equal length (got " +
                     std::to_string(src.size()) + " and " + std::to_string(dst.size()) + ")");
  if (weights && (weights->ndim() != 1 || weights->size() != src.size()))
    throw UsageError("from_edges: weights must hold one value per edge (got " + std::to_string(weights->size()) +
                     " for " + std::to_string(src.size()) + " edges)");
  BuildOptions options;
  options.undirected = !directed;
  options.drop_self_loops = drop_self_loops;
  options.duplicates = parse_duplicate_policy(duplicates);
  options.source = "from_edges";
  const auto count = static_cast<std::size_t>(src.size());
  const std::int64_t* s = src.data();
  const std::int64_t* d = dst.data();
  const float* w = weights ? weights->data() : nullptr;
  py::gil_scoped_release unlocked;
  std::int64_t largest = -1;
  for (std::size_t i = 0; i < count; ++i) {
    if (s[i] < 0 || d[i] < 0)
      throw UsageError("from_edges: edge " + std::to_string(i) + " has a negative vertex id (" +
                       std::to_string(s[i] < 0 ? s[i] : d[i]) + ")");
    largest = std::max({largest, s[i], d[i]});
  }
  const std::int64_t vertices = n.value_or(largest + 1);
  if (!is_vertex_count(vertices))
    throw UsageError("from_edges: n = " + std::to_string(vertices) + " is outside 0.." + std::to_string(max_vertices));
  if (largest >= vertices)
    throw UsageError("from_edges: vertex id " + std::to_string(largest) + " is not below n = " +
                     std::to_string(vertices));
  EdgeList edges;
  edges.num_vertices = static_cast<vertex_t>(vertices);
  edges.src.assign(s, s + count);
  edges.dst.assign(d, d + count);
  if (w != nullptr) edges.weights.assign(w, w + count);
  edges.ids.base = 0;
  return std::make_shared<Graph>(Graph::build(std::move(edges), options));
}

GraphHandle from_csr(const HostArray<std::int64_t>& indptr, const HostArray<vertex_t>& indices,
                     const std::optional<HostArray<float>>& values, bool directed) {
  if (indptr.ndim() != 1 || indices.ndim() != 1 || (values && values->ndim() != 1))
    throw UsageError("from_csr: indptr, indices and values must be one-dimensional");
  Csr csr;
  csr.offsets.assign(indptr.data(), indptr.data() + indptr.size());
  csr.indices.assign(indices.data(), indices.data() + indices.size());
  if (values) {
    if (values->size() != indices.size())
      throw UsageError("from_csr: values hold " + std::to_string(values->size()) + " entries, indices " +
                       std::to_string(indices.size()));
    csr.values.assign(values->data(), values->data() + values->size());
  }
  py::gil_scoped_release unlocked;
  return std::make_shared<Graph>(io::adopt_csr(std::move(csr), directed, "from_csr"));
}

// A read-only numpy view of a vector the graph owns.
template <class T>
py::object view(const GraphHandle& graph, const std::vector<T>& values) {
  const py::dtype type(numpy_name(dlpack_type<T>(graph->num_vertices())));
  py::array array(type, {static_cast<py::ssize_t>(values.size())}, {}, values.data(), py::cast(graph));
  array.attr("setflags")(py::arg("write") = false);
  return array;
}

// The file's ids: int64 numbers, or for named vertices their names (str).
py::array vertex_ids(const Graph& graph) {
  const IdMap& ids = graph.ids();
  if (ids.named()) return py::array(py::cast(ids.names));
  py::array_t<std::int64_t> out(graph.num_vertices());
  auto* data = out.mutable_data();
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) data[v] = ids.original(v);
  return out;
}

}  // namespace

void register_graph(py::module_& m) {
  py::class_<Graph, GraphHandle>(m, "Graph")
      .def_static("load", &load, py::arg("path"), py::arg("format") = "auto", py::arg("undirected") = py::none(),
                  py::arg("drop_self_loops") = false, py::arg("duplicates") = "first", py::arg("weights") = true,
                  py::arg("src") = "", py::arg("dst") = "", py::arg("weight") = "", py::arg("ids") = "auto",
                  py::arg("header") = "auto", py::arg("engine") = static_cast<SharedEngine*>(nullptr), py::arg("build") = "auto")
      .def_static("from_edges", &from_edges, py::arg("src"), py::arg("dst"), py::arg("weights") = py::none(),
                  py::arg("n") = py::none(), py::arg("directed") = true, py::arg("duplicates") = "first",
                  py::arg("drop_self_loops") = false)
      .def_static("from_csr", &from_csr, py::arg("indptr"), py::arg("indices"), py::arg("values") = py::none(),
                  py::arg("directed") = true)
      .def_property_readonly("num_vertices", [](const Graph& g) { return static_cast<std::int64_t>(g.num_vertices()); })
      .def_property_readonly("num_entries", [](const Graph& g) { return static_cast<std::int64_t>(g.num_entries()); })
      .def_property_readonly("directed", &Graph::directed)
      .def_property_readonly("weighted", [](const Graph& g) { return g.out_edges().weighted(); })
      .def_property_readonly("vertex_ids", &vertex_ids)
      .def_property_readonly("duplicates_merged", [](const Graph& g) { return g.stats().duplicates_merged; })
      .def_property_readonly("self_loops", [](const Graph& g) { return g.stats().self_loops; })
      .def("undirected_simple", [](const Graph& g, bool by_direction) {
        return std::make_shared<Graph>(undirected_simple(g, by_direction ? EdgeCounts::by_direction : EdgeCounts::none));
      }, py::arg("by_direction"), "The undirected simple graph beneath this one (tc, lcc)")
      .def("lower_triangle", [](const Graph& g) {
        return std::make_shared<Graph>(lower_triangle(g, "the graph"));
      }, "L, the lower triangle with the diagonal (trsv); InputError naming a row without a usable diagonal")
      .def("csr", [](const GraphHandle& g) {
        const Csr& out = g->out_edges();
        py::object values = out.weighted() ? view(g, out.values) : py::none();
        return py::make_tuple(view(g, out.offsets), view(g, out.indices), values);
      }, "(indptr int64, indices int32, values float32 or None): read-only views of the out-edge CSR");
}

}  // namespace graphrun::python

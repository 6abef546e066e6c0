// Graphs made on an engine's GPU from arrays already there (torch or cupy
// tensors through DLPack), without a trip through host memory:
//   build_on_device      edge arrays -> the host build's CSR, built on the
//                        device (Backend::build_device_graph);
//   adopt_csr_on_device  a canonical CSR read in place for the graph's life
//                        (Backend::adopt_device_csr): no copy at all.
// The Python half (graphrun/__init__.py) converts dtypes with the array's own
// framework, on its device, before these see the arrays.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "graphrun/error.hpp"

namespace graphrun::python {
namespace {

// Framework tensors a graph reads in place. Their DLPack deleters call into
// the producer's Python objects, so they run under the GIL; at the
// interpreter's shutdown they are dropped without it.
class BorrowedArrays {
 public:
  BorrowedArrays() = default;
  BorrowedArrays(const BorrowedArrays&) = delete;
  BorrowedArrays& operator=(const BorrowedArrays&) = delete;
  ~BorrowedArrays() {
    if (!Py_IsInitialized()) {
      for (auto& tensor : tensors_) tensor->forget();
      return;
    }
    py::gil_scoped_acquire locked;
    tensors_.clear();
  }
  const BorrowedTensor& add(const py::object& array) {
    tensors_.push_back(std::make_unique<BorrowedTensor>(array));
    return *tensors_.back();
  }

 private:
  std::vector<std::unique_ptr<BorrowedTensor>> tensors_;
};

// A one-dimensional, compact tensor on the engine's device, of one of the
// given element types (bits of kDLInt or kDLFloat); UsageError otherwise.
const BorrowedTensor& device_vector(BorrowedArrays& arrays, const SharedEngine& shared, const py::object& array,
                                    const std::string& name, DLDataTypeCode code, std::vector<int> bits) {
  const BorrowedTensor& tensor = arrays.add(array);
  const DLTensor& t = tensor.tensor();
  const DLDevice want = shared.device;
  if (want.device_type != kDLCUDA)
    throw UsageError(name + ": the " + std::string(to_string(shared.engine->kind())) +
                     " engine cannot read GPU arrays in place");
  if (t.device.device_type != kDLCUDA || t.device.device_id != want.device_id)
    throw UsageError(name + " is on DLPack device (" + std::to_string(t.device.device_type) + ", " +
                     std::to_string(t.device.device_id) + "), the engine on GPU " + std::to_string(want.device_id));
  if (t.ndim != 1 || !tensor.compact()) throw UsageError(name + " must be a contiguous one-dimensional array");
  bool typed = false;
  for (const int b : bits) typed = typed || (t.dtype.code == code && t.dtype.bits == b && t.dtype.lanes == 1);
  if (!typed) throw UsageError(name + " has an element type graphrun does not read in place");
  return tensor;
}

std::int64_t length(const BorrowedTensor& tensor) { return tensor.tensor().shape[0]; }

ResidentHandle resident(const SharedEngine& shared, DeviceBuild built) {
  auto r = std::make_shared<ResidentGraph>();
  r->shared = shared;
  r->device = std::move(built.graph);
  r->stats = built.stats;
  return r;
}

// Vertex ids are positions 0..n-1; n defaults to the largest id + 1.
ResidentHandle build_on_device(const SharedEngine& shared, const py::object& src, const py::object& dst,
                               const std::optional<py::object>& weights, std::optional<std::int64_t> n,
                               bool directed, const std::string& duplicates, bool drop_self_loops) {
  BorrowedArrays arrays;
  const BorrowedTensor& s = device_vector(arrays, shared, src, "from_edges: src", kDLInt, {32, 64});
  const BorrowedTensor& d = device_vector(arrays, shared, dst, "from_edges: dst", kDLInt, {32, 64});
  if (s.tensor().dtype.bits != d.tensor().dtype.bits)
    throw UsageError("from_edges: src and dst must have the same integer type");
  if (length(s) != length(d))
    throw UsageError("from_edges: src and dst must be of equal length (got " + std::to_string(length(s)) + " and " +
                     std::to_string(length(d)) + ")");
  DeviceEdgeArrays list;
  list.src = s.data();
  list.dst = d.data();
  list.id_width = s.tensor().dtype.bits == 64 ? IdWidth::bits64 : IdWidth::bits32;
  list.count = static_cast<std::size_t>(length(s));
  list.num_vertices = n;
  if (weights) {
    const BorrowedTensor& w = device_vector(arrays, shared, *weights, "from_edges: weights", kDLFloat, {32});
    if (length(w) != length(s))
      throw UsageError("from_edges: weights must hold one value per edge (got " + std::to_string(length(w)) +
                       " for " + std::to_string(length(s)) + " edges)");
    list.weights = static_cast<const float*>(w.data());
  }
  BuildOptions options;
  options.undirected = !directed;
  options.drop_self_loops = drop_self_loops;
  options.duplicates = parse_duplicate_policy(duplicates);
  options.source = "from_edges";
  // The build has finished with the arrays when it returns.
  DeviceBuild built = [&] {
    py::gil_scoped_release unlocked;
    return shared.engine->backend().build_device_graph(list, options);
  }();
  return resident(shared, std::move(built));
}

// A canonical CSR (sorted rows, no repeats; symmetric unless directed) read
// in place: the graph keeps the tensors alive and never writes them.
ResidentHandle adopt_csr_on_device(const SharedEngine& shared, const py::object& indptr, const py::object& indices,
                                   const std::optional<py::object>& values, bool directed) {
  auto arrays = std::make_shared<BorrowedArrays>();
  const BorrowedTensor& offsets = device_vector(*arrays, shared, indptr, "from_csr: indptr", kDLInt, {64});
  const BorrowedTensor& columns = device_vector(*arrays, shared, indices, "from_csr: indices", kDLInt, {32});
  if (length(offsets) < 1) throw UsageError("from_csr: indptr must hold n + 1 >= 1 offsets");
  if (length(offsets) - 1 > max_vertices)
    throw UsageError("from_csr: n = " + std::to_string(length(offsets) - 1) + " is outside 0.." +
                     std::to_string(max_vertices));
  DeviceCsrArrays csr;
  csr.offsets = static_cast<const edge_t*>(offsets.data());
  csr.indices = static_cast<const vertex_t*>(columns.data());
  csr.num_vertices = static_cast<vertex_t>(length(offsets) - 1);
  csr.num_entries = static_cast<edge_t>(length(columns));
  if (values) {
    const BorrowedTensor& v = device_vector(*arrays, shared, *values, "from_csr: values", kDLFloat, {32});
    if (length(v) != length(columns))
      throw UsageError("from_csr: values hold " + std::to_string(length(v)) + " entries, indices " +
                       std::to_string(length(columns)));
    csr.values = static_cast<const float*>(v.data());
  }
  DeviceBuild built = [&] {
    py::gil_scoped_release unlocked;
    return shared.engine->backend().adopt_device_csr(csr, directed, arrays, "from_csr");
  }();
  return resident(shared, std::move(built));
}

}  // namespace

// Called with the GIL held, which guards r.graph: the download runs without
// it, and a second thread's download that lost the race is dropped.
const Graph& host_graph(ResidentGraph& r) {
  if (!r.graph) {
    GraphHandle downloaded;
    {
      py::gil_scoped_release unlocked;
      downloaded = std::make_shared<Graph>(r.shared.engine->backend().download_graph(*r.device, r.stats));
    }
    if (!r.graph) r.graph = std::move(downloaded);
  }
  return *r.graph;
}

void register_device_graphs(py::module_& m) {
  m.def("build_on_device", &build_on_device, py::arg("engine"), py::arg("src"), py::arg("dst"),
        py::arg("weights") = py::none(), py::arg("n") = py::none(), py::arg("directed") = true,
        py::arg("duplicates") = "first", py::arg("drop_self_loops") = false,
        "A graph built on the engine's GPU from edge arrays there (int32/int64 ids, float32 weights)");
  m.def("adopt_csr_on_device", &adopt_csr_on_device, py::arg("engine"), py::arg("indptr"), py::arg("indices"),
        py::arg("values") = py::none(), py::arg("directed") = true,
        "A graph reading a canonical CSR on the engine's GPU in place (int64 indptr, int32 indices, float32 values)");
}

}  // namespace graphrun::python

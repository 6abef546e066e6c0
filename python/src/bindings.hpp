#pragma once
// The pieces of graphrun._core, one register_ function per file.
#include <memory>

#include <pybind11/pybind11.h>

#include "arrays.hpp"
#include "graphrun/graph.hpp"

namespace graphrun::python {

namespace py = pybind11;

// A built host graph, shared by Python objects and uploads.
using GraphHandle = std::shared_ptr<Graph>;

// A graph uploaded to an engine, or made on its GPU from arrays already
// there (device_graph_binding.cpp): its device formats stay resident until
// the last Python reference goes. A graph made on the GPU has no host graph
// until host work asks for one (host_graph, which downloads it once).
struct ResidentGraph {
  SharedEngine shared;
  GraphHandle graph;  // null for a graph made on the GPU, until downloaded
  std::unique_ptr<DeviceGraph> device;
  BuildStats stats;   // a graph made on the GPU: its build's statistics
};
using ResidentHandle = std::shared_ptr<ResidentGraph>;

// The host graph of `r`, downloaded on first use for a graph made on the GPU.
const Graph& host_graph(ResidentGraph& r);

void register_errors(py::module_& m);
void register_graph(py::module_& m);
void register_engine(py::module_& m);
void register_device_graphs(py::module_& m);

}  // namespace graphrun::python

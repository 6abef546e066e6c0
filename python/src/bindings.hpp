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

// A graph uploaded to an engine: its device formats stay resident until the
// last Python reference goes.
struct ResidentGraph {
  SharedEngine shared;
  GraphHandle graph;
  std::unique_ptr<DeviceGraph> device;
};

void register_errors(py::module_& m);
void register_graph(py::module_& m);
void register_engine(py::module_& m);

}  // namespace graphrun::python

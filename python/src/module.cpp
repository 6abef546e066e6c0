// graphrun._core: the native half of the graphrun Python package. The
// Python half (graphrun/__init__.py) turns scipy, networkx, torch and cupy
// objects into the arrays taken here and picks the result type.
#include "bindings.hpp"

PYBIND11_MODULE(_core, m) {
  namespace gp = graphrun::python;
  m.doc() = "graphrun's native module; use the graphrun package instead";
  gp::register_errors(m);
  gp::register_device_array(m);
  gp::register_engine(m);  // before Graph: Graph.load takes an Engine
  gp::register_graph(m);
  gp::register_device_graphs(m);
}

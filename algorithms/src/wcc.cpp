// Weakly connected components by min-label propagation with pointer jumping
// (the FastSV / LAGraph idea reduced to two primitives):
//   hook:  label'[v] = min(label[v], labels of v's in- and out-neighbours)
//          (MIN_SECOND SpMV accumulated into a copy of the labels)
//   jump:  label''[v] = label'[label'[v]]
// A label is always the id of a vertex in the same component and never larger
// than the vertex's own id, so jumping only shortens chains toward the
// component's smallest id. The loop stops when a round changes nothing: then
// every vertex holds the minimum of its neighbourhood, hence of its component.
#include "graphrun/algorithms/wcc.hpp"

#include "algorithms/src/device_buffers.hpp"

namespace graphrun {

using algorithms_detail::copy_buffer;
using algorithms_detail::make_buffer;

WccResult weakly_connected_components(Engine& engine, const DeviceGraph& graph) {
  Backend& backend = engine.backend();
  const auto size = static_cast<std::size_t>(graph.num_vertices());
  WccResult result;
  if (size == 0) return result;

  auto label = make_buffer<vertex_t>(backend, size);
  auto hooked = make_buffer<vertex_t>(backend, size);
  auto jumped = make_buffer<vertex_t>(backend, size);
  backend.iota(label);

  // Direction is ignored: labels flow against and along every edge. An
  // undirected graph's in-rows are its out-rows, so one pass covers both.
  const SpmvDescriptor from_in_neighbours{.edges = Edges::in, .use_weights = false, .accumulate = true};
  const SpmvDescriptor from_out_neighbours{.edges = Edges::out, .use_weights = false, .accumulate = true};
  for (;;) {
    copy_buffer(backend, label, hooked);
    backend.spmv(graph, MinSecond{}, from_in_neighbours, label, hooked);
    if (graph.directed()) backend.spmv(graph, MinSecond{}, from_out_neighbours, label, hooked);
    backend.gather(hooked, hooked, jumped);
    const std::size_t changes = backend.count_different(label, jumped);
    label.swap(jumped);
    ++result.iterations;
    if (changes == 0) break;
  }

  // Each component has exactly one root, its smallest vertex, with label[v] == v.
  backend.iota(jumped);
  result.num_components = size - backend.count_different(label, jumped);
  result.component = label.to_host();
  return result;
}

}  // namespace graphrun

// Weakly connected components on several processes. Union-find (the
// one-process Afforest) links trees across the whole vertex set at once,
// which row blocks cannot share cheaply; minimum-label rounds can:
//   reached = min(label, min over v's neighbourhood of label)   (own block)
//   share the blocks; label' = reached[reached]                 (pointer jumping)
// until a round changes no label. Labels only decrease and stay ids of the
// same component; when nothing changes, every edge joins equal labels, so a
// component's label is the one its smallest vertex never gives up: its id,
// the one-process answer.
#include <cstddef>
#include <memory>
#include <vector>

#include "graphrun/distributed/algorithms.hpp"
#include "graphrun/distributed/exchange.hpp"
#include "uploaded_neighbourhoods.hpp"

namespace graphrun::distributed {

WccResult weakly_connected_components(const Communicator& world, Engine& engine, const PartitionedGraph& graph,
                                      const DeviceGraph& local, BlockExchange& exchange) {
  std::unique_ptr<DeviceGraph> held;
  const DeviceGraph& around = uploaded_neighbourhoods(world, engine, graph, local, held);
  Backend& backend = engine.backend();
  const auto n = static_cast<std::size_t>(graph.num_vertices);
  DeviceVector<vertex_t> label(backend.memory(), n), reached(backend.memory(), n), jumped(backend.memory(), n);
  WccResult result;
  backend.iota(label);
  for (std::size_t changed = n; changed != 0;) {
    backend.spmv(around, MinSecond{}, SpmvDescriptor{.edges = Edges::in}, label, reached);
    backend.minimum(label, reached);
    exchange.share_blocks(reached.span());
    backend.gather(reached, reached, jumped);
    changed = backend.count_different(label, jumped);
    label.swap(jumped);
    ++result.iterations;
  }
  result.component = label.to_host();
  for (std::size_t v = 0; v < n; ++v) result.num_components += result.component[v] == static_cast<vertex_t>(v);
  return result;
}

}  // namespace graphrun::distributed

#pragma once
// BlockExchange over MPI: the vectors pass through host memory (a backend's
// memory need not be visible to MPI).
#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/backend.hpp"
#include "graphrun/distributed/communicator.hpp"
#include "graphrun/distributed/partitioned_graph.hpp"

namespace graphrun::distributed {

class MpiBlockExchange final : public BlockExchange {
 public:
  MpiBlockExchange(const Communicator& world, Backend& backend, const VertexBlocks& blocks)
      : world_(world), backend_(backend), blocks_(blocks) {}

  void share_blocks(std::span<float> values) override { share(values, 1); }
  void share_blocks(std::span<vertex_t> values) override { share(values, 1); }
  void share_row_blocks(std::span<float> values, std::size_t width) override { share(values, width); }
  std::size_t concatenate(DeviceVector<vertex_t>& list, std::size_t count) override;
  std::uint64_t sum(std::uint64_t value) override { return world_.sum(value); }
  void sum_elements(std::span<vertex_t> values) override;

 private:
  template <class T>
  void share(std::span<T> values, std::size_t width);
  // collective(host) on a host copy of `values`, which then takes the
  // copy's values: every call here passes through host memory this way.
  template <class T, class Collective>
  void through_host(std::span<T> values, Collective collective);

  const Communicator& world_;
  Backend& backend_;
  const VertexBlocks& blocks_;
};

}  // namespace graphrun::distributed

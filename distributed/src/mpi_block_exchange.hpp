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

  void share_blocks(std::span<float> values) override { share(values); }
  void share_blocks(std::span<vertex_t> values) override { share(values); }
  std::size_t concatenate(DeviceVector<vertex_t>& list, std::size_t count) override;
  std::uint64_t sum(std::uint64_t value) override { return world_.sum(value); }

 private:
  template <class T>
  void share(std::span<T> values);

  const Communicator& world_;
  Backend& backend_;
  const VertexBlocks& blocks_;
};

}  // namespace graphrun::distributed

#pragma once
// BlockExchange over NCCL, for GPU backends: the blocks move between the
// processes' device buffers (NVLink or PCIe), never through the host. One
// NCCL communicator spans the MPI world, each process on its current CUDA
// device (the one its Engine drives). Built when CMake finds NCCL (nccl.h
// and libnccl beside the CUDA toolkit, -DGRAPHRUN_NCCL=AUTO).
#include <cstddef>
#include <memory>

#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/backend.hpp"
#include "graphrun/distributed/communicator.hpp"
#include "graphrun/distributed/partitioned_graph.hpp"

namespace graphrun::distributed {

class NcclBlockExchange final : public BlockExchange {
 public:
  // Collective (ncclCommInitRank). NCCL_NVLS_ENABLE defaults to 0 here:
  // NVLink SHARP multicast is left off unless the user sets it.
  NcclBlockExchange(const Communicator& world, Backend& backend, const VertexBlocks& blocks);
  ~NcclBlockExchange() override;
  NcclBlockExchange(const NcclBlockExchange&) = delete;
  NcclBlockExchange& operator=(const NcclBlockExchange&) = delete;

  void share_blocks(std::span<float> values) override;
  void share_blocks(std::span<vertex_t> values) override;
  void share_row_blocks(std::span<float> values, std::size_t width) override;
  std::size_t concatenate(DeviceVector<vertex_t>& list, std::size_t count) override;
  std::uint64_t sum(std::uint64_t value) override { return world_.sum(value); }
  void sum_elements(std::span<vertex_t> values) override;

 private:
  struct Handles;  // the NCCL communicator and the stream, behind nccl.h

  // Process r's values[starts[r], starts[r+1]) broadcast from r, in place,
  // all in one NCCL group; `element` is 4 bytes (float or vertex_t).
  void broadcast_blocks(void* values, std::span<const std::size_t> starts);

  const Communicator& world_;
  Backend& backend_;
  const VertexBlocks& blocks_;
  std::unique_ptr<Handles> handles_;
};

}  // namespace graphrun::distributed

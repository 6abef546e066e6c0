#pragma once
// The BlockExchange (graphrun/algorithms/block_exchange.hpp) of a process's
// engine: NCCL between GPUs when graphrun was built with it, MPI through
// host memory otherwise (and for the cpu backend). Made once, it serves
// any number of algorithm calls on the same partition.
#include <cstdint>
#include <memory>

#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/distributed/communicator.hpp"
#include "graphrun/distributed/partitioned_graph.hpp"
#include "graphrun/engine.hpp"

namespace graphrun::distributed {

// Where a run's time went between the processes, on this process: the wall
// time of every call to the exchange (copies to and from the host
// included), a scaling table's "communication share" against the compute,
// and apart from it the exchange's set-up (NCCL's communicator and its
// connections), paid once per exchange.
struct ExchangeStats {
  std::uint64_t calls = 0;
  double seconds = 0.0;
  double setup_seconds = 0.0;
};

// Collective. With `stats`, the set-up and every call are timed into it
// (which must outlive the exchange).
std::unique_ptr<BlockExchange> make_block_exchange(const Communicator& world, Engine& engine,
                                                   const VertexBlocks& blocks, ExchangeStats* stats = nullptr);

}  // namespace graphrun::distributed

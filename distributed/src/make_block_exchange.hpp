#pragma once
// The BlockExchange for an engine: NCCL between GPUs when graphrun was built
// with it, MPI through host memory otherwise (and for the cpu backend).
#include <memory>

#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/distributed/algorithms.hpp"  // ExchangeStats
#include "graphrun/distributed/communicator.hpp"
#include "graphrun/distributed/partitioned_graph.hpp"
#include "graphrun/engine.hpp"

namespace graphrun::distributed {

// Collective. With `stats`, every call is timed into it.
std::unique_ptr<BlockExchange> make_block_exchange(const Communicator& world, Engine& engine,
                                                   const VertexBlocks& blocks, ExchangeStats* stats);

}  // namespace graphrun::distributed

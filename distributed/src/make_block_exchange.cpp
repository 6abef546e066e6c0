#include "make_block_exchange.hpp"

#include "mpi_block_exchange.hpp"
#if GRAPHRUN_HAVE_NCCL
#include "nccl_block_exchange.hpp"
#endif

namespace graphrun::distributed {

std::unique_ptr<BlockExchange> make_block_exchange(const Communicator& world, Engine& engine,
                                                   const VertexBlocks& blocks) {
#if GRAPHRUN_HAVE_NCCL
  if (engine.kind() != BackendKind::cpu) return std::make_unique<NcclBlockExchange>(world, engine.backend(), blocks);
#endif
  return std::make_unique<MpiBlockExchange>(world, engine.backend(), blocks);
}

}  // namespace graphrun::distributed

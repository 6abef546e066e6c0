#include "nccl_block_exchange.hpp"

#include <cuda_runtime.h>
#include <nccl.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "graphrun/error.hpp"

namespace graphrun::distributed {
namespace {

void check(ncclResult_t status, const char* call) {
  if (status != ncclSuccess) throw RuntimeError(std::string(call) + " failed: " + ncclGetErrorString(status));
}

void check(cudaError_t status, const char* call) {
  if (status != cudaSuccess) throw RuntimeError(std::string(call) + " failed: " + cudaGetErrorString(status));
}

static_assert(sizeof(float) == 4 && sizeof(vertex_t) == 4, "blocks move as 4-byte NCCL elements");

}  // namespace

struct NcclBlockExchange::Handles {
  ncclComm_t comm = nullptr;
  cudaStream_t stream = nullptr;
};

NcclBlockExchange::NcclBlockExchange(const Communicator& world, Backend& backend, const VertexBlocks& blocks)
    : world_(world), backend_(backend), blocks_(blocks), handles_(std::make_unique<Handles>()) {
  // The user's settings win. NVLink SHARP stays off (the lent machines'
  // note); connections are made in ncclCommInitRank, not in the first
  // broadcast, so that set-up is not counted as an exchange.
  setenv("NCCL_NVLS_ENABLE", "0", 0);
  setenv("NCCL_RUNTIME_CONNECT", "0", 0);
  ncclUniqueId id{};
  if (world.root()) check(ncclGetUniqueId(&id), "ncclGetUniqueId");
  world.broadcast(id);
  check(cudaStreamCreateWithFlags(&handles_->stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  const ncclResult_t status = ncclCommInitRank(&handles_->comm, world.size(), id, world.rank());
  if (status != ncclSuccess) {
    cudaStreamDestroy(handles_->stream);
    check(status, "ncclCommInitRank");
  }
}

NcclBlockExchange::~NcclBlockExchange() {
  ncclCommDestroy(handles_->comm);
  cudaStreamDestroy(handles_->stream);
}

void NcclBlockExchange::broadcast_blocks(void* values, std::span<const std::size_t> starts) {
  // The backend's queued work wrote `values`: it must be done first, and the
  // broadcasts done before the backend reads them again.
  backend_.synchronize();
  auto* bytes = static_cast<char*>(values);
  check(ncclGroupStart(), "ncclGroupStart");
  ncclResult_t status = ncclSuccess;
  for (int r = 0; r < world_.size() && status == ncclSuccess; ++r) {
    const std::size_t count = starts[r + 1] - starts[r];
    if (count == 0) continue;
    void* block = bytes + starts[r] * 4;
    // A broadcast copies bytes: the type only sizes the elements.
    status = ncclBroadcast(block, block, count, ncclFloat32, r, handles_->comm, handles_->stream);
  }
  const ncclResult_t ended = ncclGroupEnd();
  check(status, "ncclBroadcast");
  check(ended, "ncclGroupEnd");
  check(cudaStreamSynchronize(handles_->stream), "cudaStreamSynchronize");
}

void NcclBlockExchange::share_blocks(std::span<float> values) {
  broadcast_blocks(values.data(), scaled_starts(blocks_, values.size(), 1));
}

void NcclBlockExchange::share_blocks(std::span<vertex_t> values) {
  broadcast_blocks(values.data(), scaled_starts(blocks_, values.size(), 1));
}

void NcclBlockExchange::share_row_blocks(std::span<float> values, std::size_t width) {
  broadcast_blocks(values.data(), scaled_starts(blocks_, values.size(), width));
}

void NcclBlockExchange::sum_elements(std::span<vertex_t> values) {
  if (values.empty()) return;
  backend_.synchronize();  // as in broadcast_blocks
  check(ncclAllReduce(values.data(), values.data(), values.size(), ncclUint32, ncclSum, handles_->comm,
                      handles_->stream),
        "ncclAllReduce");
  check(cudaStreamSynchronize(handles_->stream), "cudaStreamSynchronize");
}

std::size_t NcclBlockExchange::concatenate(DeviceVector<vertex_t>& list, std::size_t count) {
  if (count > list.size()) throw UsageError("concatenate: count exceeds the list");
  const std::vector<std::size_t> starts = world_.block_starts(count);
  if (starts.back() > list.size())
    throw RuntimeError("concatenate: the processes listed " + std::to_string(starts.back()) + " vertices, room for " +
                       std::to_string(list.size()));
  // Each list moves to its place in a scratch vector, then to `list`.
  DeviceVector<vertex_t> all(backend_.memory(), starts.back());
  MemoryResource& memory = backend_.memory();
  const std::size_t mine = starts[static_cast<std::size_t>(world_.rank())];
  if (count != 0)
    memory.copy(all.data() + mine, list.data(), count * sizeof(vertex_t), CopyKind::backend_to_backend);
  broadcast_blocks(all.data(), starts);
  if (!all.empty())
    memory.copy(list.data(), all.data(), all.size() * sizeof(vertex_t), CopyKind::backend_to_backend);
  return all.size();
}

}  // namespace graphrun::distributed

#include "graphrun/distributed/exchange.hpp"

#include <chrono>
#include <utility>

#include "mpi_block_exchange.hpp"
#if GRAPHRUN_HAVE_NCCL
#include "nccl_block_exchange.hpp"
#endif

namespace graphrun::distributed {
namespace {

// Another exchange, each call timed on the wall clock into ExchangeStats
// from the moment the backend's queued work is done: waiting for the work
// that produced the values is compute, not communication.
class TimedExchange final : public BlockExchange {
 public:
  TimedExchange(std::unique_ptr<BlockExchange> exchange, Backend& backend, ExchangeStats& stats)
      : exchange_(std::move(exchange)), backend_(backend), stats_(stats) {}

  void share_blocks(std::span<float> values) override {
    timed([&] { exchange_->share_blocks(values); });
  }
  void share_blocks(std::span<vertex_t> values) override {
    timed([&] { exchange_->share_blocks(values); });
  }
  void share_row_blocks(std::span<float> values, std::size_t width) override {
    timed([&] { exchange_->share_row_blocks(values, width); });
  }
  std::size_t concatenate(DeviceVector<vertex_t>& list, std::size_t count) override {
    std::size_t total = 0;
    timed([&] { total = exchange_->concatenate(list, count); });
    return total;
  }
  void sum_elements(std::span<vertex_t> values) override {
    timed([&] { exchange_->sum_elements(values); });
  }
  std::uint64_t sum(std::uint64_t value) override {
    std::uint64_t total = 0;
    timed([&] { total = exchange_->sum(value); });
    return total;
  }

 private:
  template <class Call>
  void timed(Call call) {
    backend_.synchronize();
    const auto start = std::chrono::steady_clock::now();
    call();
    stats_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ++stats_.calls;
  }

  std::unique_ptr<BlockExchange> exchange_;
  Backend& backend_;
  ExchangeStats& stats_;
};

std::unique_ptr<BlockExchange> untimed_exchange(const Communicator& world, Engine& engine,
                                                const VertexBlocks& blocks) {
#if GRAPHRUN_HAVE_NCCL
  if (engine.kind() != BackendKind::cpu) return std::make_unique<NcclBlockExchange>(world, engine.backend(), blocks);
#endif
  return std::make_unique<MpiBlockExchange>(world, engine.backend(), blocks);
}

}  // namespace

std::unique_ptr<BlockExchange> make_block_exchange(const Communicator& world, Engine& engine,
                                                   const VertexBlocks& blocks, ExchangeStats* stats) {
  if (stats == nullptr) return untimed_exchange(world, engine, blocks);
  const auto start = std::chrono::steady_clock::now();
  auto exchange = untimed_exchange(world, engine, blocks);
  stats->setup_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return std::make_unique<TimedExchange>(std::move(exchange), engine.backend(), *stats);
}

}  // namespace graphrun::distributed

#include "mpi_block_exchange.hpp"

#include <string>
#include <vector>

#include "graphrun/error.hpp"

namespace graphrun::distributed {

template <class T, class Collective>
void MpiBlockExchange::through_host(std::span<T> values, Collective collective) {
  std::vector<T> host(values.size());
  MemoryResource& memory = backend_.memory();
  if (!host.empty()) memory.copy(host.data(), values.data(), host.size() * sizeof(T), CopyKind::backend_to_host);
  collective(std::span<T>(host));
  if (!host.empty()) memory.copy(values.data(), host.data(), host.size() * sizeof(T), CopyKind::host_to_backend);
}

template <class T>
void MpiBlockExchange::share(std::span<T> values, std::size_t width) {
  const std::vector<std::size_t> starts = scaled_starts(blocks_, values.size(), width);
  through_host(values, [&](std::span<T> host) { world_.all_gather_blocks(host, starts); });
}

template void MpiBlockExchange::share(std::span<float>, std::size_t);
template void MpiBlockExchange::share(std::span<vertex_t>, std::size_t);

void MpiBlockExchange::sum_elements(std::span<vertex_t> values) {
  through_host(values, [&](std::span<vertex_t> host) { world_.sum_elements(host); });
}

std::size_t MpiBlockExchange::concatenate(DeviceVector<vertex_t>& list, std::size_t count) {
  if (count > list.size()) throw UsageError("concatenate: count exceeds the list");
  std::vector<vertex_t> mine(count);
  MemoryResource& memory = backend_.memory();
  if (count != 0) memory.copy(mine.data(), list.data(), count * sizeof(vertex_t), CopyKind::backend_to_host);
  const std::vector<vertex_t> all = world_.all_concatenate(std::span<const vertex_t>(mine));
  if (all.size() > list.size())
    throw RuntimeError("concatenate: the processes listed " + std::to_string(all.size()) + " vertices, room for " +
                       std::to_string(list.size()));
  if (!all.empty()) memory.copy(list.data(), all.data(), all.size() * sizeof(vertex_t), CopyKind::host_to_backend);
  return all.size();
}

}  // namespace graphrun::distributed

#include "device_test_support.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace graphrun::test {

TestDevice& test_device() {
  static TestDevice device;
  return device;
}

DeviceCsr::DeviceCsr(MemoryResource& memory, const HostCsr& host)
    : offsets(memory, std::span<const edge_t>(host.offsets)),
      indices(memory, std::span<const vertex_t>(host.indices)),
      values(memory, std::span<const float>(host.values)) {
  view.offsets = offsets.data();
  view.indices = indices.data();
  view.values = values.data();  // nullptr when `host` has no values: a pattern graph
  view.num_rows = static_cast<vertex_t>(host.rows);
  view.num_cols = static_cast<vertex_t>(host.cols);
  view.num_entries = host.entries();
}

std::uint64_t test_seed() {
  static const std::uint64_t seed = [] {
    std::uint64_t value = 0;
    if (const char* given = std::getenv("GRAPHRUN_TEST_SEED"))
      value = std::stoull(given);
    else
      value = (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
    std::printf("graphrun SpMV tests: seed %llu (set GRAPHRUN_TEST_SEED to replay)\n",
                static_cast<unsigned long long>(value));
    return value;
  }();
  return seed;
}

}  // namespace graphrun::test

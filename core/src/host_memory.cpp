#include "graphrun/host_memory.hpp"

#include <cstdio>
#include <fstream>

#include "graphrun/error.hpp"

namespace graphrun {

std::string format_gib(std::uint64_t bytes) {
  char text[32];
  const double gib = static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << 30);
  std::snprintf(text, sizeof text, "%.2f GiB", gib);
  return text;
}

std::optional<std::uint64_t> available_host_memory() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kibibytes = 0;
  std::string unit;
  while (meminfo >> key >> kibibytes >> unit)
    if (key == "MemAvailable:") return kibibytes * 1024;
  return std::nullopt;
}

void require_host_memory(std::uint64_t bytes, const std::string& what, const std::string& advice) {
  if (bytes < checked_allocation_bytes) return;
  const std::optional<std::uint64_t> available = available_host_memory();
  if (!available || bytes <= *available) return;
  throw RuntimeError(what + " needs " + format_gib(bytes) + " of host memory; " + format_gib(*available) +
                     " is available" + (advice.empty() ? "" : ": " + advice));
}

}  // namespace graphrun

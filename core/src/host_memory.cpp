#include "graphrun/host_memory.hpp"

#include <fstream>
#include <sstream>

#include "graphrun/error.hpp"

namespace graphrun {
namespace {

std::string gibibytes(std::uint64_t bytes) {
  std::ostringstream text;
  text.precision(3);
  text << static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << 30) << " GiB";
  return text.str();
}

}  // namespace

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
  throw RuntimeError(what + " needs " + gibibytes(bytes) + " of host memory; " + gibibytes(*available) +
                     " is available" + (advice.empty() ? "" : ": " + advice));
}

}  // namespace graphrun
